"""Sampling what a seat cannot see: `determinize` behind
`SquareMasonsState.determinize`.

A view hides the other hands, the Order holder's face-down picks, the
round's discards, the others' pending sealed picks and bids, and the deck's
future order. A sample puts back, at random: the draft cards nobody shows
(the deck less the observer's own cards and every face-up drafted card) into
those hidden places, each place keeping its size; each hidden sealed pick
from its owner's sampled hand and each hidden bid from its owner's legal
bids; and a generator seeded from the caller's `rng`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import seat_name
from engine.hidden import HiddenInformationError, is_hidden
from engine.rng import Rng

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState

CARD_KINDS = 5
"""Card types in the draft deck (money, order, stone, market, x2)."""


def unseen_cards(st: "SquareMasonsState", observer: int | None) -> list[int]:
    """The draft cards `observer` cannot place: the deck less their own hand
    and face-down picks and every face-up drafted card (sorted codes)."""
    counts = [st.num_players + 1] * CARD_KINDS
    for s, b in enumerate(st.boards):
        for c in range(CARD_KINDS):
            counts[c] -= b.drafted[c]
        if s == observer:
            for c in b.hand:
                counts[c] -= 1
            for c in b.face_down:
                counts[c] -= 1
    return [c for c in range(CARD_KINDS) for _ in range(counts[c])]


def determinize(st: "SquareMasonsState", observer: int | None, rng: Rng) -> "SquareMasonsState":
    """A full, playable state that `observer`'s view cannot tell from the
    truth; works on that view (or on the full state, viewed first)."""
    if st.is_view:
        if st.view_seat != observer:
            seen = "a spectator" if st.view_seat is None else seat_name(st.view_seat)
            raise HiddenInformationError(f"this view is for {seen}; it cannot be sampled for another seat")
        out = st.clone()
    else:
        out = st.view(observer)
    others = [b for s, b in enumerate(out.boards) if s != observer]
    slots = len(out.discard) + sum(len(b.hand) + len(b.face_down) for b in others)
    if slots:
        pool = unseen_cards(out, observer)
        if len(pool) != slots:
            raise ValueError(f"cannot sample: {len(pool)} unseen cards for {slots} hidden places")
        rng.shuffle(pool)
        at = len(out.discard)
        out.discard = pool[:at]
        for b in others:
            k = len(b.hand)
            b.hand = sorted(pool[at:at + k])
            at += k
            k = len(b.face_down)
            b.face_down = pool[at:at + k]
            at += k
    for b in others:
        if is_hidden(b.pick):
            b.pick = rng.choice(sorted(set(b.hand)))
        if is_hidden(b.bid):
            per_space = b.coins + 1
            k = rng.below(len(out.offer) * per_space + 1)
            b.bid = (0, 0) if k == len(out.offer) * per_space else (k // per_space + 1, k % per_space)
    out.rng = Rng(rng.next64())
    out.is_view, out.view_seat = False, None
    return out
