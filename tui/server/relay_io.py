"""What the SSH relay and the plain relay both use to carry a session's
bytes: the input's token bucket, the process's output to its client, writes
to a PTY, ending a session's process and the goodbye a stopping door sends.
Its own module so that tui/plain/relay.py and tui/server/ssh.py do not
import each other."""
from __future__ import annotations

import asyncio
import os
import signal
import time
from typing import Callable

from tui.server.sshlib import asyncssh

GOODBYE = b"\r\ntsquare: the server is restarting; your game is saved\r\n"
"""Each session's last line when the server stops (SIGTERM, SIGINT)."""
TOO_MUCH = b"\r\ntsquare: too much input; connection closed\r\n"
"""What a flooding client is told before its connection ends."""
TERMINAL_BACK = (b"\x1b[<u"  # the kitty keyboard protocol off (before leaving the alternate screen)
                 b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reporting off
                 b"\x1b[?2004l\x1b[?1004l"  # bracketed paste and focus events off
                 b"\x1b[?1049l\x1b[?25h")  # the normal screen, the cursor shown
"""What a full-screen session's terminal is sent when its TUI ended without
saying it (a server stopping ends them): what the TUI's own exit sends."""

class InputBucket:
    """A token bucket on input bytes."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()
        self.dropped = 0
        """Bytes refused so far."""
        self.rang = 0.0
        """When the client was last told (a bell) that input was dropped."""

    def take(self, data: bytes) -> bytes:
        """The part of `data` allowed now (the rest is dropped and counted)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        n = min(len(data), int(self.tokens))
        self.tokens -= n
        self.dropped += len(data) - n
        return data[:n]

    def admit(self, data: bytes, process: asyncssh.SSHServerProcess[bytes], flood_bytes: int) -> bytes | None:
        """What of an SSH client's `data` goes on to its process (`admit_with`
        its channel's output and errors)."""
        return self.admit_with(data, flood_bytes, process.stdout.write, process.stderr.write)

    def admit_with(self, data: bytes, flood_bytes: int, bell: Callable[[bytes], object],
                   tell: Callable[[bytes], object]) -> bytes | None:
        """What of a client's `data` goes on to its process: the part
        allowed now (a bell, at most once a second, when some is dropped),
        or None when the client has sent more than `flood_bytes` too many
        (it is told so; the caller closes the connection)."""
        allowed = self.take(data)
        if len(allowed) < len(data) and time.monotonic() - self.rang > 1.0:
            self.rang = time.monotonic()
            bell(b"\a")
        if self.dropped > flood_bytes:
            tell(TOO_MUCH)
            return None
        return allowed


async def pump_out(fd: int, process: asyncssh.SSHServerProcess[bytes]) -> None:
    """A connection's process to its client: what the process writes on
    `fd` (a PTY's master or a pipe) until it closes, at this client's pace
    only (a slow client stalls its own process, nobody else's)."""
    loop = asyncio.get_running_loop()
    while True:
        ready: asyncio.Future[None] = loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, wake)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            continue
        except OSError:  # EIO: the process closed its terminal
            return
        if not data:
            return
        process.stdout.write(data)
        await process.stdout.drain()


async def write_all(fd: int, data: bytes, tries: int = 100) -> None:
    """Write to the PTY; what the child does not read within ~2 s is dropped."""
    while data and tries:
        try:
            n = os.write(fd, data)
            data = data[n:]
        except BlockingIOError:
            tries -= 1
            await asyncio.sleep(0.02)
        except OSError:
            return


async def stop_process(pid: int, ended: asyncio.Future[int]) -> None:
    """End the process group of `pid` (hang up, then terminate, then kill)."""
    for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pid, sig)
        except ProcessLookupError:  # just forked, not yet its own group: the process itself
            try:
                os.kill(pid, sig)
            except OSError:
                return  # gone
        except OSError:
            return
        try:
            await asyncio.wait_for(asyncio.shield(ended), 2.0)
            return
        except asyncio.TimeoutError:
            continue
