"""Square Masons' heuristic bot, at two levels ('easy', 'heuristic').

It plans one structure at a time: every tiling of every layout (anchored at
the zone's top-left corner) is a plan; the best plan is the one worth the
most after counting the blocks still to buy, the stones missing and the
paid actions needed. From the plan it drafts for majorities it can win, bids
on blocks the plan needs, chooses the market offer, lays blocks on the plan's
cells and claims. It reads only its own view; it keeps no memory between
moves (the plan is recomputed from the position, so it stays consistent).
"""
from __future__ import annotations

from typing import Any

from engine.core import Bot
from engine.memo import Memo
from engine.rng import Rng
from rulesets.square_masons import content as d
from rulesets.square_masons.board import MasonBoard
from rulesets.square_masons.content import BLOCK_TYPES, CARD_LETTERS, MARKET, MONEY, ORDER, STONE, X2
from rulesets.square_masons.evaluation import availability
from rulesets.square_masons.geometry import PLACEMENTS, first_cell
from rulesets.square_masons.moves import (
    END,
    RES,
    SKIP,
    STONE_KIND,
    WITHDRAW,
    Bid,
    Buy,
    Claim,
    Direction,
    Donate,
    Drop,
    Lay,
    Offer,
    Scrap,
    Sell,
    Store,
    Take,
    Tie,
)
from rulesets.square_masons.plans import (
    ACTION_COST,
    BUY_COST,
    CLASS_OF,
    CLASSES,
    STONE_COST,
    Plan,
    Slot,
    all_plans,
    available,
    best_plan_index,
    structure_worth,
)
from rulesets.square_masons.state import SquareMasonsState


class Scored:
    """A plan's evaluation for one board."""

    __slots__ = ("plan", "score", "need", "bring", "foreign", "stone_gap", "undone")

    def __init__(self, plan: Plan, score: float, need: dict[str, int], bring: int,
                 foreign: list[int], stone_gap: int, undone: list[Slot]) -> None:
        self.plan = plan
        self.score = score
        self.need = need
        """Blocks per class the plan still needs from outside (auction)."""
        self.bring = bring
        self.foreign = foreign
        """Indices of construction pieces in the way."""
        self.stone_gap = stone_gap
        self.undone = undone
        """Slots not yet filled."""


def _holdings(b: MasonBoard, extra: str) -> tuple[dict[str, int], int]:
    """(blocks per class, stones) in the reserve, with `extra` (a block
    letter or 'stone', the piece in hand) counted in."""
    have = {c: 0 for c in CLASSES}
    for i, t in enumerate(BLOCK_TYPES):
        have[CLASS_OF[t]] += b.reserve[i]
    stones = b.stones
    if extra == STONE_KIND:
        stones += 1
    elif extra:
        have[CLASS_OF[extra]] += 1
    return have, stones


def _score(plan: Plan, b: MasonBoard, have: dict[str, int], stones: int, pieces: dict[int, str]) -> Scored:
    """One plan scored for board `b` (`pieces`: its construction's class by mask)."""
    undone = []
    done_masks = set()
    for sl in plan.slots:
        if pieces.get(sl.mask) == sl.cls:
            done_masks.add(sl.mask)
        else:
            undone.append(sl)
    foreign = [i for i, (k, m) in enumerate(b.construction) if m & plan.halo and m not in done_masks]
    want: dict[str, int] = {}
    st_need = 0
    for sl in undone:
        if sl.cls == STONE_KIND:
            st_need += 1
        else:
            want[sl.cls] = want.get(sl.cls, 0) + 1
    need = {}
    bring = 0
    for c, k in want.items():
        h = have[c]
        bring += min(h, k)
        if k > h:
            need[c] = k - h
    gap = max(0, st_need - stones)
    bring += st_need - gap
    buy = sum(need.values())
    score = (structure_worth(plan.sid) - BUY_COST * buy - STONE_COST * gap
             - ACTION_COST * (bring + len(foreign)))
    return Scored(plan, score, need, bring, foreign, gap, undone)


def _pieces(b: MasonBoard) -> dict[int, str]:
    """The construction's pieces: class (or 'stone') by cell mask."""
    return {m: (CLASS_OF[k] if k != STONE_KIND else STONE_KIND) for k, m in b.construction}


def evaluate(state: SquareMasonsState, b: MasonBoard, extra: str = "") -> list[Scored]:
    """Every available plan scored for board `b` (with `extra` block letters
    or 'stone' counted as in the reserve: the piece in hand)."""
    have, stones = _holdings(b, extra)
    pieces = _pieces(b)
    ok = {sid: available(state, sid) for sid in d.STRUCTURES}
    return [_score(plan, b, have, stones, pieces) for plan in all_plans() if ok[plan.sid]]


_BEST: Memo[Scored | None] = Memo(10_000)  # about a kB each
"""best_plan's memory, by what the answer depends on: the structures still
available and the board's reserve and construction (the same boards recur
move after move, and across a search's playouts). The Scored it hands out
are shared: no caller changes one."""


