"""An OptionList that also moves with the vi keys j and k, and the guard
every screen's "a choice was made" handler wears."""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import OptionList


class KeyOptionList(OptionList):
    """OptionList with j/k as down/up, as everywhere else in the app."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]


class ChoiceList(KeyOptionList):
    """A board's list of the step's choices: Enter chooses, and says so in
    the key bar (a plain OptionList's Enter is hidden there); the choice
    Enter takes is marked `▶` in a gutter, not by colour only."""

    BINDINGS = [Binding("enter", "select", "Choose")]
    MARK = "▶ "
    """Before the first line of the highlighted choice (the gutter's width)."""

    def _get_left_gutter_width(self) -> int:
        return cell_len(self.MARK)

    def key_applies(self, action: str) -> bool:
        """Enter is offered only while a choice is highlighted (it would
        choose nothing else)."""
        return action != "select" or self.highlighted is not None

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if self.is_attached:
            self.screen.refresh_bindings()  # Enter comes and goes on the key bar

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        width = self.scrollable_content_region.width
        if strip.cell_length >= width:  # a blank row past the options: already full width
            return strip
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:
            index, offset = -1, -1
        mark = self.MARK if index == self.highlighted and offset == 0 else " " * cell_len(self.MARK)
        style = self.get_visual_style("option-list--option").rich_style
        return Strip.join([Strip([Segment(mark, style)]), strip]).crop_extend(0, width, style)


S = TypeVar("S", bound=Screen[Any])
M = TypeVar("M", bound=Message)


def when_on_top(handler: Callable[[S, M], None]) -> Callable[[S, M], None]:
    """Run a screen's choice handler (an option selected, a line submitted)
    only while that screen is on top.

    Enter makes a message the screen handles later; keys typed in the same
    burst (a paste, a fast typist over SSH) may already have opened or
    closed another screen by then, and acting on the old choice would open
    a save or a room behind it, or dismiss the wrong screen. Such a late
    message is stopped and dropped."""

    @functools.wraps(handler)
    def guarded(self: S, message: M) -> None:
        if not self.is_active:
            message.stop()
            return
        handler(self, message)

    return guarded
