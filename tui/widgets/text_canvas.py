"""A widget that draws a Rich Text through the Line API, with cached strips.

Textual's general path (Text → Content → wrapped, aligned lines) costs
milliseconds for a board of many styled spans on every key press. This widget
renders its picture into strips (wrapping Text at its width, or taking
ready-made runs of styled text from `draw_runs`) and keeps them until
`redraw()` is called. `redraw()` draws again at once and repaints only the
rows that changed (a cursor move repaints the two or three rows it touched,
not the whole board); a line of Text already rendered at this width is
taken from a cache instead of being wrapped again.
"""
from __future__ import annotations

from typing import Hashable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from tui.widgets.redraw_batch import later

Runs = list[tuple[str, "Style | None"]]
"""One row as runs of (text, style)."""

CACHE_LINES = 512
"""Rendered lines of Text kept per widget (then the cache starts again)."""


class TextCanvas(Widget):
    """Subclasses implement `draw() -> Text` (or `draw_runs`); call
    `redraw()` after a change."""

    TEXTUAL_LINES = False
    """Draw each line of `draw()`'s Text as Textual draws a widget's Text
    (through its `Content`: the same cells and segments as a widget whose
    `render()` returns that Text), kept per line; False: through Rich, each
    row padded to the width."""
    FITS_HEIGHT = True
    """The picture may fit itself to the height (a map, a board): drawn
    again at a new height as at a new width. False for lines of text, whose
    own number sets the height (drawing them again would cost a frame)."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._strips: list[Strip] | None = None
        self._size_drawn = Size(0, 0)
        """The size `_strips` were drawn at: a picture fitted to its room is
        drawn again when the room changes, even with no Resize (a height that
        changed while the widget was laid out again, say)."""
        self._form_drawn: Hashable = None
        """`form()` when `_strips` were drawn."""
        self._keys: list[Hashable] = []
        """What each row's strip was drawn from, to find the rows that changed."""
        self._rendered: dict[Hashable, list[Strip]] = {}
        """Lines of Text rendered at a width and base style: their rows."""
        self._style_seen: Hashable = None
        """`style_key()` when the strips were drawn."""
        self._style_checked = False
        self._base_style: Style | None = None
        """`rich_style` as last computed (it walks every ancestor's styles),
        until the styles change (`notify_style_update`)."""

    @property
    def base_style(self) -> Style:
        """The widget's own Rich style (its colours over its ancestors'
        backgrounds), computed once between two changes of styles."""
        if self._base_style is None:
            self._base_style = self.rich_style
        return self._base_style

    def draw(self) -> Text:
        """The picture as Text (long lines wrap at the widget's width)."""
        return Text()

    def draw_runs(self) -> list[Runs] | None:
        """Faster alternative to `draw`: per row, runs of (text, style).
        Return None to use `draw`."""
        return None

    def redraw(self) -> None:
        """Draw again now and repaint the rows that changed (all of them if
        the number of rows changed or nothing was drawn yet). Inside
        `redraw_batch.one_redraw()`: once, as the batch ends."""
        if not later(self, "redraw", self._redraw_now):
            self._redraw_now()

    def _redraw_now(self) -> None:
        if self._strips is not None and self.size.width:
            self._check_style()  # may drop the strips: new colours repaint everything
        if self._strips is None or not self.size.width:
            self._strips = None
            self.refresh()
            return
        old = self._keys
        self._strips, self._keys = self._build()
        self._size_drawn, self._form_drawn = self.size, self.form()
        new = self._keys
        if len(old) != len(new):
            self.refresh()
            return
        width = self.size.width
        changed = [y for y, (a, b) in enumerate(zip(old, new)) if a != b]
        while changed:  # one region per block of adjacent rows
            top = bottom = changed.pop(0)
            while changed and changed[0] == bottom + 1:
                bottom = changed.pop(0)
            self.refresh(Region(0, top, width, bottom - top + 1))

    def _build(self, width: int | None = None) -> tuple[list[Strip], list[Hashable]]:
        """The rows drawn at `width` (default: the widget's) and what each was drawn from."""
        base = self.base_style
        width = self.size.width if width is None else width
        runs = self.draw_runs()
        if runs is not None:
            old_strips, old_keys = self._strips or [], self._keys if self._strips else []
            strips: list[Strip] = []
            keys: list[Hashable] = []
            for y, row in enumerate(runs):
                key = (tuple(row), base, width)
                if y < len(old_keys) and old_keys[y] == key:  # unchanged: keep its strip
                    strips.append(old_strips[y])
                else:
                    strips.append(Strip([Segment(t, base + st if st else base) for t, st in row])
                                  .crop_extend(0, width, base))
                keys.append(key)
            return strips, keys
        return self._build_text(self.draw(), base, width)

    def _build_text(self, text: Text, base: Style, width: int) -> tuple[list[Strip], list[Hashable]]:
        """Each line of `text` wrapped at `width`: rendered once, then cached."""
        console = self.app.console
        options = console.options.update_width(max(1, width))
        cache = self._rendered
        if len(cache) > CACHE_LINES:
            cache.clear()
        strips: list[Strip] = []
        keys: list[Hashable] = []
        textual = self.visual_style if self.TEXTUAL_LINES else None
        if textual is not None and not text.plain:
            return strips, keys  # Textual draws no row for no text
        for line in text.split("\n", allow_blank=True):
            key = (line.plain, tuple(line.spans), line.style, line.justify, line.overflow, line.no_wrap,
                   base, textual, width)
            rows = cache.get(key)
            if rows is None and textual is not None:
                content = Content.from_rich_text(line, console=console)
                rows = cache[key] = Visual.to_strips(self, content, width, None, textual, apply_selection=False)
            elif rows is None:
                rendered = console.render_lines(line, options, style=base, pad=True)
                rows = cache[key] = [Strip(r).crop_extend(0, width, base) for r in rendered]
            strips.extend(rows)
            keys.extend((key, n) for n in range(len(rows)))
        return strips, keys

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows of the picture at `width` (a canvas of `height: auto`):
        those drawn if drawn at that width, else drawn once more (its lines
        kept for the repaint), not rendered a second way as Textual measures."""
        if self._strips is not None and self._size_drawn.width == width and self._form_drawn == self.form():
            return len(self._strips)
        return len(self._build(width)[0])

    def form(self) -> Hashable:
        """What the picture depends on besides what `redraw()` is called for
        and the widget's size (a subclass's: the screen's height); the strips
        are drawn again when it changes."""
        return None

    def style_key(self) -> Hashable:
        """What the picture's colours come from: the widget's style (a
        subclass adds the component styles it draws with)."""
        return self.rich_style

    def style_changed(self) -> None:
        """The colours changed (a theme, a class): draw everything again."""
        self._strips = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style_checked = False  # looked at on the next repaint
        self._base_style = None

    def _check_style(self) -> None:
        """After a restyle (focus, theme): draw again only if the colours changed."""
        if not self._style_checked:
            self._style_checked = True
            key = self.style_key()
            if key != self._style_seen:
                self._style_seen = key
                self.style_changed()

    def render_line(self, y: int) -> Strip:
        self._check_style()
        drawn, size = self._size_drawn, self.size
        if (self._strips is None or drawn.width != size.width or self._form_drawn != self.form()
                or (self.FITS_HEIGHT and drawn.height != size.height)):
            self._strips, self._keys = self._build()
            self._size_drawn, self._form_drawn = self.size, self.form()
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style if self.TEXTUAL_LINES else self.base_style)

    def on_resize(self) -> None:
        if self._size_drawn != self.size:  # (Textual says so after a first layout, once drawn at that size)
            self._strips = None  # a picture may fit itself to the room: draw it again
