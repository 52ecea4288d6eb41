"""The game log: every event, numbered by move, wrapped to the panel's width,
with the last move marked and the keys to read back.

Lines are drawn through the Line API from strips cached per width; in a strip
of a few rows older entries take a row each (cut between words), so the
strip never starts inside one. The last
move's entries start with '▶' and are bold; older ones are muted. Keys while
focused: ↑/↓ a line, PgUp/PgDn a page, Home/End, and [ / ] a whole move back
or forward (`older()` / `newer()` for a screen that binds other keys). New
entries scroll the log to its end unless the reader has scrolled back (a
screen may ask to follow them anyway: `add(..., follow=True)`); a scroll to
the end still on its way counts as being at the end, so a burst of entries
added before the screen refreshes keeps following.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.palette import PALETTE_CLASSES, player_class
from tui.widgets.text_fit import fit_words, wrap_words

LAST_MARK = "▶"
"""Before each entry of the last move."""
NARROW = 30
"""Below this width (a column beside the board at 80 columns) an entry's
later lines start under its number, not under its text: 4 more columns."""

STRIP_BELOW = 100
"""Narrower than this, a screen's log is a strip under the board (whole
lines) instead of a column beside it (18 columns at 80: an entry over 4 lines)."""
HIDE_BELOW = 80
"""Narrower than this, with no rows for a strip, the log is left out (`e`
still opens it over the screen): a column beside the board there took the
board's room and pushed the cursor and what Enter does off the screen."""
STRIP_ROWS = 4
"""The most rows the strip takes (the view's `MIN_HEIGHT` may leave fewer)."""


def strip_rows(view: Widget, width: int, height: int) -> int:
    """The rows of the log strip under `view` on a screen of this size; 0:
    a column beside it (100 columns or more, or fewer than 2 rows left once
    the view has its `MIN_HEIGHT` and the status, message and key lines theirs)."""
    rows = min(STRIP_ROWS, height - 3 - getattr(view, "MIN_HEIGHT", 0))
    return rows if width < STRIP_BELOW and rows >= 2 else 0


def place_log(screen: Screen[Any], view: Widget, width: int, height: int) -> None:
    """Mark `screen` for the log's place (app.tcss draws it): `-log-strip`
    and `-log-strip-N` for a strip of N rows, `-log-hidden` below 80
    columns without room for a strip, none for the column."""
    rows = strip_rows(view, width, height)
    screen.set_class(rows > 0, "-log-strip")
    screen.set_class(rows == 0 and width < HIDE_BELOW, "-log-hidden")
    for n in range(2, STRIP_ROWS + 1):
        screen.set_class(rows == n, f"-log-strip-{n}")


@dataclass(frozen=True)
class LogEntry:
    """One line of the record, as a reader sees it."""

    ply: int
    """The move it belongs to (1-based, as the save numbers them)."""
    text: str
    """The event in words, names already filled in."""
    seat: int | None = None
    """Who acted, for the colour of the move number (None: the game itself)."""


