"""The SSH server on a database (loopback): people play through SQLite, a
bot moves in its worker, two front doors share one PostgreSQL, an old data
folder of the file-based server is taken over whole, and the command line
exports a room's save."""
from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

from engine.saves import load
from tests.server.conftest import new_key, open_term
from tests.server.test_server_play import enter_room
from tui.server.db.store import DbStore
from tui.server.ssh import Front, Limits
from tui.server.store import Store

OLD_FOLDER = Path(__file__).parent / "data" / "file_server_folder"


def bind(front, *names):
    keys = []
    for name in names:
        key = new_key()
        front.store.bind(key.get_fingerprint("sha256"), name)
        keys.append(key)
    return keys


def first_legal(store, room_id: str) -> tuple[int, str]:
    session = store.open_game(room_id)
    seat = session.to_act()[0]
    view = session.view(seat)
    return seat, view.format_move(view.legal(seat)[0])


async def play_between(doors: dict[int, Front], terms: dict, room_id: str, plies: int) -> None:
    """Each seat types its move on its own terminal; the other's screen follows."""
    store = doors[0].store
    for ply in range(1, plies + 1):
        seat, move = first_legal(store, room_id)
        await terms[seat].wait_for(f"your turn · {room_id} · move {ply} ·")
        await terms[seat].type_move(move)
        await terms[1 - seat].wait_for(f"move {ply + 1} ·")  # pushed from the other's commit


async def test_two_people_play_on_sqlite_and_a_bot_moves_in_its_worker(tmp_path):
    front = Front(tmp_path / "data", Limits(idle_seconds=60, login_seconds=20), db="sqlite", bot_workers=1)
    port = await front.start("127.0.0.1", 0)
    try:
        assert isinstance(front.store, DbStore) and (tmp_path / "data" / "tsquare.db").is_file()
        ka, kb = bind(front, "alice", "bob")
        room = front.store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=7)
        terms = {0: await open_term(port, ka), 1: await open_term(port, kb)}
        for t in terms.values():
            await enter_room(t, room.id)
        await play_between({0: front, 1: front}, terms, room.id, 3)
        assert front.store.open_game(room.id).ply == 3
        assert not (tmp_path / "data" / "rooms").exists()  # no save files: the database holds the game
        botroom = front.store.create_room("grid-square", ["alice", "bot:random"], {"sliding": False}, seed=8)
        for t in terms.values():
            await t.close()
        alice = await open_term(port, ka)
        seat, move = first_legal(front.store, botroom.id)
        await enter_room(alice, botroom.id, turn=1)
        await alice.type_move(move)
        await alice.wait_for(f"your turn · {botroom.id} · move 3 ·")  # the bot's reply came through
        await alice.close()
    finally:
        await front.close()


async def test_postgres_two_front_doors_share_one_database(tmp_path, postgres):
    url = postgres.create_database("doors")
    a = Front(tmp_path / "a", Limits(idle_seconds=60, login_seconds=20), db=url, bots=False)
    b = Front(tmp_path / "b", Limits(idle_seconds=60, login_seconds=20), db=url, bots=False)
    ports = [await a.start("127.0.0.1", 0), await b.start("127.0.0.1", 0)]
    try:
        ka, kb = bind(a, "alice", "bob")
        assert b.store.user_for(kb.get_fingerprint("sha256")) == "bob"  # one set of players
        room = b.store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=7)
        terms = {0: await open_term(ports[0], ka), 1: await open_term(ports[1], kb)}  # alice on A, bob on B
        for t in terms.values():
            await enter_room(t, room.id)
        await play_between({0: a, 1: b}, terms, room.id, 4)
        # a race on one ply between the doors' stores: exactly one move
        seat, move = first_legal(a.store, room.id)
        racers = [a.store.open_game(room.id), b.store.open_game(room.id)]
        from engine.session import StaleGameError

        outcomes = []
        for session in racers:
            try:
                session.play(seat, move)
                outcomes.append("played")
            except StaleGameError:
                outcomes.append("refused")
        assert sorted(outcomes) == ["played", "refused"]
        assert a.store.open_game(room.id).ply == 5
        await terms[1 - seat].wait_for("move 6 ·")  # shown on the other door's screen too
        for t in terms.values():
            await t.close()
    finally:
        await a.close()
        await b.close()


def test_an_old_data_folder_is_taken_over_whole(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(OLD_FOLDER, data)
    before = Store(tmp_path / "reference")  # what the file-based server serves of it, read from a second copy
    shutil.copytree(OLD_FOLDER, before.root)
    before.make()
    old_users = {fp.read_text().strip(): before.user_for(fp.read_text().strip())
                 for fp in (before.users_dir / "names").iterdir()}
    old_rooms = {r.id: r for r in before.rooms()}
    old_games = {rid: load(before.room_path(rid)) for rid in old_rooms}
    assert len(old_users) == 5 and len(old_rooms) == 5

    store = DbStore(data, "sqlite")
    done = store.make()
    assert any("took over" in line and "5 players, 5 rooms" in line for line in done)
    assert "took over" in (data / "server.log").read_text()
    assert store.users() == old_users  # every name bound to its key
    for rid, room in old_rooms.items():
        new = store.room(rid)
        assert (new.game, new.seats, new.watchers, new.maker, new.created) == \
            (room.game, room.seats, room.watchers, room.maker, room.created)
        record = store.open_game(rid).record
        old = old_games[rid]
        assert record.moves == old.moves and record.names == old.names and record.seed == old.seed
        st, was = store.status(new, None), before.status(room, None)
        assert (st.ply, st.to_act, st.over, st.title) == (was.ply, was.to_act, was.over, was.title)
    assert store.your_turn("bob") == [] or all(s.your_turn for s in store.your_turn("bob"))
    assert [r.id for r in store.rooms_for("dave")] == ["r0003", "r0002"]  # seated and watching
    aside = data / "pre-db"
    assert (aside / "users" / "names" / "alice").is_file() and (aside / "rooms" / "r0001.json").is_file()
    assert not (data / "users").exists() and not (data / "rooms").exists()
    assert (aside / "rooms" / "r0001.json").read_bytes() == (OLD_FOLDER / "rooms" / "r0001.json").read_bytes()
    assert DbStore(data, "sqlite").make() == []  # the next start imports nothing again
    made = store.create_room("grid-square", ["erin", None], seed=1)
    assert made.id == "r0006"  # numbers go on after the old rooms


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120, env={"PYTHONPATH": str(Path(__file__).parents[2]), "PATH": "/usr/bin:/bin",
                                            "HOME": str(cwd)})


