"""Repaint a widget whose content changed, and lay the screen out again only
where its size may have changed.

Textual lays the whole screen out again for a `refresh(layout=True)` (a
reactive declared `layout=True` asks for one on every change), and a
layout repaints every widget whose place it touches: on a game screen that
was most of a move's cost while the players' panel, the legend and the log
kept their sizes. `refresh_fitted` asks for the layout only when the
widget's height is `auto` and its content's height for its width changed
(or its width is `auto`, or it has not been laid out yet).

`install()` (done once by `tui.app`) makes Textual's `Static.update` do the
same: it asks for a layout on every update unless told `layout=False`, and
the views update many Statics on every move.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.redraw_batch import later


def needs_layout(widget: Widget) -> bool:
    """Whether a change of `widget`'s content may change its size on the
    screen. Call it after `widget.refresh()`: the content it measures is the
    one the repaint draws (Textual keeps it until the next refresh)."""
    if not widget.is_mounted:
        return True  # its first layout measures it
    if not all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget)):
        return False  # hidden: showing it lays it out (a panel of a view's other form, a closed section)
    if not widget.content_size:
        return True  # not laid out yet
    styles = widget.styles
    if styles.width is not None and styles.width.is_auto:
        return True
    if styles.height is None or not styles.height.is_auto:
        return False  # a fixed or fractional height, or none (it fills its place): the content never sizes it
    size = widget.content_size
    return widget.get_content_height(size, widget.app.size, size.width) != size.height


def refresh_fitted(widget: Widget) -> None:
    """Repaint `widget`; lay the screen out again only if its size may change
    (measured once for several changes inside `redraw_batch.one_redraw()`)."""
    widget.refresh()
    refit(widget)


def refit(widget: Widget) -> None:
    """Lay the screen out again only if `widget`'s size may change, once it
    has repainted itself (a `TextCanvas` repaints the rows that changed):
    measured once for several changes inside `redraw_batch.one_redraw()`."""
    if not later(widget, "fit", partial(_fit, widget)):
        _fit(widget)


def _fit(widget: Widget) -> None:
    if needs_layout(widget):
        widget.refresh(layout=True)


_textual_update = Static.update


def _update(self: Static, content: Any = "", *, layout: bool = True) -> None:
    _textual_update(self, content, layout=False)
    if layout:
        refresh_fitted(self)


def install() -> None:
    """Make `Static.update` lay the screen out again only if the widget's size may change."""
    Static.update = _update  # type: ignore[method-assign]
