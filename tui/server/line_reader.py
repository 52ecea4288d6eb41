"""A line typed on a raw SSH terminal (a new key's name, asked before its
lobby): echoed, with backspace, escape sequences dropped, and bounded."""
from __future__ import annotations

from tui.server.sshlib import asyncssh


class LineReader:
    """Lines typed on a raw terminal, echoed; escape sequences and anything
    but printable ASCII are dropped; at most NAME_CHARS characters a line
    are kept (`too_long` says a line had more)."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes], echo: bool = True) -> None:
        self.process = process
        self.echo = echo
        self.pending = b""
        self.escape = 0
        """0 normal, 1 after ESC, 2 inside a CSI/SS3 sequence."""
        self.too_long = False
        """The last line had more than NAME_CHARS characters (the rest dropped)."""

    async def line(self) -> str | None:
        """The next line (None: the person left)."""
        from tui.server.records import NAME_CHARS

        buf = ""
        self.too_long = False
        while True:
            if not self.pending:
                try:
                    self.pending = await self.process.stdin.read(256)
                except asyncssh.TerminalSizeChanged:
                    continue
                if not self.pending:
                    return None
            byte, self.pending = self.pending[0], self.pending[1:]
            if self.escape == 1:
                self.escape = 2 if byte in (0x5B, 0x4F) else 0  # '[' or 'O'
                continue
            if self.escape == 2:
                self.escape = 0 if 0x40 <= byte <= 0x7E else 2
                continue
            if byte == 0x1B:
                self.escape = 1
            elif byte in (3, 4):  # Ctrl-C, Ctrl-D
                return None
            elif byte in (13, 10):
                if self.echo:
                    self.process.stdout.write(b"\r\n")
                return buf
            elif byte in (8, 127):
                if buf:
                    buf = buf[:-1]
                    if self.echo:
                        self.process.stdout.write(b"\b \b")
            elif 32 < byte < 127 and len(buf) >= NAME_CHARS:
                self.too_long = True
            elif 32 < byte < 127:
                buf += chr(byte)
                if self.echo:
                    self.process.stdout.write(bytes([byte]))
