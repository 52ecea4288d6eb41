"""The preloaded TUI: one process that imports the lobby app once and forks
a child per connection onto that connection's PTY.

The server starts it (`python -m tui.server.zygote FD DIR`: FD is its end
of a socket pair, DIR the server's data folder, there for `ps`) before it
accepts anyone. It imports textual, the app, its screens and every ruleset, freezes
the garbage collector's view of those objects, and then only waits: it never
starts a thread or runs an event loop, so a fork of it is a clean process
that starts its own loop. Each child shares the imported code and data with
the zygote page by page (copy on write), so a connection costs only what its
own screens change, and a login skips the imports.

The server speaks to it over a SOCK_SEQPACKET pair, one message each way:

    server -> zygote   {"root": DIR, "user": NAME, "env": {...}} + the PTY's slave fd
                       (or, for the web door, a socket: env TSQUARE_DOOR=web)
    zygote -> server   {"pid": PID}                 the child that runs it
    zygote -> server   {"exit": PID, "code": CODE}  when that child ends

`Zygote` below is the server's side (asyncio); `main` is the zygote's.
"""
from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from tui.server.doors import WEB_DOOR_VAR

MESSAGE_BYTES = 65536
"""The largest message either side sends."""


class ZygoteError(OSError):
    """The zygote is gone or answered nonsense."""


class Zygote:
    """The server's handle on the zygote process."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.sock: socket.socket | None = None
        self._spawns: asyncio.Queue[int] = asyncio.Queue()
        self._exits: dict[int, asyncio.Future[int]] = {}
        self._ended: dict[int, int] = {}
        self._lock = asyncio.Lock()

    async def start(self, env: dict[str, str], root: Path) -> None:
        """Start the zygote (for the data folder `root`, named on its command
        line so that `ps` shows which server it and its children belong to)
        and wait until it has imported everything."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui.server.zygote", str(theirs.fileno()), str(root)],
            pass_fds=[theirs.fileno()], env=env, stdin=subprocess.DEVNULL, start_new_session=True,
        )
        theirs.close()
        ours.setblocking(False)
        self.sock = ours
        loop = asyncio.get_running_loop()
        ready = await asyncio.wait_for(loop.sock_recv(ours, MESSAGE_BYTES), 120)
        if json.loads(ready or b"{}").get("ready") is not True:
            raise ZygoteError("the preloaded TUI did not start")
        loop.add_reader(ours, self._on_message)

    def _on_message(self) -> None:
        assert self.sock is not None
        try:
            data = self.sock.recv(MESSAGE_BYTES)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the zygote died: every child it had is on its own now
            asyncio.get_running_loop().remove_reader(self.sock)
            self.sock.close()
            self.sock = None
            self._spawns.put_nowait(-1)
            return
        msg = json.loads(data)
        if "pid" in msg:
            self._spawns.put_nowait(int(msg["pid"]))
        elif "exit" in msg:
            pid, code = int(msg["exit"]), int(msg["code"])
            fut = self._exits.pop(pid, None)
            if fut is None:
                self._ended[pid] = code
            elif not fut.done():
                fut.set_result(code)

    @property
    def alive(self) -> bool:
        """True while the zygote answers."""
        return self.sock is not None

    async def spawn(self, slave: int, root: Path, user: str, env: dict[str, str]) -> int:
        """A new child running the lobby for `user` on the PTY `slave`; its pid."""
        async with self._lock:  # one request at a time: answers come in order
            if self.sock is None:
                raise ZygoteError("the preloaded TUI is gone")
            msg = json.dumps({"root": str(root), "user": user, "env": env}).encode()
            socket.send_fds(self.sock, [msg], [slave])
            try:
                pid = await asyncio.wait_for(self._spawns.get(), 30)
            except asyncio.TimeoutError:
                self.close()  # a late answer would be taken for the next request's
                raise ZygoteError("the preloaded TUI did not answer") from None
        if pid < 0:
            raise ZygoteError("the preloaded TUI is gone")
        return pid

    async def wait(self, pid: int) -> int:
        """The exit code of child `pid`, once it ends."""
        if pid in self._ended:
            return self._ended.pop(pid)
        fut = self._exits.get(pid)
        if fut is None:
            fut = self._exits[pid] = asyncio.get_running_loop().create_future()
        return await asyncio.shield(fut)

    def close(self) -> None:
        """End the zygote (its children are ended by the server)."""
        if self.sock is not None:
            try:
                asyncio.get_running_loop().remove_reader(self.sock)
            except RuntimeError:
                pass
            self.sock.close()
            self.sock = None
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ---------------------------------------------------------------- the zygote
def preload() -> None:
    """Import what every connection needs, before any fork."""
    import importlib

    import tui.server.player  # noqa: F401  (textual, the app, the store)
    from engine.registry import REGISTRY

    for name in ("tui.server.screens.lobby", "tui.server.screens.lobby_room", "tui.screens.move_picker",
                 "tui.screens.game_over",
                 "tui.screens.rules", "textual.widgets._option_list", "textual.widgets._input",
                 "textual.widgets._rich_log", "textual.widgets._footer", "textual.widgets._static"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    from tui.games import view_class

    for game in REGISTRY.ids():
        try:
            REGISTRY.get(game)  # the ruleset's own modules
            view_class(game)
        except (ImportError, StopIteration, ValueError):
            pass


def child(slave: int, request: dict[str, Any], keep: list[int]) -> None:
    """In the forked child: become the PTY's session and run the lobby app; never returns."""
    code = 1
    try:
        for fd in keep:
            os.close(fd)
        for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a fresh interpreter
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # the server's "your room changed", until the app handles it
        signal.set_wakeup_fd(-1)
        os.setsid()
        web = request["env"].get(WEB_DOOR_VAR) == "web"  # a browser's: the socket carries packets, errors go nowhere
        for fd in (0, 1) if web else (0, 1, 2):
            os.dup2(slave, fd)
        if web:
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 2)
            os.close(quiet)
        os.close(slave)
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in request["env"].items()})
        import random

        random.seed()
        import gc

        gc.enable()  # the child's own objects are collected as usual
        from tui.server.player import run_lobby

        code = run_lobby(Path(request["root"]), str(request["user"]))
    except BaseException as exc:  # noqa: BLE001 (the child must end here, whatever happened)
        try:
            from tui.server.player import outside_crash_line

            os.write(2, f"{outside_crash_line(exc, Path(request['root']))}\r\n".encode())
        except Exception:  # noqa: BLE001 (a report that cannot be written: the child still ends)
            pass
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:  # noqa: BLE001
            pass
        os._exit(code)


