"""'Pass to <player>': an opaque screen between seats in a hot-seat game, so
nothing of the previous player's hidden hand stays visible."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static


class PassScreen(Screen[None]):
    """Opaque (a Screen, not a translucent ModalScreen); Enter dismisses."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Pass the keyboard to {self.player_name}."), classes="title")  # a name is never markup
            yield Static(Text(f"{self.player_name}: press Enter when the others are not looking."))

    def action_ready(self) -> None:
        self.dismiss(None)
