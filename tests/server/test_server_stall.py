"""A database that stops answering (issue 51, item 1): two front doors on
the test's own PostgreSQL, whose postmaster and backends are stopped
(SIGSTOP) and woken (SIGCONT, always, in a `finally`). Each door keeps
answering, a move typed meanwhile is refused in words within seconds, and
nothing refused lands when the database wakes."""
from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.server.conftest import connect, new_key, open_term, own_postgres
from tests.server.test_plain_server import open_plain
from tests.server.test_server_play import enter_room
from tui.server.ssh import Front, Limits

REFUSED = "not answering; your move was not played"
STALL_BOUND = 30.0
"""No stall in these tests lasts longer, whatever fails inside it."""


@pytest.fixture(scope="module")
def stall_pg(tmp_path_factory):
    """A PostgreSQL of this module's own: stopping it stops no other test's."""
    with own_postgres(tmp_path_factory) as server:
        yield server


def cluster_pids(server) -> list[int]:
    """The postmaster of `server` and its children (backends, background workers)."""
    master = int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    pids = [master]
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == master:
            pids.append(int(entry))
    return pids


def _signal_all(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


@contextmanager
def stalled(server):
    """The cluster stopped for the block (at most STALL_BOUND seconds: a
    thread's timer wakes it whatever the block does, even an event loop
    that waits on the database), woken at its end."""
    pids = cluster_pids(server)
    wake = threading.Timer(STALL_BOUND, _signal_all, (pids, signal.SIGCONT))
    wake.start()
    try:
        _signal_all(pids, signal.SIGSTOP)
        yield
    finally:
        wake.cancel()
        _signal_all(pids, signal.SIGCONT)


async def awake(store) -> None:
    """Once the database answers again (its stalled work done), and a little more."""
    deadline = time.monotonic() + 30
    while True:
        try:
            await asyncio.to_thread(store.room_count)
            break
        except Exception:  # noqa: BLE001 - still settling
            assert time.monotonic() < deadline, "the database never answered again"
            await asyncio.sleep(0.5)
    await asyncio.sleep(2.0)  # what a woken backend had buffered has run by now


def bind(front, *names):
    keys = []
    for name in names:
        key = new_key()
        front.store.bind(key.get_fingerprint("sha256"), name)
        keys.append(key)
    return keys


async def test_a_stalled_database_leaves_both_doors_answering_and_plays_nothing_late(tmp_path, stall_pg):
    url = stall_pg.create_database("stall")
    doors = [Front(tmp_path / n, Limits(idle_seconds=120, login_seconds=20), db=url, bots=False) for n in "ab"]
    ports = [await d.start("127.0.0.1", 0) for d in doors]
    store = doors[0].store
    try:
        ka, kb, kc = bind(doors[0], "alice", "bob", "carol")
        room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=7)
        alice = await open_term(ports[0], ka)  # the full screen on door A
        await enter_room(alice, room.id, turn=1)
        bob = await open_plain(ports[1], kb)  # line by line on door B
        await bob.prompt()
        bob.send(room.id)
        await bob.wait_for("Waiting for alice (move 1).")

        with stalled(stall_pg):
            for port, key in ((ports[0], kc), (ports[1], kb)):  # each door: a banner, a login, one line
                conn = await asyncio.wait_for(connect(port, key), 10)
                done = await asyncio.wait_for(conn.run("status"), 15)
                assert "not answering" in f"{done.stdout}{done.stderr}", (done.stdout, done.stderr)
                conn.close()
            await alice.type_move("La1h")
            await alice.wait_for(REFUSED, timeout=10)
            lobby = await open_term(ports[0], ka)  # a person known to the door logs in: the lobby says why it is empty
            await lobby.wait_for("the server's database is not answering", timeout=15)
        await awake(store)
        assert list(store.open_game(room.id).record.moves) == []  # the refused move never lands
        await lobby.wait_until(lambda t: room.id in t and "not answering" not in t, "the lobby listed again", 15)
        await lobby.close()

        alice.send("\r")  # the refused move stayed on the line: Enter plays it now, once
        await bob.wait_for("Your turn, bob.")  # the game goes on, on both doors
        with stalled(stall_pg):
            bob.send("La2h")
            await bob.wait_for(REFUSED, timeout=10)
        await awake(store)
        assert list(store.open_game(room.id).record.moves) == [(0, "La1h")]
        bob.send("La2h")
        await bob.wait_for("You played")
        await alice.wait_for(f"your turn · {room.id} · move 3 ·")
        await alice.close()
        await bob.close()
    finally:
        for d in doors:
            await d.close()


def test_a_commit_the_database_reads_too_late_is_rolled_back(tmp_path, stall_pg):
    """The race behind "lands 141 s later": the commit is on its way when the
    server stops. The client gives up; the server, woken, must not commit it."""
    from tui.server.db import backends
    from tui.server.db.store import DbStore

    store = DbStore(tmp_path, stall_pg.create_database("late"))
    store.make()
    db = store.db
    pids = cluster_pids(stall_pg)
    cut: list[int] = []
    wake = threading.Timer(STALL_BOUND / 2, _signal_all, (pids, signal.SIGCONT))  # whatever happens
    wake.start()
    try:
        with pytest.raises(backends.DatabaseDown):  # (DatabaseStalled: not answering)
            with db.transaction() as tx:
                tx.q("INSERT INTO users (fingerprint, name, name_key, first_seen, last_seen) "
                     "VALUES ('k', 'late', 'late', 'x', 'x')")
                _signal_all(pids, signal.SIGSTOP)  # stopped with only the commit left to send
                cut = pids
    finally:
        wake.cancel()
        _signal_all(cut, signal.SIGCONT)
    deadline = time.monotonic() + 30
    while True:
        try:
            time.sleep(2.5)  # the settling time, and what the woken backend read has run
            users = store.users()
            break
        except backends.DatabaseDown:
            assert time.monotonic() < deadline
    assert "k" not in users
