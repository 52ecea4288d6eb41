"""Grid Square's side panel: the step at hand in words, and the words it
tells the last turn and the players' areas with."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from rulesets.grid_square import geometry as g
from rulesets.grid_square.state import GridSquareState
from tui.widgets.text_canvas import TextCanvas


class SidePanel(TextCanvas):
    """Where the game is, the last turn and the step at hand in words;
    repaints without a new layout."""

    DEFAULT_CSS = """
    SidePanel { width: 1fr; height: 1fr; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.content = Text()

    def set_text(self, text: Text) -> None:
        self.content = text
        self.redraw()

    def draw(self) -> Text:
        return self.content


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