def test_export_writes_an_ordinary_save_and_bad_urls_are_one_line(tmp_path):
    store = DbStore(tmp_path / "data", "sqlite")
    store.make()
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=5)
    session = store.open_game(room.id)
    for _ in range(3):
        seat = session.to_act()[0]
        view = session.view(seat)
        session.play(seat, view.format_move(view.legal(seat)[0]))
    out = tmp_path / "r.json"
    done = run_cli("server", "export", "--data", str(tmp_path / "data"), room.id, "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert load(out).moves == session.record.moves
    verify = run_cli("verify", str(out), cwd=tmp_path)
    assert verify.returncode == 0, verify.stderr
    missing = run_cli("server", "export", "--data", str(tmp_path / "data"), "r0042", "-o", str(out), cwd=tmp_path)
    assert missing.returncode == 2 and missing.stderr.strip() == "tsquare: no room 'r0042'"
    nodb = run_cli("server", "export", "--data", str(tmp_path), room.id, "-o", str(out), cwd=tmp_path)
    assert nodb.returncode == 2 and "no server database here" in nodb.stderr and len(nodb.stderr.splitlines()) == 1
    bad = run_cli("serve", "--data", str(tmp_path / "data"), "--db", "mysql://x", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("tsquare: --db: a database is") and \
        len(bad.stderr.splitlines()) == 1
    down = run_cli("serve", "--data", str(tmp_path / "data"), "--port", "0", "--db",
                   f"postgresql://x@/nosuch?host={tmp_path / 'nowhere'}", cwd=tmp_path)
    assert down.returncode == 2 and down.stderr.startswith("tsquare: cannot open the database: PostgreSQL:"), down.stderr
    assert len(down.stderr.strip().splitlines()) == 1


def test_a_damaged_save_is_taken_over_as_a_damaged_room(tmp_path):
    import pytest

    from engine.errors import SaveError

    data = tmp_path / "data"
    shutil.copytree(OLD_FOLDER, data)
    (data / "rooms" / "r0002.json").write_text('{"format": "tsquare-save", "game": ')
    store = DbStore(data, "sqlite")
    done = store.make()
    assert any("damaged save" in line and "r0002" in line for line in done)
    st = store.status(store.room("r0002"), "carol")
    assert st.damaged and st.seat == 0 and not st.your_turn
    with pytest.raises(SaveError):
        store.open_game("r0002")
    assert (data / "pre-db" / "rooms" / "r0002.json").read_text().startswith('{"format"')  # kept as it was
    assert store.open_game("r0001").ply == 6  # the others whole


async def third_session_error(port: int, key) -> bytes:
    """What a third terminal session of `key` on the door at `port` is told
    on stderr (nothing: it was let in; it is closed at once)."""
    from tests.server.conftest import connect

    async with await connect(port, key) as conn:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        try:
            err: bytes = await asyncio.wait_for(proc.stderr.read(), 5)
        except asyncio.TimeoutError:  # let in: it is in the lobby, saying nothing on stderr
            err = b""
        return err


async def test_one_key_s_sessions_are_counted_across_doors_and_a_dead_door_s_lapse(tmp_path, postgres):
    url = postgres.create_database("perkey")
    limits = Limits(per_key=2, idle_seconds=60, login_seconds=20, lease_seconds=2.0)
    a = Front(tmp_path / "a", limits, db=url, bots=False)
    b = Front(tmp_path / "b", limits, db=url, bots=False)
    ports = [await a.start("127.0.0.1", 0), await b.start("127.0.0.1", 0)]
    try:
        (ka,) = bind(a, "alice")
        on_a = [await open_term(ports[0], ka), await open_term(ports[0], ka)]
        assert b"at most 2 connections per key" in await third_session_error(ports[1], ka)  # the other door knows
        await on_a[0].close()
        deadline = asyncio.get_running_loop().time() + 15
        while await third_session_error(ports[1], ka):  # a session that ended frees its place
            assert asyncio.get_running_loop().time() < deadline, "the ended session still counted"
            await asyncio.sleep(0.2)
        a._lease_task.cancel()  # door A as if killed: its sessions' leases are no longer renewed
        deadline = asyncio.get_running_loop().time() + 15
        while await third_session_error(ports[1], ka):
            assert asyncio.get_running_loop().time() < deadline, "a dead door's session never lapsed"
            await asyncio.sleep(0.5)
        await on_a[1].close()
    finally:
        await a.close()
        await b.close()
