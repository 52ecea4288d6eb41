"""Shared helpers for the Squire tests: build positions by hand."""
from __future__ import annotations

from rulesets.squire import content as K
from rulesets.squire.content import EMPTY
from rulesets.squire.state import SquireState

MAP_INDEX = {key: {c.code: i for i, c in enumerate(m.cities)} for key, m in K.MAPS.items()}


def tile_of(colour: int, value: int, avoid: set[int] = frozenset()) -> int:
    """A tile id of that colour and value not in `avoid`."""
    for t in range(K.NUM_TILES):
        if K.TILE_COLOUR[t] == colour and K.TILE_VALUE[t] == value and t not in avoid:
            return t
    raise ValueError("no such tile")


def city(state: SquireState, code: str) -> int:
    """City index by code."""
    return MAP_INDEX[state.map_key][code]


def fresh(players: int = 2, seed: int = 1, map_key: str = "world", abilities: bool = False,
          market: str = "example") -> SquireState:
    """A new game in the move phase of the first player's first turn."""
    return SquireState.setup(players, seed, map_key, abilities, market)


def mid_game(players: int = 2, seed: int = 1, map_key: str = "world", abilities: bool = False,
             at: str = "con") -> SquireState:
    """A game where every pawn stands on the map and it is seat 0's normal turn,
    at city `at`; the token is with the last seat; hands are empty."""
    st = fresh(players, seed, map_key, abilities)
    st.first = st.seat = st.actor = 0
    st.token = players - 1
    for p in st.players:
        p.pos = city(st, at)
        st.deck[:0] = p.hand  # empty hands: tests deal what they need
        p.hand = []
    st.start = city(st, at)
    st.phase = "move"
    return st


def put_tile(state: SquireState, code: str, tile: int) -> None:
    """Put `tile` in city `code`, swapping it with wherever it was."""
    c = city(state, code)
    old = state.cities[c]
    for pile in (state.supply, state.box, state.tile_discard):
        if tile in pile:
            pile[pile.index(tile)] = old
            state.cities[c] = tile
            return
    if tile in state.cities:
        j = state.cities.index(tile)
        state.cities[j], state.cities[c] = old, tile
        return
    for p in state.players:
        if tile in p.gallery:
            raise ValueError("tile is in a gallery")
    state.cities[c] = tile


def give_hand(state: SquireState, seat: int, cards: list[int]) -> None:
    """Set a seat's hand, keeping the 42 cards conserved (swaps with the deck)."""
    p = state.players[seat]
    for c in list(p.hand):
        p.hand.remove(c)
        state.deck.insert(0, c)
    for c in cards:
        for other in state.players:
            if c in other.hand:
                other.hand.remove(c)
                state.deck.insert(0, c)
        state.deck.remove(c)
        p.hand.append(c)


def fill_gallery(state: SquireState, seat: int, spaces: dict[int, int]) -> None:
    """Put tiles (space → tile id) in a gallery, taking them from the supply
    or box (the supply shrinks: keep it non-empty in tests)."""
    p = state.players[seat]
    for space, tile in spaces.items():
        for pile in (state.supply, state.box, state.tile_discard):
            if tile in pile:
                pile.remove(tile)
                break
        else:
            if tile in state.cities:
                raise ValueError("tile is on the map")
        p.gallery[space] = tile


def conserved(state: SquireState) -> None:
    """Assert every component is where exactly one pile can hold it."""
    tiles = list(state.cities) + state.supply + state.box + state.tile_discard
    tiles += [t for p in state.players for t in p.gallery]
    if state.pending >= 0:
        tiles.append(state.pending)
    tiles = [t for t in tiles if t != EMPTY]
    assert sorted(tiles) == list(range(K.NUM_TILES))
    cards = state.deck + state.card_discard + [c for p in state.players for c in p.hand + p.errands]
    assert sorted(cards) == list(range(1, 43))
    # common coins and tickets are unlimited; the Royal ones are counted
    assert state.bank_royal_tickets + sum(p.royal_tickets for p in state.players) == K.BANK_ROYAL_TICKETS
    assert state.bank_royal_coins + sum(p.royal_coins for p in state.players) == K.BANK_ROYAL_COINS
    assert min(state.bank_royal_coins, state.bank_royal_tickets) >= 0
    for p in state.players:
        assert min(p.coins, p.tickets, p.royal_coins, p.royal_tickets) >= 0


def play(state: SquireState, *texts: str) -> list:
    """Play moves by notation for whoever is to act; return all events."""
    events = []
    for text in texts:
        seat = state.to_act()[0]
        events += state.apply(seat, state.parse_move(text, seat))
    return events
