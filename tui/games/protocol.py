"""`GameView`: the typed contract between the game screen and a board view.

A board view is a Textual widget that follows "attributes down, messages
up". The screens (game, replay, a server room) call exactly these members and
nothing else; the view posts `tui.games.base.MoveChosen(notation)` when the
player has built a move and `KeyRefused(reason)` for a key that cannot act
now. `tui.games.base.GameView` holds the defaults of the hooks, so a view
inherits it and defines `show` (and what else it needs).
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence, runtime_checkable


@runtime_checkable
class GameView(Protocol):
    """What the screens call on a board view."""

    KEYS_HELP: str
    """Markdown: the view's own keys, shown by `?` after the screen's keys."""

    def show(self, state: Any, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` after every move: it is already `viewer`'s view (never
        more than that seat may see); `viewer` is None for a spectator;
        `can_act` is True when that seat must choose now."""

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """The last move played (both None before the first; `notation`
        None when the viewer may not see it), after `show` whenever it or the
        viewer changed: a view may mark it on the board."""

    def fit_to(self, width: int, height: int) -> None:
        """The screen's size, on every resize: a view may draw bigger."""


MEMBERS = ("KEYS_HELP", "show", "mark_last", "fit_to")
"""The members a view class must have (checked when it is looked up)."""
