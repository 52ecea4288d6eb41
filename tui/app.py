"""The Textual app: a main menu over the game, setup, replay and rules screens."""
from __future__ import annotations

import gc
from collections.abc import Mapping
from pathlib import Path

from rich.console import RenderableType
from textual import events
from textual.actions import ActionParseResult
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.geometry import Size

from tui.heap import settle_heap
from tui.too_small import fitted, frame_text, small_frame, too_small
from tui.widgets import component_styles, quiet_focus
from tui.widgets.fitted import install as fit_static_updates

quiet_focus.install()  # a widget that has the focus is not repainted whole by focus()
component_styles.install()  # a restyle matches component styles once for each place they can differ
fit_static_updates()  # Static.update lays the screen out again only where a size may change


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
        self.terminal_size: Size | None = None
        """The terminal's own size, once it was told (the screens are laid
        out at `fitted(terminal_size)`, never smaller)."""
        self.small_frame: list[str] | None = None
        """The lines shown instead of the screens while the terminal is too
        small (`tui.too_small`), or None while the screens are shown."""
        self.leaving = False
        """Set by `exit`: the key bindings still queued behind the quitting
        key do nothing (an `r` typed just after `q` would otherwise open
        the saves list on an app already closing, and crash it)."""

    # ------------------------------------------------------------- a terminal too small
    @property
    def size(self) -> Size:
        """The size the screens are laid out at: the terminal's, but never
        below `SMALLEST` (a smaller terminal shows a message instead)."""
        size = App.size.fget(self)  # type: ignore[attr-defined]
        return fitted(size) if too_small(size) else size

    def real_size(self) -> Size:
        """The terminal's size (possibly below what the screens take)."""
        if self.terminal_size is not None:
            return self.terminal_size
        size: Size = App.size.fget(self)  # type: ignore[attr-defined]
        return size

    async def _on_resize(self, event: events.Resize) -> None:
        """Lay the screens out at the fitted size; show the message if the
        terminal is too small, or the screen again when it is not."""
        event.prevent_default()  # App's own handler runs below, with the fitted size
        self.terminal_size = event.size
        size = fitted(event.size)
        await super()._on_resize(events.Resize(size, size, size, event.pixel_size))
        if too_small(event.size):
            self._draw_small(event.size)
        elif self.small_frame is not None:
            self.small_frame = None
            self.screen.refresh()  # every cell again, over the message

    def _draw_small(self, size: Size) -> None:
        """Show the message for a terminal of `size` (once per size)."""
        lines = small_frame(size)
        if lines == self.small_frame:
            return
        self.small_frame = lines
        driver = self._driver
        if self._running and not self._closed and not self.is_headless and driver is not None:
            driver.write(frame_text(lines))
            driver.flush()

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        """Draw the screen, or the message while the terminal is too small
        (the screens go on underneath, at the fitted size)."""
        size = self.real_size()
        if too_small(size):
            self._draw_small(size)
            self.post_display_hook()
            return
        super()._display(screen, renderable)

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Close the app; the key bindings queued behind do nothing."""
        self.leaving = True
        super().exit(result, return_code, message)

    async def run_action(self, action: str | ActionParseResult, default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        """Run a key's or a click's action, unless the app is closing (then
        it counts as done, so nothing else takes the key)."""
        if self.leaving:
            return True
        return await super().run_action(action, default_namespace, namespaces)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseEvent)) and not event.is_forwarded and self.drops(event):
            return
        await super().on_event(event)

    def drops(self, event: events.Key | events.MouseEvent) -> bool:
        """Whether a key or a click is dropped: while only the too-small
        message shows (it would act on a screen nobody sees); ctrl+c always
        quits. (Keys of one burst need no rule here: a key that reaches a
        widget once a key ahead of it covered that widget's screen is
        dropped there, by `DirectKeys` and `when_on_top`.)"""
        if isinstance(event, events.Key) and event.key == "ctrl+c":
            return False
        return self.small_frame is not None

    def _handle_exception(self, error: Exception) -> None:
        """A crash: write a report (traceback without locals) and exit 1,
        instead of Textual's crash screen, which prints every local variable
        (hands, deck order, seed). Nothing is saved on the way out."""
        from engine.crash import write_report

        self._return_code = 1
        if self._exception is None:  # the test pilot re-raises the first one
            self._exception = error
            self._exception_event.set()
        if self.crash is None:
            self.crash = self.crash_message(error, write_report(error, self.saves_dir))
        self._close_messages_no_wait()

    def crash_message(self, error: Exception, report: Path | None) -> str:
        """The one line after a crash: here, at the person's own machine,
        the report's path (a server's app says a reference instead)."""
        from engine.crash import crash_line

        return crash_line(error, report)

    def on_unmount(self) -> None:
        gc.unfreeze()  # the app is done: its objects go back to the collector

    def on_mount(self) -> None:
        self.open_start()

    def open_start(self) -> None:
        """The screens the app opens on: the main menu, then the game or
        replay named on the command line (the SSH player's app opens its
        lobby instead)."""
        from tui.screens.menu import MainMenu

        self.call_after_refresh(settle_heap)
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
