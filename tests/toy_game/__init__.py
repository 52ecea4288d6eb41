"""Three in a Row, the toy game: the ten things a new game implements and
nothing more (ARCHITECTURE.md, "Adding a game"). Two seats take cells of a
3×3 grid in turn; the first with three in a line wins; a full grid is a draw.

It lives under tests/ and is installed only for its own tests
(`tests/toy_game/test_toy_game.py` adds it to the registry and runs the
conformance suites on it), so no menu or listing of the program shows it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Sequence

from engine.core import Event, GameState, Outcome, Ruleset, ranks_from_keys, seat_ref
from engine.errors import InvalidMoveError

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight lines of three cells (cell = row * 3 + column)."""
_CELL = re.compile(r"^([abc])([123])$")


class Take(NamedTuple):
    """A move: take the cell `cell` (0..8, row by row from a1)."""

    cell: int


def cell_name(cell: int) -> str:
    """'a1' for cell 0: the column's letter, then the row's number."""
    return "abc"[cell % 3] + str(cell // 3 + 1)


@dataclass
class ToyState(GameState):
    """Who holds each cell (None: free) and whose turn it is."""

    num_players: int = 2
    cells: list[int | None] = field(default_factory=lambda: [None] * 9)
    """The owner of each cell."""
    turn: int = 0
    """The seat to act."""

    # 2. who acts
    def to_act(self) -> tuple[int, ...]:
        return () if self._line_of() is not None or None not in self.cells else (self.turn,)

    # 3. the legal moves, sorted by notation
    def legal(self, seat: int) -> list[Any]:
        if seat not in self.to_act():
            return []
        return sorted((Take(c) for c in range(9) if self.cells[c] is None), key=lambda m: cell_name(m.cell))

    # 4. one move, already checked by the engine
    def step(self, seat: int, move: Any) -> list[Event]:
        self.cells[move.cell] = seat
        self.turn = 1 - seat
        return [Event(f"{seat_ref(seat)} takes {cell_name(move.cell)}")]

    # 5. the end
    def outcome(self) -> Outcome | None:
        winner = self._line_of()
        if winner is None and None in self.cells:
            return None
        scores = tuple(int(s == winner) for s in range(2))
        why = "the grid is full" if winner is None else f"{seat_ref(winner)} made three in a row"
        return Outcome(scores, ranks_from_keys([(s,) for s in scores]), tuple({"three in a row": s} for s in scores), why)

    def _line_of(self) -> int | None:
        for a, b, c in LINES:
            if self.cells[a] is not None and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    # 6. a cheap copy
    def clone(self) -> ToyState:
        return ToyState(self.num_players, list(self.cells), self.turn)

    # 7. the one canonical notation
    def format_move(self, move: Any) -> str:
        return cell_name(move.cell)

    # 8. the syntax parser: a move, None for the start of one, InvalidMoveError
    def parse_text(self, text: str) -> Any:
        t = "".join(text.split()).lower()
        m = _CELL.match(t)
        if m:
            return Take("abc".index(m.group(1)) + 3 * (int(m.group(2)) - 1))
        if t in ("a", "b", "c"):
            return None  # the start of a cell: the one legal cell in that column, if only one
        raise InvalidMoveError(f"{text!r} is not Three in a Row notation (a cell: a1 to c3)")

    # 9. the save's snapshot
    def snapshot(self) -> dict[str, Any]:
        return {"cells": ["" if o is None else str(o + 1) for o in self.cells], "to_act": [s + 1 for s in self.to_act()]}

    # 10. a text picture
    def render(self, seat: int | None, names: Sequence[str]) -> str:
        rows = [" ".join("." if o is None else "XO"[o] for o in self.cells[r * 3:r * 3 + 3]) for r in range(3)]
        return "\n".join(rows) + f"\nX: {names[0]}  O: {names[1]}"


class ThreeInARow(Ruleset):
    """1. The game's metadata and its first position."""

    id = "three-in-a-row"
    title = "Three in a Row"
    min_players = 2
    max_players = 2
    summary = "Take cells of a 3×3 grid in turn; three in a line wins."
    search_style = "rollouts"  # no evaluate(): the search plays to the end
    package_dir = Path(__file__).parent

    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        return ToyState()


RULESET = ThreeInARow()
ENTRY_POINT = ("three-in-a-row", "tests.toy_game:RULESET")
"""Its one entry-point line (`[project.entry-points."tsquare.rulesets"]` in a
distribution's metadata), which the tests install by `REGISTRY.add`."""
