"""The Squire game screen as pictures (pytest-textual-snapshot) at 80×24 and
120×40: the map, the cards panel, the players panel and the World map.

Update after an intended change (look at the pictures first):
pytest tests/tui/squire/test_squire_pictures.py --snapshot-update
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def squire_game(folder: Path, map_key: str, players: int = 3, own_moves: int = 5) -> Path:
    """Seat 1 a person (Ana), the others bots, advanced until Ana has made
    `own_moves` moves (each her first legal one) and only she has to choose."""
    rs = REGISTRY.get("squire")
    roster = [Player("Ana")] + [Player(f"Bot {i + 1}", "bot:heuristic") for i in range(1, players)]
    record = GameRecord.new(rs, roster, 4, {**rs.default_options(), "map": map_key})
    made = 0
    while True:
        bots = [s for s in record.state.to_act() if s != 0]
        if bots:
            record.play_move(bots[0], record.bot_move(bots[0]))
            continue
        if made >= own_moves:
            break
        record.play_move(0, record.state.legal(0)[0])
        made += 1
    record.created = record.updated = "2026-11-25T00:00:00+00:00"
    path = folder / "squire.json"
    save(record, path)
    return path


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("panel, keys", [("main", []), ("cards", ["tab"]), ("players", ["tab", "tab"])])
def test_british_isles(snap_compare, tmp_path, size, panel, keys):
    app = create_app(tmp_path, game=squire_game(tmp_path, "british-isles"), bot_delay=0)
    assert snap_compare(app, press=keys, terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
def test_world_map(snap_compare, tmp_path, size):
    app = create_app(tmp_path, game=squire_game(tmp_path, "world", players=2, own_moves=2), bot_delay=0)
    assert snap_compare(app, terminal_size=SIZES[size])
