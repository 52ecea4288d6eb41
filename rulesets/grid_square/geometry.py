"""Grid Square's board as bit masks: the 8×8 cells and the sides between.

Points are named a1..i9 (columns a–i, rows 1–9, row 1 at the bottom); a cell
is named by its lower-left point (a1..h8). Cell (x, y) is bit y*8+x of a cell
mask. Sides carry buildings:

- horizontal side (x, y), from point (x, y) to (x+1, y): bit y*8+x of `h`
  (y 0..8, x 0..7), so the bottom side of cell (x, y) is bit y*8+x and its top
  side bit (y+1)*8+x;
- vertical side (x, y), from point (x, y) to (x, y+1): for x 0..7 it is the
  left side of cell (x, y), bit y*8+x of `v`; the right border (x = 8) is
  bit 64+y.
"""
from __future__ import annotations

SIZE = 8
ALL_CELLS = (1 << 64) - 1
COL0 = sum(1 << (y * 8) for y in range(8))
COL7 = COL0 << 7
NOT_COL7 = ALL_CELLS & ~COL7
ROWS_0_6 = (1 << 56) - 1
SIZES = {1: "S", 2: "M", 3: "L"}
SIZE_OF = {"S": 1, "M": 2, "L": 3}
SIZE_NAMES = {1: "small", 2: "middle", 3: "large"}


def hbit(x: int, y: int) -> int:
    """The bit of horizontal side (x, y)."""
    return 1 << (y * 8 + x)


def vbit(x: int, y: int) -> int:
    """The bit of vertical side (x, y)."""
    return 1 << (64 + y) if x == 8 else 1 << (y * 8 + x)


def point_name(x: int, y: int) -> str:
    """'c4' for point (2, 3)."""
    return f"{chr(97 + x)}{y + 1}"


def cell_name(index: int) -> str:
    """'d5' for the cell at bit index 35."""
    return point_name(index % 8, index // 8)


def _mask(size: int, x: int, y: int, orient: str) -> int:
    if orient == "h":  # sides (x, y) .. (x + size - 1, y): consecutive bits
        return ((1 << size) - 1) << (y * 8 + x)
    if x == 8:  # the right border: bits 64 + y ..
        return ((1 << size) - 1) << (64 + y)
    return _V_RUNS[size] << (y * 8 + x)  # one bit a row


_V_RUNS = {1: 1, 2: 1 | 1 << 8, 3: 1 | 1 << 8 | 1 << 16}
"""A vertical building's sides in one column, from its lowest point."""


def fits(size: int, x: int, y: int, orient: str) -> bool:
    """True when the building lies wholly on the board."""
    if orient == "h":
        return 0 <= y <= 8 and 0 <= x and x + size <= 8
    return 0 <= x <= 8 and 0 <= y and y + size <= 8


# Every placement on an empty board, per (size, orient): (x, y, mask).
PLACEMENTS: dict[tuple[int, str], list[tuple[int, int, int]]] = {}
MASKS: dict[tuple[int, int, int, str], int] = {}
"""The side mask of every building position (size, x, y, orient)."""
for _size in (1, 2, 3):
    for _o in ("h", "v"):
        PLACEMENTS[(_size, _o)] = [
            (x, y, _mask(_size, x, y, _o)) for y in range(9) for x in range(9) if fits(_size, x, y, _o)
        ]
        for _x, _y, _m in PLACEMENTS[(_size, _o)]:
            MASKS[(_size, _x, _y, _o)] = _m


def building_mask(size: int, x: int, y: int, orient: str) -> int:
    """The side bits a building covers ('h' runs east from its point,
    'v' runs north); the building must fit on the board."""
    return MASKS[(size, x, y, orient)]

# Right-border bits (v >> 64, 8 bits) to the cells of column h they bound.
_RIGHT_TABLE = [0] * 256
for _bits in range(1, 256):  # each from the one without its lowest bit
    _low = _bits & -_bits
    _RIGHT_TABLE[_bits] = _RIGHT_TABLE[_bits ^ _low] | 1 << ((_low.bit_length() - 1) * 8 + 7)


def open_border_cells(h: int, v: int) -> int:
    """Cells with a border side that carries no building."""
    nh = ~h
    nv = ~v
    return (
        (nv & COL0)
        | _RIGHT_TABLE[(nv >> 64) & 0xFF]
        | (nh & 0xFF)
        | (((nh >> 64) & 0xFF) << 56)
    )


def flood(seed: int, h: int, v: int) -> int:
    """The cells reachable from `seed` through sides without buildings."""
    open_e = (~v >> 1) & NOT_COL7
    open_n = (~h >> 8) & ROWS_0_6
    open_w = (open_e << 1) & ALL_CELLS
    open_s = open_n << 8
    region = seed
    while True:
        grown = (
            region
            | ((region & open_e) << 1)
            | ((region & open_w) >> 1)
            | ((region & open_n) << 8)
            | ((region & open_s) >> 8)
        )
        if grown == region:
            return region
        region = grown


def enclosed_regions(h: int, v: int, known: int = 0) -> list[int]:
    """Every enclosed area (a cell mask each): the cells not connected to an
    open border side, split into their connected groups, lowest cell first;
    `known` (cells of areas known to stay enclosed) is left out."""
    outside = flood(open_border_cells(h, v), h, v)
    rest = ALL_CELLS & ~outside & ~known
    regions = []
    while rest:
        seed = rest & -rest
        region = flood(seed, h, v)
        regions.append(region)
        rest &= ~region
    return regions


def interior_sides(region: int) -> tuple[int, int]:
    """(h, v) masks of the sides between two cells of `region`."""
    return region & (region << 8), region & ((region & NOT_COL7) << 1)


def all_sides(region: int) -> tuple[int, int]:
    """(h, v) masks of every side of every cell of `region`."""
    h = region | (region << 8)
    v = region | ((region & NOT_COL7) << 1)
    right = (region & COL7) >> 7
    for y in range(8):
        if right >> (y * 8) & 1:
            v |= 1 << (64 + y)
    return h, v


