"""The lines a person types in plain mode, read from the bytes as they
come: each line at most LINE_BYTES long, bracketed pastes understood.

A longer line (or one the server's input limits cut, marked with
`wire.CUT`) is one `Typed` that says so and nothing else: the rest of it
is dropped, to the end of a paste begun in it and then to the end of the
line, so that no piece of it is read as a command. A paste's brackets
(`ESC [200~` … `ESC [201~`, which a terminal sends around pasted text
once asked to) are taken out, and the text between them is read as typed."""
from __future__ import annotations

from dataclasses import dataclass, field

from tui.server.wire import CUT, PASTE_END, PASTE_START, paste_open

LINE_BYTES = 256
"""The longest answer read: far more than any command, move or room id."""


@dataclass(frozen=True)
class Typed:
    """One line typed: its printable text, or `too_long` (no text)."""

    text: str
    too_long: bool = False


@dataclass
class LineBuffer:
    """Bytes in, lines out (`feed`, then `take` until it says None)."""

    limit: int = LINE_BYTES
    pending: bytes = b""
    pasting: bool = False
    """A paste's opening bracket was read and not yet its closing one."""
    dropping: list[bytes] = field(default_factory=list)
    """The ends what is being dropped runs to, in order."""

    def feed(self, data: bytes) -> None:
        self.pending += data

    def take(self, ended: bool = False) -> Typed | None:
        """The next line read whole (`ended`: the input ended, so what is
        left is the last line); None until there is one."""
        if not self._drop(ended):
            return None
        end = self.pending.find(b"\n")
        if end < 0:
            if CUT in self.pending or len(self.pending) > self.limit + 2 * len(PASTE_START):
                return self._too_long(self.pending, complete=False)
            if not (ended and self.pending):
                return None
            end = len(self.pending)
        raw, self.pending = self.pending[:end], self.pending[end + 1:]
        if CUT in raw:
            return self._too_long(raw, complete=True)
        self.pasting = paste_open(raw, self.pasting)
        raw = raw.replace(PASTE_START, b"").replace(PASTE_END, b"")
        if len(raw) > self.limit:
            return self._too_long(b"", complete=True)
        text = raw.decode("utf-8", errors="replace").rstrip("\r")
        return Typed("".join(ch for ch in text if ch.isprintable()))  # no escape reaches a command

    def _too_long(self, raw: bytes, complete: bool) -> Typed:
        """A line refused: what is still to come of it is dropped."""
        if CUT in raw:  # the server dropped the rest of it already, a paste's end too
            self.pasting = False
            if not complete:
                self.pending, self.dropping = raw[raw.index(CUT) + 1:], [b"\n"]
            return Typed("", True)
        self.pasting = paste_open(raw, self.pasting)
        self.dropping = ([PASTE_END] if self.pasting else []) + ([] if complete else [b"\n"])
        if complete and self.pasting:
            self.dropping.append(b"\n")  # the paste goes on past this line: it, and the line it ends in
        if not complete:
            self.pending = raw[-(len(PASTE_END) - 1):] if self.pasting else b""
        return Typed("", True)

    def _drop(self, ended: bool) -> bool:
        """Drop what is still to be dropped; False while more is to come."""
        while self.dropping:
            end = self.dropping[0]
            at = self.pending.find(end)
            if at < 0:
                self.pending = self.pending[-(len(end) - 1):] if len(end) > 1 and not ended else b""
                if ended:
                    self.dropping = []
                return False
            self.pending = self.pending[at + len(end):]
            self.dropping.pop(0)
            if end == PASTE_END:
                self.pasting = False
        return True

