"""The heuristic study scripts (benchmarks/mistakes.py, benchmarks/heuristic_ab.py)
do what docs/review-mistakes.md says they do, on tiny runs."""
from __future__ import annotations

import pytest


def test_the_study_reviews_a_sample_and_folds_it_by_kind(load_script):
    mistakes = load_script("benchmarks/mistakes.py")
    rows = mistakes.study_game("squire", 2, "heuristic", 11, 3, 4)
    assert len(rows) == 3 and len({r.ply for r in rows}) == 3
    assert rows == mistakes.study_game("squire", 2, "heuristic", 11, 3, 4)  # seeded
    text = mistakes.report("squire", "heuristic", 1, 11, 4, rows)
    assert "3 decisions reviewed at 4 iterations" in text
    counted = sum(int(line.split("|")[2]) for line in text.splitlines()
                  if line.startswith("| ") and line.split("|")[1].strip() in {r.kind for r in rows})
    assert counted == 3
    assert mistakes.kind_of("travel to Belfast by road") == "travel"


def test_the_ab_sets_the_old_attributes_and_refuses_unknown_ones(load_script):
    ab = load_script("benchmarks/heuristic_ab.py")
    assert ab.attributes(["fill_weight=0.05", "name=x"], "--old") == {"fill_weight": 0.05, "name": "x"}
    with pytest.raises(ValueError, match="NAME=VALUE"):
        ab.attributes(["fill_weight"], "--old")
    same = ab.play_one("squire", 2, 5, 0, {})
    assert sorted(same) in ([1, 2], [1, 1])
    with pytest.raises(SystemExit, match="no attribute 'no_such_knob'"):
        ab.play_one("squire", 2, 5, 0, {"no_such_knob": 1})
    # a real knob changes the old seat's play: some game of a few differs
    changed = [ab.play_one("squire", 2, s, 0, {"fill_weight": 5.0}) != ab.play_one("squire", 2, s, 0, {})
               for s in range(6)]
    assert any(changed)

