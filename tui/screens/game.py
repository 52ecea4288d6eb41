"""The game screen: owns the game record, draws it through the game's view,
runs bots in a worker, saves after every move."""
from __future__ import annotations

import time
from functools import partial
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, RichLog, Static

from engine.errors import MoveError, SaveError
from engine.record import GameRecord
from engine.saves import SaveChangedError, update_save
from tui.games import view_class
from tui.games.base import MoveChosen

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class GameScreen(Screen[None]):
    """Plays one game: people by keys, bots in a worker thread."""

    BINDINGS = [
        Binding("colon", "type_move", "Type a move", show=False),
        Binding("a", "all_moves", "Moves"),
        Binding("u", "undo", "Undo"),
        Binding("H", "hint", "Hint", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "hide_input", "Cancel", show=False),
    ]

    def __init__(self, record: GameRecord, path: Path) -> None:
        super().__init__()
        self.record = record
        """The game; the screen is its only owner while it is shown."""
        self.path = path
        """The save file, rewritten atomically after every move."""
        self.saved_moves = list(record.moves)
        """The moves the file held when this screen last read or wrote it."""
        humans = [i for i, p in enumerate(record.players) if not p.is_bot]
        self.humans = humans
        self.viewer: int | None = humans[0] if humans else None
        """The seat whose eyes the screen shows (None: a spectator)."""
        self.generation = 0
        """Bumped on every change, so a stale bot answer is dropped."""
        self.thinking: int | None = None
        """The bot seat thinking now, if any."""
        self.spin = 0
        self.over_shown = False
        self.passing = False

    # ------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="main"):
            yield view_class(self.record.ruleset.id)(id="view")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=10)
        yield Static("", id="message")
        yield Input(placeholder="move in notation (Enter plays, Esc cancels)", id="move-input")
        yield Footer(show_command_palette=False)  # room for the game's keys at 80 columns

    def on_resize(self, event: events.Resize) -> None:
        fit = getattr(self.query_one("#view"), "fit_to", None)
        if fit is not None:  # a view may use more room when there is more
            fit(event.size.width, event.size.height)
        self._rebuild_log()  # re-wrap the log to its new width

    def on_mount(self) -> None:
        self.set_interval(0.12, self._tick)
        self._rebuild_log()
        self.advance()

    @property
    def view_widget(self):  # the game's GameView
        return self.query_one("#view")

    # ------------------------------------------------------------- flow
    def advance(self) -> None:
        """Decide who acts next: a bot (in a worker) or a person (by keys)."""
        state = self.record.state
        if state.is_over():
            self._draw(can_act=False)
            if not self.over_shown:
                self.over_shown = True
                from tui.screens.game_over import GameOverScreen

                self.app.push_screen(GameOverScreen(self.record))
            return
        acting = state.to_act()
        bots = [s for s in acting if self.record.players[s].is_bot]
        if bots:
            self._draw(can_act=False)
            self._start_bot(bots[0])
            return
        seat = acting[0]
        if seat != self.viewer:
            if self.record.ruleset.hidden_information and len(self.humans) > 1:
                self._pass_to(seat)
                return
            self.viewer = seat
        self._rebuild_log()
        self._draw(can_act=True)

    def _pass_to(self, seat: int) -> None:
        from tui.screens.pass_screen import PassScreen

        self.viewer = None
        self._draw(can_act=False)
        self._rebuild_log()
        self.passing = True

        def arrived(_: object) -> None:
            self.passing = False
            self.viewer = seat
            self._rebuild_log()
            self._draw(can_act=True)

        self.app.push_screen(PassScreen(self.record.names[seat]), arrived)

    def acting_human(self) -> int | None:
        """The person who may move now (the viewer), or None."""
        state = self.record.state
        if self.thinking is not None or self.passing or self.viewer is None:
            return None
        return self.viewer if self.viewer in state.to_act() else None

    def _draw(self, can_act: bool) -> None:
        state = self.record.state
        shown = state.view(self.viewer) if self.record.ruleset.hidden_information else state
        self.view_widget.show(shown, self.viewer, self.record.names, can_act)
        self._update_status()

    def _update_status(self) -> None:
        state = self.record.state
        rec = self.record
        head = f"{rec.ruleset.title} · move {rec.ply + 1}"
        if state.is_over():
            out = state.outcome()
            assert out is not None
            if out.is_draw:
                text = f"{head} · game over: a draw"
            else:
                text = f"{head} · game over: {', '.join(rec.names[w] for w in out.winners)} wins"
        elif self.thinking is not None:
            text = f"{head} · {SPINNER[self.spin % len(SPINNER)]} {rec.names[self.thinking]} is thinking…"
        else:
            seat = self.acting_human()
            if seat is None:
                names = ", ".join(rec.names[s] for s in state.to_act())
                text = f"{head} · waiting for {names}"
            else:
                text = f"{head} · {rec.names[seat]}: {state.prompt(seat)}"
        self.query_one("#status", Static).update(Text(text))  # names are plain text, never markup

    def _tick(self) -> None:
        if self.thinking is not None:
            self.spin += 1
            self._update_status()

    # ------------------------------------------------------------- bots
    def _start_bot(self, seat: int) -> None:
        self.thinking = seat
        view = self.record.state.view(seat)
        bot = self.record.bot(seat)
        delay = getattr(self.app, "bot_delay", 0.0)
        self.run_worker(
            partial(self._think, bot, view, seat, self.generation, delay),
            thread=True,
            exclusive=True,
            group="bot",
        )
        self._update_status()

    def _think(self, bot, view, seat: int, generation: int, delay: float) -> None:
        """In a worker thread: choose, pace, then hand the move back."""
        start = time.monotonic()
        move = bot.choose(view, seat)
        text = view.format_move(move)
        rest = delay - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
        self.app.call_from_thread(self._bot_done, seat, text, generation)

    def _bot_done(self, seat: int, text: str, generation: int) -> None:
        if generation != self.generation:
            return
        self.thinking = None
        self.play(seat, text)

    # ------------------------------------------------------------- moves
    def play(self, seat: int, text: str) -> bool:
        """Play `text` for `seat`, save, log, and go on; False if refused."""
        try:
            events = self.record.play(seat, text)
        except MoveError as exc:
            self.show_message(str(exc))
            return False
        self.generation += 1
        if not self._save():
            return False
        log = self.query_one("#log", RichLog)
        for ev in events:
            if ev.private_to is None or ev.private_to == self.viewer:
                log.write(f"{self.record.ply}. {ev.render(self.record.names)}")
        self.show_message("")
        self.advance()
        return True

    def _save(self, reload: bool = True) -> bool:
        """Write the game under the save's lock, unless another tsquare
        changed the file meanwhile: then reload it (False), never overwrite."""
        try:
            update_save(self.path, lambda _on_disk: self.record, expected_moves=self.saved_moves)
        except SaveChangedError as exc:
            if reload:
                self._reload(exc.record)  # type: ignore[attr-defined]
            return False
        except SaveError as exc:
            self.show_message(f"NOT SAVED: {exc}")
            return True
        self.saved_moves = list(self.record.moves)
        return True

    def _reload(self, record: GameRecord) -> None:
        self.generation += 1
        self.thinking = None
        self.workers.cancel_group(self, "bot")
        self.record = record
        self.saved_moves = list(record.moves)
        self.over_shown = False
        self._rebuild_log()
        self.show_message("The game was changed by another tsquare: reloaded; your last move was not kept.")
        self.advance()

    def on_move_chosen(self, message: MoveChosen) -> None:
        message.stop()
        seat = self.acting_human()
        if seat is None:
            self.show_message("Not your turn.")
            return
        self.play(seat, message.text)

    def show_message(self, text: str) -> None:
        self.query_one("#message", Static).update(Text(text))

    def _rebuild_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.clear()
        for ply, line in self.record.event_lines(self.viewer):
            log.write(f"{ply}. {line}")

    # ------------------------------------------------------------- actions
    def action_type_move(self) -> None:
        if self.acting_human() is None:
            self.show_message("Not your turn.")
            return
        box = self.query_one("#move-input", Input)
        box.add_class("visible")
        box.value = ""
        box.focus()

    def action_all_moves(self) -> None:
        seat = self.acting_human()
        if seat is None:
            self.show_message("Not your turn.")
            return
        from tui.screens.move_picker import MovePicker

        state = self.record.state
        moves = [state.format_move(m) for m in state.legal(seat)]

        def chosen(text: str | None) -> None:
            if text is not None and self.acting_human() == seat:
                self.play(seat, text)

        self.app.push_screen(MovePicker(moves, state.prompt(seat)), chosen)

    def action_hint(self) -> None:
        """The search level's top three moves for you (games with one person
        only: a hint is help the other people did not agree to)."""
        seat = self.acting_human()
        if seat is None:
            self.show_message("Not your turn.")
            return
        if len(self.humans) > 1:
            self.show_message("Hints are off in a game between people.")
            return
        from tui.screens.hint import HintScreen

        rec = self.record
        self.app.push_screen(HintScreen(rec.ruleset, rec.state.view(seat), seat, rec.seed + rec.ply))

    def action_hide_input(self) -> None:
        box = self.query_one("#move-input", Input)
        if box.has_class("visible"):
            box.remove_class("visible")
            self.view_widget.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        seat = self.acting_human()
        if seat is None:
            self.show_message("Not your turn.")
            return
        if self.play(seat, event.value):
            self.action_hide_input()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo" and not self.record.ruleset.undo_allowed:
            return False  # no undo where it would reveal hidden things: not in the footer either
        return True

    def action_undo(self) -> None:
        rec = self.record
        if not rec.ruleset.undo_allowed:
            self.show_message("No undo in this game: it would reveal hidden choices.")
            return
        seat = self.viewer if len(self.humans) == 1 else None
        point = rec.undo_point(seat)
        if point is None:
            self.show_message("Nothing to undo.")
            return
        self.generation += 1
        self.thinking = None
        self.workers.cancel_group(self, "bot")
        rec.truncate(point)
        self.over_shown = False
        if not self._save():
            return
        self._rebuild_log()
        self.show_message(f"Took back to move {point + 1}.")
        self.advance()

    def action_help(self) -> None:
        from tui.screens.rules import RulesScreen

        keys = getattr(self.view_widget, "KEYS_HELP", "")
        keys += "\n\nShift+H: a hint, the search level's top three moves (games with one person only).\n"
        self.app.push_screen(RulesScreen(self.record.ruleset.id, keys))

    def action_quit_game(self) -> None:
        self.generation += 1
        self.workers.cancel_group(self, "bot")
        self._save(reload=False)
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
