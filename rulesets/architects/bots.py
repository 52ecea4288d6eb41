"""Architects' bots. Both read only their own view.

- `auto` follows the rulebook's "Automatic Game Play" procedure, its nine
  steps in order, random where it says random (see RULES.md);
- `heuristic` values a position as architect funds plus a share of the
  client's funds (money it may still pay the architect), looks ahead on its
  own maze a few steps with the flags as they stand and the cards in its
  hand, and plays each move
  that raises that value most against the best opponent, on a sampled
  (determinized) state.
"""
from __future__ import annotations

from typing import Any

from engine.core import Bot
from engine.hidden import is_hidden
from engine.rng import Rng
from rulesets.architects import content as K
from rulesets.architects.board import BOARDS
from rulesets.architects.evaluation import CLIENT_SHARE, CLIENT_SHARE_END, position_value
from rulesets.architects.moves import END, STAY, Bid, Discard, Group, Jump, Pair, Single, Step
from rulesets.architects.state import ArchitectsState

LOOKAHEAD = 3
"""Steps the heuristic looks ahead on its own maze."""
LOOKAHEAD_WEIGHT = 0.5
"""How much of the best look-ahead walk's value counts now."""

GOOD_SINGLES = (1, 2, 3, 4)
"""Auto step 1: the cards whose single play is an advantage (the client gains)."""
BAD_PAIRS = (5, 6, 7, 8, 12, 13, 14, 15)
"""Auto step 4: pairs with a negative effect on the opponent (their architect pays)."""


class AutoBot(Bot):
    """The rulebook's Automatic Game Play, one decision at a time."""

    def __init__(self, seed: int = 0, level: str = "auto") -> None:
        self.rng = Rng(seed)
        self.level = level

    def choose(self, state: Any, seat: int) -> Any:
        st: ArchitectsState = state
        legal = st.legal(seat)
        if st.phase == "auction":  # boards at random, the maximum bid
            b = self.rng.choice(st.open_boards)
            return Bid(b, BOARDS[b].max_bid)
        if st.phase == "jump":
            jumps = [m for m in legal if isinstance(m, Jump)]
            board = st.board_of(seat)
            return max(jumps, key=lambda m: board.values[board.index(m.to)]) if jumps else STAY
        move = self._procedure(st, seat, legal)
        return move if move in legal else self.rng.choice(legal)

    def _procedure(self, st: ArchitectsState, seat: int, legal: list[Any]) -> Any:
        if not st.moved:  # steps 1–3
            good: dict[int, list[Any]] = {}
            for m in legal:
                if isinstance(m, Single) and K.card_number(m.card) in GOOD_SINGLES:
                    good.setdefault(m.card, []).append(m)
            if good:
                card = self.rng.choice(sorted(good))
                return self.rng.choice(good[card])
            steps = [m for m in legal if isinstance(m, Step)]
            board = st.board_of(seat)
            here = st.players[seat].pos
            forward = [m for m in steps if (link := board.link(here, board.index(m.to))) is not None and link.forward]
            if forward:
                return max(forward, key=lambda m: (self._gain(st, seat, m), m.to))
            if steps:
                return self.rng.choice(steps)
            moving = [m for m in legal if isinstance(m, Single)]
            if moving:
                return self.rng.choice(moving)
        later = st.three_used or st.four_used or st.five_used
        if not later:  # step 4: negative pairs on opponents
            pairs = [m for m in legal if isinstance(m, Pair) and m.path  # an opponent able to obey
                     and K.card_number(m.cards[0]) in BAD_PAIRS]
            if pairs:
                return self.rng.choice(pairs)
        groups = [m for m in legal if isinstance(m, Group)]
        if not (st.four_used or st.five_used):  # step 5: activate colored spaces
            spaces = [m for m in groups if m.effect in ("sb", "sg", "sr", "sk") and m.effect not in st.flags]
            if spaces and not st.three_used:
                return self.rng.choice(spaces)
        if not st.five_used:  # step 6: open areas not yet open
            areas = [m for m in groups if m.effect in K.AREA_EFFECTS and m.effect not in st.flags]
            if areas:
                return self.rng.choice(areas)
            fives = [m for m in groups if m.effect in ("run", "sw")]  # step 7
            if fives:
                return self.rng.choice(fives)
        if not st.played and not st.discarded and st.players[seat].hand:  # step 8
            return self.rng.choice([m for m in legal if isinstance(m, Discard)])
        return END  # step 9: the hand was refilled after each play

    @staticmethod
    def _gain(st: ArchitectsState, seat: int, move: Step) -> int:
        board = st.board_of(seat)
        funds, _ = st.simulate(seat, (board.index(move.to),), None)
        return -10**6 if funds is None else funds[1] - st.players[seat].funds


