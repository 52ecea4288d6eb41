"""The hint box: what the `search` level would play for you, from your own
view only; computed in a worker thread with a spinner, Esc closes it (a
closed box drops the answer)."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.core import GameState, Ruleset
from tui.widgets.text_fit import wrap_words

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
HINT_SECONDS = 1.0
"""How long the search thinks for a hint."""


class HintScreen(ModalScreen[None]):
    """The pick (and why), then two more by win share, with their descriptions."""

    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    HintScreen > Vertical { width: 76; height: auto; max-height: 20; border: round $accent;
                            background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, ruleset: Ruleset, view: GameState[Any], seat: int, seed: int) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.view_state = view
        """The seat's own view (never the whole state)."""
        self.seat = seat
        self.seed = seed
        self.spin = 0
        self.done = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Hint: the search level's top three moves"), classes="title")
            yield Static(Text(f"{SPINNER[0]} thinking…"), id="hint-body")
            yield Static(Text("1 is its pick, then the others by win share · Esc closes"),
                         classes="hint")

    def on_mount(self) -> None:
        self.set_interval(0.1, self._tick)
        self.run_worker(self._think, thread=True, exclusive=True, group="hint")

    def _tick(self) -> None:
        if not self.done:
            self.spin += 1
            self.query_one("#hint-body", Static).update(Text(f"{SPINNER[self.spin % len(SPINNER)]} thinking…"))

    def _think(self) -> None:
        from engine.bots.hint import hints

        found = hints(self.ruleset, self.view_state, self.seat, HINT_SECONDS, self.seed)
        self.app.call_from_thread(self._show, found)

    def hint_text(self, found: list[Any], width: int) -> Text:
        """Each hint in words first (wrapped under its number), then, dim,
        its notation and win share, and why it is the pick."""
        out = Text()
        for i, h in enumerate(found, 1):
            facts = f"{h.notation} · {100 * h.win_share:.0f}% win share" + (f" · its pick: {h.why}" if h.why else "")
            words = wrap_words(h.description, width - 3)
            for n, line in enumerate(words + wrap_words(facts, width - 3)):
                out.append(("\n" if out else "") + f"{f'{i}.' if n == 0 else '':<3}")
                out.append(line, "" if n < len(words) else "dim")
        return out if out else Text("No move to suggest.")

    def _show(self, found: list[Any]) -> None:
        self.done = True
        try:
            body = self.query_one("#hint-body", Static)
            body.update(self.hint_text(found, body.content_size.width or 72))
        except NoMatches:  # closed before the answer came: dropped
            pass

    def action_close(self) -> None:
        self.dismiss(None)
