"""Every CLI command works for architects (Typer's CliRunner)."""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tui.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_games_and_rules():
    r = run("games")
    assert r.exit_code == 0 and "Architects" in r.output
    r = run("rules", "architects")
    assert r.exit_code == 0 and "Board I" in r.output and "Interpretations" in r.output


def test_new_moves_move_show_verify(tmp_path):
    f = tmp_path / "g.json"
    r = run("new", "architects", "-o", f, "-n", 2, "--seed", 1)
    assert r.exit_code == 0, r.output
    r = run("moves", f)
    assert r.exit_code == 2 and "--as" in r.output
    r = run("moves", f, "--as", 1)
    assert r.exit_code == 0 and "I=40" in r.output.split() and "IV=75" in r.output.split()
    assert run("move", f, "--as", 1, "I=40").exit_code == 0
    r = run("show", f, "--as", 2, "--json")
    assert json.loads(r.output)["state"]["players"][0]["bid"] == "?"
    assert run("move", f, "--as", 2, "II=50").exit_code == 0
    r = run("move", f, "a2")
    assert r.exit_code == 0, r.output
    discard = next(m for m in run("moves", f).output.split() if m.startswith("x"))
    assert run("move", f, discard, "end").exit_code == 0
    r = run("show", f)
    assert r.exit_code == 0 and "Board II" in r.output and "(hidden)" in r.output
    r = run("show", f, "--as", 1, "--json")
    hands = [p["hand"] for p in json.loads(r.output)["state"]["players"]]
    assert all(c != "?" for c in hands[0]) and all(c == "?" for c in hands[1])
    assert run("verify", f).exit_code == 0


def test_bad_moves_leave_the_file_untouched(tmp_path):
    f = tmp_path / "g.json"
    run("new", "architects", "-o", f, "--seed", 2)
    before = f.read_text()
    r = run("move", f, "--as", 1, "hello!")
    assert r.exit_code == 2 and "not Architects notation" in r.output
    r = run("move", f, "--as", 1, "I=10")
    assert r.exit_code == 2 and "from 40 to 70" in r.output and f.read_text() == before


@pytest.mark.soak  # a whole bots' game through the CLI: a slow group
def test_bot_all_replay_and_selfplay(tmp_path):
    f = tmp_path / "g.json"
    run("new", "architects", "-o", f, "-n", 3, "--seed", 3, "--bot", "1=heuristic", "--bot", "2=auto", "--bot", "3=random")
    r = run("bot", f, "--all")
    assert r.exit_code == 0, r.output
    assert "You draw" not in r.output
    assert json.loads(f.read_text())["result"] is not None
    r = run("show", f)
    assert "rank 1" in r.output
    r = run("replay", f, "--to", 12)
    assert r.exit_code == 0 and "You draw" not in r.output
    assert run("verify", f).exit_code == 0
    r = run("selfplay", "architects", "--games", 2, "--bot", "1=heuristic", "--bot", "2=auto", "--swap", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 2


def test_example_save_verifies():
    paths = sorted((ROOT / "saves" / "examples").glob("architects*.json"))
    assert paths
    for path in paths:
        assert run("verify", path).exit_code == 0
        doc = json.loads(path.read_text())
        assert doc["game"] == "architects" and doc["result"] is not None
