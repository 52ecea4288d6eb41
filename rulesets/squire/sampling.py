"""Squire's hidden information: a seat's view (the supply, the box, the deck,
the chance generator and the other hands hidden) and a determinized full
state consistent with it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.hidden import HIDDEN, HIDDEN_RNG
from rulesets.squire import content as K

if TYPE_CHECKING:
    from rulesets.squire.state import SquireState


def view(state: SquireState, seat: int | None) -> "SquireState":
    """The supply, the box, the deck, the chance generator and the other
    hands are hidden (HIDDEN); everything else is public."""
    c = state.clone()
    c.is_view = True
    c.view_seat = seat
    c.rng = HIDDEN_RNG
    c.supply = [HIDDEN] * len(state.supply)
    c.box = [HIDDEN] * len(state.box)
    c.deck = [HIDDEN] * len(state.deck)
    for s, p in enumerate(c.players):
        if s != seat:
            p.hand = [HIDDEN] * len(p.hand)
    return c


def determinize(state: SquireState, observer: int | None, rng: Any) -> "SquireState":
    """A full state `observer` cannot tell from this one: the tiles no
    one sees are dealt at random to the supply and the box (and to any
    hidden city slot), the unseen cards to the deck and the other hands;
    a new chance generator is drawn from `rng`."""
    c = state.view(observer) if not (state.is_view and state.view_seat == observer) else state.clone()
    c.is_view = False
    c.view_seat = None
    c.rng = rng.fork()
    seen_t = [t for t in c.cities if t is not HIDDEN] + c.tile_discard
    for p in c.players:
        seen_t += p.gallery
    if c.pending is not HIDDEN:
        seen_t.append(c.pending)
    tiles = list(K.ALL_TILES.difference(seen_t))
    rng.shuffle(tiles)
    c.supply = tiles[: len(c.supply)]
    c.box = sorted(tiles[len(c.supply) : len(c.supply) + len(c.box)])
    rest = tiles[len(c.supply) + len(c.box) :]
    if rest:  # a city refilled on a view holds a hidden tile
        c.cities = [rest.pop() if t is HIDDEN else t for t in c.cities]
    seen_c = set(c.card_discard)
    for p in c.players:
        seen_c.update(p.errands)
        seen_c.update(x for x in p.hand if x is not HIDDEN)
    cards = [x for x in K.ALL_CARDS if x not in seen_c]
    rng.shuffle(cards)
    for p in c.players:
        if HIDDEN in p.hand:
            p.hand = [x for x in p.hand if x is not HIDDEN] + [cards.pop() for x in p.hand if x is HIDDEN]
    c.deck = cards
    return c

