"""The room's game screen without the network: the session-based game
screen with the seat fixed, driven by keys through the lobby app."""
from __future__ import annotations

from engine.session import GameSession
from tui.server.player import LobbyApp
from tui.server.screens.lobby_room import RoomScreen
from tui.server.store import Store


def make_store(tmp_path):
    store = Store(tmp_path)
    store.make()
    return store


async def test_a_seat_opened_elsewhere_plays_nothing_here(tmp_path):
    store = make_store(tmp_path)
    room = store.create_room("grid-square", ["alice", "bot:random"], seed=1)
    path = store.room_path(room.id)
    app = LobbyApp(store.root, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        mine = [True]
        screen = RoomScreen(path, 0, room.id, lambda: mine[0])
        app.push_screen(screen)
        await pilot.pause()
        assert screen.acting_human() == 0
        mine[0] = False  # a newer connection claimed the seat
        assert screen.play(0, "La1h") is False
        await pilot.pause()
        assert GameSession.open(path).ply == 0
        assert not isinstance(app.screen, RoomScreen)  # back in the lobby


async def test_a_watcher_has_no_seat_and_no_move(tmp_path):
    store = make_store(tmp_path)
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    app = LobbyApp(store.root, "carol")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = RoomScreen(store.room_path(room.id), None, room.id)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.viewer is None and screen.acting_human() is None
        assert screen.play_refusal() == "You are watching this game."
        await pilot.press("colon")
        assert not screen.query_one("#move-input").has_class("visible")


async def test_another_process_moving_redraws_and_a_typed_move_keeps_the_keys(tmp_path):
    store = make_store(tmp_path)
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
    path = store.room_path(room.id)
    app = LobbyApp(store.root, "bob")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = RoomScreen(path, 1, room.id)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.acting_human() is None
        with GameSession.editing(path) as session:  # alice, on her own connection
            session.play(0, "La1h")
        for _ in range(30):
            await pilot.pause(0.05)
            if screen.acting_human() == 1:
                break
        assert screen.acting_human() == 1 and screen.record.ply == 1
        await pilot.press("colon")
        await pilot.pause()
        box = screen.query_one("#move-input")
        assert screen.focused is box
        screen.advance()  # a redraw (another's move in a game of choices made at once)
        await pilot.pause()
        assert screen.focused is box


async def test_a_finished_room_says_q_goes_back_to_the_lobby(tmp_path):
    from textual.widgets import Static

    from engine.rng import Rng
    from tui.screens.game_over import GameOverScreen

    store = make_store(tmp_path)
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    path = store.room_path(room.id)
    rng = Rng(5)
    with GameSession.editing(path) as session:  # the game played to its end elsewhere
        while not session.record.state.is_over():
            seat = session.record.state.to_act()[0]
            session.play(seat, rng.choice(session.record.state.legal(seat)))
    app = LobbyApp(store.root, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RoomScreen(path, 0, room.id))
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        hints = [str(s.render()) for s in app.screen.query(Static)]
        assert any("q: lobby" in h for h in hints), hints
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, (GameOverScreen, RoomScreen))  # back in the lobby


async def test_a_room_whose_save_is_of_older_rules_opens_and_goes_on_under_them(tmp_path):
    """A room's save is an ordinary save: one written by Grid Square rules
    version 1 opens in its room, takes a move and stays version 1 (the
    server never upgrades a room)."""
    import json
    from pathlib import Path

    from engine.saves import load

    store = make_store(tmp_path)
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    path = store.room_path(room.id)
    golden = Path(__file__).resolve().parents[1] / "golden" / "grid-square-v1-in-progress.json"
    doc = json.loads(golden.read_text(encoding="utf-8"))
    doc["players"] = json.loads(path.read_text(encoding="utf-8"))["players"]  # the room's people
    path.write_text(json.dumps(doc), encoding="utf-8")
    seat = load(path).state.to_act()[0]
    app = LobbyApp(store.root, ["alice", "bob"][seat])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = RoomScreen(path, seat, room.id)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.record.rules_version == 1 and screen.acting_human() == seat
        state = screen.record.state
        assert screen.play(seat, state.format_move(state.legal(seat)[0])) is not False
        await pilot.pause()
    after = load(path)
    assert after.ply == len(doc["moves"]) + 1 and after.rules_version == 1
    assert json.loads(path.read_text(encoding="utf-8"))["ruleset_version"] == 1
