"""Seat names in rulesets' texts become the players' names on screens."""
from engine.core import seat_name, with_names


def test_seats_are_named_by_the_players_names():
    text = f"give the order reward to {seat_name(0)}; {seat_name(2)} waits"
    assert with_names(text, ["alice", "bob", "Bot 3"]) == "give the order reward to alice; Bot 3 waits"


def test_a_seat_without_a_name_and_other_words_stay():
    assert with_names("Seat 4 and Seats 1", ["alice"]) == "Seat 4 and Seats 1"
    assert with_names("no seat here", ["alice"]) == "no seat here"
