"""Help: the keys of the screen it was opened from first, then the game's
rules (its RULES.md), as one scrollable page."""
from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from engine.registry import REGISTRY


def keys_table(title: str, rows: Sequence[tuple[str, str]]) -> str:
    """A Markdown section: `title`, then a table of (key, what it does)."""
    lines = [f"## {title}", "", "| key | does |", "|---|---|"]
    lines += [f"| {key} | {does} |" for key, does in rows]
    return "\n".join(lines) + "\n"


class RulesScreen(Screen[None]):
    """Keys, then the rules; Esc or q goes back."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
        Binding("j,down", "scroll(1)", "Down", show=False),
        Binding("k,up", "scroll(-1)", "Up", show=False),
        Binding("pagedown,space", "page(1)", "Page down"),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("home", "home", "Top", show=False),
    ]

    def __init__(self, game_id: str, keys: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.keys = keys
        """Markdown: the keys of the screen `?` was pressed on."""

    def page_text(self) -> str:
        """The whole page: keys first, then the rules."""
        rules = REGISTRY.get(self.game_id).rules_markdown()
        if not self.keys:
            return rules
        return f"{self.keys.strip()}\n\n---\n\n{rules}"

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(self.page_text())
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

    def action_home(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)
