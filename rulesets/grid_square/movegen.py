"""Grid Square's legal-move generation: every placement and slide, as bit
masks over tables made on first use (the bots' look-ahead asks these
millions of times; a one-shot command such as `show` never builds them)."""
from __future__ import annotations

from itertools import chain, compress
from typing import TYPE_CHECKING

from engine.bits import lowest_bit
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import DIRECTIONS, Place, Slide

if TYPE_CHECKING:
    from rulesets.grid_square.state import GridSquareState

class _AllPlaces(dict[int, list[tuple[Place, int, int]]]):
    """Every placement, in notation order, per size: (move, h mask, v mask);
    each size made on first use (the bots' look-ahead; `show` never asks)."""

    def __missing__(self, size: int) -> list[tuple[Place, int, int]]:
        rows = []
        for o in ("h", "v"):
            for x, y, m in g.PLACEMENTS[(size, o)]:
                # (column, row, orient) sorts as the notation does within a size
                rows.append(((x, y, o), Place(size, x, y, o), m if o == "h" else 0, m if o == "v" else 0))
        rows.sort(key=lambda r: r[0])
        found = self[size] = [(mv, hm, vm) for _, mv, hm, vm in rows]
        return found


ALL_PLACES = _AllPlaces()

_V_SHIFT = 72
"""Both kinds of side in one int: h sides in the low bits, v sides above."""
_WV_SHIFT = 144
"""Where the v walls sit in `_stops` (after h and v sides)."""
_WH_SHIFT = 216
"""Where the h walls sit in `_stops`."""
_NOT_COL0_H = sum(1 << (y * 8 + x) for y in range(9) for x in range(1, 8))
"""h sides with x > 0 (an h wall needs a side to its west)."""

# Placements in the notation layout: side (x, y, orient) is bit
# (x*9 + y)*2 + (orient == 'v'), so a mask's bits, lowest first, run in
# notation order (point, then h before v) within a size.
_N_EAST = 18
"""From a side to the side one point east, in the notation layout."""
_N_NORTH = 2
"""From a side to the side one point north."""
_N_BITS = 162
"""Bits of the notation layout: 9 × 9 points, two sides each."""
_SIZE_OFFSET = {3: 0, 2: _N_BITS, 1: 2 * _N_BITS}
"""Where each size's placements sit in `_PLACE_TABLE` (large first)."""


def _n_bit(x: int, y: int, orient: str) -> int:
    return 1 << ((x * 9 + y) * 2 + (orient == "v"))


