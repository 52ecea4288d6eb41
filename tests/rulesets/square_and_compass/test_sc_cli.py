"""Every CLI command works for Square and Compass (Typer's CliRunner)."""
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
    line = next(l for l in r.output.splitlines() if l.startswith("square-and-compass"))
    assert "coming" not in line and "heuristic" in line
    r = run("rules", "square-and-compass")
    assert r.exit_code == 0 and "Interpretations" in r.output and "Zaha Hadid" in r.output


def test_new_moves_move_show_verify(tmp_path):
    f = tmp_path / "g.json"
    r = run("new", "square-and-compass", "-o", f, "-n", 3, "--seed", 1)
    assert r.exit_code == 0, r.output
    r = run("moves", f, "--as", 2)
    assert r.exit_code == 0 and len(r.output.split()) == 2  # two architects dealt
    doc = json.loads(f.read_text())
    for seat in (1, 2, 3):
        pick = run("moves", f, "--as", seat).output.split()[0]
        r = run("move", f, pick, "--as", seat)
        assert r.exit_code == 0, r.output
    r = run("show", f)
    assert r.exit_code == 0 and "Actions (tiles by seat" in r.output and "(hidden)" in r.output
    r = run("moves", f)
    assert "pass" in r.output.split() and "ga" in r.output.split()
    r = run("move", f, "ga", "rd")
    assert r.exit_code == 0, r.output
    r = run("show", f, "--as", 1, "--json")
    shown = json.loads(r.output)["state"]
    hands = [p["hand"] for p in shown["players"]]
    assert all(c == "?" for h in hands[1:] for c in h) and all(c != "?" for c in hands[0])
    assert all(c == "?" for c in shown["resources"]["deck"])
    assert all(p["options"] == ["?", "?"] for p in shown["players"][1:])
    r = run("verify", f)
    assert r.exit_code == 0
    del doc


def test_bad_moves_leave_the_file_untouched(tmp_path):
    f = tmp_path / "g.json"
    run("new", "square-and-compass", "-o", f, "--seed", 2)
    before = f.read_text()
    r = run("move", f, "narnia", "--as", 1)
    assert r.exit_code == 2 and "not Square and Compass notation" in r.output
    r = run("move", f, "ga", "--as", 1)
    assert r.exit_code == 2 and "choose your architect" in r.output
    assert f.read_text() == before


@pytest.mark.soak  # a whole bots' game through the CLI: a slow group
def test_bot_all_show_replay_verify_selfplay(tmp_path):
    f = tmp_path / "g.json"
    run("new", "square-and-compass", "-o", f, "-n", 3, "--seed", 3, "--bot", "1=heuristic", "--bot", "2=easy",
        "--bot", "3=random")
    r = run("bot", f, "--all")
    assert r.exit_code == 0, r.output
    assert "You draw" not in r.output and "You chose" not in r.output
    assert json.loads(f.read_text())["result"] is not None
    r = run("show", f)
    assert "rank 1" in r.output and "style bonus" in r.output
    r = run("show", f, "--at", 5, "--as", 2)
    assert r.exit_code == 0
    r = run("replay", f, "--to", 20)
    assert r.exit_code == 0 and "You draw" not in r.output
    assert run("verify", f).exit_code == 0
    r = run("selfplay", "square-and-compass", "--games", 2, "-n", 3, "--bot", "1=heuristic", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["games"] == 2


def test_the_example_save_is_a_finished_bot_game():
    from engine import saves

    paths = sorted((ROOT / "saves" / "examples").glob("square-and-compass*.json"))
    assert paths
    rec = saves.load(paths[0])
    assert rec.ruleset.id == "square-and-compass" and rec.state.is_over()
    assert all(p.is_bot for p in rec.players)
