"""An OptionList that also moves with the vi keys j and k."""
from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class KeyOptionList(OptionList):
    """OptionList with j/k as down/up, as everywhere else in the app."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]
