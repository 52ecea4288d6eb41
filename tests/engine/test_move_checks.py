"""A move is checked once on its way from a player's text to the record:
whose turn it is once (the game over, the seat to act) and its legality
once; a move parsing returned is applied as it is (issue 54)."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.errors import IllegalMoveError, InvalidMoveError, MoveError
from engine.record import GameRecord, Player
from engine.session import GameSession
from tests.toy_game import Take, ThreeInARow, ToyState

CHECKS: Counter[str] = Counter()
"""How often each check ran: 'turn' (is the game over?) and 'legality'."""


class CountedState(ToyState):
    """The toy game, counting its checks."""

    def is_over(self) -> bool:
        CHECKS["turn"] += 1
        return super().is_over()

    def is_legal(self, seat: int, move: Any) -> bool:
        CHECKS["legality"] += 1
        return super().is_legal(seat, move)

    def clone(self) -> CountedState:
        return CountedState(self.num_players, list(self.cells), self.turn)


class CountedRules(ThreeInARow):
    """The toy game whose states count their checks."""

    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> CountedState:
        return CountedState()


def counted_record(moves: tuple[str, ...] = ()) -> GameRecord:
    record = GameRecord.new(CountedRules(), [Player("Ana"), Player("Ben")], 1)
    for i, text in enumerate(moves):
        record.play(i % 2, text)
    CHECKS.clear()
    return record


ONCE = Counter(turn=1, legality=1)


def test_parsing_checks_the_turn_and_the_move_once():
    state = counted_record().state
    assert state.parse_move("b2", 0) == Take(4)
    assert CHECKS == ONCE


def test_the_start_of_a_move_is_checked_once_too():
    state = counted_record(("a1", "a2")).state
    assert state.parse_move("a", 0) == Take(6)  # a3, the one free cell of column a
    assert CHECKS["turn"] == 1


def test_a_move_typed_in_a_session_is_checked_once():
    session = GameSession(counted_record())
    session.play(0, "b2")
    assert CHECKS == ONCE
    assert session.record.moves == [(0, "b2")]


def test_a_move_given_to_a_session_is_checked_once():
    session = GameSession(counted_record())
    session.play(0, Take(4))
    assert CHECKS == ONCE


def test_a_record_checks_a_typed_move_once_and_a_given_move_once():
    record = counted_record()
    record.play(0, "b2")
    assert CHECKS == ONCE
    CHECKS.clear()
    record.play_move(1, Take(0))
    assert CHECKS == ONCE


def test_a_replay_checks_each_move_once():
    record = counted_record(("b2", "a1", "c3"))
    record.state_at(3)
    assert CHECKS == Counter(turn=3, legality=3)


def test_a_parsed_move_is_applied_without_a_check():
    record = counted_record()
    move = record.state.parse_move("b2", 0)
    CHECKS.clear()
    record.play_trusted(0, move)
    assert not CHECKS
    assert record.moves == [(0, "b2")]


@pytest.mark.parametrize("seat, text, error, message", [
    (0, "b2", IllegalMoveError, "it is not Seat 1's turn"),
    (0, "zz", IllegalMoveError, "it is not Seat 1's turn"),  # the turn before the notation, as always
    (1, "zz", InvalidMoveError, "'zz' is not Three in a Row notation (a cell: a1 to c3)"),
    (1, "a1", IllegalMoveError, "a1 is not legal now (Choose a move)"),
])
def test_a_session_refuses_with_the_same_words(seat, text, error, message):
    session = GameSession(counted_record(("a1",)))  # Ben (seat 1) to act
    with pytest.raises(error) as refused:
        session.play(seat, text)
    assert str(refused.value) == message
    assert session.record.moves == [(0, "a1")]


def test_a_finished_game_refuses_any_text_first():
    record = counted_record(("a1", "b1", "a2", "b2", "a3"))  # Ana's column
    for text in ("c3", "zz"):
        with pytest.raises(IllegalMoveError, match="^the game is over$"):
            GameSession(record).play(1, text)
        with pytest.raises(MoveError, match="^the game is over$"):
            record.play(1, text)
