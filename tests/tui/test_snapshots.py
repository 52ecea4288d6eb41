"""What each screen looks like at 80×24 (pytest-textual-snapshot).

Update after an intended change: pytest tests/tui/test_snapshots.py --snapshot-update
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app

SIZE = (80, 24)


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The saves folder: `saves` in a temporary working folder, named by
    that relative path (the saves screen shows it, so the picture never
    holds a temporary folder's name, and no two runs share a folder)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "saves").mkdir()
    return Path("saves")


def grid_game(folder: Path, moves: list[str], kinds=("human", "human"), name="g.json") -> Path:
    rs = REGISTRY.get("grid-square")
    record = GameRecord.new(rs, [Player("Ana", kinds[0]), Player("Ben", kinds[1])], 1, {})
    for text in moves:
        record.play(record.state.to_act()[0], text)
    record.created = record.updated = "2026-11-25T00:00:00+00:00"
    path = folder / name
    save(record, path)
    return path


def finished_game(folder: Path) -> Path:
    rs = REGISTRY.get("grid-square")
    record = GameRecord.new(rs, [Player("Ana", "bot:greedy"), Player("Ben", "bot:random")], 4, {})
    while not record.state.is_over():
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat))
    path = folder / "done.json"
    save(record, path)
    return path


class TestMenu:
    def test_main_menu(self, snap_compare, folder):
        assert snap_compare(create_app(folder), terminal_size=SIZE)

    def test_setup(self, snap_compare, folder):
        assert snap_compare(create_app(folder), press=["enter"], terminal_size=SIZE)

    def test_rules(self, snap_compare, folder):
        assert snap_compare(create_app(folder), press=["question_mark"], terminal_size=SIZE)

    def test_saves(self, snap_compare, folder):
        grid_game(folder, ["Md5h", "Sc5v", "pass"])
        assert snap_compare(create_app(folder), press=["r"], terminal_size=SIZE)


class TestGridSquare:
    def test_place_preview(self, snap_compare, folder):
        path = grid_game(folder, ["Md5h", "Sc5v", "pass"])
        app = create_app(folder, game=path, bot_delay=0)
        assert snap_compare(app, press=["3", "o", "down"], terminal_size=SIZE)

    def test_slide_step(self, snap_compare, folder):
        path = grid_game(folder, ["Md5h", "Sc5v"])
        app = create_app(folder, game=path, bot_delay=0)
        assert snap_compare(app, press=["tab", "right"], terminal_size=SIZE)

    def test_claim_step(self, snap_compare, folder):
        path = grid_game(folder, ["Sa1h", "Sa1v", "pass", "Sa2h", "pass", "Sb1v", "pass"])
        app = create_app(folder, game=path, bot_delay=0)
        assert snap_compare(app, terminal_size=SIZE)

    def test_game_over(self, snap_compare, folder):
        app = create_app(folder, game=finished_game(folder), bot_delay=0)
        assert snap_compare(app, terminal_size=SIZE)

    def test_replay(self, snap_compare, folder):
        app = create_app(folder, replay=finished_game(folder), start_ply=20)
        assert snap_compare(app, press=["right"], terminal_size=SIZE)


class TestPass:
    def test_pass_screen(self, snap_compare, folder):
        from tui.screens.pass_screen import PassScreen

        async def push(pilot):
            pilot.app.push_screen(PassScreen("Ana"))
            await pilot.pause()

        assert snap_compare(create_app(folder), run_before=push, terminal_size=SIZE)


def human_to_act(folder: Path, game: str, players: int, seed: int, name: str) -> Path:
    """A game where seat 1 is a person and every other seat a bot, advanced
    (bots moving, seat 1 playing its first legal move `plies` times) to a
    point where only seat 1 has to choose, so no bot is thinking."""
    rs = REGISTRY.get(game)
    level = rs.default_bot_level
    roster = [Player("Ana")] + [Player(f"Bot {i + 1}", f"bot:{level}") for i in range(1, players)]
    record = GameRecord.new(rs, roster, seed, rs.default_options())
    human_moves = 0
    while True:
        acting = record.state.to_act()
        bots = [s for s in acting if s != 0]
        if bots:
            record.play_move(bots[0], record.bot_move(bots[0]))
            continue
        if human_moves >= 3:
            break
        record.play_move(0, record.state.legal(0)[0])
        human_moves += 1
    path = folder / name
    save(record, path)
    return path


class TestOtherGames:
    def test_squire(self, snap_compare, folder):
        app = create_app(folder, game=human_to_act(folder, "squire", 2, 3, "sq.json"), bot_delay=0)
        assert snap_compare(app, terminal_size=SIZE)

    def test_square_masons(self, snap_compare, folder):
        app = create_app(folder, game=human_to_act(folder, "square-masons", 3, 3, "sm.json"), bot_delay=0)
        assert snap_compare(app, terminal_size=SIZE)


class TestLargeTerminal:
    def test_grid_square_uses_the_room(self, snap_compare, folder):
        path = grid_game(folder, ["Sa1h", "Sa1v", "pass", "Sa2h", "pass", "Sb1v", "pass"])
        app = create_app(folder, game=path, bot_delay=0)
        assert snap_compare(app, terminal_size=(120, 36))


class TestSharedScreens:
    def test_move_line_in_the_key_bar_row(self, snap_compare, folder):
        path = grid_game(folder, ["Md5h", "Sc5v", "pass"])
        app = create_app(folder, game=path, bot_delay=0)
        assert snap_compare(app, press=["colon", "M", "d", "2"], terminal_size=SIZE)

    def test_big_log(self, snap_compare, folder):
        path = grid_game(folder, ["Sa1h", "Sa1v", "pass", "Sa2h", "pass", "Sb1v", "pass"])
        app = create_app(folder, game=path, bot_delay=0)
        assert snap_compare(app, press=["e"], terminal_size=SIZE)
