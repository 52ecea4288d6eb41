"""The command line and the TUI under bad input and failure (issue 8,
breaks 3, 6, 7 and 9): exit 2 with one line for bad input, nothing reported
as played before it is saved, a crash that shows no secret and writes a
report, and `show` that reveals nothing unless asked."""
from __future__ import annotations

import asyncio
import errno
import json
import os
import sys
import tempfile

import pytest

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from tests.cli.tsquare_process import one_line, run, run_tsquare


def read_only_folder(monkeypatch) -> None:
    """Make every new file in a folder fail as a read-only folder would
    (the tests run as a user no permission bit stops)."""
    def refused(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)


# ------------------------------------------------- nothing shown before saved
def test_move_a_b_bad_prints_nothing_played(gs_file):
    before = gs_file.read_bytes()
    result = run("move", gs_file, "Sh1h", "pass", "Zz9")
    one_line(result, "move 3", "nothing saved")
    assert result.stdout == "" and gs_file.read_bytes() == before


@pytest.mark.parametrize("command", [["bot"], ["move", "Sh1h"]])
def test_a_read_only_folder_reports_nothing_played_and_exits_2(gs_file, monkeypatch, command):
    before = gs_file.read_bytes()
    read_only_folder(monkeypatch)
    result = run(command[0], gs_file, *command[1:])
    one_line(result, "cannot write", str(gs_file.parent), "Permission denied")
    assert result.stdout == "" and gs_file.read_bytes() == before


def test_new_into_a_read_only_folder_exits_2(tmp_path, monkeypatch):
    read_only_folder(monkeypatch)
    one_line(run("new", "grid-square", "-o", tmp_path / "g.json"), str(tmp_path), "Permission denied")


def test_a_full_disk_is_still_a_failure_of_the_program(gs_file, monkeypatch):
    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    result = run("bot", gs_file)
    assert result.exit_code == 1 and result.stdout == "" and "No space left" in result.stderr


# ------------------------------------------------------------ exit 1 -> 2
def test_an_option_value_the_rules_refuse(tmp_path):
    f = tmp_path / "g.json"
    one_line(run("new", "square-masons", "-n", "3", "-o", f, "-O", "rounds=-5"), "rounds")
    assert not f.exists()


@pytest.mark.parametrize("delay", ["nan", "inf", "1e308", "-1", "61"])
def test_replay_delay_is_bounded(gs_file, delay):
    one_line(run("replay", gs_file, "--delay", delay), "--delay")


def test_a_file_in_an_unreadable_folder(tmp_path, gs_file, monkeypatch):
    real_stat, real_lstat = os.stat, os.lstat

    def guarded(real):
        def stat(path, *a, **k):
            if str(path).startswith(str(tmp_path)):
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real(path, *a, **k)
        return stat

    monkeypatch.setattr(os, "stat", guarded(real_stat))
    monkeypatch.setattr(os, "lstat", guarded(real_lstat))
    one_line(run("verify", gs_file), str(gs_file), "Permission denied")


