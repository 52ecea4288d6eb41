"""The sealed auction, bankruptcy, the endgame, the bank and the result."""

from arch_helpers import give, new, play, playing, put, total, where

from engine.hidden import HIDDEN
from rulesets.architects import content as K
from rulesets.architects.moves import END, Bid, Single, Step


def test_setup_deals_an_architect_and_six_cards_each():
    st = new(4, seed=3)
    assert len({p.architect for p in st.players}) == 4 and len(st.spare_architects) == 4
    assert all(len(p.hand) == 6 for p in st.players) and len(st.deck) == 60 - 24
    assert st.phase == "auction" and st.to_act() == (0, 1, 2, 3) and st.bank == K.BANK_FUNDS


def test_bids_stay_within_the_board_limits():
    st = new(2)
    legal = st.legal(0)
    assert Bid(0, 40) in legal and Bid(0, 70) in legal and Bid(0, 39) not in legal and Bid(0, 71) not in legal
    assert "from 40 to 70" in st.why_illegal(0, Bid(0, 71))
    assert st.is_sealed(0, Bid(0, 50)) and not st.is_sealed(0, END)


def test_lowest_bid_wins_ties_go_to_the_oldest_and_losers_bid_again():
    st = new(3, seed=5)
    st.players[0].architect = 4  # Le Corbusier, 1887
    st.players[1].architect = 0  # Frank Lloyd Wright, 1867
    st.players[2].architect = 5  # Alvar Aalto, 1898
    for s in range(3):
        st.apply(s, Bid(1, 50))
    assert st.players[1].board == 1 and st.players[1].client == 50
    assert st.phase == "auction" and st.to_act() == (0, 2)
    assert Bid(1, 50) not in st.legal(0)
    st.apply(0, Bid(0, 60))
    st.apply(2, Bid(0, 45))
    assert st.players[2].board == 0 and st.to_act() == (0,)
    st.apply(0, Bid(3, 70))
    assert st.phase == "turn" and [p.board for p in st.players] == [3, 1, 0]
    assert st.order == [2, 1, 0] and st.seat == 2  # by the boards' numerals
    assert [p.funds for p in st.players] == [0, 0, 0]
    assert st.bank == K.BANK_FUNDS - 50 - 45 - 70 and total(st) == K.BANK_FUNDS
    assert [where(st, s) for s in range(3)] == ["a3", "a5", "a3"]  # on S


def test_a_single_bidder_wins_and_architects_are_shown_with_the_bids():
    st = new(2, seed=1)
    v = st.view(0)
    assert v.players[1].architect == HIDDEN and v.players[0].architect != HIDDEN
    st.apply(0, Bid(2, 55))
    assert st.view(0).players[0].bid == (2, 55) and st.view(1).players[0].bid == HIDDEN
    st.apply(1, Bid(3, 60))
    assert st.revealed and st.view(0).players[1].architect == st.players[1].architect
    assert (st.players[0].board, st.players[0].client) == (2, 55)


def test_bankrupt_when_no_move_can_be_paid():
    st = playing()
    give(st, 0, "12g 13g 14g 15g 12s 13s")
    put(st, 0, "c2")
    st.players[0].client = st.players[0].funds = 0
    bank = st.bank
    assert st.legal(0) == sorted(st.legal(0), key=st.format_move) and END in st.legal(0)
    assert not any(isinstance(m, (Step, Single)) for m in st.legal(0))
    events = play(st, 0, "end")
    assert st.players[0].status == "bankrupt" and st.players[0].hand == []
    assert st.bank == bank and "no move it can pay for" in events[0].text
    assert st.seat == 1 and len(st.discard) == 6
    assert st.prompt(0) == "You are bankrupt and out of the game; Seat 2 plays on"  # not only 'Wait for Seat 2'


