"""The view every game gets until it has its own: the text board and the
list of the legal moves, each with its description (↑↓, Enter plays)."""
from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import GameState
from tui.games import base
from tui.widgets.option_list import KeyOptionList

KEYS_HELP = """
## Keys of this game's board

| key | does |
|---|---|
| ↑ ↓ (j k) | choose a legal move in the list |
| Enter | play it |
"""


def move_option(notation: str, description: str) -> Option:
    """A list entry: what the move does in words, then (dimmed) its
    notation, what to type for it (words first, as plain mode says them)."""
    if not description or description == notation:
        return Option(Text(notation, style="bold"), id=notation)
    text = Text(description)
    text.append(f"  · {notation}", style="dim")
    return Option(text, id=notation)


class GameView(base.GameView, Vertical):
    """Text board above, legal moves below."""

    KEYS_HELP = KEYS_HELP
    DEFAULT_CSS = """
    GameView { width: 2fr; }
    GameView > VerticalScroll { height: 2fr; }
    GameView > OptionList { height: 1fr; min-height: 4; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("", id="board-text")
        yield KeyOptionList(id="legal")

    def show(self, state: GameState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (already `viewer`'s view); list moves if `can_act`."""
        self.take_position(state, viewer, names, can_act)
        self.query_one("#board-text", Static).update(Text(state.render(viewer, names)))  # names: never markup
        legal = self.query_one("#legal", OptionList)
        legal.clear_options()
        if can_act and viewer is not None:
            legal.add_options(
                [move_option(state.format_move(m), self.describe(state, m, viewer)) for m in state.legal(viewer)]
            )
            legal.highlighted = 0 if legal.option_count else None
            legal.focus()

    def highlighted_move(self) -> object:
        """The move Enter would play now (the highlighted one), or None."""
        legal = self.query_one("#legal", OptionList)
        if self.state is None or legal.highlighted is None or not legal.option_count:
            return None
        return self.state.parse_move(str(legal.get_option_at_index(legal.highlighted).id), self.viewer)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(base.MoveChosen(str(event.option.id)))
