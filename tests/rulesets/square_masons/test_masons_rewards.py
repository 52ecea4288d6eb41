"""x2 pairing and the rewards: money, and the Order, Stone and Market majorities with their ties."""
from masons_helpers import conserved, last_pick, notations, play

from rulesets.square_masons.content import MARKET, MONEY, ORDER, STONE, X2

N = "money order stone market x2".split()


def finish(st, last):
    """Everyone plays their last card."""
    for s, card in enumerate(last):
        play(st, s, N[card])


def test_money_is_one_coin_per_card_and_x2_pairing_doubles():
    drafted = [{MONEY: 2, X2: 1, STONE: 1}, {MONEY: 1, ORDER: 3}, {MARKET: 4}]
    last = [MARKET, STONE, X2]
    st = last_pick(3, drafted, last, coins=[0, 0, 0])
    finish(st, last)
    # seat 1 chooses: its one x2 may double money or stone or market
    assert st.phase == "pair" and st.to_act() == (0,)
    assert notations(st, 0) == ["pair-M", "pair-S", "pair-K"]
    play(st, 0, "pair-M")
    assert st.boards[0].coins == 3  # 2 money cards, one doubled
    assert st.boards[1].coins == 1
    # seat 3's x2 pairs with a market card without asking (only one choice)
    assert st.boards[2].doubled == "K"
    conserved(st)


def test_unpaired_x2_does_nothing_and_pairs_need_distinct_cards():
    drafted = [{X2: 4}, {MONEY: 4}, {STONE: 4}]
    st = last_pick(3, drafted, [MONEY, ORDER, MARKET], coins=[0, 0, 0])
    finish(st, [MONEY, ORDER, MARKET])
    # 4 x2 and one money card: one pair only, 2 coins
    assert st.boards[0].doubled == "M" and st.boards[0].coins == 2


def test_x2_counts_twice_toward_a_majority():
    drafted = [{ORDER: 2, X2: 1, MARKET: 1}, {ORDER: 2, MONEY: 2}, {MONEY: 4}]
    last = [MONEY, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0])
    finish(st, last)
    play(st, 0, "pair-O")
    assert st.order_holder == 0
    assert st.boards[0].effective(ORDER) == 3  # two order cards, one of them doubled


def test_order_tie_in_first_round_goes_to_least_money():
    drafted = [{ORDER: 2, MONEY: 2}, {ORDER: 2, MARKET: 2}, {MONEY: 4}]
    last = [STONE, STONE, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0])
    finish(st, last)
    assert st.order_holder == 1  # seat 2 earned no money, seat 1 earned 2


def test_order_tie_still_tied_goes_to_the_first_player():
    drafted = [{ORDER: 2, MONEY: 1}, {ORDER: 2, MONEY: 1}, {MONEY: 4}]
    last = [STONE, MARKET, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0], first=1)
    finish(st, last)
    assert st.order_holder == 1
    st = last_pick(3, drafted, last, coins=[0, 0, 0], first=0)
    finish(st, last)
    assert st.order_holder == 0


def test_ties_are_the_order_holders_choice():
    drafted = [{ORDER: 2, MONEY: 2}, {ORDER: 2, MARKET: 2}, {MONEY: 4}]
    last = [STONE, STONE, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0], order_holder=2)
    finish(st, last)
    assert st.phase == "tie" and st.to_act() == (2,) and st.tie_kind == "order"
    assert notations(st, 2) == ["tie1", "tie2"]
    play(st, 2, "tie1")
    assert st.order_holder == 0
    # "Any ties are decided by the last player who earned the Square Mason's Order
    # marker last (this ability is awarded after the draft)": the stone tie (1 each
    # for seats 1 and 2) is decided by the holder before this draft, seat 3, too
    assert st.phase == "tie" and st.tie_kind == "stone" and st.to_act() == (2,)
    play(st, 2, "tie2")
    assert st.boards[1].stones == 1 and st.stone_supply == 23
    assert st.market_holder == 1
    conserved(st)


def test_stone_majority_gains_one_stone_and_market_majority_the_marker():
    drafted = [{STONE: 3, MONEY: 1}, {MARKET: 3, MONEY: 1}, {MONEY: 4}]
    last = [ORDER, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0])
    finish(st, last)
    assert st.boards[0].stones == 1
    assert st.market_holder == 1
    assert st.order_holder == 0
    # the Market holder chooses the offer: players - 1 different blocks
    assert st.phase == "market" and st.to_act() == (1,)
    offers = notations(st, 1)
    assert len(offers) == 21 and all(len(set(o[6:])) == 2 for o in offers)


