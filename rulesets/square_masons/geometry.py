"""Cells, orientations, placements and structure matching on a player's
construction zone (6 columns a–f × 5 rows 1–5, row 1 at the top).

A cell is `row * ZONE_COLS + col`; a set of cells is an int bit mask.
Every table here is computed once, at import.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.bits import bits_of as cells_of  # noqa: F401  (re-exported: cells of a mask)
from rulesets.square_masons.content import (
    BLOCK_PICTURES,
    BLOCK_TYPES,
    STRUCTURES,
    ZONE_COLS,
    ZONE_ROWS,
)

W, H = ZONE_COLS, ZONE_ROWS
CELLS = W * H
FULL = (1 << CELLS) - 1
ORIENT_CODES = ("r0", "r1", "r2", "r3", "f0", "f1", "f2", "f3")
"""rN: turned N quarter-turns clockwise; fN: flipped over (mirrored), then turned N."""

Shape = frozenset[tuple[int, int]]  # of (row, col)


def cell_name(cell: int) -> str:
    """'b3' for the cell in column b, row 3."""
    return f"{chr(97 + cell % W)}{cell // W + 1}"


def parse_cell(text: str) -> int | None:
    """The cell named `text` ('b3'), or None."""
    if len(text) != 2 or not "a" <= text[0] <= chr(96 + W) or not "1" <= text[1] <= str(H):
        return None
    return (int(text[1]) - 1) * W + ord(text[0]) - 97


def first_cell(mask: int) -> int:
    """The lowest cell in `mask` (names a piece)."""
    return (mask & -mask).bit_length() - 1


def picture_cells(picture: tuple[str, ...]) -> Shape:
    """The cells drawn '#' in a picture."""
    return frozenset((r, c) for r, row in enumerate(picture) for c, ch in enumerate(row) if ch == "#")


def normalize(shape: Shape) -> Shape:
    """The shape moved so its bounding box starts at (0, 0)."""
    mr = min(r for r, _ in shape)
    mc = min(c for _, c in shape)
    return frozenset((r - mr, c - mc) for r, c in shape)


def orient(shape: Shape, code: str) -> Shape:
    """The shape in orientation `code` (flip first, then clockwise turns)."""
    cur = shape if code[0] == "r" else frozenset((r, -c) for r, c in shape)
    for _ in range(int(code[1])):
        cur = frozenset((c, -r) for r, c in cur)
    return normalize(cur)


def distinct_orients(shape: Shape) -> list[tuple[str, Shape]]:
    """(code, shape) for every distinct orientation, first code of each."""
    out: list[tuple[str, Shape]] = []
    seen: set[Shape] = set()
    for code in ORIENT_CODES:
        o = orient(shape, code)
        if o not in seen:
            seen.add(o)
            out.append((code, o))
    return out


def shape_mask(shape: Shape, anchor: int) -> int | None:
    """The mask of `shape` with its bounding box's top-left at `anchor`, or
    None if it would stick out of the zone."""
    ar, ac = divmod(anchor, W)
    m = 0
    for r, c in shape:
        rr, cc = ar + r, ac + c
        if rr >= H or cc >= W:
            return None
        m |= 1 << (rr * W + cc)
    return m


def mask_shape(mask: int) -> Shape:
    """The normalized shape of a mask."""
    return normalize(frozenset(divmod(c, W) for c in cells_of(mask)))


class Placement(NamedTuple):
    """One way to lay a block: orientation code, anchor cell and its cells."""

    code: str
    """Orientation code (r0..f3)."""
    anchor: int
    """Top-left cell of the bounding box."""
    mask: int
    """The cells covered."""


def _placements(shape: Shape) -> list[Placement]:
    out = []
    for code, o in distinct_orients(shape):
        for anchor in range(CELLS):
            m = shape_mask(o, anchor)
            if m is not None:
                out.append(Placement(code, anchor, m))
    out.sort(key=lambda p: (p.anchor % W, p.anchor // W, ORIENT_CODES.index(p.code)))
    return out


BLOCK_SHAPES: dict[str, Shape] = {t: picture_cells(BLOCK_PICTURES[t]) for t in BLOCK_TYPES}
"""Each block type's cells in orientation r0."""
PLACEMENTS: dict[str, list[Placement]] = {t: _placements(BLOCK_SHAPES[t]) for t in BLOCK_TYPES}
"""Every placement of each block type in an empty zone, in notation order."""
PLACEMENT_AT: dict[str, dict[tuple[str, int], Placement]] = {
    t: {(p.code, p.anchor): p for p in ps} for t, ps in PLACEMENTS.items()
}
"""Placement by (code, anchor), per block type; includes duplicate codes."""
for _t in BLOCK_TYPES:
    for _code in ORIENT_CODES:  # let any code name the orientation it gives
        _o = orient(BLOCK_SHAPES[_t], _code)
        for _a in range(CELLS):
            _m = shape_mask(_o, _a)
            if _m is not None:
                PLACEMENT_AT[_t].setdefault((_code, _a), next(
                    p for p in PLACEMENTS[_t] if p.mask == _m))

# Neighbour masks for flood fill: cells not in column a / not in column f.
_NOT_A = sum(1 << (r * W) for r in range(H)) ^ FULL
_NOT_F = sum(1 << (r * W + W - 1) for r in range(H)) ^ FULL


def grow(mask: int) -> int:
    """`mask` and every cell orthogonally next to it."""
    return (
        mask
        | ((mask & _NOT_F) << 1)
        | ((mask & _NOT_A) >> 1)
        | ((mask << W) & FULL)
        | (mask >> W)
    )


STRUCTURE_SHAPES: dict[Shape, str] = {}
"""Every orientation of every structure layout (normalized) -> structure id."""
for _s in STRUCTURES.values():
    _cells = picture_cells(_s.picture)
    _orients = distinct_orients(_cells)
    assert any(max(r for r, _ in o) < H and max(c for _, c in o) < W for _, o in _orients), _s.id
    for _, _o in _orients:
        assert _o not in STRUCTURE_SHAPES, f"{_s.id} repeats {STRUCTURE_SHAPES.get(_o)}"
        STRUCTURE_SHAPES[_o] = _s.id


def components(pieces: list[tuple[str, int]]) -> list[tuple[int, list[int]]]:
    """Groups of touching pieces: (cells, indices of the pieces), where
    pieces touch when a cell of one is orthogonally next to a cell of the other."""
    n = len(pieces)
    seen = [False] * n
    out = []
    for i in range(n):
        if seen[i]:
            continue
        seen[i] = True
        group = [i]
        mask = pieces[i][1]
        changed = True
        while changed:
            changed = False
            g = grow(mask)
            for j in range(n):
                if not seen[j] and pieces[j][1] & g:
                    seen[j] = True
                    group.append(j)
                    mask |= pieces[j][1]
                    changed = True
        out.append((mask, sorted(group)))
    return out


@lru_cache(maxsize=1 << 16)
def structure_of(mask: int) -> str | None:
    """The structure whose layout the cells of `mask` are exactly, or None
    (remembered for the groups of cells last asked about)."""
    return STRUCTURE_SHAPES.get(mask_shape(mask))