def walk_value(st: ArchitectsState, seat: int, depth: int = LOOKAHEAD) -> float:
    """The best value a walk of up to `depth` plain steps adds (flags as they
    stand; reaching F ends the walk and forfeits the client's share); its
    first move may instead be the movement of a card in hand (a 10 or 11
    counting as its whole path)."""
    p = st.players[seat]
    if p.status != "playing" or p.board < 0:
        return 0.0
    board = BOARDS[p.board]
    share = CLIENT_SHARE_END if st.endgame else CLIENT_SHARE

    def value_of(c: int, a: int, got: tuple[int, int, int], to: int) -> float:
        gain = (got[1] - a) + share * (got[0] - c)
        return gain - share * got[0] if to == board.finish else gain

    def go(here: int, c: int, a: int, bank: int, left: int, seen: frozenset[int]) -> float:
        best = 0.0
        if left == 0:
            return best
        for link in board.links[here]:
            if link.to in seen or not st.can_enter(board, here, link):
                continue
            got = st.settle((c, a, bank), st.step_transfers(board, here, link))
            if got is None:
                continue
            value = value_of(c, a, got, link.to)
            if link.to != board.finish:
                value += go(link.to, got[0], got[1], got[2], left - 1, seen | {link.to})
            best = max(best, value)
        return best

    best = go(p.pos, p.client, p.funds, st.bank, depth, frozenset((p.pos,)))
    for card in set(p.hand):
        if is_hidden(card):
            continue
        text = st.single_text(card)
        for path in st.card_paths(seat, text):
            got, _ = st.simulate(seat, path, text)
            if got is None:
                continue
            to = path[-1]
            value = value_of(p.client, p.funds, got, to)
            if to != board.finish:
                value += go(to, got[0], got[1], got[2], depth - 1, frozenset((p.pos,) + path))
            best = max(best, value)
    return best


class HeuristicBot(Bot):
    """One-move greedy search on a determinized state, valued with a look-ahead
    on its own maze."""

    def __init__(self, seed: int = 0, level: str = "heuristic") -> None:
        self.rng = Rng(seed)
        self.level = level

    def choose(self, state: Any, seat: int) -> Any:
        view: ArchitectsState = state
        legal = view.legal(seat)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "auction":
            return self._bid(view, legal)
        st = view.determinize(seat, self.rng) if view.is_view else view
        best, best_value = legal[0], float("-inf")
        for move in legal:
            value = self._value_after(st, seat, move)
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best

    def _bid(self, st: ArchitectsState, legal: list[Any]) -> Any:
        """The maximum bid on the open board with the largest maximum."""
        b = max(st.open_boards, key=lambda i: (BOARDS[i].max_bid, -i))
        return Bid(b, BOARDS[b].max_bid)

    def _value_after(self, st: ArchitectsState, seat: int, move: Any) -> float:
        c = st.clone()
        c.apply_trusted(seat, move)
        mine = position_value(c, seat) + LOOKAHEAD_WEIGHT * walk_value(c, seat)
        others = [position_value(c, s) for s in range(c.num_players) if s != seat]
        value = mine - 0.5 * max(others)
        if isinstance(move, Discard):
            value -= 0.01 * _card_worth(move.card)
        if move == END and not c.endgame:
            value -= 0.001
        return value


def _card_worth(card: int) -> float:
    """Keep cards that gain (1–4), move far (10, 11) or toggle (9)."""
    n = K.card_number(card)
    return 3.0 if n in (1, 2, 3, 4) else 2.0 if n in (9, 10, 11) else 0.0
