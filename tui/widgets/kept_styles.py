"""Component styles kept until the styles change.

Textual forgets a widget's component styles (`get_component_rich_style`)
on every `refresh()`, and working one out again walks the widget's CSS and
its ancestors' backgrounds: a panel that draws each player's name, score
and counts in their styles spent most of its repaint there, on every move.
`KeptStyles` keeps them until Textual says the styles changed
(`notify_style_update`: a class, the focus, the theme), which restyles the
widget and everything under a restyled ancestor.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.widget import Widget


class KeptStyles(Widget):
    """Mix in before a widget class that draws with component styles."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._kept_styles: dict[tuple[Any, ...], Style] = {}

    def get_component_rich_style(self, *names: str, partial: bool = False, default: Style | None = None) -> Style:
        key = (names, partial, default)
        style = self._kept_styles.get(key)
        if style is None:
            style = self._kept_styles[key] = super().get_component_rich_style(*names, partial=partial, default=default)
        return style

    def palette_key(self) -> tuple[Style, ...]:
        """The widget's style and every component style it may draw with
        (what a `TextCanvas`'s picture's colours come from: `style_key`)."""
        return (self.rich_style, *(self.get_component_rich_style(name) for name in sorted(self.COMPONENT_CLASSES)))

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._kept_styles.clear()
