"""The Squire board view the game screen mounts: the board (board.py) with
its look (look.py) and drawn parts (parts.py)."""
from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical

from rulesets.squire.state import SquireState
from tui.games import base
from tui.games.squire.board import KEYS_HELP, WHOLE, SquireBoard


class GameView(base.GameView, Vertical):
    """The Squire board view the game screen mounts."""

    KEYS_HELP = KEYS_HELP
    DEFAULT_CSS = """
    GameView { width: 2fr; min-width: 59; max-width: 100%; height: 1fr; }
    """

    @property
    def MIN_HEIGHT(self) -> int:  # type: ignore[override]  # noqa: N802 (the hook's name)
        """The board's whole height where the terminal leaves the log strip
        two rows beside it (80×24), else nothing: a smaller screen shows
        less, and keeps the log a strip under the board, never a column
        beside it that would squeeze the map."""
        rows = self.app.size.height - 3 - WHOLE  # the status, message and key lines take 3
        return WHOLE if rows >= 2 else 0

    def compose(self) -> ComposeResult:
        yield SquireBoard()

    def show(self, state: SquireState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (already `viewer`'s view); keys act if `can_act`."""
        board = self.query_one(SquireBoard)
        board.set_state(state, viewer, names, can_act)
        if can_act:
            board.focus()

    def highlighted_move(self) -> Any:
        """The move Enter would play now, or None."""
        return self.query_one(SquireBoard).enter_move()

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """Mark the last move (`seat` played `notation`) on the map."""
        self.query_one(SquireBoard).mark_last(seat, notation)

    def mark_turn(self, moves: Sequence[tuple[int, str | None]]) -> None:
        """The others' last turn: summed up under the map."""
        self.query_one(SquireBoard).mark_turn(moves)
