"""Jobs for the server's bot pool in tests (run in its worker processes)."""
from __future__ import annotations

import os
import time
from pathlib import Path

from engine.bot_turn import TurnResult, bot_turn_in_save

HOLD_SECONDS = 60.0
"""A bound on a held room's wait (never reached when the test is well)."""


def held_job(path: str) -> TurnResult:
    """The server's bot turn, except that a room with a `SAVE.hold` file
    beside its save waits (a slow bot) until that file is gone."""
    hold = Path(path + ".hold")
    deadline = time.monotonic() + HOLD_SECONDS
    while hold.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return bot_turn_in_save(path)


def think_then_hold(path: str) -> TurnResult:
    """The server's bot turn, except that a bot, once it has chosen, touches
    `SAVE.thinking` and stays in its thought (before its commit) while a
    `SAVE.hold` file is beside the save."""
    from engine import bot_turn

    real = bot_turn.think

    def think(*args, **kwargs):
        choice = real(*args, **kwargs)
        Path(path + ".thinking").touch()
        deadline = time.monotonic() + HOLD_SECONDS
        while Path(path + ".hold").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return choice

    bot_turn.think = think
    try:
        return bot_turn_in_save(path)
    finally:
        bot_turn.think = real


def deep_with_two_trees() -> tuple[int, int, bool]:
    """A `deep` bot searching two trees (root parallelism: a forked process
    besides this one) for a fixed budget, in the pool's worker: its tree
    processes, its iterations and whether this worker is a daemon process."""
    import multiprocessing

    from engine.bots import search
    from engine.record import GameRecord, Player
    from engine.registry import REGISTRY

    search.LEVEL_WORKERS["deep"] = 2
    search.fix_iterations(8)
    try:
        rs = REGISTRY.get("square-masons")
        rec = GameRecord.new(rs, [Player(f"P{i}", "bot:deep") for i in range(3)], 3, rs.default_options())
        bot = rec.bot(0)
        bot.choose(rec.state.view(0), 0)
        return bot.workers, bot.last_iterations, multiprocessing.current_process().daemon
    finally:
        search.fix_iterations(None)


def scheduling() -> tuple[int, int, str]:
    """This worker's session id, its parent's (the forkserver) and its
    scheduling group as the kernel says ('' without autogroup)."""
    try:
        group = Path("/proc/self/autogroup").read_text().strip()
    except OSError:
        group = ""
    return os.getsid(0), os.getsid(os.getppid()), group
