"""Determinization: a full Square and Compass state consistent with what one
seat has seen (for search bots; they never see the truth)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.hidden import HiddenInformationError, is_hidden
from engine.rng import Rng
from rulesets.square_and_compass import content as K

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState


_ALL_RESOURCES = tuple(c for c, n in sorted(K.RESOURCE_DECK.items()) for _ in range(n))
"""Every resource card of the game, blueprints included, in code order."""
_ALL_CONTRACTS = tuple(range(len(K.CONTRACTS)))
_ALL_THP = tuple(i for i, c in enumerate(K.CARDS) for _ in range(c.count))
"""Every technician, hazard and project card, by type."""


def _unseen(total: Sequence[int], seen: list[int]) -> list[int]:
    pool = list(total)
    for c in seen:
        pool.remove(c)
    return pool


TRIES = 20
"""Samples drawn before the fallback repair (see `_repair`)."""
PATIENCE = 500
"""Samples drawn after it, each repaired, before a sample is returned as it is."""


def _deal(pool: list[int], hands: list[list[Any]], rng: Any) -> list[int]:
    """Shuffle `pool`, refill each hand (in place, sorted) with as many cards
    as it holds, and return what is left (the deck)."""
    rng.shuffle(pool)
    for hand in hands:
        k = len(hand)
        hand[:], pool = sorted(pool[:k]), pool[k:]
    return pool


def determinize(st: "CompassState", observer: int | None, rng: Any) -> "CompassState":
    """Unseen hands and decks redistributed at random, others' dealt and
    sealed architects resampled, the state's generator reseeded from `rng`.

    A seat in the middle of an action has shown something about its hand (a
    tile on Building Department means it can pay a contract): samples where
    the seat to act could not go on are drawn again; if that keeps failing,
    a contract it can pay is swapped into its hand, and samples so repaired
    are drawn until one lets every seat to act go on (at most `PATIENCE`)."""
    if st.is_view and observer is not None and st.view_seat != observer:
        raise HiddenInformationError(
            f"this view is Seat {'-' if st.view_seat is None else st.view_seat + 1}'s; "
            f"a sample for Seat {observer + 1} needs that seat's own view"
        )
    v = st if st.is_view and st.view_seat == observer else st.view(observer)  # never changed: each try samples a clone
    d = v
    for _ in range(TRIES):
        d = _sample(v.clone(), observer, rng)
        if all(d.legal(s) for s in d.to_act()):
            return d
    _repair(d, observer)
    for _ in range(PATIENCE):  # rare: what the seat showed is unlikely in a sample (a Foreman and a contract it pays)
        if all(d.legal(s) for s in d.to_act()):
            return d
        d = _sample(v.clone(), observer, rng)
        _repair(d, observer)
    return d


def _repair(d: "CompassState", observer: int | None) -> None:
    """Swap a payable contract into the hand of a seat stuck on a build step."""
    for s in d.to_act():
        if s == observer or d.legal(s) or d.phase != "act" or not d.parts[0].startswith("build"):
            continue
        p = d.players[s]
        piles = [d.con_deck] + [q.contracts for i, q in enumerate(d.players) if i not in (s, observer)]
        for pile in piles:
            for j, cid in enumerate(pile):
                if d.payment(s, cid) is not None and p.contracts:
                    pile[j], p.contracts[0] = p.contracts[0], cid
                    return


def _sample(v: "CompassState", observer: int | None, rng: Any) -> "CompassState":
    """One redistribution of everything `observer` has not seen, on `v`."""
    others = [s for s in range(v.num_players) if s != observer]
    me = v.players[observer] if observer is not None else None

    # resource cards: blueprints never sit in a hand, so unseen ones are in the deck
    seen = [c for c in v.res_market if c >= 0] + list(v.res_discard)
    seen += [K.BLUEPRINT] * sum(p.blueprints for p in v.players)
    if me is not None:
        seen += me.hand
    pool = _unseen(_ALL_RESOURCES, seen)
    blueprints = [c for c in pool if c == K.BLUEPRINT]
    cards = [c for c in pool if c != K.BLUEPRINT]
    v.res_deck = _deal(cards, [v.players[s].hand for s in others], rng) + blueprints
    rng.shuffle(v.res_deck)

    # contracts
    seen = [c for c in v.con_market if c >= 0] + list(v.con_discard) + [c for p in v.players for c in p.built]
    if me is not None:
        seen += me.contracts
    v.con_deck = _deal(_unseen(_ALL_CONTRACTS, seen), [v.players[s].contracts for s in others], rng)

    # technician / hazard / project cards
    seen = [c for c in v.thp_market if c >= 0] + list(v.thp_discard)
    if me is not None:
        seen += me.thp
    v.thp_deck = _deal(_unseen(_ALL_THP, seen), [v.players[s].thp for s in others], rng)

    # architects: the pairs dealt to others, and their sealed picks
    known = set(me.options) if me is not None else set()
    known |= {p.architect for p in v.players if p.architect >= 0}
    free = [a for a in range(len(K.ARCHITECTS)) if a not in known]
    rng.shuffle(free)
    for s in others:
        p = v.players[s]
        if p.architect >= 0:
            p.options = sorted([p.architect, free.pop()])
            p.choice = p.architect
        else:
            p.options = sorted([free.pop(), free.pop()])
            if is_hidden(p.choice):
                p.choice = p.options[rng.below(2)]
    v.rng = Rng(rng.next64())
    v.is_view = False
    v.view_seat = None
    return v
