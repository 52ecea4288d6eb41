"""The players' table: each name in its seat's colour, the score, whose turn
it is, and what each holds as labelled counts ('$ 5 coins'), never a bare
letter code.

Full form: two or three rows a player (name and score; resources; a note).
Compact form: one row a player, so five players fit an 80×24 screen. The
turn marker is a '▶' and the words 'to play', so it reads without colour.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from tui.widgets.fitted import refit
from tui.widgets.palette import PALETTE_CLASSES, PLAYER_MARKS, kind_class, player_class
from tui.widgets.text_fit import fit
from tui.widgets.text_lines import TextLines

TURN_MARK = "▶"
"""Before the player who acts now."""
NAME_WIDTH = 12
"""Longest name shown whole; longer ones end in '…'."""
AUTO_COMPACT_BELOW = 32
"""With `compact=None`, the compact form is used on screens shorter than this."""


@dataclass(frozen=True)
class Resource:
    """One thing a player holds, counted: symbol, number and word."""

    symbol: str
    """A one-cell symbol: '$', '✉', '■'."""
    count: int | str
    """How many (a string for e.g. '2+1')."""
    word: str
    """What it is, plural: 'coins', 'tickets'."""
    one: str = ""
    """The singular ('coin'); default: `word` without a final 's'."""
    kind: str = ""
    """Optional palette kind colour for the symbol."""

    def label(self) -> str:
        """'5 coins', '1 coin'."""
        singular = self.one or (self.word[:-1] if self.word.endswith("s") else self.word)
        return f"{self.count} {singular if self.count == 1 else self.word}"


@dataclass(frozen=True)
class PlayerInfo:
    """One row of the table."""

    seat: int
    """0-based seat: picks the colour and the mark (seat + 1)."""
    name: str
    score: int | str = 0
    """Points so far."""
    score_word: str = "VP"
    """The score's unit: 'VP', 'prestige'."""
    score_symbol: str = "★"
    to_act: bool = False
    """It is this player's turn (or they have a choice pending)."""
    you: bool = False
    """The seat whose eyes the screen shows."""
    resources: tuple[Resource, ...] = ()
    note: str = ""
    """A short line more: a board's ability, a token held, 'has chosen'."""
    more: tuple[str, ...] = ()
    """Further note lines under the note (full form only)."""


