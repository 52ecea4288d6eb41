"""kill -9 while saving (issue 8, breaks 7 and 8): a `tsquare bot` process is
killed at random points, 200 times. Never a torn file, never a move printed
that was not saved, and no temp file left once the next write has run.
Select with `-k kill`."""
from __future__ import annotations

import random
import time

import pytest

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from tests.cli.tsquare_process import fork_tsquare, temp_files

KILLS = 200


def _fresh(path, seed: int) -> None:
    rs = REGISTRY.get("grid-square")
    rec = GameRecord.new(rs, [Player("Ana", "bot:random"), Player("Ben", "bot:random")], seed, rs.default_options())
    save(rec, path)


@pytest.mark.hardening  # kills writers with -9 again and again: a slow group (tests/conftest.py)
def test_kill_9_while_saving_never_tears_or_lies(tmp_path):
    path = tmp_path / "g.json"
    rng = random.Random(8)
    _fresh(path, 0)
    # how long one `bot` run takes here, to aim the kills across all of it
    spans = []
    for _ in range(5):
        t0 = time.perf_counter()
        code, _, err = fork_tsquare("bot", path, "--level", "random").finish()
        assert code == 0, err
        spans.append(time.perf_counter() - t0)
    span = sorted(spans)[len(spans) // 2]
    torn = lied = leftovers = killed_mid = games = stranded = 0
    for k in range(KILLS):
        before = load(path)
        if before.state.is_over():
            games += 1
            _fresh(path, k)
            before = load(path)
        child = fork_tsquare("bot", path, "--level", "random")
        time.sleep(rng.uniform(0, span * 1.2))
        code, out, _ = child.finish(kill=True)
        try:
            after = load(path)
        except Exception:  # noqa: BLE001 - counted: a torn or unreadable file
            torn += 1
            continue
        moved = after.ply - before.ply
        assert moved in (0, 1) and after.moves[: before.ply] == before.moves
        if out.strip() and moved != 1:
            lied += 1  # a move reported that is not in the file
        killed_mid += code == -9
        stranded += bool(temp_files(tmp_path))
        if code == 0:  # it finished: its write must have cleaned the temp files of earlier kills
            leftovers += bool(temp_files(tmp_path))
    code, _, err = fork_tsquare("bot", path, "--level", "random").finish()  # the next write
    if code == 2 and "over" in err:
        _fresh(path, KILLS)
        code, _, err = fork_tsquare("bot", path, "--level", "random").finish()
    assert code == 0, err
    left = temp_files(tmp_path)
    print(f"kill: {KILLS} kills ({killed_mid} mid-run), {torn} torn, {lied} printed but not saved, "
          f"{leftovers + len(left)} temp files left after a write "
          f"({stranded} kills had stranded one), {games} games finished")
    assert (torn, lied, leftovers, left) == (0, 0, 0, [])
