"""Resuming a game of older rules from the saves list: a small dialog keeps
them by default (Enter), upgrades on u, goes back on Esc."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from engine.saves import load
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.saves import SavesScreen
from tui.screens.upgrade_offer import UpgradeOfferScreen

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _folder(tmp_path: Path, name: str) -> Path:
    shutil.copyfile(GOLDEN / name, tmp_path / name)
    return tmp_path / name


async def _to_offer(pilot, app) -> None:
    await pilot.pause()
    await pilot.press("r")  # the saves list
    await pilot.pause()
    assert isinstance(app.screen, SavesScreen)
    await pilot.press("enter")
    await pilot.pause()


async def test_enter_keeps_the_old_rules_and_opens_the_game(tmp_path: Path):
    path = _folder(tmp_path, "squire-v2-in-progress.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_offer(pilot, app)
        assert isinstance(app.screen, UpgradeOfferScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.record.rules_version == 2
    assert json.loads(path.read_bytes())["ruleset_version"] == 2


async def test_u_upgrades_the_game_then_opens_it(tmp_path: Path):
    path = _folder(tmp_path, "square-masons-v2-in-progress.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_offer(pilot, app)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.record.rules_version == 3
    assert load(path).rules_version == 3


async def test_escape_goes_back_to_the_list_and_a_current_game_opens_at_once(tmp_path: Path):
    _folder(tmp_path, "square-masons-v1-in-progress.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_offer(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
    (tmp_path / "square-masons-v1-in-progress.json").unlink()
    _folder(tmp_path, "square-masons-v3-in-progress.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_offer(pilot, app)
        assert isinstance(app.screen, GameScreen)
