"""`tsquare hint` and `tsquare arena`, and the round robin behind the arena."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from engine.arena import MatchSpec, elo, pairings, pairwise, run_ladder, run_match
from tui.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def assert_bad(result, fragment: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tsquare: ") and fragment in lines[0], result.stderr


@pytest.fixture
def squire_save(tmp_path):
    path = tmp_path / "g.json"
    assert run("new", "squire", "--seed", 3, "--hints", "-o", path).exit_code == 0  # two people who agreed
    return path


def test_hint_lists_three_legal_moves_with_words_and_shares_and_leaves_the_file(squire_save):
    before = squire_save.read_bytes()
    result = run("hint", squire_save, "--time", 0.1)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "seat 2" in lines[0]
    legal = run("moves", squire_save).stdout.split()
    assert [ln.split()[0] for ln in lines[1:]] == ["1.", "2.", "3."]
    assert all(ln.split()[1] in legal for ln in lines[1:])
    assert all("% win share" in ln for ln in lines[1:])
    assert squire_save.read_bytes() == before


def test_hint_refuses_bad_input(squire_save, tmp_path):
    assert_bad(run("hint", squire_save, "--time", 0), "--time")
    assert_bad(run("hint", squire_save, "--as", 5), "seats 1")
    assert_bad(run("hint", tmp_path / "none.json"), "no such file")
    assert_bad(run("hint", squire_save, "--as", 1), "no move")


def test_arena_json_ranks_the_levels_over_every_pairing():
    result = run("arena", "grid-square", "--levels", "random,greedy", "--games", 2, "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert [r["level"] for r in doc["ladder"]] == ["greedy", "random"]
    assert abs(sum(r["rating"] for r in doc["ladder"])) < 1e-6
    for r in doc["ladder"]:
        assert r["rating_low"] <= r["rating"] <= r["rating_high"]
    assert len(doc["matches"]) == 1 and doc["matches"][0]["games"] == 2
    assert doc["length_min"] <= doc["length_mean"] <= doc["length_max"]


def test_arena_table_and_bad_input():
    result = run("arena", "grid-square", "--levels", "random,greedy", "--games", 1)
    assert result.exit_code == 0 and "rating" in result.stdout and "outright wins by seat" in result.stdout
    assert_bad(run("arena", "grid-square", "--levels", "random,grandmaster"), "unknown bot level")
    assert_bad(run("arena", "grid-square", "--levels", "random"), "two different levels")
    assert_bad(run("arena", "grid-square", "--games", 0), "--games")
    assert_bad(run("arena", "chess"), "chess")
    assert_bad(run("arena", "grid-square", "--players", 5), "players")


def test_pairings_put_each_level_alone_against_the_other_at_bigger_tables():
    assert pairings(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert pairings(["a", "b"], 3) == [("a", "b", "b"), ("b", "a", "a")]


def test_elo_orders_by_results_and_stays_finite_on_a_sweep():
    ratings = elo(["x", "y"], [("x", "y", 1.0)] * 10)
    assert ratings["x"] > 0 > ratings["y"] and abs(ratings["x"] + ratings["y"]) < 1e-9
    assert ratings["x"] < 1000
    even = elo(["x", "y"], [("x", "y", 1.0), ("x", "y", 0.0)])
    assert abs(even["x"]) < 1e-6


def test_pairwise_scores_seats_of_different_levels_by_rank():
    m = run_match(MatchSpec("square-masons", ("random", "easy", "easy"), 1, seed=2))
    duels = pairwise([(m.spec, r) for r in m.results])
    assert len(duels) == 2  # the random seat against each easy seat; easy v easy is skipped
    assert {(a, b) for a, b, _ in duels} == {("random", "easy")} or {(b, a) for a, b, _ in duels} == {("random", "easy")}


def test_run_ladder_counts_every_game_once():
    progress = []
    lad = run_ladder("grid-square", ["random", "greedy", "planner"], 1, progress=lambda d, t: progress.append((d, t)))
    assert progress[-1] == (3, 3)
    assert sum(lad.seat_wins) <= 3 and len(lad.matches) == 3


def test_hint_between_people_needs_their_agreement(tmp_path):
    agreed, not_agreed = tmp_path / "yes.json", tmp_path / "no.json"
    assert run("new", "grid-square", "--seed", 4, "-o", not_agreed).exit_code == 0
    assert run("new", "grid-square", "--seed", 4, "--hints", "-o", agreed).exit_code == 0
    assert "hints" not in json.loads(not_agreed.read_text())  # absent: no agreement
    assert json.loads(agreed.read_text())["hints"] is True
    before = not_agreed.read_bytes()
    assert_bad(run("hint", not_agreed, "--time", 0.05), "hints are off between people unless all agree at setup")
    assert not_agreed.read_bytes() == before
    result = run("hint", agreed, "--time", 0.05)
    assert result.exit_code == 0 and result.stdout.splitlines()[1].startswith("1. ")


def test_against_a_bot_hints_need_no_agreement(tmp_path):
    path = tmp_path / "g.json"
    assert run("new", "grid-square", "--seed", 4, "--bot", "2=greedy", "-o", path).exit_code == 0
    assert run("hint", path, "--time", 0.05).exit_code == 0


def test_a_save_whose_hints_field_is_not_true_or_false_is_refused(tmp_path):
    path = tmp_path / "g.json"
    assert run("new", "grid-square", "--seed", 4, "--hints", "-o", path).exit_code == 0
    doc = json.loads(path.read_text())
    doc["hints"] = "yes"
    path.write_text(json.dumps(doc))
    assert_bad(run("show", path), "field 'hints' must be true or false")
