"""Focusing a widget that has the focus already repaints nothing.

Textual's `Widget.focus()` repaints the widget whole on every call, even
when it has the focus already (then its `set_focus` does nothing else). The
game screens hand the keys to the board on every draw (`show`), so each
move, and each redraw where nothing changed, repainted the whole board on
top of the rows that changed. `install()` (done once by `tui.app`) keeps
`focus()` as it is for a widget without the focus, and for one that has it
queues the same (empty) focus change without the repaint, so a later
`focus()` of another widget still wins in the order the calls were made.
"""
from __future__ import annotations

from typing import Any

from textual.widget import Widget

_textual_focus = Widget.focus


def _focus(self: Widget, scroll_visible: bool = True) -> Any:
    if not self.has_focus:
        return _textual_focus(self, scroll_visible)

    def keep(widget: Widget) -> None:
        if widget.is_attached:
            widget.screen.set_focus(widget, scroll_visible=scroll_visible)

    self.app.call_later(keep, self)
    return self


def install() -> None:
    """Make `Widget.focus` skip the repaint of a widget that has the focus."""
    Widget.focus = _focus  # type: ignore[method-assign]
