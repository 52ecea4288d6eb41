"""`tsquare play GAME --plain` and `tsquare resume FILE --plain` from a real
pipe, in a process of their own: no Textual imported, no escape byte."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engine.session import GameSession
from tests.plain.script import check_plain

ROOT = Path(__file__).resolve().parent.parent.parent

RUN = ("import atexit, sys\n"
       "atexit.register(lambda: sys.stderr.write('textual loaded: %s\\n' % ('textual' in sys.modules)))\n"
       "from tui.cli import main\n"
       "main()\n")
"""`tsquare` as a script that says at exit whether Textual was imported."""


def tsquare(tmp_path: Path, stdin: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TSQUARE_SAVES=str(tmp_path))
    env.pop("TERM", None)
    return subprocess.run([sys.executable, "-c", RUN, *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=120, cwd=tmp_path)


def test_play_plain_from_a_pipe_then_resume(tmp_path):
    done = tsquare(tmp_path, "Mc4h\n", "play", "grid-square", "--plain", "--bot", "2=random",
                   "--name", "1=Ana", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "textual loaded: False\n"
    assert done.stdout.startswith("Grid Square, 2 players: seat 1, Ana, a person; seat 2, Bot 2, a bot (random).\n")
    assert "> Mc4h\nYou played place a middle building on c4 to e4 (Mc4h)." in done.stdout
    assert "End of input." in done.stdout
    check_plain(done.stdout)
    saves = list(tmp_path.glob("grid-square-*.json"))
    assert len(saves) == 1
    assert GameSession.open(saves[0]).record.moves[0] == (0, "Mc4h")
    # the save is in the saves folder: the command to go on names it alone, on one line
    assert f"\ntsquare resume {saves[0].name} --plain\n" in done.stdout

    again = tsquare(tmp_path, "quit\n", "resume", saves[0].name, "--plain")
    assert again.returncode == 0, again.stderr
    assert again.stderr == "textual loaded: False\n"
    assert "Resumed after" in again.stdout and "Your turn, Ana." in again.stdout
    assert "Bot 2 placed" in again.stdout  # what came since her last move, as a reminder


def test_resume_plain_of_a_bad_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    done = tsquare(tmp_path, "", "resume", str(bad), "--plain")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0].startswith("tsquare: ")
    assert len(done.stderr.splitlines()) == 2  # the line, then the test's own note
