"""A bot's turn, thought outside the save's lock.

A bot thinks for seconds (`deep`: about 4.5 s), longer than another writer
waits for a save's lock (3 s). So a bot chooses on its own seat's view of
the game as last read, holding no lock (`think`), and only the commit takes
the lock, for the milliseconds of a write, through the session's stale-file
check (`GameSession.play_choice`).

If the save moved on while the bot thought (another seat moved, a person
took the seat, an undo), the session reloads and asks `still_stands`:

- the choice stands, and is committed as it is, when the moves made
  meanwhile were all sealed from the bot's seat (other seats' sealed picks
  or bids in the same simultaneous phase), the seat is still the same bot,
  must still choose, and its choice is still legal: the bot has learnt
  nothing it did not know (only that someone else has chosen), so thinking
  again would only draw a new seed;
- otherwise the bot thinks again on the new position, at most `RETHINKS`
  times; after that the caller gets the `StaleGameError`.

A given save still always gets the same bot move: the bot is seeded by the
game's seed, its seat and the ply it thought at (`GameRecord.bot`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import MoveError

if TYPE_CHECKING:
    from engine.record import GameRecord, Player
    from engine.session import GameSession

RETHINKS = 3
"""How many times a bot thinks again when the game moved on under it."""


@dataclass(frozen=True)
class BotChoice:
    """What a bot chose, and the decision point it chose at."""

    seat: int
    """The seat it plays (0-based)."""
    notation: str
    """Its move, in notation."""
    moves: tuple[tuple[int, str], ...]
    """The game's moves when it chose: its decision point."""
    player: tuple[str, str]
    """The seat's (name, kind) when it chose."""


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


def think(record: "GameRecord", seat: int, level: str | None = None) -> BotChoice:
    """What `seat`'s bot plays now, from that seat's view only; no lock is
    held or needed (this may take seconds)."""
    move = record.bot_move(seat, level)
    player = record.players[seat]
    return BotChoice(seat, record.state.format_move(move), tuple(record.moves), (player.name, player.kind))


def still_stands(record: "GameRecord", choice: BotChoice) -> bool:
    """Whether `choice`, made at an earlier point of this game, may be
    played now as it is (see the module doc)."""
    ply = len(choice.moves)
    if tuple(record.moves[:ply]) != choice.moves or not _same(record.players[choice.seat], choice.player):
        return False
    state = record.state
    if state.is_over() or choice.seat not in state.to_act():
        return False
    if ply < record.ply:
        then = record.state_at(ply)
        for mover, text in record.moves[ply:]:
            try:
                move = then.parse_move(text, mover)
            except MoveError:
                return False
            if mover == choice.seat or not then.is_sealed(mover, move):
                return False  # the bot's seat may have seen it: think again
            then.apply_trusted(mover, move)
    try:
        state.parse_move(choice.notation, choice.seat)  # parsing checks legality
    except MoveError:
        return False
    return True


def _same(player: "Player", then: tuple[str, str]) -> bool:
    return (player.name, player.kind) == then


def bot_turn_in_save(path: str, rethinks: int = RETHINKS) -> TurnResult:
    """One bot move in the save at `path`, if a bot seat is to act: load,
    think on the seat's view holding no lock, commit with the stale check
    (thinking again if the game moved on). For the server's pool of worker
    processes: a seat a person plays is never moved for."""
    from engine.session import GameSession

    return bot_turn(GameSession.open(Path(path)), rethinks)


def bot_turn(session: "GameSession", rethinks: int = RETHINKS) -> TurnResult:
    """One bot move in `session`'s game, if a bot seat is to act (see
    `bot_turn_in_save`; a server's room kept in a database commits through
    its own session the same way)."""
    from engine.session import StaleGameError

    for _ in range(rethinks + 1):
        bots = [] if session.is_over() else session.bots_to_act()
        if not bots:
            break
        choice = think(session.record, bots[0], session.stand_in_level(bots[0]))
        try:
            session.play_choice(choice)
        except StaleGameError:
            continue  # reloaded: look again
        return TurnResult(choice.seat, session.ply, os.getpid(), session.is_over())
    return TurnResult(None, session.ply, os.getpid(), session.is_over())


__all__ = ["RETHINKS", "BotChoice", "TurnResult", "bot_turn", "bot_turn_in_save", "still_stands", "think"]
