"""The replay viewer: step through a saved game, ply by ply, as a spectator,
each move shown with what it did."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.core import GameState
from engine.events import for_reader
from engine.record import GameRecord
from engine.words import plural

if TYPE_CHECKING:
    from engine.review import Review
from engine.text import cells
from tui.games import view_class
from tui.games.protocol import GameView
from tui.screens.played import LastMove, last_move_of, log_entries, tell_last
from tui.screens.rules import keys_table
from tui.widgets.log_panel import LogPanel, place_log

REPLAY_KEYS = keys_table(
    "Keys in the replay",
    [
        ("→ or l", "next move"),
        ("← or h", "previous move"),
        ("Home or g", "the start"),
        ("End or G", "the end"),
        ("↑↓ PgUp PgDn [ ]", "scroll the log (by lines, pages, moves)"),
        ("n", "the next marked move (a reviewed game: ?! ? ??)"),
        ("b", "a reviewed game: the bots' marks too (or the people's only)"),
        ("c", "a reviewed game: the win-share chart, shown or hidden"),
        ("e", "the log, big (e or Esc closes it)"),
        ("?", "this help"),
        ("Esc or q", "close the replay"),
    ],
)


class ReplayScreen(Screen[None]):
    """Shows the position after any ply, as a spectator sees it. Its keys
    have priority, so a board that takes arrows when playing cannot swallow
    them here; the view never has focus (the log does)."""

    AUTO_FOCUS = ""

    BINDINGS = [
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("home,g", "jump(0)", "Start", priority=True),
        Binding("end,G", "jump(-1)", "End", priority=True),
        Binding("n", "next_mark", "Next mark", priority=True),
        Binding("b", "all_seats", "Bots' marks", priority=True),
        Binding("c", "chart", "Chart", priority=True),
        Binding("e", "log", "Log"),
        Binding("question_mark", "help", "Help"),
        Binding("escape,q", "back", "Close", priority=True),
    ]

    def __init__(self, record: GameRecord, ply: int = 0, review: Review | None = None,
                 viewer: int | None = None) -> None:
        super().__init__()
        self.record = record
        self.review = review
        """The game's review (engine/review.py): marks on the moves, or None."""
        self.viewer = viewer
        """The player reading the review (a room's seat), or None."""
        self.all_seats = False
        """Every seat's marks (`b`), or only the people's (the viewer's)."""
        self.chart_asked = False
        """The reader showed or hid the chart (`c`): its size no longer decides."""
        self.ply = max(0, min(ply, record.ply))
        """How many moves have been played in the position shown."""
        self.state: GameState[Any] = record.state_at(0)
        self.last: LastMove | None = None
        """The move that led to the position shown."""
        self._goto(self.ply)

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="main"):
            yield view_class(self.record.ruleset.id)(id="view")
            yield LogPanel(id="log")
        yield Static("", id="message")
        chart = Static("", id="chart")
        chart.display = self.review is not None
        yield chart
        yield Footer(show_command_palette=False)

    def shown_seats(self) -> list[int]:
        """The seats whose marks are shown (`engine.review_chart.shown_seats`)."""
        from engine.review_chart import shown_seats

        return shown_seats(self.record, self.all_seats)

    def on_resize(self, event: events.Resize) -> None:
        chart = self.query_one("#chart", Static)
        if self.review is not None and event.size.height < 30 and not self.chart_asked:
            chart.display = False  # a small terminal keeps its rows for the board: c shows the chart
        place_log(self, self.query_one("#view"), event.size.width, event.size.height)  # as the game screen does
        cast(GameView, self.query_one("#view")).fit_to(event.size.width, event.size.height)  # room to use

    def on_mount(self) -> None:
        for widget in self.query_one("#view").query("*"):
            widget.can_focus = False  # nothing on the board is played here
        self.query_one("#log", LogPanel).focus()
        self._draw()

    def _goto(self, target: int) -> None:
        """Set the position after `target` moves and the move that led there."""
        rec = self.record
        if target == self.ply + 1 and self.ply < rec.ply:
            before = self.state.clone()
        elif target > 0:
            before = rec.state_at(target - 1)
        else:
            self.state, self.last, self.ply = rec.state_at(0), None, 0
            return
        seat, text = rec.moves[target - 1]
        self.last = last_move_of(before, seat, text)
        self.state = before.clone()
        self.state.apply_trusted(seat, self.state.parse_move(text, seat))  # parsing checked it
        self.ply = target

    def move_text(self) -> str:
        """The move that led here, in words ('(sealed)' if hidden)."""
        last = self.last
        if last is None:
            return f"The start: {plural(self.record.ply, 'move')} to step through with →."
        rec = self.record
        name = rec.names[last.seat]
        from tui.screens.review_marks import mark_line

        marked = mark_line(self.review, self.ply, rec.names, self.shown_seats())
        head = f"{marked}\n" if marked else ""
        if last.sealed:
            return f"{head}Move {self.ply}: {name} · (sealed)"
        # what the log says it did; else its description, as a spectator reads it ('use their perk')
        said = [ev.render(rec.names) for ev in rec.log[self.ply - 1] if ev.visible_to(None)]
        if said:
            return head + f"Move {self.ply}: {' · '.join(said)}"
        return head + f"Move {self.ply}: {name} · {for_reader(last.description, last.seat, None, rec.names)}"

    def _draw(self) -> None:
        rec = self.record
        shown = self.state.view(None) if rec.ruleset.hidden_information else self.state
        view = cast(GameView, self.query_one("#view"))
        view.show(shown, None, rec.names, False)
        tell_last(view, self.last, None)
        status = self.query_one("#status", Static)
        line = f"Replay · {rec.ruleset.title} · move {self.ply} of {rec.ply}"
        hints = ["←→ step", "Home/End jump"] + (["n: next mark", "b: bots' marks", "c: chart"] if self.review is not None else [])
        room = status.content_size.width or self.app.size.width - 2
        for hint in hints:  # the keys' hints while they fit whole (the key bar has them all)
            if cells(line) + 3 + cells(hint) > room:
                break
            line += f" · {hint}"
        status.update(Text(line))
        self._draw_chart()
        self.query_one("#message", Static).update(self.move_text())
        log = self.query_one("#log", LogPanel)
        log.show(log_entries(rec, None, self.ply))

    def action_step(self, step: int) -> None:
        target = max(0, min(self.record.ply, self.ply + step))
        if target != self.ply:
            self._goto(target)
            self._draw()

    def _draw_chart(self) -> None:
        """The win-share chart of the review, the move shown marked under it."""
        from engine.review_chart import chart_lines

        chart = self.query_one("#chart", Static)
        if self.review is None or not chart.display:
            return
        width = max(20, min(100, self.size.width - 10))
        lines = chart_lines(self.review, self.record.ply, self.record.names, width, 7, self.shown_seats())
        col = 6 + min(width - 1, (max(1, self.ply) - 1) * width // max(1, self.record.ply))
        lines.insert(len(lines) - 2, " " * col + "↑ shown")
        chart.update(Text("\n".join(lines)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.review is not None if action in ("next_mark", "all_seats", "chart") else True

    def action_all_seats(self) -> None:
        """The bots' marks too, or the people's only again."""
        self.all_seats = not self.all_seats
        self.notify("Every seat's marks." if self.all_seats else "The people's marks only (b: every seat's).")
        self._draw()

    def action_chart(self) -> None:
        chart = self.query_one("#chart", Static)
        self.chart_asked = True
        chart.display = not chart.display
        self._draw()

    def action_next_mark(self) -> None:
        from tui.screens.review_marks import next_mark

        target = next_mark(self.review, self.ply, self.shown_seats())
        if target is None:
            self.notify("No move of this game is marked.")
            return
        self._goto(target)
        self._draw()

    def action_jump(self, where: int) -> None:
        self._goto(self.record.ply if where < 0 else 0)
        self._draw()

    def action_log(self) -> None:
        log = self.query_one("#log", LogPanel)
        log.set_class(not log.has_class("expanded"), "expanded")
        log.focus()
        log.call_after_refresh(log.scroll_end, animate=False)

    def action_help(self) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.record.ruleset.id, REPLAY_KEYS))

    def action_back(self) -> None:
        log = self.query_one("#log", LogPanel)
        if log.has_class("expanded"):
            log.remove_class("expanded")
            return
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