def test_non_utf8_file_names_with_a_strict_utf8_stdout(tmp_path, gs_record):
    folder = os.fsencode(tmp_path)
    save(gs_record, os.fsdecode(folder + b"/caf\xe9.json"))
    env = {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    listed = run_tsquare("--saves", tmp_path, "list", env=env)
    assert listed.returncode == 0, listed.stderr
    assert b"caf\\udce9.json" in listed.stdout and b"Grid Square" in listed.stdout
    verified = run_tsquare("verify", folder + b"/caf\xe9.json", env=env)
    assert verified.returncode == 0 and b"caf\\udce9.json" in verified.stdout
    missing = run_tsquare("verify", folder + b"/\xff.json", env=env)
    assert missing.returncode == 2 and missing.stderr.count(b"\n") == 1 and b"\\udcff" in missing.stderr


@pytest.mark.parametrize("args", [["new", "grid-square", "-o", "X"], ["selfplay", "grid-square", "--games", "1"]])
@pytest.mark.parametrize("seed", ["-1", "-5", str(1 << 64)])
def test_seed_range_is_the_same_everywhere(tmp_path, args, seed):
    args = [str(tmp_path / "g.json") if a == "X" else a for a in args]
    one_line(run(*args, "--seed", seed), "--seed")
    assert not (tmp_path / "g.json").exists()


def test_selfplay_seeds_stay_in_range():
    one_line(run("selfplay", "grid-square", "--games", "3", "--seed", str((1 << 64) - 2)), "--seed")


# ----------------------------------------------------------------- show
def _masons_draft(path):
    rs = REGISTRY.get("square-masons")
    rec = GameRecord.new(rs, [Player("Ana"), Player("Ben"), Player("Cy")], 2, rs.default_options())
    rec.play(0, "cw")
    save(rec, path)
    return rec


@pytest.mark.parametrize("game", ["squire", "square-masons"])
def test_show_json_is_the_public_view_by_default(tmp_path, game):
    f = tmp_path / "g.json"
    if game == "squire":
        assert run("new", "squire", "-o", f, "--seed", "5").exit_code == 0
        rec = load(f)
    else:
        rec = _masons_draft(f)
    public = rec.state.view(None).snapshot()
    assert public != rec.state.snapshot()  # there is a secret to keep
    data = json.loads(run("show", f, "--json").stdout)
    assert data["state"] == public and data["revealed"] is False
    text = run("show", f).stdout
    assert text.splitlines()[1:] == rec.state.view(None).render(None, rec.names).splitlines()


def test_reveal_is_refused_while_people_play(tmp_path):
    f = tmp_path / "g.json"
    rec = _masons_draft(f)
    for args in (["--reveal"], ["--reveal", "--json"], ["--reveal", "--as", "1"]):
        one_line(run("show", f, *args), "--reveal")
    data = json.loads(run("show", f, "--json", "--reveal", "--force").stdout)
    assert data["state"] == rec.state.snapshot() and data["revealed"] is True


def test_reveal_is_allowed_on_a_finished_game_or_a_game_of_bots(tmp_path):
    f = tmp_path / "g.json"
    assert run("new", "squire", "-o", f, "--seed", "5", "--bot", "1=random", "--bot", "2=random").exit_code == 0
    full = json.loads(run("show", f, "--json", "--reveal").stdout)
    assert full["state"] == load(f).state.snapshot()
    example = REGISTRY.get("squire").package_dir.parent.parent / "saves" / "examples" / "squire.json"
    doc = json.loads(example.read_text())
    for p in doc["players"]:
        p["kind"] = "human"
    over = tmp_path / "over.json"
    over.write_text(json.dumps(doc))
    assert load(over).state.is_over()
    assert json.loads(run("show", over, "--json", "--reveal").stdout)["revealed"] is True


# ----------------------------------------------------------------- crashes
SECRET = "LOCAL-SECRET-4217"


def _boom(*args, **kwargs):
    hand_of_seat_2 = SECRET  # a local a traceback with locals would print
    raise RuntimeError(f"kaboom {hand_of_seat_2[:0]}")


def test_a_cli_crash_writes_a_report_and_shows_one_line(tmp_path, gs_file, monkeypatch, capsys):
    from tui import cli

    before = gs_file.read_bytes()
    monkeypatch.setattr(GameRecord, "bot_move", _boom)
    monkeypatch.setattr(sys, "argv", ["tsquare", "--saves", str(tmp_path), "bot", str(gs_file)])
    with pytest.raises(SystemExit) as ended:
        cli.main()
    assert ended.value.code == 1
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1 and "internal error (RuntimeError)" in lines[0] and SECRET not in err
    report = lines[0].rsplit("a report is in ", 1)[1]
    text = open(report, encoding="utf-8").read()
    assert "Traceback" in text and "_boom" in text and SECRET not in text.replace("hand_of_seat_2 = SECRET", "")
    assert gs_file.read_bytes() == before


def test_a_tui_crash_shows_no_locals_writes_a_report_and_exits_1(tmp_path, monkeypatch, capsys):
    from tui import app as tui_app
    from tui.screens.game import GameScreen

    rs = REGISTRY.get("grid-square")
    path = tmp_path / "g.json"
    save(GameRecord.new(rs, [Player("Ana"), Player("Ben")], 5, rs.default_options()), path)
    before = path.read_bytes()
    monkeypatch.setattr(GameScreen, "action_all_moves", _boom)
    real_run = tui_app.TSquareApp.run

    def headless(self, *a, **k):
        async def crash(pilot):
            await pilot.pause()
            await pilot.press("a")

        return real_run(self, headless=True, size=(80, 24), auto_pilot=crash)

    monkeypatch.setattr(tui_app.TSquareApp, "run", headless)
    code = tui_app.run_app(tmp_path, game=path)
    captured = capsys.readouterr()
    assert code == 1
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "a report is in" in lines[0], captured.err
    assert SECRET not in captured.out + captured.err and "Traceback" not in captured.out + captured.err
    report = open(lines[0].rsplit("a report is in ", 1)[1], encoding="utf-8").read()
    assert "RuntimeError: kaboom" in report and SECRET not in report.replace("hand_of_seat_2 = SECRET", "")
    assert path.read_bytes() == before


def test_the_tui_crash_path_keeps_textual_locals_out(tmp_path, monkeypatch):
    from tui.app import create_app
    from tui.screens.game import GameScreen

    rs = REGISTRY.get("grid-square")
    path = tmp_path / "g.json"
    save(GameRecord.new(rs, [Player("Ana"), Player("Ben")], 7, rs.default_options()), path)
    monkeypatch.setattr(GameScreen, "action_all_moves", _boom)

    async def go():
        tui = create_app(tmp_path, game=path, bot_delay=0)
        with pytest.raises(RuntimeError):
            async with tui.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("a")
                await pilot.pause()
        return tui

    tui = asyncio.run(go())
    assert tui.return_code == 1 and tui.crash and not tui._exit_renderables
