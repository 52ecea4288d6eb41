"""The end of the game (all monuments, all buildings, no placement possible)
and the scoring: claimed cells, the breakdown, the draw."""
import pytest
from gs_helpers import new_state, play, position

from engine.errors import IllegalMoveError
from rulesets.grid_square import geometry as g

A1_OPEN = ["Sa1h", "Sa1v", "Sa2h"]  # Sb1v closes a1
H8_OPEN = ["Sh8h", "Sh9h", "Sh8v"]  # Si8v closes h8
BOX_OPEN = ["Sd4h", "Se4h", "Sd5h", "Se5h", "Sd4v"]  # Sf4v closes d4+e4
ALL_SIDES = (1 << 72) - 1  # 9 lines × 8 sides, each way


def test_no_outcome_while_playing():
    s = new_state()
    assert s.outcome() is None and not s.is_over()
    play(s, "Sa1h")
    assert s.outcome() is None


def test_end_when_a_player_has_placed_all_monuments():
    s = position(*A1_OPEN)
    s.monuments[0] = 1
    events = play(s, "Sb1v", "pass", "@a1")
    assert s.is_over() and s.phase == "over" and s.to_act() == ()
    out = s.outcome()
    assert out.describe(["Seat 1", "Seat 2"]) == "Seat 1 has placed all their monuments"
    assert out.scores == (1, 0) and out.ranks == (1, 2) and out.winners == (0,)
    assert not out.is_draw
    assert "Game over" in events[-1].text
    assert s.legal(0) == [] and s.legal(1) == []
    with pytest.raises(IllegalMoveError, match="over"):
        s.parse_move("Sd4h", 0)


def test_end_when_a_player_has_placed_all_buildings_after_the_turn():
    s = position(*A1_OPEN)
    s.stock[0] = {3: 0, 2: 0, 1: 1}
    play(s, "Sb1v")  # the last building; the turn goes on: slide and claim
    assert not s.is_over() and s.phase == "slide"
    play(s, "pass", "@a1")
    out = s.outcome()
    assert out is not None
    assert out.describe(["Seat 1", "Seat 2"]) == "Seat 1 has placed all their buildings"
    assert out.scores == (1, 0)


def almost_full(*free_h: tuple[int, int]):
    """A late position where every side is built except the horizontal
    sides `free_h`; Seat 1 is to place, in turn 41."""
    s = new_state()
    s.h = ALL_SIDES
    for x, y in free_h:
        s.h &= ~g.hbit(x, y)
    s.v = ALL_SIDES
    s.turns = 40
    s.enclosed_before = frozenset(g.enclosed_regions(s.h, s.v))
    return s


def test_a_player_who_cannot_place_skips_while_the_other_can():
    # "The game ends when ... it is no longer possible to place monuments or
    # buildings on the board": Seat 2 has only large buildings and no three
    # free sides in a row remain, but Seat 1 can still place, so Seat 2
    # skips and Seat 1 plays again.
    s = almost_full((0, 0), (7, 8), (3, 4))
    s.stock[1] = {3: 2, 2: 0, 1: 0}
    assert s.can_place(0) and not s.can_place(1)
    events = play(s, "Sa1h")  # closes a1; nothing can slide
    assert s.phase == "claim"
    events += play(s, "@a1")
    assert not s.is_over()
    assert s.seat == 0 and s.phase == "place" and s.turns == 41
    assert any("{P2} cannot place a building and skips the turn" in e.text for e in events)
    play(s, "Sh9h", "pass")  # closes h8; gives it up
    assert s.seat == 0 and not s.is_over()


def test_the_game_ends_when_no_one_can_place():
    s = almost_full((0, 0), (7, 8))
    s.stock[1] = {3: 2, 2: 0, 1: 0}
    play(s, "Sa1h", "@a1")  # Seat 2 cannot place; Seat 1 still can
    assert s.seat == 0 and not s.is_over()
    events = play(s, "Sh9h", "@h8")
    out = s.outcome()
    assert out is not None and out.describe(["Seat 1", "Seat 2"]) == "no one can place a building"
    assert out.scores == (2, 0)
    assert "Game over: no one can place a building" in events[-1].text


def test_end_when_the_board_is_full():
    s = almost_full((0, 0))
    play(s, "Sa1h", "pass")  # closes a1 (no slide step: nothing can move); no claim
    assert s.outcome().describe(["Seat 1", "Seat 2"]) == "no one can place a building"
    assert s.outcome().scores == (0, 0)


def test_draw_on_equal_cells():
    s = position(*A1_OPEN, *H8_OPEN, owners=[0, 0, 0, 1, 1, 1])
    s.monuments = [2, 1]
    play(s, "Sb1v", "pass", "@a1")
    assert not s.is_over()
    events = play(s, "Si8v", "pass", "@h8")
    out = s.outcome()
    assert out.scores == (1, 1)
    assert out.ranks == (1, 1) and out.is_draw and out.winners == (0, 1)
    assert out.describe(["Seat 1", "Seat 2"]) == "Seat 2 has placed all their monuments"
    assert "draw" in events[-1].text


def test_scores_and_breakdown():
    s = position(*A1_OPEN, *BOX_OPEN, *H8_OPEN, owners=[0] * 8 + [1] * 3)
    s.monuments = [2, 6]
    play(s, "Sb1v", "pass", "@a1")  # seat 1: 1 cell
    play(s, "Si8v", "pass", "@h8")  # seat 2: 1 cell
    play(s, "Sf4v", "pass", "@e4")  # seat 1: 2 cells, named by d4; last monument
    out = s.outcome()
    assert out.breakdown == ({"area a1": 1, "area d4": 2}, {"area h8": 1})
    assert out.scores == (3, 1)
    assert all(sum(b.values()) == sc for b, sc in zip(out.breakdown, out.scores))
    assert out.ranks == (1, 2)
    assert out.to_json() == {
        "scores": [3, 1],
        "ranks": [1, 2],
        "breakdown": [{"area a1": 1, "area d4": 2}, {"area h8": 1}],
        "termination": "{P1} has placed all their monuments",
    }


def test_the_second_seat_can_win():
    s = position(*A1_OPEN, *BOX_OPEN, owners=[0] * 8, seat=1)
    s.monuments = [6, 1]
    play(s, "Sf4v", "pass", "@d4")
    out = s.outcome()
    assert out.scores == (0, 2) and out.winners == (1,) and out.ranks == (2, 1)