def tell(sock: socket.socket, msg: dict[str, Any]) -> bool:
    """Send the server one message; False if it is gone."""
    try:
        sock.send(json.dumps(msg).encode())
    except OSError:
        return False
    return True


def main(argv: list[str]) -> int:
    import gc

    gc.disable()  # no collection during the imports: fewer holes for a child's objects to fill in shared pages
    sock = socket.socket(fileno=int(argv[0]))
    preload()
    gc.freeze()  # the imported objects stay put: no collection in a child writes to their pages
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if not tell(sock, {"ready": True}):
        return 0
    watched: list[socket.socket | int] = [sock, wake_r]
    while True:
        ready, _, _ = select.select(watched, [], [], 5.0)
        if wake_r in ready:
            os.read(wake_r, 4096)
        while True:  # reap every ended child and tell the server
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            if not tell(sock, {"exit": pid, "code": os.waitstatus_to_exitcode(status)}):
                return 0  # the server is gone
        if sock not in ready:
            continue
        try:
            msg, fds, _, _ = socket.recv_fds(sock, MESSAGE_BYTES, 1)
        except OSError:
            return 0  # the server is gone
        if not msg:
            return 0  # the server is gone
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            if not tell(sock, {"pid": -1}):
                return 0
            continue
        pid = os.fork()
        if pid == 0:
            child(fds[0], json.loads(msg), [sock.fileno(), wake_r, wake_w])
        os.close(fds[0])
        if not tell(sock, {"pid": pid}):
            return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
