"""The Grid Square position and its rules (see RULES.md): the state's data
and the engine's contract; move generation is in movegen.py, the words in
words.py."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.bits import bits_of as cells_of
from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_ref
from rulesets.grid_square import evaluation, movegen, words
from rulesets.grid_square import geometry as g
from rulesets.grid_square.movegen import DIR_INDEX, anchor
from rulesets.grid_square.moves import (
    PASS,
    Claim,
    Pass,
    Place,
    Slide,
    building_text,
    format_move,
    parse_text,
    slide_target,
)

STOCK = {3: 4, 2: 8, 1: 12}
"""Buildings each player starts with, by size (3 large, 2 middle, 1 small)."""
MONUMENTS = 6
"""Monuments each player starts with."""


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
        return words.prompt(self)

    def placements(self, seat: int) -> list[Place]:
        """Every legal placement for `seat` (ignores whose turn it is)."""
        return movegen.placements(self, seat)

    def can_place(self, seat: int) -> bool:
        """True when `seat` has some legal placement."""
        return movegen.placeable(self, seat) != 0


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
        return movegen.slide_reach(self, index, direction)

    def slides(self) -> list[Slide]:
        """Every legal slide now, in notation order."""
        return movegen.slides(self)

    def can_slide(self) -> bool:
        """True when some building can slide at least one cell."""
        return movegen.can_slide(self)


    def legal(self, seat: int) -> list[Any]:
        if seat != self.seat or self.phase == "over":
            return []
        if self.phase == "place":
            return self.placements(seat)
        if self.phase == "slide":
            return self.slides() + [PASS]
        return [Claim(anchor(r)) for r in sorted(self.claimable, key=anchor)] + [PASS]

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
        return evaluation.evaluate(self, seat)

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
            ray = DIR_INDEX.get(move.direction)
            i = self.piece_index(move)
            if ray is None or i is None or self.is_fixed(self.pieces[i]):
                return False
            return 1 <= move.dist <= movegen.slide_reach_now(self, move[:4], ray)
        if isinstance(move, Claim):
            return phase == "claim" and any(anchor(r) == move.cell for r in self.claimable)
        if isinstance(move, Pass):
            return phase in ("slide", "claim")
        return False

    def explain_illegal(self, seat: int, move: Any) -> str:
        return words.explain_illegal(self, seat, move)

    def piece_index(self, move: Slide) -> int | None:
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
            events = [words.MOVE_EVENTS[seat, move]]
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
            return [words.MOVE_EVENTS[seat, move]] + self._after_building(seat)
        if isinstance(move, Claim):
            region = self.area_of(move.cell)
            self._claim(seat, region, move.cell)
            return [words.claim_event(seat, region, move.cell)] + self._end_turn(seat)
        if self.phase == "slide":
            return [words.no_slide_event(seat)] + self._after_building(seat)
        return [words.gave_up_event(seat, self.claimable)] + self._end_turn(seat)

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
            return [words.skip_event(other, seat)]
        return self._finish("no one can place a building")

    def _finish(self, reason: str) -> list[Event]:
        self.phase = "over"
        self.end_reason = reason
        out = self.outcome()
        assert out is not None
        return [words.game_over_event(reason, out)]

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
                return Claim(anchor(region))
        return move

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        return words.describe_move(self, move)

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
            "enclosed_before": sorted(g.cell_name(anchor(r)) for r in self.enclosed_before),
            "claimable": sorted(g.cell_name(anchor(r)) for r in self.claimable),
            "end": self.end_reason,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.grid_square.text_board import render_text

        return render_text(self, names, seat)

    # ------------------------------------------------------------ for widgets
    def side_owners(self) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
        """Who built each side that carries a building, for a board view:
        (horizontal sides, vertical sides), each {(x, y): seat}. A
        horizontal side (x, y) runs east from point (x, y), a vertical one
        south (points 0..8 each way, as in the notation)."""
        h, v = self.side_pieces()
        return {k: self.owners[n] for k, n in h.items()}, {k: self.owners[n] for k, n in v.items()}

    def side_pieces(self) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
        """Which building (its index in `pieces`) lies on each side that
        carries one, keyed as `side_owners`: a view tells two buildings
        end to end in one line apart by it."""
        h: dict[tuple[int, int], int] = {}
        v: dict[tuple[int, int], int] = {}
        for n, (size, x, y, o) in enumerate(self.pieces):
            for i in range(size):
                if o == "h":
                    h[(x + i, y)] = n
                else:
                    v[(x, y + i)] = n
        return h, v

    def owner_of_cell(self, cell: int) -> tuple[int, bool] | None:
        """(owner, has the monument) for a claimed cell, else None."""
        for r, owner, mc in reversed(self.claims):
            if r >> cell & 1:
                return owner, mc == cell
        return None

