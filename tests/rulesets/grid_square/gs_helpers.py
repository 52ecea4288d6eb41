"""Helpers for the Grid Square tests: build positions from notation.

`position(...)` puts buildings on the board directly (as if placed in earlier
turns) and marks the areas they enclose as already enclosed before the turn, so
a test starts from a clean, consistent position and then plays the moves that
matter through `state.apply` / `play`.
"""
from __future__ import annotations

from rulesets import REGISTRY
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import Place, format_move, parse_text
from rulesets.grid_square.state import GridSquareState

RULESET = REGISTRY.get("grid-square")


def mv(text: str):
    """The move `text` spells (no legality check)."""
    return parse_text(text)


def cell(name: str) -> int:
    """Bit index of a cell named like 'd4'."""
    return (int(name[1:]) - 1) * 8 + ord(name[0]) - 97


def cells(*names: str) -> int:
    """A cell mask from cell names."""
    out = 0
    for n in names:
        out |= 1 << cell(n)
    return out


def new_state(sliding: bool = True) -> GridSquareState:
    return RULESET.new_game(2, 0, {"sliding": sliding})


def position(*buildings: str, owners: list[int] | None = None, seat: int = 0, turns: int = 2,
             sliding: bool = True) -> GridSquareState:
    """A state in the place phase for `seat` with `buildings` (notation like
    'Mc4h') already on the board, taken from the owners' stock (seat 0 by
    default), in turn `turns` + 1 (so slides are allowed)."""
    s = new_state(sliding)
    owners = owners if owners is not None else [0] * len(buildings)
    for text, owner in zip(buildings, owners):
        p = parse_text(text)
        assert isinstance(p, Place), text
        m = g.building_mask(p.size, p.x, p.y, p.orient)
        if p.orient == "h":
            assert not s.h & m, f"{text} overlaps"
            s.h |= m
        else:
            assert not s.v & m, f"{text} overlaps"
            s.v |= m
        s.pieces.append(tuple(p))
        s.owners.append(owner)
        s.stock[owner][p.size] -= 1
        assert s.stock[owner][p.size] >= 0, f"seat {owner + 1} has no {text[0]} left"
    s.seat = seat
    s.turns = turns
    s.enclosed_before = frozenset(g.enclosed_regions(s.h, s.v))
    return s


def play(state: GridSquareState, *texts: str, seat: int | None = None) -> list:
    """Parse and apply each move for the seat to act (or `seat`); the events."""
    events = []
    for t in texts:
        who = state.seat if seat is None else seat
        events += state.apply(who, state.parse_move(t, who))
    return events


def legal_texts(state: GridSquareState, seat: int | None = None) -> list[str]:
    who = state.seat if seat is None else seat
    return [format_move(m) for m in state.legal(who)]


def slides_of(state: GridSquareState, building: str) -> list[str]:
    """The legal slides of one building, e.g. ['Sd4h-e1', ...]."""
    return [t for t in legal_texts(state) if t.startswith(building + "-")]


def reach(state: GridSquareState, building: str, direction: str) -> int:
    p = tuple(parse_text(building))
    return state.slide_reach(state.pieces.index(p), direction)


def ring(x0: int, y0: int, x1: int, y1: int) -> list[str]:
    """Small buildings on every boundary side of the rectangle of cells
    x0..x1, y0..y1 (0-based, inclusive)."""
    out = []
    for x in range(x0, x1 + 1):
        out.append(f"S{chr(97 + x)}{y0 + 1}h")
        out.append(f"S{chr(97 + x)}{y1 + 2}h")
    for y in range(y0, y1 + 1):
        out.append(f"S{chr(97 + x0)}{y + 1}v")
        out.append(f"S{chr(97 + x1 + 1)}{y + 1}v")
    return out
