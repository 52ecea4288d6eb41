"""Square Masons' evaluation (`SquareMasonsState.evaluate_all`, for the
search): prestige, coins and how far each seat's best plan is laid. The
state imports it, never the bots (no state <-> bots import loop)."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rulesets.square_masons import data as d
from rulesets.square_masons.data import BLOCK_TYPES
from rulesets.square_masons.moves import STONE_KIND
from rulesets.square_masons.plans import (
    ACTION_COST,
    BUY_COST,
    CLASS_OF,
    CLASSES,
    STONE_COST,
    all_plans,
    available,
    structure_worth,
)

if TYPE_CHECKING:
    from rulesets.square_masons.state import MasonBoard, SquareMasonsState


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
    """Per structure (in `d.STRUCTURES` order): whether it may still be claimed."""
    return tuple(available(state, sid) for sid in d.STRUCTURES)


_PROGRESS: dict[tuple[object, ...], float] = {}
"""plan_progress's memory: boards recur across a search's samples."""


def plan_progress(ok: tuple[bool, ...], b: MasonBoard) -> float:
    """The best plan's score (as `best_plan` finds it) times the share of
    its pieces already laid, 0 when no plan is worth anything; remembered by
    board contents, since a search meets the same boards again and again."""
    key = (ok, tuple(b.reserve), b.stones, tuple(b.construction))
    got = _PROGRESS.get(key)
    if got is None:
        if len(_PROGRESS) > 50_000:
            _PROGRESS.clear()
        got = _progress(ok, b)
        _PROGRESS[key] = got
    return got


@lru_cache(maxsize=1)
def _plan_table() -> list[tuple[int, float, tuple[tuple[int, str], ...], int]]:
    """Per plan: (structure index, worth, slots as (mask, class), halo)."""
    index = {sid: i for i, sid in enumerate(d.STRUCTURES)}
    return [(index[p.sid], structure_worth(p.sid), tuple((sl.mask, sl.cls) for sl in p.slots), p.halo)
            for p in all_plans()]


def _progress(ok: tuple[bool, ...], b: MasonBoard) -> float:
    """`plan_progress` computed (the same figures as `evaluate`, lean)."""
    have = dict.fromkeys(CLASSES, 0)
    for i, t in enumerate(BLOCK_TYPES):
        have[CLASS_OF[t]] += b.reserve[i]
    pieces = {m: (CLASS_OF[k] if k != STONE_KIND else STONE_KIND) for k, m in b.construction}
    masks = [m for _, m in b.construction]
    best_score = None
    best_share = 0.0
    for sx, worth, slots, halo in _plan_table():
        if not ok[sx] or (best_score is not None and worth <= best_score):
            continue  # unavailable, or cannot beat the best (costs only lower a score)
        want: dict[str, int] = {}
        done: list[int] = []
        st_need = 0
        for mask, cls in slots:
            if pieces.get(mask) == cls:
                done.append(mask)
            elif cls == STONE_KIND:
                st_need += 1
            else:
                want[cls] = want.get(cls, 0) + 1
        foreign = sum(1 for m in masks if m & halo and m not in done)
        buy = bring = 0
        for c, k in want.items():
            h = have[c]
            bring += min(h, k)
            buy += max(0, k - h)
        gap = max(0, st_need - b.stones)
        bring += st_need - gap
        score = worth - BUY_COST * buy - STONE_COST * gap - ACTION_COST * (bring + foreign)
        if best_score is None or score > best_score:
            best_score, best_share = score, len(done) / len(slots)
    if best_score is None or best_score <= 0:
        return 0.0
    return best_score * best_share
