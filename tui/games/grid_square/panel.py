"""Grid Square's side panel: the step at hand in words, and the words it
tells the last turn and the players' areas with."""
from __future__ import annotations

from enum import IntEnum
from typing import Any, Sequence

from rich.text import Text

from rulesets.grid_square import geometry as g
from rulesets.grid_square.state import GridSquareState
from tui.widgets.text_canvas import TextCanvas


class Part(IntEnum):
    """Parts of the panel by how long they stay when its rows run short: the
step, what Enter does, who played the last turn and its claim always; then
the last turn's slide, its placement (the board marks it too), the areas
given up (the legend names ×), the keys' reminder (`?` lists them) dropped
first."""

    ALWAYS = 0
    SLID = 1
    PLACED = 2
    GIVEN_UP = 3
    KEYS_HINT = 4



class SidePanel(TextCanvas):
    """Where the game is, the last turn and the step at hand in words;
    repaints without a new layout. Parts that would not fit its rows are
    left out whole, the least needed first, so no line is cut off."""

    DEFAULT_CSS = """
    SidePanel { width: 1fr; height: 1fr; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.parts: tuple[tuple[Text, Part], ...] = ()
        """(text, how long it stays) in reading order."""
        self._rows: dict[tuple[str, int], int] = {}
        """The rows a part's words take at a width (the same parts come back move after move)."""

    def set_text(self, text: Text) -> None:
        self.set_parts([(text, Part.ALWAYS)])

    def set_parts(self, parts: Sequence[tuple[Text, Part]]) -> None:
        self.parts = tuple(parts)
        self.redraw()

    def on_resize(self) -> None:
        super().on_resize()
        self.refresh()

    def draw(self) -> Text:
        width, height = self.size.width, self.size.height
        parts = [(text, rank) for text, rank in self.parts if text.plain]
        if width and height:
            console = self.app.console
            if len(self._rows) > 256:
                self._rows.clear()

            def rows(text: Text) -> int:
                key = (text.plain, width)
                n = self._rows.get(key)
                if n is None:
                    n = self._rows[key] = len(Text(text.plain.rstrip("\n")).wrap(console, width))
                return n

            for drop in (Part.KEYS_HINT, Part.GIVEN_UP, Part.PLACED, Part.SLID):
                if sum(rows(t) for t, _ in parts) <= height:
                    break
                parts = [(t, r) for t, r in parts if r != drop]
        out = Text()
        for text, _ in parts:
            out.append_text(text)
        return out


def past(words: str) -> str:
    """A move's description (from `describe_move`) told as done: 'placed a…', 'slid the…'."""
    words = words.split(", completing")[0]
    for now, done in (("place ", "placed "), ("slide ", "slid "), ("claim ", "claimed ")):
        if words.startswith(now):
            return done + words[len(now):]
    return words


def areas_words(state: GridSquareState, seat: int, long: bool = True) -> str:
    """A seat's claimed areas in words, by their monument's cell: 'areas:
    a1 (4 cells), c3 (1 cell)' (`long`) or 'areas: a1 (4), c3 (1)'."""
    areas = [(g.cell_name(cell), bin(region).count("1")) for region, owner, cell in state.claims if owner == seat]
    if not areas:
        return "no area yet"
    if not long:
        return "areas: " + ", ".join(f"{name} ({n})" for name, n in areas)
    return "areas: " + ", ".join(f"{name} ({n} cell{'s' if n != 1 else ''})" for name, n in areas)
