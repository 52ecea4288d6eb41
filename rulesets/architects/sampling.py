"""Architects' hidden information: a seat's view (the deck, the spare
architects, the chance generator, the other hands unless open, sealed bids
and unrevealed architects hidden), which moves are sealed, and a
determinized full state consistent with a view."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.hidden import HIDDEN, HIDDEN_RNG, is_hidden
from engine.rng import Rng
from rulesets.architects import content as K
from rulesets.architects.board import BOARDS
from rulesets.architects.moves import (
    Bid,
)

if TYPE_CHECKING:
    from rulesets.architects.state import ArchitectsState


def view(state: ArchitectsState, seat: int | None) -> "ArchitectsState":
    c = state.clone()
    c.is_view = True
    c.view_seat = seat
    c.rng = HIDDEN_RNG
    c.deck = [HIDDEN] * len(state.deck)
    c.spare_architects = [HIDDEN] * len(state.spare_architects)
    for s, p in enumerate(c.players):
        if s == seat:
            continue
        if not state.hands_open:
            p.hand = [HIDDEN] * len(p.hand)
        if p.bid is not None:
            p.bid = HIDDEN
        if not state.revealed:
            p.architect = HIDDEN
    return c


def is_sealed(state: ArchitectsState, seat: int, move: Any) -> bool:
    return isinstance(move, Bid)


def determinize(state: ArchitectsState, observer: int | None, rng: Any) -> "ArchitectsState":
    """Unseen cards and architects redealt, others' sealed bids resampled."""
    base = state if state.is_view and state.view_seat == observer else state.view(observer)
    c = base.clone()
    c.is_view = False
    c.view_seat = None
    c.rng = Rng(rng.next64())
    seen = set(c.discard)
    for p in c.players:
        seen.update(x for x in p.hand if not is_hidden(x))
    unseen = [x for x in range(K.DECK_SIZE) if x not in seen]
    rng.shuffle(unseen)
    for p in c.players:
        p.hand = [unseen.pop() if is_hidden(x) else x for x in p.hand]
    c.deck = [unseen.pop() for _ in c.deck]
    known = {p.architect for p in c.players if not is_hidden(p.architect)}
    spare = [a for a in range(len(K.ARCHITECTS)) if a not in known]
    rng.shuffle(spare)
    for p in c.players:
        if is_hidden(p.architect):
            p.architect = spare.pop()
    c.spare_architects = [spare.pop() for _ in c.spare_architects]
    for p in c.players:
        if is_hidden(p.bid):
            b = rng.choice(c.open_boards)
            p.bid = (b, BOARDS[b].min_bid + rng.below(BOARDS[b].max_bid - BOARDS[b].min_bid + 1))
    return c
