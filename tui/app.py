"""The Textual app: a main menu over the game, setup, replay and rules screens."""
from __future__ import annotations

import gc
from pathlib import Path

from textual.app import App
from textual.binding import Binding


class TSquareApp(App[None]):
    """T-Square's TUI. With `game` it opens that save; with `replay`, the
    replay viewer; otherwise the main menu."""

    CSS_PATH = ["theme.tcss", "app.tcss"]
    TITLE = "T-Square"
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def __init__(
        self,
        saves_dir: Path,
        game: Path | None = None,
        replay: Path | None = None,
        start_ply: int = 0,
        bot_delay: float = 0.35,
    ) -> None:
        super().__init__()
        self.saves_dir = Path(saves_dir)
        """Where new games are saved and where the resume list looks."""
        self.start_game = game
        self.start_replay = replay
        self.start_ply = start_ply
        self.bot_delay = bot_delay
        """Seconds a bot's move stays on screen before the next one (0 in tests)."""
        self.crash: str | None = None
        """After a crash: the one line for the player (the report's path)."""

    def _handle_exception(self, error: Exception) -> None:
        """A crash: write a report (traceback without locals) and exit 1,
        instead of Textual's crash screen, which prints every local variable
        (hands, deck order, seed). Nothing is saved on the way out."""
        from engine.crash import crash_line, write_report

        self._return_code = 1
        if self._exception is None:  # the test pilot re-raises the first one
            self._exception = error
            self._exception_event.set()
        if self.crash is None:
            self.crash = crash_line(error, write_report(error, self.saves_dir))
        self._close_messages_no_wait()

    def settle_heap(self) -> None:
        """Keep what is alive now (modules, the app, a loaded game) out of
        the collector's sweeps: it lives as long as the app, and a full
        sweep over it paused a key press for 40-90 ms."""
        gc.freeze()

    def on_unmount(self) -> None:
        gc.unfreeze()  # the app is done: its objects go back to the collector

    def on_mount(self) -> None:
        from tui.screens.menu import MainMenu

        self.call_after_refresh(self.settle_heap)
        self.push_screen(MainMenu())
        if self.start_game is not None:
            self.open_game(self.start_game)
        elif self.start_replay is not None:
            self.open_replay(self.start_replay, self.start_ply)

    def open_game(self, path: Path) -> None:
        """Load a save and play it; a bad file is reported, not raised."""
        from engine.errors import SaveError
        from engine.saves import load
        from tui.screens.game import GameScreen

        try:
            record = load(path)
        except SaveError as exc:
            self.notify(str(exc), severity="error", timeout=8, markup=False)
            return
        self.push_screen(GameScreen(record, Path(path)))

    def open_replay(self, path: Path, ply: int = 0) -> None:
        """Open a save in the replay viewer."""
        from engine.errors import SaveError
        from engine.saves import load
        from tui.screens.replay import ReplayScreen

        try:
            record = load(path)
        except SaveError as exc:
            self.notify(str(exc), severity="error", timeout=8, markup=False)
            return
        from engine.review import latest_stored

        self.push_screen(ReplayScreen(record, ply, review=latest_stored(path, record)))  # marks, if reviewed


def create_app(saves_dir: Path, game: Path | None = None, replay: Path | None = None, **kw: object) -> TSquareApp:
    """The app factory used by the CLI, the tests and the benchmarks."""
    return TSquareApp(saves_dir, game=game, replay=replay, **kw)  # type: ignore[arg-type]


def run_app(saves_dir: Path, game: Path | None = None, replay: Path | None = None, start_ply: int = 0) -> int:
    """Run the TUI until the player quits; the exit code (1 after a crash,
    whose one line goes to stderr)."""
    import sys

    app = create_app(saves_dir, game=game, replay=replay, start_ply=start_ply)
    app.run()
    if app.crash is not None:
        print(app.crash, file=sys.stderr)
        return 1
    return app.return_code or 0
