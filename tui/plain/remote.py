"""What runs behind `ssh -p PORT HOST plain`: the plain-text lobby and rooms
for one person, on standard input and output (a pipe, or a PTY when the
client asked for a terminal). `python -m tui.plain.remote DATA_DIR USER`
(the server starts it; see `tui.plain.relay`).

Others' moves are told as they happen, even while the person is at the
prompt: input is read with `select` on standard input and a wake-up pipe,
which the server's SIGUSR1 ("your room's save changed", ARCHITECTURE.md
"Pushing moves") writes to; without a push it looks every POLL_SECONDS.
"""
from __future__ import annotations

import io
import os
import select
import signal
import sys
from pathlib import Path
from typing import Callable, TextIO

from tui.plain.lines import PROMPT, Lines
from tui.plain.typed import LINE_BYTES, LineBuffer

POLL_SECONDS = 1.0
"""How often a waiting prompt looks for news without a push (a push is
answered at once)."""

TOO_LONG = (f"That line is too long: an answer is at most {LINE_BYTES} characters. Nothing was read"
            " of it; type help for the commands.")
"""Said once for a line over the limit (a long paste), whose rest is dropped."""


class PushedLines(Lines):
    """Lines read from a file descriptor while news may arrive: between
    keys, `idle` is called at each push (or every POLL_SECONDS); when it
    says it spoke, the prompt is written again."""

    def __init__(self, fd: int, out: TextIO, wake: int | None = None) -> None:
        super().__init__(io.StringIO(), out, echo=False)  # read from `fd`, not a stream
        self.fd = fd
        self.wake = wake
        """The read end of the wake-up pipe (None: only the clock)."""
        self.typed = LineBuffer()
        """What was read and not yet answered."""
        self.ended = False
        self.idle: Callable[[], bool] | None = None
        """Asked between keys: look for news, say it, True if it said anything
        (it may raise to leave the question, e.g. when the turn changed)."""

    def ask(self) -> str | None:
        self.out.write(PROMPT)
        self.out.flush()
        while True:
            typed = self.typed.take(self.ended)
            if typed is not None and typed.too_long:
                self.say(TOO_LONG)
                self.out.write(PROMPT)
                self.out.flush()
                continue
            line = typed.text if typed is not None else None
            if line is not None or self.ended:
                if line is None:
                    self.out.write("\n")
                    self.out.flush()
                return line
            watch = [self.fd] + ([self.wake] if self.wake is not None else [])
            try:
                ready, _, _ = select.select(watch, [], [], POLL_SECONDS)
            except InterruptedError:
                ready = []
            if self.wake is not None and self.wake in ready:
                try:
                    os.read(self.wake, 512)
                except BlockingIOError:
                    pass
            if self.fd in ready:
                try:
                    data = os.read(self.fd, 4096)
                except OSError:
                    data = b""
                if not data:
                    self.ended = True
                self.typed.feed(data)
                continue
            if self.idle is not None and self.idle():
                self.out.write(PROMPT)
                self.out.flush()


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
