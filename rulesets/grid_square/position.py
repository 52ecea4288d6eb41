"""Grid Square's position in words, by parts (`describe_position`): the
buildings and claimed areas as sentences, never as a drawing, for the
plain-text mode (screen readers, braille displays, pipes)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import seat_name
from engine.position import Describer, words_list
from engine.words import plural
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import building_text, span_text

if TYPE_CHECKING:
    from rulesets.grid_square.state import GridSquareState

_ORIENT = {"h": "east-west", "v": "north-south"}


def _cells(mask: int) -> list[str]:
    return [g.cell_name(i) for i in range(64) if mask >> i & 1]


def board_words(st: "GridSquareState") -> list[str]:
    """Each seat's buildings (where, which way, fixed or free), then the
    claimed areas and the areas given up."""
    out = ["The board has points a1 to i9 (row 1 at the bottom) and cells a1 to h8 between them."]
    if not st.pieces:
        out.append("No building stands yet.")
    for seat in range(st.num_players):
        mine = [p for p, o in zip(st.pieces, st.owners) if o == seat]
        if not mine:
            continue
        mine.sort(key=lambda p: (-p[0], p[1], p[2], p[3]))
        words = [f"{g.SIZE_NAMES[p[0]]} {span_text(*p)} {_ORIENT[p[3]]}"
                 f" ({building_text(*p)}{', fixed' if st.is_fixed(p) else ''})" for p in mine]
        out.append(f"{seat_name(seat)}'s {plural(len(mine), 'building')}: {'; '.join(words)}.")
    for mask, owner, monument in st.claims:
        cells = _cells(mask)
        out.append(f"{seat_name(owner)} claimed {plural(len(cells), 'cell')} with a monument on"
                   f" {g.cell_name(monument)}: {words_list(cells)}.")
    for mask in st.given_up_areas():
        cells = _cells(mask)
        out.append(f"Given up, unclaimed: {plural(len(cells), 'cell')}, {words_list(cells)}.")
    if st.claimable and st.phase == "claim":
        for mask in st.claimable:
            cells = _cells(mask)
            out.append(f"Completed this turn, may be claimed: {plural(len(cells), 'cell')}, {words_list(cells)}.")
    return out


def players_words(st: "GridSquareState") -> list[str]:
    """Each seat's claimed cells and what it has left to place."""
    from rulesets.grid_square.text_board import turn_text

    out = []
    for s in range(st.num_players):
        stock = st.stock[s]
        out.append(f"{seat_name(s)}: {plural(st.claimed_cells(s), 'cell')} claimed;"
                   f" left to place: {plural(stock[3], 'large building')}, {plural(stock[2], 'middle building')},"
                   f" {plural(stock[1], 'small building')} and {plural(st.monuments[s], 'monument')}.")
    if st.phase != "over":
        out.append(f"{turn_text(st)}: {seat_name(st.seat)} to {st.prompt(st.seat).lower()}.")
    if not st.slides_allowed:
        out.append("Variant: no sliding.")
    return out


PARTS: dict[str, Describer["GridSquareState"]] = {"board": board_words, "players": players_words}
"""Grid Square's parts, in the order `look` reads them."""
