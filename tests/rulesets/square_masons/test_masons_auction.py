"""The market offer and the sealed auction, with the rulebook's worked example."""
import pytest
from masons_helpers import auction, conserved, notations, play

from engine.errors import IllegalMoveError
from rulesets.square_masons.choices import offer_options
from rulesets.square_masons.content import BLOCK_INDEX, HIDDEN


def test_rulebook_example():
    # Blocks #1 #2 #3 on offer; P1 bids 3 on #2, P2 bids 0 on #3, P3 bids 4 on #2.
    st = auction(3, "IOT", coins=[5, 5, 5])
    play(st, 0, "bid2-3")
    play(st, 1, "bid3-0")
    events = play(st, 2, "bid2-4")
    texts = [e.text for e in events if e.private_to is None]
    assert any(t.startswith("Auction revealed") for t in texts)
    assert st.boards[1].won == BLOCK_INDEX["T"] and st.boards[1].coins == 5   # block 3 for free
    assert st.boards[2].won == BLOCK_INDEX["O"] and st.boards[2].coins == 1   # block 2 for 4
    assert st.boards[0].won is None and st.boards[0].coins == 3               # outbid: pays 2
    assert st.boards[0].lost and not st.boards[1].lost and not st.boards[2].lost
    assert st.unsold() == [BLOCK_INDEX["I"]]
    conserved(st)
    # block 1 goes back to the supply at the end of the build phase
    supply_i = st.supply[BLOCK_INDEX["I"]]
    while st.phase != "direction":
        s = st.to_act()[0]
        st.apply(s, st.parse_move("res" if st.phase == "place_won" else "end", s))
    assert st.supply[BLOCK_INDEX["I"]] == supply_i + 1
    assert st.offer == []
    conserved(st)


def test_rulebook_example_with_four_players():
    st = auction(4, "IOT", coins=[5, 5, 5, 5])
    for s, text in enumerate(["bid2-3", "bid3-0", "bid2-4", "withdraw"]):
        play(st, s, text)
    assert [b.coins for b in st.boards] == [3, 5, 1, 6]
    assert st.boards[3].won is None and not st.boards[3].lost


def test_bids_are_sealed_until_all_are_in():
    st = auction(3, "IO", coins=[4, 4, 4])
    events = play(st, 0, "bid1-2")
    assert [e.text for e in events if e.private_to is None] == ["{P1} has chosen"]
    assert [e.private_to for e in events if e.private_to is not None] == [0]
    for other in (1, 2):
        assert st.view(other).boards[0].bid == HIDDEN
        assert st.view(other).snapshot()["boards"][0]["bid"] == "?"
        assert "bid1-2" not in st.view(other).render(other, ["a", "b", "c"])
    assert st.view(0).boards[0].bid == (1, 2)
    assert st.to_act() == (1, 2)


def test_bid_limits_and_withdraw():
    st = auction(3, "IO", coins=[2, 0, 1])
    assert notations(st, 0) == ["bid1-0", "bid1-1", "bid1-2", "bid2-0", "bid2-1", "bid2-2", "withdraw"]
    assert notations(st, 1) == ["bid1-0", "bid2-0", "withdraw"]
    with pytest.raises(IllegalMoveError, match="cannot bid 3"):
        st.parse_move("bid1-3", 0)
    with pytest.raises(IllegalMoveError, match="no auction space 3"):
        st.parse_move("bid3-0", 0)
    play(st, 0, "withdraw")
    play(st, 1, "withdraw")
    play(st, 2, "bid1-1")
    assert [b.coins for b in st.boards] == [3, 1, 0]
    assert st.unsold() == [BLOCK_INDEX["O"]]
    conserved(st)


def test_outbid_pays_half_rounded_up():
    st = auction(4, "IOT", coins=[9, 9, 9, 9])
    for s, text in enumerate(["bid1-5", "bid1-7", "bid1-1", "bid1-8"]):
        play(st, s, text)
    assert [b.coins for b in st.boards] == [9 - 3, 9 - 4, 9 - 1, 9 - 8]


