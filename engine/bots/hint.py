"""Hints: what the `search` level would play for a seat, from its own view.

The list is the search's pick first, then the other moves by win share, and
the pick says why it is first when a move listed after it has a higher
share (the search keeps its own bot's move unless clearly beaten, and the
most tried move over a better-looking one tried less)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.bots.search import PRIOR_MARGIN, Budget, MoveStat, SearchBot, pick
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
    why: str = ""
    """For the pick (listed first): why it is played, in words; else ''."""


def why_picked(chosen: MoveStat, others: list[MoveStat], prior_move: Move | None,
               margin: float = PRIOR_MARGIN) -> str:
    """Why the search plays `chosen` over `others` (the search's own rule,
    `search.pick`, told in words)."""
    best_other = max((s.value for s in others), default=None)
    if best_other is None or chosen.value >= best_other:
        return "the best win share"
    if chosen.move == prior_move:
        return f"its bot's move; not clearly beaten (by under {round(100 * margin)} points)"
    return "the move the search tried most; the higher shares rest on fewer tries"


def hints(ruleset: Ruleset, view: GameState[Any], seat: int, seconds: float = 1.0, seed: int = 0,
          top: int | None = 3, budget: Budget | None = None, include: Move | None = None,
          candidates: int | None = None) -> list[Hint]:
    """The `search` level's pick for `seat` (its own `view`), then its next
    best moves by win share: `top` in all (None: every move the search
    tried). `budget` (instead of `seconds`): e.g. a fixed iteration count,
    for a repeatable result; `include`: a move the search must try (the
    game review's move played); `candidates`: how many root moves a
    rollouts search compares (None: the level's)."""
    bot = ruleset.make_bot("search", seed)
    if not isinstance(bot, SearchBot):
        raise ValueError(f"{ruleset.id} has no search level")
    if candidates is not None:
        bot.candidate_count = candidates
    bot.budget = budget or Budget(iterations=None, seconds=seconds)
    stats = bot.analyse(view, seat, include) if include is not None else bot.analyse(view, seat)
    if not stats:
        return []
    chosen_move = pick(stats, bot.prior_move, bot.margin)
    chosen = next(s for s in stats if s.move == chosen_move)
    others = sorted((s for s in stats if s.move != chosen_move), key=lambda s: (-s.value, -s.visits))
    if top is not None:
        others = others[:top - 1]
    margin = PRIOR_MARGIN if bot.margin is None else bot.margin
    why = why_picked(chosen, others, bot.prior_move, margin)
    return [Hint(s.move, view.format_move(s.move), view.describe_move(s.move, seat), s.value, s.visits,
                 why if s is chosen else "")
            for s in [chosen, *others]]
