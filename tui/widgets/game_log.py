"""The log of what happened, ply by ply, shared by the game and replay
screens: a column beside the board, or (expanded) the lower part of the
screen at full width; ↑↓ PgUp PgDn Home End scroll it when it has focus."""
from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.widgets import RichLog


class GameLog(RichLog):
    """Event lines grouped by ply; always opens on the newest lines."""

    BINDINGS = [
        Binding("j", "scroll_down", "Down", show=False),
        Binding("k", "scroll_up", "Up", show=False),
    ]

    def __init__(self, **kw: object) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=10, **kw)  # type: ignore[arg-type]
        self.lines_shown: list[tuple[int, str]] = []
        """The (ply, text) pairs drawn, for re-wrapping and tests."""
        self.wrapped_at = 0
        """The width the lines were last wrapped at."""

    def show_lines(self, lines: Sequence[tuple[int, str]]) -> None:
        """Draw these (ply, text) pairs and scroll to the newest."""
        self.lines_shown = []
        self.clear()
        self.add_lines(lines)

    def add_lines(self, lines: Sequence[tuple[int, str]]) -> None:
        """Append lines, the ply number on each ply's first line."""
        previous = self.lines_shown[-1][0] if self.lines_shown else None
        for ply, text in lines:
            head = f"{ply:>3}. " if ply != previous else "     "
            previous = ply
            self.write(Text.assemble((head, "bold"), text))
        self.lines_shown += list(lines)
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        # re-wrap at a new width (the base class wraps at write time)
        width = self.scrollable_content_region.width
        if width and width != self.wrapped_at:
            self.wrapped_at = width
            if self.lines_shown:
                self.call_after_refresh(self.show_lines, list(self.lines_shown))
