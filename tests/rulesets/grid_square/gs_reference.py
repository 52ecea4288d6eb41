"""A plain reference Grid Square, written from RULES.md without the state's
bit masks, tables or caches: sides are sets of (x, y) pairs, areas sets of
cells found by a breadth-first search, and every check is done afresh.

It is slow and simple on purpose: `test_gs_reference` plays seeded random
games on it and on the real state side by side and asks that the legal
moves, the events and the snapshots agree at every ply.
"""
from __future__ import annotations

from engine.core import seat_ref
from rulesets.grid_square.moves import PASS, Claim, Pass, Place, Slide, building_text, format_move

DIRS = {"e": (1, 0), "n": (0, 1), "s": (0, -1), "w": (-1, 0)}
DIR_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
SIZE_NAMES = {1: "small", 2: "middle", 3: "large"}
STOCK = {3: 4, 2: 8, 1: 12}
MONUMENTS = 6


def sides(size: int, x: int, y: int, orient: str) -> set[tuple[str, int, int]]:
    """The unit sides a building covers: ('h', x, y) runs east from point
    (x, y), ('v', x, y) runs north."""
    if orient == "h":
        return {("h", x + i, y) for i in range(size)}
    return {("v", x, y + i) for i in range(size)}


def fits(size: int, x: int, y: int, orient: str) -> bool:
    """The building lies on the 9 × 9 points."""
    if orient == "h":
        return 0 <= x and x + size <= 8 and 0 <= y <= 8
    return 0 <= y and y + size <= 8 and 0 <= x <= 8


def cell_sides(x: int, y: int) -> set[tuple[str, int, int]]:
    """The four sides of cell (x, y)."""
    return {("h", x, y), ("h", x, y + 1), ("v", x, y), ("v", x + 1, y)}


SIZE_WORDS = {1: "small", 2: "middle", 3: "large"}


def span(size: int, x: int, y: int, orient: str) -> str:
    """Where a building lies, point to point: 'c4–e4'."""
    ex, ey = (x + size, y) if orient == "h" else (x, y + size)
    return f"{'abcdefghi'[x]}{y + 1}–{'abcdefghi'[ex]}{ey + 1}"


def cell_name(x: int, y: int) -> str:
    return f"{chr(97 + x)}{y + 1}"


def cells_text(n: int) -> str:
    return f"{n} cell{'' if n == 1 else 's'}"


def anchor(region: frozenset[tuple[int, int]]) -> tuple[int, int]:
    """The lowest cell of an area (row first, then column), as (x, y)."""
    return min(region, key=lambda c: (c[1], c[0]))


def anchor_index(region: frozenset[tuple[int, int]]) -> int:
    x, y = anchor(region)
    return y * 8 + x


def enclosed_areas(built: set[tuple[str, int, int]]) -> list[frozenset[tuple[int, int]]]:
    """Every enclosed area: groups of cells connected through sides without
    a building, none of whose cells has an open border side."""

    def neighbours(x: int, y: int):
        for (dx, dy), side in (((1, 0), ("v", x + 1, y)), ((-1, 0), ("v", x, y)),
                               ((0, 1), ("h", x, y + 1)), ((0, -1), ("h", x, y))):
            if side not in built and 0 <= x + dx < 8 and 0 <= y + dy < 8:
                yield x + dx, y + dy

    def open_border(x: int, y: int) -> bool:
        border = set()
        if x == 0:
            border.add(("v", 0, y))
        if x == 7:
            border.add(("v", 8, y))
        if y == 0:
            border.add(("h", x, 0))
        if y == 7:
            border.add(("h", x, 8))
        return bool(border - built)

    seen: set[tuple[int, int]] = set()
    areas = []
    for y in range(8):
        for x in range(8):
            if (x, y) in seen:
                continue
            group = {(x, y)}
            todo = [(x, y)]
            while todo:
                for n in neighbours(*todo.pop()):
                    if n not in group:
                        group.add(n)
                        todo.append(n)
            seen |= group
            if not any(open_border(*c) for c in group):
                areas.append(frozenset(group))
    return areas


