"""`tsquare bot` thinks holding no lock: a person's sealed pick made while a
`deep` bot thinks is accepted, and the bot's pick lands afterwards."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from engine.saves import load
from tests.cli.tsquare_process import CODE, run_tsquare

pytestmark = pytest.mark.search  # a deep bot thinks: a slow group (tests/conftest.py)

THINKING = """
import sys
from pathlib import Path
from engine.record import GameRecord
real = GameRecord.bot_move
flag = Path(sys.argv[1])
def bot_move(*args, **kwargs):
    flag.touch()  # the bot has begun to choose
    return real(*args, **kwargs)
GameRecord.bot_move = bot_move
sys.argv = ["tsquare", *sys.argv[2:]]
from tui.cli import main
main()
"""
"""`tsquare ARGS` that first says, by making a file, when its bot begins to choose."""


def test_a_person_moves_while_a_deep_bot_thinks(tmp_path):
    save = tmp_path / "m.json"
    made = run_tsquare("new", "square-masons", "-n", "3", "--seed", "5", "--bot", "2=deep", "--bot", "3=deep", "-o", save)
    assert made.returncode == 0, made.stderr
    assert run_tsquare("move", save, "--as", "1", "cw").returncode == 0
    thinking = tmp_path / "thinking"
    bot = subprocess.Popen(
        [sys.executable, "-c", THINKING, str(thinking), "bot", str(save), "--as", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(CODE)),
    )
    try:
        deadline = time.monotonic() + 60
        while not thinking.exists() and bot.poll() is None:
            assert time.monotonic() < deadline, "the bot never started thinking"
            time.sleep(0.02)
        assert bot.poll() is None, "the bot ended before the person could move"
        person = run_tsquare("move", save, "--as", "1", "stone")
        assert person.returncode == 0, person.stderr
        out, err = bot.communicate(timeout=60)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
    assert bot.returncode == 0, err
    assert out.startswith("Bot 2: (sealed)")
    assert [s for s, _ in load(save).moves] == [0, 0, 1]  # the bot's pick after the person's


def test_serve_takes_the_bot_workers():
    from typer.testing import CliRunner

    from tui.cli import app

    runner = CliRunner()
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "120"})
    assert shown.exit_code == 0 and "--bot-workers" in shown.output
    refused = runner.invoke(app, ["serve", "--bot-workers", "0"])
    assert refused.exit_code == 2 and refused.stderr.strip() == "tsquare: --bot-workers takes 1 to 32"
