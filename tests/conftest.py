"""Fixtures shared by the CLI and save tests."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def gs_record():
    """A Grid Square game in progress: 5 plies (seat 1 placed twice, slid
    once; seat 2 placed and passed the slide)."""
    from engine.record import GameRecord, Player
    from rulesets import REGISTRY

    rs = REGISTRY.get("grid-square")
    rec = GameRecord.new(rs, [Player("Ana"), Player("Ben", "bot:greedy")], 7, rs.default_options())
    for seat, text in [(0, "Sa1h"), (1, "Sd4h"), (1, "pass"), (0, "Mc6v"), (0, "Sa1h-n2")]:
        rec.play(seat, text)
    return rec


@pytest.fixture
def gs_file(tmp_path: Path, gs_record) -> Path:
    """`gs_record` saved as tmp_path/game.json."""
    from engine.saves import save

    path = tmp_path / "game.json"
    save(gs_record, path)
    return path
