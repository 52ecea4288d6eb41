"""A widget whose picture is the Text its `render()` returns, drawn through
the Line API (`TextCanvas`): each line kept as Textual would draw it (the
same cells and segments as a plain widget), so a change repaints only the
rows that changed and its height is counted from the rows drawn. Its colours
are its component styles (`KeptStyles`); call `redraw()` after a change
(and `fitted.refit` where its height may change)."""
from __future__ import annotations

from rich.text import Text

from tui.widgets.kept_styles import KeptStyles
from tui.widgets.text_canvas import TextCanvas


class TextLines(KeptStyles, TextCanvas):
    """Subclasses implement `render() -> Text`."""

    TEXTUAL_LINES = True
    FITS_HEIGHT = False  # lines of text: as many as they are, whatever the height

    def render(self) -> Text:
        return Text()

    def draw(self) -> Text:
        return self.render()

    def style_key(self) -> object:
        return self.palette_key()
