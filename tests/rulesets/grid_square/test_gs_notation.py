"""Notation: parse and format, the round trip, and the three kinds of error."""
import pytest
from gs_helpers import cell, cells, new_state, play, position

from engine.bots import RandomBot
from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError
from rulesets.grid_square.moves import PASS, Claim, Place, Slide, format_move, parse_text


@pytest.mark.parametrize(
    "text, move",
    [
        ("Mc4h", Place(2, 2, 3, "h")),
        ("Sa1v", Place(1, 0, 0, "v")),
        ("Li6v", Place(3, 8, 5, "v")),
        ("Lf9h", Place(3, 5, 8, "h")),
        ("Mc4h-e2", Slide(2, 2, 3, "h", "e", 2)),
        ("Sa1v-n8", Slide(1, 0, 0, "v", "n", 8)),
        ("@d5", Claim(4 * 8 + 3)),
        ("@a1", Claim(0)),
        ("@h8", Claim(63)),
        ("pass", PASS),
    ],
)
def test_parse_and_format(text, move):
    assert parse_text(text) == move
    assert format_move(move) == text


@pytest.mark.parametrize("text", ["mc4h", " M C4 H ", "MC4H", "mC4h-E2", "PASS", "skip", "-"])
def test_parse_is_case_and_space_insensitive(text):
    assert format_move(parse_text(text)) in ("Mc4h", "Mc4h-e2", "pass")


@pytest.mark.parametrize(
    "text",
    ["", "   ", "Xc4h", "Mj1h", "Ma0h", "Ma10h", "Mc4", "Mc4d", "@i1", "@a9", "@a0", "Mc4h-e9", "Mc4h-e0",
     "Mc4h-x1", "Mc4h-e", "c4", "Mc4h e2 x", "pass please"],
)
def test_invalid_text(text):
    s = new_state()
    with pytest.raises(InvalidMoveError):
        s.parse_move(text, 0)


def test_illegal_here():
    s = position("Sd4h")
    cases = {
        "La7v": "stick out",
        "Sd4h": "overlaps",
        "@a1": "no area to claim",
        "Sd4h-e1": "no slide now",
        "pass": "place a building first",
    }
    for text, why in cases.items():
        with pytest.raises(IllegalMoveError, match=why):
            s.parse_move(text, 0)
    with pytest.raises(IllegalMoveError, match="not Seat 2's turn"):
        s.parse_move("Sa1h", 1)


def test_errors_are_value_errors_with_one_line_messages():
    s = new_state()
    for text in ("zz", "La7v"):
        with pytest.raises(MoveError) as info:
            s.parse_move(text, 0)
        assert isinstance(info.value, ValueError)
        assert "\n" not in str(info.value) and str(info.value)


def test_nothing_is_ambiguous_in_grid_square_notation():
    # the Grid Square parser reads complete notation only: an abbreviation
    # is invalid text, never a guess among several moves
    s = new_state()
    with pytest.raises(InvalidMoveError):
        s.parse_move("Ma1", 0)
    # the engine's prefix matcher does report the ambiguity
    with pytest.raises(AmbiguousMoveError, match="Ma1h, Ma1v"):
        s.parse_by_notation("Ma1", 0)
    assert s.parse_by_notation("Ma1v", 0) == Place(2, 0, 0, "v")


def test_a_claim_may_name_any_cell_of_the_area():
    s = position("Sd4h", "Se4h", "Sd5h", "Se5h", "Sd4v")
    play(s, "Sf4v", "pass")
    assert s.parse_move("@e4", 0) == Claim(cell("d4"))
    assert format_move(s.parse_move("@e4", 0)) == "@d4"
    with pytest.raises(IllegalMoveError, match="not in an area you completed"):
        s.parse_move("@f4", 0)
    play(s, "@e4")
    assert s.claims == [(cells("d4", "e4"), 0, cell("d4"))]


def test_round_trip_over_random_games():
    for seed in range(3):
        s = new_state()
        bot = RandomBot(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal(seat)
            for m in legal:
                assert s.parse_move(format_move(m), seat) == m
            s.apply(seat, bot.choose(s, seat))
