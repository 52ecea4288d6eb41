"""Glicko-2 (engine/glicko2.py) against the worked example of Glickman's
paper, and the pairwise extension for games of more than two."""
from __future__ import annotations

import pytest

from engine.glicko2 import MAX_RD, Rating, rate_game, update


def test_glickmans_worked_example():
    player = Rating(1500, 200, 0.06)
    after = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert after.games == 1


def test_a_period_without_games_only_widens_the_deviation():
    before = Rating(1600, 100, 0.06, games=3)
    after = update(before, [])
    assert after.rating == before.rating and after.games == 3
    assert after.rd > before.rd
    assert update(Rating(1500, MAX_RD), []).rd == MAX_RD


def test_the_winner_of_two_equals_gains_what_the_loser_loses():
    after = rate_game({}, {"ana": 1, "bo": 2})
    assert after["ana"].rating > 1500 > after["bo"].rating
    assert after["ana"].rating - 1500 == pytest.approx(1500 - after["bo"].rating)
    assert after["ana"].rd < MAX_RD


def test_a_shared_place_is_a_draw_and_moves_nothing_between_equals():
    after = rate_game({}, {"ana": 1, "bo": 1})
    assert after["ana"].rating == pytest.approx(1500) and after["bo"].rating == pytest.approx(1500)


def test_three_players_update_pairwise_from_the_ratings_before():
    before = {"ana": Rating(1500, 200), "bo": Rating(1500, 200), "cy": Rating(1500, 200)}
    after = rate_game(before, {"ana": 1, "bo": 2, "cy": 3})
    assert after["ana"].rating > after["bo"].rating > after["cy"].rating
    assert after["bo"].rating == pytest.approx(1500, abs=0.01)  # one win, one loss against equals
    assert update(before["ana"], [(before["bo"], 1.0), (before["cy"], 1.0)]) == after["ana"]


def test_an_upset_moves_more_than_an_expected_result():
    strong, weak = Rating(1800, 80), Rating(1400, 80)
    expected = rate_game({"s": strong, "w": weak}, {"s": 1, "w": 2})
    upset = rate_game({"s": strong, "w": weak}, {"s": 2, "w": 1})
    assert upset["w"].rating - 1400 > expected["s"].rating - 1800 > 0


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        rate_game({}, {"ana": 1})
    with pytest.raises(ValueError):
        update(Rating(), [(Rating(), 2.0)])
