"""Rules checked in the independent audit against the rulebook's text
(squire.txt): each test names the sentence it checks."""
import pytest
from squire_helpers import conserved, fill_gallery, give_hand, mid_game, play, put_tile, tile_of

from engine.errors import IllegalMoveError
from rulesets.squire import content as K
from rulesets.squire.state import SquireState


def with_token(players=3):
    """Seat 0 holds the token at Vienna; seat 0 to move."""
    st = mid_game(players, at="vie")
    st.token = 0
    return st


def gallery_of(st, seat, colours, start=0):
    """Fill spaces start, start+1, … of `seat`'s gallery with tiles of these colours from the supply."""
    used = {t for p in st.players for t in p.gallery}
    spaces = {}
    for i, c in enumerate(colours):
        t = next(t for t in st.supply if K.TILE_COLOUR[t] == c and t not in used)
        used.add(t)
        spaces[start + i] = t
    fill_gallery(st, seat, spaces)


def to_discard(st, tile):
    """Move `tile` (wherever it is on the table) to the discard pile."""
    for pile in (st.supply, st.box):
        if tile in pile:
            pile.remove(tile)
            break
    else:
        c = st.cities.index(tile)
        st.cities[c] = st.supply.pop(0)
    st.tile_discard.append(tile)


# ------------------------------------------------------------------ setup
def test_market_starts_as_the_rulebook_table():
    # "Red 4 4 Yellow / Yellow 3 3 Purple / Green 2 2 Red / Purple 2 2 Green / Blue 1 1 Blue"
    st = SquireState.setup(3, 4, "world", False)
    names = {c: K.COLOUR_NAMES[c] for c in range(5)}
    assert [names[c] for c in st.market_regions] == ["red", "yellow", "green", "purple", "blue"]
    assert [names[c] for c in st.market_types] == ["yellow", "purple", "red", "green", "blue"]
    assert K.MARKET_PRICES == (4, 3, 2, 2, 1)
    assert st.market_price(K.RED, K.YELLOW) == 8 and st.market_price(K.PURPLE, K.GREEN) == 4


# ----------------------------------------------------------- sculptures
def test_other_owner_without_a_running_errand_gets_nothing_at_sculptures():
    # "You may discard started errand ... and run another one": an award only
    # for a player who has a started errand to discard.
    st = with_token(3)
    gallery_of(st, 1, [K.GREEN])
    give_hand(st, 1, [7, 8])
    play(st, "par", "sell", "sculptures")
    assert st.players[1].errands == []
    assert st.seat == 1 and st.phase == "move"  # no swap step: the turn went on
    conserved(st)


def test_other_owner_may_only_swap_an_errand():
    st = with_token(3)
    gallery_of(st, 1, [K.GREEN, K.GREEN])  # errand limit 3: room to spare
    give_hand(st, 1, [7, 8])
    st.deck.remove(10)
    st.players[1].errands = [10]
    play(st, "par", "sell", "sculptures")
    assert st.phase == "swap" and st.to_act() == (1,)
    # running a new errand without discarding one is no part of the award
    assert [st.format_move(m) for m in st.legal(1)] == ["done", "x10"]
    with pytest.raises(IllegalMoveError, match="only swap"):
        st.parse_move("e7", 1)
    play(st, "x10")
    with pytest.raises(IllegalMoveError, match="run another in its place"):
        st.parse_move("done", 1)
    # "... and run another one": once discarded, one must replace it
    assert [st.format_move(m) for m in st.legal(1)] == ["e7", "e8"]
    play(st, "e8")
    assert st.players[1].errands == [8] and st.players[1].hand == [7] and 10 in st.card_discard
    assert st.seat == 1 and st.phase == "move"
    conserved(st)


def test_other_owner_with_no_hand_is_not_asked():
    st = with_token(3)
    gallery_of(st, 1, [K.GREEN])
    st.deck.remove(10)
    st.players[1].errands = [10]
    play(st, "par", "sell", "sculptures")
    assert st.seat == 1 and st.phase == "move" and st.players[1].errands == [10]


def test_swaps_go_clockwise_from_the_exhibitors_left():
    st = with_token(4)
    for seat, (err, hand) in {3: (11, 12), 1: (13, 14)}.items():
        gallery_of(st, seat, [K.GREEN])
        give_hand(st, seat, [hand])
        st.deck.remove(err)
        st.players[seat].errands = [err]
    play(st, "par", "sell", "sculptures")
    assert st.to_act() == (1,)
    play(st, "done")
    assert st.to_act() == (3,)
    play(st, "x11", "e12")
    assert st.players[3].errands == [12] and st.seat == 1


