"""Which buildings close an area, without a flood per building: the bots'
look-ahead asks of hundreds of placements on one position whether each
encloses something new, and almost none does.

The built sides form a plane graph on the 9×9 points; its bounded faces are
the enclosed areas (`geometry.enclosed_regions`: two cells of one face are
joined through unbuilt sides, a point met by no built side being passable
diagonally; the board's edge is no side, so the outer face is one). By
Euler's formula (V − E + F = 1 + C, every point a vertex), a building whose
k sides are all new and whose k + 1 points lie in c different components of
the built sides (a point met by none a component of its own) adds
k − (c − 1) faces: each of its sides either joins two components or splits
one face in two. So when its points lie in k + 1 different components it
adds no face, and every face keeps its cells: the enclosed areas are the
same list as before (`closes` False). When it closes one, the areas must be
found again (`geometry.enclosed_regions`)."""
from __future__ import annotations

from dataclasses import dataclass

from rulesets.grid_square import geometry as g

POINTS = 81
"""Points (x, y), x and y 0..8: point index y*9 + x."""

# The built sides in the point layout: bit y*9+x set where a built side
# leaves point (x, y) eastward (`_east`) or northward (`_north`).
_ROW8 = 0xFF


def _east(h: int) -> int:
    """Points with a built side to their east (h side (x, y) from (x, y))."""
    out = 0
    for y in range(9):
        row = (h >> (8 * y)) & _ROW8
        if row:
            out |= row << (9 * y)
    return out


def _north(v: int) -> int:
    """Points with a built side to their north (v side (x, y) from (x, y))."""
    out = 0
    for y in range(8):
        row = ((v >> (8 * y)) & _ROW8) | (((v >> (64 + y)) & 1) << 8)
        if row:
            out |= row << (9 * y)
    return out


@dataclass(frozen=True)
class Components:
    """The point components of one position's built sides."""

    touched: int
    """Points met by a built side (bit y*9+x)."""
    label: tuple[int, ...]
    """Per point: its component's number (1, 2, …), 0 where no built side
    meets it (a component of its own)."""

    def closes(self, points: tuple[int, ...]) -> bool:
        """True when a building on new sides through `points` (in line,
        end to end) would add a face: two of its points already joined."""
        label = self.label
        if len(points) == 2:
            a = label[points[0]]
            return a != 0 and a == label[points[1]]
        seen = 0
        for p in points:
            a = label[p]
            if a:
                if seen >> a & 1:
                    return True
                seen |= 1 << a
        return False


def components(h: int, v: int) -> Components:
    """The components of the graph of built sides (h, v) over the points."""
    east = _east(h)
    north = _north(v)
    west = east << 1  # points with a built side to their west
    south = north << 9
    touched = east | west | north | south
    label = [0] * POINTS
    rest = touched
    n = 0
    while rest:
        n += 1
        comp = rest & -rest
        while True:
            grown = comp | ((comp & east) << 1) | ((comp & west) >> 1) | ((comp & north) << 9) | ((comp & south) >> 9)
            if grown == comp:
                break
            comp = grown
        rest &= ~comp
        while comp:
            low = comp & -comp
            label[low.bit_length() - 1] = n
            comp ^= low
    return Components(touched, tuple(label))


def building_points(size: int, x: int, y: int, orient: str) -> tuple[int, ...]:
    """The points of a building, end to end (point index y*9 + x)."""
    if orient == "h":
        return tuple(y * 9 + x + i for i in range(size + 1))
    return tuple((y + i) * 9 + x for i in range(size + 1))


POINTS_OF: dict[tuple[int, int, int, str], tuple[int, ...]] = {p: building_points(*p) for p in g.MASKS}
"""The points of every building position (size, x, y, orient); a Place or
a Slide's target looks up the same way (a tuple of the same four)."""


def best_new_area(h: int, v: int, known: set[int]) -> int:
    """Cells in the largest enclosed area of (h, v) that is not in `known`."""
    return max((bin(r).count("1") for r in g.enclosed_regions(h, v) if r not in known), default=0)


class NewAreas:
    """`best_new_area` after each of many buildings placed on, or slid
    across, one position (h, v) with one `known`: the areas are searched
    only where a building closes a face (`Components.closes`); otherwise the
    answer is that of the position without the building, found once."""

    def __init__(self, h: int, v: int, known: set[int]) -> None:
        self.h = h
        self.v = v
        self.known = known
        self.comps = components(h, v)
        self._base: int | None = None
        self._without: dict[tuple[int, int, int, str], tuple[int, int, Components, list[int | None]]] = {}
        """Per slid building: the sides without it, their components, and
        (once found) their best new area."""

    def base(self) -> int:
        """`best_new_area` of the position itself."""
        if self._base is None:
            self._base = best_new_area(self.h, self.v, self.known)
        return self._base

    def placed(self, hm: int, vm: int, points: tuple[int, ...]) -> int:
        """`best_new_area(h | hm, v | vm, known)` for a building on new
        sides (none of hm, vm built) through `points`."""
        if self.comps.closes(points):
            return best_new_area(self.h | hm, self.v | vm, self.known)
        return self.base()

    def slid(self, piece: tuple[int, int, int, str], target: tuple[int, int, int, str]) -> int:
        """`best_new_area` once the building at `piece` lies at `target`
        instead: the position without it, then `target` placed on it."""
        found = self._without.get(piece)
        if found is None:
            old = g.MASKS[piece]
            h, v = (self.h & ~old, self.v) if piece[3] == "h" else (self.h, self.v & ~old)
            found = self._without[piece] = (h, v, components(h, v), [None])
        h, v, comps, best = found
        new = g.MASKS[target]
        hm, vm = (new, 0) if target[3] == "h" else (0, new)
        if hm & h or vm & v or comps.closes(POINTS_OF[target]):  # (a legal slide lands on unbuilt sides)
            return best_new_area(h | hm, v | vm, self.known)
        if best[0] is None:
            best[0] = best_new_area(h, v, self.known)
        return best[0]
