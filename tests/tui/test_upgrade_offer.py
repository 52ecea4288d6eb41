"""Resuming a game of older rules from the saves list: a small dialog keeps
them by default (Enter), upgrades on u, goes back on Esc."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

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


OLD_IN_PROGRESS = sorted(p.name for p in GOLDEN.glob("*-in-progress.json")
                         if int(p.stem.split("-v")[1].split("-")[0]) < load(p).ruleset.version)


@pytest.mark.parametrize("name", OLD_IN_PROGRESS)
async def test_an_old_game_takes_a_move_in_the_tui_under_its_own_rules(tmp_path: Path, name: str):
    """Resumed in the TUI (as `tsquare resume` does), a game of older rules
    takes the person's move from the move list and is saved under its version."""
    from tui.screens.move_picker import MovePicker

    path = _folder(tmp_path, name)
    version, before = load(path).rules_version, load(path).ply
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(200):  # bots move until the person is to act
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.acting_human() == 0:
                break
        assert screen.acting_human() == 0 and screen.record.rules_version == version
        moved = screen.record.ply
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, MovePicker)
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert screen.record.ply > moved and screen.record.moves[moved][0] == 0
    after = load(path)
    assert after.ply > before and after.rules_version == version


async def test_the_offer_says_what_changed_in_each_newer_version(tmp_path: Path):
    _folder(tmp_path, "squire-v1-in-progress.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_offer(pilot, app)
        assert isinstance(app.screen, UpgradeOfferScreen)
        shown = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert "What changed since" in shown
        assert "version 2: the sculpture award is a swap only" in shown
        assert "version 3: the Bank's common coins and tickets are unlimited" in shown


def test_every_newer_rules_version_of_every_game_says_what_it_changed():
    from engine.rules_versions import changes_since
    from rulesets import REGISTRY

    for entry in REGISTRY.entries():
        rs = REGISTRY.get(entry.id)
        changes = changes_since(rs, rs.oldest_version)
        assert [v for v, _ in changes] == list(range(rs.oldest_version + 1, rs.version + 1)), entry.id
        for v, words in changes:
            assert words and words != "(not described)" and "`" not in words, (entry.id, v, words)
