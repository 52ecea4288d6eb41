"""Square Masons' evaluation (`SquareMasonsState.evaluate_all`, for the
search): prestige, coins and how far each seat's best plan is laid. The
state imports it, never the bots (no state <-> bots import loop)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.memo import Memo
from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_TYPES
from rulesets.square_masons.plans import CLASS_OF, CLASSES, all_plans, best_plan_index

if TYPE_CHECKING:
    from rulesets.square_masons.board import MasonBoard
    from rulesets.square_masons.state import SquareMasonsState


def position_value(state: SquareMasonsState, seat: int) -> float:
    """How good the position is for `seat`, 0 (lost) to 1 (won) (for
    `SquareMasonsState.evaluate`); see `position_values`."""
    return position_values(state)[seat]


PROGRESS_WEIGHT = 1.0
"""How much the laid share of the best plan counts (in prestige per point)."""
VALUE_SPREAD = 2.0 * d.WIN_PRESTIGE
"""Prestige lead (or deficit) that takes the value from 0.5 to 1 (or 0)."""


def position_values(state: SquareMasonsState) -> list[float]:
    """Every seat's position value, 0 (lost) to 1 (won): prestige, a tenth
    of the coins and the best plan's worth weighed by how much of it is
    laid, against the best other player, a lead of VALUE_SPREAD counting as
    won. (Tried: progress counted twice over a spread of 8, fitted on games
    of heuristic bots: as often right about the winner, about 74%, with a
    quarter less squared error, yet the search won less with it: 20 of 75
    games against 28 of 82; so these weights stay.)"""
    out = state.outcome()
    if out is not None:
        return [1.0 if r == 1 else 0.0 for r in out.ranks]
    ok = availability(state)
    values = [b.prestige + 0.1 * b.coins + PROGRESS_WEIGHT * plan_progress(ok, b) for b in state.boards]
    res = []
    for seat, v in enumerate(values):
        rival = max(x for s, x in enumerate(values) if s != seat)
        res.append(min(1.0, max(0.0, 0.5 + (v - rival) / VALUE_SPREAD)))
    return res


def availability(state: SquareMasonsState) -> tuple[bool, ...]:
    """Per structure (in `d.STRUCTURES` order): whether it may still be
    claimed (`plans.available` of each, with the claimed sanctuaries
    gathered once)."""
    claimed = {sid for b in state.boards for sid in b.sanctuaries}
    in_play = state.sanctuaries
    return tuple([n > 0 for n in state.town_supply] + [sid in in_play and sid not in claimed for sid in _SANCTUARY_IDS])


_TOWN_OF = tuple((sid, d.TOWN_INDEX.get(sid) if s.kind == "town" else None) for sid, s in d.STRUCTURES.items())
"""Per structure (in `d.STRUCTURES` order): (id, its index among the towns, None for a sanctuary)."""
_SANCTUARY_IDS = tuple(sid for sid, i in _TOWN_OF if i is None)
"""The sanctuaries, in `d.STRUCTURES` order."""
if [i for _, i in _TOWN_OF] != [*range(len(d.TOWNS)), *[None] * len(_SANCTUARY_IDS)]:
    raise RuntimeError("availability reads the towns first, in town_supply's order")


_PROGRESS: Memo[float] = Memo(50_000)
"""plan_progress's memory: boards recur across a search's samples."""


def plan_progress(ok: tuple[bool, ...], b: MasonBoard) -> float:
    """The best plan's score (as `best_plan` finds it) times the share of
    its pieces already laid, 0 when no plan is worth anything; remembered by
    board contents, since a search meets the same boards again and again."""
    key = (ok, tuple(b.reserve), b.stones, tuple(b.construction))
    got = _PROGRESS.get(key)
    return _PROGRESS.keep(key, _progress(ok, b)) if got is None else got


def _progress(ok: tuple[bool, ...], b: MasonBoard) -> float:
    """`plan_progress` computed (the same figures as the bots' `best_plan`)."""
    have = dict.fromkeys(CLASSES, 0)
    for i, t in enumerate(BLOCK_TYPES):
        have[CLASS_OF[t]] += b.reserve[i]
    found = best_plan_index(ok, have, b.stones, b.construction)
    if found is None or found[1] <= 0:
        return 0.0
    index, score, done = found
    return score * (done / len(all_plans()[index].slots))
