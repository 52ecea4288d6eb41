"""What runs behind `ssh -p PORT HOST plain`: the plain-text lobby and rooms
for one person, on standard input and output (a pipe, or a PTY when the
client asked for a terminal). `python -m tui.plain.remote DATA_DIR USER`
(the server starts it; see `tui.plain.relay`).

Others' moves are told as they happen, even while the person is at the
prompt: input is read with `select` on standard input and a wake-up pipe,
which the server's SIGUSR1 ("your room's save changed", ARCHITECTURE.md
"Pushing moves") writes to; without a push it looks every `pushed.POLL_SECONDS`.
"""
from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from tui.plain.pushed import PushedLines


def wake_pipe() -> int:
    """A pipe that SIGUSR1 writes to; its read end."""
    r, w = os.pipe()
    os.set_blocking(r, False)
    os.set_blocking(w, False)
    signal.set_wakeup_fd(w)
    signal.signal(signal.SIGUSR1, lambda *_: None)  # a handler, so that the wake-up byte is written
    return r


def run(root: Path, user: str) -> int:
    """The plain lobby for `user` on this process's standard input and output."""
    from tui.plain.lobby import PlainLobby
    from tui.server.db import open_store
    from tui.server.records import RoomLimits, check_user_name

    check_user_name(user)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    out = open(sys.stdout.fileno(), "w", encoding="utf-8", errors="replace", closefd=False)
    lines = PushedLines(sys.stdin.fileno(), out, wake_pipe())
    store = open_store(root, None, RoomLimits.from_env())  # the database and limits the server set
    try:
        code = PlainLobby(store, user, lines).run()
        out.flush()
        return code
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tui.plain.remote DATA_DIR USER", file=sys.stderr)
        return 2
    try:
        return run(Path(argv[0]), argv[1])
    except Exception as exc:  # noqa: BLE001 - a reference for the operator, never a traceback
        from tui.server.folder import report_crash

        print(report_crash(Path(argv[0]), exc), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
