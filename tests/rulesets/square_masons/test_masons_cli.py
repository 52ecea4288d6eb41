"""Every CLI command for square-masons, through Typer's CliRunner."""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tui.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "g.json"
    r = run("new", "square-masons", "-o", path, "-n", 3, "--seed", 4)
    assert r.exit_code == 0, r.output
    return path


def test_games_and_rules():
    r = run("games")
    assert r.exit_code == 0 and "square-masons" in r.output
    r = run("rules", "square-masons")
    assert r.exit_code == 0 and "Interpretations" in r.output


def test_sealed_moves_through_the_cli(game):
    assert run("moves", game).output.split() == ["cw", "ccw"]
    assert run("move", game, "cw").exit_code == 0
    r = run("moves", game)  # three seats choose: must name one
    assert r.exit_code == 2 and "--as" in r.output
    hand1 = run("moves", game, "--as", 1).output.split()
    r = run("move", game, hand1[0], "--as", 1)
    assert r.exit_code == 0 and "You picked" in r.output
    # seat 2 sees that seat 1 has chosen, never what
    shown = run("show", game, "--as", 2)
    assert shown.exit_code == 0 and "your sealed pick" not in shown.output
    data = json.loads(run("show", game, "--as", 2, "--json").output)
    assert data["state"]["boards"][0]["pick"] == "?"
    assert data["state"]["boards"][0]["hand"] == ["?"] * 5
    assert data["state"]["rng"] is None
    mine = json.loads(run("show", game, "--as", 1, "--json").output)
    assert mine["state"]["boards"][0]["pick"] == hand1[0]
    # seat 1 cannot pick twice; nothing is saved
    before = game.read_text()
    r = run("move", game, hand1[0], "--as", 1)
    assert r.exit_code == 2 and "Seat 1 has already chosen" in r.output
    assert game.read_text() == before


def test_bad_moves_exit_2(game):
    before = game.read_text()
    r = run("move", game, "nonsense")
    assert r.exit_code == 2 and "not Square Masons notation" in r.output
    r = run("move", game, "money")
    assert r.exit_code == 2
    assert game.read_text() == before


def test_bot_all_verify_replay_show(game):
    r = run("bot", game, "--all")
    assert r.exit_code == 0, r.output
    assert "(sealed)" in r.output  # sealed picks and bids are not printed; public moves are
    assert "You picked" not in r.output
    assert run("verify", game).exit_code == 0
    r = run("replay", game, "--to", 20)
    assert r.exit_code == 0 and "You picked" not in r.output
    r = run("show", game, "--at", 10, "--as", 3)
    assert r.exit_code == 0
    doc = json.loads(game.read_text())
    assert doc["result"] is not None


def test_selfplay():
    r = run("selfplay", "square-masons", "-n", 3, "--games", 2, "--bot", "1=heuristic", "--bot", "2=random",
            "--bot", "3=easy", "--option", "rounds=5", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 2 and len(data["seats"]) == 3


def test_example_save_verifies():
    path = Path(__file__).resolve().parents[3] / "saves" / "examples" / "square-masons.json"
    r = run("verify", path)
    assert r.exit_code == 0, r.output
    doc = json.loads(path.read_text())
    assert doc["game"] == "square-masons" and len(doc["players"]) == 3 and doc["result"] is not None
