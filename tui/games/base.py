"""What every per-game view shares: the messages it posts up, the optional
hooks the game screen calls, the cursor keys."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from textual.binding import Binding
from textual.message import Message

from engine.core import with_names


class MoveChosen(Message):
    """The player built a move; `text` is its notation."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        """The move in the game's notation."""


class KeyRefused(Message):
    """A key that cannot act now; the screen shows `reason` in its message
    line (instead of only ringing the bell)."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason
        """Why, in a player's words ("It does not fit there.")."""


class GameView:
    """Optional hooks of a per-game view, with do-nothing defaults. A view
    may inherit this mixin (`class GameView(base.GameView, Horizontal)`) or
    just define the methods it needs: the screens look them up by name."""

    KEYS_HELP = ""
    """Markdown: the view's own keys, shown by `?` after the screen's keys."""

    state: Any = None
    """The position shown (already the viewer's view); None before `show`."""
    viewer: int | None = None
    """Whose view it is (None: a spectator)."""
    names: Sequence[str] = ()
    """The players' names, seat by seat."""
    can_act: bool = False
    """True when the viewer's keys may play now."""

    MIN_HEIGHT = 0
    """Rows the view needs to draw whole below 100 columns, where the screen
    gives the log the rows it leaves as a strip underneath (a column beside
    it when fewer than 2 are left)."""

    def take_position(self, state: Any, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Remember what `show` was given (the keys act on it)."""
        self.state, self.viewer, self.names, self.can_act = state, viewer, names, can_act

    def describe(self, state: Any, move: Any, seat: int | None) -> str:
        """What `move` does, with the players' names for their seats."""
        return with_names(state.describe_move(move, seat), self.names)

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """The last move played, called after `show` whenever it or the
        viewer changed (after each move, on resume, after a pass or an undo,
        at each replay step): `seat` made it, `notation` is its notation;
        both None before the first move, and `notation` None when the viewer
        may not see it (a sealed choice of another seat). A view may mark it
        on the board."""

    def mark_turn(self, moves: Sequence[tuple[int, str | None]]) -> None:
        """What the other players did in their last turn (since the viewer's
        last move, or before the viewer's run of moves under way), oldest
        first: (seat, notation), the notation None where the viewer may not
        see it; called with `mark_last`. A view may sum it up (Squire's
        "last turn" line)."""

    # optional, not defined here: `highlighted_move() -> move | None`, the
    # move Enter would play now; the screen checker (tests/tui/screen_checker.py)
    # asks it and looks for that move's full description on the screen

    def fit_to(self, width: int, height: int) -> None:
        """The screen's size, on every resize: a view may draw bigger."""


ARROWS = (("up,k", "↑", 0, -1, "n"), ("down,j", "↓", 0, 1, "s"), ("left,h", "←", -1, 0, "w"), ("right,l", "→", 1, 0, "e"))
"""The four cursor keys (arrows and vi keys): keys, label, dx, dy (down is +1), compass letter."""


def arrow_bindings(action: Callable[[int, int, str], str]) -> list[Binding]:
    """Hidden bindings for the four cursor keys; `action(dx, dy, compass)`
    gives each one's action string, so each view keeps its own signature."""
    return [Binding(keys, action(dx, dy, d), label, show=False) for keys, label, dx, dy, d in ARROWS]