def best_plan(state: SquareMasonsState, b: MasonBoard, extra: str = "") -> Scored | None:
    """The plan worth the most (first in plan order on ties): of
    `evaluate`'s, found by `plans.best_plan_index` and scored alone."""
    ok = availability(state)
    key = (ok, tuple(b.reserve), b.stones, tuple(b.construction), extra)
    try:
        return _BEST[key]
    except KeyError:
        pass
    have, stones = _holdings(b, extra)
    found = best_plan_index(ok, have, stones, b.construction)
    sc = None if found is None else _score(all_plans()[found[0]], b, have, stones, _pieces(b))
    return _BEST.keep(key, sc)


ORDER_VALUE = 1.3
"""What the Order majority is worth in the draft (heuristic's scale: a
Money card is 1.0). Was 0.9 until the review study (docs/review-mistakes.md)
found drafting the heuristic's most common mistake, an Order card the better
draft; with DOUBLE_VALUE the new values won 78% of 300 3-player games on
tuning seeds against the old (a fair share is 33%)."""
DOUBLE_VALUE = 1.0
"""A Double card in the draft (was 0.8; see ORDER_VALUE)."""


class MasonBot(Bot):
    """Plans one structure at a time; 'easy' plays a random move now and then."""

    def __init__(self, seed: int = 0, level: str = "heuristic") -> None:
        self.rng = Rng(seed)
        self.level = level
        self.noise = 0.3 if level == "easy" else 0.0
        self.money_value = 1.0
        """A Money card, in the draft (0.4 more while coins are short)."""
        self.double_value = DOUBLE_VALUE
        self.order_value = ORDER_VALUE
        self.stone_value = 1.3
        self.stone_gap_value = 2.0
        """The Stone card while the best plan lacks stones."""
        self.market_value = 1.1

    def choose(self, state: Any, seat: int) -> Any:
        legal = state.legal(seat)
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return legal[0]
        if self.noise and state.phase in ("draft", "auction", "market", "pair") and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        handler = getattr(self, "_" + state.phase, None)
        move = handler(state, seat, legal) if handler else None
        return move if move in legal else legal[0]

    # -- draft
    def _direction(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        return Direction(1)

    def _card_value(self, state: SquareMasonsState, seat: int, card: int) -> float:
        b = state.boards[seat]
        if card == MONEY:
            return self.money_value + (0.4 if b.coins < 3 else 0.0)
        if card == X2:
            return self.double_value
        mine = b.drafted[card] + b.face_down.count(card)
        best_other = 0
        for s, o in enumerate(state.boards):
            if s != seat:
                x = o.drafted[card] + o.drafted[X2] // 2
                if x > best_other:
                    best_other = x
        if card == ORDER:
            reward = self.order_value
        elif card == STONE:
            reward = self.stone_value
        elif card == MARKET:
            reward = self.market_value
        else:
            raise KeyError(card)
        if card == STONE:
            sc = best_plan(state, b)
            if sc is not None and sc.stone_gap:
                reward = self.stone_gap_value
        lead = mine + 1 - best_other
        if lead > 2:
            return 0.2 * reward
        return reward * max(0.0, min(1.0, 0.45 + 0.3 * lead))

    def _draft(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        return max(legal, key=lambda m: (self._card_value(state, seat, m.card), -m.card))

    def _pair(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        b = state.boards[seat]

        def worth(letters: str) -> float:
            v = 0.0
            for ch in set(letters):
                card = CARD_LETTERS.index(ch)
                k = letters.count(ch)
                if card == MONEY:
                    v += k
                    continue
                mine = b.drafted[card] + k
                other = max((o.effective(card) + o.drafted[X2] for s, o in enumerate(state.boards) if s != seat),
                            default=0)
                v += (1.5 if mine >= other else 0.2) + 0.1 * k
            return v

        return max(legal, key=lambda m: worth(m.letters))

    def _tie(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        if seat in state.tie_seats:
            return Tie(seat)
        return min(legal, key=lambda m: (state.boards[m.seat].prestige, m.seat))

    _auction_tie = _tie

    # -- auction
    def _market(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        sc = best_plan(state, state.boards[seat])
        need = sc.need if sc else {}

        def worth(m: Offer) -> float:
            left = dict(need)
            v = 0.0
            for ch in m.blocks:
                c = CLASS_OF[ch]
                if left.get(c, 0) > 0:
                    left[c] -= 1
                    v += 1.0
            return v

        best = max(worth(m) for m in legal)
        return self.rng.choice([m for m in legal if worth(m) == best])

    def _block_gain(self, state: SquareMasonsState, b: MasonBoard, base: float, letter: str) -> float:
        sc = best_plan(state, b, letter)
        return 0.0 if sc is None else sc.score - base

    def _auction(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        b = state.boards[seat]
        base_plan = best_plan(state, b)
        base = base_plan.score if base_plan else 0.0
        gains = []
        for sp, t in enumerate(state.offer):
            gains.append((self._block_gain(state, b, base, BLOCK_TYPES[t]), sp + 1))
        if not gains:
            return WITHDRAW
        gain, sp = max(gains, key=lambda g: (g[0], -g[1]))
        if gain < 0.5:
            return WITHDRAW
        keep = 1 if b.construction or b.reserve_blocks else 0  # coins kept for paid actions
        amount = max(0, min(b.coins - keep, 1 + int(gain)))
        if self.level == "easy":
            amount = max(0, amount - 1)
        return Bid(sp, amount)

    # -- building
    def _plan_and_lay(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> tuple[Scored | None, Any]:
        """The best plan for the block in hand and the Lay that follows it (or None)."""
        b = state.boards[seat]
        kind = state.hand_kind
        sc = best_plan(state, b, kind)
        return sc, self._lay_for_plan(sc, b, kind, legal)

    def _place_won(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        b = state.boards[seat]
        _, lay = self._plan_and_lay(state, seat, legal)
        if lay is not None:
            return lay
        if RES in legal:
            return RES
        # reserve full: drop the reserve block the best plan needs least
        return self._least_useful_drop(state, b, legal)

    def _least_useful_drop(self, state: SquareMasonsState, b: MasonBoard, legal: list[Any]) -> Any:
        drops = [m for m in legal if isinstance(m, Drop) and m.kind != STONE_KIND]
        sc = best_plan(state, b)
        wanted = set()
        if sc is not None:
            wanted = {s.cls for s in sc.undone}
        drops.sort(key=lambda m: (CLASS_OF[m.kind] in wanted, m.kind))
        return drops[0] if drops else legal[0]

    def _lay_for_plan(self, sc: Scored | None, b: MasonBoard, kind: str, legal: list[Any]) -> Any:
        """The Lay that puts `kind` on an unfilled slot of the plan, or None."""
        if sc is None:
            return None
        occ = b.occupied()
        cls = STONE_KIND if kind == STONE_KIND else CLASS_OF[kind]
        for sl in sc.undone:
            if sl.cls != cls or sl.mask & occ:
                continue
            if kind == STONE_KIND:
                mv = Lay("", first_cell(sl.mask))
                if mv in legal:
                    return mv
                continue
            for p in PLACEMENTS[kind]:
                if p.mask == sl.mask:
                    mv = Lay(p.code, p.anchor)
                    if mv in legal:
                        return mv
        return None

    def _lay(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        state.boards[seat]
        kind = state.hand_kind
        sc, lay = self._plan_and_lay(state, seat, legal)
        if lay is not None:
            return lay
        # anywhere away from the plan's cells and their neighbours
        halo = sc.plan.halo if sc else 0
        for mv in legal:
            mask = (1 << mv.anchor) if kind == STONE_KIND else next(
                p.mask for p in PLACEMENTS[kind] if p.code == mv.code and p.anchor == mv.anchor)
            if not mask & halo:
                return mv
        return legal[-1]

    def _build(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        b = state.boards[seat]
        claims = [m for m in legal if isinstance(m, Claim)]
        if claims:
            return max(claims, key=lambda m: structure_worth(m.sid))
        sc = best_plan(state, b)
        if sc is None or b.coins < d.ACTION_COST:
            return END
        # clear pieces in the plan's way
        for i in sc.foreign:
            kind, mask = b.construction[i]
            cell = first_cell(mask)
            if Store(cell) in legal and (kind == STONE_KIND or b.reserve_blocks < d.RESERVE_BLOCKS):
                return Store(cell)
            return Scrap(cell)
        occ = b.occupied()
        # bring reserve pieces onto free plan slots
        for sl in sc.undone:
            if sl.mask & occ:
                continue
            if sl.cls == STONE_KIND:
                if b.stones and Take(STONE_KIND) in legal:
                    return Take(STONE_KIND)
                continue
            for i, t in enumerate(BLOCK_TYPES):
                if b.reserve[i] and CLASS_OF[t] == sl.cls and Take(t) in legal:
                    return Take(t)
        return END

    def _ability(self, state: SquareMasonsState, seat: int, legal: list[Any]) -> Any:
        b = state.boards[seat]
        if state.abilities[0] == "scrap":
            sc = best_plan(state, b)
            need = sc.need if sc else {}
            for m in legal:
                if isinstance(m, Buy) and need.get(CLASS_OF[m.kind], 0) > 0:
                    return m
            spare = b.stones - (sc.plan.stones if sc else 0)
            if spare > 0 and any(isinstance(m, Sell) for m in legal):
                return Sell()
            return SKIP
        if b.coins >= 5 or b.prestige + 1 >= d.WIN_PRESTIGE:
            return Donate()
        return SKIP
