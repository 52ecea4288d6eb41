"""Architects in the TUI's generic view at 80x24: a whole game by keys (the
shared whole-game test of tests/tui, run on this game: seat 1 types each
move into the `a` list, the others are bots)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.keys  # whole games by keys: a slow group (tests/conftest.py)

_SPEC = importlib.util.spec_from_file_location(
    "tui_whole_games", Path(__file__).resolve().parents[1] / "test_tui_whole_games.py"
)
_MODULE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_MODULE)
whole_game_by_keys = _MODULE.test_a_whole_game_by_keys


async def test_a_whole_game_by_keys(tmp_path):
    await whole_game_by_keys(tmp_path, "architects", 2, 4, {"rounds": 3})


async def test_a_three_player_game_by_keys_with_open_hands(tmp_path):
    await whole_game_by_keys(tmp_path, "architects", 3, 5, {"rounds": 3, "hands": "open"})
