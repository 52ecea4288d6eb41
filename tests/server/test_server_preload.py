"""The preloaded TUI: each connection's process is forked from the zygote
(a fresh interpreter if the zygote is gone), and a saved move is pushed to
the room's seat holders."""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from engine.session import GameSession
from tests.server.conftest import new_key, open_term
from tui.server.store import Store


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


async def test_a_connection_runs_in_a_child_of_the_zygote(server):
    assert server.zygote is not None and server.zygote.alive
    term = await open_term(server.port, new_key(), "alice")
    (pid,) = server.children
    assert parent_of(pid) == server.zygote.proc.pid
    assert pid in server.pokeable
    await term.close()


async def test_without_the_zygote_a_connection_still_gets_its_lobby(server):
    server.zygote.proc.kill()
    server.zygote.proc.wait()
    for _ in range(100):  # the server notices the closed socket
        if not server.zygote.alive:
            break
        await asyncio.sleep(0.05)
    assert not server.zygote.alive
    term = await open_term(server.port, new_key(), "bob")
    assert "T-Square lobby · you are bob" in term.text()
    (pid,) = server.children
    assert parent_of(pid) == os.getpid()  # a fresh interpreter, started by the server itself
    assert pid not in server.pokeable  # not forked: it is never sent the push signal
    await term.close()


async def test_a_saved_move_is_pushed_to_the_seat_holders(server):
    room = server.store.create_room("grid-square", ["alice", "bob"], seed=3)
    waiter = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import signal; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1]); "
        "print('ready', flush=True); signal.sigwait([signal.SIGUSR1])",
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert (await waiter.stdout.readline()).strip() == b"ready"
        server.pokeable.add(waiter.pid)  # as if forked from the zygote
        server.store._claim_path(room.id, 1).write_text(f"{waiter.pid}-1")
        for _ in range(500):  # the server's look for changes takes the claimed room in
            if room.id in server.seen_marks:
                break
            await asyncio.sleep(0.01)
        assert room.id in server.seen_marks
        taken_in = server.seen_marks
        for _ in range(500):  # one more look for changes, which would push a change
            if server.seen_marks is not taken_in:
                break
            await asyncio.sleep(0.01)
        assert server.seen_marks is not taken_in
        assert waiter.returncode is None  # nothing changed yet: no push
        session = GameSession.open(server.store.room_path(room.id))
        view = session.view(0)
        session.play(0, view.format_move(view.legal(0)[0]))
        assert await asyncio.wait_for(waiter.wait(), 10) == 0  # the push arrived
    finally:
        if waiter.returncode is None:
            waiter.send_signal(signal.SIGKILL)
            await waiter.wait()


def test_claimants_are_the_processes_holding_a_seat(tmp_path):
    store = Store(tmp_path)
    store.make()
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    assert store.claimants(room.id) == []
    store.claim_seat(room.id, 0)
    assert store.claimants(room.id) == [os.getpid()]
    other = store.create_room("grid-square", ["carol", "dave"], seed=1)
    before = store.save_marks()
    assert set(before) == {room.id}  # only the rooms someone plays in now are looked at
    assert other.id not in store.claims()
    session = GameSession.open(store.room_path(room.id))
    view = session.view(0)
    session.play(0, view.format_move(view.legal(0)[0]))
    assert store.save_marks()[room.id] != before[room.id]


def test_a_connections_tui_ends_when_the_process_that_started_it_is_gone(tmp_path, monkeypatch):
    """Orphaned (its server or zygote gone), a connection's TUI exits rather
    than spin on a terminal that only gives end-of-file."""
    from tui.server.player import LobbyApp

    app = LobbyApp(tmp_path, "alice")
    ended = []
    monkeypatch.setattr(app, "exit", lambda *a, **k: ended.append(True))
    app.parent_pid = os.getppid()
    app._end_if_orphaned()
    assert ended == []  # its parent is still there
    app.parent_pid = os.getppid() + 1_000_000  # as if it had been adopted by another
    app._end_if_orphaned()
    assert ended == [True]
