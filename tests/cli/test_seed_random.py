"""`--seed random` for selfplay and arena (issue 30): a seed drawn at run
time, printed, in the JSON, and the same games again when given back."""
from __future__ import annotations

import json
import re

import pytest

from tests.cli.tsquare_process import one_line, run

GAME = ["grid-square", "--games", "2", "--bot", "1=random", "--bot", "2=random"]


def drawn_seed(stderr: str) -> int:
    found = re.search(r"seed (\d+) \(drawn at random", stderr)
    assert found, stderr
    return int(found.group(1))


def test_a_random_seed_is_printed_in_the_json_and_replays_the_same_games():
    first = run("selfplay", *GAME, "--seed", "random", "--json")
    assert first.exit_code == 0, first.stderr
    seed = drawn_seed(first.stderr)
    doc = json.loads(first.stdout)
    assert doc["seed"] == seed
    again = json.loads(run("selfplay", *GAME, "--seed", str(seed), "--json").stdout)
    def games(d: dict) -> list:
        return [d["seat_wins"], d["avg_length"]] + [
            {k: v for k, v in seat.items() if k != "ms_per_decision"} for seat in d["seats"]]

    assert games(again) == games(doc)


def test_two_random_seeds_differ():
    seeds = {drawn_seed(run("selfplay", *GAME, "--seed", "random", "--json").stderr) for _ in range(2)}
    assert len(seeds) == 2


def test_arena_takes_a_random_seed():
    result = run("arena", "grid-square", "--games", "1", "--levels", "random,greedy", "--seed", "random", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["matches"][0]["seed"] == drawn_seed(result.stderr)


@pytest.mark.parametrize("command", ["selfplay", "arena"])
@pytest.mark.parametrize("seed", ["²", "-1", "lucky", "1_000"])
def test_a_seed_that_is_neither_a_number_nor_random_is_one_line(command, seed):
    args = GAME if command == "selfplay" else ["grid-square", "--levels", "random,greedy"]
    one_line(run(command, *args, "--seed", seed), "--seed")
