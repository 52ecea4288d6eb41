"""Grid Square's moves and their notation.

- place:  `Mc4h`   size S/M/L, start point a1..i9, h (runs east) or v (north)
- slide:  `Mc4h-e2` the building at Mc4h, direction n/e/s/w, distance in cells
- claim:  `@d5`    put a monument in the enclosed area holding cell d5
- skip:   `pass`   skip the optional slide or claim
"""
from __future__ import annotations

import re
from typing import NamedTuple

from engine.errors import InvalidMoveError
from rulesets.grid_square.geometry import SIZE_OF, SIZES, point_name

DIRECTIONS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


class Place(NamedTuple):
    """Put a building from stock on the board."""

    size: int
    x: int
    y: int
    orient: str


class Slide(NamedTuple):
    """Slide the building lying at (size, x, y, orient) by `dist` cells."""

    size: int
    x: int
    y: int
    orient: str
    direction: str
    dist: int


class Claim(NamedTuple):
    """Put a monument in the enclosed area holding cell `cell` (bit index)."""

    cell: int


class Pass(NamedTuple):
    """Skip the optional slide or claim."""


PASS = Pass()

Move = Place | Slide | Claim | Pass
"""Every Grid Square move."""

_PLACE = re.compile(r"^([sml])([a-i])([1-9])([hv])$")
_SLIDE = re.compile(r"^([sml])([a-i])([1-9])([hv])-([nesw])([1-8])$")
_CLAIM = re.compile(r"^@([a-h])([1-8])$")


def building_text(size: int, x: int, y: int, orient: str) -> str:
    """'Mc4h'."""
    return f"{SIZES[size]}{point_name(x, y)}{orient}"


def slide_target(move: Slide) -> tuple[int, int, int, str]:
    """The building (size, x, y, orient) where a slide leaves it."""
    dx, dy = DIRECTIONS[move.direction]
    return (move.size, move.x + dx * move.dist, move.y + dy * move.dist, move.orient)


def span_text(size: int, x: int, y: int, orient: str) -> str:
    """Where a building lies, from point to point: 'c4–e4'."""
    ex, ey = (x + size, y) if orient == "h" else (x, y + size)
    return f"{point_name(x, y)}–{point_name(ex, ey)}"


def cells_text(n: int) -> str:
    """'1 cell', '6 cells'."""
    return f"{n} cell{'' if n == 1 else 's'}"


def format_move(move: object) -> str:
    """The canonical notation of a Grid Square move."""
    if isinstance(move, Place):
        return building_text(*move)
    if isinstance(move, Slide):
        return f"{building_text(move.size, move.x, move.y, move.orient)}-{move.direction}{move.dist}"
    if isinstance(move, Claim):
        return "@" + point_name(move.cell % 8, move.cell // 8)
    if isinstance(move, Pass):
        return "pass"
    raise TypeError(f"not a Grid Square move: {move!r}")


def parse_text(text: str) -> Place | Slide | Claim | Pass:
    """The move `text` spells, before checking it is legal."""
    t = "".join(text.split()).lower()
    if t in ("pass", "-", "skip"):
        return PASS
    m = _PLACE.match(t)
    if m:
        return Place(SIZE_OF[m.group(1).upper()], ord(m.group(2)) - 97, int(m.group(3)) - 1, m.group(4))
    m = _SLIDE.match(t)
    if m:
        return Slide(
            SIZE_OF[m.group(1).upper()],
            ord(m.group(2)) - 97,
            int(m.group(3)) - 1,
            m.group(4),
            m.group(5),
            int(m.group(6)),
        )
    m = _CLAIM.match(t)
    if m:
        return Claim((int(m.group(2)) - 1) * 8 + ord(m.group(1)) - 97)
    raise InvalidMoveError(
        f"{text!r} is not Grid Square notation (place Mc4h, slide Mc4h-e2, claim @d5, or pass)"
    )