class PlayerPanel(TextLines):
    """Every player, one block each. Set `players` (and `compact`); after
    changing its form (`resources_per_line`, `turn_words`, ...), `redraw()`.
    Drawn through the Line API: a move repaints the rows that changed."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {
        "player-panel--turn",
        "player-panel--score",
        "player-panel--count",
        "player-panel--word",
        "player-panel--note",
    }
    DEFAULT_CSS = """
    PlayerPanel { height: auto; width: 1fr; }
    """

    players: reactive[tuple[PlayerInfo, ...]] = reactive((), repaint=False)
    """The rows, in seat order (a change repaints; the screen is laid out
    again only if the rows take another height: `refresh_fitted`)."""
    compact: reactive[bool | None] = reactive(None, repaint=False)
    """One row a player (True), the full form (False), or by the screen's height (None)."""

    def __init__(self, players: Sequence[PlayerInfo] = (), compact: bool | None = None,
                 notes_in_compact: bool = False, resources_per_line: int = 0,
                 turn_words: bool = True, resource_words: bool = True, **kw: object) -> None:
        super().__init__(**kw)
        self.notes_in_compact = notes_in_compact
        """Also end each compact row with the player's note, as far as it fits."""
        self.resources_per_line = resources_per_line
        """Full form: at most this many resources a line (0: all on one line), for a narrow panel."""
        self.resource_words = resource_words
        """Full form: '━━ 6 middle' (False: '━━6', the symbol and count alone,
        two spaces apart: one short line, the legend says what each is)."""
        self.turn_words = turn_words
        """Full form: '◀ to play' after the score (False: the '▶' alone, for a narrow panel)."""
        self.header = True
        """Compact form: a header row of symbols and words over the columns
        (False: no header, each cell its symbol and count, '★ 0  $ 1': a row
        less, for a view short of rows; the legend says what each is)."""
        self.set_reactive(PlayerPanel.players, tuple(players))
        self.set_reactive(PlayerPanel.compact, compact)

    def watch_players(self) -> None:
        self.redraw()
        refit(self)

    def watch_compact(self) -> None:
        self.redraw()
        refit(self)


    def form(self) -> object:
        return self.is_compact()  # by the screen's height, with `compact=None`

    def is_compact(self) -> bool:
        """Whether the compact form is drawn now."""
        if self.compact is not None:
            return self.compact
        return self.app.size.height < AUTO_COMPACT_BELOW

    def render(self) -> Text:
        compact = self.is_compact()
        width = max((min(cell_len(p.name), NAME_WIDTH) for p in self.players), default=0)
        rows = self._table(width) if compact else [self._block(p, width) for p in self.players]
        out = Text()
        for i, row in enumerate(rows):
            if i:
                out.append("\n")
            out.append_text(row)
        return out

    def _padded_name(self, p: PlayerInfo, width: int) -> str:
        name = fit(p.name, NAME_WIDTH)
        return name + " " * (width - cell_len(name))

    def _head(self, p: PlayerInfo, width: int) -> Text:
        """Turn marker, seat mark and name in the seat's colour."""
        style = self.get_component_rich_style
        colour = style(player_class(p.seat))
        t = Text()
        t.append(TURN_MARK if p.to_act else " ", style("player-panel--turn") + colour if p.to_act else colour)
        t.append(PLAYER_MARKS[p.seat], colour + style("player-panel--score"))
        t.append(" ")
        t.append(self._padded_name(p, width), colour)
        return t

    def columns(self) -> list[tuple[str, str]]:
        """The compact table's resource columns: (symbol, word), in first-seen order."""
        seen: dict[str, str] = {}
        for p in self.players:
            for r in p.resources:
                seen.setdefault(r.word, r.symbol)
        return [(sym, word) for word, sym in seen.items()]

    def _table(self, width: int) -> list[Text]:
        """The compact form: a header of symbols and words, one row a player."""
        style = self.get_component_rich_style
        if not self.players:
            return []
        first = self.players[0]
        heads = [f"{first.score_symbol} {first.score_word}"] + [f"{s} {w}" for s, w in self.columns()]
        cells = [[str(p.score)] + [self._count(p, w) for _, w in self.columns()] for p in self.players]
        sizes = [max(cell_len(h), *(cell_len(c[i]) for c in cells)) for i, h in enumerate(heads)]
        header = Text(" " * (3 + width), style("player-panel--word"))
        for h, n in zip(heads, sizes):
            header.append("  " + h.rjust(n), style("player-panel--word"))
        rows = [header] if self.header else []
        symbols = [first.score_symbol] + [sym for sym, _ in self.columns()]
        counts = [max(cell_len(c[i]) for c in cells) for i in range(len(heads))]
        for p, row in zip(self.players, cells):
            t = self._head(p, width)
            for k, (c, n) in enumerate(zip(row, sizes)):
                shown = c.rjust(n) if self.header else f"{symbols[k]} {c.rjust(counts[k])}" if c else " " * (counts[k] + 2)
                t.append("  " + shown, style("player-panel--score" if k == 0 else "player-panel--count"))
            room = self.content_size.width - cell_len(t.plain) - 2
            if self.notes_in_compact and p.note and room > 3:
                t.append("  " + fit(p.note, room), style("player-panel--note"))
            if p.to_act and cell_len(t.plain) + 11 <= self.content_size.width:
                t.append("  ◀ to play", style("player-panel--word"))
            rows.append(t)
        return rows

    @staticmethod
    def _count(p: PlayerInfo, word: str) -> str:
        return next((str(r.count) for r in p.resources if r.word == word), "")

    def _block(self, p: PlayerInfo, width: int) -> Text:
        """The full form: name and score; resources in words; the note."""
        style = self.get_component_rich_style
        colour = style(player_class(p.seat))
        t = self._head(p, width)
        t.append(f"  {p.score_symbol} ", colour)
        t.append(f"{p.score}", style("player-panel--score"))
        t.append(f" {p.score_word}", style("player-panel--word"))
        if p.you:
            t.append("  (you)", style("player-panel--word"))
        if p.to_act and self.turn_words:
            t.append("  ◀ to play", style("player-panel--turn") + colour)
        if p.resources:
            t.append("\n   ")
            per_line = self.resources_per_line
            for i, r in enumerate(p.resources):
                if i and per_line and i % per_line == 0:
                    t.append("\n   ")
                elif i:
                    t.append("   " if self.resource_words else "  ")
                self._resource(t, r)
        if p.note:
            t.append("\n   ")
            t.append(p.note, style("player-panel--note"))
        for line in p.more:
            t.append("\n   ")
            t.append(line, style("player-panel--note"))
        return t

    def _resource(self, t: Text, r: Resource) -> None:
        style = self.get_component_rich_style
        t.append(r.symbol, style(kind_class(r.kind)) if r.kind else style("player-panel--count"))
        if not self.resource_words:
            t.append(f"{r.count}", style("player-panel--count"))
            return
        t.append(f" {r.count}", style("player-panel--count"))
        word = r.label().split(" ", 1)[1]
        t.append(f" {word}", style("player-panel--word"))
