"""The legend: every symbol and colour on a screen, explained in one line.

Entries are a symbol (drawn in its colour, if it has one) and a few words:
`♦ painting · ┄ sea route · 1 Ana`. When they do not fit one line the line
ends in '… more (KEY)' and `toggle()` (bound to that key by the screen)
shows them all, wrapped over as many lines as they need.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from tui.widgets.fitted import refit
from tui.widgets.palette import PALETTE_CLASSES
from tui.widgets.text_lines import TextLines

SEPARATOR = " · "


@dataclass(frozen=True)
class LegendEntry:
    """One symbol and what it means."""

    symbol: str
    """As drawn on the screen: '♦', '┄┄', '▶', '1'."""
    words: str
    """What it means: 'painting', 'sea route (free for the Stag)'."""
    colour: str = ""
    """Optional palette class of the symbol: 'kind-red', 'player-2'."""
    style: str = ""
    """Optional Rich style of the symbol as drawn (e.g. 'reverse' for a cursor)."""


class Legend(TextLines):
    """One line of symbol-and-words; `toggle()` shows every entry. Drawn
    through the Line API: a change repaints the rows that changed."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {"legend--symbol", "legend--more"}
    DEFAULT_CSS = """
    Legend { height: auto; width: 1fr; padding: 0 1; }
    """

    entries: reactive[tuple[LegendEntry, ...]] = reactive((), repaint=False)
    """What is explained, in order of importance (the first ones always show).
    A change repaints; the screen is laid out again only if the legend
    takes another height (`refresh_fitted`)."""
    expanded = reactive(False, layout=True)
    """Show every entry, over several lines."""

    def __init__(self, entries: Sequence[LegendEntry] = (), key: str = "L", **kw: object) -> None:
        super().__init__(**kw)
        self.key = key
        """The key the screen binds to `toggle()`, named in the '… more' hint."""
        self.set_reactive(Legend.entries, tuple(entries))

    def watch_entries(self) -> None:
        self.redraw()
        refit(self)

    def watch_expanded(self) -> None:
        self.redraw()

    def toggle(self) -> None:
        """Show all entries, or the one line again."""
        self.expanded = not self.expanded

    def _entry(self, e: LegendEntry) -> Text:
        t = Text()
        style = self.get_component_rich_style("legend--symbol")
        if e.colour:
            style += self.get_component_rich_style(e.colour)
        if e.style:
            style += Style.parse(e.style)
        t.append(e.symbol, style)
        t.append(" " + e.words)
        return t

    def fits(self, width: int) -> int:
        """How many entries fit one line of `width` cells (leaving room for the hint)."""
        hint = cell_len(self._hint())
        used = 0
        for n, e in enumerate(self.entries):
            size = cell_len(e.symbol) + 1 + cell_len(e.words) + (cell_len(SEPARATOR) if n else 0)
            last = n == len(self.entries) - 1
            if used + size + (0 if last else hint) > width:
                return n
            used += size
        return len(self.entries)

    def _hint(self) -> str:
        return f"{SEPARATOR}… more ({self.key})"

    def render(self) -> Text:
        width = max(1, self.content_size.width)
        more = self.get_component_rich_style("legend--more")
        if not self.expanded:
            n = self.fits(width)
            out = self._join(self.entries[:n])
            if n < len(self.entries):
                out.append(self._hint(), more)
            return out
        lines = self._lines(width)
        out = Text("\n").join(self._join(line) for line in lines)
        if len(lines) > 1:
            out.append(f"\n({self.key}: one line)", more)
        return out

    def _lines(self, width: int) -> list[list[LegendEntry]]:
        """The entries shown in full, whole entries to a line, never one cut in two."""
        lines: list[list[LegendEntry]] = [[]]
        used = 0
        for e in self.entries:
            size = cell_len(e.symbol) + 1 + cell_len(e.words)
            if lines[-1] and used + cell_len(SEPARATOR) + size > width:
                lines.append([])
                used = 0
            used += size + (cell_len(SEPARATOR) if lines[-1] else 0)
            lines[-1].append(e)
        return lines

    def expanded_rows(self, width: int) -> int:
        """Rows every entry takes shown in full in `width` cells (the
        padding included), with the line that says how to fold them."""
        lines = len(self._lines(max(1, width - 2)))
        return lines + (1 if lines > 1 else 0)

    def _join(self, entries: Sequence[LegendEntry]) -> Text:
        """Entries on one line, separated by ' · '."""
        return Text(SEPARATOR).join(self._entry(e) for e in entries)
