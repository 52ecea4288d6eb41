"""Squire's heuristic bots. They read only their own view (other hands, the
deck and the supply are hidden there) and value everything in VP:

- a coin is worth about 0.45 VP while there are turns to spend it, 0.2 on the
  last turn (1 VP per 5 at the end); a ticket a little less;
- a turn is planned whole: every reachable city, buy or sell there, minus the
  common tickets the journey costs; then the bot walks the shortest path;
- rarities are valued for their VP, the gallery bonus of their best space
  (spaces on nearly complete floors and columns first),
  what they add to running errands and hand cards, and their exhibition
  synergy; exhibitions are chosen for own gain minus the others' awards.

`easy` plans only journeys on its Royal tickets, always plays offers and
exhibits what pays it most without looking at the others or at errands.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

from engine.core import Bot
from engine.memo import Memo
from engine.rng import Rng
from rulesets.squire import content as K
from rulesets.squire.content import ADJ, COLUMN_SPACES, EMPTY, FLOOR_SPACES
from rulesets.squire.content import TILE_COLOUR as TC
from rulesets.squire.content import TILE_VALUE as TV
from rulesets.squire.moves import (
    BUY,
    DONE,
    SELL,
    Drop,
    Errand,
    Go,
    Offer,
)
from rulesets.squire.state import SquireState

CARD_VALUE = 1.2
"""A fresh correspondence card, in VP (an offer of 2–3 coins, or an errand)."""
ROYAL_TICKET_VALUE = 1.5
ROYAL_COIN_VALUE = 2.0
FLOOR2_VALUE = 1.5
FILL_WEIGHT = 0.4
"""VP a gallery space is worth for each space already filled on its floor
and in its column (heuristic level): tiles gathered where a floor or column
is nearly complete. Was 0.05 until the review study (docs/review-mistakes.md):
0.4 won 67.5% of 400 games against it on tuning seeds."""
SYNERGY = {K.RED: 0.7, K.GREEN: 0.6, K.BLUE: 0.5, K.YELLOW: 0.3, K.PURPLE: 0.0}
"""Extra VP a rarity is worth for its exhibition links (heuristic level)."""


@dataclass
class _PlanMemo:
    """What planning one turn works out once and asks for again and again:
    the state does not change while the bot plans."""

    space: float | None = None
    """The best free gallery space's value (whatever the tile)."""
    gains: dict[int, float] | None = None
    """`_errand_gain` by tile: the `_GAINS` entry of the seat's board."""
    left: int | None = None
    """`_turns_left` of the seat planning."""
    errands: list[tuple[int, float]] | None = None
    """For `_errand_gain`: the errands and hand cards a tile can add to,
    with their weights."""
    cards: list[tuple[str, str, int, float]] | None = None
    """For `_offers`: per hand card with an offer, in hand order, its
    trigger, condition, condition's colour index (-1 for none) and what
    playing it is worth (the same wherever it is played)."""


_GAINS: Memo[dict[int, float]] = Memo(10_000)  # about a kB each: 10 MB at most
"""`_errand_gain` by what it reads of the seat (its gallery, errands and
hand), then by tile: shared by every plan and every bot, since a search's
playouts meet the same boards again and again (about 60% of the asks in
Squire's `deep` playouts are answered here)."""


_SPACES: Memo[float] = Memo(10_000)  # about 400 bytes each
"""The best free space's value (`_best_space`) by `_space_key`: shared
like `_GAINS` (about 80% of the asks in Squire's `deep` playouts are
answered here)."""


@lru_cache(maxsize=None)  # two maps of a few dozen cities
def _distances_from(map_key: str, start: int) -> dict[int, tuple[int, int]]:
    """City → (steps, first hop) by breadth-first search from `start` on
    map `map_key`, in the order the search reaches them (shared: never
    changed by a caller)."""
    adj = ADJ[map_key]
    dist = {start: (0, -1)}
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            d, hop = dist[c]
            for nb, _ in adj[c]:
                if nb not in dist:
                    dist[nb] = (d + 1, nb if d == 0 else hop)
                    nxt.append(nb)
        frontier = nxt
    return dist


