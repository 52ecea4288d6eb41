"""A client-side deadline for a database's socket: a stalled server (a hung
disk, a network cut, a stopped process) answers nothing, and neither
PostgreSQL's own `statement_timeout` (it runs in the stalled server) nor
TCP keepalives (a stopped process's kernel still answers them; a Unix
socket has none) end the wait. `Watchdog.guard(fd, seconds)` shuts the
socket down if the statements under it take longer: the waiting call
fails at once with a broken connection, and the server, when it wakes,
reads the end of the connection after what it had not read yet, so it
rolls back whatever transaction was open.

One thread per process watches every guarded socket of that process; it
ends when nothing is guarded (a process that forks later, as a bot's
search does, has no thread of it then)."""
from __future__ import annotations

import os
import socket
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator


@dataclass
class _Guard:
    """One guarded wait: the socket, and when it is cut."""

    fd: int
    deadline: float
    fired: bool = False


@dataclass
class Watchdog:
    """Cuts guarded sockets whose statements outlive their deadline."""

    _by_id: dict[int, _Guard] = field(default_factory=dict)
    _cond: threading.Condition = field(default_factory=threading.Condition)
    _pid: int = 0
    _running: bool = False

    @contextmanager
    def guard(self, fd: int, seconds: float) -> Iterator[_Guard]:
        """Shut the socket `fd` down if the block lasts more than `seconds`;
        the guard's `fired` says afterwards whether it did."""
        g = _Guard(fd, time.monotonic() + seconds)
        with self._cond:
            if self._pid != os.getpid():  # a forked child: the parent's thread is not here
                self._pid, self._running = os.getpid(), False
                self._by_id.clear()
            self._by_id[id(g)] = g
            if not self._running:  # the thread lives only while something is guarded (a process
                self._running = True  # that forks later, a bot's search, has no thread then)
                threading.Thread(target=self._watch, name="tsquare-db-watchdog", daemon=True).start()
            self._cond.notify()
        try:
            yield g
        finally:
            with self._cond:
                self._by_id.pop(id(g), None)
                self._cond.notify()

    def _watch(self) -> None:
        with self._cond:
            while self._by_id:
                now = time.monotonic()
                for g in list(self._by_id.values()):
                    if g.deadline <= now and not g.fired:
                        g.fired = True
                        _shut(g.fd)
                waits = [g.deadline - now for g in self._by_id.values() if not g.fired]
                self._cond.wait(max(0.0, min(waits)) if waits else None)
            self._running = False


def _shut(fd: int) -> None:
    """Shut a socket down for both directions (the file descriptor stays the
    owner's to close)."""
    try:
        sock = socket.socket(fileno=os.dup(fd))
    except OSError:
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        sock.close()


WATCHDOG = Watchdog()
"""The process's one watchdog."""
