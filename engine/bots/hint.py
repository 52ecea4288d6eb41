"""Hints: what the `search` level would play for a seat, from its own view."""
from __future__ import annotations

from dataclasses import dataclass

from engine.bots.search import Budget, SearchBot, pick
from engine.core import GameState, Move, Ruleset


@dataclass(frozen=True)
class Hint:
    """One suggested move."""

    move: Move
    notation: str
    """The move as typed at the prompt."""
    description: str
    """The move in words (the state's `describe_move`)."""
    win_share: float
    """The search's estimate of the seat's result after it (0..1)."""
    visits: int
    """How often the search tried it."""


def hints(ruleset: Ruleset, view: GameState, seat: int, seconds: float = 1.0, seed: int = 0,
          top: int | None = 3, budget: Budget | None = None, include: Move | None = None) -> list[Hint]:
    """The `search` level's best `top` moves for `seat` (its own `view`),
    the move it would play first; `budget` (instead of `seconds`): e.g. a
    fixed iteration count, for a repeatable result; `include`: a move the
    search must try (the game review's move played); `top` None: every
    move the search tried."""
    bot = ruleset.make_bot("search", seed)
    if not isinstance(bot, SearchBot):
        raise ValueError(f"{ruleset.id} has no search level")
    bot.budget = budget or Budget(iterations=None, seconds=seconds)
    stats = bot.analyse(view, seat, include) if include is not None else bot.analyse(view, seat)
    chosen = pick(stats, bot.prior_move, bot.margin)
    ordered = sorted(stats, key=lambda s: (s.move != chosen, -s.visits, -s.value))
    return [Hint(s.move, view.format_move(s.move), view.describe_move(s.move, seat), s.value, s.visits)
            for s in (ordered if top is None else ordered[:top])]
