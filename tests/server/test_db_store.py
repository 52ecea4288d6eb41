"""The database store (`tui.server.db`), the same checks on both back ends:
SQLite in the test's folder and a real PostgreSQL server started by the
tests (`[postgres]` in the ids). Players, rooms, seats, moves as optimistic
transactions, claims, exports, migrations and pushes."""
from __future__ import annotations

import asyncio
import json
import time

import pytest

from engine.saves import from_json, parse
from engine.session import StaleGameError
from tui.server.db import migrations
from tui.server.db.backends import DatabaseDown, open_database
from tui.server.db.session import NotSaved
from tui.server.db.store import DbStore, GameMovedOn
from tui.server.records import RoomError, RoomLimits


def store_of(tmp_path, url, **kw) -> DbStore:
    store = DbStore(tmp_path / "data", url, **kw)
    store.make()
    return store


def first_legal(session) -> tuple[int, str]:
    seat = session.to_act()[0]
    view = session.view(seat)
    return seat, view.format_move(view.legal(seat)[0])


def test_names_are_bound_to_keys_for_good(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    assert store.user_for("SHA256:a") is None
    assert store.bind("SHA256:a", "Alice") == "Alice"
    assert store.bind("SHA256:a", "other") == "Alice"  # bound already: the first name stays
    with pytest.raises(RoomError, match="the name alice is taken"):
        store.bind("SHA256:b", "alice")  # names compare without case
    with pytest.raises(RoomError, match="a name is 2–16"):
        store.bind("SHA256:b", "9lives")
    assert store.user_for("SHA256:a") == "Alice"
    first, last = store._q("SELECT first_seen, last_seen FROM users")[0]
    assert first and last >= first


def test_rooms_seats_and_the_lobby_pages(tmp_path, db_url):
    store = store_of(tmp_path, db_url, limits=RoomLimits(rooms_per_person=2, max_rooms=13))
    mark = store.change_mark()
    a = store.create_room("grid-square", ["alice", None], seed=1)
    assert store.change_mark() != mark
    b = store.create_room("squire", ["alice", "bot:random"], seed=2)
    with pytest.raises(RoomError, match="you have made 2 unfinished rooms"):
        store.create_room("grid-square", ["alice", None])
    for i in range(11):
        store.create_room("grid-square", [f"p{i}", None], seed=i)
    with pytest.raises(RoomError, match="as many rooms as it may"):
        store.create_room("grid-square", ["zed", None])
    assert [r.id for r in store.rooms_for("alice")] == [b.id, a.id]
    assert store.room_count() == 13 and store.open_count() == 12
    assert [r.id for r in store.open_rooms(0)][:2] == ["r0013", "r0012"] and len(store.open_rooms(1)) == 2
    assert [r.id for r in store.newest_rooms(1)] == ["r0003", "r0002", "r0001"]
    assert [r.id for r in store.bot_rooms()] == [b.id]
    st = store.status(store.room(a.id), "alice")
    assert (st.title, st.ply, st.to_act, st.over, st.seat, st.your_turn) == ("Grid Square", 0, (0,), False, 0, True)
    with pytest.raises(RoomError, match="no room"):
        store.room("r9999")
    with pytest.raises(RoomError, match="no room"):
        store.room("../x")


def test_joining_renames_the_player_and_watching_lists_the_room(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", None], seed=1)
    assert store.open_game(room.id).names[1] == "open seat 2"
    with pytest.raises(RoomError, match="you already sit at seat 1"):
        store.join(room.id, 1, "alice")
    joined = store.join(room.id, 1, "bob")
    assert joined.seats == ["alice", "bob"] and not store.open_rooms()
    assert store.open_game(room.id).names == ["alice", "bob"]
    with pytest.raises(RoomError, match="seat 2 is not free"):
        store.join(room.id, 1, "carol")
    store.watch(room.id, "carol")
    assert [r.id for r in store.rooms_for("carol")] == [room.id]
    assert store.status(store.room(room.id), "carol").seat is None


def test_a_move_is_written_only_at_the_ply_its_mover_saw(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
    one, other = store.open_game(room.id), store.open_game(room.id)
    seat, move = first_legal(one)
    one.play(seat, move)
    with pytest.raises(StaleGameError, match="changed by another tsquare"):
        other.play(seat, move)  # it saw ply 0: refused, reloaded
    assert other.ply == 1 and other.record.moves == one.record.moves
    n = int(room.id[1:])
    assert store._q("SELECT COUNT(*) FROM moves WHERE room = ? AND ply = 0", (n,))[0][0] == 1
    record, version = store.load_game(room.id)
    with pytest.raises(GameMovedOn):  # a writer holding an older version writes nothing
        store.commit_game(room.id, record, version - 1, record.ply)
    assert store.status(store.room(room.id), "bob").your_turn


def test_an_undo_and_a_whole_game_round_trip(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bot:random"], {"sliding": False}, seed=3)
    session = store.open_game(room.id)
    seat, move = first_legal(session)
    session.play(seat, move)
    session.play_bots()
    assert session.ply == 2
    session.undo(0)  # alice takes hers back, and the bot's reply
    assert store.open_game(room.id).ply == 0
    while not session.is_over():
        seat = session.to_act()[0]
        if session.record.players[seat].is_bot:
            session.play_bots()
        else:
            session.play(*first_legal(session))
    st = store.status(store.room(room.id), "alice")
    assert st.over and st.to_act == () and st.ply == session.ply
    assert store.bot_rooms() == []  # a finished game's bots never act again
    exported = from_json(parse(store.export(room.id).encode()))  # an ordinary save
    assert exported.moves == session.record.moves and exported.state.is_over()


def test_a_bot_in_a_worker_commits_through_the_room_like_a_person(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["bot:random", "bob"], {"sliding": False}, seed=4)
    from tui.server.db.bot_job import bot_turn_in_room

    mark = store.save_marks([room.id])
    result = bot_turn_in_room(store.bot_target(room.id))
    assert result.seat == 0 and result.ply == 1
    assert store.save_marks([room.id]) != mark
    again = bot_turn_in_room(store.bot_target(room.id))
    assert again.seat is None  # bob's turn now: nothing to do


def test_seat_claims_newest_wins(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    old = store.claim_seat(room.id, 0)
    new = store.claim_seat(room.id, 0)
    assert not store.holds_seat(room.id, 0, old) and store.holds_seat(room.id, 0, new)
    assert store.claims() == {room.id: [store._q("SELECT pid FROM claims")[0][0]]}
    store.release_seat(room.id, 0, old)  # not its own any more: kept
    assert store.claimants(room.id)
    store.release_seat(room.id, 0, new)
    assert store.claimants(room.id) == []


def test_a_schema_newer_than_the_program_is_refused(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    assert migrations.migrate(store.db) == []  # applied once only
    with store.db.transaction() as tx:
        tx.q("INSERT INTO schema_version (version) VALUES (?)", (migrations.latest() + 1,))
    again = DbStore(tmp_path / "data", db_url)
    with pytest.raises(migrations.SchemaTooNew, match=f"version {migrations.latest() + 1}, newer than this program"):
        again.make()


async def test_a_commit_is_pushed_to_the_server_that_listens(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
    heard: asyncio.Queue[str] = asyncio.Queue()

    async def listen() -> None:
        async for room_id in store.pushes():
            await heard.put(room_id)

    task = asyncio.create_task(listen())
    try:
        elsewhere = DbStore(tmp_path / "data", db_url)  # another process's store (a player's)
        session = elsewhere.open_game(room.id)
        for _ in range(100):  # until the listener is listening: a move then must come through
            session.play(*first_legal(session))
            try:
                assert await asyncio.wait_for(heard.get(), 0.2) == room.id
                break
            except asyncio.TimeoutError:
                continue
        else:
            raise AssertionError("no push heard")
    finally:
        task.cancel()


def test_a_wrong_url_and_an_unreachable_database_are_one_line(tmp_path, db_url):
    with pytest.raises(ValueError, match="a database is 'sqlite'"):
        open_database("mysql://x", tmp_path)
    if db_url == "sqlite":
        (tmp_path / "dir.db").mkdir()
        store = DbStore(tmp_path / "data", f"sqlite:///{tmp_path / 'dir.db'}")
    else:
        store = DbStore(tmp_path / "data", "postgresql://tsquare@/nosuch?host=" + str(tmp_path / "nowhere"))
    with pytest.raises(DatabaseDown) as caught:
        store.make()
    assert str(caught.value).startswith("the server cannot save right now (") and "\n" not in str(caught.value)
    assert str(tmp_path) not in str(caught.value)  # the player's line names no path


def test_postgres_a_dropped_connection_fails_one_move_then_goes_on(tmp_path, postgres):
    url = postgres.create_database("dropped")
    store = store_of(tmp_path, url)
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
    session = store.open_game(room.id)
    import psycopg

    with psycopg.connect(postgres.url(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'dropped'")
        for _ in range(200):  # until the server has ended it
            if not admin.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = 'dropped'").fetchone()[0]:
                break
            time.sleep(0.05)
    seat, move = first_legal(session)
    with pytest.raises(NotSaved, match="the server cannot save right now"):
        session.play(seat, move)  # the connection is found dropped: not played, nothing half-written
    assert session.ply == 0
    session.play(seat, move)  # the next try connects again
    assert store.open_game(room.id).ply == 1


def test_two_stores_racing_on_one_ply_leave_one_move(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
    doors = [DbStore(tmp_path / "data", db_url, door=f"door{i}") for i in range(2)]
    sessions = [d.open_game(room.id) for d in doors]
    seat, move = first_legal(sessions[0])
    outcomes = []
    for s in sessions:
        try:
            s.play(seat, move)
            outcomes.append("played")
        except StaleGameError:
            outcomes.append("stale")
    assert sorted(outcomes) == ["played", "stale"]
    assert store._q("SELECT COUNT(*) FROM moves")[0][0] == 1
    assert json.loads(store._q("SELECT to_act FROM rooms")[0][0]) == [1]


def test_the_file_store_and_the_database_store_have_the_one_interface(tmp_path):
    from tui.server.db.interface import RoomStore
    from tui.server.store import Store

    names = [n for n in {*vars(RoomStore), *RoomStore.__annotations__} if not n.startswith("_")]
    assert "commit_game" not in names and "open_game" in names and "claim_seat" in names
    for store in (Store(tmp_path / "files"), DbStore(tmp_path / "db", "sqlite")):
        missing = [n for n in names if not hasattr(store, n)]
        assert not missing, f"{type(store).__name__} lacks {missing}"
