"""'Pass to <player>': an opaque screen between seats in a hot-seat game, so
nothing of the previous player's hidden hand stays visible. Its key bar
offers the way out too: Esc or q leaves the game as q does on the board (to
the menu, or out of the program when the game was opened without one);
every move is saved already."""
from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from tui.widgets.key_bar import KeyBar

PassAnswer = Literal["ready", "menu"]
"""How the pass screen was left: "menu" leaves the game, as q on its board does."""


class PassScreen(Screen[PassAnswer]):
    """Opaque (a Screen, not a translucent ModalScreen); Enter dismisses
    with "ready", Esc and q with "menu" (q means "leave this game" on every
    game screen)."""

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready"),
        Binding("escape", "menu", "Menu"),
        Binding("q", "menu", "Menu", show=False),  # the hint line names it
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Pass the keyboard to {self.player_name}."), classes="title")  # a name is never markup
            yield Static(Text(f"{self.player_name}: press Enter when the others are not looking."), classes="body")
            yield Static(Text("Esc or q: leave the game (it is saved after every move)"), classes="hint")
        yield KeyBar()

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_menu(self) -> None:
        self.dismiss("menu")
