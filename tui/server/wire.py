"""What a connection's keys may carry to its process.

- Valid UTF-8 only: the terminal driver of the TUI decodes its input
  strictly, so one stray byte (garbage, a binary paste, a client in another
  encoding) would end the person's process. Invalid bytes are dropped; a
  character split between two reads waits for its end.
- A bracketed paste cut short by the input limits is closed here (the TUI
  would otherwise wait for its end forever and take every later key as
  pasted text), and the rest of it is dropped up to the client's own end.
- A read of PASTE_BYTES or more with no escape in it is a paste the
  client's terminal did not bracket (nobody types that fast): it is passed
  on bracketed, so that the TUI takes it as one paste (a move line refuses
  it whole, once) and not as thousands of keys, each a bell and each a
  thousandth of a second of the connection's process; of a long read only
  its first PASTE_KEEP characters go on.
- Plain mode reads lines (`LineCutter`): a line cut short by the input
  limits is marked with CUT where it was cut, and the rest of it (to the end
  of a paste begun in it, then to the client's newline) is dropped, so the
  process answers it once as too long and never reads its rest as commands.
"""
from __future__ import annotations

import codecs

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"
PASTE_BYTES = 256
"""A read this long without an escape is an unbracketed paste."""
PASTE_KEEP = 1024
"""The most characters of each such read passed on: more than any field of
the TUI takes (a move line refuses a longer paste whole all the same), and
little enough to reach the process's terminal at once, its closing bracket
with it."""
CUT = b"\x18"
"""Put where the input limits cut a plain-mode line (CAN, 'cancel': the
process drops that line whole)."""


class _Skipper:
    """Input dropped up to the next of its ends (`skipping`, in order), kept
    across reads even when an end is split between two."""

    def __init__(self) -> None:
        self.skipping: list[bytes] = []
        """The ends still to reach: what comes before each is dropped."""
        self._tail = b""

    def skip(self, data: bytes) -> bytes:
        """`data` without what is still to be dropped (call first)."""
        while self.skipping:
            seen, end = self._tail + data, self.skipping[0]
            at = seen.find(end)
            if at < 0:
                self._tail = seen[-(len(end) - 1):] if len(end) > 1 else b""
                return b""
            self.skipping.pop(0)
            self._tail = b""
            data = seen[at + len(end):] if self.skipping or end == PASTE_END else seen[at:]  # a newline is kept
        return data


def paste_open(data: bytes, was: bool) -> bool:
    """Whether a bracketed paste is open after `data` (`was`: before it;
    the last bracket in `data` tells)."""
    start, end = data.rfind(PASTE_START), data.rfind(PASTE_END)
    return True if start > end else False if end > start else was


class InputCleaner(_Skipper):
    """Passes a connection's input bytes on, safe for its TUI."""

    def __init__(self) -> None:
        super().__init__()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self.pasting = False
        """A paste began in what was passed on and has not ended yet."""

    def feed(self, data: bytes, cut: bool = False, burst: bool = False) -> bytes:
        """The valid part of `data`; `cut`: input after it was dropped (a
        paste it leaves open is closed); `burst`: the client sent at least
        PASTE_BYTES at once (without an escape: bracketed here)."""
        was = self.pasting
        self.pasting = paste_open(data, self.pasting)
        out = self._decoder.decode(data).encode("utf-8")
        if burst and out and not was and b"\x1b" not in data:
            return PASTE_START + out.decode("utf-8")[:PASTE_KEEP].encode("utf-8") + PASTE_END
        if cut and self.pasting:
            self.pasting, self.skipping = False, [PASTE_END]
            out += PASTE_END
        return out


class LineCutter(_Skipper):
    """Passes plain mode's input on: a line cut by the input limits ends in
    CUT, and its rest is dropped up to the client's newline (which is kept)."""

    def __init__(self) -> None:
        super().__init__()
        self.pasting = False

    def feed(self, data: bytes, cut: bool = False) -> bytes:
        self.pasting = paste_open(data, self.pasting)
        if not cut:
            return data
        self.skipping = [PASTE_END, b"\n"] if self.pasting else [b"\n"]
        self.pasting = False
        return data + CUT
