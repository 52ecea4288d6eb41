"""Exhibitions: the awards, the token, books, errands."""
import pytest
from squire_helpers import conserved, fill_gallery, give_hand, mid_game, play

from engine.errors import IllegalMoveError
from rulesets.squire import content as K


def with_token(players=3):
    """Seat 0 holds the token at Vienna; seat 0 to move."""
    st = mid_game(players, at="vie")
    st.token = 0
    return st


def gallery_of(st, seat, colours):
    used = {t for p in st.players for t in p.gallery}
    spaces = {}
    for i, c in enumerate(colours):
        t = next(t for t in st.supply if K.TILE_COLOUR[t] == c and t not in used)
        used.add(t)
        spaces[i] = t
    fill_gallery(st, seat, spaces)


def test_no_exhibition_without_token_and_required_with_it():
    st = mid_game(3, at="vie")
    play(st, "par", "sell")
    assert st.seat == 1  # seat 0 had no token
    st = with_token()
    play(st, "par", "sell")
    assert st.phase == "exhibit" and st.to_act() == (0,)
    assert [st.format_move(m) for m in st.legal(0)] == ["ceramics", "maps", "paintings", "sculptures"]


def test_books_cannot_be_exhibited():
    st = with_token()
    play(st, "par", "sell")
    with pytest.raises(IllegalMoveError, match="books cannot be exhibited"):
        st.parse_move("books", 0)


def test_token_passes_right_only_after_exhibition():
    st = with_token(3)
    play(st, "par", "sell", "ceramics")
    assert st.token == 2  # to the right of seat 1 is seat 3
    assert st.seat == 1
    play(st, "par", "sell")
    assert st.token == 2 and st.seat == 2  # no exhibition: token stays


def test_ceramics_exhibition():
    st = with_token(3)
    gallery_of(st, 0, [K.BLUE, K.BLUE])
    gallery_of(st, 1, [K.BLUE])
    coins = [p.coins for p in st.players]
    play(st, "par", "sell")
    sold = st.players[0].coins - coins[0]
    play(st, "ceramics")
    assert st.players[0].coins == coins[0] + sold + 2 + 2
    assert st.players[1].coins == coins[1] + 2
    assert st.players[2].coins == coins[2]  # owns no ceramic
    conserved(st)


def test_maps_exhibition():
    st = with_token(3)
    gallery_of(st, 0, [K.YELLOW])
    gallery_of(st, 2, [K.YELLOW, K.YELLOW])
    play(st, "par", "sell", "maps")
    assert [p.tickets for p in st.players] == [2, 0, 1]
    conserved(st)


def test_paintings_exhibition_draws_to_hand_limit():
    st = with_token(3)
    gallery_of(st, 0, [K.RED, K.RED])
    gallery_of(st, 1, [K.RED])
    assert st.hand_limit(0) == 3 and st.hand_limit(1) == 2 and st.hand_limit(2) == 1
    ev = play(st, "par", "sell", "paintings")
    assert [len(p.hand) for p in st.players] == [3, 1, 0]
    private = [e for e in ev if e.private_to is not None]
    assert {e.private_to for e in private} == {0, 1}
    assert all("You draw card" in e.text for e in private)
    assert not any("You draw" in e.text for e in ev if e.private_to is None)
    conserved(st)


def test_paintings_others_only_under_their_limit():
    st = with_token(2)
    gallery_of(st, 1, [K.RED])
    give_hand(st, 1, [5, 6])  # limit 2: full
    play(st, "par", "sell", "paintings")
    assert len(st.players[1].hand) == 2 and len(st.players[0].hand) == 1


def test_owl_has_bigger_hand():
    st = with_token(2)
    st.abilities = True
    st.players[0].board = K.OWL
    assert st.hand_limit(0) == 2


def test_sculptures_exhibitor_runs_one_errand():
    st = with_token(2)
    give_hand(st, 0, [22, 23])  # offers on buys only: no offer step on a sale
    play(st, "par", "sell", "sculptures")
    assert st.phase == "errand"
    assert [st.format_move(m) for m in st.legal(0)] == ["done", "e22", "e23"]
    play(st, "e22")
    assert st.players[0].errands == [22] and st.players[0].hand == [23]
    assert st.seat == 1  # turn over: seat 1 had no sculpture


def test_errand_limit():
    st = with_token(2)
    give_hand(st, 0, [22, 23])
    st.players[0].errands = [24]
    st.deck.remove(24)
    assert st.errand_limit(0) == 1
    play(st, "par", "sell", "sculptures")
    assert st.players[0].errands == [24] and st.seat == 1  # at the limit: no errand step


def test_others_may_swap_an_errand():
    st = with_token(3)
    gallery_of(st, 1, [K.GREEN])
    gallery_of(st, 2, [K.GREEN])
    give_hand(st, 1, [7])
    give_hand(st, 2, [8, 9])
    st.deck.remove(10)
    st.players[1].errands = [10]
    play(st, "par", "sell", "sculptures")  # seat 0 has no hand: no errand step
    assert st.phase == "swap" and st.to_act() == (1,)  # from the exhibitor's left
    assert [st.format_move(m) for m in st.legal(1)] == ["done", "x10"]
    play(st, "x10")
    assert st.to_act() == (1,) and [st.format_move(m) for m in st.legal(1)] == ["e7"]
    play(st, "e7")
    assert st.players[1].errands == [7] and 10 in st.card_discard
    # seat 2 runs no errand, so has none to swap: not asked
    assert st.players[2].errands == [] and st.players[2].hand == [8, 9]
    assert st.seat == 1 and st.phase == "move" and st.token == 2
    conserved(st)
