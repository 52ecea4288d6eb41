"""The replay viewer: step through a saved game with the arrow keys."""
from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from engine.core import GameState
from engine.record import GameRecord
from tui.games import view_class


class ReplayScreen(Screen[None]):
    """Shows the position after any ply, as a spectator sees it."""

    BINDINGS = [
        Binding("right,l", "step(1)", "Next"),
        Binding("left,h", "step(-1)", "Back"),
        Binding("home,g", "jump(0)", "Start"),
        Binding("end,G", "jump(-1)", "End"),
        Binding("escape,q", "back", "Close"),
    ]

    def __init__(self, record: GameRecord, ply: int = 0) -> None:
        super().__init__()
        self.record = record
        self.ply = max(0, min(ply, record.ply))
        self.state: GameState = record.state_at(self.ply)

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="main"):
            yield view_class(self.record.ruleset.id)(id="view")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=10)
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        fit = getattr(self.query_one("#view"), "fit_to", None)
        if fit is not None:  # a view may use more room when there is more
            fit(event.size.width, event.size.height)

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        rec = self.record
        shown = self.state.view(None) if rec.ruleset.hidden_information else self.state
        self.query_one("#view").show(shown, None, rec.names, False)
        last = ""
        if self.ply:
            seat, text = rec.moves[self.ply - 1]
            last = f" · last: {rec.names[seat]} {'(sealed)' if rec.ruleset.hidden_information else text}"
        self.query_one("#status", Static).update(  # a name is never markup
            Text(f"Replay · {rec.ruleset.title} · move {self.ply}/{rec.ply}{last} · ←/→ step, Home/End jump")
        )
        log = self.query_one("#log", RichLog)
        log.clear()
        for ply, line in rec.event_lines(None):
            if ply <= self.ply:
                log.write(f"{ply}. {line}")

    def action_step(self, step: int) -> None:
        target = max(0, min(self.record.ply, self.ply + step))
        if target == self.ply + 1:
            seat, text = self.record.moves[self.ply]
            self.state.apply(seat, self.state.parse_move(text, seat))
        elif target != self.ply:
            self.state = self.record.state_at(target)
        self.ply = target
        self._draw()

    def action_jump(self, where: int) -> None:
        self.ply = self.record.ply if where < 0 else 0
        self.state = self.record.state_at(self.ply)
        self._draw()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
