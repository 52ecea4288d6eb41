"""The game screen: a display of one game session. It draws the session's
state through the game's view, runs bots in a worker and plays moves through
the session, which saves each under the save's lock before it is shown; a
change made to the file by another tsquare is noticed and reloaded, never
overwritten."""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import Reactive
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Input, Static
from textual.worker import Worker, WorkerState

from engine.core import Bot, GameState, with_names
from engine.errors import NOT_PLAYED, MoveError, NotPlayedError, SaveError
from engine.record import GameRecord
from engine.session import GameSession, StaleGameError, UndoRefusedError
from engine.words import plural
from tui.games import view_class
from tui.games.base import KeyRefused, MoveChosen
from tui.games.protocol import GameView
from tui.heap import settle_heap
from tui.screens.played import (
    LastMove,
    keep_recent,
    last_move_of,
    log_entries,
    recent_moves,
    record_last_move,
    tell_last,
    tell_turn,
)
from tui.screens.rules import keys_table
from tui.widgets.key_bar import KeyBar
from tui.widgets.log_panel import LogEntry, LogPanel, place_log
from tui.widgets.move_line import MOVE_MAX, MoveLine
from tui.widgets.redraw_batch import one_redraw
from tui.widgets.status_line import StatusLine

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

TYPE_HINT = "Type a move: → takes the grey completion, Enter plays, Esc cancels."

PLAY_KEYS = ("type_move", "all_moves")
"""Actions that play a move: only while a person is to act."""


@dataclass(frozen=True)
class BotAnswer:
    """A bot's move, as its worker hands it back."""

    seat: int
    text: str
    """The move in notation."""
    generation: int
    """The screen's generation when the bot started (a stale answer is dropped)."""


def message_rows(text: str, width: int) -> int | None:
    """The rows the message line takes for `text` `width` wide (none when
    empty; at most two, its CSS `max-height`), or None for a text of
    several lines."""
    if not text:
        return 0
    if "\n" in text:
        return None
    return 1 if cell_len(text) <= width else 2


class MessageLine(Static):
    """The line under the board: what a key did, or why it did nothing."""

    def __init__(self, **kw: object) -> None:
        super().__init__("", **kw)  # type: ignore[arg-type]
        self.shown_text: str | None = None
        """The words shown now (None before the first)."""

    def say(self, text: str) -> None:
        """Show `text` (empty: the line folds away). An update lays the whole
        screen out again, so it is skipped for the same words, and the
        layout is skipped where the line keeps its height."""
        before = self.shown_text
        if before == text:
            return
        self.shown_text = text
        width = self.content_region.width or self.screen.size.width - 2
        same_height = before is not None and message_rows(before, width) == message_rows(text, width) is not None
        self.update(Text(text), layout=not same_height)  # names are plain text, never markup


