"""The match runner: rotation, Wilson intervals, parallel = serial."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.arena import MatchSpec, run_match, slots_for_game, wilson


def test_wilson_interval_matches_published_values():
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson(0, 0) == (0.0, 1.0)


def test_rotation_puts_every_slot_in_every_seat():
    seen = {slots_for_game(k, 3, True) for k in range(3)}
    assert seen == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    assert slots_for_game(5, 3, False) == (0, 1, 2)


def test_a_match_counts_every_game_and_is_the_same_in_parallel():
    spec = MatchSpec("grid-square", ("greedy", "random"), 4, seed=3, rotate=True)
    serial = run_match(spec)
    done = []
    threaded = run_match(spec, executor=ThreadPoolExecutor(2), progress=done.append)
    assert sorted(done) == [1, 2, 3, 4]
    a, b = serial.to_json(), threaded.to_json()
    for doc in (a, b):
        doc.pop("seconds")
        for s in doc["seats"]:
            s.pop("ms_per_decision")
    assert a == b
    total = sum(s["wins"] + s["draws"] for s in a["seats"])
    assert a["games"] == 4 and total >= 4 and sum(a["seat_wins"]) <= 4
    assert all(s["games"] == 4 for s in a["seats"])
    assert a["seats"][0]["win_rate_low"] <= a["seats"][0]["win_rate"] <= a["seats"][0]["win_rate_high"]


def test_bad_specs_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="for 2 players, not 3"):
        run_match(MatchSpec("grid-square", ("random",) * 3, 1))
    with pytest.raises(ValueError, match="unknown bot level"):
        run_match(MatchSpec("grid-square", ("random", "genius"), 1))
    with pytest.raises(ValueError, match="at least 1"):
        run_match(MatchSpec("grid-square", ("random", "random"), 0))


def test_content_rates_count_every_seat_by_tag_overall_and_per_level():
    from engine.arena import GameResult, content_rates

    spec = MatchSpec("architects", ("search", "heuristic"), 2)
    games = [
        GameResult(0, (0, 1), (5, 3), (1, 2), 10, (0, 0), (1, 1), ({"board": "I"}, {"board": "II"})),
        GameResult(1, (1, 0), (4, 4), (1, 1), 10, (0, 0), (1, 1), ({"board": "I"}, {"board": "I"})),
    ]
    rows = {(r["tag"], r["value"], r["level"]): r for r in content_rates([(spec, g) for g in games])}
    assert (rows["board", "I", "all"]["games"], rows["board", "I", "all"]["wins"]) == (3, 1)  # a shared first is no win
    assert (rows["board", "I", "search"]["games"], rows["board", "I", "search"]["wins"]) == (2, 1)
    assert (rows["board", "II", "heuristic"]["games"], rows["board", "II", "heuristic"]["wins"]) == (1, 0)
    r = rows["board", "I", "all"]
    assert (r["win_rate_low"], r["win_rate_high"]) == wilson(1, 3)


@pytest.mark.search
def test_fixed_search_iterations_give_the_same_match_and_leave_the_levels_alone():
    from engine.bots import search

    before = dict(search.LEVELS)
    spec = MatchSpec("grid-square", ("search", "greedy"), 1, seed=1, search_iterations=3)  # one game, one round of 3 playouts a decision
    a, b = run_match(spec).to_json(), run_match(spec).to_json()
    for doc in (a, b):
        doc.pop("seconds")
        for s in doc["seats"]:
            s.pop("ms_per_decision")
    assert a == b and a["search_iterations"] == 3
    assert search.LEVELS == before
    with pytest.raises(ValueError, match="at least 1"):
        run_match(MatchSpec("grid-square", ("search", "greedy"), 1, search_iterations=0))
