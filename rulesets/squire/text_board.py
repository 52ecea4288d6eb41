"""Squire as plain text, for `tsquare show` and logs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from engine.events import for_reader
from engine.words import plural
from rulesets.squire import content as K

if TYPE_CHECKING:
    from rulesets.squire.state import SquireState


def render_text(state: "SquireState", seat: int | None, names: Sequence[str]) -> str:
    """Cities (region, tile, pawns, routes), the market, then each player."""
    from rulesets.squire.content import ADJ
    from rulesets.squire.words import card_text, errand_text, tile_code

    m = state.game_map

    def name(s: int) -> str:
        return names[s] if s < len(names) else f"Seat {s + 1}"

    lines = [f"{m.title} — region letter, tile (colour letter + VP), pawns [1-4], routes (~ sea)"]
    for i, c in enumerate(m.cities):
        pawns = "".join(str(s + 1) for s, p in enumerate(state.players) if p.pos == i)
        routes = " ".join(("~" if sea else "") + m.cities[nb].code for nb, sea in ADJ[state.map_key][i])
        lines.append(
            f"  {c.code} {c.name:<15} {K.COLOURS[c.region].upper()} {tile_code(state.cities[i])}"
            f" {('[' + pawns + ']') if pawns else '':<6} {routes}"
        )
    lines.append("Market  region | price | rarity")
    for row, price in enumerate(K.MARKET_PRICES):
        r, t = state.market_regions[row], state.market_types[row]
        lines.append(f"  {K.COLOUR_NAMES[r]:>7} | {price} | {K.COLOUR_NAMES[t]} ({K.TYPE_PLURALS[t]})")
    lines.append(
        f"Supply {plural(len(state.supply), 'tile')} · discard {' '.join(tile_code(t) for t in sorted(state.tile_discard)) or '-'}"
        f" · deck {plural(len(state.deck), 'card')}"
    )
    lines.append("Colours: r=red paintings y=yellow maps g=green sculptures p=purple books b=blue ceramics")
    for s, p in enumerate(state.players):
        mark = ">" if s == state.seat and state.phase != "over" else " "
        token = " [Exhibition token]" if s == state.token else ""
        board = K.BOARDS[p.board].name if p.board >= 0 else "plain board"
        where = m.cities[p.pos].code if p.pos >= 0 else "-"
        lines.append(
            f"{mark} {s + 1}. {name(s)} ({board}) at {where}: {plural(p.coins, 'coin')} +{p.royal_coins} Royal, "
            f"{plural(p.tickets, 'ticket')} +{p.royal_tickets} Royal, {state.score_now(s)} VP so far{token}"
        )
        for floor in (2, 1, 0):
            cells = []
            for col in range(4):
                i = floor * 4 + col
                t = p.gallery[i]
                hall = K.HALLS.get(i)
                mark_h = f"{'$' if hall[0] == 'coins' else 't'}{hall[1]}" if hall and t < 0 else "  "
                cells.append(tile_code(t) if t >= 0 else mark_h)
            lines.append(f"     floor {floor + 1} | {' | '.join(cells)} |")
        if state.shows_secrets_of(s, seat):
            hand = "; ".join(f"{c}: {for_reader(card_text(c), s, seat, names)}" for c in p.hand) or "none"
            lines.append(f"     hand ({len(p.hand)}/{state.hand_limit(s)}): {hand}")
        else:
            lines.append(f"     hand: {plural(len(p.hand), 'card')} (hidden)")
        if p.errands:
            lines.append(
                "     errands: " + "; ".join(f"{c}: {for_reader(errand_text(K.CARD_BY_ID[c]), s, seat, names)}" for c in p.errands)
            )
    if state.phase == "over":
        lines.append("Game over: the supply ran out.")
    else:
        lines.append(f"{name(state.actor)} to decide: {for_reader(state.prompt(state.actor), state.actor, seat, names)}.")
    return "\n".join(lines)
