"""The review's second look: a candidate mark searched again, deeper, before
it is shown.

The first pass (`engine.review.judge`) searches every decision once at the
default budget; where it finds a better move by at least the smallest mark's
margin, the played move and that better move are compared again, head to
head, in rounds (`LOOK_ROUNDS`), each round a fresh search of the two moves
alone with the first pass's budget (in the tree style, twice the last
round's):

- the 'rollouts' style plays both moves out in the same sampled worlds, so
  the loss is a mean of paired differences and its spread is measured;
- the 'tree' style searches both moves in one tree, visited evenly at the
  root (`SearchBot.even_root`), each round's tree twice the last's and the
  last alone judged (`TREE_ROUNDS`), and a move's value is bounded as a
  mean of rewards in [0, 1] (at most p·(1 − p) of variance a visit).

After each round the loss gets a lower and an upper confidence bound
(`Z` standard errors). After `MIN_ROUNDS` the look stops as soon as more
rounds could not raise the mark: both bounds in one mark's band, or the
lower bound in the band of the estimate itself (a narrower bound only
moves it towards the estimate; a loss estimated under the smallest mark is
never marked). A close one goes on to `LOOK_ROUNDS`, or to `LONG_ROUNDS`
while it estimates a large loss it cannot mark yet (`unsure_large`). The mark shown is the mark of the lower
bound: the search is confident the better move is better by at least the
mark's margin.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Hashable

from engine.core import GameState, Move, Ruleset
from engine.mark_scale import mark_for

LOOK_ROUNDS = 8
"""At most this many rounds of a second look (each the first pass's budget)."""
LONG_ROUNDS = 16
"""At most this many rounds where the look still estimates a large loss
(`LARGE_LOSS`) after `LOOK_ROUNDS` but cannot yet mark it: a real blunder
with a wide spread (Squire: a loss of 0.15 to 0.25, a standard error near
0.1 after 8 rounds) gets more worlds rather than being cleared."""
LARGE_LOSS = 0.15
"""An estimated loss that earns a look its `LONG_ROUNDS`."""
MIN_ROUNDS = 2
"""Rounds every second look runs before it may stop."""
TREE_ROUNDS = 3
"""A tree look's rounds: each a tree twice the last (1, 2 and 4 times the
first pass's budget, 7 in all, under `LOOK_ROUNDS`), judged by the last
tree alone. The mean value of a move in a small tree counts the follow-ups
it tried and found bad: in Square and Compass' example at ply 449, 'place
on Project Manager' (then take a contract, or complete one) read 0.21 of
win share worse than 'place on Building Department' in a tree of 300
iterations, 0.12 at 600, 0.07 at 1,200, 0.05 at 2,400; rounds of equal
small trees repeat that bias, and their bound was sure of a blunder. A real
blunder holds its loss as the tree grows (0.39, 0.41, 0.41 for skipping
the last contract at ply 451)."""
Z = 1.28
"""Standard errors between a loss and its confidence bounds (one-sided 90%
for one look; the looks' own stopping makes it a little less). 1.64 (95%)
measured too strict for recall: with 36 sampled worlds a Squire loss of
0.15 to 0.25 has a standard error of about 0.1, and was never marked."""
PRIOR_VARIANCE = 0.5
"""One pseudo-observation of this variance is added to a paired spread (the
variance of a difference of two fair coin flips): a handful of identical
outcomes is not taken for certainty."""


@dataclass(frozen=True)
class Look:
    """What a second look found."""

    played_share: float
    best_share: float
    low: float
    """The loss's lower confidence bound (≥ 0)."""
    high: float
    """The loss's upper confidence bound."""
    samples: int
    """Playouts or tree iterations the look spent."""
    reply: tuple[int, Hashable] | None
    """The reply another seat most often made to the played move in the
    look's search (seat, move), if any."""
    best_reply: tuple[int, Hashable] | None
    """The same after the better move."""
    scores: tuple[tuple[float, ...], tuple[float, ...]] | None = None
    """Every seat's mean final score after the played move and after the
    better one, where the look's playouts reached the end (None: they were
    cut short, or a tree search)."""


def bounds(loss: float, se: float) -> tuple[float, float]:
    """(low, high) confidence bounds of a loss with standard error `se`."""
    return max(0.0, loss - Z * se), loss + Z * se


def settled(low: float, high: float) -> bool:
    """True when more rounds cannot change the mark: both bounds in one
    mark's band (or the upper below the smallest mark)."""

    return mark_for(low)[0] == mark_for(high)[0]


def as_far_as_it_goes(loss: float, low: float) -> bool:
    """True when more rounds could not raise the mark: the lower bound is
    already in the band of the estimate itself (a narrower bound only moves
    it towards the estimate). Clear decisions stop here: a loss estimated
    under the smallest mark is never marked, however long the look."""

    return mark_for(low)[0] == mark_for(loss)[0]


def unsure_large(loss: float, low: float) -> bool:
    """True when a look estimates a large loss its lower bound does not yet
    mark: worth rounds past `LOOK_ROUNDS`."""

    return loss >= LARGE_LOSS and mark_for(low)[0] is None


def paired_error(diffs: list[float]) -> float:
    """The standard error of the mean of paired differences (with one
    pseudo-observation of `PRIOR_VARIANCE`)."""
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) + PRIOR_VARIANCE
    return math.sqrt(spread / n / n)


