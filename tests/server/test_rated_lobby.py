"""Rated play in the lobby (Textual pilot, a SQLite database): rooms show
rated and their clock, `l` opens the ladders and a player's profile, `y`
your own, and the room form makes a rated, timed room."""
from __future__ import annotations

from tests.server.test_rated import play_out
from tui.server.db import rated
from tui.server.db.rated import RoomTerms
from tui.server.db.store import DB_ENV, DbStore


def lobby_app(tmp_path, monkeypatch):
    from tui.server.player import LobbyApp

    store = DbStore(tmp_path / "data", "sqlite")
    store.make()
    monkeypatch.setenv(DB_ENV, store.db.url)
    return store, lambda: LobbyApp(store.root, "alice")


async def test_the_lobby_shows_ladders_profiles_and_clocks(tmp_path, monkeypatch):
    from tui.server.screens.lobby import LobbyScreen
    from tui.server.screens.ratings import LadderScreen, ProfileScreen

    store, make_app = lobby_app(tmp_path, monkeypatch)
    bots = store.create_room("grid-square", ["bot:greedy", "bot:random"], seed=3, terms=RoomTerms(rated=True))
    play_out(store, bots.id)
    timed = store.create_room("grid-square", ["alice", "bob"], seed=4, terms=RoomTerms(True, 3 * 86400, "loss"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert lobby.notes[timed.id] == "rated · waits for your first visit" and lobby.notes[bots.id] == "rated"
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LadderScreen) and app.screen.game == "grid-square"
        lines = [str(app.screen.query_one("#ladder").get_option_at_index(i).prompt) for i in range(3)]
        assert "bot:" in lines[1] and "1 game" in lines[1] and "±" in lines[1]
        assert all(len(line) <= 78 for line in lines)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ProfileScreen) and app.screen.who.startswith("bot:")
        await pilot.press("escape", "right")
        await pilot.pause()
        assert app.screen.game == "squire"  # another game's ladder: none rated yet
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, ProfileScreen) and app.screen.who == "alice"
        text = str(app.screen.query_one("#profile").render())
        assert "no rated game yet" in text and timed.id in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_a_rated_timed_room_is_made_from_the_lobby_form(tmp_path, monkeypatch):
    from tui.screens.setup import SetupForm
    from tui.server.screens.lobby_room import RoomScreen

    store, make_app = lobby_app(tmp_path, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")  # Grid Square
        await pilot.pause()
        form = app.screen.query_one(SetupForm)
        assert "terms:policy" not in form.row_keys()  # asked only with a time limit
        for key, presses in (("terms:rated", 1), ("terms:limit", 2), ("terms:policy", 2)):
            while form.row_keys()[form.choices.row] != key:
                await pilot.press("down")
            await pilot.press(*["right"] * presses)
        assert "Time per move" in form.render().plain and "5m" in form.render().plain
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, RoomScreen)
    (room,) = store.rooms()
    t = rated.terms(store, [room.id])[room.id]
    assert (t.rated, t.move_seconds, t.policy) == (True, 300, "bot:greedy")


async def test_the_lobby_tells_a_person_a_bot_is_playing_their_seat(tmp_path, monkeypatch):
    from tui.server.screens.lobby import LobbyScreen

    store, make_app = lobby_app(tmp_path, monkeypatch)
    room = store.create_room("grid-square", ["alice", "bob"], seed=4, terms=RoomTerms(move_seconds=60,
                                                                                       policy="bot:random"))
    store.release_seat(room.id, 0, store.claim_seat(room.id, 0))  # she came, then left on her turn
    assert rated.run_clocks(store, now=1e12) == [f"room {room.id}: bot:random plays seat 1 (out of time)"]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        for _ in range(100):  # until its first listing is drawn
            if room.id in lobby.statuses:
                break
            await pilot.pause(0.05)
        assert lobby.notes.get(room.id) == "a bot is playing your seat"
        line = str(lobby.query_one("#rooms").get_option(room.id).prompt)
        assert f"{room.id}  Grid Square" in line and "a bot is playing your seat" in line
