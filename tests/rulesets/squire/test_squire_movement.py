"""Moving: tickets, Royal tickets, first turn, several steps."""
import pytest
from squire_helpers import city, conserved, fresh, mid_game, play

from engine.errors import IllegalMoveError
from rulesets.squire import content as K


def test_worked_example_fox_to_tokyo_through_samarkand():
    st = mid_game(at="con")
    fox = st.players[0]
    fox.tickets = 1
    assert "tok" not in [st.format_move(m) for m in st.legal(0)]  # not a neighbour
    assert st.step_ticket(0, city(st, "sam")) == "Royal ticket"  # what the map cursor shows
    ev = play(st, "sam")
    assert "Royal ticket" in ev[0].text and fox.tickets == 1
    assert st.step_ticket(0, city(st, "tok")) == "common ticket"
    ev = play(st, "tok")
    assert "common ticket" in ev[0].text
    assert fox.tickets == 0 and fox.royal_tickets == 1
    assert fox.pos == city(st, "tok")
    conserved(st)


def test_route_to_a_far_city_names_each_steps_ticket():
    st = mid_game(at="con")
    fox = st.players[0]
    fox.tickets = 1
    assert st.route(0, city(st, "tok")) == [(city(st, "sam"), "Royal ticket"), (city(st, "tok"), "common ticket")]
    fox.tickets = 0
    # without a common ticket the journey stops after the Royal step
    assert st.route(0, city(st, "tok")) == [(city(st, "sam"), "Royal ticket")]
    assert st.route(0, city(st, "con")) == []  # already there
    before = st.snapshot()
    st.route(0, city(st, "tok"))
    assert st.snapshot() == before  # planning a route changes nothing


def test_royal_ticket_is_reused_each_turn():
    st = mid_game(at="con")
    play(st, "sam", "sell")
    assert st.to_act() == (1,)
    play(st, "cai", "sell", "ceramics")  # seat 2 holds the token
    assert st.players[0].royal_tickets == 1
    moves = [st.format_move(m) for m in st.legal(0)]
    assert moves == ["bag", "cal", "con", "tok"]


def test_without_common_tickets_only_one_step():
    st = mid_game(at="con")
    play(st, "sam")
    assert [st.format_move(m) for m in st.legal(0)] == ["buy", "sell"]


def test_must_move_and_not_end_where_started():
    st = mid_game(at="con")
    assert all(st.format_move(m) not in ("buy", "sell") for m in st.legal(0))
    st.players[0].tickets = 2
    play(st, "sam", "con")  # back at the start: may not trade here
    legal = [st.format_move(m) for m in st.legal(0)]
    assert "buy" not in legal and "sell" not in legal and "sam" in legal
    with pytest.raises(IllegalMoveError, match="another city"):
        st.parse_move("sell", 0)


def test_cannot_step_back_into_start_without_a_ticket_to_leave():
    st = mid_game(at="con")
    st.players[0].tickets = 1
    play(st, "sam")
    assert "con" not in [st.format_move(m) for m in st.legal(0)]  # would be stuck
    play(st, "bag")
    assert "sell" in [st.format_move(m) for m in st.legal(0)]


def test_first_turn_places_anywhere_then_trades():
    st = fresh(3, 4, "british-isles")
    seat = st.to_act()[0]
    assert len(st.legal(seat)) == 15
    play(st, "inv")
    assert st.players[seat].pos == city(st, "inv")
    assert [st.format_move(m) for m in st.legal(seat)] == ["buy", "sell"]
    play(st, "sell")
    nxt = st.to_act()[0]
    play(st, "inv")  # the same city as another pawn is allowed
    assert st.players[nxt].pos == city(st, "inv")


def test_stag_crosses_one_sea_route_free():
    st = mid_game(at="nyc", abilities=True)
    st.players[0].board = K.STAG
    ev = play(st, "rio")
    assert "free sea crossing" in ev[0].text
    ev = play(st, "cap")
    assert "Royal ticket" in ev[0].text
    assert {st.format_move(m) for m in st.legal(0)} <= {"buy", "sell"}  # no ticket for another step


def test_no_route_no_move():
    st = mid_game(at="con")
    with pytest.raises(IllegalMoveError, match="no road or sea route"):
        st.parse_move("tok", 0)
