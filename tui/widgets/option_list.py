"""An OptionList that also moves with the vi keys j and k, and the guard
every screen's "an option was chosen" handler wears."""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol, TypeVar

from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList


class KeyOptionList(OptionList):
    """OptionList with j/k as down/up, as everywhere else in the app."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]


class _Screenish(Protocol):
    @property
    def is_active(self) -> bool: ...


S = TypeVar("S", bound=_Screenish)
M = TypeVar("M", bound=Message)


def when_on_top(handler: Callable[[S, M], None]) -> Callable[[S, M], None]:
    """Run a screen's selection handler only while that screen is on top.

    A list's Enter is a message the screen handles later; keys typed in the
    same burst (a paste, a fast typist over SSH) may already have opened or
    closed another screen by then, and acting on the old choice would open
    a save or a room behind it, or pop the wrong screen. Such a late
    message is stopped and dropped."""

    @functools.wraps(handler)
    def guarded(self: S, message: M) -> None:
        if not self.is_active:
            message.stop()
            return
        handler(self, message)

    return guarded