class ReferenceGame:
    """The rules, played one step at a time, with plain sets."""

    def __init__(self, sliding: bool) -> None:
        self.sliding = sliding
        self.built: set[tuple[str, int, int]] = set()
        self.pieces: list[tuple[int, int, int, str]] = []
        self.owners: list[int] = []
        self.stock = [dict(STOCK), dict(STOCK)]
        self.monuments = [MONUMENTS, MONUMENTS]
        self.claims: list[tuple[frozenset[tuple[int, int]], int, tuple[int, int]]] = []
        self.seat = 0
        self.phase = "place"
        self.turns = 0
        self.plies = 0
        self.enclosed_before: list[frozenset[tuple[int, int]]] = []
        self.claimable: list[frozenset[tuple[int, int]]] = []
        self.end = ""

    # ------------------------------------------------------------ what blocks
    def locked(self) -> set[tuple[str, int, int]]:
        """Every side of every claimed cell: buildings there never move."""
        return {s for region, _, _ in self.claims for c in region for s in cell_sides(*c)}

    def inner(self) -> set[tuple[str, int, int]]:
        """Sides between two cells of one claimed area: nothing goes there."""
        out = set()
        for region, _, _ in self.claims:
            for x, y in region:
                if (x + 1, y) in region:
                    out.add(("v", x + 1, y))
                if (x, y + 1) in region:
                    out.add(("h", x, y + 1))
        return out

    def blocked(self) -> set[tuple[str, int, int]]:
        return self.built | self.inner()

    # ------------------------------------------------------------ legal moves
    def placements(self, seat: int) -> list[Place]:
        blocked = self.blocked()
        out = [Place(size, x, y, o) for size in (1, 2, 3) if self.stock[seat][size]
               for x in range(9) for y in range(9) for o in "hv"
               if fits(size, x, y, o) and not sides(size, x, y, o) & blocked]
        return sorted(out, key=format_move)

    def reach(self, piece: tuple[int, int, int, str], direction: str, blocked) -> int:
        """How far a building slides: along its line it stops before a built
        side or a wall across its line (the two sides over the point it
        passes); across it stops before a built side on its new line or a
        side crossing the cells it sweeps; and at the edge."""
        size, x, y, o = piece
        dx, dy = DIRS[direction]
        own = sides(*piece)
        others = blocked - own
        dist = 0
        while True:
            n = dist + 1
            nx, ny = x + dx * n, y + dy * n
            if not fits(size, nx, ny, o):
                return dist
            if sides(size, nx, ny, o) & others:
                return dist
            along = (dx != 0) if o == "h" else (dy != 0)
            if along:
                if o == "h":  # the point passed: the end moving into new ground
                    px = x + size + dist if dx > 0 else x - dist
                    if 0 < y < 8 and {("v", px, y - 1), ("v", px, y)} <= others:
                        return dist
                else:
                    py = y + size + dist if dy > 0 else y - dist
                    if 0 < x < 8 and {("h", x - 1, py), ("h", x, py)} <= others:
                        return dist
            else:  # the cells swept between the old line and the new
                if o == "h":
                    row = min(y + dy * dist, ny)
                    if any(("v", x + i, row) in others for i in range(1, size)):
                        return dist
                else:
                    col = min(x + dx * dist, nx)
                    if any(("h", col, y + i) in others for i in range(1, size)):
                        return dist
            dist += 1

    def slides(self) -> list[Slide]:
        blocked = self.blocked()
        locked = self.locked()
        out = []
        for piece in self.pieces:
            if sides(*piece) & locked:
                continue
            for d in DIRS:
                out += [Slide(*piece, d, k) for k in range(1, self.reach(piece, d, blocked) + 1)]
        return sorted(out, key=format_move)

    def legal(self) -> list:
        if self.phase == "place":
            return self.placements(self.seat)
        if self.phase == "slide":
            return self.slides() + [PASS]
        if self.phase == "claim":
            return [Claim(anchor_index(r)) for r in sorted(self.claimable, key=anchor_index)] + [PASS]
        return []

    # ------------------------------------------------------------------ steps
    def step(self, move) -> list[str]:
        """Play a legal move; the events' texts."""
        seat, who = self.seat, seat_ref(self.seat)
        self.plies += 1
        if isinstance(move, Place):
            self.built |= sides(*move)
            self.stock[seat][move.size] -= 1
            self.pieces.append(tuple(move))
            self.owners.append(seat)
            events = [f"{who} placed a {SIZE_WORDS[move.size]} building on {span(*move)}"]
            if self.sliding and self.turns > 0 and self.slides():
                self.phase = "slide"
                return events
            return events + self.after_building()
        if isinstance(move, Slide):
            piece = tuple(move[:4])
            dx, dy = DIRS[move.direction]
            target = (move.size, move.x + dx * move.dist, move.y + dy * move.dist, move.orient)
            self.built = (self.built - sides(*piece)) | sides(*target)
            self.pieces[self.pieces.index(piece)] = target
            cells = f"{move.dist} cell{'' if move.dist == 1 else 's'}"
            return [f"{who} slid the {SIZE_WORDS[move.size]} building on {span(*piece)} {cells}"
                    f" {DIR_NAMES[move.direction]}, to {span(*target)}"] + self.after_building()
        if isinstance(move, Claim):
            region = next(r for r in self.claimable if (move.cell % 8, move.cell // 8) in r)
            self.claims.append((region, seat, (move.cell % 8, move.cell // 8)))
            self.monuments[seat] -= 1
            return [f"{who} claimed {cells_text(len(region))} at {cell_name(move.cell % 8, move.cell // 8)}"] \
                + self.end_turn()
        assert isinstance(move, Pass)
        if self.phase == "slide":
            return [f"{who}: no slide"] + self.after_building()
        given = ", ".join(f"{cells_text(len(r))} at {cell_name(*anchor(r))}"
                          for r in sorted(self.claimable, key=anchor_index))
        return [f"{who} gave up the claim ({given}) for good"] + self.end_turn()

    def after_building(self) -> list[str]:
        claimed = [r for r, _, _ in self.claims]
        fresh = [r for r in enclosed_areas(self.built) if r not in self.enclosed_before and r not in claimed]
        if fresh and self.monuments[self.seat]:
            self.claimable = fresh
            self.phase = "claim"
            return []
        return self.end_turn()

    def end_turn(self) -> list[str]:
        seat, other = self.seat, 1 - self.seat
        self.enclosed_before = enclosed_areas(self.built)
        self.claimable = []
        self.turns += 1
        if not self.monuments[seat]:
            return self.finish(f"{seat_ref(seat)} has placed all their monuments")
        if not any(self.stock[seat].values()):
            return self.finish(f"{seat_ref(seat)} has placed all their buildings")
        self.phase = "place"
        if self.placements(other):
            self.seat = other
            return []
        if self.placements(seat):
            return [f"{seat_ref(other)} cannot place a building and skips the turn; {seat_ref(seat)} plays again"]
        return self.finish("no one can place a building")

    def finish(self, reason: str) -> list[str]:
        self.phase = "over"
        self.end = reason
        scores = [sum(len(r) for r, o, _ in self.claims if o == s) for s in range(2)]
        if scores[0] == scores[1]:
            result = f"a draw at {scores[0]} cells each"
        else:
            w = 0 if scores[0] > scores[1] else 1
            result = f"{seat_ref(w)} wins, {scores[w]} cells to {scores[1 - w]}"
        return [f"Game over: {reason}; {result}"]

    def snapshot(self) -> dict:
        """The state's snapshot, in the same layout."""
        return {
            "slides_allowed": self.sliding,
            "buildings": [[building_text(*p), o + 1] for p, o in zip(self.pieces, self.owners)],
            "stock": [{SIZE_NAMES[k]: s[k] for k in (3, 2, 1)} for s in self.stock],
            "monuments": list(self.monuments),
            "claims": [
                {"owner": o + 1, "monument": cell_name(*c),
                 "cells": [cell_name(x, y) for x, y in sorted(r, key=lambda c: (c[1], c[0]))]}
                for r, o, c in self.claims
            ],
            "to_act": self.seat + 1,
            "phase": self.phase,
            "turns": self.turns,
            "plies": self.plies,
            "enclosed_before": sorted(cell_name(*anchor(r)) for r in self.enclosed_before),
            "claimable": sorted(cell_name(*anchor(r)) for r in self.claimable),
            "end": self.end,
        }