# ------------------------------------------------------------ paintings
def test_painting_awards_go_clockwise_from_the_left_while_the_deck_lasts():
    # "the other players ... starting with the player to your left and going clockwise"
    st = with_token(4)
    for seat in (1, 2, 3):
        gallery_of(st, seat, [K.RED])
    keep = st.deck[-2:]
    st.card_discard += st.deck[:-2]
    st.deck = keep  # two cards left: the exhibitor (limit 1, empty hand) and seat 1
    play(st, "par", "sell", "paintings")
    assert [len(p.hand) for p in st.players] == [1, 1, 0, 0]
    assert st.deck == []
    conserved(st)


def test_exhibitor_draws_up_to_the_limit_with_the_second_floor_bonus():
    # hand limit: paintings + 1, "plus 2 more if you complete your second floor"
    st = with_token(2)
    gallery_of(st, 0, [K.RED, K.BLUE, K.BLUE, K.BLUE], start=4)
    st.players[0].big_hand = True
    assert st.hand_limit(0) == 1 + 1 + 2
    play(st, "par", "sell", "paintings")
    assert len(st.players[0].hand) == 4


# ------------------------------------------------------------- gallery
@pytest.mark.parametrize("space, what, n", [
    ("1b", "coins", 2), ("1c", "tickets", 1), ("2a", "tickets", 1),
    ("2d", "coins", 2), ("3b", "tickets", 2), ("3c", "coins", 3),
])
def test_each_hall_bonus_as_recorded(space, what, n):
    st = mid_game(at="vie")
    put_tile(st, "par", tile_of(K.BLUE, 2))
    play(st, "par", "buy")
    p = st.players[0]
    before = (p.coins, p.tickets)
    play(st, space)
    gained = (p.coins - before[0], p.tickets - before[1])
    assert gained == ((n, 0) if what == "coins" else (0, n))


@pytest.mark.parametrize("space", ["1a", "1d", "2b", "2c", "3a", "3d"])
def test_plain_spaces_give_no_hall_bonus(space):
    st = mid_game(at="vie")
    put_tile(st, "par", tile_of(K.BLUE, 2))
    play(st, "par", "buy")
    p = st.players[0]
    before = (p.coins, p.tickets, p.royal_coins, p.royal_tickets)
    play(st, space)
    assert (p.coins, p.tickets, p.royal_coins, p.royal_tickets) == before


def test_third_floor_takes_a_rarity_from_the_discard_pile_and_its_bonuses_count():
    # "3rd floor: take 1 Rarity from the discard pile and place it in your gallery"
    st = mid_game(at="vie")
    red5 = tile_of(K.RED, 5)
    to_discard(st, red5)
    fill_gallery(st, 0, {8: st.supply[0], 9: st.supply[1], 10: st.supply[2]})
    put_tile(st, "par", tile_of(K.BLUE, 2))
    ev = play(st, "par", "buy", "3d")
    assert any("completes the 3rd floor: a rarity" in e.text for e in ev)
    assert st.phase == "salvage" and [st.format_move(m) for m in st.legal(0)] == ["r5"]
    play(st, "r5")
    assert st.phase == "gallery" and st.pending == red5
    play(st, "1a")
    p = st.players[0]
    assert p.gallery[0] == red5 and red5 not in st.tile_discard
    assert st.phase == "move" and st.seat == 1
    conserved(st)


def test_salvaged_rarity_in_a_hall_completing_a_column_gets_both_bonuses():
    st = mid_game(at="vie")
    to_discard(st, tile_of(K.RED, 5))
    fill_gallery(st, 0, {0: st.supply[0], 8: st.supply[1], 9: st.supply[2], 10: st.supply[3]})
    put_tile(st, "par", tile_of(K.BLUE, 2))
    play(st, "par", "buy", "3d", "r5")
    p = st.players[0]
    tickets, royal = p.tickets, p.royal_tickets
    play(st, "2a")  # hall: 1 ticket, and the left column is complete: a Royal ticket
    assert (p.tickets, p.royal_tickets) == (tickets + 1, royal + 1)
    conserved(st)


# -------------------------------------------------------------- scoring
def test_royal_coins_and_tickets_count_in_sets_of_five():
    st = mid_game(2, at="vie")
    p = st.players[0]
    p.coins, p.royal_coins, p.tickets, p.royal_tickets = 2, 1, 1, 1  # 5 in all
    st.bank_royal_coins -= 1
    st.phase = "over"
    assert st.outcome().breakdown[0]["coins and tickets"] == 1
    p.coins = 1
    assert st.outcome().breakdown[0]["coins and tickets"] == 0
