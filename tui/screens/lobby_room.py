"""A room's game, for one connected person: their own seat only (or the
public view when watching). Other people's moves and the server's bots
arrive through the save file: the screen looks at it often and reloads."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, RichLog, Static

from engine.errors import MoveError, SaveError
from engine.session import GameSession, SeatUpdate, StaleGameError
from tui.games import view_class
from tui.games.base import MoveChosen

POLL_SECONDS = 0.1
"""How often the save is checked for others' moves (a stat, unless it changed)."""


class RoomScreen(Screen[None]):
    """Plays one seat of a room's game (seat None: watches it)."""

    BINDINGS = [
        Binding("colon", "type_move", "Type a move", show=False),
        Binding("a", "all_moves", "Moves"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Lobby"),
        Binding("escape", "hide_input", "Cancel", show=False),
    ]

    def __init__(
        self, path: Path, seat: int | None, room_id: str = "", still_mine: Callable[[], bool] | None = None
    ) -> None:
        super().__init__()
        self.still_mine = still_mine
        """Asked every half second: False once the person opened this seat
        on another connection (the newer one plays; this one goes back)."""
        self.polls = 0
        self.session = GameSession.open(path)
        """The room's game; this screen draws only `seat`'s view of it."""
        self.seat = seat
        """The person's seat, fixed (None: a spectator)."""
        self.room_id = room_id
        self.my_turn = False
        self.over_shown = False
        self.ready = False
        self.logged: list[str] = []
        """The lines the log shows now."""
        """True once mounted: updates before that are drawn by on_mount."""
        self._unsubscribe = self.session.subscribe(seat, self._updated)

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="main"):
            yield view_class(self.session.ruleset.id)(id="view")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=10)
        yield Static("", id="message")
        yield Input(placeholder="move in notation (Enter plays, Esc cancels)", id="move-input")
        yield Footer(show_command_palette=False)

    @property
    def view_widget(self):  # the game's GameView
        return self.query_one("#view")

    def on_mount(self) -> None:
        self.ready = True
        self.set_interval(POLL_SECONDS, self.poll)
        self._updated(self.session.update_for(self.seat, reloaded=True))

    def on_unmount(self) -> None:
        self._unsubscribe()

    def on_resize(self, event: events.Resize) -> None:
        fit = getattr(self.view_widget, "fit_to", None)
        if fit is not None:
            fit(event.size.width, event.size.height)
        self._rebuild_log()

    # ------------------------------------------------------------ updates
    def poll(self) -> None:
        """Reload when another process (a person, the server's bots) moved."""
        self.polls += 1
        if self.still_mine is not None and self.polls % 5 == 0 and not self.still_mine():
            self.still_mine = None
            self.app.notify("You opened this seat on another connection: it plays there now.", timeout=8)
            self.app.pop_screen()
            return
        try:
            if self.session.changed_on_disk():
                self.session.reload()
        except SaveError as exc:
            self.show_message(str(exc))

    def acting(self) -> int | None:
        """The person's seat when it must act now, else None."""
        if self.seat is None or self.session.is_over():
            return None
        return self.seat if self.seat in self.session.to_act() else None

    def _updated(self, update: SeatUpdate) -> None:
        """Draw what this seat may see (the update carries its view only)."""
        if not self.ready:
            return
        can_act = self.acting() is not None
        self.view_widget.show(update.view, self.seat, self.session.names, can_act)
        box = self.query_one("#move-input", Input)
        if box.has_class("visible"):
            box.focus()  # a move being typed keeps the keys when others' moves redraw the view
        self._sync_log()
        if can_act and not self.my_turn:
            self.app.bell()
        self.my_turn = can_act
        self._status()
        if self.session.is_over() and not self.over_shown:
            self.over_shown = True
            from tui.screens.game_over import GameOverScreen

            self.app.push_screen(GameOverScreen(self.session.record))

    def _status(self) -> None:
        s = self.session
        head = f"{s.ruleset.title} · {self.room_id} · move {s.ply + 1}"
        who = "watching" if self.seat is None else f"you: {s.names[self.seat]}"
        if s.is_over():
            out = s.state.outcome()
            assert out is not None
            tail = "game over: a draw" if out.is_draw else f"game over: {', '.join(s.names[w] for w in out.winners)} wins"
        elif self.acting() is not None:
            tail = f"your turn: {s.view(self.seat).prompt(self.seat)}"
        else:
            tail = "waiting for " + ", ".join(s.names[x] for x in s.to_act())
        self.query_one("#status", Static).update(Text(f"{head} · {who} · {tail}"))

    def _sync_log(self) -> None:
        """Show this seat's event lines: only the new ones when the game
        merely moved on (others' moves arrive as reloads), all after an undo."""
        lines = [f"{ply}. {line}" for ply, line in self.session.record.event_lines(self.seat)]
        log = self.query_one("#log", RichLog)
        if lines[: len(self.logged)] != self.logged:
            log.clear()
            self.logged = []
        for line in lines[len(self.logged):]:
            log.write(line)
        self.logged = lines

    def _rebuild_log(self) -> None:
        self.query_one("#log", RichLog).clear()
        self.logged = []
        self._sync_log()

    def show_message(self, text: str) -> None:
        self.query_one("#message", Static).update(Text(text))

    # ------------------------------------------------------------ moves
    def play(self, text: str) -> bool:
        """Play `text` for the person's seat; False (and why) if refused."""
        seat = self.acting()
        if seat is None:
            self.show_message("Not your turn." if self.seat is not None else "You are watching.")
            return False
        try:
            self.session.play(seat, text)
        except StaleGameError:
            self.show_message("Someone moved first: here is the game now; play again.")
            return False
        except (MoveError, SaveError) as exc:
            self.show_message(str(exc))
            return False
        self.show_message("")
        return True

    def on_move_chosen(self, message: MoveChosen) -> None:
        message.stop()
        self.play(message.text)

    def action_type_move(self) -> None:
        if self.acting() is None:
            self.show_message("Not your turn.")
            return
        box = self.query_one("#move-input", Input)
        box.add_class("visible")
        box.value = ""
        box.focus()

    def action_hide_input(self) -> None:
        box = self.query_one("#move-input", Input)
        if box.has_class("visible"):
            box.remove_class("visible")
            self.view_widget.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.play(event.value):
            self.action_hide_input()

    def action_all_moves(self) -> None:
        seat = self.acting()
        if seat is None:
            self.show_message("Not your turn.")
            return
        from tui.screens.move_picker import MovePicker

        view = self.session.view(seat)
        moves = [view.format_move(m) for m in view.legal(seat)]

        def chosen(text: str | None) -> None:
            if text is not None:
                self.play(text)

        self.app.push_screen(MovePicker(moves, view.prompt(seat)), chosen)

    def action_help(self) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.ruleset.id, getattr(self.view_widget, "KEYS_HELP", "")))

    def action_leave(self) -> None:
        self.app.pop_screen()
