"""A bot's choice, thought outside the save's lock.

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

**Waiting counts as thinking.** A search level is a budget of wall time
(`search`: 0.9 s). In the server a bot's turn may wait before it thinks (the
pool noticing the change, a free worker, loading the save), and a person
waits for all of it; so the server's turns pass `since`, when the turn
began (the save's change that made it the bot's), and `hurry` takes the
time waited from the budget, down to MIN_THINK_SHARE of it: a turn that
waited 0.5 s thinks 0.4 s, and the move shows about when it would have
without the wait. A queue longer than the budget still gets its moves
thought for at least that share, never a blind one (and so does a turn
that was pending while the server was stopped, once, as it starts again).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.errors import MoveError

if TYPE_CHECKING:
    from engine.core import Bot
    from engine.record import GameRecord, Player

RETHINKS = 3
"""How many times a bot thinks again when the game moved on under it."""
MIN_THINK_SHARE = 0.25
"""The least share of its time budget a bot thinks however long its turn
waited (`hurry`)."""


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


def hurry(bot: "Bot", since: float | None, now: float | None = None) -> bool:
    """Take the time a turn has waited since `since` (wall clock, as
    `time.time()`) from `bot`'s time budget, if it thinks against one (the
    search levels); at least MIN_THINK_SHARE of the budget is left. False
    if the bot has no budget of time (nothing to take from)."""
    from engine.bots.search import SearchBot

    if since is None or not isinstance(bot, SearchBot) or bot.budget.seconds is None:
        return False
    seconds = bot.budget.seconds
    waited = max(0.0, (time.time() if now is None else now) - since)
    bot.budget = replace(bot.budget, seconds=max(seconds * MIN_THINK_SHARE, seconds - waited))
    return True


def think(record: "GameRecord", seat: int, level: str | None = None, since: float | None = None) -> BotChoice:
    """What `seat`'s bot plays now, from that seat's view only; no lock is
    held or needed (this may take seconds). `since`: when the turn began
    (wall clock): the time waited since is taken from a budget of time
    (`hurry`)."""
    bot = None if since is None else record.bot(seat, level)
    if bot is not None and hurry(bot, since):
        move = bot.choose(record.state.view(seat), seat)
    else:  # no budget of time: the record's own way
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
