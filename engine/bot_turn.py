"""A bot's turn in a save or a room: think holding no lock, then commit.

`bot_turn` plays one bot move in a session's game (`bot_turn_in_save`: in a
save file, for the server's pool of worker processes): it asks
`engine.bot_choice.think` on the seat's view, holding no lock, and commits
through `GameSession.play_choice`, thinking again (at most `RETHINKS` times)
when the game moved on meanwhile. The thinking itself, and when a choice
still stands after the game moved on, are in `engine.bot_choice`.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from engine.bot_choice import MIN_THINK_SHARE, RETHINKS, BotChoice, hurry, still_stands, think

if TYPE_CHECKING:
    from engine.session import GameSession


@dataclass(frozen=True)
class TurnResult:
    """What one bot turn in a save did (for the server's pool)."""

    seat: int | None
    """The seat that moved (None: no bot was to act, or the game moved on
    too often)."""
    ply: int
    """The moves in the save after it."""
    pid: int
    """The process that thought (the server checks it is not its own)."""
    over: bool = False
    """The game has ended: no bot will ever act in it again."""
    waited: float = 0.0
    """Seconds from the turn's start (the save's change) to the bot thinking."""
    thought: float = 0.0
    """Seconds the bot thought."""


def bot_turn_in_save(path: str, rethinks: int = RETHINKS) -> TurnResult:
    """One bot move in the save at `path`, if a bot seat is to act: load,
    think on the seat's view holding no lock, commit with the stale check
    (thinking again if the game moved on). For the server's pool of worker
    processes: a seat a person plays is never moved for. The turn began
    when the save last changed (its mtime): the time waited since is taken
    from the bot's budget of time (`hurry`)."""
    from engine.session import GameSession

    return bot_turn(GameSession.open(Path(path)), rethinks, lambda: _changed_at(path))


def bot_turn(session: "GameSession", rethinks: int = RETHINKS,
             changed_at: Callable[[], float | None] | None = None) -> TurnResult:
    """One bot move in `session`'s game, if a bot seat is to act (see
    `bot_turn_in_save`; a server's room kept in a database commits through
    its own session the same way). `changed_at` tells when the game last
    changed (wall clock; None: unknown, the bot thinks its whole budget)."""
    from engine.session import StaleGameError

    since = changed_at() if changed_at else None
    for _ in range(rethinks + 1):
        bots = [] if session.is_over() else session.bots_to_act()
        if not bots:
            break
        began = time.time()
        choice = think(session.record, bots[0], session.stand_in_level(bots[0]), since=since)
        thought = time.time() - began
        try:
            session.play_choice(choice)
        except StaleGameError:
            since = changed_at() if changed_at else None  # reloaded: a new turn, from that change
            continue
        waited = 0.0 if since is None else max(0.0, began - since)
        return TurnResult(choice.seat, session.ply, os.getpid(), session.is_over(), waited, thought)
    return TurnResult(None, session.ply, os.getpid(), session.is_over())


def _changed_at(path: str) -> float | None:
    """When the save at `path` was last written (wall clock), or None."""
    from engine.session import stat_key

    key = stat_key(Path(path))
    return None if key is None else key[0] / 1e9


__all__ = ["MIN_THINK_SHARE", "RETHINKS", "BotChoice", "TurnResult", "bot_turn", "bot_turn_in_save", "hurry", "still_stands", "think"]
