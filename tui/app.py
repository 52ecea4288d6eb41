"""The Textual app: a main menu over the game, setup, replay and rules screens."""
from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from tui.widgets.palette import THEME_PATH


class TSquareApp(App[None]):
    """T-Square's TUI. With `game` it opens that save; with `replay`, the
    replay viewer; otherwise the main menu."""

    CSS_PATH = [THEME_PATH, "app.tcss"]  # the widget kit's colours first
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

    def on_mount(self) -> None:
        from tui.screens.menu import MainMenu

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
            self.notify(str(exc), severity="error", timeout=8)
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
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.push_screen(ReplayScreen(record, ply))


def create_app(saves_dir: Path, game: Path | None = None, replay: Path | None = None, **kw: object) -> TSquareApp:
    """The app factory used by the CLI, the tests and the benchmarks."""
    return TSquareApp(saves_dir, game=game, replay=replay, **kw)  # type: ignore[arg-type]


def run_app(saves_dir: Path, game: Path | None = None, replay: Path | None = None, start_ply: int = 0) -> None:
    """Run the TUI until the player quits."""
    create_app(saves_dir, game=game, replay=replay, start_ply=start_ply).run()