def test_auction_tie_is_the_order_holders_choice():
    st = auction(3, "IO", coins=[5, 5, 5], order_holder=2)
    play(st, 0, "bid1-3")
    play(st, 1, "bid1-3")
    play(st, 2, "bid2-0")
    assert st.phase == "auction_tie" and st.to_act() == (2,)
    assert notations(st, 2) == ["tie1", "tie2"]
    play(st, 2, "tie2")
    assert st.boards[1].won == BLOCK_INDEX["I"] and st.boards[1].coins == 2
    assert st.boards[0].coins == 3 and st.boards[0].lost
    assert st.boards[2].won == BLOCK_INDEX["O"]


def test_auction_tie_without_holder_goes_to_turn_order():
    st = auction(3, "IO", coins=[5, 5, 5])
    st.first = 1
    for s in range(3):
        play(st, s, "bid1-2")
    assert st.boards[1].won == BLOCK_INDEX["I"]


def test_offer_is_different_blocks_if_possible():
    assert offer_options([4] * 7, 2)[:3] == ["IO", "IT", "IS"]
    assert len(offer_options([4] * 7, 4)) == 35
    assert offer_options([0, 2, 0, 0, 0, 0, 1], 3) == ["OOL"]
    assert offer_options([0, 3, 0, 0, 0, 0, 0], 2) == ["OO"]
    assert offer_options([0, 1, 0, 0, 0, 0, 0], 1) == ["O"]


def test_market_holder_offer_takes_blocks_from_the_supply():
    from masons_helpers import new
    st = new(4)
    st.phase, st.actor, st.market_holder = "market", 2, 2
    play(st, 2, "offer-ZJT")  # any order, canonical TZJ
    assert st.phase == "auction" and st.to_act() == (0, 1, 2, 3)
    assert st.offer == [BLOCK_INDEX[c] for c in "TZJ"]
    assert st.supply[BLOCK_INDEX["T"]] == 3 and st.phase == "auction"


# ---------------------------------------------------------------- audit additions


def test_outbid_ties_at_zero_pay_nothing_but_have_lost():
    st = auction(3, "IO", coins=[0, 0, 0])
    st.first = 0
    for s in range(3):
        play(st, s, "bid1-0")
    assert st.boards[0].won == BLOCK_INDEX["I"]
    assert [b.coins for b in st.boards] == [0, 0, 0]
    assert [b.lost for b in st.boards] == [False, True, True]


def test_withdraw_coin_comes_at_the_end_of_the_auction_for_every_withdrawer():
    st = auction(5, "IOTS", coins=[0, 0, 0, 0, 0])
    for s in range(5):
        play(st, s, "withdraw")
    assert [b.coins for b in st.boards] == [1] * 5
    assert st.unsold() == [BLOCK_INDEX[c] for c in "IOTS"]
    conserved(st)


def test_offer_is_players_minus_one_blocks_for_each_count():
    from masons_helpers import new
    for n in (3, 4, 5):
        st = new(n)
        st.phase, st.actor, st.market_holder = "market", 0, 0
        assert all(len(m) == 6 + n - 1 for m in notations(st, 0))


def test_auction_log_speaks_words_not_notation():
    """'bids 5 coins on space 1 (the I block)', 'wins the I block for 8
    coins', never '5 on 1:I' or 'wins block I for 8'."""
    st = auction(4, "IOT", coins=[9, 9, 9, 9])
    events = []
    for s, text in enumerate(["bid1-5", "bid1-7", "bid1-1", "bid1-8"]):
        events += play(st, s, text)
    texts = [e.text for e in events if e.private_to is None]
    reveal = next(t for t in texts if t.startswith("Auction revealed"))
    assert "{P1} bids 5 coins on space 1 (the I block)" in reveal and "1:I" not in reveal
    assert "{P4} wins the I block for 8 coins" in texts
    assert "{P3} is outbid on space 1 and pays 1 coin" in texts
