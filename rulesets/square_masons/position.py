"""Square Masons' position in words, by parts (`describe_position`): the
table, each player, the construction zones as pieces and cells (never a
drawing) and the viewer's own cards, for the plain-text mode."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core import seat_name
from engine.hidden import HIDDEN
from engine.position import Describer, words_list
from engine.words import plural
from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_TYPES, CARD_TYPES
from rulesets.square_masons.geometry import H, W, cell_name

if TYPE_CHECKING:
    from rulesets.square_masons.board import MasonBoard
    from rulesets.square_masons.state import SquareMasonsState


def _who(s: int | None) -> str:
    return "nobody" if s is None else seat_name(s)


def table_words(st: "SquareMasonsState") -> list[str]:
    """Round, direction, markers, bank, supplies, structures, auction, draft."""
    limit = f" of {st.round_limit}" if st.round_limit else ""
    quiet = (f" {plural(st.quiet_rounds, 'round')} without prestige so far; {d.STALL_ROUNDS} end the game."
             if st.quiet_rounds else "")
    way = "clockwise" if st.way == 1 else "counter-clockwise"
    supply = ", ".join(f"{k} {t}" for t, k in zip(BLOCK_TYPES, st.supply))
    towns = ", ".join(f"{k} {s.title}" for s, k in zip(d.TOWNS, st.town_supply))
    sanct = []
    for sid in st.sanctuaries:
        owner = st.sanctuary_owner(sid)
        sanct.append(d.STRUCTURES[sid].title + (f" (claimed by {seat_name(owner)})" if owner is not None else ""))
    out = [
        f"Round {st.round}{limit}, phase {st.phase}, play {way}; first player {_who(st.first)}.{quiet}",
        f"Order marker: {_who(st.order_holder)}. Market marker: {_who(st.market_holder)}.",
        f"Bank: {plural(st.bank, 'coin')}. Stones left: {st.stone_supply}."
        f" Prestige tokens left: {st.prestige_tokens}.",
        f"Blocks in the supply: {supply}.",
        f"Town cards left: {towns}.",
        f"Sanctuaries: {words_list(sanct)}.",
    ]
    if st.offer:
        spaces = [f"space {i + 1}, {BLOCK_TYPES[t]} block" + (f", sold to {seat_name(w)}" if w is not None else "")
                  for i, (t, w) in enumerate(zip(st.offer, st.sold))]
        out.append(f"Auction: {'; '.join(spaces)}.")
    if st.phase == "draft":
        out.append(f"Draft: pick {st.pick_no} of {d.HAND_SIZE}; {plural(len(st.discard), 'card')} face down.")
    return out


def _drafted(b: "MasonBoard") -> str:
    parts = [f"{n} {CARD_TYPES[i]}" for i, n in enumerate(b.drafted) if n]
    if b.face_down:
        parts.append(f"{len(b.face_down)} face down")
    text = words_list(parts)
    doubled = words_list([CARD_TYPES[d.CARD_LETTERS.index(ch)] for ch in b.doubled])
    return text + (f"; x2 doubles {doubled}" if b.doubled else "")


def players_words(st: "SquareMasonsState") -> list[str]:
    """Each player: prestige, coins, stones, reserve, cards drafted, what they own."""
    out = []
    for s, b in enumerate(st.boards):
        reserve = words_list([f"{k} {t}" for t, k in zip(BLOCK_TYPES, b.reserve) if k], "no blocks")
        owns = [f"{k} {t.title}" for t, k in zip(d.TOWNS, b.towns) if k]
        owns += [d.STRUCTURES[x].title for x in b.sanctuaries]
        text = (f"{seat_name(s)}: prestige {b.prestige}, {plural(b.coins, 'coin')}, {plural(b.stones, 'stone')};"
                f" reserve {reserve}; drafted {_drafted(b)}; owns {words_list(owns)}.")
        if st.phase in ("draft", "auction") and s in st.to_act():
            text += " Still choosing."
        elif st.phase == "draft" and b.pick is not None or st.phase == "auction" and b.bid is not None:
            text += " Has chosen, sealed."
        if b.won is not None:
            text += f" Won a {BLOCK_TYPES[b.won]} block at auction."
        out.append(text)
    return out


def zones_words(st: "SquareMasonsState") -> list[str]:
    """Each construction zone (columns a to f, rows 1 to 5): its pieces and
    the cells they fill, then the empty cells by row."""
    out = [f"Each construction zone has columns a to {chr(96 + W)} and rows 1 to {H}."]
    for s, b in enumerate(st.boards):
        if not b.construction:
            out.append(f"{seat_name(s)}'s zone is empty.")
            continue
        pieces = []
        for kind, mask in b.construction:
            cells = [cell_name(c) for c in range(W * H) if mask >> c & 1]
            what = "a stone" if kind == "stone" else f"{kind} block"
            pieces.append(f"{what} on {words_list(cells)}")
        out.append(f"{seat_name(s)}'s zone: {'; '.join(pieces)}.")
        filled = 0
        for _, mask in b.construction:
            filled |= mask
        rows = []
        for r in range(H):
            empty = [cell_name(r * W + c) for c in range(W) if not filled >> (r * W + c) & 1]
            rows.append(f"row {r + 1} " + ("full" if not empty else " ".join(empty)))
        out.append(f"  Empty cells: {'; '.join(rows)}.")
    return out


def hand_words(st: "SquareMasonsState") -> list[str]:
    """The viewer's draft hand and sealed choices."""
    seat = st.viewer
    if seat is None:
        return ["A spectator sees no hand."]
    b = st.boards[seat]
    cards = words_list([CARD_TYPES[c] for c in b.hand], "no cards")
    out = [f"Your draft hand: {cards}."]
    if b.face_down:
        out.append(f"Your face-down picks: {words_list([CARD_TYPES[c] for c in b.face_down])}.")
    if b.pick is not None and b.pick != HIDDEN:
        out.append(f"Your sealed pick: {CARD_TYPES[b.pick]}.")
    if b.bid is not None and b.bid != HIDDEN:
        space, amount = b.bid
        out.append("Your sealed choice: withdraw." if space == 0 else f"Your sealed bid: {amount} on space {space}.")
    return out


PARTS: dict[str, Describer["SquareMasonsState"]] = {
    "table": table_words, "players": players_words, "zones": zones_words, "hand": hand_words,
}
"""Square Masons' parts, in the order `look` reads them."""


SPOKEN = (
    (re.compile(r"\ban x2\b"), "a times-two"),
    (re.compile(r"\bx2\b"), "times-two"),
    (re.compile(r"\b1 ([IOTSZJL])\b"), r"1 \1 block"),
    (re.compile(r"\b(\d+) ([IOTSZJL])\b(?! block)"), r"\1 \2 blocks"),
)
"""Short forms as a listener hears them (`spoken_terms`): the x2 card as
'times-two' (it was 'eks two'); a block's letter is its shape's name, said
with 'block' ('reserve 1 O' was 'reserve one oh')."""
