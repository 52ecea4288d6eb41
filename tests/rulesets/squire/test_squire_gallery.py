"""Placing rarities: hall, floor and column bonuses, the 3rd-floor salvage."""
from squire_helpers import conserved, fill_gallery, mid_game, play, put_tile, tile_of

from rulesets.squire import content as K


def buy_into(st, space):
    """Seat 0 (at Vienna) buys a cheap blue 2 in Paris and puts it in `space`."""
    put_tile(st, "par", tile_of(K.BLUE, 2, set(t for p in st.players for t in p.gallery)))
    return play(st, "par", "buy", space)


def test_any_empty_space_and_tile_stays():
    st = mid_game(at="vie")
    assert len(st.legal(0)) > 0
    play(st, "par", "buy")
    assert st.phase == "gallery" and len(st.legal(0)) == 12
    play(st, "3d")
    assert st.players[0].gallery[11] >= 0


def test_hall_bonus_coins_and_tickets():
    st = mid_game(at="vie")
    coins = st.players[0].coins
    ev = buy_into(st, "3c")  # hall: 3 coins
    price = coins - st.players[0].coins + 3
    assert st.players[0].coins == coins - price + 3
    assert any("hall bonus: 3 coins" in e.text for e in ev)
    conserved(st)
    st2 = mid_game(at="vie")
    buy_into(st2, "3b")  # hall: 2 tickets
    assert st2.players[0].tickets == 2
    conserved(st2)


def test_no_bonus_on_plain_space():
    st = mid_game(at="vie")
    ev = buy_into(st, "1a")
    assert not any("bonus" in e.text or "completes" in e.text for e in ev)


def test_second_floor_raises_hand_limit():
    st = mid_game(at="vie")
    fill_gallery(st, 0, {4: st.supply[0], 5: st.supply[1], 6: st.supply[2]})
    assert st.hand_limit(0) == 1 + st.players[0].count(K.RED)
    before = st.hand_limit(0)
    buy_into(st, "2d")
    assert st.players[0].big_hand and st.hand_limit(0) == before + 2


def test_left_column_gives_royal_ticket_and_hall_at_once():
    st = mid_game(at="vie")
    fill_gallery(st, 0, {0: st.supply[0], 8: st.supply[1]})
    ev = buy_into(st, "2a")  # hall 1 ticket + completes the left column
    p = st.players[0]
    assert p.royal_tickets == 2 and p.tickets == 1
    assert any("left column" in e.text for e in ev) and any("hall bonus" in e.text for e in ev)
    conserved(st)


def test_right_column_gives_royal_coin():
    st = mid_game(at="vie")
    fill_gallery(st, 0, {3: st.supply[0], 7: st.supply[1]})
    buy_into(st, "3d")
    assert st.players[0].royal_coins == 1
    conserved(st)


def test_floor_and_column_at_once():
    st = mid_game(at="vie")
    fill_gallery(st, 0, {0: st.supply[0], 1: st.supply[1], 2: st.supply[2], 7: st.supply[3], 11: st.supply[4]})
    buy_into(st, "1d")  # completes floor 1 (no bonus) and the right column
    assert st.players[0].royal_coins == 1
    assert not st.players[0].big_hand


def test_third_floor_salvages_from_discard_pile():
    st = mid_game(at="vie")
    fill_gallery(st, 0, {8: st.supply[0], 9: st.supply[1], 10: st.supply[2]})
    st.tile_discard = [st.supply.pop(0), st.supply.pop(0)]
    buy_into(st, "1a")
    assert st.phase == "move" and st.seat == 1  # 1a does not complete floor 3: no salvage
    st = mid_game(at="vie")
    red5 = tile_of(K.RED, 5)
    if red5 in st.supply:
        st.supply.remove(red5)
    else:  # in the box or on the map: take it from there
        for pile in (st.box,):
            if red5 in pile:
                pile.remove(red5)
                break
        else:
            st.cities[st.cities.index(red5)] = st.supply.pop(0)
    st.tile_discard.append(red5)
    fill_gallery(st, 0, {8: st.supply[0], 9: st.supply[1], 10: st.supply[2]})
    buy_into(st, "3d")
    assert st.phase == "salvage"
    assert "r5" in [st.format_move(m) for m in st.legal(0)]
    play(st, "r5")
    assert st.phase == "gallery" and st.pending == red5
    play(st, "1a")
    assert red5 in st.players[0].gallery and red5 not in st.tile_discard
    conserved(st)


def test_third_floor_without_discards_gives_nothing():
    st = mid_game(at="vie")
    fill_gallery(st, 0, {8: st.supply[0], 9: st.supply[1], 10: st.supply[2]})
    ev = buy_into(st, "3d")
    assert any("can take no rarity" in e.text for e in ev)
    assert st.phase == "move"
