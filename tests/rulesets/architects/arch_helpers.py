"""Helpers for the Architects tests: positions set up by hand."""
from __future__ import annotations

from rulesets.architects import RULESET
from rulesets.architects import content as K
from rulesets.architects.board import BOARDS
from rulesets.architects.moves import Bid
from rulesets.architects.state import ArchitectsState


def card(code: str) -> int:
    """Card id of '7t'."""
    return K.card_id(int(code[:-1]), K.SUIT_LETTERS.index(code[-1]))


def new(players: int = 2, seed: int = 1, **options) -> ArchitectsState:
    """A new game (the auction)."""
    opts = RULESET.default_options()
    opts.update(options)
    return RULESET.new_game(players, seed, opts)


def playing(players: int = 2, boards=(0, 1, 2, 3), seed: int = 1, bids=None, **options) -> ArchitectsState:
    """A game past the auction: seat s won board boards[s] with its bid."""
    st = new(players, seed, **options)
    for s in range(players):
        b = boards[s]
        st.apply(s, Bid(b, bids[s] if bids else BOARDS[b].max_bid))
    assert st.phase == "turn"
    return st


def give(st: ArchitectsState, seat: int, codes: str) -> None:
    """Set `seat`'s hand to the cards named ('1g 1s 5t'); a named card held
    elsewhere is swapped for a free one, and every card not in a hand or
    the discards becomes the deck (so the 60 cards stay 60)."""
    want = [card(c) for c in codes.split()]
    st.players[seat].hand = list(want)
    taken = set(want)
    for s, p in enumerate(st.players):
        if s != seat:
            p.hand = [c for c in p.hand if c not in taken]
    st.discard = [c for c in st.discard if c not in taken]
    used = {c for p in st.players for c in p.hand} | set(st.discard)
    free = [c for c in range(K.DECK_SIZE) if c not in used]
    for s, p in enumerate(st.players):
        while s != seat and p.status == "playing" and len(p.hand) < K.HAND_SIZE:
            p.hand.append(free.pop())
    st.deck = free


def put(st: ArchitectsState, seat: int, space: str) -> None:
    """Put `seat`'s client on `space` of its board."""
    p = st.players[seat]
    p.pos = BOARDS[p.board].index(space)


def where(st: ArchitectsState, seat: int) -> str:
    """The name of the space `seat`'s client is on."""
    p = st.players[seat]
    return BOARDS[p.board].names[p.pos]


def total(st: ArchitectsState) -> int:
    """Bank + every client + every architect."""
    return st.bank + sum(p.client + p.funds for p in st.players)


def play(st: ArchitectsState, seat: int, text: str):
    """Parse and apply a move in notation."""
    return st.apply(seat, st.parse_move(text, seat))
