"""Notation: round trip, the three error kinds, words for every move."""
import pytest
from sc_helpers import give, play, started

from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from rulesets.square_and_compass.moves import PARSE, TEXT, Place, format_move, parse_text


def test_every_move_has_one_notation_that_parses_back():
    assert len(set(TEXT.values())) == len(TEXT)
    for mv, text in TEXT.items():
        assert parse_text(text) == mv and parse_text(text.upper()) == mv
        assert format_move(mv) == text


def test_names_and_spaces_are_accepted():
    st = started()
    assert st.parse_move("Gatherer", 0) == Place(11)
    assert st.parse_move(" G A ", 0) == Place(11)
    assert PARSE["handplow"] == Place(2)


def test_invalid_illegal_ambiguous():
    st = started()
    with pytest.raises(InvalidMoveError, match="not Square and Compass notation"):
        st.parse_move("zz9", 0)
    with pytest.raises(IllegalMoveError, match="not open yet"):
        st.parse_move("sp", 0)
    with pytest.raises(IllegalMoveError, match="not Seat 2's turn"):
        st.parse_move("ga", 1)
    with pytest.raises(AmbiguousMoveError, match="could mean"):
        st.parse_move("h", 0)
    with pytest.raises(InvalidMoveError):
        st.parse_move("", 0)


def test_why_illegal_for_each_kind_of_step():
    st = started()
    give(st, 0, hand="t")
    play(st, "sm")
    assert "you need 1 iron card" in st.why_illegal(0, PARSE["pi"])
    assert "you cannot take a resource now" in st.why_illegal(0, PARSE["r1"])
    assert "not optional" in st.why_illegal(0, PARSE["done"])
    assert "not possible now" in st.why_illegal(0, PARSE["ga"])


def test_describe_move_speaks_of_the_position():
    st = started()
    texts = {st.format_move(m): st.describe_move(m) for m in st.legal(0)}
    assert texts["ga"].startswith("place a tile on Gatherer: take 1 normal resource (3 room left)")
    assert texts["pass"].startswith("pass")
    play(st, "df")
    k1 = st.describe_move(PARSE["k1"])
    assert k1.startswith("take ") and "VP" in k1
    assert st.describe_move(PARSE["kd"]) == "draw the top card of the contract deck"
