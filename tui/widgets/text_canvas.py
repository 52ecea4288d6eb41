"""A widget that draws a Rich Text through the Line API, with cached strips.

Textual's general path (Text → Content → wrapped, aligned lines) costs
milliseconds for a board of many styled spans on every key press. This widget
renders its picture once into strips (wrapping Text at its width, or taking
ready-made runs of styled text from `draw_runs`) and keeps them until
`redraw()` is called.
"""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class TextCanvas(Widget):
    """Subclasses implement `draw() -> Text`; call `redraw()` after a change."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._strips: list[Strip] | None = None

    def draw(self) -> Text:
        """The picture as Text (long lines wrap at the widget's width)."""
        return Text()

    def draw_runs(self) -> list[list[tuple[str, Style | None]]] | None:
        """Faster alternative to `draw`: per row, runs of (text, style).
        Return None to use `draw`."""
        return None

    def redraw(self) -> None:
        """Forget the cached lines and repaint."""
        self._strips = None
        self.refresh()

    def _build(self) -> list[Strip]:
        base = self.rich_style
        width = self.size.width
        runs = self.draw_runs()
        if runs is not None:
            return [
                Strip([Segment(t, base + st if st else base) for t, st in row]).crop_extend(0, width, base)
                for row in runs
            ]
        console = self.app.console
        lines = console.render_lines(self.draw(), console.options.update_width(max(1, width)), style=base, pad=True)
        return [Strip(line).crop_extend(0, width, base) for line in lines]

    def render_line(self, y: int) -> Strip:
        if self._strips is None or (self._strips and self._strips[0].cell_length != self.size.width):
            self._strips = self._build()
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def on_resize(self) -> None:
        self._strips = None
