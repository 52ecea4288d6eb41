"""The auction: the Market holder's offer, the sealed bids, then each
space settled in order (top bid wins and pays it, the others pay half)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.words import plural
from rulesets.square_masons import content as d
from rulesets.square_masons.choices import offer_options
from rulesets.square_masons.content import BLOCK_INDEX, BLOCK_TYPES
from rulesets.square_masons.moves import Bid, Offer
from rulesets.square_masons.phases.bank import charge, pay
from rulesets.square_masons.phases.build import start_build_turn
from rulesets.square_masons.words import P, sealed_bid_words

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState


def start_market(st: SquareMasonsState) -> list[Event]:
    k = st.offer_size()
    chooser = st.market_holder if st.market_holder is not None else st.first
    opts = offer_options(st.supply, k)
    if len(opts) == 1:
        return set_offer(st, chooser, opts[0])
    st.phase = "market"
    st.actor = chooser
    return []


def set_offer(st: SquareMasonsState, seat: int, blocks: str) -> list[Event]:
    st.offer = [BLOCK_INDEX[ch] for ch in blocks]
    st.sold = [None] * len(st.offer)
    for t in st.offer:
        st.supply[t] -= 1
    st.phase = "auction"
    if not blocks:
        return [Event("The supply is empty: no block is on offer")]
    spaces = ", ".join(f"{i + 1}:{ch}" for i, ch in enumerate(blocks))
    return [Event(f"{P(seat)} puts up for auction {spaces}")]


def offer(st: SquareMasonsState, seat: int, move: Offer) -> list[Event]:
    return set_offer(st, seat, move.blocks)


def bid(st: SquareMasonsState, seat: int, move: Bid) -> list[Event]:
    st.boards[seat].bid = (move.space, move.amount)
    events = [Event(f"{P(seat)} has chosen"), Event(f"You {sealed_bid_words(st, move)}", private_to=seat)]
    if any(b.bid is None for b in st.boards):
        return events
    st.revealed = [b.bid for b in st.boards]
    shown = []
    for s, b in enumerate(st.boards):
        sp, amt = b.bid
        shown.append(f"{P(s)} withdraws" if sp == 0 else
                     f"{P(s)} bids {plural(amt, 'coin')} on space {sp} (the {BLOCK_TYPES[st.offer[sp - 1]]} block)")
    events.append(Event("Auction revealed: " + "; ".join(shown)))
    st.space_no = 1
    return events + settle_auction(st)


def settle_auction(st: SquareMasonsState) -> list[Event]:
    events: list[Event] = []
    while st.space_no <= len(st.offer):
        sp = st.space_no
        bids = [(s, b.bid[1]) for s, b in enumerate(st.boards) if b.bid and b.bid[0] == sp]
        if bids:
            top = max(a for _, a in bids)
            cands = [s for s in st.turn_order() if (s, top) in bids]
            if len(cands) > 1 and st.order_holder is not None:
                st.phase = "auction_tie"
                st.actor = st.order_holder
                st.tie_kind = f"space {sp}"
                st.tie_seats = tuple(sorted(cands))
                return events + [Event(f"Tie on space {sp}: {P(st.order_holder)} decides")]
            events += sell_space(st, sp, cands[0])
        st.space_no += 1
    for s, b in enumerate(st.boards):
        if b.bid and b.bid[0] == 0:
            got = pay(st, s, d.WITHDRAW_COINS)
            events.append(Event(f"{P(s)} withdrew and gains {plural(got, 'coin')}"))
    for b in st.boards:
        b.bid = None
    st.build_order = st.turn_order()
    st.build_index = 0
    return events + start_build_turn(st)


def sell_space(st: SquareMasonsState, sp: int, winner: int) -> list[Event]:
    t = st.offer[sp - 1]
    events = []
    for s, b in enumerate(st.boards):
        if not (b.bid and b.bid[0] == sp):
            continue
        amt = b.bid[1]
        if s == winner:
            charge(st, s, amt)
            b.won = t
            st.sold[sp - 1] = s
            events.append(Event(f"{P(s)} wins the {BLOCK_TYPES[t]} block for {plural(amt, 'coin')}"))
        else:
            half = (amt + 1) // 2
            charge(st, s, half)
            b.lost, b.lost_paid = True, half
            events.append(Event(f"{P(s)} is outbid on space {sp} and pays {plural(half, 'coin')}"))
    return events