def test_rewards_are_kept_until_beaten():
    drafted = [{MONEY: 4}, {MONEY: 4}, {MONEY: 4}]
    last = [MONEY, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0], order_holder=2)
    st.market_holder = 1
    finish(st, last)
    assert st.order_holder == 2 and st.market_holder == 1
    assert all(b.stones == 0 for b in st.boards)
    # beaten: one order card is enough
    st = last_pick(3, [{MONEY: 4}, {MONEY: 4}, {MONEY: 4}], [ORDER, MONEY, MONEY], coins=[0, 0, 0], order_holder=2)
    finish(st, [ORDER, MONEY, MONEY])
    assert st.order_holder == 0


# ---------------------------------------------------------------- audit additions


def test_pairings_are_made_in_turn_order_from_the_first_player():
    drafted = [{MONEY: 2, STONE: 1, X2: 1}, {MONEY: 2, ORDER: 1, X2: 1}, {MONEY: 2, MARKET: 1, X2: 1}]
    last = [MARKET, STONE, ORDER]
    for direction, order in (("cw", [1, 2, 0]), ("ccw", [1, 0, 2])):
        st = last_pick(3, drafted, last, coins=[0, 0, 0], first=1)
        st.way = 1 if direction == "cw" else -1
        finish(st, last)
        seen = []
        while st.phase == "pair":
            seen.append(st.actor)
            play(st, st.actor, "pair-M")
        assert seen == order
        assert [b.coins for b in st.boards] == [3, 3, 3]


def test_order_tie_without_holder_and_first_player_not_tied_follows_turn_order():
    drafted = [{ORDER: 2, MONEY: 1}, {ORDER: 2, MONEY: 1}, {MONEY: 4}]
    last = [STONE, MARKET, MONEY]
    for step, holder in ((1, 0), (-1, 1)):  # from seat 3: cw 3,1,2 / ccw 3,2,1
        st = last_pick(3, drafted, last, coins=[0, 0, 0], first=2)
        st.way = step
        finish(st, last)
        assert st.order_holder == holder


def test_least_money_counts_coins_after_the_money_reward():
    # Round 1: everyone holds 1 coin, so "earned the least money" = least coins now.
    drafted = [{ORDER: 2, MONEY: 1}, {ORDER: 2}, {MONEY: 4}]
    last = [STONE, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[1, 1, 1])
    finish(st, last)
    assert [b.coins for b in st.boards] == [2, 2, 6]
    assert st.order_holder == 0  # still tied on money: the first player
    st = last_pick(3, drafted, [STONE, STONE, MONEY], coins=[1, 1, 1])
    finish(st, [STONE, STONE, MONEY])
    assert st.order_holder == 1  # earned nothing


def test_stone_and_market_ties_without_any_order_holder_go_to_turn_order():
    drafted = [{STONE: 2, MARKET: 2}, {STONE: 2, MARKET: 2}, {MONEY: 4}]
    last = [MONEY, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0], first=1)
    finish(st, last)
    assert st.order_holder is None  # nobody drafted an order card
    assert st.boards[1].stones == 1 and st.boards[0].stones == 0
    assert st.market_holder == 1


def test_market_tie_is_decided_by_the_holder_before_the_draft():
    drafted = [{MARKET: 2, MONEY: 2}, {MARKET: 2, MONEY: 2}, {ORDER: 4}]
    last = [MONEY, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0], order_holder=0)
    finish(st, last)
    assert st.order_holder == 2 and st.prior_order == 0  # seat 3 takes the Order ...
    assert st.phase == "tie" and st.tie_kind == "market" and st.to_act() == (0,)  # ... seat 1 decides
    play(st, 0, "tie2")
    assert st.market_holder == 1 and st.phase == "market" and st.to_act() == (1,)


def test_without_an_earlier_holder_a_market_tie_goes_to_turn_order():
    drafted = [{MARKET: 2, MONEY: 2}, {MARKET: 2, MONEY: 2}, {ORDER: 4}]
    last = [MONEY, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0], first=1)
    finish(st, last)
    assert st.order_holder == 2 and st.prior_order is None
    assert st.market_holder == 1 and st.phase == "market"  # seat 2 is first in turn order


def test_without_a_market_holder_the_first_player_offers():
    drafted = [{MONEY: 4}, {MONEY: 4}, {MONEY: 4}]
    last = [MONEY, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0], first=2)
    finish(st, last)
    assert st.market_holder is None and st.phase == "market" and st.to_act() == (2,)


def test_stone_majority_with_no_stone_left():
    drafted = [{STONE: 3, MONEY: 1}, {MONEY: 4}, {MONEY: 4}]
    last = [MONEY, MONEY, MONEY]
    st = last_pick(3, drafted, last, coins=[0, 0, 0])
    st.stone_supply, st.boards[1].stones = 0, 24
    events = finish_events(st, last)
    assert st.boards[0].stones == 0 and any("no stone is left" in e.text for e in events)
    conserved(st)


def finish_events(st, last):
    events = []
    for s, card in enumerate(last):
        events += play(st, s, N[card])
    return events
