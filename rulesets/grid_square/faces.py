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
    comp: tuple[int, ...]
    """Per point: the points of its component as a mask, 0 where no built
    side meets it (a component of its own)."""
    merged: int = 0
    """Points joined into one component by a building added since
    (`with_building`): for these, `comp` is out of date."""
    groups: tuple[int, ...] = ()
    """Every component (of two points or more) as a mask, before the
    building added since (see `current_groups`)."""

    def closes(self, points: tuple[int, ...]) -> bool:
        """True when a building on new sides through `points` (in line,
        end to end) would add a face: two of its points already joined."""
        comp, merged = self.comp, self.merged
        last = len(points) - 1
        for i in range(last):
            p = points[i]
            c = merged if merged >> p & 1 else comp[p]
            if c:
                for j in range(i + 1, last + 1):
                    if c >> points[j] & 1:
                        return True
        return False

    def with_building(self, points: tuple[int, ...]) -> "Components":
        """The components once a building through `points` is added (one
        component of all it meets); only one building may be added."""
        assert not self.merged
        comp = self.comp
        joined = 0
        for p in points:
            joined |= comp[p] | 1 << p
        return Components(self.touched | joined, comp, joined, self.groups)

    def current_groups(self) -> list[int]:
        """Every component (of two points or more) as a mask."""
        merged = self.merged
        if not merged:
            return list(self.groups)
        return [c for c in self.groups if not c & merged] + [merged]

    def closing(self, size: int, step: int) -> int:
        """The start points of the buildings of `size` sides, `step` apart
        in the point layout (1: h, 9: v), that would close a face: two of
        their points in one component (`closes` of each at once). Bits of
        buildings that would not fit on the board must be masked off."""
        out = 0
        for c in self.current_groups():
            shifted = [c >> (step * i) for i in range(size + 1)]
            for i in range(size):
                si = shifted[i]
                for j in range(i + 1, size + 1):
                    out |= si & shifted[j]
        return out


def components(h: int, v: int) -> Components:
    """The components of the graph of built sides (h, v) over the points."""
    east = _east(h)
    north = _north(v)
    west = east << 1  # points with a built side to their west
    south = north << 9
    touched = east | west | north | south
    comp_of = [0] * POINTS
    groups = []
    rest = touched
    while rest:
        comp = rest & -rest
        while True:
            grown = comp | ((comp & east) << 1) | ((comp & west) >> 1) | ((comp & north) << 9) | ((comp & south) >> 9)
            if grown == comp:
                break
            comp = grown
        rest &= ~comp
        groups.append(comp)
        bits = comp
        while bits:
            low = bits & -bits
            comp_of[low.bit_length() - 1] = comp
            bits ^= low
    return Components(touched, tuple(comp_of), 0, tuple(groups))


def building_points(size: int, x: int, y: int, orient: str) -> tuple[int, ...]:
    """The points of a building, end to end (point index y*9 + x)."""
    if orient == "h":
        return tuple(y * 9 + x + i for i in range(size + 1))
    return tuple((y + i) * 9 + x for i in range(size + 1))


POINTS_OF: dict[tuple[int, int, int, str], tuple[int, ...]] = {p: building_points(*p) for p in g.MASKS}
"""The points of every building position (size, x, y, orient); a Place or
a Slide's target looks up the same way (a tuple of the same four)."""
POINT_MASK: dict[tuple[int, int, int, str], int] = {p: sum(1 << q for q in pts) for p, pts in POINTS_OF.items()}
"""The points of every building position as a mask."""


def _point_sides(size: int, x: int, y: int, orient: str) -> int:
    """The points a building's sides leave from, eastward ('h') or
    northward ('v'): its sides in `_east`'s or `_north`'s layout."""
    return sum(1 << q for q in building_points(size, x, y, orient)[:-1])


POINT_SIDES: dict[tuple[int, int, int, str], int] = {p: _point_sides(*p) for p in g.MASKS}


def _cells_beside(size: int, x: int, y: int, orient: str) -> int:
    """The cells on either side of a building's sides."""
    out = 0
    for i in range(size):
        if orient == "h":  # side (x+i, y): the cells below and above
            cx, rows = x + i, [r for r in (y - 1, y) if 0 <= r < 8]
            out |= sum(1 << (r * 8 + cx) for r in rows)
        else:  # side (x, y+i): the cells west and east
            cy, cols = y + i, [c for c in (x - 1, x) if 0 <= c < 8]
            out |= sum(1 << (cy * 8 + c) for c in cols)
    return out


CELLS_BESIDE: dict[tuple[int, int, int, str], int] = {p: _cells_beside(*p) for p in g.MASKS}


def best_new_area(h: int, v: int, known: set[int], claimed: int = 0) -> int:
    """Cells in the largest enclosed area of (h, v) that is not in `known`.
    `claimed`: the cells of claimed areas (each in `known`), left out of the
    search: a claimed area never changes (its sides never move and nothing
    is built inside), so it is always one of the areas, and always known."""
    return max((bin(r).count("1") for r in g.enclosed_regions(h, v, claimed) if r not in known), default=0)


