"""The rewards: money cards pay, then the Order, Stone and Market
majorities are settled in that order; a tie is given by the Order holder
(`tie`, which also gives an auction space's tie)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from rulesets.square_masons.content import MARKET, MONEY, ORDER, STONE
from rulesets.square_masons.moves import Tie
from rulesets.square_masons.phases.auction import sell_space, settle_auction, start_market
from rulesets.square_masons.phases.bank import pay
from rulesets.square_masons.words import P

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState


def start_rewards(st: SquareMasonsState) -> list[Event]:
    events = []
    st.prior_order = st.order_holder
    for s, b in enumerate(st.boards):
        coins = b.effective(MONEY)
        if coins:
            got = pay(st, s, coins)
            events.append(Event(f"{P(s)} earns {got} coin{'s' if got != 1 else ''} from money cards"))
    st.reward_stage = 0
    return events + next_reward(st)


def next_reward(st: SquareMasonsState) -> list[Event]:
    events: list[Event] = []
    kinds = (("order", ORDER), ("stone", STONE), ("market", MARKET))
    while st.reward_stage < 3:
        name, card = kinds[st.reward_stage]
        counts = [b.effective(card) for b in st.boards]
        top = max(counts)
        if top == 0:
            events.append(Event(f"Nobody drafted {name} cards: the {name} reward stays as it was"))
            st.reward_stage += 1
            continue
        cands = tuple(s for s in st.turn_order() if counts[s] == top)
        if len(cands) > 1:
            # version 1–2: the Order holder at the time of the tie (the order reward may have moved it)
            decider = st.prior_order if st.rules_version >= 3 else st.order_holder
            if decider is not None:
                st.phase = "tie"
                st.tie_kind = name
                st.tie_seats = tuple(sorted(cands))
                st.actor = decider
                return events + [Event(f"Tie for the {name} reward: {P(decider)} decides")]
            if name == "order":  # no holder yet: least money, then turn order from the first player
                least = min(st.boards[s].coins for s in cands)
                cands = tuple(s for s in cands if st.boards[s].coins == least)
        events += award(st, name, cands[0])
        st.reward_stage += 1
    return events + start_market(st)


def award(st: SquareMasonsState, name: str, seat: int) -> list[Event]:
    if name == "order":
        st.order_holder = seat
        return [Event(f"{P(seat)} takes the Square Mason's Order")]
    if name == "market":
        st.market_holder = seat
        return [Event(f"{P(seat)} takes the Market Selection")]
    if st.stone_supply:
        st.stone_supply -= 1
        st.boards[seat].stones += 1
        return [Event(f"{P(seat)} wins the stone majority and gains a stone")]
    return [Event(f"{P(seat)} wins the stone majority, but no stone is left")]


def tie(st: SquareMasonsState, seat: int, move: Tie) -> list[Event]:
    events = [Event(f"{P(seat)} gives the tie to {P(move.seat)}")]
    if st.phase == "tie":
        events += award(st, st.tie_kind, move.seat)
        st.reward_stage += 1
        return events + next_reward(st)
    events += sell_space(st, st.space_no, move.seat)
    st.space_no += 1
    return events + settle_auction(st)

