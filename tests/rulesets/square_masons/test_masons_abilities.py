"""Town abilities at the end of a build turn: Scrapyards, Donations, Banks, Quarries, in that order."""
from masons_helpers import building, conserved, notations, play, reserve

from rulesets.square_masons.content import BLOCK_INDEX

SCRAP, DONATION, BANK, QUARRY = range(4)


def own(st, seat, towns):
    for i, k in enumerate(towns):
        st.boards[seat].towns[i] += k
        st.town_supply[i] -= k


def with_unsold(st, letters):
    st.offer = [BLOCK_INDEX[c] for c in letters]
    st.sold = [None] * len(letters)
    for t in st.offer:
        st.supply[t] -= 1


def test_order_of_activation_and_each_ability():
    st = building(coins=[4, 0, 0])
    own(st, 0, [1, 1, 1, 1])
    reserve(st, 0, stones=1)
    st.boards[0].lost, st.boards[0].lost_paid = True, 1
    with_unsold(st, "Z")
    play(st, 0, "end")
    assert st.phase == "ability" and st.abilities[0] == "scrap"
    assert notations(st, 0) == ["sell", "buy-Z", "skip"]
    texts = [e.text for e in play(st, 0, "sell")]
    assert "Scrapyard buys a stone for 3" in texts[0]
    assert st.boards[0].coins == 8  # 4 + 3 + 1 refund
    assert "refunds 1 coin" in texts[1]
    assert st.phase == "ability" and notations(st, 0) == ["donate", "skip"]
    texts = [e.text for e in play(st, 0, "skip")]  # donating would reach 13 and end the game at once
    assert "Bank pays 2 coins" in texts[0] and "Quarry gives a stone" in texts[1]
    assert st.boards[0].coins == 8 + 2
    assert st.boards[0].stones == 1
    assert st.actor == 1  # next builder
    conserved(st)


def test_a_donation_that_reaches_13_ends_the_game_before_the_other_abilities():
    st = building(coins=[4, 0, 9])
    own(st, 0, [1, 1, 1, 1])
    play(st, 0, "end")
    events = play(st, 0, "donate")
    assert st.is_over() and st.boards[0].prestige == 13
    assert st.outcome().winners == (0,)  # first to 13, whoever has more money
    assert st.boards[0].coins == 1 and st.boards[0].stones == 0  # no Bank, no Quarry after the end
    assert "reached 13" in events[-1].text
    conserved(st)


def test_several_cards_act_several_times():
    st = building(coins=[0, 0, 0])
    own(st, 0, [0, 0, 2, 3])
    play(st, 0, "end")
    assert st.boards[0].coins == 4 and st.boards[0].stones == 3
    conserved(st)


def test_donation_refund_only_after_a_lost_auction():
    st = building(coins=[1, 0, 0])
    own(st, 0, [0, 2, 0, 0])
    play(st, 0, "end")
    assert st.boards[0].coins == 1  # not outbid: no refund, and too poor to donate
    st = building(coins=[1, 0, 0])
    own(st, 0, [0, 2, 0, 0])
    st.boards[0].lost, st.boards[0].lost_paid = True, 1
    play(st, 0, "end")
    assert st.boards[0].coins == 3  # 1 + 1 + 1: one refund per Donation Center


def test_scrapyard_buys_an_unsold_block_into_the_reserve():
    st = building(coins=[3, 0, 0])
    own(st, 0, [1, 0, 0, 0])
    with_unsold(st, "IL")
    play(st, 0, "end")
    assert notations(st, 0) == ["buy-I", "buy-L", "skip"]
    play(st, 0, "buy-L")
    assert st.boards[0].reserve[BLOCK_INDEX["L"]] == 1 and st.boards[0].coins == 0
    assert st.unsold() == [BLOCK_INDEX["I"]]
    conserved(st)


def test_scrapyard_with_nothing_to_do_is_skipped():
    st = building(coins=[2, 0, 0])
    own(st, 0, [1, 0, 0, 0])
    with_unsold(st, "I")
    play(st, 0, "end")  # no stone, and 2 coins cannot buy
    assert st.actor == 1


def test_a_town_claimed_this_turn_acts_this_turn():
    from masons_helpers import put_cells

    st = building(coins=[0, 0, 0])
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    put_cells(st, 0, "J/L", "a1 a2 a3 b3")
    play(st, 0, "claim-bank")
    play(st, 0, "end")
    assert st.boards[0].coins == 2


# ---------------------------------------------------------------- audit additions


def test_scrapyard_buy_needs_room_in_the_reserve():
    st = building(coins=[9, 0, 0])
    own(st, 0, [1, 0, 0, 0])
    reserve(st, 0, "IOT", stones=1)
    with_unsold(st, "L")
    play(st, 0, "end")
    assert notations(st, 0) == ["sell", "skip"]


def test_each_scrapyard_acts_once():
    st = building(coins=[6, 0, 0])
    own(st, 0, [2, 0, 0, 0])
    reserve(st, 0, stones=2)
    with_unsold(st, "IL")
    play(st, 0, "end")
    play(st, 0, "buy-I")
    assert st.phase == "ability" and notations(st, 0) == ["sell", "buy-L", "skip"]
    play(st, 0, "sell")
    assert st.actor == 1 and st.boards[0].coins == 6 and st.boards[0].stones == 1
    conserved(st)


def test_each_donation_center_donates_once_and_tokens_are_limited():
    st = building(coins=[9, 0, 0])
    own(st, 0, [0, 2, 0, 0])
    play(st, 0, "end")
    play(st, 0, "donate")
    assert st.phase == "ability" and notations(st, 0) == ["donate", "skip"]
    play(st, 0, "donate")
    assert st.actor == 1 and st.boards[0].donations == 2 and st.boards[0].coins == 3
    st = building(coins=[9, 0, 0])
    own(st, 0, [0, 1, 0, 0])
    st.boards[1].donations, st.prestige_tokens = 20, 0
    play(st, 0, "end")  # no token left: nothing to ask
    assert st.actor == 1 and st.boards[0].coins == 9
    conserved(st)


def test_withdrawing_is_not_losing_for_the_donation_refund():
    from masons_helpers import auction

    st = auction(3, "IO", coins=[3, 3, 3])
    own(st, 0, [0, 1, 0, 0])
    play(st, 0, "withdraw")
    play(st, 1, "bid1-1")
    play(st, 2, "bid2-1")
    assert st.boards[0].coins == 4 and not st.boards[0].lost
    # seat 1 builds first: no refund (it withdrew), then the donation is offered
    assert st.actor == 0 and st.phase == "build"
    play(st, 0, "end")
    assert st.phase == "ability" and notations(st, 0) == ["donate", "skip"]
    play(st, 0, "skip")
    assert st.boards[0].coins == 4


def test_the_bank_pays_no_more_than_it_holds():
    st = building(coins=[0, 0, 0])
    own(st, 0, [0, 0, 2, 0])
    st.boards[1].coins, st.bank = 87, 3
    play(st, 0, "end")
    assert st.boards[0].coins == 3 and st.bank == 0
    conserved(st)