def test_bankrupt_player_ranks_last_and_the_game_ends_when_nobody_plays():
    st = playing()
    st.players[0].status = "bankrupt"
    st.players[1].funds = 5
    put(st, 1, "j6")
    st.seat = st.actor = 1
    give(st, 1, "1g 2g 3g 4g 5g 6g")
    play(st, 1, "j5")  # F
    assert st.phase == "over"
    out = st.outcome()
    assert out.scores == (0, 5 + 12) and out.ranks == (2, 1) and out.breakdown[1] == {"architect funds": 17}


def endgame_state():
    """Three players; seat 1 (board II) reaches F in round 1."""
    st = playing(3)
    for s in range(3):
        give(st, s, "1g 2g 3g 1s 2s 3s" if s == 0 else ("4g 5g 6g 4s 5s 6s" if s == 1 else "7g 8g 10g 7s 8s 10s"))
    put(st, 1, "j6")
    st.flags |= {"ab", "lb"}
    play(st, 0, "b3"), play(st, 0, "x1g"), play(st, 0, "end")
    play(st, 1, "j5")
    return st


def test_reaching_f_completes_the_commission_and_the_endgame_starts_next_round():
    st = endgame_state()
    assert st.players[1].status == "finished" and st.players[1].hand == [] and st.finish_round == 1
    assert st.seat == 2 and not st.endgame  # the round goes on normally
    assert st.prompt(1) == "Your commission is complete; Seat 3 plays on"
    put(st, 2, "b3")
    play(st, 2, "c3")
    assert st.players[2].funds == 3  # full gain (board III's c3 is a 3)
    play(st, 2, "x7g"), play(st, 2, "end")
    assert st.round == 2 and st.endgame and "ab" not in st.flags and "lb" in st.flags
    assert st.seat == 0  # the finished seat plays no more


def test_endgame_halves_forward_gains_not_backward_refunds_and_stops_draws():
    st = endgame_state()
    play(st, 2, "b5"), play(st, 2, "x7g"), play(st, 2, "end")
    p = st.players[0]
    p.funds = 10
    put(st, 0, "b3")
    play(st, 0, "c3")  # value 2: half
    assert (p.client, p.funds) == (70 - 1 - 1, 11)  # b3 cost 1 in round 1
    hand = len(p.hand)
    play(st, 0, "x2g")
    assert len(p.hand) == hand - 1  # no draw
    play(st, 0, "end")
    play(st, 2, "c5"), play(st, 2, "x8g"), play(st, 2, "end")
    play(st, 0, "b3")  # backward: full refund of c3's 2
    assert p.funds == 9


def test_endgame_closes_areas_for_good_and_halves_card_gains():
    st = endgame_state()
    play(st, 2, "b5"), play(st, 2, "x7g"), play(st, 2, "end")
    give(st, 0, "1g 9g 3g 5g 7g 11g")
    moves = [st.format_move(m) for m in st.legal(0)]
    assert not any(m.startswith("9g:") and m[3:] in K.AREA_EFFECTS for m in moves)
    put(st, 0, "a3")
    bank = st.bank
    play(st, 0, "1g>b3")
    assert st.bank == bank - 2 + 0  # the client gains 2 instead of 4 (b3 costs half of 1 = 0)


def test_an_empty_bank_pays_nothing_and_funds_are_conserved():
    st = playing()
    give(st, 0, "1g 2g 3g 1s 2s 3s")
    st.players[1].client += st.bank
    st.bank = 0
    before = total(st)
    put(st, 0, "a3")
    play(st, 0, "1g>b3")
    assert st.players[0].client == 70 - 1 and st.bank == 0 and total(st) == before


def test_round_limit_ends_the_game():
    st = playing(rounds=1)
    give(st, 0, "1g 2g 3g 1s 2s 3s")
    give(st, 1, "4g 5g 6g 4s 5s 6s")
    play(st, 0, "b3"), play(st, 0, "x1g"), play(st, 0, "end")
    play(st, 1, "b5"), play(st, 1, "x4g"), play(st, 1, "end")
    assert st.phase == "over" and "round limit" in st.outcome().termination and st.round == 1
    assert st.outcome().scores == (1, 1) and st.outcome().ranks == (1, 1)
