"""The build phase: each player's turn in turn order (lay a won block or
store it, then paid and free actions, claims, the end of the turn), then
the builder's town abilities (Scrapyard, Donation Center, Bank, Quarry)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.words import plural
from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_INDEX, BLOCK_TYPES
from rulesets.square_masons.geometry import PLACEMENT_AT, cell_name
from rulesets.square_masons.movegen import ability_moves
from rulesets.square_masons.moves import (
    STONE_KIND,
    Buy,
    Claim,
    Donate,
    Drop,
    End,
    Lay,
    Relocate,
    Scrap,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    ToReserve,
)
from rulesets.square_masons.phases.bank import charge, pay
from rulesets.square_masons.phases.round_end import check_win, end_round
from rulesets.square_masons.words import ORIENT_WORDS, P, piece_name

if TYPE_CHECKING:
    from rulesets.square_masons.board import MasonBoard
    from rulesets.square_masons.state import SquareMasonsState


def start_build_turn(st: SquareMasonsState) -> list[Event]:
    if st.build_index >= len(st.build_order):
        return end_round(st)
    s = st.build_order[st.build_index]
    st.actor = s
    b = st.boards[s]
    if b.won is not None:
        st.phase = "place_won"
        st.hand_kind = BLOCK_TYPES[b.won]
    else:
        st.phase = "build"
        st.hand_kind = ""
    return []


def lay(st: SquareMasonsState, seat: int, move: Lay) -> list[Event]:
    b = st.boards[seat]
    kind = st.hand_kind
    mask = (1 << move.anchor) if kind == STONE_KIND else PLACEMENT_AT[kind][(move.code, move.anchor)].mask
    b.add_piece(kind, mask)
    if st.phase == "place_won":
        b.won = None
    st.phase = "build"
    st.hand_kind = ""
    turned = "" if kind == STONE_KIND else f", {ORIENT_WORDS[move.code]}"
    return [Event(f"{P(seat)} lays {piece_name(kind)} on {cell_name(move.anchor)}{turned}")]


def to_reserve(st: SquareMasonsState, seat: int, move: ToReserve) -> list[Event]:
    b = st.boards[seat]
    assert b.won is not None
    b.reserve[b.won] += 1
    b.won = None
    st.phase = "build"
    kind, st.hand_kind = st.hand_kind, ""
    return [Event(f"{P(seat)} puts {piece_name(kind)} in the reserve")]


def relocate(st: SquareMasonsState, seat: int, move: Relocate) -> list[Event]:
    b = st.boards[seat]
    kind, _ = b.take_piece(move.cell)
    charge(st, seat, d.ACTION_COST)
    st.phase = "lay"
    st.hand_kind = kind
    return [Event(f"{P(seat)} pays 1 coin to relocate {piece_name(kind)} from {cell_name(move.cell)}")]


def store(st: SquareMasonsState, seat: int, move: Store) -> list[Event]:
    b = st.boards[seat]
    kind, _ = b.take_piece(move.cell)
    charge(st, seat, d.ACTION_COST)
    _back_to_reserve(b, kind)
    return [Event(f"{P(seat)} pays 1 coin to move {piece_name(kind)} from {cell_name(move.cell)} to the reserve")]


def scrap(st: SquareMasonsState, seat: int, move: Scrap) -> list[Event]:
    b = st.boards[seat]
    kind, _ = b.take_piece(move.cell)
    charge(st, seat, d.ACTION_COST)
    _to_supply(st, kind)
    return [Event(f"{P(seat)} pays 1 coin to discard {piece_name(kind)} from {cell_name(move.cell)}")]


def take(st: SquareMasonsState, seat: int, move: Take) -> list[Event]:
    b = st.boards[seat]
    if move.kind == STONE_KIND:
        b.stones -= 1
    else:
        b.reserve[BLOCK_INDEX[move.kind]] -= 1
    charge(st, seat, d.ACTION_COST)
    st.phase = "lay"
    st.hand_kind = move.kind
    return [Event(f"{P(seat)} pays 1 coin to bring {piece_name(move.kind)} from the reserve")]


def swap(st: SquareMasonsState, seat: int, move: Swap) -> list[Event]:
    b = st.boards[seat]
    kind, _ = b.take_piece(move.cell)
    b.reserve[BLOCK_INDEX[move.kind]] -= 1
    _back_to_reserve(b, kind)
    charge(st, seat, d.ACTION_COST)
    st.phase = "lay"
    st.hand_kind = move.kind
    return [Event(f"{P(seat)} pays 1 coin to swap {piece_name(kind)} from {cell_name(move.cell)} "
                  f"with {piece_name(move.kind)} from the reserve")]


def drop(st: SquareMasonsState, seat: int, move: Drop) -> list[Event]:
    b = st.boards[seat]
    if move.kind == STONE_KIND:
        b.stones -= 1
    else:
        b.reserve[BLOCK_INDEX[move.kind]] -= 1
    _to_supply(st, move.kind)
    return [Event(f"{P(seat)} discards {piece_name(move.kind)} from the reserve")]


def claim(st: SquareMasonsState, seat: int, move: Claim) -> list[Event]:
    b = st.boards[seat]
    idx = dict(st.claimable(b))[move.sid]
    for i in sorted(idx, reverse=True):
        kind, _ = b.construction.pop(i)
        _to_supply(st, kind)
    s = d.STRUCTURES[move.sid]
    if s.kind == "town":
        t = d.TOWN_INDEX[move.sid]
        st.town_supply[t] -= 1
        b.towns[t] += 1
        pts = d.TOWN_PRESTIGE
    else:
        b.sanctuaries.append(move.sid)
        pts = d.SANCTUARY_PRESTIGE
    return [Event(f"{P(seat)} claims the {s.title} (+{pts} prestige, {b.prestige} in all)")] + check_win(st, seat)


def end(st: SquareMasonsState, seat: int, move: End) -> list[Event]:
    b = st.boards[seat]
    q: list[str] = ["scrap"] * b.towns[0]
    for _ in range(b.towns[1]):
        q += ["refund", "donate"]
    q += ["bank"] * b.towns[2] + ["quarry"] * b.towns[3]
    st.abilities = q
    return run_abilities(st)


def run_abilities(st: SquareMasonsState) -> list[Event]:
    events: list[Event] = []
    s = st.actor
    b = st.boards[s]
    while st.abilities:
        a = st.abilities[0]
        if a == "scrap":
            if len(ability_moves(st, b)) > 1:
                st.phase = "ability"
                return events
        elif a == "donate":
            if b.coins >= d.DONATION_PRICE and st.prestige_tokens:
                st.phase = "ability"
                return events
        elif a == "refund":
            # nothing to refund after an outbid bid of 0 (version 1–2: refunded all the same)
            if b.lost_paid if st.rules_version >= 3 else b.lost:
                got = pay(st, s, d.DONATION_REFUND)
                events.append(Event(f"{P(s)}'s Donation Center refunds {plural(got, 'coin')} after the lost auction"))
        elif a == "bank":
            got = pay(st, s, d.BANK_INCOME)
            events.append(Event(f"{P(s)}'s Bank pays {plural(got, 'coin')}"))
        elif a == "quarry":
            if st.stone_supply:
                st.stone_supply -= 1
                b.stones += 1
                events.append(Event(f"{P(s)}'s Quarry gives a stone"))
        st.abilities.pop(0)
    st.build_index += 1
    return events + start_build_turn(st)


def sell(st: SquareMasonsState, seat: int, move: Sell) -> list[Event]:
    b = st.boards[seat]
    b.stones -= 1
    st.stone_supply += 1
    got = pay(st, seat, d.SCRAP_PRICE)
    st.abilities.pop(0)
    return [Event(f"{P(seat)}'s Scrapyard buys a stone for {got}")] + run_abilities(st)


def buy(st: SquareMasonsState, seat: int, move: Buy) -> list[Event]:
    b = st.boards[seat]
    t = BLOCK_INDEX[move.kind]
    sp = next(i for i, (bt, who) in enumerate(zip(st.offer, st.sold)) if bt == t and who is None)
    st.sold[sp] = seat
    charge(st, seat, d.SCRAP_PRICE)
    b.reserve[t] += 1
    st.abilities.pop(0)
    return [Event(f"{P(seat)}'s Scrapyard buys the unsold {move.kind} for {d.SCRAP_PRICE}")] + run_abilities(st)


def donate(st: SquareMasonsState, seat: int, move: Donate) -> list[Event]:
    b = st.boards[seat]
    charge(st, seat, d.DONATION_PRICE)
    st.prestige_tokens -= 1
    b.donations += 1
    st.abilities.pop(0)
    events = [Event(f"{P(seat)} donates {plural(d.DONATION_PRICE, 'coin')} for 1 prestige ({b.prestige} in all)")]
    won = check_win(st, seat)
    return events + (won or run_abilities(st))


def skip(st: SquareMasonsState, seat: int, move: Skip) -> list[Event]:
    st.abilities.pop(0)
    return run_abilities(st)


def _to_supply(st: SquareMasonsState, kind: str) -> None:
    if kind == STONE_KIND:
        st.stone_supply += 1
    else:
        st.supply[BLOCK_INDEX[kind]] += 1


def _back_to_reserve(b: MasonBoard, kind: str) -> None:
    if kind == STONE_KIND:
        b.stones += 1
    else:
        b.reserve[BLOCK_INDEX[kind]] += 1

