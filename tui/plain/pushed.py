"""Lines read from a file descriptor while news may arrive: what the plain
lobby and a plain room read their person's answers with. Its own module so
that the lobby and the room, which `tui.plain.remote` starts, do not import
it back."""
from __future__ import annotations

import io
import os
import select
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
