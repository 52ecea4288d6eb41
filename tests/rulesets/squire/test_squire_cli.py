"""Every CLI command works for squire (Typer's CliRunner)."""
import json

from typer.testing import CliRunner

from tui.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_games_and_rules():
    r = run("games")
    assert r.exit_code == 0 and "Squire" in r.output
    r = run("rules", "squire")
    assert r.exit_code == 0 and "Interpretations" in r.output


def test_new_moves_move_show_verify(tmp_path):
    f = tmp_path / "g.json"
    r = run("new", "squire", "-o", f, "-n", 3, "--seed", 1, "--option", "map=world")
    assert r.exit_code == 0, r.output
    doc = json.loads(f.read_text())
    assert doc["game"] == "squire" and doc["options"]["map"] == "world"
    r = run("moves", f)
    assert r.exit_code == 0
    boards = r.output.split()
    assert boards == ["badger", "fox", "owl", "stag"]
    r = run("move", f, "fox", "owl", "stag")
    assert r.exit_code == 0, r.output
    r = run("moves", f)
    assert len(r.output.split()) == 15  # first turn: any city
    r = run("move", f, "tok", "sell")
    assert r.exit_code == 0, r.output
    r = run("show", f)
    assert r.exit_code == 0 and "Tokyo" in r.output and "(hidden)" in r.output
    r = run("show", f, "--as", 1, "--json")
    assert r.exit_code == 0
    shown = json.loads(r.output)
    hands = [p["hand"] for p in shown["state"]["players"]]
    assert all(c == "?" for h in hands[1:] for c in h) and all(c != "?" for c in hands[0])
    assert all(t == "?" for t in shown["state"]["supply"]) and all(c == "?" for c in shown["state"]["deck"])
    r = run("verify", f)
    assert r.exit_code == 0


def test_bad_move_leaves_file_untouched(tmp_path):
    f = tmp_path / "g.json"
    run("new", "squire", "-o", f, "--seed", 2, "--option", "abilities=no")
    before = f.read_text()
    r = run("move", f, "narnia")
    assert r.exit_code == 2 and "not Squire notation" in r.output
    r = run("move", f, "lon", "buy", "9z")
    assert r.exit_code == 2 and f.read_text() == before


def test_bot_all_replay_and_selfplay(tmp_path):
    f = tmp_path / "g.json"
    run("new", "squire", "-o", f, "-n", 2, "--seed", 3, "--bot", "1=heuristic", "--bot", "2=easy")
    r = run("bot", f, "--all")
    assert r.exit_code == 0, r.output
    assert "You draw" not in r.output  # private events stay private
    doc = json.loads(f.read_text())
    assert doc["result"] is not None
    r = run("show", f)
    assert "rank 1" in r.output and "rarities" in r.output
    r = run("replay", f, "--to", 12)
    assert r.exit_code == 0
    r = run("verify", f)
    assert r.exit_code == 0
    r = run("selfplay", "squire", "--games", 3, "--bot", "1=heuristic", "--bot", "2=random", "--json")
    assert r.exit_code == 0
    res = json.loads(r.output)
    assert res["games"] == 3 and len(res["seats"]) == 2


def test_tampered_save_is_refused(tmp_path):
    f = tmp_path / "g.json"
    run("new", "squire", "-o", f, "--seed", 4, "--option", "abilities=no")
    run("move", f, "lon", "sell")
    doc = json.loads(f.read_text())
    doc["moves"][1][1] = "buy" if doc["moves"][1][1] == "sell" else "sell"
    f.write_text(json.dumps(doc))
    r = run("verify", f)
    assert r.exit_code == 2


def test_example_save_is_a_finished_three_player_game():
    from pathlib import Path

    from engine import saves

    path = Path(__file__).resolve().parents[3] / "saves" / "examples" / "squire.json"
    rec = saves.load(path)
    assert rec.ruleset.id == "squire" and len(rec.players) == 3
    assert rec.state.is_over()


def test_a_version_3_game_relabelled_version_2_replays_under_the_limited_bank_and_is_refused(tmp_path):
    """The file says version 2, so it replays under version 2's rules (the
    Bank limited): the players end with fewer coins than the file's result."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "saves" / "examples" / "squire.json"
    doc = json.loads(path.read_text())
    doc["ruleset_version"] = 2  # the Bank was limited then
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    before = old.read_text()
    r = run("verify", old)
    assert r.exit_code == 2
    assert "the result does not match the replayed game" in r.output and "Traceback" not in r.output
    assert old.read_text() == before
