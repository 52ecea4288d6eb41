"""What runs in each connection's PTY: the TUI opened on the lobby for one
person. `python -m tui.server.player DATA_DIR USER` (the server starts it)."""
from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
from pathlib import Path

from tui.app import TSquareApp
from tui.server.db import open_store
from tui.server.doors import WATCH_VAR, WEB_DOOR_VAR
from tui.server.folder import reports_folder
from tui.server.records import RoomLimits, check_user_name

GC_THRESHOLDS = (20000, 10, 10)
"""The collector's thresholds in a connection's process. Textual leaves
cyclic garbage on every restyle (a throwaway node per component class of a
widget, caches that point back at it): about 3,000 objects a move. With a
young generation of 700 or 5000 allocations most of it outlived its first
collection and was swept again, dearly, in the middle one (16 ms a sweep);
at 20000 it dies young. Measured over a Grid Square game on a room's screen
(moves by the move list): the collector's time from 0.50 s to 0.26 s, about
5% of the process's CPU, for about 1 MiB more of peak memory."""


ORPHAN_CHECK_SECONDS = 2.0
"""How often a connection's TUI checks that the server (or its zygote)
that started it is still there."""


class LobbyApp(TSquareApp):
    """The TUI for a connected person: the lobby instead of the main menu."""

    CSS_PATH = [str(Path(__file__).parent.parent / name) for name in TSquareApp.CSS_PATH]  # the app's own styles
    ENABLE_COMMAND_PALETTE = False
    """No command palette over the network: nothing there a player needs, and
    stray bytes (Ctrl-P among them) must not open it."""

    def __init__(self, root: Path, user: str) -> None:
        self.store = open_store(root, None, RoomLimits.from_env())  # the database and limits the server set
        super().__init__(reports_folder(self.store.root), bot_delay=0.0)
        self.pushed = False
        """True when the server tells this process of its rooms' changes
        (SIGUSR1): a room's screen then looks at its save only now and then."""
        self.user = user
        """Who is connected."""

    def crash_message(self, error: Exception, report: Path | None) -> str:
        """A remote person is told a reference for the operator, never a
        path on the server (the report stays in DATA/reports/crash-reports);
        the operator's log has it too."""
        from tui.server.folder import crash_line

        return crash_line(self.store.root, error, report)

    def open_start(self) -> None:
        """The lobby, not the main menu of local play."""
        from tui.server.screens.lobby import LobbyScreen

        if os.environ.get(WATCH_VAR) == "1":  # a browser not signed in (--web-watch): watching only
            from tui.server.screens.watch_lobby import WatchLobbyScreen

            self.push_screen(WatchLobbyScreen(self.store, ""))
        else:
            self.push_screen(LobbyScreen(self.store, self.user))
        if signal.getsignal(signal.SIGUSR1) == signal.SIG_IGN:  # started by the server's zygote
            asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, self._poked)
            self.pushed = True
        self.parent_pid = os.getppid()
        """The process that started this one (the server or its zygote)."""
        self.set_interval(ORPHAN_CHECK_SECONDS, self._end_if_orphaned)

    def _end_if_orphaned(self) -> None:
        """End when the server is gone: a connection's TUI never outlives it
        (its terminal may then give end-of-file forever instead of a hang-up)."""
        if os.getppid() != self.parent_pid:
            self.exit()

    def _poked(self) -> None:
        """The server saw this person's room change: look at it now rather
        than at the screen's next timed look."""
        look = getattr(self.screen, "check_disk", None)
        if look is not None:  # a room's screen: its look at the save, now
            self.call_later(look)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tui.server.player DATA_DIR USER", file=sys.stderr)
        return 2
    try:
        return run_lobby(Path(argv[0]), check_user_name(argv[1]))
    except Exception as exc:  # noqa: BLE001 - outside the app: still a reference, never a traceback
        print(outside_crash_line(exc, Path(argv[0])), file=sys.stderr)
        return 1


def outside_crash_line(exc: BaseException, root: Path) -> str:
    """The line for a failure around the app (before it runs): a report in
    the data folder and its reference; for an interrupt, only its kind."""
    if not isinstance(exc, Exception):
        return f"tsquare: {type(exc).__name__}"
    from tui.server.folder import report_crash

    return report_crash(Path(root), exc)


def run_lobby(root: Path, user: str) -> int:
    """Run the lobby app for `user` on this process's terminal; the exit code."""
    check_user_name(user)
    gc.set_threshold(*GC_THRESHOLDS)
    if os.isatty(0):  # the PTY becomes our controlling terminal: resizes arrive as SIGWINCH
        import fcntl
        import termios

        try:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        except OSError:
            pass
    app = LobbyApp(root, user)
    if os.environ.get(WEB_DOOR_VAR) == "web":  # a browser's (tui/server/web_door.py): Textual's web driver
        from textual.drivers.web_driver import WebDriver

        app.driver_class = WebDriver  # (the environment's TEXTUAL_DRIVER was read when the zygote imported Textual)
    app.run()
    if app.crash is not None:
        print(app.crash, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
