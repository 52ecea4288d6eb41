"""What runs in the server's bot worker processes (never in the relay).

The forkserver imports this module once (its import loads the engine, the
search and every game with its bots), so each worker forked from it starts
with all of that already in memory, shared page by page; `start_worker` then
sets the worker up. The work itself is `engine.bot_turn.bot_turn_in_save`.
"""
from __future__ import annotations

import os
import signal

from engine.bot_turn import bot_turn_in_save  # noqa: F401 - the job, loaded here once
from engine.bots import search
from engine.registry import REGISTRY

WORKER_NICE = 5
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


def start_worker(deep_processes: int) -> None:
    """A new worker: Ctrl-C is the server's to handle, a lower priority, and
    `deep` searches in `deep_processes` processes (root parallelism forks
    them from this single-threaded worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(WORKER_NICE)
    except OSError:
        pass
    search.LEVEL_WORKERS["deep"] = max(1, deep_processes)


_warm()
