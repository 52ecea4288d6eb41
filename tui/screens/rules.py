"""The rules of a game (its RULES.md) and the keys, as a scrollable page."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Markdown
from textual.containers import VerticalScroll

from rulesets import REGISTRY

KEYS = """
## Keys

| key | does |
|---|---|
| arrows / h j k l | move the cursor |
| Enter | choose / confirm the move |
| Esc | cancel what is being built |
| : | type a move in notation |
| a | all legal moves as a list (type to filter, Enter plays) |
| u | undo (take back your last move) |
| ? | this help |
| q | quit to the menu (the game is saved after every move) |
"""


class RulesScreen(Screen[None]):
    """Shows a game's rules; Esc or q goes back."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
        Binding("j,down", "scroll(1)", "Down", show=False),
        Binding("k,up", "scroll(-1)", "Up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
    ]

    def __init__(self, game_id: str, extra_keys: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.extra_keys = extra_keys

    def compose(self) -> ComposeResult:
        text = REGISTRY.get(self.game_id).rules_markdown() + "\n" + KEYS + self.extra_keys
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_scroll(self, step: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=step, animate=False)

    def action_page(self, step: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=step * max(1, scroll.size.height - 2), animate=False)
