"""Text parts of the Squire screen that are not kit widgets: the line under
the map, your gallery, the market and a list of choices. Each is a `Painted`
widget: rows of (text, style name) runs, the names being the theme's palette
classes or a few of its own, so every colour comes from the .tcss files."""
from __future__ import annotations

from typing import Sequence

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tui.widgets.palette import PALETTE_CLASSES

Run = tuple[str, str]
"""A piece of text and its style name ('' for plain, 'kind-red', 'bold' …)."""
Row = list[Run]

OWN = ("bold", "muted", "cursor", "heading", "warn")
"""Style names of this widget beside the palette's."""


class Painted(Widget):
    """Rows of styled runs, set by the board with `paint`."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {f"painted--{n}" for n in OWN}
    DEFAULT_CSS = """
    Painted { height: auto; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    Painted > .painted--bold { text-style: bold; }
    Painted > .painted--muted { color: $text-muted; }
    Painted > .painted--cursor { text-style: bold reverse; }
    Painted > .painted--heading { text-style: bold; color: $accent; }
    Painted > .painted--warn { text-style: bold; color: $text-warning; }
    """

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.rows: list[Row] = []
        """What is drawn, top to bottom."""

    def paint(self, rows: Sequence[Row]) -> None:
        """New rows to draw (nothing is redrawn when they are the same)."""
        new = [list(r) for r in rows]
        if new == self.rows:
            return
        resized = len(new) != len(self.rows)
        self.rows = new
        self.refresh(layout=resized)

    def _style(self, name: str) -> Style | None:
        out = None
        for part in name.split():
            key = part if part in PALETTE_CLASSES else f"painted--{part}"
            style = self.get_component_rich_style(key)
            out = style if out is None else out + style
        return out

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, row in enumerate(self.rows):
            if i:
                out.append("\n")
            for text, name in row:
                out.append(text, self._style(name) if name else None)
        return out

    def plain(self) -> str:
        """The rows without styles (for tests and the look tool)."""
        return "\n".join("".join(t for t, _ in row) for row in self.rows)
