"""The Grid Square position and its rules (see RULES.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.core import Event, GameState, Outcome, ranks_from_keys
from engine.errors import IllegalMoveError
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import (
    DIRECTIONS,
    PASS,
    Claim,
    Pass,
    Place,
    Slide,
    building_text,
    format_move,
    parse_text,
)

STOCK = {3: 4, 2: 8, 1: 12}
"""Buildings each player starts with, by size (3 large, 2 middle, 1 small)."""
MONUMENTS = 6
"""Monuments each player starts with."""

# Every placement, in notation order, per size: (move, h mask, v mask).
_ALL_PLACES: dict[int, list[tuple[Place, int, int]]] = {}
for _size in (1, 2, 3):
    _rows = []
    for _o in ("h", "v"):
        for _x, _y, _m in g.PLACEMENTS[(_size, _o)]:
            _mv = Place(_size, _x, _y, _o)
            # (column, row, orient) sorts as the notation does within a size
            _rows.append(((_x, _y, _o), _mv, _m if _o == "h" else 0, _m if _o == "v" else 0))
    _rows.sort(key=lambda r: r[0])
    _ALL_PLACES[_size] = [(mv, hm, vm) for _, mv, hm, vm in _rows]

_V_SHIFT = 72
"""Both kinds of side in one int: h sides in the low bits, v sides above."""
_PLACES_JOINED: dict[int, list[tuple[Place, int]]] = {
    size: [(mv, hm | (vm << _V_SHIFT)) for mv, hm, vm in rows] for size, rows in _ALL_PLACES.items()
}
"""Every placement per size, in notation order: (move, joined side mask)."""


@dataclass
class GridSquareState(GameState):
    """A Grid Square position: sides with buildings, claims, stocks, phase."""

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

    def prompt(self, seat: int) -> str:
        return {
            "place": "Place a building",
            "slide": "Slide a building, or pass",
            "claim": "Claim an area you completed, or pass",
            "over": "The game is over",
        }[self.phase]

    def placements(self, seat: int) -> list[Place]:
        """Every legal placement for `seat` (ignores whose turn it is)."""
        blocked = self.h | self.inner_h | ((self.v | self.inner_v) << _V_SHIFT)
        stock = self.stock[seat]
        out: list[Place] = []
        for size in (3, 2, 1):
            if stock[size]:
                out += [mv for mv, m in _PLACES_JOINED[size] if not m & blocked]
        return out

    def can_place(self, seat: int) -> bool:
        """True when `seat` has some legal placement."""
        blocked = self.h | self.inner_h | ((self.v | self.inner_v) << _V_SHIFT)
        stock = self.stock[seat]
        return any(not m & blocked for size in (3, 2, 1) if stock[size] for _, m in _PLACES_JOINED[size])

    def movable(self) -> list[int]:
        """Indices of pieces that may slide (not on any claimed area)."""
        if not self.claims:
            return list(range(len(self.pieces)))
        masks = g.MASKS
        lh, lv = self.locked_h, self.locked_v
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

    def slides(self) -> list[Slide]:
        """Every legal slide now, in notation order."""
        blocked = self.h | self.inner_h | ((self.v | self.inner_v) << _V_SHIFT)
        out: list[Slide] = []
        pieces = self.pieces
        movable = [pieces[i] for i in self.movable()] if self.claims else pieces
        for piece in sorted(movable, key=_PIECE_RANK.__getitem__):
            for moves, steps in _TABLES.get(piece) or _piece_tables(piece):  # e, n, s, w
                dist = 0
                for m, pair in steps:
                    if m & blocked or (pair and pair & blocked == pair):
                        break
                    dist += 1
                if dist:
                    out += moves[:dist]
        return out

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

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = tuple(self.claimed_cells(s) for s in range(2))
        breakdown = tuple(
            {f"area {g.cell_name(cell)}": bin(r).count("1") for r, owner, cell in self.claims if owner == s}
            for s in range(2)
        )
        return Outcome(scores, ranks_from_keys([(s,) for s in scores]), breakdown, self.end_reason)

    # ---------------------------------------------------------------- changes
    def apply(self, seat: int, move: Any) -> list[Event]:
        if self.phase == "over":
            raise IllegalMoveError("the game is over")
        if seat != self.seat:
            raise IllegalMoveError(f"it is not Seat {seat + 1}'s turn")
        who = f"{{P{seat + 1}}}"
        if isinstance(move, Place):
            self._place(seat, move)
            events = [Event(f"{who} placed {format_move(move)}")]
            if self.slides_allowed and self.turns > 0 and self.movable():
                self.phase = "slide"
                return events
            return events + self._after_building(seat)
        if isinstance(move, Slide):
            if self.phase != "slide":
                raise IllegalMoveError(f"no slide now: {self.prompt(seat).lower()}")
            self._slide(move)
            events = [Event(f"{who} slid {building_text(*move[:4])} {move.dist} {_DIR_NAMES[move.direction]}")]
            return events + self._after_building(seat)
        if isinstance(move, Claim):
            if self.phase != "claim":
                raise IllegalMoveError("there is no area to claim now")
            region = next((r for r in self.claimable if r >> move.cell & 1), 0)
            if not region:
                raise IllegalMoveError(f"{g.cell_name(move.cell)} is not in an area you completed this turn")
            self._claim(seat, region, move.cell)
            n = bin(region).count("1")
            events = [Event(f"{who} claimed {n} cell{'s' if n != 1 else ''} at {g.cell_name(move.cell)}")]
            return events + self._end_turn(seat)
        if isinstance(move, Pass):
            if self.phase == "slide":
                return [Event(f"{who}: no slide")] + self._after_building(seat)
            if self.phase == "claim":
                return [Event(f"{who}: no claim")] + self._end_turn(seat)
            raise IllegalMoveError("you must place a building first")
        raise IllegalMoveError(f"not a Grid Square move: {move!r}")

    def _check_place(self, seat: int, move: Place) -> int:
        """The side mask of a legal placement; IllegalMoveError otherwise."""
        if self.phase != "place":
            raise IllegalMoveError(f"no placement now: {self.prompt(seat).lower()}")
        if not g.fits(move.size, move.x, move.y, move.orient):
            raise IllegalMoveError(f"{format_move(move)} would stick out of the board")
        if not self.stock[seat][move.size]:
            raise IllegalMoveError(f"no {g.SIZE_NAMES[move.size]} buildings left")
        m = g.building_mask(move.size, move.x, move.y, move.orient)
        built, inner = (self.h, self.inner_h) if move.orient == "h" else (self.v, self.inner_v)
        if m & built:
            raise IllegalMoveError(f"{format_move(move)} overlaps a building")
        if m & inner:
            raise IllegalMoveError(f"{format_move(move)} would divide a claimed area")
        return m

    def _place(self, seat: int, move: Place) -> None:
        m = self._check_place(seat, move)
        if move.orient == "h":
            self.h |= m
        else:
            self.v |= m
        self.stock[seat][move.size] -= 1
        self.pieces.append((move.size, move.x, move.y, move.orient))
        self.owners.append(seat)

    def _check_slide(self, move: Slide) -> int:
        """The index of the piece a legal slide moves; IllegalMoveError otherwise."""
        if self.phase != "slide":
            raise IllegalMoveError(f"no slide now: {self.prompt(self.seat).lower()}")
        key = (move.size, move.x, move.y, move.orient)
        try:
            i = self.pieces.index(key)
        except ValueError:
            raise IllegalMoveError(f"there is no building at {building_text(*key)}") from None
        if i not in self.movable():
            raise IllegalMoveError(f"{building_text(*key)} bounds a claimed area and cannot move")
        reach = self.slide_reach(i, move.direction)
        if not 1 <= move.dist <= reach:
            raise IllegalMoveError(
                f"{building_text(*key)} can slide {reach} cell{'s' if reach != 1 else ''} "
                f"{_DIR_NAMES[move.direction]}, not {move.dist}"
            )
        return i

    def _slide(self, move: Slide) -> None:
        i = self._check_slide(move)
        key = (move.size, move.x, move.y, move.orient)
        dx, dy = DIRECTIONS[move.direction]
        old = g.building_mask(*key)
        nx, ny = move.x + dx * move.dist, move.y + dy * move.dist
        new = g.building_mask(move.size, nx, ny, move.orient)
        if move.orient == "h":
            self.h = (self.h & ~old) | new
        else:
            self.v = (self.v & ~old) | new
        self.pieces[i] = (move.size, nx, ny, move.orient)

    def _after_building(self, seat: int) -> list[Event]:
        """After the place and slide steps: offer the claim, or end the turn."""
        enclosed = g.enclosed_regions(self.h, self.v)
        claimed = {r for r, _, _ in self.claims}
        fresh = tuple(r for r in enclosed if r not in self.enclosed_before and r not in claimed)
        self.enclosed_now = frozenset(enclosed)
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
        if self.enclosed_now is None:
            self.enclosed_now = frozenset(g.enclosed_regions(self.h, self.v))
        self.enclosed_before = self.enclosed_now
        self.enclosed_now = None
        self.claimable = ()
        self.turns += 1
        if not self.monuments[seat]:
            return self._finish(f"{{P{seat + 1}}} has placed all their monuments")
        if not any(self.stock[seat].values()):
            return self._finish(f"{{P{seat + 1}}} has placed all their buildings")
        self.seat = 1 - seat
        self.phase = "place"
        if not self.can_place(self.seat):
            return self._finish(f"{{P{self.seat + 1}}} cannot place a building")
        return []

    def _finish(self, reason: str) -> list[Event]:
        self.phase = "over"
        self.end_reason = reason
        out = self.outcome()
        assert out is not None
        if out.is_draw:
            result = f"a draw at {out.scores[0]} cells each"
        else:
            w = out.winners[0]
            result = f"{{P{w + 1}}} wins, {out.scores[w]} cells to {out.scores[1 - w]}"
        return [Event(f"Game over: {reason}; {result}")]

    # ------------------------------------------------------------ the contract
    def clone(self) -> "GridSquareState":
        c = GridSquareState.__new__(GridSquareState)
        c.__dict__.update(self.__dict__)
        c.pieces = list(self.pieces)
        c.owners = list(self.owners)
        c.stock = [dict(s) for s in self.stock]
        c.monuments = list(self.monuments)
        c.claims = list(self.claims)
        return c

    def view(self, seat: int | None) -> "GridSquareState":
        return self.clone()  # nothing is hidden in Grid Square

    def format_move(self, move: Any) -> str:
        return format_move(move)

    def parse_move(self, text: str, seat: int) -> Any:
        move = parse_text(text)
        if seat != self.seat or self.phase == "over":
            raise IllegalMoveError("the game is over" if self.phase == "over" else f"it is not Seat {seat + 1}'s turn")
        self.check(seat, move)
        if isinstance(move, Claim):
            region = next(r for r in self.claimable if r >> move.cell & 1)
            return Claim(_anchor(region))
        return move

    def check(self, seat: int, move: Any) -> None:
        """Raise IllegalMoveError (with the reason) unless `move` is legal now;
        changes nothing."""
        if isinstance(move, Place):
            self._check_place(seat, move)
        elif isinstance(move, Slide):
            self._check_slide(move)
        elif isinstance(move, Claim):
            if self.phase != "claim":
                raise IllegalMoveError("there is no area to claim now")
            if not any(r >> move.cell & 1 for r in self.claimable):
                raise IllegalMoveError(f"{g.cell_name(move.cell)} is not in an area you completed this turn")
        elif self.phase not in ("slide", "claim"):
            raise IllegalMoveError("you must place a building first")

    def snapshot(self) -> dict[str, Any]:
        return {
            "slides_allowed": self.slides_allowed,
            "buildings": [[building_text(*p), o + 1] for p, o in zip(self.pieces, self.owners)],
            "stock": [{g.SIZE_NAMES[k]: s[k] for k in (3, 2, 1)} for s in self.stock],
            "monuments": list(self.monuments),
            "claims": [
                {"owner": o + 1, "monument": g.cell_name(c), "cells": [g.cell_name(i) for i in g.cells_of(r)]}
                for r, o, c in self.claims
            ],
            "to_act": self.seat + 1,
            "phase": self.phase,
            "turns": self.turns,
            "enclosed_before": sorted(g.cell_name(_anchor(r)) for r in self.enclosed_before),
            "claimable": sorted(g.cell_name(_anchor(r)) for r in self.claimable),
            "end": self.end_reason,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.grid_square.text_board import render_text

        return render_text(self, names)

    # ------------------------------------------------------------ for widgets
    def owner_of_cell(self, cell: int) -> tuple[int, bool] | None:
        """(owner, has the monument) for a claimed cell, else None."""
        for r, owner, mc in reversed(self.claims):
            if r >> cell & 1:
                return owner, mc == cell
        return None


_DIR_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}


_PIECE_RANK: dict[tuple[int, int, int, str], int] = {
    piece: rank for rank, piece in enumerate(sorted(g.MASKS, key=lambda p: (-p[0], p[1], p[2], p[3])))
}
"""Every building position, ranked as its notation sorts (L < M < S, then point, orient)."""


_TABLES: dict[tuple[int, int, int, str], list[tuple[list[Slide], list]]] = {}


def _piece_tables(piece: tuple[int, int, int, str]) -> list[tuple[list[Slide], list]]:
    """Per direction (e, n, s, w): the Slide for each distance and, per step,
    (sides that stop it, pair of sides that stop it together) as joined masks
    (h sides low, v sides shifted by _V_SHIFT); computed once per position."""
    found = _TABLES.get(piece)
    if found is None:
        found = _TABLES[piece] = []
        for d in "ensw":
            steps = _steps(piece, d)
            joined = [(hm | (vm << _V_SHIFT), jh | (jv << _V_SHIFT)) for hm, vm, jh, jv in steps]
            found.append(([Slide(*piece, d, k) for k in range(1, len(steps) + 1)], joined))
    return found


def _anchor(region: int) -> int:
    """The canonical cell naming an area: its lowest cell."""
    return (region & -region).bit_length() - 1


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


def _raw_steps(size: int, a: int, b: int, da: int, db: int, last: int) -> list:
    """The steps of a slide of a piece lying along axis a (from point (a, b),
    `size` long), in its own coordinates: per step, the parallel sides it
    would land on, the perpendicular sides it would cross, and the pair of
    perpendicular sides that together form a wall across its line.

    Along its own line a piece stops at a parallel building or at a crossing
    wall (both perpendicular sides at a point built); across, it stops where
    its new line is built or a perpendicular building crosses the swept cells.
    Perpendicular buildings that only touch its ends do not stop it."""
    steps = []
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
