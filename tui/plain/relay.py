"""The server's side of `ssh -p PORT HOST plain`: one process per connection
(`python -m tui.plain.remote DATA USER`, which imports no Textual) and the
bytes relayed both ways, as for the full-screen lobby.

Without a terminal (plain `ssh HOST plain`: the client's own terminal edits
the line and echoes it, as a screen reader expects) the process talks
through pipes: the end of the client's input closes the process's input, it
says so and ends, and its last words still reach the client. With a
terminal (`ssh -t HOST plain`) it gets a PTY in line mode, so that the
line is edited and echoed there. Each client's output waits for that
client's own channel to drain; input is held to the server's rate limits
(a line they cut is marked and its rest dropped: `wire.LineCutter`); an
idle connection is closed. The process is a seat claimant like the
full-screen one: the server's SIGUSR1 tells it at once of its room's moves.
"""
from __future__ import annotations

import asyncio
import os
import pty
import sys
import termios
from typing import TYPE_CHECKING

from tui.server.relay_io import GOODBYE, InputBucket, pump_out, stop_process, write_all
from tui.server.sshlib import asyncssh

if TYPE_CHECKING:
    from tui.server.ssh import Front

END_SECONDS = 5.0
"""How long the process may take to say goodbye after the client's input ended."""


async def run_plain(front: "Front", process: asyncssh.SSHServerProcess[bytes], user: str) -> int:
    """Run the plain lobby for `user` and relay until it ends; its exit code."""

    terminal = process.get_terminal_type() is not None
    env = {**front.child_env(process.get_terminal_type() or "dumb", None), "NO_COLOR": "1"}
    if terminal:
        master, slave = pty.openpty()
        attrs = termios.tcgetattr(slave)
        attrs[3] |= termios.ICANON | termios.ECHO  # line mode: the PTY edits and echoes the line
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        child_in, child_out, reader, writer = slave, slave, master, master
    else:
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        child_in, child_out, reader, writer = in_r, out_w, out_r, in_w
    try:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui.plain.remote", str(front.store.root), user,
            stdin=child_in, stdout=child_out, stderr=child_out, start_new_session=True, env=env,
        )
    finally:
        for fd in {child_in, child_out}:
            os.close(fd)
    pid = child.pid
    front.children.add(pid)
    front.pokeable.add(pid)  # it takes SIGUSR1 as "look at your room now"
    os.set_blocking(reader, False)
    os.set_blocking(writer, False)
    ended = asyncio.ensure_future(child.wait())
    out = asyncio.create_task(pump_out(reader, process))
    inp = asyncio.create_task(_pump_in(writer, process, front, InputBucket(front.limits.input_rate,
                                                                           front.limits.input_burst), terminal))
    open_fds = {reader, writer}
    try:
        await asyncio.wait([ended, inp], return_when=asyncio.FIRST_COMPLETED)
        if not ended.done():
            why = inp.result() if not inp.cancelled() and inp.exception() is None else "gone"
            if why == "eof" and not terminal:
                os.close(writer)  # the process reads end of input
                open_fds.discard(writer)
            if why == "eof":  # the client's input ended: the process says goodbye and ends
                try:
                    await asyncio.wait_for(asyncio.shield(ended), END_SECONDS)
                except asyncio.TimeoutError:
                    pass
            if not ended.done():
                await stop_process(pid, ended)
        try:
            await asyncio.wait_for(out, 2.0)  # its last words
        except (asyncio.TimeoutError, Exception):  # noqa: BLE001 (the client may be gone)
            pass
    finally:
        for task in (out, inp):
            task.cancel()
        front.children.discard(pid)
        front.pokeable.discard(pid)
        front.in_background(front.store.drop_claims, pid)
        if front.stopping:
            process.stdout.write(GOODBYE)
        for fd in open_fds:
            try:
                os.close(fd)
            except OSError:
                pass
    if ended.cancelled() or not ended.done() or ended.exception() is not None:
        return 0
    return max(0, ended.result() or 0)


async def _pump_in(fd: int, process: asyncssh.SSHServerProcess[bytes], front: "Front", bucket: "InputBucket",
                   terminal: bool) -> str:
    """Client to process; 'eof' when the client's input ended (the process is
    told: its pipe closed, or end-of-file on its terminal), 'gone' when the
    connection should end (idle, a flood)."""
    from tui.server.wire import LineCutter

    lim = front.limits
    cutter = LineCutter()
    while True:
        try:
            data = await asyncio.wait_for(process.stdin.read(4096), lim.idle_seconds)
        except asyncssh.TerminalSizeChanged:
            continue  # lines do not care about the width
        except asyncio.TimeoutError:
            process.stderr.write(b"\r\ntsquare: idle for too long; your games wait for you\r\n")
            return "gone"
        except (asyncssh.Error, ConnectionError, BrokenPipeError):
            data = b""
        if not data:
            if terminal:
                await write_all(fd, b"\x04\x04")  # end of file (the first may end a line begun)
            return "eof"  # a pipe is closed by the caller
        data = cutter.skip(data)
        allowed = bucket.admit(data, process, lim.flood_bytes)
        if allowed is None:
            return "gone"
        await write_all(fd, cutter.feed(allowed, cut=len(allowed) < len(data)))
