"""The Grid Square position and its rules (see RULES.md)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import chain, compress
from typing import Any, Sequence

from engine.bits import bits_of as cells_of
from engine.bits import lowest_bit
from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_ref
from engine.words import a_or_an, plural
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import (
    DIRECTIONS,
    PASS,
    Claim,
    Pass,
    Place,
    Slide,
    building_text,
    cells_text,
    format_move,
    parse_text,
    slide_target,
    span_text,
)

STOCK = {3: 4, 2: 8, 1: 12}
"""Buildings each player starts with, by size (3 large, 2 middle, 1 small)."""
MONUMENTS = 6
"""Monuments each player starts with."""

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


_ALL_PLACES = _AllPlaces()

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


_DIR_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
_DIR_INDEX = {d: i for i, d in enumerate("ensw")}
"""Each direction's place in `_piece_tables`."""


class _MoveEvents(dict[tuple[int, Any], Event]):
    """(seat, place or slide) -> its event, made on first use: events are
    immutable, and the same few hundred recur in every game."""

    def __missing__(self, key: tuple[int, Any]) -> Event:
        seat, move = key
        who = seat_ref(seat)
        if type(move) is Place:  # in words, as `describe_move` says it (notation stays in ':' and 'a')
            found = Event(f"{who} placed a {g.SIZE_NAMES[move.size]} building on {span_text(*move)}")
        else:
            found = Event(f"{who} slid the {g.SIZE_NAMES[move.size]} building on {span_text(*move[:4])}"
                          f" {plural(move.dist, 'cell')} {_DIR_NAMES[move.direction]},"
                          f" to {span_text(*slide_target(move))}")
        self[key] = found
        return found


_MOVE_EVENTS = _MoveEvents()