class NewAreas:
    """`best_new_area` after each of many buildings placed on, or slid
    across, one position (h, v) with one `known`: the areas are searched
    only where a building may close a face; otherwise the answer is that of
    the position itself (`base`), found once. `comps`, `base`, `enclosed`
    and `sides` may be handed in where the caller knows them already;
    `parent` and `placed_piece`: this position is the parent's with that
    building placed (the planner's follow-ups), whose look-ups it shares."""

    def __init__(self, h: int, v: int, known: set[int], claimed: int = 0, comps: Components | None = None,
                 base: int | None = None, enclosed: int | None = None,
                 sides: tuple[int, int] | None = None, parent: "NewAreas | None" = None,
                 placed_piece: tuple[int, int, int, str] | None = None) -> None:
        self.h = h
        self.v = v
        self.known = known
        self.claimed = claimed
        """The cells of the claimed areas (see `best_new_area`)."""
        self._comps = comps
        self._base = base
        self._enclosed = enclosed
        self._sides = sides
        self.parent = parent
        """The position before `placed_piece` was placed, where this one is that."""
        self.placed_piece = placed_piece
        self._without: dict[tuple[int, int, int, str], Components] = {}
        self._base_without: dict[tuple[int, int, int, str], int] = {}

    def point_sides(self) -> tuple[int, int]:
        """The built sides in the point layout: (eastward, northward)."""
        if self._sides is None:
            self._sides = (_east(self.h), _north(self.v))
        return self._sides

    def placed_sides(self, piece: tuple[int, int, int, str]) -> tuple[int, int]:
        """`point_sides` once a building is placed at `piece`."""
        east, north = self.point_sides()
        if piece[3] == "h":
            return east | POINT_SIDES[piece], north
        return east, north | POINT_SIDES[piece]

    @property
    def comps(self) -> Components:
        """The point components of the position's built sides."""
        if self._comps is None:
            self._comps = components(self.h, self.v)
        return self._comps

    def base(self) -> int:
        """`best_new_area` of the position itself."""
        if self._base is None:
            self._base = best_new_area(self.h, self.v, self.known, self.claimed)
        return self._base

    def enclosed(self) -> int:
        """The cells of every enclosed area of the position."""
        if self._enclosed is None:
            self._enclosed = g.ALL_CELLS & ~g.flood(g.open_border_cells(self.h, self.v), self.h, self.v)
        return self._enclosed

    def placed(self, hm: int, vm: int, points: tuple[int, ...]) -> int:
        """`best_new_area(h | hm, v | vm, known)` for a building on new
        sides (none of hm, vm built) through `points`."""
        if self.comps.closes(points):
            return best_new_area(self.h | hm, self.v | vm, self.known, self.claimed)
        return self.base()

    def slid(self, piece: tuple[int, int, int, str], target: tuple[int, int, int, str]) -> int:
        """`best_new_area` once the building at `piece` lies at `target`
        instead: the position without it (G − P), then `target` placed on
        it. Where the target's points lie in different components of G − P
        (and its sides are unbuilt there) it closes no face there, and the
        areas are those of G − P (`base_without`)."""
        old, new = g.MASKS[piece], g.MASKS[target]
        h, v = self.h, self.v
        if piece[3] == "h":
            h &= ~old
        else:
            v &= ~old
        hm, vm = (new, 0) if target[3] == "h" else (0, new)
        if not (hm & h or vm & v) and (
                # at most one of its points met by a side: each in a component of its own
                (POINT_MASK[target] & self.touched_without(piece)).bit_count() <= 1
                or not self.without(piece).closes(POINTS_OF[target])):
            return self.base_without(piece)
        return best_new_area(h | hm, v | vm, self.known, self.claimed)

    def base_without(self, piece: tuple[int, int, int, str]) -> int:
        """`best_new_area` of the position without the building at
        `piece`: the position's own where taking it away changes no face,
        that is where no cell beside it is enclosed (each of its sides has
        the outer face on both sides) or where its own k + 1 points lie in
        different components without it (by Euler's formula its k sides
        then took away k − k = 0 faces). Else, where this position is its
        parent's with one building placed: the parent itself for that
        building, or the parent's without `piece` where the placed building
        closes no face there. Else searched."""
        found = self._base_without.get(piece)
        if found is None:
            parent, placed = self.parent, self.placed_piece
            if not CELLS_BESIDE[piece] & self.enclosed() or not self.without(piece).closes(POINTS_OF[piece]):
                found = self.base()
            elif parent is not None and piece == placed:
                found = parent.base()
            elif parent is not None and placed is not None and not parent.without(piece).closes(POINTS_OF[placed]):
                found = parent.base_without(piece)
            else:
                old = g.MASKS[piece]
                h, v = (self.h & ~old, self.v) if piece[3] == "h" else (self.h, self.v & ~old)
                found = best_new_area(h, v, self.known, self.claimed)
            self._base_without[piece] = found
        return found

    def without(self, piece: tuple[int, int, int, str]) -> Components:
        """The point components of the position without the building at
        `piece`; where this position is its parent's with one building
        placed, found from the parent's (that building joins what it meets
        there), so each building is taken away once per parent."""
        found = self._without.get(piece)
        if found is None:
            parent, placed = self.parent, self.placed_piece
            if parent is None or placed is None:
                old = g.MASKS[piece]
                found = components(self.h & ~old, self.v) if piece[3] == "h" else components(self.h, self.v & ~old)
            elif piece == placed:
                found = parent.comps
            else:
                found = parent.without(piece).with_building(POINTS_OF[placed])
            self._without[piece] = found
        return found

    def touched_without(self, piece: tuple[int, int, int, str]) -> int:
        """The points met by a built side once the building at `piece` is
        taken away."""
        east, north = self.point_sides()
        if piece[3] == "h":
            east &= ~POINT_SIDES[piece]
        else:
            north &= ~POINT_SIDES[piece]
        return east | east << 1 | north | north << 9

