"""What a connection's keys may carry to its TUI process.

- Valid UTF-8 only: the terminal driver of the TUI decodes its input
  strictly, so one stray byte (garbage, a binary paste, a client in another
  encoding) would end the person's process. Invalid bytes are dropped; a
  character split between two reads waits for its end.
- A bracketed paste cut short by the input limits is closed here (the TUI
  would otherwise wait for its end forever and take every later key as
  pasted text), and the rest of it is dropped up to the client's own end.
"""
from __future__ import annotations

import codecs

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"


class InputCleaner:
    """Passes a connection's input bytes on, safe for its TUI."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self.pasting = False
        """A paste began in what was passed on and has not ended yet."""
        self.skipping = False
        """A paste was cut: input is dropped up to the client's end of it."""
        self._tail = b""

    def skip(self, data: bytes) -> bytes:
        """`data` without the rest of a paste that was cut (call first)."""
        if not self.skipping:
            return data
        seen = self._tail + data
        end = seen.find(PASTE_END)
        if end < 0:
            self._tail = seen[-(len(PASTE_END) - 1):]
            return b""
        self.skipping, self._tail = False, b""
        return seen[end + len(PASTE_END):]

    def feed(self, data: bytes, cut: bool = False) -> bytes:
        """The valid part of `data`; `cut`: input after it was dropped (a
        paste it leaves open is closed)."""
        start, end = data.rfind(PASTE_START), data.rfind(PASTE_END)
        if start > end:
            self.pasting = True
        elif end > start:
            self.pasting = False
        out = self._decoder.decode(data).encode("utf-8")
        if cut and self.pasting:
            self.pasting, self.skipping = False, True
            out += PASTE_END
        return out