_H_START = {s: sum(_n_bit(x, y, "h") for x, y, _ in g.PLACEMENTS[(s, "h")]) for s in (1, 2, 3)}
"""Start sides of the h placements that fit, per size."""
_V_START = {s: sum(_n_bit(x, y, "v") for x, y, _ in g.PLACEMENTS[(s, "v")]) for s in (1, 2, 3)}
_START = {s: _H_START[s] | _V_START[s] for s in (1, 2, 3)}
_H_TO_N = [_n_bit(i % 8, i // 8, "h") for i in range(72)]
"""Native h side bit index -> its notation-layout bit."""
_V_TO_N = [_n_bit(i % 8, i // 8, "v") for i in range(64)] + [_n_bit(8, y, "v") for y in range(8)]
"""Native v side bit index -> its notation-layout bit."""
_NB_EMPTY = (0, 0, 0)
_PLACE_TABLE: list[Place | None] = []
"""Every placement at its bit: large, middle, small, each in notation order
(filled by `_place_table` at the first list of placements)."""


def _place_table() -> list[Place | None]:
    """`_PLACE_TABLE`, filled on first use."""
    if not _PLACE_TABLE:
        table: list[Place | None] = [None] * (3 * _N_BITS)
        for size in (1, 2, 3):
            for o in ("h", "v"):
                for x, y, _ in g.PLACEMENTS[(size, o)]:
                    table[_SIZE_OFFSET[size] + (x * 9 + y) * 2 + (o == "v")] = Place(size, x, y, o)
        _PLACE_TABLE.extend(table)
    return _PLACE_TABLE
_BITS_TO_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def _to_notation(nb: int, changed: int, table: list[int]) -> int:
    """`nb` with the notation bits of the `changed` native bits flipped."""
    while changed:
        low = changed & -changed
        nb ^= table[low.bit_length() - 1]
        changed ^= low
    return nb


DIR_INDEX = {d: i for i, d in enumerate("ensw")}
"""Each direction's place in `_piece_tables`."""


def placeable(state: GridSquareState, seat: int) -> int:
    """The legal placements of `seat` as one mask over `_PLACE_TABLE`
    (bit i: placement i, in notation order)."""
    bh = state.h | state.inner_h
    bv = state.v | state.inner_v
    # the blocked sides in the notation layout, kept up to date from
    # the sides that changed since the last call (a pure function of
    # bh and bv: the cache holds its own key)
    oh, ov, nb = vars(state).get("_nb_cache", _NB_EMPTY)
    if oh != bh or ov != bv:
        nb = _to_notation(nb, oh ^ bh, _H_TO_N)
        nb = _to_notation(nb, ov ^ bv, _V_TO_N)
        vars(state)["_nb_cache"] = (bh, bv, nb)
    stock = state.stock[seat]
    free = ~nb
    found = 0
    if stock[1]:
        found = (free & _START[1]) << _SIZE_OFFSET[1]
    if stock[2] or stock[3]:
        h2 = free & (free >> _N_EAST)
        v2 = free & (free >> _N_NORTH)
        if stock[2]:
            found |= ((h2 & _H_START[2]) | (v2 & _V_START[2])) << _SIZE_OFFSET[2]
        if stock[3]:
            found |= ((h2 & (free >> 2 * _N_EAST) & _H_START[3])
                      | (v2 & (free >> 2 * _N_NORTH) & _V_START[3])) << _SIZE_OFFSET[3]
    return found


def placements(state: GridSquareState, seat: int) -> list[Place]:
    """Every legal placement for `seat` (ignores whose turn it is)."""
    # the set bits, lowest first, as a bytes of 0/1 selecting table rows
    picks = bin(placeable(state, seat))[:1:-1].encode().translate(_BITS_TO_BYTES)
    found: list[Place] = list(compress(_PLACE_TABLE or _place_table(), picks))  # type: ignore[arg-type]  # picks select only filled rows
    return found


def slide_reach(state: GridSquareState, index: int, direction: str) -> int:
    """How many cells piece `index` can slide in `direction` (0: none)."""
    bh = state.h | state.inner_h
    bv = state.v | state.inner_v
    dist = 0
    for hm, vm, jh, jv in _steps(state.pieces[index], direction):
        if hm & bh or vm & bv or (jh and jh & bh == jh) or (jv and jv & bv == jv):
            break
        dist += 1
    return dist


def free_pieces(state: GridSquareState) -> list[tuple[int, int, int, str]]:
    """The buildings not fixed by a claim."""
    if not state.claims:
        return state.pieces
    masks, lh, lv = g.MASKS, state.locked_h, state.locked_v
    return [p for p in state.pieces if not masks[p] & (lh if p[3] == "h" else lv)]


def stops(state: GridSquareState) -> int:
    """What stops a slide step, as one mask over `_piece_tables`' layout:
    the blocked sides, and the walls (two built sides in line) a
    building cannot pass."""
    bh = state.h | state.inner_h
    bv = state.v | state.inner_v
    walls_v = bv & (bv << 8) & g.ALL_CELLS  # v sides (p, y-1) and (p, y)
    walls_h = bh & (bh << 1) & _NOT_COL0_H  # h sides (x-1, p) and (x, p)
    return bh | (bv << _V_SHIFT) | (walls_v << _WV_SHIFT) | (walls_h << _WH_SHIFT)


def slides(state: GridSquareState) -> list[Slide]:
    """Every legal slide now, in notation order."""
    blocked = stops(state)
    out: list[Slide] = []
    pieces = sorted(free_pieces(state), key=_PIECE_RANK.__getitem__)
    for first, moves, steps in chain.from_iterable(map(_RAYS.__getitem__, pieces)):
        if first & blocked:  # half the directions stop at once
            continue
        dist = 1
        for m in steps:
            if m & blocked:
                break
            dist += 1
        out += moves[:dist]
    return out


def can_slide(state: GridSquareState) -> bool:
    """True when some building can slide at least one cell."""
    blocked = stops(state)
    for piece in free_pieces(state):
        for ray in range(4):
            steps = (_TABLES.get((piece, ray)) or _direction_table(piece, ray))[1]
            if steps and not steps[0] & blocked:
                return True
    return False


def slide_reach_now(state: GridSquareState, piece: tuple[int, int, int, str], ray: int) -> int:
    """How far `piece` can slide along `ray` (0-3: e, n, s, w) now, by the
    tables `slides` reads."""
    blocked = stops(state)
    dist = 0
    for m in _direction_table(piece, ray)[1]:
        if m & blocked:
            break
        dist += 1
    return dist


class _Ranks(dict[tuple[int, int, int, str], int]):
    """Every building position, ranked as its notation sorts (L < M < S,
    then point, orient); filled at the first look-up (a one-shot command
    such as `show` may never slide)."""

    def __missing__(self, piece: tuple[int, int, int, str]) -> int:
        order = sorted(g.MASKS, key=lambda p: (-p[0], p[1], p[2], p[3]))
        self.update((p, rank) for rank, p in enumerate(order))
        return self[piece]


_PIECE_RANK = _Ranks()


_TABLES: dict[tuple[tuple[int, int, int, str], int], tuple[list[Slide], list[int]]] = {}


def _direction_table(piece: tuple[int, int, int, str], ray: int) -> tuple[list[Slide], list[int]]:
    """For one direction (0-3: e, n, s, w) of a building position: the Slide
    for each distance and, per step, what stops it as a mask over `_stops`
    (sides, and the wall a pair of sides in line makes); computed once, on
    first use (a replay on load asks for few of them)."""
    key = (piece, ray)
    found = _TABLES.get(key)
    if found is None:
        steps = _steps(piece, "ensw"[ray])
        joined = [hm | (vm << _V_SHIFT) | _wall_bit(jh, jv) for hm, vm, jh, jv in steps]
        found = _TABLES[key] = ([Slide(*piece, "ensw"[ray], k) for k in range(1, len(steps) + 1)], joined)
    return found


def _piece_tables(piece: tuple[int, int, int, str]) -> list[tuple[list[Slide], list[int]]]:
    """`_direction_table` for the four directions (e, n, s, w)."""
    return [_direction_table(piece, ray) for ray in range(4)]


def _wall_bit(pair_h: int, pair_v: int) -> int:
    """The bit of `_stops` for a pair of sides in line that stop a slide
    when both are built (0 for no pair)."""
    if pair_v:  # v sides (p, y-1) and (p, y): bit y*8+p of the v walls
        return 1 << (pair_v.bit_length() - 1 + _WV_SHIFT)
    if pair_h:  # h sides (x-1, p) and (x, p): bit p*8+x of the h walls
        return 1 << (pair_h.bit_length() - 1 + _WH_SHIFT)
    return 0


class _Rays(dict[tuple[int, int, int, str], tuple[tuple[int, list[Slide], tuple[int, ...]], ...]]):
    """Per building position, its directions that have a step (e, n, s, w):
    (what stops the first step, the Slides, what stops each later step);
    filled on first use."""

    def __missing__(self, piece: tuple[int, int, int, str]) -> tuple[tuple[int, list[Slide], tuple[int, ...]], ...]:
        found = self[piece] = tuple(
            (steps[0], moves, tuple(steps[1:])) for moves, steps in _piece_tables(piece) if steps
        )
        return found


_RAYS = _Rays()


def anchor(region: int) -> int:
    """The canonical cell naming an area: its lowest cell."""
    return lowest_bit(region)


_STEPS: dict[tuple[tuple[int, int, int, str], str], list[tuple[int, int, int, int]]] = {}


def _steps(piece: tuple[int, int, int, str], direction: str) -> list[tuple[int, int, int, int]]:
    """For each step of a slide, what blocks it: (h sides, v sides) any of
    which stops it, and (h pair, v pair) of sides that stop it when both are
    built. Computed once per position and direction."""
    key = (piece, direction)
    found = _STEPS.get(key)
    if found is not None:
        return found
    size, x, y, o = piece
    dx, dy = DIRECTIONS[direction]
    if o == "h":
        raw = _raw_steps(size, x, y, dx, dy, 8)
        out = [(sum(g.hbit(*p) for p in al), sum(g.vbit(*p) for p in ac), 0, sum(g.vbit(*p) for p in jn))
               for al, ac, jn in raw]
    else:
        raw = _raw_steps(size, y, x, dy, dx, 8)
        out = [(sum(g.hbit(b, a) for a, b in ac), sum(g.vbit(b, a) for a, b in al), sum(g.hbit(b, a) for a, b in jn), 0)
               for al, ac, jn in raw]
    _STEPS[key] = out
    return out


_RawStep = tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]
"""One step of a slide (`_raw_steps`): the parallel sides landed on, the
perpendicular sides crossed, the pair that walls the line across."""


def _raw_steps(size: int, a: int, b: int, da: int, db: int, last: int) -> list[_RawStep]:
    """The steps of a slide of a piece lying along axis a (from point (a, b),
    `size` long), in its own coordinates: per step, the parallel sides it
    would land on, the perpendicular sides it would cross, and the pair of
    perpendicular sides that together form a wall across its line.

    Along its own line a piece stops at a parallel building or at a crossing
    wall (both perpendicular sides at a point built); across, it stops where
    its new line is built or a perpendicular building crosses the swept cells.
    Perpendicular buildings that only touch its ends do not stop it."""
    steps: list[_RawStep] = []
    dist = 0
    while True:
        if da:
            if da > 0:
                nxt, point = a + size + dist, a + size + dist
            else:
                nxt, point = a - 1 - dist, a - dist
            if not 0 <= nxt < last:
                return steps
            pair = [(point, b - 1), (point, b)] if 0 < b < last else []
            steps.append(([(nxt, b)], [], pair))
        else:
            row = b + db * (dist + 1)
            swept = b + dist if db > 0 else b - dist - 1
            if not 0 <= row <= last:
                return steps
            steps.append(([(a + i, row) for i in range(size)], [(a + i, swept) for i in range(1, size)], []))
        dist += 1
