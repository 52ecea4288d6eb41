"""The Square Masons position: its fields and the engine's contract (see
RULES.md).

A round is: the first player's direction, the draft (5 sealed simultaneous
picks), x2 pairings, the rewards (money and the Order, Stone and Market
majorities), the Market holder's offer, the sealed auction, then each player's
build turn in turn order, ending with their town abilities.

Where the rest is: each phase's moves are played in `phases/` (one module
a phase, `_HANDLERS` below names the handler per move type); the legal moves
and the direct check per move type in movegen.py; one player's board in
board.py; notation in moves.py; shapes in geometry.py; data in content.py;
words in words.py and position.py; the picture in text_board.py; sampling in
sampling.py; the evaluation in evaluation.py and plans.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from engine.bits import bits_of as cells_of
from engine.core import TIE_BREAK_SUFFIX, Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_name
from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN
from engine.rng import Rng
from rulesets.square_masons import content as d
from rulesets.square_masons import movegen, words
from rulesets.square_masons.board import MasonBoard
from rulesets.square_masons.content import BLOCK_TYPES, CARD_TYPES
from rulesets.square_masons.geometry import PLACEMENT_AT, cell_name, first_cell
from rulesets.square_masons.movegen import CHECKS
from rulesets.square_masons.moves import (
    Bid,
    Buy,
    Claim,
    Direction,
    Donate,
    Drop,
    End,
    Lay,
    Offer,
    Pair,
    Pick,
    Relocate,
    Scrap,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    Tie,
    ToReserve,
    format_move,
    parse_text,
)
from rulesets.square_masons.phases import auction, build, draft, rewards

TIE_BREAK = "money " + TIE_BREAK_SUFFIX
"""The outcome breakdown's part that is not prestige: the coins that break ties."""
PHASES = ("direction", "draft", "pair", "tie", "market", "auction", "auction_tie",
          "place_won", "build", "lay", "ability", "over")
"""Every phase a state can be in."""