def mean_error(value: float, visits: int) -> float:
    """The standard error of a mean reward in [0, 1] over `visits`."""
    return math.sqrt((value * (1 - value) * visits + 0.25) / (visits + 1) / max(1, visits))


def second_look(ruleset: Ruleset, view: GameState[Any], seat: int, played: Move, best: Move,
                iterations: int, seed: int) -> Look:
    """Compare `played` and `best` for `seat` in its own `view`, round by
    round (see the module doc); `iterations` is a round's budget."""
    from engine.bots.search import Budget, SearchBot

    rollouts = getattr(ruleset, "search_style", "tree") == "rollouts"
    diffs: list[float] = []
    sums = {played: [0, 0.0], best: [0, 0.0]}  # visits, reward sum
    replies: dict[Hashable, Counter[tuple[int, Hashable]]] = {played: Counter(), best: Counter()}
    finals: dict[Hashable, list[tuple[int, ...]]] = {played: [], best: []}
    spent = 0
    low, high, loss = 0.0, 1.0, 0.0
    for r in range(LONG_ROUNDS):
        bot = ruleset.make_bot("search", (seed * 31 + r * 1_000_003 + 0x100C) & ((1 << 63) - 1))
        assert isinstance(bot, SearchBot)
        bot.budget = Budget(iterations=iterations if rollouts else iterations << r, seconds=None)
        bot.even_root = True
        stats = {s.move: s for s in bot.analyse(view, seat, only=[played, best])}
        spent += bot.last_iterations
        if not rollouts:  # the last tree alone: a small tree's bias does not average out
            sums = {played: [0, 0.0], best: [0, 0.0]}
        for move in (played, best):
            s = stats[move]
            sums[move][0] += s.visits
            sums[move][1] += s.value * s.visits
        if rollouts:
            order = bot.candidates
            i, j = order.index(best), order.index(played)
            diffs += [row[i] - row[j] for row in bot.round_results]
            for who, move, reply in bot.first_replies:
                replies[move][(who, reply)] += 1
            for move, scores in bot.final_scores:
                finals[move].append(scores)
        else:
            _tree_replies(bot, replies)
        share = {m: (t / v if v else 0.0) for m, (v, t) in sums.items()}
        loss = share[best] - share[played]
        if rollouts and diffs:
            se = paired_error(diffs)
        else:
            se = math.hypot(mean_error(share[best], int(sums[best][0])),
                            mean_error(share[played], int(sums[played][0])))
        low, high = bounds(loss, se)
        if r + 1 >= MIN_ROUNDS and (settled(low, high) or as_far_as_it_goes(loss, low)):
            break
        if (r + 1 >= LOOK_ROUNDS and not unsure_large(loss, low)) or (not rollouts and r + 1 >= TREE_ROUNDS):
            break
    share = {m: (t / v if v else 0.0) for m, (v, t) in sums.items()}
    top = {m: (c.most_common(1)[0][0] if c else None) for m, c in replies.items()}
    means = None
    if finals[played] and finals[best]:
        means = (_mean_scores(finals[played]), _mean_scores(finals[best]))
    return Look(round(share[played], 4), round(share[best], 4), round(low, 4), round(high, 4), spent,
                top[played], top[best], means)


def _mean_scores(rows: list[tuple[int, ...]]) -> tuple[float, ...]:
    """Every seat's mean score over `rows`."""
    return tuple(round(sum(col) / len(rows), 1) for col in zip(*rows))


def head_to_head(ruleset: Ruleset, view: GameState[Any], seat: int, played: Move, best: Move, iterations: int,
                 seed: int) -> tuple[float, float]:
    """(played's, best's) win share for `seat` from one search of the two
    moves alone with `iterations` (benchmarks/review.py's deep check of a
    mark: is its better move better?)."""
    from engine.bots.search import Budget, SearchBot

    bot = ruleset.make_bot("search", seed)
    assert isinstance(bot, SearchBot)
    bot.budget = Budget(iterations=iterations, seconds=None)
    bot.even_root = True
    stats = {s.move: s for s in bot.analyse(view, seat, only=[played, best])}
    return stats[played].value, stats[best].value


def _tree_replies(bot: Any, replies: dict[Hashable, Counter[tuple[int, Hashable]]]) -> None:
    """Count, under each compared root move of the last tree, its most
    visited reply (by another seat)."""
    root = bot.last_root
    if root is None:
        return
    for move, child in root.children.items():
        if move not in replies:
            continue
        kids = [k for k in child.children.values() if k.seat is not None and k.seat != child.seat]
        if kids:
            k = max(kids, key=lambda c: c.visits)
            assert k.seat is not None
            replies[move][(k.seat, k.move)] += k.visits