class LogPanel(ScrollView, can_focus=True):
    """Set `entries` with `show(...)` or `add(...)`; read back by keys."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {"log-panel--last", "log-panel--older", "log-panel--marker"}
    DEFAULT_CSS = """
    LogPanel { width: 1fr; height: 1fr; min-width: 20; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    """
    BINDINGS = [
        Binding("left_square_bracket", "older", "Earlier move", show=False),
        Binding("right_square_bracket", "newer", "Later move", show=False),
    ]

    def __init__(self, entries: Sequence[LogEntry] = (), **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.entries: list[LogEntry] = list(entries)
        """Every entry, oldest first."""
        self._strips: list[Strip] = []
        self._starts: list[int] = []
        """The first line of each entry."""
        self._width = -1
        self._paint: tuple[Style, int] | None = None
        """The style and width of the repaint under way."""
        self._to_end_queued = False
        """A scroll to the end is on its way (after the next refresh)."""
        self._following = True
        """The reader was at the end at their last scroll: a change of size
        (the board beside it growing, a panel opening) keeps them there."""
        self._drawn: dict[tuple[Any, ...], list[Strip]] = {}
        """Each entry's strips, by what they are drawn from (the entry, last
        or not, the numbers' width, the width, the styles): a new move draws
        its own entries and the previous move's (no longer last), not the
        whole log again."""
        self._bar_changed = False
        """The last new length showed or hid the scrollbar (a layout is on its way)."""

    # ------------------------------------------------------------ attributes
    def show(self, entries: Sequence[LogEntry]) -> None:
        """Replace every entry (e.g. after an undo) and go to the end (the
        same entries again repaint nothing)."""
        entries = list(entries)
        if entries == self.entries and self._width != -1:
            if not self.at_end:
                self.scroll_to_end()
            return
        self.entries = entries
        self._rebuild(follow=True)

    def add(self, *entries: LogEntry, follow: bool | None = None) -> None:
        """Append entries and scroll to them if `follow`; None: if the reader
        was at the end (or a scroll there is on its way), so one who
        scrolled back to read is not pulled down."""
        if follow is None:
            follow = self.at_end
        self.entries.extend(entries)
        self._rebuild(follow=follow)

    @property
    def at_end(self) -> bool:
        """The last line is in view, or will be once the queued scroll runs."""
        return self._to_end_queued or self.scroll_offset.y >= self.max_scroll_y

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    @property
    def last_ply(self) -> int | None:
        """The move marked as last (None while the log is empty)."""
        return self.entries[-1].ply if self.entries else None

    # ------------------------------------------------------------ drawing
    def _rebuild(self, follow: bool) -> None:
        self._width = -1
        self._layout()
        self.refresh()
        if follow:
            if self.is_mounted and self.container_size and not self._bar_changed:
                self._end_now()  # laid out, same width: scrolled in this repaint, not in one more
            else:
                self.scroll_to_end()

    def scroll_to_end(self) -> None:
        """Scroll to the last line once the new size is laid out."""
        self._to_end_queued = True
        self.call_after_refresh(self._end_now)

    def _end_now(self) -> None:
        self._to_end_queued = False
        self.scroll_end(animate=False, immediate=True)

    def _layout(self) -> None:
        """Wrap every entry to the width into cached strips."""
        width = max(8, self.scrollable_content_region.width)
        if width == self._width:
            return
        self._width = width
        style = self.get_component_rich_style
        last, older, marker = style("log-panel--last"), style("log-panel--older"), style("log-panel--marker")
        strips: list[Strip] = []
        starts: list[int] = []
        last_ply = self.last_ply
        digits = len(str(last_ply or 0))
        drawn, kept = self._drawn, {}
        strip = 0 < self.size.height <= STRIP_ROWS  # a few rows under the board: the last move's entries whole,
        for e in self.entries:                       # older ones a row each, never the tail of one
            is_last = e.ply == last_ply
            body = last if is_last else older
            number = style(player_class(e.seat)) if e.seat is not None and e.seat < 5 else body
            one_row = strip and not is_last
            key = (e, is_last, digits, width, body, number, marker, one_row)
            starts.append(len(strips))
            rows = kept[key] = drawn.get(key) or self._entry_strips(e, is_last, digits, width, body, number, marker,
                                                                    one_row)
            strips.extend(rows)
        self._drawn = kept
        self._strips, self._starts = strips, starts
        self._set_virtual_size(Size(width, len(strips)))
        if self._following and not self._to_end_queued and self.scroll_offset.y < self.max_scroll_y:
            self.scroll_to_end()  # rewrapped longer (a scrollbar came and took a column): stay at the end

    def _set_virtual_size(self, size: Size) -> None:
        """The lines to scroll through. The log's own size never depends on
        them (it takes the room its screen gives it), so a longer log moves
        the scrollbar and repaints the log, not the whole screen's layout
        (Textual's `virtual_size` asks for one)."""
        self._bar_changed = False
        if size == self.virtual_size:
            return
        if (not self.is_mounted or not self.container_size or size.width != self.virtual_size.width
                or self.show_vertical_scrollbar != (size.height > self.container_size.height)):
            self._bar_changed = True
            self.virtual_size = size  # laid out: the first time, or the scrollbar comes or goes
            return
        self.set_reactive(ScrollView.virtual_size, size)
        self._scroll_update(size)  # the scrollbar's length

    @staticmethod
    def _entry_strips(e: LogEntry, is_last: bool, digits: int, width: int,
                      body: Style, number: Style, marker: Style, one_row: bool = False) -> list[Strip]:
        """One entry wrapped to `width`: its number in the gutter, the later
        lines under its text (under the number where narrow); `one_row`:
        its first row alone, cut between words (`e` shows it whole)."""
        gutter = 2 + digits + 2  # mark, space, number, '. '
        indent = 2 if width < NARROW else gutter  # narrow: the text under the number, not under the text
        head = [
            Segment(LAST_MARK if is_last else " ", marker if is_last else body),
            Segment(" " + str(e.ply).rjust(digits), number + Style(bold=is_last)),
            Segment(". ", body),
        ]
        if one_row:
            line = fit_words(e.text, width - gutter)
            return [Strip([*head, Segment(line, body)], gutter + cell_len(line))]
        lines = wrap_words(e.text, width - gutter) or [""]
        words = e.text.split()
        n = len(lines[0].split())
        if indent < gutter and len(lines) > 1 and " ".join(words[:n]) == lines[0]:
            lines = lines[:1] + wrap_words(" ".join(words[n:]), width - indent)  # the later lines use the gutter too
        strips = []
        for k, line in enumerate(lines):
            lead = head if k == 0 else [Segment(" " * indent, body)]
            strips.append(Strip([*lead, Segment(line, body)], (gutter if k == 0 else indent) + cell_len(line)))
        return strips

    def on_mount(self) -> None:
        self._rebuild(follow=True)

    def on_resize(self) -> None:
        self._width = -1
        self._layout()
        if self._following or self._to_end_queued:  # a new height or wrapping: stay at the end
            self.scroll_to_end()

    def render_lines(self, crop: Region) -> list[Strip]:
        # the style and width are asked once a repaint, not once a line
        self._paint = (self.rich_style, self.scrollable_content_region.width)
        try:
            return super().render_lines(crop)
        finally:
            self._paint = None

    def render_line(self, y: int) -> Strip:
        self._layout()
        index = self.scroll_offset.y + y
        style, width = self._paint or (self.rich_style, self.scrollable_content_region.width)
        if 0 <= index < len(self._strips):
            return self._strips[index].crop_extend(0, width, style)
        return Strip.blank(width, style)

    # ------------------------------------------------------------ keys
    def _ply_starts(self) -> list[int]:
        """The first line of each move."""
        out, seen = [], None
        for e, start in zip(self.entries, self._starts):
            if e.ply != seen:
                out.append(start)
                seen = e.ply
        return out

    def older(self) -> None:
        """Scroll so the move before the top one starts the view."""
        top = self.scroll_offset.y
        earlier = [s for s in self._ply_starts() if s < top]
        self.scroll_to(y=earlier[-1] if earlier else 0, animate=False)

    def newer(self) -> None:
        """Scroll so the move after the top one starts the view."""
        top = self.scroll_offset.y
        later = [s for s in self._ply_starts() if s > top]
        self.scroll_to(y=later[0] if later else self.max_scroll_y, animate=False)

    def action_older(self) -> None:
        self.older()

    def action_newer(self) -> None:
        self.newer()
