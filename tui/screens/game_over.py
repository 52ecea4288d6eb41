"""The end of a game: ranks, scores and where every point came from."""
from __future__ import annotations

from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from engine.record import GameRecord

if TYPE_CHECKING:
    from engine.review import Review


def review_executor() -> Executor:
    """Where the game-over box's review searches: one process of its own
    (spawned, not forked from the threaded app), so the screen never waits
    on it; never the SSH server's relay process, and no save lock held."""
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import resource_tracker

    # Spawning starts multiprocessing's resource tracker, which hands it
    # sys.stderr's descriptor; the app's captured stderr has none ("bad
    # value(s) in fds_to_keep"), so the tracker is started on the real one.
    captured = sys.stderr
    try:
        sys.stderr = sys.__stderr__
        resource_tracker.ensure_running()
    finally:
        sys.stderr = captured
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))


class _Stopped(Exception):
    """The box was closed while its review ran."""


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
        detail = ", ".join(f"{k} {v}" for k, v in out.scored(s).items()) or "—"
        table.add_row(str(out.ranks[s]), Text(record.names[s]), str(out.scores[s]), Text(detail))
    return table


class GameOverScreen(ModalScreen[None]):
    """Shown once when a game ends; Enter closes it to look at the board."""

    BINDINGS = [
        Binding("enter,escape", "close", "Look at the board"),
        Binding("q", "menu", "Menu"),
        Binding("r", "replay", "Replay"),
        Binding("v", "review", "Review this game"),
    ]

    def __init__(self, record: GameRecord, leaves_to: str = "menu", path: Path | None = None,
                 review_now: bool = False, viewer: int | None = None) -> None:
        super().__init__()
        self.record = record
        self.leaves_to = leaves_to
        """Where q goes: the menu, or the lobby in a room."""
        self.path = path
        """The save, beside which the review is stored (None: not stored)."""
        self.reviewing = False
        self.review_now = review_now
        """Start the review as the box opens (`v` on the ended game's screen)."""
        self.viewer = viewer
        """The player at this screen (a room's seat, or the one person at the
        table), whose marks the review opens on; None: every person's."""

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
            yield Static(f"Enter: look at the board · r: replay · v: review · q: {self.leaves_to}", classes="hint")
            status = Static("", id="review-status", classes="hint")
            status.display = False  # until the review is asked for
            yield status
            bar = ProgressBar(id="review-progress", show_eta=False)
            bar.display = False
            yield bar

    def on_mount(self) -> None:
        if self.review_now:
            self.action_review()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_menu(self) -> None:
        self.dismiss(None)
        self.app.screen.action_quit_game()  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        from tui.screens.replay import ReplayScreen

        self.dismiss(None)
        self.app.push_screen(ReplayScreen(self.record, 0))

    def action_review(self) -> None:
        """Review the game (engine/review.py) in a worker, then open the
        replay with the marks; a stored review opens at once."""
        if self.reviewing:
            return
        self.reviewing = True
        status = self.query_one("#review-status", Static)
        status.display = True
        status.update("Reviewing this game… (each move from its player's view)")
        self.run_worker(self._review_work, thread=True, exclusive=True, group="review")

    def _review_work(self) -> None:
        from textual.worker import get_current_worker

        from engine.review import review_or_stored

        worker = get_current_worker()

        def tick(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _Stopped
            self.app.call_from_thread(self._progress, done, total)

        pool = review_executor()
        try:
            result, _old = review_or_stored(self.path, self.record, executor=pool, progress=tick)
        except _Stopped:
            return
        except Exception as exc:  # noqa: BLE001 - one line on the box, never a traceback
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, f"The review failed: {exc}")
            return
        finally:  # closed box: the decision being searched ends, the rest never start
            pool.shutdown(wait=False, cancel_futures=True)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._reviewed, result)

    def _progress(self, done: int, total: int) -> None:
        if not self.is_attached:
            return
        bar = self.query_one("#review-progress", ProgressBar)
        bar.display = True
        bar.update(total=total, progress=done)
        self.query_one("#review-status", Static).update(f"Reviewing this game… {done} of {total} decisions")

    def _failed(self, message: str) -> None:
        self.reviewing = False
        if self.is_attached:
            self.query_one("#review-status", Static).update(Text(message))

    def _reviewed(self, review: Review) -> None:
        from engine.review_chart import first_mark
        from tui.screens.replay import ReplayScreen

        if not self.is_attached or self.app.screen is not self:
            return
        self.dismiss(None)
        first = first_mark(review, self.record, self.viewer)  # the person's first mark
        self.app.push_screen(ReplayScreen(self.record, first, review=review, viewer=self.viewer))