@dataclass
class SquareMasonsState(GameState):
    """A Square Masons position (see the module docstring for the flow)."""

    position_words = "rulesets.square_masons.position"

    hidden_information = True  # hands, decks and sealed choices: each seat sees its view()

    rules_version = 3  # the newest (the ruleset's `version`); RULES.md, "Version history"
    num_players: int = 3
    round_limit: int = d.ROUND_LIMIT
    """The game ends after this round even if nobody has 13 prestige (0: no limit)."""
    quiet_rounds: int = 0
    """Rounds in a row, up to the last one ended, in which nobody gained prestige."""
    prestige_seen: int = 0
    """All players' prestige together at the end of the last round."""
    rng: Rng | None = field(default_factory=Rng)
    """All chance: the draft shuffles (and the sanctuaries at setup); None in a view."""
    boards: list[MasonBoard] = field(default_factory=list)
    supply: list[int] = field(default_factory=lambda: [d.BLOCKS_PER_TYPE] * 7)
    """Blocks in the supply, per type."""
    stone_supply: int = d.STONES
    bank: int = d.BANK_COINS
    """Coins in the bank (the box's coins not held by players)."""
    prestige_tokens: int = d.PRESTIGE_TOKENS
    town_supply: list[int] = field(default_factory=lambda: [0] * 4)
    """Town cards left, per type."""
    sanctuaries: list[str] = field(default_factory=list)
    """Sanctuaries drawn for this game (claimed ones stay listed; see owners)."""
    round: int = 1
    first: int = 0
    """The first player of this round."""
    way: int = 1
    """Direction of the round: +1 clockwise (to the next higher seat), -1 counter-clockwise."""
    phase: str = "direction"
    actor: int = 0
    """The seat to act in single-seat phases."""
    pick_no: int = 0
    """Which of the 5 picks the draft is at (1-based)."""
    discard: list[Any] = field(default_factory=list)
    """This round's face-down discards (card codes)."""
    order_holder: int | None = None
    prior_order: int | None = None
    """Who held the Order when this draft began: decides the draft's ties."""
    market_holder: int | None = None
    pair_queue: list[int] = field(default_factory=list)
    """Seats still to pair their x2 cards, in turn order (the first is acting)."""
    reward_stage: int = 0
    """0 Order, 1 Stone, 2 Market: the majority being settled."""
    tie_kind: str = ""
    """What the pending tie is for: 'order', 'stone', 'market' or 'space2'."""
    tie_seats: tuple[int, ...] = ()
    offer: list[int] = field(default_factory=list)
    """Block types on the auction spaces (space k = offer[k-1])."""
    sold: list[int | None] = field(default_factory=list)
    """Per auction space: the seat that bought it, or None."""
    revealed: list[tuple[int, int] | None] = field(default_factory=list)
    """The last auction's revealed (space, bid) per seat, for display."""
    space_no: int = 0
    """The auction space being settled (1-based)."""
    build_order: list[int] = field(default_factory=list)
    build_index: int = 0
    hand_kind: str = ""
    """The piece being laid (block letter or 'stone'), in the 'lay' and 'place_won' phases."""
    abilities: list[str] = field(default_factory=list)
    """The acting builder's town abilities still to run, in order."""
    end_reason: str = ""

    # ----------------------------------------------------------------- queries
    def turn_order(self) -> list[int]:
        """This round's seats in turn order, from the first player."""
        n = self.num_players
        return [(self.first + i * self.way) % n for i in range(n)]

    def to_act(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == "over":
            return ()
        if ph == "draft":
            return tuple([s for s, b in enumerate(self.boards) if b.pick is None])
        if ph == "auction":
            return tuple([s for s, b in enumerate(self.boards) if b.bid is None])
        return (self.actor,)

    def acts(self, seat: int) -> bool:
        """Whether `seat` is to act now (`seat in to_act()`, without
        building the tuple: asked at every ply of a playout)."""
        if type(seat) is not int or not 0 <= seat < len(self.boards):
            return seat in self.to_act()
        ph = self.phase
        if ph == "draft":
            return self.boards[seat].pick is None
        if ph == "auction":
            return self.boards[seat].bid is None
        return ph != "over" and seat == self.actor

    def is_over(self) -> bool:
        return self.phase == "over"  # without building the outcome

    def why_illegal(self, seat: int, move: Any) -> str | None:
        # the common case first (a full state, the seat to act, a legal
        # move); anything else takes the engine's full path and its reasons
        if not self.is_view and type(seat) is int and 0 <= seat < len(self.boards) and self.phase != "over":
            b = self.boards[seat]
            check = CHECKS.get(type(move))
            if check is not None and self.acts(seat) and check(self, b, move):
                return None
        return super().why_illegal(seat, move)

    def prompt(self, seat: int) -> str:
        return words.prompt(self, seat)

    def legal(self, seat: int) -> list[Any]:
        return movegen.legal(self, seat)

    def claimable(self, b: MasonBoard) -> list[tuple[str, list[int]]]:
        """(structure id, piece indices) for each structure `b` may claim now."""
        return movegen.claimable(self, b)

    def open_structures(self) -> list[str]:
        """The structures still to claim, in the cards' order: each town
        while one is left in the supply, then the sanctuaries in play that
        nobody owns yet."""
        out = [t.id for i, t in enumerate(d.TOWNS) if self.town_supply[i]]
        return out + [sid for sid in self.sanctuaries if self.sanctuary_owner(sid) is None]

    def max_bid(self, seat: int) -> int:
        """The highest bid `seat` may seal now: every coin it has."""
        return self.boards[seat].coins

    def standings(self) -> list[int]:
        """Seats from first to last by the outcome's ranks (prestige, then
        money); before the end, by the same keys."""
        ranks = ranks_from_keys(self._rank_keys())
        return sorted(range(len(self.boards)), key=lambda s: (ranks[s], s))

    @staticmethod
    def auction_rule() -> str:
        """How a space of the auction is settled, in a sentence."""
        return words.AUCTION_RULE

    def sanctuary_owner(self, sid: str) -> int | None:
        """The seat that claimed sanctuary `sid`, or None."""
        for s, b in enumerate(self.boards):
            if sid in b.sanctuaries:
                return s
        return None

    def unsold(self) -> list[int]:
        """Block types on auction spaces nobody bought (until the round ends)."""
        return [t for t, who in zip(self.offer, self.sold) if who is None]

    def offer_size(self) -> int:
        """How many blocks the Market holder puts up for auction."""
        return min(self.num_players - 1, sum(self.supply))

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = tuple(b.prestige for b in self.boards)
        breakdown = tuple(
            {
                "towns": d.TOWN_PRESTIGE * sum(b.towns),
                "sanctuaries": d.SANCTUARY_PRESTIGE * len(b.sanctuaries),
                "donations": b.donations,
            } | ({TIE_BREAK: b.coins} if self.rules_version >= 3 else {})  # version 1–2: not in the breakdown
            for b in self.boards
        )
        ranks = ranks_from_keys(self._rank_keys())
        return Outcome(scores, ranks, breakdown, self.end_reason)

    def _rank_keys(self) -> list[tuple[int, int]]:
        """Each seat's ranking key: prestige, then money."""
        return [(b.prestige, b.coins) for b in self.boards]

    # ---------------------------------------------------------------- changes
    def step(self, seat: int, move: Any) -> list[Event]:
        return _HANDLERS[type(move)](self, seat, move)

    def not_to_act_reason(self, seat: int) -> str:
        if self.phase in ("draft", "auction") and 0 <= seat < self.num_players:
            return f"{seat_name(seat)} has already chosen; waiting for the others"
        return f"it is not {seat_name(seat)}'s turn"

    # ------------------------------------------------------------ the contract
    def clone(self) -> "SquareMasonsState":
        c = copy_with_lists(self, ("supply", "town_supply", "sanctuaries", "discard", "pair_queue", "offer", "sold",
                                   "revealed", "build_order", "abilities"))
        c.rng = self.rng.copy() if self.rng is not None else None
        c.boards = [b.clone() for b in self.boards]
        return c

    def view(self, seat: int | None) -> "SquareMasonsState":
        c = self.clone()
        c.is_view, c.view_seat = True, seat
        c.rng = None  # a view cannot deal: the deck's future order is nobody's business
        c.discard = [HIDDEN] * len(self.discard)
        for s, b in enumerate(c.boards):
            if s == seat:
                continue
            b.hand = [HIDDEN] * len(b.hand)
            if b.pick is not None:
                b.pick = HIDDEN
            b.face_down = [HIDDEN] * len(b.face_down)
            if b.bid is not None:
                b.bid = HIDDEN
        return c

    def determinize(self, observer: int | None, rng: Rng) -> "SquareMasonsState":
        from rulesets.square_masons.sampling import determinize

        return determinize(self, observer, rng)

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        return words.describe_move(self, move, self._mover(seat))

    def is_sealed(self, seat: int, move: Any) -> bool:
        return type(move) in (Pick, Bid)

    def evaluate(self, seat: int) -> float | None:
        from rulesets.square_masons.evaluation import position_value

        return position_value(self, seat)

    def evaluate_all(self) -> list[float]:
        from rulesets.square_masons.evaluation import position_values

        return position_values(self)

    def _mover(self, seat: int | None) -> int:
        """`seat`, or by default the seat to act (the view's own seat first)."""
        if seat is not None:
            return seat
        acting = self.to_act()
        if self.is_view and self.view_seat in acting:
            return self.view_seat
        return acting[0] if acting else self.actor

    def format_move(self, move: Any) -> str:
        return format_move(move)

    def parse_text(self, text: str) -> Any:
        return parse_text(text)

    def canonical_move(self, move: Any, seat: int) -> Any:
        if type(move) in (Relocate, Store, Scrap, Swap) and self.phase in ("build", "place_won"):
            i = self.boards[seat].piece_at(move.cell)  # a piece is named by any cell it covers
            if i is None:
                raise IllegalMoveError(f"there is no piece on {cell_name(move.cell)} in your construction zone")
            move = replace(move, cell=first_cell(self.boards[seat].construction[i][1]))
        if type(move) is Lay and move.code and self.hand_kind in PLACEMENT_AT:
            p = PLACEMENT_AT[self.hand_kind].get((move.code, move.anchor))
            if p is not None:
                move = Lay(p.code, p.anchor)
        return move

    def is_legal(self, seat: int, move: Any) -> bool:
        if self.is_view:
            self.require_visible(seat)
        check = CHECKS.get(type(move))
        if check is None:
            return move in self.legal(seat)
        return check(self, self.boards[seat], move)

    def explain_illegal(self, seat: int, move: Any) -> str:
        """Why a well-formed move is not legal, in a player's words."""
        return words.explain_illegal(self, seat, move)

    def snapshot(self) -> dict[str, Any]:
        def card(c: int) -> str:
            return "?" if c == HIDDEN else CARD_TYPES[c]

        def choice(x: Any) -> Any:
            if x is None:
                return None
            if x == HIDDEN:
                return "?"
            return x if isinstance(x, int) else list(x)

        boards = []
        for b in self.boards:
            boards.append({
                "coins": b.coins,
                "stones": b.stones,
                "reserve": "".join(t * n for t, n in zip(BLOCK_TYPES, b.reserve)),
                "construction": [
                    {"kind": k, "cells": [cell_name(c) for c in cells_of(m)]} for k, m in b.construction
                ],
                "towns": {s.id: n for s, n in zip(d.TOWNS, b.towns) if n},
                "sanctuaries": list(b.sanctuaries),
                "donations": b.donations,
                "prestige": b.prestige,
                "hand": [card(c) for c in b.hand],
                "drafted": {CARD_TYPES[i]: n for i, n in enumerate(b.drafted) if n},
                "face_down": [card(c) for c in b.face_down],
                "pick": None if b.pick is None else card(b.pick),
                "doubled": b.doubled,
                "bid": choice(b.bid),
                "won": None if b.won is None else BLOCK_TYPES[b.won],
                "lost": b.lost,
                "lost_paid": b.lost_paid,
            })
        return {
            "round": self.round,
            "round_limit": self.round_limit,
            "quiet_rounds": self.quiet_rounds,
            "prestige_seen": self.prestige_seen,
            "phase": self.phase,
            "first": self.first + 1,
            "direction": "cw" if self.way == 1 else "ccw",
            "to_act": [s + 1 for s in self.to_act()],
            "pick": self.pick_no,
            "order_holder": None if self.order_holder is None else self.order_holder + 1,
            "prior_order": None if self.prior_order is None else self.prior_order + 1,
            "market_holder": None if self.market_holder is None else self.market_holder + 1,
            "supply": "".join(t * n for t, n in zip(BLOCK_TYPES, self.supply)),
            "stone_supply": self.stone_supply,
            "bank": self.bank,
            "prestige_tokens": self.prestige_tokens,
            "town_supply": {s.id: n for s, n in zip(d.TOWNS, self.town_supply)},
            "sanctuaries": {sid: (None if (o := self.sanctuary_owner(sid)) is None else o + 1)
                            for sid in self.sanctuaries},
            "discard": [card(c) for c in self.discard],
            "offer": "".join(BLOCK_TYPES[t] for t in self.offer),
            "sold": [None if w is None else w + 1 for w in self.sold],
            "revealed": [choice(x) for x in self.revealed],
            "tie": {"for": self.tie_kind, "seats": [s + 1 for s in self.tie_seats]} if self.phase in ("tie", "auction_tie") else None,
            "pair_queue": [s + 1 for s in self.pair_queue],
            "build_order": [s + 1 for s in self.build_order],
            "hand_piece": self.hand_kind,
            "abilities": list(self.abilities),
            "boards": boards,
            "rng": None if self.rng is None else self.rng.state,
            "end": self.end_reason,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.square_masons.text_board import render_text

        return render_text(self, seat, names)


_HANDLERS: dict[type, Callable[[SquareMasonsState, int, Any], list[Event]]] = {
    Direction: draft.direction,
    Pick: draft.pick,
    Pair: draft.pair,
    Tie: rewards.tie,
    Offer: auction.offer,
    Bid: auction.bid,
    Lay: build.lay,
    ToReserve: build.to_reserve,
    Relocate: build.relocate,
    Store: build.store,
    Scrap: build.scrap,
    Take: build.take,
    Swap: build.swap,
    Drop: build.drop,
    Claim: build.claim,
    End: build.end,
    Sell: build.sell,
    Buy: build.buy,
    Donate: build.donate,
    Skip: build.skip,
}
"""Per move type, the phase's function that plays it."""


def new_state(players: int, seed: int, round_limit: int = d.ROUND_LIMIT) -> SquareMasonsState:
    """The starting position: coins, town cards and the drawn sanctuaries."""
    if not 3 <= players <= 5:
        raise ValueError("Square Masons is for 3–5 players")
    rng = Rng(seed)
    drawn = [s.id for s in d.SANCTUARIES]
    rng.shuffle(drawn)
    st = SquareMasonsState(
        num_players=players,
        round_limit=round_limit,
        rng=rng,
        boards=[MasonBoard() for _ in range(players)],
        town_supply=[players] * 4,
        sanctuaries=sorted(drawn[:players], key=[s.id for s in d.SANCTUARIES].index),
    )
    st.bank -= players * d.START_COINS
    st.phase = "direction"
    st.actor = 0
    return st
