"""Golden saves: for every game and every rules version it ever had, a
finished game and a game in progress, written by that version's own program
(tests/golden/make_golden.sh). Each still loads, verifies, shows, replays and
(in progress) takes a new move under the rules it was started with."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.registry import REGISTRY
from engine.saves import load
from engine.session import GameSession
from tui.cli import app

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
runner = CliRunner()


def _doc(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _versions() -> list[tuple[str, int]]:
    out = []
    for entry in REGISTRY.entries():
        rs = REGISTRY.get(entry.id)
        out += [(rs.id, v) for v in range(rs.oldest_version, rs.version + 1)]
    return out


@pytest.mark.parametrize("game,version", _versions(), ids=lambda x: str(x))
def test_every_rules_version_of_every_game_has_its_golden_saves(game: str, version: int):
    """A version bump without golden saves of the old version (and of the
    new one) fails here: make them with tests/golden/make_golden.sh."""
    for kind in ("finished", "in-progress"):
        path = GOLDEN / f"{game}-v{version}-{kind}.json"
        assert path.is_file(), f"missing {path.name}: run tests/golden/make_golden.sh with the code of version {version}"
        assert _doc(path)["ruleset_version"] == version


def test_the_golden_folder_holds_every_version_and_nothing_else():
    names = {f"{g}-v{v}-{k}.json" for g, v in _versions() for k in ("finished", "in-progress")}
    assert {p.name for p in FILES} == names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_golden_save_loads_replays_and_goes_on_under_its_own_rules(path: Path, tmp_path: Path):
    doc = _doc(path)
    record = load(path)
    assert record.rules_version == doc["ruleset_version"] == record.state.rules_version
    assert record.ply == len(doc["moves"])
    assert record.state.is_over() == path.stem.endswith("finished")
    steps = list(record.replay())
    assert len(steps) == record.ply
    assert steps[-1].state.snapshot() == record.state.snapshot()
    assert record.state.view(None).render(None, record.names)
    if record.state.is_over():
        return
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    with GameSession.editing(copy) as session:
        seat = session.state.to_act()[0]
        session.play(seat, session.state.legal(seat)[0])
    again = load(copy)
    assert again.ply == record.ply + 1
    assert again.rules_version == record.rules_version, "a game keeps its rules version when it goes on"
    assert _doc(copy)["ruleset_version"] == doc["ruleset_version"]


@pytest.mark.parametrize("path", [p for p in FILES if p.stem.endswith("in-progress")], ids=lambda p: p.stem)
def test_the_cli_verifies_shows_replays_and_moves_a_golden_save(path: Path, tmp_path: Path):
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    for args in (["verify"], ["show"], ["replay"], ["moves"], ["bot"], ["verify"]):
        result = runner.invoke(app, [*args, str(copy)], catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
    assert len(_doc(copy)["moves"]) == len(_doc(path)["moves"]) + 1


def test_an_old_save_says_its_rules_version_in_verify():
    old = next(p for p in FILES if "squire-v2" in p.name)
    out = runner.invoke(app, ["verify", str(old)]).stdout
    assert "rules version 2" in out


def test_a_save_of_a_newer_rules_version_is_refused_by_the_engine(tmp_path: Path):
    src = GOLDEN / "grid-square-v2-in-progress.json"
    doc = _doc(src)
    doc["ruleset_version"] = REGISTRY.get("grid-square").version + 1
    path = tmp_path / "future.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 2
    assert "newer than this program" in result.stderr and "update T-Square" in result.stderr


def test_new_games_follow_the_newest_rules():
    for entry in REGISTRY.entries():
        rs = REGISTRY.get(entry.id)
        state = rs.new_game(rs.min_players, 1, rs.default_options())
        assert state.rules_version == rs.version, f"{rs.id}: the state's class must name the newest version"


def test_an_unknown_older_version_is_a_value_error():
    rs = REGISTRY.get("grid-square")
    with pytest.raises(ValueError, match="not one this program plays"):
        rs.start(2, 1, rs.default_options(), 0)
