"""What runs in the server's bot worker processes (never in the relay).

The forkserver imports this module once (its import loads the engine, the
search and every game with its bots), so each worker forked from it starts
with all of that already in memory, shared page by page; `start_worker` then
sets the worker up. The work itself is `engine.bot_turn.bot_turn_in_save`.
"""
from __future__ import annotations

import gc
import os
import signal

from engine.bot_turn import bot_turn_in_save  # noqa: F401 - the job, loaded here once
from engine.bots import search
from engine.registry import REGISTRY

WORKER_NICE = 10
"""How much lower a bot worker's priority is than the people's processes: a
bot's budget is in seconds, so under load it searches less, never longer,
and keystrokes are served first."""


def _warm() -> None:
    """Import every game and its bots (in the forkserver, once)."""
    for game_id in REGISTRY.ids():
        try:
            ruleset = REGISTRY.get(game_id)
            for level in ruleset.bot_levels:
                ruleset.make_bot(level, 0)
        except Exception:  # noqa: BLE001 - a broken game fails in its own room, not here
            continue


WATCH_SECONDS = 1.0
"""How often a worker looks whether the server is still there."""


def start_worker(deep_processes: int, server_pid: int) -> None:
    """A new worker: Ctrl-C is the server's to handle, a lower priority,
    `deep` searches in `deep_processes` processes (root parallelism forks
    them from this single-threaded worker), and the worker ends within
    WATCH_SECONDS of the server's end, however it ended (a worker's parent
    is the forkserver, and its task queue never reaches end of file, since
    every worker holds both ends). A timer signal, not a thread: a worker
    that forks must not have threads."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(WORKER_NICE)
    except OSError:
        pass
    search.LEVEL_WORKERS["deep"] = max(1, deep_processes)

    def watch(signum: int, frame: object) -> None:
        if not _alive(server_pid):
            os._exit(0)

    signal.signal(signal.SIGALRM, watch)
    signal.setitimer(signal.ITIMER_REAL, WATCH_SECONDS, WATCH_SECONDS)


def _alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            pass
        return True


_warm()
gc.freeze()  # in the forkserver: the workers' collections leave the shared pages alone
