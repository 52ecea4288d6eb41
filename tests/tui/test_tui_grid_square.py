"""Grid Square in the TUI, played by key presses only (Pilot)."""
from __future__ import annotations

from pathlib import Path

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from rulesets.grid_square.moves import Claim, Pass, Place, Slide
from tui.app import create_app
from tui.games.grid_square import GridBoard
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.menu import MainMenu
from tui.screens.setup import SetupScreen

RS = REGISTRY.get("grid-square")


def new_save(tmp_path: Path, kinds: tuple[str, str], seed: int = 3) -> Path:
    players = [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    record = GameRecord.new(RS, players, seed, {})
    path = tmp_path / "g.json"
    save(record, path)
    return path


async def press_move(pilot, board: GridBoard, move) -> None:
    """Build `move` on the board with keys, then confirm it."""
    if isinstance(move, Place):
        await pilot.press(str(move.size))
        if board.orient != move.orient:
            await pilot.press("o")
        dx, dy = move.x - board.cx, move.y - board.cy
        await pilot.press(*(["right"] * dx if dx > 0 else ["left"] * -dx))
        await pilot.press(*(["up"] * dy if dy > 0 else ["down"] * -dy))
        assert (board.cx, board.cy, board.piece_size, board.orient) == (move.x, move.y, move.size, move.orient)
        await pilot.press("enter")
    elif isinstance(move, Slide):
        target = (move.size, move.x, move.y, move.orient)
        for _ in range(60):
            pieces = board.movable()
            if board.state.pieces[pieces[board.pick % len(pieces)]] == target:
                break
            await pilot.press("tab")
        key = {"n": "up", "s": "down", "e": "right", "w": "left"}[move.direction]
        await pilot.press(*([key] * move.dist))
        await pilot.press("enter")
    elif isinstance(move, Claim):
        for _ in range(10):
            cur = board.current_move()
            region = next(r for r in board.state.claimable if r >> move.cell & 1)
            if cur is not None and region >> cur.cell & 1:
                break
            await pilot.press("tab")
        await pilot.press("enter")
    else:
        assert isinstance(move, Pass)
        await pilot.press("p")


async def test_whole_game_against_a_bot_by_keys(tmp_path):
    await _whole_game_by_keys(tmp_path, ("human", "bot:greedy"), {})


async def test_whole_hot_seat_game_without_sliding_by_keys(tmp_path):
    await _whole_game_by_keys(tmp_path, ("human", "human"), {"sliding": False})


async def _whole_game_by_keys(tmp_path, kinds, options) -> None:
    players = [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    record = GameRecord.new(RS, players, 3, options)
    path = tmp_path / "g.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(GridBoard)
        chooser = RS.make_bot("greedy", 11)
        slides_by_key = 0
        for _ in range(400):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.record.state.is_over():
                break
            if screen.acting_human() is None:
                continue
            state = screen.record.state
            seat = screen.acting_human()
            move = chooser.choose(state.view(seat), seat)
            before = screen.record.ply
            slides_by_key += isinstance(move, Slide)
            await press_move(pilot, board, move)
            await pilot.pause()
            assert screen.record.ply > before, f"keys did not play {state.format_move(move)}"
        assert screen.record.state.is_over()
        assert (slides_by_key > 0) == options.get("sliding", True)
        if "human" == kinds[1]:  # both seats were played by keys
            assert {seat for seat, _ in screen.record.moves} == {0, 1}
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    # every move was saved as it was made
    saved = load(path)
    assert saved.state.is_over()
    assert saved.moves == screen.record.moves


async def test_hot_seat_quit_and_resume(tmp_path):
    path = new_save(tmp_path, ("human", "human"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "enter")  # P1 places Md5h (cursor starts at d5)
        await pilot.press("1", "o", "left", "enter")  # P2 places Sc5v
        await pilot.press("p")  # P2 passes the slide
        await pilot.pause()
        assert [t for _, t in app.screen.record.moves] == ["Md5h", "Sc5v", "pass"]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    resumed = create_app(tmp_path, game=path, bot_delay=0)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = resumed.screen
        assert isinstance(screen, GameScreen)
        assert screen.record.ply == 3
        assert screen.acting_human() == 0


async def test_illegal_move_by_keys_is_refused_and_not_saved(tmp_path):
    path = new_save(tmp_path, ("human", "human"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "enter", "2", "enter")  # the same place twice
        await pilot.pause()
        assert [t for _, t in app.screen.record.moves] == ["Md5h"]
        assert "overlaps" in str(app.screen.query_one("#message").render())
    assert load(path).ply == 1


async def test_typed_move_and_undo(tmp_path):
    path = new_save(tmp_path, ("human", "bot:greedy"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        await pilot.press(*"La1h", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.record.moves[0] == (0, "La1h")
        assert screen.record.ply >= 2  # the bot replied
        await pilot.press("u")
        await pilot.pause()
        assert screen.record.ply == 0
    assert load(path).ply == 0


async def test_menu_setup_starts_a_saved_game(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # seat 2: bot greedy -> human (cycle human, random, greedy)
        await pilot.press("down", "down", "down", "right")  # rows: players, seat 1, name 1, seat 2
        await pilot.press("down", "down", "down", "4", "2")  # name 2, option, seed 42
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.record.seed == 42
        assert [p.kind for p in screen.record.players] == ["human", "human"]
    assert len(list(tmp_path.glob("grid-square-*.json"))) == 1


async def test_all_moves_picker_plays_a_filtered_move(tmp_path):
    path = new_save(tmp_path, ("human", "human"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        from tui.screens.move_picker import MovePicker

        assert isinstance(app.screen, MovePicker)
        await pilot.press(*"lh9", "enter")  # nothing starts at h9 going anywhere: no match
        await pilot.pause()
        assert isinstance(app.screen, MovePicker)
        await pilot.press("escape")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.record.moves == []
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"mh7", "enter")  # the one middle building from h7: Mh7v
        await pilot.pause()
        assert game.record.moves == [(0, "Mh7v")]
    assert load(path).moves == [(0, "Mh7v")]
