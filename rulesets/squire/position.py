"""Squire's position in words, by parts (`describe_position`): for the
plain-text mode, where a screen reader or a braille display reads it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import seat_name
from engine.hidden import HIDDEN
from engine.position import VICTORY_POINTS, Describer, words_list
from engine.words import plural
from rulesets.squire import content as K

if TYPE_CHECKING:
    from rulesets.squire.state import SquireState


def _tile(tile: object) -> str:
    from rulesets.squire.words import tile_text

    return "no rarity" if tile is not HIDDEN and tile < 0 else tile_text(tile)  # type: ignore[operator]


def _here(st: "SquireState", city: int) -> str:
    who = [seat_name(s) for s, p in enumerate(st.players) if p.pos == city]
    return f"; {words_list(who)} {'is' if len(who) == 1 else 'are'} here" if who else ""


def map_words(st: "SquireState") -> list[str]:
    """Each city: its region, its rarity, who is there, its routes."""
    from rulesets.squire.content import ADJ

    m = st.game_map
    out = [f"Map: {m.title}, {plural(len(m.cities), 'city')} in 5 regions; each city offers one rarity."]
    for i, c in enumerate(m.cities):
        roads = [m.cities[nb].name for nb, sea in ADJ[st.map_key][i] if not sea]
        seas = [m.cities[nb].name for nb, sea in ADJ[st.map_key][i] if sea]
        routes = (f"road{'s' if len(roads) > 1 else ''} to {words_list(roads)}"
                  + (f"; sea to {words_list(seas)}" if seas else ""))
        out.append(f"{c.name} ({c.code}), {K.COLOUR_NAMES[c.region]} region: {_tile(st.cities[i])}"
                   f"{_here(st, i)}; {routes}.")
    return out


def market_words(st: "SquireState") -> list[str]:
    """The two price tracks, the supply, the discards and the deck."""
    regions = ", ".join(f"{K.COLOUR_NAMES[r]} {K.MARKET_PRICES[i]}" for i, r in enumerate(st.market_regions))
    types = ", ".join(f"{K.TYPE_PLURALS[t]} {K.MARKET_PRICES[i]}" for i, t in enumerate(st.market_types))
    discard = words_list([_tile(t) for t in sorted(st.tile_discard)], "empty")
    return [
        "A price is the region's part plus the rarity's part.",
        f"Region parts: {regions}.",
        f"Rarity parts: {types}.",
        f"Supply: {plural(len(st.supply), 'face-down rarity', 'face-down rarities')}. Discarded rarities: {discard}.",
        f"Deck: {plural(len(st.deck), 'correspondence card')}.",
    ]


def _gallery(st: "SquireState", seat: int) -> list[str]:
    p = st.players[seat]
    out = []
    for floor in range(K.FLOORS):
        spaces = []
        for col in range(K.COLUMNS):
            i = floor * K.COLUMNS + col
            name = f"{floor + 1}{K.COLUMN_LETTERS[col]}"
            if p.gallery[i] >= 0:
                spaces.append(f"{name} {_tile(p.gallery[i])}")
            else:
                hall = K.HALLS.get(i)
                bonus = f" (bonus {plural(hall[1], hall[0][:-1])})" if hall else ""
                spaces.append(f"{name} empty{bonus}")
        out.append(f"  Floor {floor + 1}: {', '.join(spaces)}.")
    return out


def players_words(st: "SquireState") -> list[str]:
    """Each player: board, city, coins, tickets, VP, gallery, hand size, errands."""
    from rulesets.squire.words import errand_text

    out = []
    for s, p in enumerate(st.players):
        board = f", {K.BOARDS[p.board].name}" if p.board >= 0 else ""
        where = f"in {st.game_map.cities[p.pos].name}" if p.pos >= 0 else "not on the map yet"
        token = "; holds the Exhibition token" if s == st.token else ""
        out.append(f"{seat_name(s)}{board}, {where}: {plural(p.coins, 'coin')} and {p.royal_coins} Royal,"
                   f" {plural(p.tickets, 'ticket')} and {p.royal_tickets} Royal,"
                   f" {st.score_now(s)} VP so far; {plural(len(p.hand), 'card')} in hand{token}.")
        out.extend(_gallery(st, s))
        if p.errands:
            out.append("  Errands: " + "; ".join(errand_text(K.CARD_BY_ID[c]) for c in p.errands) + ".")
    return out


def hand_words(st: "SquireState") -> list[str]:
    """The viewer's own cards (offer and errand) and hand limit."""
    from rulesets.squire.words import errand_text, offer_text

    seat = st.viewer
    if seat is None:
        return ["A spectator holds no cards; every hand is hidden."]
    p = st.players[seat]
    out = [f"Your hand: {plural(len(p.hand), 'card')} of {st.hand_limit(seat)} allowed;"
           f" up to {plural(st.errand_limit(seat), 'errand')} at once."]
    for c in p.hand:
        card = K.CARD_BY_ID[c]
        out.append(f"  Card {c}: offer, {offer_text(card)}; errand, {errand_text(card)}.")
    return out


PARTS: dict[str, Describer["SquireState"]] = {
    "players": players_words, "hand": hand_words, "market": market_words, "map": map_words,
}
"""Squire's parts, in the order `look` reads them."""


SPOKEN = VICTORY_POINTS
"""Short forms as a listener hears them (`spoken_terms`): 'VP' in words."""
