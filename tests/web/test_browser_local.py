"""`tsquare web` in a real Chromium: the menu, a Grid Square game against a
bot started by keys, a move played and the bot's reply seen; the save lands
in the same folder as the terminal's."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from engine.saves import load

TSQUARE = [sys.executable, "-c", "from tui.cli import main; main()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def shot(page, name: str):
    """A screenshot into TSQUARE_PICTURES (how docs/pictures/ is made), if set."""
    folder = os.environ.get("TSQUARE_PICTURES")
    return page.screenshot(path=str(Path(folder) / name)) if folder else page.wait_for_timeout(0)


async def test_browser_plays_grid_square_against_a_bot(page, tmp_path):
    saves, port = tmp_path / "saves", free_port()
    server = subprocess.Popen([*TSQUARE, "--saves", str(saves), "web", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = server.stdout.readline()
        assert f"http://127.0.0.1:{port}" in said, said + server.stderr.read()
        term = page.term
        await page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
        await term.wait_for("Grid Square")
        await page.locator("body").click()
        await term.press("Enter")
        await term.wait_for("New game: Grid Square")
        await term.press("Enter")  # seat 2 is a bot by default
        await term.wait_for("Grid Square · move 1")
        await term.wait_for("Enter: place")
        await term.press("Enter")  # the building under the cursor
        await term.wait_for("Grid Square · move 3", timeout=60)  # the bot answered
        await shot(page, "web-game.png")
        [save] = list(saves.glob("grid-square-*.json"))
        record = load(save)
        assert len(record.moves) >= 2 and "Player 1" in record.players[0].name
    finally:
        server.terminate()
        server.wait(10)
