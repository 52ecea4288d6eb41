"""The end of a game: ranks, scores and where every point came from."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.record import GameRecord


def result_table(record: GameRecord) -> Table:
    """Rank, player, score, then one column per breakdown part."""
    out = record.state.outcome()
    assert out is not None
    parts: list[str] = []
    for b in out.breakdown:
        for k in b:
            if k not in parts:
                parts.append(k)
    table = Table(expand=False, box=None, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("where the points came from")
    order = sorted(range(len(record.players)), key=lambda s: (out.ranks[s], s))
    for s in order:
        detail = ", ".join(f"{k} {v}" for k, v in out.breakdown[s].items()) or "—"
        table.add_row(str(out.ranks[s]), Text(record.names[s]), str(out.scores[s]), Text(detail))
    return table


class GameOverScreen(ModalScreen[None]):
    """Shown once when a game ends; Enter closes it to look at the board."""

    BINDINGS = [
        Binding("enter,escape", "close", "Look at the board"),
        Binding("q", "menu", "Menu"),
        Binding("r", "replay", "Replay"),
    ]

    def __init__(self, record: GameRecord, leaves_to: str = "menu") -> None:
        super().__init__()
        self.record = record
        self.leaves_to = leaves_to
        """Where q goes: the menu, or the lobby in a room."""

    def compose(self) -> ComposeResult:
        out = self.record.state.outcome()
        assert out is not None
        if out.is_draw:
            head = "A draw between " + " and ".join(self.record.names[w] for w in out.winners)
        else:
            head = f"{self.record.names[out.winners[0]]} wins!"
        with Vertical():
            yield Static(Text(f"Game over — {head}"), classes="title")  # names are never markup
            yield Static(Text(f"{out.describe(self.record.names)}."), classes="hint")
            yield Static(result_table(self.record))
            yield Static(f"Enter: look at the board · r: replay · q: {self.leaves_to}", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_menu(self) -> None:
        self.dismiss(None)
        self.app.screen.action_quit_game()  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        from tui.screens.replay import ReplayScreen

        self.dismiss(None)
        self.app.push_screen(ReplayScreen(self.record, 0))