@dataclass
class GridSquareState(GameState):
    """A Grid Square position: sides with buildings, claims, stocks, phase."""

    position_words = "rulesets.grid_square.position"

    rules_version = 2  # the newest (the ruleset's `version`); RULES.md, "Version history"
    slides_allowed: bool = True
    """False in the variant without sliding."""
    num_players: int = 2
    h: int = 0
    """Horizontal sides that carry a building (see geometry)."""
    v: int = 0
    """Vertical sides that carry a building."""
    pieces: list[tuple[int, int, int, str]] = field(default_factory=list)
    """Buildings on the board: (size, x, y, orient)."""
    owners: list[int] = field(default_factory=list)
    """Who placed each piece (parallel to `pieces`)."""
    stock: list[dict[int, int]] = field(default_factory=lambda: [dict(STOCK), dict(STOCK)])
    """Buildings not yet placed, per seat, by size."""
    monuments: list[int] = field(default_factory=lambda: [MONUMENTS, MONUMENTS])
    """Monuments not yet placed, per seat."""
    claims: list[tuple[int, int, int]] = field(default_factory=list)
    """Claimed areas: (cell mask, owner seat, monument cell)."""
    locked_h: int = 0
    """Every side of a claimed area: buildings there never move."""
    locked_v: int = 0
    inner_h: int = 0
    """Sides inside a claimed area: no building may be put there."""
    inner_v: int = 0
    seat: int = 0
    """The seat whose turn it is."""
    phase: str = "place"
    """'place', 'slide', 'claim' or 'over'."""
    turns: int = 0
    """Turns completed so far."""
    plies: int = 0
    """Moves made so far: each place, slide, claim or pass is one."""
    enclosed_before: frozenset[int] = frozenset()
    """Enclosed areas at the start of this turn (not completed by this turn)."""
    claimable: tuple[int, ...] = ()
    """Areas the seat completed this turn and may claim (in the claim phase)."""
    end_reason: str = ""
    """Why the game ended, once it has."""
    enclosed_now: frozenset[int] | None = None
    """Enclosed areas after this turn's building steps (cached for the turn's end)."""

    # ----------------------------------------------------------------- queries
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.seat,)

    def is_over(self) -> bool:
        return self.phase == "over"  # without building the outcome

    def prompt(self, seat: int) -> str:
        return {
            "place": "Place a building",
            "slide": "Slide a building, or pass",
            "claim": "Claim an area you completed, or pass",
            "over": "The game is over",
        }[self.phase]

    def _placeable(self, seat: int) -> int:
        """The legal placements of `seat` as one mask over `_PLACE_TABLE`
        (bit i: placement i, in notation order)."""
        bh = self.h | self.inner_h
        bv = self.v | self.inner_v
        # the blocked sides in the notation layout, kept up to date from
        # the sides that changed since the last call (a pure function of
        # bh and bv: the cache holds its own key)
        oh, ov, nb = self.__dict__.get("_nb_cache", _NB_EMPTY)
        if oh != bh or ov != bv:
            nb = _to_notation(nb, oh ^ bh, _H_TO_N)
            nb = _to_notation(nb, ov ^ bv, _V_TO_N)
            self._nb_cache = (bh, bv, nb)
        stock = self.stock[seat]
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

    def placements(self, seat: int) -> list[Place]:
        """Every legal placement for `seat` (ignores whose turn it is)."""
        # the set bits, lowest first, as a bytes of 0/1 selecting table rows
        picks = bin(self._placeable(seat))[:1:-1].encode().translate(_BITS_TO_BYTES)
        found: list[Place] = list(compress(_PLACE_TABLE or _place_table(), picks))  # type: ignore[arg-type]  # picks select only filled rows
        return found

    def can_place(self, seat: int) -> bool:
        """True when `seat` has some legal placement."""
        return self._placeable(seat) != 0

    def is_fixed(self, piece: tuple[int, int, int, str]) -> bool:
        """True when a building lies on a side of a claimed area (it never moves)."""
        return bool(g.MASKS[piece] & (self.locked_h if piece[3] == "h" else self.locked_v))

    def movable(self) -> list[int]:
        """Indices of pieces that may slide (not on any claimed area)."""
        if not self.claims:
            return list(range(len(self.pieces)))
        masks, lh, lv = g.MASKS, self.locked_h, self.locked_v
        return [i for i, p in enumerate(self.pieces) if not masks[p] & (lh if p[3] == "h" else lv)]

    def slide_reach(self, index: int, direction: str) -> int:
        """How many cells piece `index` can slide in `direction` (0: none)."""
        bh = self.h | self.inner_h
        bv = self.v | self.inner_v
        dist = 0
        for hm, vm, jh, jv in _steps(self.pieces[index], direction):
            if hm & bh or vm & bv or (jh and jh & bh == jh) or (jv and jv & bv == jv):
                break
            dist += 1
        return dist

    def _free_pieces(self) -> list[tuple[int, int, int, str]]:
        """The buildings not fixed by a claim."""
        if not self.claims:
            return self.pieces
        masks, lh, lv = g.MASKS, self.locked_h, self.locked_v
        return [p for p in self.pieces if not masks[p] & (lh if p[3] == "h" else lv)]

    def _stops(self) -> int:
        """What stops a slide step, as one mask over `_piece_tables`' layout:
        the blocked sides, and the walls (two built sides in line) a
        building cannot pass."""
        bh = self.h | self.inner_h
        bv = self.v | self.inner_v
        walls_v = bv & (bv << 8) & g.ALL_CELLS  # v sides (p, y-1) and (p, y)
        walls_h = bh & (bh << 1) & _NOT_COL0_H  # h sides (x-1, p) and (x, p)
        return bh | (bv << _V_SHIFT) | (walls_v << _WV_SHIFT) | (walls_h << _WH_SHIFT)

    def slides(self) -> list[Slide]:
        """Every legal slide now, in notation order."""
        stops = self._stops()
        out: list[Slide] = []
        pieces = sorted(self._free_pieces(), key=_PIECE_RANK.__getitem__)
        for first, moves, steps in chain.from_iterable(map(_RAYS.__getitem__, pieces)):
            if first & stops:  # half the directions stop at once
                continue
            dist = 1
            for m in steps:
                if m & stops:
                    break
                dist += 1
            out += moves[:dist]
        return out

    def can_slide(self) -> bool:
        """True when some building can slide at least one cell."""
        stops = self._stops()
        for piece in self._free_pieces():
            for ray in range(4):
                steps = (_TABLES.get((piece, ray)) or _direction_table(piece, ray))[1]
                if steps and not steps[0] & stops:
                    return True
        return False

    def legal(self, seat: int) -> list[Any]:
        if seat != self.seat or self.phase == "over":
            return []
        if self.phase == "place":
            return self.placements(seat)
        if self.phase == "slide":
            return self.slides() + [PASS]
        return [Claim(_anchor(r)) for r in sorted(self.claimable, key=_anchor)] + [PASS]

    def claimed_cells(self, seat: int) -> int:
        """Cells in the areas `seat` has claimed."""
        return sum(bin(r).count("1") for r, owner, _ in self.claims if owner == seat)

    def given_up_areas(self) -> list[int]:
        """Enclosed areas that were left unclaimed when they were completed:
        no one may claim them unless they are opened and closed again."""
        claimed = {r for r, _, _ in self.claims}
        before = self.enclosed_before
        return [r for r in g.enclosed_regions(self.h, self.v) if r in before and r not in claimed]

    def area_of(self, cell: int) -> int:
        """The claimable area holding `cell` (a cell mask), or 0."""
        return next((r for r in self.claimable if r >> cell & 1), 0)

    def sides_after(self, move: Any) -> tuple[int, int]:
        """The (h, v) masks of built sides after a place or slide (unchanged
        for a claim or pass); the move is not checked."""
        if isinstance(move, Place):
            m = g.MASKS[move]
            return (self.h | m, self.v) if move.orient == "h" else (self.h, self.v | m)
        if isinstance(move, Slide):
            old = g.MASKS[move[:4]]
            new = g.MASKS[slide_target(move)]
            if move.orient == "h":
                return (self.h & ~old) | new, self.v
            return self.h, (self.v & ~old) | new
        return self.h, self.v

    def completed_by(self, move: Any) -> list[int]:
        """The areas a place or slide would complete this turn (enclosed
        afterwards, not enclosed at the turn's start, not claimed)."""
        if not isinstance(move, (Place, Slide)):
            return []
        claimed = {r for r, _, _ in self.claims}
        before = self.enclosed_before
        return [r for r in g.enclosed_regions(*self.sides_after(move)) if r not in before and r not in claimed]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = tuple(self.claimed_cells(s) for s in range(2))
        breakdown = tuple(
            {f"area {g.cell_name(cell)}": bin(r).count("1") for r, owner, cell in self.claims if owner == s}
            for s in range(2)
        )
        return Outcome(scores, ranks_from_keys([(s,) for s in scores]), breakdown, self.end_reason)

    def evaluate(self, seat: int) -> float:
        """Claimed cells (and an area about to be claimed) against the
        opponent's, squashed to 0..1: 0.5 is even, ±8 cells about 0.88/0.12."""
        out = self.outcome()
        if out is not None:
            return 0.5 if out.is_draw else 1.0 if seat in out.winners else 0.0
        lead = self.claimed_cells(seat) - self.claimed_cells(1 - seat)
        if self.phase == "claim" and self.claimable:
            pending = max(bin(r).count("1") for r in self.claimable)
            lead += pending if self.seat == seat else -pending
        return 0.5 + 0.5 * math.tanh(lead / 8)

    def content_tags(self, seat: int) -> dict[str, str]:
        return {"sliding": "yes" if self.slides_allowed else "no"}

    # ---------------------------------------------------------- legality
    def why_illegal(self, seat: int, move: Any) -> str | None:
        # the common case first (the seat to act, a legal move); anything
        # else takes the engine's full path and its reasons (a view hides
        # nothing here)
        if seat == self.seat and self.phase != "over" and self.is_legal(seat, move):
            return None
        return super().why_illegal(seat, move)

    def is_legal(self, seat: int, move: Any) -> bool:
        phase = self.phase
        if isinstance(move, Place):
            if phase != "place" or not self.stock[seat].get(move.size):
                return False
            m = g.MASKS.get(move)
            if m is None:
                return False
            return not m & ((self.h | self.inner_h) if move.orient == "h" else (self.v | self.inner_v))
        if isinstance(move, Slide):
            if phase != "slide" or type(move.dist) is not int:
                return False
            ray = _DIR_INDEX.get(move.direction)
            i = self._piece_index(move)
            if ray is None or i is None or self.is_fixed(self.pieces[i]):
                return False
            stops = self._stops()
            dist = 0
            for m in _direction_table(move[:4], ray)[1]:
                if m & stops:
                    break
                dist += 1
            return 1 <= move.dist <= dist
        if isinstance(move, Claim):
            return phase == "claim" and any(_anchor(r) == move.cell for r in self.claimable)
        if isinstance(move, Pass):
            return phase in ("slide", "claim")
        return False

    def explain_illegal(self, seat: int, move: Any) -> str:
        step_now = self.prompt(seat).lower()
        if isinstance(move, Place):
            if self.phase != "place":
                return f"no placement now: {step_now}"
            if (move.size, move.orient) not in g.PLACEMENTS or not g.fits(*move):
                return f"{format_move(move)} would stick out of the board"
            if not self.stock[seat].get(move.size):
                return f"no {g.SIZE_NAMES[move.size]} buildings left"
            m = g.MASKS[move]
            built, inner = (self.h, self.inner_h) if move.orient == "h" else (self.v, self.inner_v)
            if m & built:  # where, in words: the notation is what was typed or built by keys
                return f"a {g.SIZE_NAMES[move.size]} building on {span_text(*move)} overlaps another"
            return f"a {g.SIZE_NAMES[move.size]} building on {span_text(*move)} would divide a claimed area"
        if isinstance(move, Slide):
            if self.phase != "slide":
                return f"no slide now: {step_now}"
            name = f"the {g.SIZE_NAMES[move.size]} building on {span_text(*move[:4])}" if move[:4] in g.MASKS \
                else format_move(move)
            i = self._piece_index(move)
            if i is None:
                return f"there is no such building ({name})" if move[:4] not in g.MASKS else f"there is no {name[4:]}"
            if self.is_fixed(self.pieces[i]):
                return f"{name} bounds a claimed area and cannot move"
            reach = self.slide_reach(i, move.direction) if move.direction in DIRECTIONS else 0
            way = _DIR_NAMES.get(move.direction, move.direction)
            if not reach:
                return f"{name} cannot slide {way}"
            return f"{name} can slide {cells_text(reach)} {way}, not {move.dist}"
        if isinstance(move, Claim):
            if self.phase != "claim":
                return "there is no area to claim now"
            region = self.area_of(move.cell)
            if not region:
                return f"{g.cell_name(move.cell)} is not in an area you completed this turn"
            return f"name the area by its lowest cell, @{g.cell_name(_anchor(region))}"
        if isinstance(move, Pass):
            return "you must place a building first"
        return f"not a Grid Square move: {move!r}"

    def _piece_index(self, move: Slide) -> int | None:
        """The index of the building a slide names, or None."""
        try:
            return self.pieces.index(move[:4])
        except ValueError:
            return None

    # ---------------------------------------------------------------- changes
    def step(self, seat: int, move: Any) -> list[Event]:
        self.plies += 1
        kind = type(move)
        if kind is Place:
            m = g.MASKS[move]
            if move.orient == "h":
                self.h |= m
            else:
                self.v |= m
            self.stock[seat][move.size] -= 1
            self.pieces.append(tuple(move))
            self.owners.append(seat)
            events = [_MOVE_EVENTS[seat, move]]
            # version 1: a slide step (maybe only `pass`) whenever a building is not fixed by a claim
            if self.slides_allowed and self.turns > 0 and (self.can_slide() if self.rules_version >= 2
                                                           else self.movable()):
                self.phase = "slide"
                return events
            return events + self._after_building(seat)
        if kind is Slide:
            key = move[:4]
            i = self.pieces.index(key)
            target = slide_target(move)
            old, new = g.MASKS[key], g.MASKS[target]
            if move.orient == "h":
                self.h = (self.h & ~old) | new
            else:
                self.v = (self.v & ~old) | new
            self.pieces[i] = target
            return [_MOVE_EVENTS[seat, move]] + self._after_building(seat)
        who = seat_ref(seat)
        if isinstance(move, Claim):
            region = self.area_of(move.cell)
            self._claim(seat, region, move.cell)
            events = [Event(f"{who} claimed {cells_text(bin(region).count('1'))} at {g.cell_name(move.cell)}")]
            return events + self._end_turn(seat)
        if self.phase == "slide":
            return [Event(f"{who}: no slide")] + self._after_building(seat)
        given = ", ".join(f"{cells_text(bin(r).count('1'))} at {g.cell_name(_anchor(r))}"
                          for r in sorted(self.claimable, key=_anchor))
        return [Event(f"{who} gave up the claim ({given}) for good")] + self._end_turn(seat)

    def _after_building(self, seat: int) -> list[Event]:
        """After the place and slide steps: offer the claim, or end the turn."""
        claimed = [r for r, _, _ in self.claims]
        # a claimed area never changes (its sides never move, nothing is
        # built inside): only the other cells are searched
        unclaimed = g.enclosed_regions(self.h, self.v, sum(claimed))
        before = self.enclosed_before
        fresh = tuple([r for r in unclaimed if r not in before])
        self.enclosed_now = frozenset(unclaimed + claimed)
        if fresh and self.monuments[seat]:
            self.claimable = fresh
            self.phase = "claim"
            return []
        return self._end_turn(seat)

    def _claim(self, seat: int, region: int, cell: int) -> None:
        self.claims.append((region, seat, cell))
        self.monuments[seat] -= 1
        lh, lv = g.all_sides(region)
        ih, iv = g.interior_sides(region)
        self.locked_h |= lh
        self.locked_v |= lv
        self.inner_h |= ih
        self.inner_v |= iv

    def _end_turn(self, seat: int) -> list[Event]:
        """The turn is over: check the end, then whose turn is next. A player
        who cannot place skips the turn while the other still can; when no
        one can place, the game ends."""
        if self.enclosed_now is None:
            self.enclosed_now = frozenset(g.enclosed_regions(self.h, self.v))
        self.enclosed_before = self.enclosed_now
        self.enclosed_now = None
        self.claimable = ()
        self.turns += 1
        if not self.monuments[seat]:
            return self._finish(f"{seat_ref(seat)} has placed all their monuments")
        if not any(self.stock[seat].values()):
            return self._finish(f"{seat_ref(seat)} has placed all their buildings")
        self.phase = "place"
        other = 1 - seat
        if self.rules_version < 2:  # version 1: the game ended when the next player could not place
            self.seat = other
            return [] if self.can_place(other) else self._finish(f"{seat_ref(other)} cannot place a building")
        if self.can_place(other):
            self.seat = other
            return []
        if self.can_place(seat):
            return [Event(f"{seat_ref(other)} cannot place a building and skips the turn; {seat_ref(seat)} plays again")]
        return self._finish("no one can place a building")

    def _finish(self, reason: str) -> list[Event]:
        self.phase = "over"
        self.end_reason = reason
        out = self.outcome()
        assert out is not None
        if out.is_draw:
            result = f"a draw at {plural(out.scores[0], 'cell')} each"
        else:
            w = out.winners[0]
            result = f"{seat_ref(w)} wins, {plural(out.scores[w], 'cell')} to {out.scores[1 - w]}"
        return [Event(f"Game over: {reason}; {result}")]

    # ------------------------------------------------------------ the contract
    def clone(self) -> "GridSquareState":
        c = copy_with_lists(self, ("pieces", "owners", "monuments", "claims"))
        c.stock = [dict(s) for s in self.stock]
        return c

    def format_move(self, move: Any) -> str:
        return format_move(move)

    def parse_text(self, text: str) -> Any:
        return parse_text(text)

    def canonical_move(self, move: Any, seat: int) -> Any:
        if isinstance(move, Claim) and self.phase == "claim":
            region = self.area_of(move.cell)
            if region:  # any cell names its area; the move names it by its lowest cell
                return Claim(_anchor(region))
        return move

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        if isinstance(move, Place):
            text = f"place a {g.SIZE_NAMES[move.size]} building on {span_text(*move)}"
        elif isinstance(move, Slide):
            text = (f"slide the {g.SIZE_NAMES[move.size]} building on {span_text(*move[:4])} "
                    f"{plural(move.dist, 'cell')} {_DIR_NAMES[move.direction]}, to {span_text(*slide_target(move))}")
        elif isinstance(move, Claim):
            region = self.area_of(move.cell)
            size = f"{bin(region).count('1')}-cell " if region else ""
            return f"claim the {size}area at {g.cell_name(move.cell)}"
        elif isinstance(move, Pass):
            if self.phase == "claim":
                n = len(self.claimable)
                return f"pass: give up {'this claim' if n == 1 else 'these claims'} for good"
            return "pass: no slide this turn"
        else:
            return format_move(move)
        if self.phase in ("place", "slide") and self.is_legal(self.seat, move):
            done = sorted(bin(r).count("1") for r in self.completed_by(move))
            if done:
                text += f", completing {' and '.join(a_or_an(f'{n}-cell area') for n in done)}"
        return text

    def snapshot(self) -> dict[str, Any]:
        return {
            "slides_allowed": self.slides_allowed,
            "buildings": [[building_text(*p), o + 1] for p, o in zip(self.pieces, self.owners)],
            "stock": [{g.SIZE_NAMES[k]: s[k] for k in (3, 2, 1)} for s in self.stock],
            "monuments": list(self.monuments),
            "claims": [
                {"owner": o + 1, "monument": g.cell_name(c), "cells": [g.cell_name(i) for i in cells_of(r)]}
                for r, o, c in self.claims
            ],
            "to_act": self.seat + 1,
            "phase": self.phase,
            "turns": self.turns,
            "plies": self.plies,
            "enclosed_before": sorted(g.cell_name(_anchor(r)) for r in self.enclosed_before),
            "claimable": sorted(g.cell_name(_anchor(r)) for r in self.claimable),
            "end": self.end_reason,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.grid_square.text_board import render_text

        return render_text(self, names)

    # ------------------------------------------------------------ for widgets
    def side_owners(self) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
        """Who built each side that carries a building, for a board view:
        (horizontal sides, vertical sides), each {(x, y): seat}. A
        horizontal side (x, y) runs east from point (x, y), a vertical one
        south (points 0..8 each way, as in the notation)."""
        h: dict[tuple[int, int], int] = {}
        v: dict[tuple[int, int], int] = {}
        for (size, x, y, o), owner in zip(self.pieces, self.owners):
            for i in range(size):
                if o == "h":
                    h[(x + i, y)] = owner
                else:
                    v[(x, y + i)] = owner
        return h, v

    def owner_of_cell(self, cell: int) -> tuple[int, bool] | None:
        """(owner, has the monument) for a claimed cell, else None."""
        for r, owner, mc in reversed(self.claims):
            if r >> cell & 1:
                return owner, mc == cell
        return None


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


def _anchor(region: int) -> int:
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
