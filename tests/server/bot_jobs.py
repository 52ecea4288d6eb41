"""Jobs for the server's bot pool in tests (run in its worker processes)."""
from __future__ import annotations

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
    from engine.record import GameRecord

    real = GameRecord.bot_move

    def bot_move(record, seat, level=None):
        move = real(record, seat, level)
        Path(path + ".thinking").touch()
        deadline = time.monotonic() + HOLD_SECONDS
        while Path(path + ".hold").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return move

    GameRecord.bot_move = bot_move
    try:
        return bot_turn_in_save(path)
    finally:
        GameRecord.bot_move = real