class SquireBot(Bot):
    """The heuristic bot; `level` is 'easy' or 'heuristic'."""

    def __init__(self, seed: int = 0, level: str = "heuristic") -> None:
        self.rng = Rng(seed)
        self.level = level
        self.smart = level == "heuristic"
        self.fill_weight = FILL_WEIGHT
        self._memo = _PlanMemo()
        """What the turn being planned has worked out already (`_plan` starts a new one)."""

    # ------------------------------------------------------------ valuation
    def _turns_left(self, st: SquireState, seat: int) -> int:
        """My turns still to come, this one included."""
        left = len(st.supply) if st.trade is None else len(st.supply) + 1
        n = st.num_players
        k = (seat - st.seat) % n
        return 0 if left <= k else 1 + (left - 1 - k) // n

    def _coin(self, st: SquireState, seat: int, left: int | None = None) -> float:
        """A coin's worth in VP (`left`: `_turns_left`, where known)."""
        return 0.45 if (self._turns_left(st, seat) if left is None else left) > 1 else 0.2

    def _ticket(self, st: SquireState, seat: int, left: int | None = None) -> float:
        """A ticket's worth in VP (`left`: `_turns_left`, where known)."""
        return 0.35 if (self._turns_left(st, seat) if left is None else left) > 1 else 0.2

    def _planned_left(self, st: SquireState, seat: int) -> int:
        """`_turns_left` for the turn `_plan` plans (from its memo)."""
        memo = self._memo
        if memo.left is None:
            memo.left = self._turns_left(st, seat)
        return memo.left

    def _space_value(self, st: SquireState, seat: int, index: int,
                     fills: tuple[list[int], list[int], int] | None = None) -> float:
        """What putting a tile in space `index` gives besides the tile's VP
        (the same whatever the tile); `fills`: `_fills`, where known. It
        reads only what `_space_key` names."""
        p = st.players[seat]
        floors, cols, left = self._fills(st, seat) if fills is None else fills
        value = 0.0
        hall = K.HALLS.get(index)
        if hall:
            value += hall[1] * (self._coin(st, seat, left) if hall[0] == "coins" else self._ticket(st, seat, left))
        floor, col = divmod(index, 4)
        filled_floor = floors[floor]
        filled_col = cols[col]
        if filled_floor == 3:
            if floor == 1:
                value += FLOOR2_VALUE
            elif floor == 2 and st.tile_discard:
                value += max(TV[t] for t in st.tile_discard)
        if filled_col == 2:
            if col == 0 and st.bank_royal_tickets:
                value += ROYAL_TICKET_VALUE if left > 1 else 0.2
            elif col == 3 and st.bank_royal_coins:
                value += ROYAL_COIN_VALUE if left > 1 else 0.2
        if self.smart:
            value += self.fill_weight * (filled_floor + filled_col)
            # errands that count floors and columns
            if filled_floor == 3 or filled_col == 2:
                for c in p.errands:
                    card = K.CARD_BY_ID.get(c)
                    if card and card.errand == "floors" and filled_floor == 3:
                        value += 3
                    if card and card.errand == "columns" and filled_col == 2:
                        value += 2
        return value

    def _fills(self, st: SquireState, seat: int) -> tuple[list[int], list[int], int]:
        """The gallery's filled spaces per floor and per column, and my
        turns left (`_space_value`'s inputs shared by every space)."""
        g = st.players[seat].gallery
        floors = [sum(1 for i in spaces if g[i] >= 0) for spaces in FLOOR_SPACES]
        cols = [sum(1 for i in spaces if g[i] >= 0) for spaces in COLUMN_SPACES]
        return floors, cols, self._turns_left(st, seat)

    def _space_key(self, st: SquireState, seat: int) -> tuple[object, ...]:
        """Everything `_space_value` reads of the state and the bot, the
        key of `_SPACES` (a change to one is a change to the other): the
        gallery, the errands, the best discarded tile's VP, whether the
        Bank has royal tickets and coins, whether more turns follow this
        one, and the bot's kind and fill weight."""
        p = st.players[seat]
        best_discard = max(TV[t] for t in st.tile_discard) if st.tile_discard else None
        return (tuple(p.gallery), tuple(p.errands), best_discard, bool(st.bank_royal_tickets),
                bool(st.bank_royal_coins), self._turns_left(st, seat) > 1, self.smart, self.fill_weight)

    def _best_space(self, st: SquireState, seat: int) -> tuple[float, int]:
        """The best free space's value and index (the first of the best)."""
        p = st.players[seat]
        best = (-1.0, -1)
        fills = self._fills(st, seat)
        for i in range(12):
            if p.gallery[i] < 0:
                v = self._space_value(st, seat, i, fills)
                if v > best[0]:
                    best = (v, i)
        return best

    def _errand_gain(self, st: SquireState, seat: int, tile: int) -> float:
        """VP the tile adds to running errands (and, discounted, to hand
        cards). Asked only while `_plan` plans a turn (through
        `_tile_terms`): the cards weighed are the plan's memo's."""
        memo = self._memo
        if memo.errands is None:
            p = st.players[seat]
            cards = [(c, 1.0) for c in p.errands] + [(c, 0.3) for c in p.hand if c > 0]
            memo.errands = [(c, w) for c, w in cards if K.CARD_BY_ID[c].errand != "wealth"]
        weighed = memo.errands
        if not weighed:
            return 0.0
        space = st.players[seat].gallery.index(EMPTY)
        gain = st.errand_gain
        return sum(w * gain(c, seat, space, tile) for c, w in weighed)

    def _offers(self, st: SquireState, seat: int, city: int, buy: bool) -> float:
        """Coins and tickets the hand's offers would give on this trade
        (asked only while `_plan` plans a turn, through `_trade_value`)."""
        region = st.game_map.cities[city].region
        colour = TC[st.cities[city]]
        action = "buy" if buy else "sell"
        total = 0.0
        for trigger, cond, index, worth in self._offer_cards(st, seat):
            if trigger != "any" and trigger != action:
                continue
            if cond == "any" or (cond == "region" and index == region) or (cond == "type" and index == colour):
                total += worth
        return total

    def _offer_cards(self, st: SquireState, seat: int) -> list[tuple[str, str, int, float]]:
        """The plan memo's `cards`, worked out on first use."""
        memo = self._memo
        if memo.cards is None:
            left = self._planned_left(st, seat)
            memo.cards = []
            for c in st.players[seat].hand:
                card = K.CARD_BY_ID.get(c)
                if card is None:
                    continue
                unit = self._coin(st, seat, left) if card.reward == "coins" else self._ticket(st, seat, left)
                worth = max(0.0, card.amount * unit - (self._keep_value(st, seat, c) if self.smart else 0))
                index = K.COLOURS.index(card.colour) if card.cond in ("region", "type") else -1
                memo.cards.append((card.trigger, card.cond, index, worth))
        return memo.cards

    def _keep_value(self, st: SquireState, seat: int, card_id: int) -> float:
        """What keeping a card for its errand is worth now."""
        p = st.players[seat]
        if len(p.errands) >= st.errand_limit(seat) or self._turns_left(st, seat) <= 1:
            return 0.0
        return 0.6 * st.errand_points(card_id, seat) + 0.5

    def _tile_terms(self, st: SquireState, seat: int, tile: int) -> tuple[float, float]:
        """The best free gallery space's value and what the tile adds to
        errands (0 for `easy`), kept for the rest of the turn's plan."""
        memo = self._memo
        if memo.space is None:
            key = self._space_key(st, seat)
            space = _SPACES.get(key)
            memo.space = _SPACES.keep(key, self._best_space(st, seat)[0]) if space is None else space
        if not self.smart:
            return memo.space, 0.0
        if memo.gains is None:
            p = st.players[seat]
            key = (tuple(p.gallery), tuple(p.errands), tuple(p.hand))
            gains = _GAINS.get(key)
            memo.gains = _GAINS.keep(key, {}) if gains is None else gains
        gain = memo.gains.get(tile)
        if gain is None:
            gain = memo.gains[tile] = self._errand_gain(st, seat, tile)
        return memo.space, gain

    def _trade_value(self, st: SquireState, seat: int, city: int, buy: bool) -> float:
        """What buying or selling in `city` is worth now, in VP. Asked only
        while `_plan` plans a turn: it reads and fills that plan's memo."""
        p = st.players[seat]
        tile: int = st.cities[city]
        if tile < 0:
            return -99.0
        left = self._planned_left(st, seat)
        coin = self._coin(st, seat, left)
        if buy:
            price = st.price(seat, city, True)
            if EMPTY not in p.gallery or p.coins + p.royal_coins < price:
                return -99.0
            paid = max(0, price - p.royal_coins)
            space, gain = self._tile_terms(st, seat, tile)
            value = TV[tile] - paid * coin + space
            if self.smart:
                value += SYNERGY[TC[tile]] + gain
                # the last coins matter at the end only in fives
                if left <= 1:
                    value = TV[tile] + space + gain - (p.wealth() // 5 - (p.wealth() - paid) // 5)
        else:
            got = st.price(seat, city, False)
            if left <= 1:
                value = (p.wealth() + got) // 5 - p.wealth() // 5
            else:
                value = got * coin
                if self.smart and p.coins + p.royal_coins < 6:
                    value += 0.5  # cash to buy with next turn
        return value + self._offers(st, seat, city, buy)

    # ------------------------------------------------------------- planning
    def _distances(self, st: SquireState, seat: int) -> dict[int, tuple[int, int]]:
        """City → (steps, first hop) by breadth-first search from the pawn
        (the maps never change: shared, never to be changed by a caller)."""
        return _distances_from(st.map_key, st.players[seat].pos)

    def _plan(self, st: SquireState, seat: int, legal: list[Any]) -> Any:
        p = st.players[seat]
        self._memo = _PlanMemo()  # another state: nothing kept holds
        if p.pos < 0:  # first turn: the best city anywhere
            best = max(
                legal,
                key=lambda m: (max(self._trade_value(st, seat, m.city, True), self._trade_value(st, seat, m.city, False)), self.rng.random()),
            )
            return best
        options: list[tuple[float, float, Any]] = []
        here_ok = st.steps > 0 and p.pos != st.start
        if here_ok:
            for mv in (BUY, SELL):
                if mv in legal:
                    options.append((self._trade_value(st, seat, p.pos, mv.buy), self.rng.random(), mv))
        gos = {m.city for m in legal if isinstance(m, Go)}
        if gos:
            royal_left = p.royal_tickets - st.royal_used
            avail = royal_left + p.tickets
            if not self.smart:
                avail = min(avail, max(1, royal_left))
            ticket = self._ticket(st, seat)
            for city, (d, hop) in self._distances(st, seat).items():
                if d == 0 or d > avail or city == st.start or hop not in gos:
                    continue
                commons = max(0, d - royal_left)
                for buy in (True, False):
                    v = self._trade_value(st, seat, city, buy) - commons * ticket
                    options.append((v, self.rng.random(), (hop, city)))
        if not options:
            return self.rng.choice(legal)
        choice = max(options, key=itemgetter(0, 1))[2]  # by value, then draw: the first of the best, as a stable sort gave
        if isinstance(choice, tuple):
            hop, _ = choice
            return next(m for m in legal if isinstance(m, Go) and m.city == hop)
        return choice

    # --------------------------------------------------------------- choose
    def choose(self, state: Any, seat: int) -> Any:
        st: SquireState = state
        legal = st.legal(seat)
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return legal[0]
        ph = st.phase
        p = st.players[seat]
        if ph == "board":
            prefer = ("badger", "fox", "owl", "stag") if self.smart else ("fox", "badger", "stag", "owl")
            return min(legal, key=lambda m: prefer.index(K.BOARDS[m.board].key))
        if ph == "move":
            return self._plan(st, seat, legal)
        if ph == "offer":
            for m in legal:
                if isinstance(m, Offer) and (not self.smart or self._offer_worth(st, seat, m.card)):
                    return m
            return DONE
        if ph == "gallery":
            fills = self._fills(st, seat)
            return max(legal, key=lambda m: (self._space_value(st, seat, m.index, fills), -m.index))
        if ph == "salvage":
            return max(legal, key=lambda m: (m.value + (SYNERGY[m.colour] if self.smart else 0), -m.colour))
        if ph == "exhibit":
            return max(legal, key=lambda m: (self._exhibit_value(st, seat, m.colour), m.colour))
        if ph == "errand":
            errands = [m for m in legal if isinstance(m, Errand)]
            if errands:
                return max(errands, key=lambda m: (st.errand_points(m.card, seat), -m.card))
            return DONE
        if ph == "swap":
            runs = [m for m in legal if isinstance(m, Errand)]
            drops = [m for m in legal if isinstance(m, Drop)]
            best_run = max(runs, key=lambda m: (st.errand_points(m.card, seat), -m.card), default=None)
            if best_run is not None:  # an errand was given up: one must be run in its place
                return best_run
            if drops and p.hand:
                worst = min(drops, key=lambda m: st.errand_points(m.card, seat))
                best_hand = max(st.errand_points(c, seat) for c in p.hand)
                if best_hand > st.errand_points(worst.card, seat) + 1:
                    return worst
            return DONE
        return self.rng.choice(legal)

    def _offer_worth(self, st: SquireState, seat: int, card_id: int) -> bool:
        card = K.CARD_BY_ID[card_id]
        unit = self._coin(st, seat) if card.reward == "coins" else self._ticket(st, seat)
        return card.amount * unit >= self._keep_value(st, seat, card_id)

    def _exhibit_value(self, st: SquireState, seat: int, colour: int) -> float:
        p = st.players[seat]
        n = st.num_players
        others = [o for o in range(n) if o != seat and st.players[o].count(colour)]
        weight = (1.0 / (n - 1)) if self.smart else 0.0
        coin, ticket = self._coin(st, seat), self._ticket(st, seat)
        if colour == K.RED:
            room = min(st.hand_limit(seat) - len(p.hand), len(st.deck))
            own = max(0, room) * CARD_VALUE
            theirs = sum(CARD_VALUE for o in others if len(st.players[o].hand) < st.hand_limit(o))
        elif colour == K.BLUE:
            own = (2 + p.count(K.BLUE)) * coin
            theirs = 2 * coin * len(others)
        elif colour == K.YELLOW:
            own = (1 + p.count(K.YELLOW)) * ticket
            theirs = ticket * len(others)
        else:
            if not self.smart:
                return -1.0
            own = 0.0
            if p.hand and len(p.errands) < st.errand_limit(seat):
                own = max(st.errand_points(c, seat) for c in p.hand) + 0.5 * max(0, self._turns_left(st, seat) - 1) * 0.3
            theirs = 1.0 * sum(1 for o in others if st.players[o].hand and st.players[o].errands)
        return own - weight * theirs
