"""Every screen survives any terminal size down to 1×1: below the smallest
size the screens take, the terminal shows "make the window larger (now
W×H)" instead, and growing back shows the screen as it was (same screen,
same state). No crash, no crash report, for a size."""
from __future__ import annotations

from pathlib import Path
from typing import Awaitable, Callable

import pytest
from textual.geometry import Size

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import TSquareApp, create_app
from tui.server.player import LobbyApp
from tui.server.store import Store
from tui.too_small import SMALLEST, small_frame, small_message

SIZES = [(1, 1), (2, 2), (3, 2), (12, 4), (20, 6), (19, 30), (100, 5)]
"""Terminal sizes to pass through, each from the one before (the last two
are too small in one direction only)."""

GAMES = REGISTRY.ids()


def new_save(tmp_path: Path, game: str, kinds: list[str] | None = None, plies: int = 0) -> Path:
    """A save of `game` (people at every seat unless `kinds`), after
    `plies` moves chosen by the first legal move."""
    rs = REGISTRY.get(game)
    kinds = kinds or ["human"] * rs.min_players
    record = GameRecord.new(rs, [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)], 3, rs.default_options())
    for _ in range(plies):
        if record.state.is_over():
            break
        seat = record.state.to_act()[0]
        record.play_move(seat, record.state.legal(seat)[0])
    path = tmp_path / f"{game}.json"
    save(record, path)
    return path


