"""Square Masons plans: every way to tile each structure with blocks and
stones at the zone's top-left, and what each is worth. Shared by the bots
(which build toward the best plan) and the evaluation (how far the best
plan is laid); it imports no state, so neither makes an import loop."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.memo import Memo
from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_TYPES
from rulesets.square_masons.geometry import CELLS, PLACEMENTS, distinct_orients, first_cell, grow, picture_cells, shape_mask
from rulesets.square_masons.moves import STONE_KIND

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState

CLASS_OF = {"I": "I", "O": "O", "T": "T", "S": "S", "Z": "S", "J": "J", "L": "J"}
"""Blocks that a flip turns into each other share a class (S/Z, J/L)."""
CLASSES = "IOTSJ"
MAX_TILINGS = 16
"""Tilings kept per layout orientation (fewest stones first)."""
BUY_COST = 2.6
"""How much a block still to win at auction takes off a plan's worth."""
STONE_COST = 1.6
"""How much a missing stone takes off a plan's worth."""
ACTION_COST = 0.35
"""How much a paid action takes off a plan's worth."""
TOWN_WORTH = {"scrapyard": 3.2, "donation": 3.9, "bank": 4.2, "quarry": 3.6}
"""A town's worth to the bot: its 3 prestige and its ability."""


@dataclass(frozen=True)
class Slot:
    """One piece of a plan: its class ('stone' for a stone) and cells."""

    cls: str
    mask: int


@dataclass(frozen=True)
class Plan:
    """One way to build one structure at the zone's top-left."""

    sid: str
    slots: tuple[Slot, ...]
    mask: int
    """All the layout's cells."""
    halo: int
    """The layout's cells and their neighbours: a foreign piece here spoils it."""
    stones: int
    """Stones the plan needs."""


def _by_first_cell() -> list[list[tuple[int, str]]]:
    """Per cell: (mask, class) of every block placement whose lowest cell it is."""
    out: list[dict[int, str]] = [dict() for _ in range(CELLS)]
    for t in BLOCK_TYPES:
        for p in PLACEMENTS[t]:
            out[first_cell(p.mask)].setdefault(p.mask, CLASS_OF[t])
    return [sorted(m.items()) for m in out]


@lru_cache(maxsize=1)
def all_plans() -> tuple[Plan, ...]:
    """Every plan of every structure (computed once)."""
    starts = _by_first_cell()
    plans: list[Plan] = []
    for s in d.TOWNS + d.SANCTUARIES:
        for _, shape in distinct_orients(picture_cells(s.picture)):
            layout = shape_mask(shape, 0)
            if layout is None:
                continue
            found: list[tuple[Slot, ...]] = []

            def cover(rest: int, slots: list[Slot], stones: int) -> None:
                if len(found) >= 400:
                    return
                if not rest:
                    if len(slots) - stones >= s.min_blocks:
                        found.append(tuple(slots))
                    return
                cell = first_cell(rest)
                for mask, cls in starts[cell]:
                    if mask & rest == mask:
                        slots.append(Slot(cls, mask))
                        cover(rest & ~mask, slots, stones)
                        slots.pop()
                if stones < 2:
                    slots.append(Slot(STONE_KIND, 1 << cell))
                    cover(rest & ~(1 << cell), slots, stones + 1)
                    slots.pop()

            cover(layout, [], 0)
            found.sort(key=lambda sl: sum(1 for x in sl if x.cls == STONE_KIND))
            for sl in found[:MAX_TILINGS]:
                st = sum(1 for x in sl if x.cls == STONE_KIND)
                plans.append(Plan(s.id, sl, layout, grow(layout), st))
    return tuple(plans)


def structure_worth(sid: str) -> float:
    """What a structure is worth to the bot."""
    return TOWN_WORTH.get(sid, float(d.SANCTUARY_PRESTIGE))


def available(state: SquareMasonsState, sid: str) -> bool:
    """True when `sid` may still be claimed."""
    s = d.STRUCTURES[sid]
    if s.kind == "town":
        return state.town_supply[d.TOWN_INDEX[sid]] > 0
    return sid in state.sanctuaries and state.sanctuary_owner(sid) is None


@lru_cache(maxsize=1)
def plan_table() -> list[tuple[int, float, tuple[tuple[int, str], ...], int]]:
    """Per plan (in `all_plans` order): (structure index in `d.STRUCTURES`,
    worth, slots as (mask, class), halo)."""
    index = {sid: i for i, sid in enumerate(d.STRUCTURES)}
    return [(index[p.sid], structure_worth(p.sid), tuple((sl.mask, sl.cls) for sl in p.slots), p.halo)
            for p in all_plans()]


def best_plan_index(ok: tuple[bool, ...], have: dict[str, int], stones: int,
                    construction: list[tuple[str, int]]) -> tuple[int, float, int] | None:
    """The plan worth the most (first in plan order on ties) for a board
    with `have` blocks per class and `stones` in the reserve and
    `construction` laid, among the structures `ok` (per `d.STRUCTURES`):
    (its index in `all_plans`, its score, its slots already laid); None if
    no structure is available. A plan's score is its worth less the costs
    of its blocks to buy (BUY_COST each), missing stones (STONE_COST) and
    paid actions (ACTION_COST): the bots' `evaluate` and the evaluation's
    `plan_progress` score alike. A plan worth no more than the best score
    so far is passed over unscored: costs only lower a score (a float less
    a non-negative one is never more), so it could not beat it."""
    best = None
    best_score = 0.0
    for i, sx, worth, want, st_need, foreign, done in _laid(tuple(construction)):
        if not ok[sx] or (best is not None and worth <= best_score):
            continue
        buy = bring = 0
        for c, k in want:
            h = have[c]
            bring += min(h, k)
            buy += max(0, k - h)
        gap = max(0, st_need - stones)
        bring += st_need - gap
        score = worth - BUY_COST * buy - STONE_COST * gap - ACTION_COST * (bring + foreign)
        if best is None or score > best_score:
            best, best_score = (i, score, done), score
    return best


_LAID: Memo[list[tuple[int, int, float, tuple[tuple[str, int], ...], int, int, int]]] = Memo(64)
"""`_laid`'s memory: a board's construction changes far more seldom than
its reserve (and the piece in hand a bot weighs); about 60 kB each, and a
search meets a few dozen constructions."""


def _laid(construction: tuple[tuple[str, int], ...]) -> list[tuple[int, int, float, tuple[tuple[str, int], ...], int, int, int]]:
    """Per plan, what a construction zone leaves it needing: (index,
    structure index, worth, blocks wanted per class, stones wanted, foreign
    pieces in its halo, slots already laid). A plan that needs just what an
    earlier plan of its structure needs is left out: its score is the
    earlier one's to the bit, and ties go to the earlier plan (224
    plans become 36 on an empty zone)."""
    found = _LAID.get(construction)
    if found is not None:
        return found
    pieces = {m: (CLASS_OF[k] if k != STONE_KIND else STONE_KIND) for k, m in construction}
    masks = [m for _, m in construction]
    found = []
    seen: set[tuple[object, ...]] = set()
    for i, (sx, worth, slots, halo) in enumerate(plan_table()):
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
        needs = (sx, tuple(sorted(want.items())), st_need, foreign, len(done))
        if needs in seen:
            continue
        seen.add(needs)
        found.append((i, sx, worth, needs[1], st_need, foreign, len(done)))
    return _LAID.keep(construction, found)
