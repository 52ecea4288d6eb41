"""Correspondence cards: offers on a matching trade, errand scoring."""
import pytest
from squire_helpers import conserved, give_hand, mid_game, play, put_tile, tile_of

from engine.errors import IllegalMoveError
from rulesets.squire import content as K


def test_worked_example_card_red_region_three_coins():
    st = mid_game(at="vie")
    give_hand(st, 0, [1, 2])  # 1: red region 3 coins; 2: yellow region
    put_tile(st, "par", tile_of(K.PURPLE, 3))
    coins = st.players[0].coins
    play(st, "par", "sell")
    assert st.phase == "offer"
    assert [st.format_move(m) for m in st.legal(0)] == ["done", "o1"]
    got = st.players[0].coins - coins
    play(st, "o1")
    assert st.players[0].coins == coins + got + 3
    assert st.players[0].hand == [2] and st.card_discard == [1]
    assert st.phase == "move" and st.seat == 1
    conserved(st)


def test_several_offers_on_one_trade():
    st = mid_game(at="vie")
    give_hand(st, 0, [1, 6, 11])  # red region: 3 coins, 3 coins, 2 tickets
    play(st, "par", "sell")
    play(st, "o1", "o11")
    assert st.phase == "offer"
    play(st, "o6")
    assert st.players[0].tickets == 2 and st.phase == "move"
    conserved(st)


def test_offer_trigger_buy_or_sell_and_type():
    st = mid_game(at="vie")
    give_hand(st, 0, [21, 31, 41])  # buy a painting: 2 coins; sell a painting: 2 tickets; buy any: 1 ticket
    put_tile(st, "par", tile_of(K.RED, 2))
    play(st, "par", "buy")
    assert [st.format_move(m) for m in st.legal(0)] == ["done", "o21", "o41"]
    with pytest.raises(IllegalMoveError, match="does not match"):
        st.parse_move("o31", 0)
    play(st, "done")
    assert st.phase == "gallery"


def test_errand_scoring_kinds():
    st = mid_game(at="vie")
    tiles = {0: tile_of(K.BLUE, 2), 1: tile_of(K.GREEN, 6), 2: tile_of(K.GREEN, 5), 3: tile_of(K.RED, 3)}
    for space, t in tiles.items():
        st.players[0].gallery[space] = t  # scoring only: piles not kept
    pts = {c.id: st.errand_points(c.id, 0) for c in K.CARDS}
    assert pts[1] == 3  # 1 VP per ceramic and sculpture
    by_kind = {}
    for c in K.CARDS:
        by_kind.setdefault((c.errand, c.arg), pts[c.id])
    assert by_kind[("type", "g")] == 4
    assert by_kind[("floors", "")] == 3
    assert by_kind[("columns", "")] == 0
    assert by_kind[("variety", "")] == 6
    assert by_kind[("masters", "")] == 4
    assert by_kind[("humble", "")] == 2
    assert by_kind[("wealth", "")] == (10 + 1) // 4


def test_errand_gain_is_the_points_a_tile_adds():
    """`errand_gain` (what the bots ask) equals errand points after the tile
    less before, for every card, over galleries filled at random."""
    from engine.rng import Rng

    rng = Rng(7)
    st = mid_game(at="vie")
    gallery = st.players[0].gallery
    nonzero = 0
    for _ in range(60):
        for i in range(12):
            gallery[i] = rng.below(K.NUM_TILES) if rng.random() < 0.6 else -1
        if -1 not in gallery:
            continue
        space = gallery.index(-1)
        tile = rng.below(K.NUM_TILES)
        before = {c.id: st.errand_points(c.id, 0) for c in K.CARDS}
        gains = {c.id: st.errand_gain(c.id, 0, space, tile) for c in K.CARDS}
        gallery[space] = tile
        for c in K.CARDS:
            want = 0 if c.errand == "wealth" else st.errand_points(c.id, 0) - before[c.id]
            assert gains[c.id] == want, (c, gallery, space, tile)
            nonzero += want != 0
        gallery[space] = -1
    assert nonzero > 100
