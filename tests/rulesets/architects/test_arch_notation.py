"""Notation: every legal move round-trips, describe_move covers every move,
and the three kinds of error."""
import pytest
from arch_helpers import card, give, new, playing, put

from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engine.rng import Rng
from rulesets.architects.moves import Bid, Discard, End, Group, Jump, Pair, Single, Stay, Step, Toggle, format_move, parse_text


@pytest.mark.parametrize(
    "move, text",
    [
        (Bid(1, 55), "II=55"),
        (Step("c4"), "c4"),
        (Single(card("1g"), ("c4",)), "1g>c4"),
        (Single(card("10w"), ("b4", "c4")), "10w>b4>c4"),
        (Toggle(card("9t"), "lo"), "9t:lo"),
        (Pair((card("5g"), card("5s")), 1, ("e3",)), "5g+5s@2>e3"),
        (Group("lb", (card("3s"), card("4t"), card("5w"))), "lb:3s+4t+5w"),
        (Group("sw", tuple(card(c) for c in "1g 3g 5g 7g 9g".split()), 2), "sw3:1g+3g+5g+7g+9g"),
        (Discard(card("7t")), "x7t"),
        (Jump("e5"), "j>e5"),
        (Stay(), "stay"),
        (End(), "end"),
    ],
)
def test_notation(move, text):
    assert format_move(move) == text
    assert parse_text(text) == move
    assert parse_text(text.upper()) == move


def test_every_legal_move_round_trips_and_is_described():
    for seed in range(6):
        st = new(2 + seed % 3, seed)
        rng = Rng(seed)
        for _ in range(150):
            if st.is_over():
                break
            seat = st.to_act()[0]
            legal = st.legal(seat)
            assert legal == sorted(legal, key=format_move)
            for m in legal if st.phase != "auction" else legal[:3]:
                assert st.parse_move(format_move(m), seat) == m
                words = st.describe_move(m, seat)
                assert words and "not along" not in words and "cannot be paid" not in words
            st.apply(seat, rng.choice(legal))


def test_three_error_kinds():
    st = playing()
    give(st, 0, "1g 1s 3t 4w 5g 9s")
    with pytest.raises(InvalidMoveError, match="not Architects notation"):
        st.parse_move("hello!", 0)
    with pytest.raises(IllegalMoveError, match="board I has no space c4"):
        st.parse_move("c4", 0)
    with pytest.raises(IllegalMoveError, match="no line joins a3 and c3"):
        st.parse_move("c3", 0)
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        st.parse_move("2w>b3", 0)
    with pytest.raises(AmbiguousMoveError, match="could mean"):
        st.parse_move("1g", 0)  # 1g>a2 or 1g>b3
    with pytest.raises(IllegalMoveError, match="not Seat 2's turn|not to act|turn"):
        st.parse_move("b5", 1)


def test_prefix_completes_a_unique_move():
    st = playing()
    give(st, 0, "1g 1s 3t 4w 5g 9s")
    assert st.parse_move("9s:a", 0) == Toggle(card("9s"), "ap")


def test_explain_illegal_in_a_players_words():
    st = playing()
    give(st, 0, "1g 1s 3t 4w 5g 9s")
    assert "must move first" in st.why_illegal(0, End())
    assert "a pair is two cards of the same number" in st.why_illegal(0, Pair((card("1g"), card("3t")), 1, ("b5",)))
    assert "do not make that play" in st.why_illegal(0, Group("lb", (card("1g"), card("1s"), card("3t"))))
    put(st, 0, "d2")
    assert "closed blue area" in st.why_illegal(0, Single(card("1g"), ("d1",)))
    st2 = new(2)
    assert "auction comes first" in st2.why_illegal(0, Step("b3"))
    assert "already been won" not in st2.why_illegal(0, Bid(0, 10))
