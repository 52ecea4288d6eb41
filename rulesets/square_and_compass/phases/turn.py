"""The moves that start or end a turn (the sealed architect choice, a tile
placed, the perk, passing, the discards down to the hand limits) and what
follows a turn: the steps that can do nothing skipped, the next seat, the
round's end and the game's (a 7th contract, a stall, the round limit)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from engine.core import Event, seat_ref
from engine.words import a_or_an
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import EMPTY
from rulesets.square_and_compass.movegen import PART_BASE, PART_POSSIBLE
from rulesets.square_and_compass.moves import ChooseArchitect, DiscardContract, DiscardTech, Pass, Perk, Place
from rulesets.square_and_compass.phases.steps import draw, gain

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState


# The moves that start or end a turn.
def step_choose(st: CompassState, seat: int, move: ChooseArchitect) -> list[Event]:
    return choose(st, seat, move.architect)


def step_pass(st: CompassState, seat: int, move: Pass) -> list[Event]:
    st.players[seat].passed = True
    return [Event(f"{seat_ref(seat)} passes for the rest of round {st.round}")] + next_turn(st)


def step_place(st: CompassState, seat: int, move: Place) -> list[Event]:
    a = move.action
    act = K.ACTIONS[a]
    st.board[a].append(seat)
    st.players[seat].used += 1
    st.action = a
    st.parts = list(act.parts)
    return [Event(f"{seat_ref(seat)} places a tile on {act.name}")] + run(st, seat)


def step_perk(st: CompassState, seat: int, move: Perk) -> list[Event]:
    p = st.players[seat]
    p.perk_used = True
    st.action = EMPTY
    st.parts = list(st.perk_parts(seat))
    name = K.PERKS[K.ARCHITECTS[p.architect].perk][0]
    return [Event(f"{seat_ref(seat)} uses the perk {name}")] + run(st, seat)


def step_discard_contract(st: CompassState, seat: int, move: DiscardContract) -> list[Event]:
    st.players[seat].contracts.remove(move.contract)
    st.con_discard.append(move.contract)
    events = [Event(f"{seat_ref(seat)} discards the contract {K.CONTRACTS[move.contract].name}")]
    return events + end_turn(st, seat)


def step_discard_tech(st: CompassState, seat: int, move: DiscardTech) -> list[Event]:
    st.players[seat].thp.remove(move.card)
    st.thp_discard.append(move.card)
    events = [Event(f"{seat_ref(seat)} discards {a_or_an(K.CARDS[move.card].name)}")]
    return events + end_turn(st, seat)


def run(st: CompassState, seat: int) -> list[Event]:
    """Skip the steps that can do nothing; end the turn when none is left."""
    events: list[Event] = []
    st.phase = "act"
    while st.parts:
        part = st.parts[0]
        if part == "glass":
            st.parts.pop(0)
            if st.supply[4]:
                gain(st, st.players[seat], 4)
                events.append(Event(f"{seat_ref(seat)} takes a glass from the supply"))
            continue
        if PART_POSSIBLE[PART_BASE.get(part) or part.rstrip("?")](st, seat):
            return events
        st.parts.pop(0)
    return events + end_turn(st, seat)


def end_turn(st: CompassState, seat: int) -> list[Event]:
    p = st.players[seat]
    st.action = EMPTY
    if ((len(p.contracts) > K.CONTRACT_LIMIT and len(p.contracts) > st.contract_limit(seat))
            or (len(p.thp) > K.TECH_LIMIT and len(p.thp) > st.tech_limit(seat))):  # the limits only grow
        st.phase = "discard"
        return []
    return next_turn(st)


def next_turn(st: CompassState) -> list[Event]:
    n = st.num_players
    for k in range(1, n + 1):
        s = (st.seat + k) % n
        q = st.players[s]
        if not q.passed and q.tiles > q.used:
            st.seat = s
            st.phase = "turn"
            return []
    return end_round(st)


def end_round(st: CompassState) -> list[Event]:
    events = [Event(f"Round {st.round} ends")]
    if st.ending:
        st.end_reason = "a 7th contract was completed and the round was finished"
    elif st.round - st.last_build >= K.STALL_ROUNDS:
        st.end_reason = f"no contract was completed for {K.STALL_ROUNDS} rounds"
    elif st.round_limit and st.round >= st.round_limit:
        st.end_reason = f"the round limit ({st.round_limit}) was reached"
    if st.end_reason:
        st.phase = "over"
        out = st.outcome()
        assert out is not None
        best = " and ".join(seat_ref(s) for s in out.winners)
        return events + [Event(f"Game over: {best} {'win' if len(out.winners) > 1 else 'wins'} with {max(out.scores)} VP")]
    st.board = [[] for _ in K.ACTIONS]
    for q in st.players:
        q.used = 0
        q.passed = False
        q.perk_used = False
    st.round += 1
    st.first = st.seat = (st.first + 1) % st.num_players
    st.phase = "turn"
    events.append(Event(f"Round {st.round} begins; {seat_ref(st.first)} has the first player token"))
    return events


def choose(st: CompassState, seat: int, arch: int) -> list[Event]:
    st.players[seat].choice = arch
    events = [
        Event(f"{seat_ref(seat)} has chosen an architect"),
        Event(f"You chose {K.ARCHITECTS[arch].name}", private_to=seat),
    ]
    if any(p.choice == EMPTY for p in st.players):
        return events
    for s, p in enumerate(st.players):
        p.architect = p.choice
        a = K.ARCHITECTS[p.architect]
        events.append(Event(f"{seat_ref(s)} is {a.name} ({K.STYLES[a.style]})"))
        if a.start == "tech":
            card = draw(st, st.thp_deck, st.thp_discard)
            p.thp.append(card)
            events.append(Event(f"{seat_ref(s)} starts with one more T/H/P card", told_privately=s))
            events.append(Event(f"You start with one more T/H/P card: {a_or_an(K.CARDS[card].name)}", private_to=s))
        elif a.start:
            code = K.KINDS.index(a.start)
            gain(st, p, code)
            events.append(Event(f"{seat_ref(s)} starts with {a_or_an(K.material_name(code))}"))
    st.phase = "turn"
    st.seat = st.first
    events.append(Event(f"Round 1 begins; {seat_ref(st.first)} has the first player token"))
    return events


TURN_STEPS: dict[type, Callable[..., list[Event]]] = {
    ChooseArchitect: step_choose,
    Pass: step_pass,
    Place: step_place,
    Perk: step_perk,
    DiscardContract: step_discard_contract,
    DiscardTech: step_discard_tech,
}
"""How each move that starts or ends a turn is played."""
