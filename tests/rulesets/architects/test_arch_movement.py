"""Moving a client: forward pays, backward refunds, coloured lines, closed
areas and dashed lines, the special spaces and the yellow flip (board I)."""
import pytest
from arch_helpers import give, play, playing, put, total, where

from rulesets.architects.moves import Step


def funds(st, seat=0):
    p = st.players[seat]
    return p.client, p.funds


@pytest.fixture
def st():
    s = playing()  # seat 0 on board I (client 70), seat 1 on board II (client 75)
    give(s, 0, "1g 2g 3g 1s 2s 3s")
    s.players[0].funds = 30
    return s


def test_forward_pays_the_space_moved_to_backward_refunds_the_space_left(st):
    put(st, 0, "c2")
    play(st, 0, "d2")  # right: advance onto a 4
    assert funds(st) == (66, 34)
    st.moved = False
    play(st, 0, "c2")  # left: retreat from the 4
    assert funds(st) == (70, 30)


def test_vertical_lines_follow_their_arrow(st):
    put(st, 0, "a2")
    play(st, 0, "a3")  # a3>a2 runs forward upward, so going down retreats: refund a2's 2
    assert funds(st) == (72, 28)
    st.moved = False
    play(st, 0, "a2")
    assert funds(st) == (70, 30)


@pytest.mark.parametrize(
    "flag, start, to, expect",
    [
        (None, "e2", "f2", (64, 36)),  # plain: pay f2's 6
        ("lb", "e2", "f2", (64 + 5, 36)),  # blue: + half of 5 + 6 from the bank
        ("lo", "b2", "c2", (70 - 4 - 3, 34)),  # orange: pay half of 3 + 4 to the bank
        ("lg", "h2", "i2", (70 - 3 + 8, 33)),  # green: + 5 + 3 from the bank
        ("lr", "h4", "i4", (70 - 6 - 11, 36)),  # red: pay 5 + 6 to the bank
        ("lr", "i4", "h4", (70 + 6 - 11, 24)),  # red, backward: refund 6, pay 11
    ],
)
def test_coloured_lines_pay_when_active(st, flag, start, to, expect):
    if flag:
        st.flags.add(flag)
    put(st, 0, start)
    before = total(st)
    play(st, 0, to)
    assert funds(st) == expect and total(st) == before


def test_inactive_coloured_lines_are_plain(st):
    put(st, 0, "h4")
    play(st, 0, "i4")
    assert funds(st) == (64, 36)


def test_closed_areas_may_be_left_but_not_entered(st):
    put(st, 0, "d2")
    assert "d1" not in [st.format_move(m) for m in st.legal(0)]
    assert "closed blue area" in st.why_illegal(0, Step("d1"))
    st.flags.add("ab")
    play(st, 0, "d1")
    st.flags.discard("ab")
    st.moved = False
    moves = [st.format_move(m) for m in st.legal(0)]
    assert "e1" in moves and "d2" in moves  # inside the closed area and out of it
    play(st, 0, "d2")
    st.moved = False
    assert "d1" not in [st.format_move(m) for m in st.legal(0)]  # not back in


def test_pink_squares_and_dashed_lines_need_opening(st):
    put(st, 0, "h3")
    assert "pink square" in st.why_illegal(0, Step("g3"))
    st.flags.add("pk")
    assert st.why_illegal(0, Step("g3")) is None
    put(st, 0, "b3")
    assert "dashed line" in st.why_illegal(0, Step("b2"))
    st.flags.add("ld")
    assert st.why_illegal(0, Step("b2")) is None


@pytest.mark.parametrize(
    "turned, start, to, expect",
    [
        (False, "e2", "f2", (64, 36)),  # advancing to +black: the architect gains 6
        (False, "f2", "e2", (76, 24)),  # retreating from +black: the architect refunds 6
        (True, "e2", "f2", (76, 24)),  # advancing to -black: the architect refunds 6
        (True, "f2", "e2", (64, 36)),  # retreating from -black: the architect gains 6
    ],
)
def test_the_four_black_cases(st, turned, start, to, expect):
    if turned:
        st.flags.add("sk")
    put(st, 0, start)
    play(st, 0, to)
    assert funds(st) == expect


def test_red_chain_goes_to_the_next_number_and_wraps_from_12_to_2(st):
    st.flags.add("sr")
    put(st, 0, "c3")
    play(st, 0, "d3")  # lands on red 2: pays 2, rides to red 4, collects 2
    assert where(st, 0) == "c2" and funds(st) == (68, 34)
    st.moved = False
    put(st, 0, "f6")
    bank = st.bank
    play(st, 0, "g6")  # red 12 wraps to red 2 and collects 12
    assert where(st, 0) == "d3" and funds(st) == (68 - 12, 34 + 12 + 12) and st.bank == bank - 12


def test_red_chain_inactive_does_nothing(st):
    put(st, 0, "f6")
    play(st, 0, "g6")
    assert where(st, 0) == "g6"


def test_retreating_from_a_red_space_refunds_its_number(st):
    st.flags.add("sr")
    put(st, 0, "g6")
    play(st, 0, "f6")
    assert funds(st) == (82, 18) and where(st, 0) == "f6"


def test_blue_space_hyper_jump_earns_the_average(st):
    st.flags |= {"sb", "ab", "ag"}
    put(st, 0, "d1")
    play(st, 0, "e1")  # blue 9
    assert st.phase == "jump" and st.to_act() == (0,)
    assert [st.format_move(m) for m in st.legal(0)] == ["j>d7", "j>e5", "stay"]
    before = funds(st)
    play(st, 0, "j>d7")
    assert where(st, 0) == "d7" and funds(st) == (before[0], before[1] + (9 + 8) // 2)
    assert st.phase == "turn"


def test_jumps_only_to_open_spaces_and_may_be_declined(st):
    st.flags |= {"sg", "ag"}
    put(st, 0, "i5")
    st.flags.add("ap")
    play(st, 0, "i6")  # retreat onto glass 5; glass f3 (grey, open) is a target, g7 (blue, closed) not
    assert [st.format_move(m) for m in st.legal(0)] == ["j>f3", "stay"]
    play(st, 0, "stay")
    assert where(st, 0) == "i6" and st.phase == "turn"


def test_no_jump_choice_without_an_open_target(st):
    st.flags |= {"sg", "ap"}
    put(st, 0, "i5")
    play(st, 0, "i6")
    assert st.phase == "turn"


def test_yellow_flip_moves_clients_on_linked_yellow_spaces_on_every_board(st):
    give(st, 0, "1g 3g 5g 7g 2s 4w")
    put(st, 0, "b3")
    assert where(st, 1) == "a5"  # board II starts in the lower half
    bank = st.bank
    play(st, 0, "yf:1g+3g+5g+7g")
    assert where(st, 0) == "b5" and where(st, 1) == "a3"
    assert st.players[0].funds == 34 and st.bank == bank - 4


def test_flip_leaves_clients_outside_the_yellow_area(st):
    give(st, 0, "1g 3g 5g 7g 2s 4w")
    put(st, 0, "d2")
    play(st, 0, "yf:1g+3g+5g+7g")
    assert where(st, 0) == "d2"


def test_forward_move_needs_the_client_funds(st):
    st.players[0].client = 3
    put(st, 0, "c2")
    assert "cannot pay" in st.why_illegal(0, Step("d2"))
    st.players[0].funds = 1
    assert "cannot pay" in st.why_illegal(0, Step("b2"))  # refund 4 from an architect with 1
