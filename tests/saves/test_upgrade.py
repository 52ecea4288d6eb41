"""`tsquare upgrade`: a game in progress moves to the newest rules only when
its moves so far play the same under them; otherwise the file stays as it was."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.saves import load
from tui.cli import app

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
runner = CliRunner()


def _copy(name: str, tmp_path: Path) -> Path:
    path = tmp_path / name
    shutil.copyfile(GOLDEN / name, path)
    return path


@pytest.mark.parametrize("name", ["squire-v1-in-progress.json", "squire-v2-in-progress.json",
                                  "square-masons-v1-in-progress.json", "grid-square-v1-in-progress.json"])
def test_an_old_game_in_progress_upgrades_and_goes_on(name: str, tmp_path: Path):
    path = _copy(name, tmp_path)
    before = load(path)
    result = runner.invoke(app, ["upgrade", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "upgraded" in result.stdout
    after = load(path)
    newest = before.ruleset.version
    assert after.rules_version == newest == json.loads(path.read_text())["ruleset_version"]
    assert after.moves == before.moves and after.created == before.created
    assert runner.invoke(app, ["bot", str(path)]).exit_code == 0
    assert load(path).rules_version == newest


@pytest.mark.parametrize("name,why", [("squire-v2-finished.json", "the game is over"),
                                      ("squire-v3-in-progress.json", "already played under the newest")])
def test_upgrade_refuses_a_finished_or_current_game_and_leaves_the_file(name: str, why: str, tmp_path: Path):
    path = _copy(name, tmp_path)
    data = path.read_bytes()
    result = runner.invoke(app, ["upgrade", str(path)])
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and why in result.stderr and "unchanged" in result.stderr
    assert path.read_bytes() == data


def test_upgrade_names_the_first_move_that_plays_differently_and_leaves_the_file(tmp_path: Path):
    """A Square and Compass game of version 1 that played the Foreman as an
    action (`ufo`, gone in version 2) cannot move to version 2."""
    from engine.saves import save

    finished = load(GOLDEN / "square-and-compass-v1-finished.json")
    first = next(i for i, (_, text) in enumerate(finished.moves) if text == "ufo")
    finished.truncate(first + 2)
    path = tmp_path / "foreman.json"
    save(finished, path)
    data = path.read_bytes()
    result = runner.invoke(app, ["upgrade", str(path)])
    assert result.exit_code == 2
    line = result.stderr.strip()
    # the Contractor's play step that led to `ufo` is refused already: it has nothing to play in version 2
    assert f"move {first} (Seat" in line and "is not legal under rules version 2" in line, line
    assert "Contractor could do nothing" in line and "unchanged" in line
    assert path.read_bytes() == data
    assert load(path).rules_version == 1


@pytest.mark.parametrize("name,move", [("square-masons-v1-finished.json", "move 226 (Seat 2 'donate')"),
                                       ("squire-v2-finished.json", "move 68 (Seat 2 'ceramics')")])
def test_a_move_that_leaves_another_position_under_the_newest_rules_is_named(name: str, move: str):
    """Square Masons v1 ended at 13 prestige only at the round's end (v3 at
    once); Squire v2's Bank ran short (v3 pays in full)."""
    from engine.upgrade import UpgradeRefused, upgraded

    record = load(GOLDEN / name)
    record.truncate(record.ply - 1)  # in progress again
    with pytest.raises(UpgradeRefused, match="plays differently under rules version") as err:
        upgraded(record)
    assert str(err.value).startswith(move)


def test_an_upgrade_keeps_a_rooms_stand_in_moves_marked():
    from engine.upgrade import upgraded

    record = load(GOLDEN / "grid-square-v1-in-progress.json")
    record.mark_stand_in(1, "greedy")
    assert upgraded(record).stand_ins == {1: "greedy"}