class GameScreen(Screen[None]):
    """Plays one game: people by keys, bots in a worker thread."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """The focused widget. A change repaints the two widgets whose focus
    changed (their styles), not the whole screen as Textual's default does:
    the focus moves between the view and the log on every turn, and a whole
    screen repainted each time is most of what a move costs over SSH."""

    LEAVES_TO = "menu"
    """Where q goes (a room's screen: the lobby)."""

    AUTO_FOCUS = ""
    """Nothing takes focus by itself: the view takes it when a person is to
    act, the log otherwise (so the footer shows only keys that work)."""

    BINDINGS = [
        # each refusable key is bound twice: the action (hidden from the
        # footer by `check_action` while it cannot work) and a hidden
        # fallback that says why it was refused
        # priority: taken as the key arrives, before the keys typed behind it
        # reach the board (a burst over SSH); text while the line is open
        Binding("colon", "type_move", "Type", show=False, priority=True),
        Binding("colon", "refused('type_move')", show=False, priority=True),
        Binding("a", "all_moves", "Moves"),
        Binding("a", "refused('all_moves')", show=False),
        Binding("u", "undo", "Undo"),
        Binding("u", "refused('undo')", show=False),
        Binding("r", "replay", "Replay"),
        Binding("v", "review", "Review"),
        Binding("e", "log", "Log"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "escape", "Cancel"),
        Binding("H", "hint", "Hint"),  # last: where the bar is full it is the one left out
        Binding("H", "refused('hint')", show=False),
    ]

    TICK_SECONDS = 0.12
    """The screen's clock: the thinking spinner turns once a tick."""
    DISK_CHECK_TICKS = 8
    """Ticks between looks at the save for another tsquare's moves."""
    RELOADED = "Another tsquare moved in this game: the screen shows the game as saved now."
    """Said when another process's move was noticed and reloaded."""

    def __init__(self, record: GameRecord, path: Path) -> None:
        super().__init__()
        self.session = GameSession(record, path)
        """The game being played; it saves every move before it is shown."""
        self.path = path
        """The save file."""
        humans = [i for i, p in enumerate(record.players) if not p.is_bot]
        self.humans = humans
        self.hot_seat_hidden = record.ruleset.hidden_information and len(humans) > 1
        """Several people share the screen and each has secrets: the pass
        screen stands between them, from the very first turn."""
        self.viewer: int | None = None if self.hot_seat_hidden or not humans else humans[0]
        """The seat whose eyes the screen shows (None: a spectator)."""
        self.generation = 0
        """Bumped on every change, so a stale bot answer is dropped."""
        self.thinking: int | None = None
        """The bot seat thinking now, if any."""
        self.spin = 0
        self.over_shown = False
        self.passing = False
        self.last: LastMove | None = None
        """The last move played (for the board mark and the replay)."""
        self.recent: list[LastMove] = []
        """The last moves, oldest first (what the others did since the viewer's move: `tell_turn`)."""
        self.refusal = ""
        """Why the last key was refused (cleared by the next move)."""
        self.told: tuple[LastMove | None, int | None] | None = None
        """The last move and viewer the view was last told of (`mark_last`)."""
        self.focus_before: Widget | None = None
        """Where the keys go back to when the move line or the big log closes."""

    # ------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            yield view_class(self.record.ruleset.id)(id="view")
            yield LogPanel(id="log")
        yield MessageLine(id="message")
        yield MoveLine(placeholder="a move in notation (Esc cancels)", id="move-input")
        yield KeyBar()  # the keys that work now; one line, cheap to change on every key

    def on_resize(self, event: events.Resize) -> None:
        self.place_log(event.size.width, event.size.height)
        cast(GameView, self.query_one("#view")).fit_to(event.size.width, event.size.height)  # room to use

    def place_log(self, width: int, height: int) -> None:
        """The log as a strip under the board or a column beside it (`place_log`)."""
        place_log(self, self.query_one("#view"), width, height)

    def tick_seconds(self) -> float:
        """The screen's clock here (`TICK_SECONDS`; a server's room may tick slower)."""
        return self.TICK_SECONDS

    def on_mount(self) -> None:
        self.set_interval(self.tick_seconds(), self._tick)
        try:
            self.last = record_last_move(self.record)
            self.recent = recent_moves(self.record)
        except (MoveError, SaveError):  # a save that loaded replays, so not expected; never a crash
            self.last, self.recent = None, []
        self._rebuild_log()
        self.advance()
        self.call_after_refresh(settle_heap)  # the game just loaded stays for a while

    @property
    def record(self) -> GameRecord:
        """The session's record (replaced when the save is reloaded)."""
        return self.session.record

    @property
    def view_widget(self) -> Widget:
        """The game's board view, as a widget (focus, layout)."""
        return self.query_one("#view")

    @property
    def game_view(self) -> GameView:
        """The same board view, by its contract with the screens."""
        return cast(GameView, self.query_one("#view"))

    @property
    def log_widget(self) -> LogPanel:
        return self.query_one("#log", LogPanel)

    # ------------------------------------------------------------- flow
    def advance(self) -> None:
        """Decide who acts next: a bot (in a worker) or a person (by keys)."""
        state = self.record.state
        if state.is_over():
            self._draw(can_act=False)
            if not self.over_shown:
                self.over_shown = True
                from tui.screens.game_over import GameOverScreen

                self.app.push_screen(GameOverScreen(self.record, self.LEAVES_TO, self.path, viewer=self.reviewer()))
            return
        acting = state.to_act()
        bots = [s for s in acting if self.record.players[s].is_bot]
        if bots:
            self._draw(can_act=False)
            self._start_bot(bots[0])
            return
        seat = acting[0]
        if seat != self.viewer:
            if self.hot_seat_hidden:
                self._pass_to(seat)
                return
            self.viewer = seat
            self._rebuild_log()
        self._draw(can_act=True)

    def _pass_to(self, seat: int) -> None:
        """Hide everything (a spectator's view beneath an opaque screen),
        then show `seat`'s eyes once that person says they are ready."""
        from tui.screens.pass_screen import PassScreen

        self.viewer = None
        self.passing = True
        self._draw(can_act=False)
        self._rebuild_log()

        def arrived(answer: str | None) -> None:
            if answer == "menu":  # Esc on the pass screen: leave, as q does here (the game is saved)
                self.action_quit_game()
                return
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
        view = self.game_view
        with one_redraw():  # the position and the last move: each widget drawn once from both
            view.show(shown, self.viewer, self.record.names, can_act)
            if self.told != (self.last, self.viewer):  # after a move, on resume, after a pass or an undo
                self.told = (self.last, self.viewer)
                tell_last(view, self.last, self.viewer)
                tell_turn(view, self.recent, self.viewer)
        log = self.log_widget
        if log.has_class("expanded"):  # the big log keeps the keys until it is closed
            if self.focused is not log:
                self.focus_before = self.focused
            log.focus()
        elif not can_act:
            self.focus_while_waiting()
        self._update_status()
        self.refresh_bindings()

    def focus_while_waiting(self) -> None:
        """Where the keys go while nobody here may move: the log (the view's
        keys leave the footer; arrows scroll the log)."""
        self.log_widget.focus()

    def _update_status(self) -> None:
        """The status line: whose turn and what they are asked (or who is
        thinking, or the result), then why the last key was refused."""
        state = self.record.state
        rec = self.record
        head = self.heading()
        seat: int | None = None
        if state.is_over():
            out = state.outcome()
            assert out is not None
            result = "a draw" if out.is_draw else f"{', '.join(rec.names[w] for w in out.winners)} wins"
            text = f"{head} · game over: {result}"
        elif self.thinking is not None:
            text = f"{SPINNER[self.spin % len(SPINNER)]} {rec.names[self.thinking]} is thinking… · {head}"
        else:
            seat = self.acting_human()
            text = f"{head} · {self.waiting_text()}" if seat is None else self.turn_text(seat)
        tail = "" if seat is None else self.turn_tail()
        status = self.query_one("#status", StatusLine)
        status.show(text, seat, "" if seat is None else rec.names[seat], tail)
        if self.refusal:
            status.refuse(self.refusal)

    def heading(self) -> str:
        """The status line's head: the game and the move number."""
        return f"{self.record.ruleset.title} · move {self.record.ply + 1}"

    def turn_text(self, seat: int) -> str:
        """The status line while person `seat` is to act (then `turn_tail`)."""
        return with_names(self.record.state.prompt(seat), self.record.names)

    def turn_tail(self) -> str:
        """After `turn_text`, kept whole where the prompt gives way: the game and the move number."""
        return f" · {self.heading()}"

    def refuse(self, reason: str) -> None:
        """Say in the status line why a key did nothing (until the next move)."""
        self.refusal = reason
        self.query_one("#status", StatusLine).refuse(reason)

    def waiting_text(self) -> str:
        """Who the game waits for, when it is not the viewer."""
        names = ", ".join(self.record.names[s] for s in self.record.state.to_act())
        return f"waiting for {names}"

    def _tick(self) -> None:
        if self.thinking is not None:
            self.spin += 1
            self._update_status()
            return
        self.spin += 1
        if self.spin % self.DISK_CHECK_TICKS == 0:
            self.check_disk()

    def check_disk(self) -> None:
        """Reload if another process changed the save (also called at once
        when a server pushes a room's change)."""
        if not self.session.changed_on_disk():
            return
        try:
            self.session.reload()
        except SaveError as exc:
            self.show_message(f"The save changed and cannot be read: {exc}")
            return
        self._reloaded(self.RELOADED)

    def _reloaded(self, message: str) -> None:
        """The session reloaded the save: drop what was in flight and redraw."""
        self.generation += 1
        self.thinking = None
        self.workers.cancel_group(self, "bot")
        self.refusal = ""
        self.last = record_last_move(self.record)
        self.recent = recent_moves(self.record)
        self.over_shown = self.over_shown and self.record.state.is_over()  # a game ended elsewhere shows its end here
        self._rebuild_log()
        self.show_message(message)
        self.advance()

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
        self.refresh_bindings()

    @staticmethod
    def _think(bot: Bot, view: GameState[Any], seat: int, generation: int, delay: float) -> BotAnswer:
        """In a worker thread: choose and pace; the answer is the worker's
        result, played once the worker has finished (`on_worker_state_changed`),
        so the next bot's worker never cancels one still running."""
        start = time.monotonic()
        move = bot.choose(view, seat)
        text = view.format_move(move)
        rest = delay - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
        return BotAnswer(seat, text, generation)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        answer = event.worker.result if event.state == WorkerState.SUCCESS else None
        if isinstance(answer, BotAnswer):
            self._bot_done(answer)

    def _bot_done(self, answer: BotAnswer) -> None:
        if answer.generation != self.generation:  # an undo or a reload came first
            return
        self.thinking = None
        self.play(answer.seat, answer.text)

    # ------------------------------------------------------------- moves
    def play(self, seat: int, text: str) -> bool:
        """Play `text` for `seat`, save, log, and go on; False if refused."""
        before = self.record.state.clone()
        try:
            events = self.session.play(seat, text)  # saved before it is shown
        except StaleGameError:
            self._reloaded("Another tsquare moved in this game meanwhile: reloaded; your move was not played.")
            return False
        except MoveError as exc:
            self.show_message(with_names(str(exc), self.record.names))
            return False
        except NotPlayedError as exc:  # the storage's own sentence
            self.show_message(str(exc))
            return False
        except SaveError as exc:
            self.show_message(self.not_played(exc))
            return False
        self.generation += 1
        self.refusal = ""
        self.last = last_move_of(before, seat, self.record.moves[-1][1])
        self.recent = keep_recent(self.recent, self.last)
        names = self.record.names
        log = self.log_widget  # the side log follows every move (keys sent while waiting may have scrolled it)
        log.add(*[LogEntry(self.record.ply, ev.render(names), seat) for ev in events if ev.visible_to(self.viewer)],
                follow=not log.has_class("expanded") or None)  # the big log: only if its reader is at the end
        self.show_message("")
        self.advance()
        return True

    def on_move_chosen(self, message: MoveChosen) -> None:
        message.stop()
        seat = self.acting_human()
        if seat is None:
            self.refuse(self.play_refusal() or "Not your turn.")
            return
        self.play(seat, message.text)

    def on_key_refused(self, message: KeyRefused) -> None:
        message.stop()
        self.refuse(message.reason)

    def not_played(self, error: SaveError) -> str:
        """The line for a move its save refused (a server's room says it its own way)."""
        return f"{NOT_PLAYED}: {error}"

    def on_move_line_refused(self, event: MoveLine.Refused) -> None:
        """Say why the move line refused what was typed or pasted (its bell rang)."""
        self.show_message(f"Not taken: a move is at most {MOVE_MAX} characters (a paste too long is dropped).")

    def describe(self, state: GameState[Any], move: object, seat: int) -> str:
        """What `move` does, with the players' names for their seats."""
        return with_names(state.describe_move(move, seat), self.record.names)

    def show_message(self, text: str) -> None:
        """The line under the board (an empty text hides it)."""
        self.query_one("#message", MessageLine).say(text)

    def _rebuild_log(self) -> None:
        self.log_widget.show(log_entries(self.record, self.viewer))

    # ------------------------------------------------------------- which keys work
    def hint_refusal(self) -> str | None:
        """Why no hint can be given now (not your turn, or people who did
        not agree to hints), or None."""
        refusal = self.record.hints_refusal()
        if refusal:
            return refusal[0].upper() + refusal[1:] + "."
        return self.play_refusal()

    def play_refusal(self) -> str | None:
        """Why no move can be played now, or None if the viewer may move."""
        state = self.record.state
        if state.is_over():
            return f"The game is over: r replays it, q goes to the {self.LEAVES_TO}."
        if self.thinking is not None:
            return f"{self.record.names[self.thinking]} is thinking; wait for their move."
        if self.passing or self.viewer is None:
            return "Press Enter on the pass screen first."
        if self.acting_human() is None:
            return f"Not your turn: {self.waiting_text()}."
        return None

    def undo_point(self) -> tuple[int | None, str]:
        """(the ply to go back to, '') when the viewer may undo, else
        (None, why not). Undo takes back the viewer's own last move and the
        bots' replies after it, never another person's move (the session's
        rule)."""
        if self.viewer is None or self.passing:
            return None, "Nothing to undo yet."
        try:
            return self.session.undo_point(self.viewer), ""
        except UndoRefusedError as exc:
            reason = str(exc)
            return None, reason[:1].upper() + reason[1:] + "."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "type_move" or parameters == ("type_move",):
            if self.query_one("#move-input").has_class("visible"):
                return False  # a colon typed in the move line is text
        if action in PLAY_KEYS:
            return self.play_refusal() is None
        if action == "undo":
            return self.undo_point()[0] is not None
        if action == "hint":
            return self.hint_refusal() is None
        if action in ("replay", "review"):
            return self.record.state.is_over()
        if action == "escape":  # shown (and taken) while there is something to close
            return self.query_one("#move-input").has_class("visible") or self.log_widget.has_class("expanded")
        return True

    def action_refused(self, action: str) -> None:
        if action == "undo":
            self.refuse(self.undo_point()[1])
        elif action == "hint":
            self.refuse(self.hint_refusal() or "")
        else:
            self.refuse(self.play_refusal() or "")

    # ------------------------------------------------------------- actions
    def action_type_move(self) -> None:
        seat = self.acting_human()
        if seat is None:
            return
        state = self.record.state
        box = self.query_one("#move-input", MoveLine)
        box.suggester = SuggestFromList([state.format_move(m) for m in state.legal(seat)], case_sensitive=False)
        self.focus_before = self.focused
        self._show_move_line(True, fresh=True)
        self.set_focus(box)  # at once (box.focus() waits its turn behind keys already queued)
        self.refresh_bindings()
        self.show_message(TYPE_HINT)

    def _show_move_line(self, shown: bool, fresh: bool = False) -> None:
        """Open the move line (`fresh`: empty; else with the text it had) or
        close it. It takes the key bar's row while open (its placeholder
        says the keys), so the board keeps its size and only that row is
        drawn again. A closed line gives the keys back at once: a line that
        kept them would take the next `:` as text."""
        box = self.query_one("#move-input", MoveLine)
        if not shown:
            box.close()
            if self.focused is box:
                back = self.focus_before
                self.set_focus(back if back is not None and back.is_attached and back.focusable else None)
        elif fresh:
            box.open()
        else:
            box.reopen()
        self.query_one(KeyBar).display = not shown  # not a class on the screen: that restyles every widget

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "move-input" or not event.input.has_class("visible"):
            return
        seat = self.acting_human()
        if seat is None:
            return
        self.show_message(self.completion_text(seat, event.value))

    def completion_text(self, seat: int, typed: str) -> str:
        """What the typed text would play: the one move it names, how many
        moves start with it, or that none does."""
        want = "".join(typed.split()).lower()
        if not want:
            return TYPE_HINT
        state = self.record.state
        found = []
        for m in state.legal(seat):
            text = state.format_move(m)
            key = "".join(text.split()).lower()
            if key == want:
                return f"Enter plays {text}: {self.describe(state, m, seat)}"
            if key.startswith(want):
                found.append((text, m))
        if len(found) == 1:
            text, m = found[0]
            return f"Enter plays {text}: {self.describe(state, m, seat)}"
        if found:
            sample = ", ".join(t for t, _ in found[:4])
            return f"{plural(len(found), 'move')} start so: {sample}{' …' if len(found) > 4 else ''}"
        return f"No legal move starts with {typed.strip()!r} (Esc, then a: the list of every move)."

    def action_all_moves(self) -> None:
        seat = self.acting_human()
        if seat is None:
            return
        from tui.screens.move_picker import MovePicker

        state = self.record.state
        moves = [(state.format_move(m), self.describe(state, m, seat)) for m in state.legal(seat)]

        def chosen(text: str | None) -> None:
            if text is not None and self.acting_human() == seat:
                self.play(seat, text)

        self.app.push_screen(MovePicker.shared(self.app, moves, state.prompt(seat)), chosen)

    def action_hint(self) -> None:
        """The search level's top three moves for you (between people only
        if all agreed at setup: a hint is help the others did not agree to)."""
        seat = self.acting_human()
        refusal = self.hint_refusal()
        if seat is None or refusal:
            self.refuse(refusal or "Not your turn.")
            return
        from tui.screens.hint import HintScreen

        rec = self.record
        self.app.push_screen(HintScreen(rec.ruleset, rec.state.view(seat), seat, rec.seed + rec.ply))

    def action_escape(self) -> None:
        box = self.query_one("#move-input", Input)
        if box.has_class("visible"):
            self._show_move_line(False)
            self.show_message("")
            self._focus_play()
        elif self.log_widget.has_class("expanded"):
            self.action_log()
        self.refresh_bindings()

    def _focus_play(self) -> None:
        """Give the keys back to where they were if a person is to act (the
        view), else to the log."""
        back = self.focus_before
        self.focus_before = None
        if self.acting_human() is not None and back is not None and back.is_attached and back is not self.log_widget:
            back.focus()
        elif self.acting_human() is not None:
            self._draw(can_act=True)
        else:
            self.log_widget.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        box = self.query_one("#move-input", MoveLine)
        try:
            self.submit_move(event.value)
        finally:
            box.release()  # the keys typed behind Enter, now that the move is played or refused

    def submit_move(self, text: str) -> None:
        """Play the move line's text (Enter): the line closes, or stays open
        with the text to correct and the error said."""
        seat = self.acting_human()
        if seat is None:
            self.show_message(self.play_refusal() or "")
            return
        self._show_move_line(False)  # before play(): the next turn may take the focus
        if not self.play(seat, text):
            self._show_move_line(True)  # keep the text to correct it; the error is shown
            self.set_focus(self.query_one("#move-input", MoveLine))

    def action_log(self) -> None:
        """Open the log over the lower part of the screen (full width,
        focused, scrolled by keys), or close it."""
        log = self.log_widget
        if log.has_class("expanded"):
            log.remove_class("expanded")
            self.show_message("")
            self._focus_play()
        else:
            log.add_class("expanded")
            if self.focused is not log:
                self.focus_before = self.focused
            log.focus()
            self.show_message("The log: ↑↓ PgUp PgDn Home End scroll it, [ ] by moves; e or Esc closes it.")
        log.call_after_refresh(log.scroll_end, animate=False)
        self.refresh_bindings()

    def action_undo(self) -> None:
        point, why = self.undo_point()
        if point is None:
            self.refuse(why)
            return
        self.generation += 1
        self.thinking = None
        self.workers.cancel_group(self, "bot")
        try:
            self.session.undo(self.viewer)
        except StaleGameError:
            self._reloaded("Another tsquare moved in this game meanwhile: reloaded; nothing was taken back.")
            return
        except (UndoRefusedError, SaveError) as exc:
            self.show_message(f"Nothing taken back: {exc}")
            self.advance()
            return
        self.refusal = ""
        self.last = record_last_move(self.record)
        self.recent = recent_moves(self.record)
        self.over_shown = False
        self._rebuild_log()
        self.show_message(f"Took back to move {point + 1}.")
        self.advance()

    def action_replay(self) -> None:
        from tui.screens.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.record, self.record.ply))

    def action_review(self) -> None:
        """The game-over box again (the result, once closed to look at the
        board), with its review started."""
        from tui.screens.game_over import GameOverScreen

        self.app.push_screen(GameOverScreen(self.record, self.LEAVES_TO, self.path, review_now=True,
                                            viewer=self.reviewer()))

    def reviewer(self) -> int | None:
        """Whose first mark the game's review opens on: the one person at the
        table (None: several, or none)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def help_keys(self) -> str:
        """The keys of this screen for `?`: the screen's, then the view's."""
        rows = [
            (":", "type a move in notation (→ completes it, Enter plays, Esc cancels)"),
            ("a", "every legal move as a list with what it does (type to filter, Enter plays)"),
        ]
        if self.record.ruleset.undo_allowed:
            rows.append(("u", "undo: take back your own last move (and the bots' replies)"))
        rows += [
            ("e", "the log of what happened, big: ↑↓ PgUp PgDn Home End scroll, [ ] a move back or on, e or Esc closes"),
            ("r", "replay the game (once it is over)"),
            ("v", "review the game (once it is over): the result again, each move marked from its player's view"),
            ("H", "a hint: the search level's top three moves for you (between people only if all agreed at setup)"),
            ("?", "this help"),
            ("q", "quit to the menu (the game is saved after every move)"),
        ]
        keys = keys_table("Keys on the game screen", rows)
        return keys + "\n" + self.game_view.KEYS_HELP

    def action_help(self) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.record.ruleset.id, self.help_keys()))

    def action_quit_game(self) -> None:
        self.generation += 1
        self.workers.cancel_group(self, "bot")  # every move is saved already
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
