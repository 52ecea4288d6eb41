"""`tsquare show --reveal` shows in text what it reveals in JSON: every
hand, none marked "(hidden)" (the games with hidden information, from the
registry)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.registry import REGISTRY
from tui.cli import app

runner = CliRunner()
HIDDEN_GAMES = [e.id for e in REGISTRY.entries() if REGISTRY.get(e.id).hidden_information]


def _ok(*args: str) -> str:
    result = runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_reveal_shows_every_hand_in_text(game: str, tmp_path: Path):
    rs = REGISTRY.get(game)
    n = max(rs.min_players, 3) if rs.max_players >= 3 else rs.min_players
    path = tmp_path / "g.json"
    _ok("new", game, "-o", path, "-n", n, "--seed", 5, *[a for s in range(n) for a in ("--bot", f"{s + 1}=random")])
    for _ in range(3):
        _ok("bot", path)
    _ok("show", path)
    text = _ok("show", "--reveal", path)
    assert "(hidden)" not in text
    doc = json.loads(_ok("show", "--reveal", "--json", path))
    for p in doc["state"].get("players") or doc["state"]["boards"]:  # Square Masons: boards
        for card in p.get("hand") or []:
            assert str(card) in text, (card, text)
