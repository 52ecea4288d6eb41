"""A room's screen on the database store, without the network: a move the
database cannot take is a one-line message and the game as it was (never
a crash), and it plays once the database is back."""
from __future__ import annotations

from tui.server.db.backends import DatabaseDown
from tui.server.db.session import NotSaved
from tui.server.db.store import DbStore
from tui.server.player import LobbyApp
from tui.server.screens.lobby_room import RoomScreen


def first_legal(session) -> tuple[int, str]:
    seat = session.to_act()[0]
    view = session.view(seat)
    return seat, view.format_move(view.legal(seat)[0])


def test_a_database_down_is_not_saved_and_changes_nothing(tmp_path, monkeypatch):
    store = DbStore(tmp_path, "sqlite")
    store.make()
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
    session = store.open_game(room.id)

    def down(*args, **kw):
        raise DatabaseDown("its database cannot be reached", "PostgreSQL: connection refused")

    monkeypatch.setattr(store, "commit_game", down)
    seat, move = first_legal(session)
    try:
        session.play(seat, move)
        raise AssertionError("played without a database")
    except NotSaved as exc:
        assert str(exc) == "the server cannot save right now (its database cannot be reached); try again later"
    assert session.ply == 0 and session.record.moves == [] and session.to_act() == (seat,)
    monkeypatch.undo()
    session.play(seat, move)  # back: the same move plays
    assert store.open_game(room.id).ply == 1


async def test_the_room_screen_says_not_played_when_the_database_is_down(tmp_path, monkeypatch):
    store = DbStore(tmp_path, "sqlite")
    store.make()
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
    monkeypatch.setenv("TSQUARE_DB", "sqlite")
    app = LobbyApp(tmp_path, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = RoomScreen(app.store.open_game(room.id), 0, room.id)
        app.push_screen(screen)
        await pilot.pause()

        def down(*args, **kw):
            raise DatabaseDown("its database cannot be reached", "detail")

        monkeypatch.setattr(app.store, "commit_game", down)
        seat, move = first_legal(screen.session)
        assert screen.play(seat, move) is False
        await pilot.pause()
        said = str(screen.query_one("#message").render())
        assert "Not played" in said and "cannot save right now" in said
        monkeypatch.undo()
        assert screen.play(seat, move) is True
        assert store.open_game(room.id).ply == 1


def test_a_full_disk_refuses_the_move_and_the_game_goes_on_once_there_is_room(tmp_path):
    from tests.server.test_server_storage import fill, small_disk

    data = tmp_path / "data"
    with small_disk(data, "4m"):
        store = DbStore(data, "sqlite")
        store.make()
        room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
        session = store.open_game(room.id)
        seat, move = first_legal(session)
        fill(data / "filler")
        try:
            session.play(seat, move)
            raise AssertionError("played on a full disk")
        except NotSaved as exc:
            assert "its disk is full" in str(exc)
        assert session.ply == 0 and store.open_game(room.id).ply == 0  # nothing half-written
        (data / "filler").unlink()
        session.play(seat, move)
        assert store.open_game(room.id).ply == 1
        store.close()


async def test_a_rated_rooms_footer_offers_no_undo(tmp_path, monkeypatch):
    from tests.tui.test_tui_screens import shown_keys
    from tui.server.db.rated import RoomTerms

    store = DbStore(tmp_path, "sqlite")
    store.make()
    rooms = {terms.rated: store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1, terms=terms)
             for terms in (RoomTerms(rated=True), RoomTerms())}
    for room in rooms.values():
        session = store.open_game(room.id)
        session.play(*first_legal(session))  # alice's move: one she could take back in a friendly room
    monkeypatch.setenv("TSQUARE_DB", "sqlite")
    app = LobbyApp(tmp_path, "alice")
    async with app.run_test(size=(120, 24)) as pilot:
        offered = {}
        for rated_room, room in rooms.items():
            app.push_screen(RoomScreen(app.store.open_game(room.id), 0, room.id))
            await pilot.pause()
            offered[rated_room] = shown_keys(app.screen)
            app.pop_screen()
            await pilot.pause()
    assert "undo" in offered[False] and "undo" not in offered[True]
