"""Placement: buildings on grid lines (border lines included), one building a
side, the stock of each player, and the turn's phases."""
import pytest
from gs_helpers import RULESET, legal_texts, mv, new_state, play, position

from engine.errors import IllegalMoveError
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import Place, Slide
from rulesets.grid_square.state import MONUMENTS, STOCK


def test_stock_and_monuments_at_start():
    s = new_state()
    # 4 large, 8 middle, 12 small buildings and 6 monuments each
    assert STOCK == {3: 4, 2: 8, 1: 12}
    assert s.stock == [{3: 4, 2: 8, 1: 12}, {3: 4, 2: 8, 1: 12}]
    assert sum(s.stock[0].values()) == 24 and sum(s.stock[1].values()) == 24
    assert s.monuments == [6, 6] and MONUMENTS == 6
    assert s.to_act() == (0,) and s.phase == "place"


def test_every_position_on_an_empty_board():
    # 9 lines of 8 sides each way: a building of length k fits 9 - k ways
    # along each of the 9 lines, in each of the 2 orientations.
    s = new_state()
    expected = sum(2 * 9 * (9 - k) for k in (1, 2, 3))
    assert expected == 144 + 126 + 108
    moves = s.legal(0)
    assert len(moves) == expected
    assert all(isinstance(m, Place) for m in moves)
    texts = legal_texts(s)
    assert texts == sorted(texts)


@pytest.mark.parametrize(
    "text",
    [
        "Sa1h",  # bottom border line
        "Sa9h",  # top border line
        "Sa1v",  # left border line
        "Si1v",  # right border line
        "Lf9h",  # top border, ending in the corner i9
        "Li6v",  # right border, ending in the corner i9
        "Lf1h",  # bottom border, ending at i1
    ],
)
def test_placement_on_border_lines(text):
    s = new_state()
    play(s, text)
    p = mv(text)
    mask = g.building_mask(p.size, p.x, p.y, p.orient)
    assert (s.h if p.orient == "h" else s.v) & mask == mask
    assert s.pieces == [tuple(p)]


@pytest.mark.parametrize("text", ["Si1h", "Lg1h", "Mh9h", "Sa9v", "La7v", "Mi8v"])
def test_buildings_may_not_stick_out(text):
    s = new_state()
    assert text not in legal_texts(s)
    with pytest.raises(IllegalMoveError, match="stick out"):
        s.parse_move(text, 0)


def test_no_two_buildings_on_one_side():
    s = position("Lc4h")  # sides c4-d4, d4-e4, e4-f4 on line 4
    legal = legal_texts(s)
    for overlapping in ("Sc4h", "Sd4h", "Se4h", "Mb4h", "Me4h", "La4h", "Le4h"):
        assert overlapping not in legal
        with pytest.raises(IllegalMoveError, match="overlaps"):
            s.parse_move(overlapping, 0)
    # touching end to end, and crossing at a point, are allowed
    for fine in ("Sb4h", "Sf4h", "Ma4h", "Mf4h", "Md3v", "Sd4v", "Sc4v"):
        assert fine in legal
    before = (s.h, s.v, list(s.pieces))
    with pytest.raises(IllegalMoveError):
        s.apply(0, mv("Md4h"))
    assert (s.h, s.v, s.pieces) == before  # a refused move changes nothing


def test_placing_takes_from_own_stock():
    s = new_state()
    play(s, "La1h")
    assert s.stock[0] == {3: 3, 2: 8, 1: 12} and s.stock[1] == dict(STOCK)
    assert s.owners == [0]
    play(s, "Mc5v")
    assert s.stock[1] == {3: 4, 2: 7, 1: 12} and s.owners == [0, 1]


def test_no_placement_of_a_size_out_of_stock():
    s = position()
    s.stock[0][3] = 0
    legal = s.legal(0)
    assert legal and all(m.size != 3 for m in legal)
    assert {m.size for m in legal} == {1, 2}
    with pytest.raises(IllegalMoveError, match="no large buildings left"):
        s.parse_move("La1h", 0)


def test_turn_order_and_phases():
    s = new_state()
    # first turn: place only (no slide), then the other seat
    with pytest.raises(IllegalMoveError, match="not Seat 2's turn"):
        s.parse_move("Sa1h", 1)
    with pytest.raises(IllegalMoveError):
        s.parse_move("pass", 0)  # nothing to skip before placing
    play(s, "Sa1h")
    assert s.seat == 1 and s.phase == "place" and s.turns == 1
    # second turn: place, then the optional slide
    play(s, "Sc3h")
    assert s.seat == 1 and s.phase == "slide"
    assert s.legal(0) == []
    with pytest.raises(IllegalMoveError):
        s.parse_move("Sd5h", 1)  # one placement a turn
    play(s, "pass")
    assert s.seat == 0 and s.phase == "place" and s.turns == 2


def test_slide_without_placing_first_is_illegal():
    s = position("Sd4h")
    assert not any(isinstance(m, Slide) for m in s.legal(0))
    with pytest.raises(IllegalMoveError, match="no slide now"):
        s.parse_move("Sd4h-e1", 0)


def test_ruleset_metadata():
    assert RULESET.id == "grid-square"
    assert (RULESET.min_players, RULESET.max_players) == (2, 2)
    assert RULESET.own_bot_levels == ("random", "greedy", "planner")
    assert RULESET.default_options() == {"sliding": True}
    with pytest.raises(ValueError):
        RULESET.new_game(3, 0, {})