def screen_text(app: TSquareApp) -> str:
    """What the top screen draws, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def through_sizes(app: TSquareApp, pilot, state: Callable[[], object]) -> None:
    """Resize through `SIZES` and back to 80×24: no exception, the message
    shown for each size too small, the same screen and state afterwards."""
    await pilot.pause()
    screen, before = app.screen, state()
    for width, height in SIZES:
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        size = Size(width, height)
        small = width < SMALLEST.width or height < SMALLEST.height
        assert app.small_frame == (small_frame(size) if small else None), (width, height)
        if small:
            assert app.size == Size(max(width, SMALLEST.width), max(height, SMALLEST.height))
        if width * height >= len(small_message(size)) + 12 and small:
            assert "larger" in " ".join(app.small_frame or [])
    await pilot.resize_terminal(80, 24)
    await pilot.pause()
    assert app.small_frame is None and app.size == Size(80, 24)
    assert app.screen is screen and state() == before
    assert app.crash is None and app.is_running
    assert screen_text(app).strip()  # drawn again


def saves_dir_reports(app: TSquareApp) -> list[Path]:
    return list(Path(app.saves_dir).rglob("*crash*"))


Opener = Callable[[TSquareApp, object], Awaitable[Callable[[], object]]]


async def run_through(tmp_path: Path, app: TSquareApp, open_screen: Opener) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        state = await open_screen(app, pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await through_sizes(app, pilot, state)
    assert not saves_dir_reports(app)


# ------------------------------------------------------------------ local screens
async def test_the_menu(tmp_path):
    async def menu(app, pilot):
        await pilot.press("down")
        return lambda: app.screen.query_one("#games").highlighted

    await run_through(tmp_path, create_app(tmp_path, bot_delay=0), menu)


async def test_the_setup_screen_keeps_what_was_typed(tmp_path):
    from tui.screens.setup import SetupForm, SetupScreen

    async def setup(app, pilot):
        app.push_screen(SetupScreen(GAMES[0]))
        await pilot.pause()
        form = app.screen.query_one(SetupForm)
        form.choices.row = form.row_keys().index("seed")
        await pilot.press("4", "2")
        return lambda: (form.choices.seed, form.choices.row)

    await run_through(tmp_path, create_app(tmp_path, bot_delay=0), setup)


@pytest.mark.parametrize("game", GAMES)
async def test_each_game_screen_with_the_move_line_open(tmp_path, game):
    from tui.screens.game import GameScreen

    async def play(app, pilot):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        if screen.acting_human() is not None:
            await pilot.press("colon", "x")
        box = screen.query_one("#move-input")
        return lambda: (screen.record.ply, box.value, box.has_class("visible"))

    rs = REGISTRY.get(game)
    kinds = ["human"] + [f"bot:{rs.bot_levels[0]}"] * (rs.min_players - 1)  # no pass screen
    app = create_app(tmp_path, game=new_save(tmp_path, game, kinds, plies=2), bot_delay=0)
    await run_through(tmp_path, app, play)


async def test_the_replay_screen(tmp_path):
    async def replay(app, pilot):
        await pilot.press("right", "right")
        return lambda: app.screen.ply

    app = create_app(tmp_path, replay=new_save(tmp_path, GAMES[0], plies=4), bot_delay=0)
    await run_through(tmp_path, app, replay)


async def test_the_saves_list(tmp_path):
    from tui.screens.saves import SavesScreen

    new_save(tmp_path, GAMES[0], plies=1)

    async def saves(app, pilot):
        app.push_screen(SavesScreen())
        await pilot.pause()
        return lambda: type(app.screen).__name__

    await run_through(tmp_path, create_app(tmp_path, bot_delay=0), saves)


async def test_the_rules(tmp_path):
    from tui.screens.rules import RulesScreen

    async def rules(app, pilot):
        app.push_screen(RulesScreen(GAMES[0]))
        await pilot.pause()
        return lambda: type(app.screen).__name__

    await run_through(tmp_path, create_app(tmp_path, bot_delay=0), rules)


async def test_the_game_over_box(tmp_path):
    from tui.screens.game_over import GameOverScreen

    async def over(app, pilot):
        record = GameRecord.new(REGISTRY.get("grid-square"), [Player("A"), Player("B")], 1, {})
        while not record.state.is_over():
            seat = record.state.to_act()[0]
            record.play_move(seat, record.state.legal(seat)[-1])
        app.push_screen(GameOverScreen(record))
        await pilot.pause()
        return lambda: type(app.screen).__name__

    await run_through(tmp_path, create_app(tmp_path, bot_delay=0), over)


async def test_the_pass_screen(tmp_path):
    hidden = next(g for g in GAMES if REGISTRY.get(g).hidden_information)

    async def passing(app, pilot):
        await pilot.pause()
        return lambda: (type(app.screen).__name__, len(app.screen_stack))

    app = create_app(tmp_path, game=new_save(tmp_path, hidden), bot_delay=0)
    await run_through(tmp_path, app, passing)


async def test_the_move_picker(tmp_path):
    async def picker(app, pilot):
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("down")
        return lambda: (type(app.screen).__name__, app.screen.query_one("OptionList").highlighted)

    app = create_app(tmp_path, game=new_save(tmp_path, "grid-square"), bot_delay=0)
    await run_through(tmp_path, app, picker)


async def test_the_hint_box(tmp_path, monkeypatch):
    import tui.screens.hint as hint_module

    monkeypatch.setattr(hint_module, "HINT_SECONDS", 0.05)

    async def hint(app, pilot):
        await pilot.press("H")
        await pilot.pause()
        return lambda: type(app.screen).__name__

    app = create_app(tmp_path, game=new_save(tmp_path, "grid-square", ["human", "bot:random"]), bot_delay=0)
    await run_through(tmp_path, app, hint)


# ------------------------------------------------------------------ the server's screens
def lobby_app(tmp_path: Path) -> tuple[LobbyApp, Store]:
    store = Store(tmp_path / "data")
    store.make()
    return LobbyApp(store.root, "alice"), store


async def test_the_lobby(tmp_path):
    app, store = lobby_app(tmp_path)
    store.create_room("grid-square", ["bob", None], seed=1)

    async def lobby(app, pilot):
        await pilot.pause()
        return lambda: type(app.screen).__name__

    await run_through(tmp_path, app, lobby)


async def test_the_room_form(tmp_path):
    from tui.screens.setup import SetupForm

    app, _ = lobby_app(tmp_path)

    async def form(app, pilot):
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen.query_one(SetupForm)
        form.choices.row = form.row_keys().index("seed")
        await pilot.press("7")
        return lambda: (type(app.screen).__name__, form.choices.seed)

    await run_through(tmp_path, app, form)


async def test_a_room(tmp_path):
    from tui.server.screens.lobby_room import RoomScreen

    app, store = lobby_app(tmp_path)
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)

    async def in_room(app, pilot):
        screen = RoomScreen(store.room_path(room.id), 0, room.id)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("colon", "L")
        box = screen.query_one("#move-input")
        return lambda: (app.screen is screen, box.value, screen.record.ply)

    await run_through(tmp_path, app, in_room)


# ------------------------------------------------------------------ the guard itself
async def test_opened_on_a_tiny_terminal_then_grown(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(2, 2)) as pilot:
        await pilot.pause()
        assert app.size == SMALLEST
        await pilot.resize_terminal(2, 2)  # the terminal says its size
        await pilot.pause()
        assert app.small_frame == ["ma", "ke"]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.small_frame is None and "T-Square" in screen_text(app)


async def test_keys_do_nothing_while_only_the_message_shows(tmp_path):
    from tui.screens.game import GameScreen

    app = create_app(tmp_path, game=new_save(tmp_path, "grid-square"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.resize_terminal(5, 5)
        await pilot.press("colon", "q")
        await pilot.pause()
        assert app.screen is screen and not screen.query_one("#move-input").has_class("visible")
        await pilot.resize_terminal(80, 24)
        await pilot.press("colon")
        await pilot.pause()
        assert screen.query_one("#move-input").has_class("visible")


def test_the_message_fits_any_size():
    for width in range(0, 40):
        for height in range(0, 8):
            lines = small_frame(Size(width, height))
            assert len(lines) <= max(height, 0)
            assert all(0 < len(line) <= width for line in lines)
    assert small_frame(Size(12, 4)) == ["make the", "window", "larger (now", "12×4)"]
    assert small_frame(Size(1, 1)) == ["m"]
