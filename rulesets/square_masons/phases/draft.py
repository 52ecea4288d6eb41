"""The draft: the first player's direction, the deal, the five sealed
picks (the Order holder's face down), then each x2 card's pairing."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.hidden import HiddenInformationError
from engine.words import plural
from rulesets.square_masons import content as d
from rulesets.square_masons.choices import pair_options
from rulesets.square_masons.content import CARD_LETTERS, X2
from rulesets.square_masons.moves import Direction, Pair, Pick
from rulesets.square_masons.phases.rewards import start_rewards
from rulesets.square_masons.words import P, a_card, card_word

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState

# Events are immutable: the draft's, the commonest, are made once
_CHOSEN = [Event(f"{P(s)} has chosen") for s in range(5)]
"""Per seat: the public event of a sealed draft pick."""
_PICKED = {(s, c): Event(f"You picked {a_card(c)}", private_to=s) for s in range(5) for c in range(5)}
"""Per (seat, card): the picker's private event."""
_SHOWN = {(s, c): f"{P(s)} {'a face-down card' if c is None else card_word(c)}" for s in range(5) for c in (*range(5), None)}
"""Per (seat, card or None when face down): a pick in the reveal's text."""


def direction(st: SquareMasonsState, seat: int, move: Direction) -> list[Event]:
    st.way = move.step
    ev = [Event(f"{P(seat)} plays {'clockwise' if move.step == 1 else 'counter-clockwise'} this round")]
    return ev + deal(st)


def deal(st: SquareMasonsState) -> list[Event]:
    n = st.num_players
    if st.rng is None:
        raise HiddenInformationError("a view cannot deal the draft cards (their order is hidden); "
                                     "use determinize() to sample a full state")
    deck = [c for c in range(5) for _ in range(n + 1)]
    st.rng.shuffle(deck)
    st.discard = deck[:n]
    pos = n
    for b in st.boards:
        b.hand = sorted(deck[pos:pos + d.HAND_SIZE])
        pos += d.HAND_SIZE
        b.drafted = [0] * 5
        b.face_down = []
        b.doubled = ""
        b.pick = None
        b.bid = None
        b.won = None
        b.lost, b.lost_paid = False, 0
    st.discard += deck[pos:]
    st.phase = "draft"
    st.pick_no = 1
    return [Event(f"Round {st.round}: {plural(n, 'card')} discarded face down, {d.HAND_SIZE} dealt to each player")]


def pick(st: SquareMasonsState, seat: int, move: Pick) -> list[Event]:
    st.boards[seat].pick = move.card
    events = [_CHOSEN[seat], _PICKED[seat, move.card]]
    for b in st.boards:
        if b.pick is None:
            return events
    shown = []
    holder = st.order_holder
    for s, b in enumerate(st.boards):
        card = b.pick
        assert card is not None
        b.hand.remove(card)
        if s == holder:
            b.face_down.append(card)
            shown.append(_SHOWN[s, None])
        else:
            b.drafted[card] += 1
            shown.append(_SHOWN[s, card])
        b.pick = None
    events.append(Event(f"Pick {st.pick_no} revealed: " + ", ".join(shown)))
    n = st.num_players
    hands = [b.hand for b in st.boards]
    for s in range(n):
        st.boards[(s + st.way) % n].hand = hands[s]
    st.pick_no += 1
    if st.pick_no <= d.HAND_SIZE:
        return events
    return events + end_draft(st)


def end_draft(st: SquareMasonsState) -> list[Event]:
    events = []
    if st.order_holder is not None:
        b = st.boards[st.order_holder]
        for c in b.face_down:
            b.drafted[c] += 1
        if b.face_down:
            names = ", ".join(card_word(c) for c in sorted(b.face_down))
            events.append(Event(f"{P(st.order_holder)} reveals the face-down picks: {names}"))
        b.face_down = []
    st.pair_queue = [
        s for s in st.turn_order()
        if st.boards[s].drafted[X2] and sum(st.boards[s].drafted[:4])
    ]
    return events + next_pairing(st)


def next_pairing(st: SquareMasonsState) -> list[Event]:
    events: list[Event] = []
    while st.pair_queue:
        s = st.pair_queue[0]
        opts = pair_options(st.boards[s])
        if len(opts) > 1:
            st.phase = "pair"
            st.actor = s
            return events
        st.pair_queue.pop(0)
        events += set_pairing(st, s, opts[0])
    return events + start_rewards(st)


def set_pairing(st: SquareMasonsState, seat: int, letters: str) -> list[Event]:
    st.boards[seat].doubled = letters
    names = " and ".join(card_word(CARD_LETTERS.index(ch)) for ch in letters)
    return [Event(f"{P(seat)} pairs Double with {names}")]


def pair(st: SquareMasonsState, seat: int, move: Pair) -> list[Event]:
    st.pair_queue.pop(0)
    return set_pairing(st, seat, move.letters) + next_pairing(st)

