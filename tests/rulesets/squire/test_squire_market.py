"""Prices, payment and the market update (the rulebook's Fox example)."""
from squire_helpers import city, conserved, give_hand, mid_game, play, put_tile, tile_of

from rulesets.squire import content as K


def test_worked_example_fox_buys_ceramic_in_rio():
    st = mid_game(at="nyc")
    fox = st.players[0]
    ceramic = tile_of(K.BLUE, 4)
    put_tile(st, "rio", ceramic)
    assert st.market_price(K.BLUE, K.BLUE) == 1 + 1
    assert st.price(0, city(st, "rio"), True) == 2
    play(st, "rio", "buy")
    assert fox.coins == 10 - 2
    # both blue markers now stand at the top of the market
    assert st.market_regions[0] == K.BLUE and st.market_types[0] == K.BLUE
    for region in range(5):
        assert st.market_price(region, K.BLUE) == 4 + K.MARKET_PRICES[st.market_regions.index(region)]
    conserved(st)


def test_market_order_after_buy():
    st = mid_game(at="nyc")
    put_tile(st, "rio", tile_of(K.GREEN, 3))  # rio is blue; rarity green
    play(st, "rio", "buy")
    # regions red yellow green purple blue -> blue to top, others slide down
    assert st.market_regions == [K.BLUE, K.RED, K.YELLOW, K.GREEN, K.PURPLE]
    # types yellow purple red green blue -> green to top, those above slide down
    assert st.market_types == [K.GREEN, K.YELLOW, K.PURPLE, K.RED, K.BLUE]


def test_market_order_after_sell():
    st = mid_game(at="vie")
    put_tile(st, "par", tile_of(K.YELLOW, 2))  # paris is red
    price = st.market_price(K.RED, K.YELLOW)
    assert price == 4 + 4
    play(st, "par", "sell")
    assert st.market_regions == [K.YELLOW, K.GREEN, K.PURPLE, K.BLUE, K.RED]
    assert st.market_types == [K.PURPLE, K.RED, K.GREEN, K.BLUE, K.YELLOW]
    assert st.players[0].coins == 10 + 8
    assert st.tile_discard == [tile_of(K.YELLOW, 2)]
    conserved(st)


def test_city_is_refilled_from_the_supply():
    st = mid_game(at="nyc")
    top = st.supply[-1]
    n = len(st.supply)
    play(st, "rio", "sell")
    assert st.cities[city(st, "rio")] == top and len(st.supply) == n - 1


def test_buy_needs_coins_and_royal_coins_are_kept():
    st = mid_game(at="vie")
    put_tile(st, "par", tile_of(K.YELLOW, 2))  # costs 8
    p = st.players[0]
    p.coins = 7
    play(st, "par")
    assert [st.format_move(m) for m in st.legal(0)] == ["sell"]
    p.royal_coins = 1
    st.bank_royal_coins -= 1
    assert "buy" in [st.format_move(m) for m in st.legal(0)]
    play(st, "buy")
    assert p.coins == 0 and p.royal_coins == 1  # the Royal coin paid 1 and stays
    conserved(st)


def test_full_gallery_cannot_buy():
    st = mid_game(at="nyc")
    free = [t for t in st.supply[:12]]
    st.supply = st.supply[12:]
    st.players[0].gallery = free
    play(st, "rio")
    assert [st.format_move(m) for m in st.legal(0)] == ["sell"]


def test_bank_common_coins_and_tickets_are_unlimited():
    # Rules v3: the rulebook never limits the Bank, so a sale, an offer and an
    # exhibition pay in full even when players hold more than the box's 50.
    st = mid_game(at="vie")
    put_tile(st, "par", tile_of(K.YELLOW, 2))  # sells for 8
    st.players[1].coins = 60
    give_hand(st, 0, [1])  # buy or sell in the red region: 3 coins
    play(st, "par", "sell", "o1")
    assert st.players[0].coins == 10 + 8 + 3
    assert sum(p.coins for p in st.players) > K.BANK_COINS
    conserved(st)


def test_badger_pays_one_less_and_fox_earns_one_more():
    st = mid_game(at="nyc", abilities=True)
    put_tile(st, "rio", tile_of(K.BLUE, 4))
    st.players[0].board = K.BADGER
    assert st.price(0, city(st, "rio"), True) == 1  # 2 - 1
    st.players[0].board = K.FOX
    assert st.price(0, city(st, "rio"), True) == 2
    assert st.price(0, city(st, "rio"), False) == 3
