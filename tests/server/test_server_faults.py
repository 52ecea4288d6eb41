"""Faults over the wire: dropped connections, a killed server, a seat opened
twice, a watcher, bad input, and seats taken while someone sits in the room.
Every check reads what a player's terminal received."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine.session import GameSession
from tests.server.conftest import connect, new_key, open_term
from tests.server.test_server_play import bind, enter_room

OPENING = ["La1h", "La2h", "Sa1v", "Ld1h"]
"""The first moves of a Grid Square without slides (alice, bob, alice, bob)."""


def grid_room(server, seats=("alice", "bob")):
    return server.store.create_room("grid-square", list(seats), {"sliding": False}, seed=1)


def moves_of(store, room_id: str) -> list[tuple[int, str]]:
    return list(store.open_game(room_id).record.moves)


async def play_by_keys(terms, store, room_id: str, moves: list[str]) -> None:
    """Each move typed by the seat to act, on its own terminal."""
    for move in moves:
        session = store.open_game(room_id)
        seat, ply = session.to_act()[0], session.ply
        await terms[seat].wait_for(f"your turn · {room_id} · move {ply + 1} ·")
        await terms[seat].type_move(move)
        await terms[seat].wait_for(f"move {ply + 2} ·")


async def test_a_dropped_connection_comes_back_to_its_seat_and_turn(server):
    ka, kb = bind(server, "alice", "bob")
    room = grid_room(server)
    alice, bob = await open_term(server.port, ka), await open_term(server.port, kb)
    for t in (alice, bob):
        await enter_room(t, room.id)
    await play_by_keys((alice, bob), server.store, room.id, OPENING[:2])
    await alice.wait_for(f"your turn · {room.id} · move 3")
    alice.send(":Sa")  # half a move typed, then the line drops
    alice.conn.abort()
    await alice.close()
    for _ in range(100):  # the dropped connection's TUI process is gone
        if len(server.children) == 1:
            break
        await asyncio.sleep(0.05)
    assert len(server.children) == 1
    before = moves_of(server.store, room.id)
    assert [m for _, m in before] == OPENING[:2]

    again = await open_term(server.port, ka)
    await again.wait_for(f"▶ your turn {room.id}")  # the lobby puts it first
    again.send("\r")
    await again.wait_for(f"your turn · {room.id} · move 3 ·")  # the same seat, still its turn
    await again.wait_for("1. alice placed")  # the log is whole
    await again.wait_for("2. bob placed")
    await play_by_keys((again, bob), server.store, room.id, OPENING[2:3])
    await bob.wait_for(f"your turn · {room.id} · move 4 ·")
    assert moves_of(server.store, room.id) == before + [(0, OPENING[2])]
    for t in (again, bob):
        await t.close()


def start_server(data: Path) -> tuple[subprocess.Popen, int]:
    """`tsquare serve` in its own process on a free port (its port from what it prints)."""
    tsquare = Path(sys.executable).with_name("tsquare")
    proc = subprocess.Popen(
        [str(tsquare), "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert "serving on 127.0.0.1:" in line, line + proc.stderr.read()
    return proc, int(line.split("127.0.0.1:")[1].split(";")[0])


def stop_server(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """End a server started by `start_server` (if still running) and close its pipes."""
    if proc.poll() is None:
        proc.send_signal(sig)
    proc.wait(10)
    for pipe in (proc.stdout, proc.stderr):
        if pipe is not None:
            pipe.close()


def players_of(data: Path) -> list[int]:
    """Process ids of the processes serving connections on `data`: each
    connection's TUI and the preloaded process they are forked from."""
    out = []
    for pid in os.listdir("/proc"):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if (b"tui.server.player" in cmd or b"tui.server.zygote" in cmd) and str(data).encode() in cmd:
            out.append(int(pid))
    return out


def test_a_fresh_server_process_prints_only_its_own_lines(tmp_path):
    """What an operator reads: every line on stderr and stdout is the
    server's own, however noisy its libraries are on import (asyncssh on
    cryptography 47+ printed ten DSA deprecation warnings)."""
    proc, _ = start_server(tmp_path / "data")
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=15)
    assert proc.returncode == 0, err
    assert err == "", err
    assert all(line.startswith(("tsquare: ", "rooms and players: ", "players join with: ", "limits: "))
               for line in out.splitlines() if line.strip()), out  # a blank line between is no library's


async def test_a_server_killed_mid_game_comes_back_with_every_room(tmp_path):
    data = tmp_path / "data"
    proc, port = start_server(data)
    try:
        from tui.server.db.store import DbStore

        store = DbStore(data, "sqlite")  # `tsquare serve`'s own: SQLite in the data folder
        ka, kb = new_key(), new_key()
        alice, bob = await open_term(port, ka, "alice"), await open_term(port, kb, "bob")
        grid = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
        squire = store.create_room("squire", ["carol", "bot:random", "bot:random"], seed=2)
        open_ = store.create_room("grid-square", ["alice", None], seed=3)
        for t in (alice, bob):
            await enter_room(t, grid.id)
        await play_by_keys((alice, bob), store, grid.id, OPENING[:3])
        await bob.wait_for(f"your turn · {grid.id} · move 4")
        bob.send(":Ld")  # a move half typed when the server dies
        before = {r.id: (r.seats, moves_of(store, r.id)) for r in store.rooms()}
        children = players_of(data)
        assert len(children) >= 2  # one a connection (and the process they are forked from)
        stop_server(proc, signal.SIGKILL)
        for t in (alice, bob):
            await asyncio.wait_for(t.process.wait_closed(), 10)  # the line drops
            await t.close()
        deadline = time.monotonic() + 10
        while players_of(data) and time.monotonic() < deadline:  # no TUI outlives its server
            await asyncio.sleep(0.1)
        assert not players_of(data)
    finally:
        stop_server(proc, signal.SIGKILL)
        for pid in players_of(data):  # only if the check above failed
            os.kill(pid, signal.SIGKILL)

    proc, port = start_server(data)
    try:
        after = {r.id: (r.seats, moves_of(store, r.id)) for r in store.rooms()}
        assert after[grid.id] == before[grid.id] and after[open_.id] == before[open_.id]
        assert after[squire.id][1][: len(before[squire.id][1])] == before[squire.id][1]  # its bots went on
        bob = await open_term(port, kb)  # the same key: the same name, no new name asked
        await bob.wait_for(f"▶ your turn {grid.id}")
        bob.send("\r")
        await bob.wait_for(f"your turn · {grid.id} · move 4 ·")
        await bob.type_move(OPENING[3])
        await bob.wait_for(f"{grid.id} · move 5 ·")
        assert [m for _, m in moves_of(store, grid.id)] == OPENING
        await bob.close()
    finally:
        stop_server(proc)


async def test_a_watcher_gets_the_public_view_only(server):
    ka, kc = bind(server, "alice", "carol")
    room = server.store.create_room("square-masons", ["alice", "bob", "bot:random"], seed=3)
    alice, carol = await open_term(server.port, ka), await open_term(server.port, kc)
    await enter_room(alice, room.id)
    await carol.wait_for(room.id)
    carol.send("w")
    await carol.wait_for(f"{room.id} · move 1 · watching")
    await alice.type_move("cw")  # the first player's direction: public
    await carol.wait_for("alice plays")
    await alice.wait_for("Pick 1 of")
    await alice.type_move("market")  # a sealed pick
    await alice.wait_for("your sealed pick")
    await alice.wait_for("You picked")  # on alice's own screen: her pick, in her log
    await carol.wait_for("alice has")  # carol learns that alice has chosen, not what
    assert "watching" in carol.text() and "your turn" not in carol.text()
    carol.send(":")  # a watcher has no move to type
    await carol.wait_for("You are watching this game.")  # a key answered after the pick's frames
    for text in ("\n".join(carol.seen), carol.raw.decode("utf-8", "replace")):
        assert "You picked" not in text and "sealed pick" not in text
    for t in (alice, carol):
        await t.close()


async def test_the_older_of_two_connections_to_a_seat_is_told_and_cannot_move(server):
    (ka,) = bind(server, "alice")
    room = grid_room(server, ("alice", "bot:random"))
    old = await open_term(server.port, ka)
    await enter_room(old, room.id, turn=1)
    await old.open_move_line()
    old.send("La1h")  # typed, not yet played
    new = await open_term(server.port, ka)
    await enter_room(new, room.id, turn=1)
    await old.wait_for("plays there now")  # told on its own screen, within half a second
    await old.wait_for("T-Square lobby")
    assert moves_of(server.store, room.id) == []  # nothing was played from the older screen
    await new.type_move("La2h")
    await new.wait_for("1. alice placed")  # (the bot may have answered already)
    assert [m for _, m in moves_of(server.store, room.id)][:1] == ["La2h"]
    for t in (old, new):
        await t.close()


async def test_bad_input_gets_a_clear_message_and_harms_no_room(server):
    (kb,) = bind(server, "bob")
    room = grid_room(server, ("bob", "bot:random"))
    bob = await open_term(server.port, kb)
    garbage = bytes(range(0x80, 0x100)) + b"\xc3(\xff\xfe\x00\x01\x02" * 50 + b"\x1b[9;9;9" + b"\x1b]0;x\x07"
    bob.send(garbage)  # not UTF-8, NULs, control bytes, broken escape sequences: in the lobby
    bob.send("c")  # the lobby still answers its keys
    await bob.wait_for("New room: which game?")
    bob.send("\x1b")
    await bob.wait_for("T-Square lobby")
    await enter_room(bob, room.id, turn=1)
    await bob.type_move("x")
    await bob.wait_for("'x' is not Grid Square notation")  # said in words; the text stays to correct it
    bob.send("\x7f")
    bob.send(b"\x1b[200~" + b"La1h" * (1 << 18) + b"\x1b[201~")  # a 1 MB paste on the move line
    await bob.wait_for("Not taken: a move is at most")  # told, and the line is as it was
    assert len(server.children) == 1 and bob.process.exit_status is None  # the connection stays
    bob.send("\x1b")  # Esc: the keys work again (the paste cut short was closed)
    await bob.wait_until(lambda t: "a move in notation" not in t, "the move line closed")
    await bob.type_move("La1h")
    await bob.wait_for("1. bob placed")  # (the bot may have answered already)
    assert [m for _, m in moves_of(server.store, room.id)][:1] == ["La1h"]
    assert not (server.store.root / "reports").exists() or not any((server.store.root / "reports").rglob("*.txt"))
    await bob.close()

    conn = await connect(server.port, new_key())  # a name with escape sequences in it
    proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    proc.stdin.write(b"\x1b]0;evil\x07\x1b[31mred\r")
    out = b""
    while b"a name is" not in out:
        out += await asyncio.wait_for(proc.stdout.read(4096), 10)
    assert b"\x1b]" not in out and b"\x1b[31m" not in out  # nothing of it echoed back
    proc.stdin.write(b"\x1b[1;5Dcarol\r")  # an arrow key's sequence, then a good name
    while b"T-Square lobby" not in out:
        out += await asyncio.wait_for(proc.stdout.read(65536), 30)
    assert server.store.user_for(conn.get_extra_info("tsquare_key") or "") in (None, "carol")
    conn.close()


async def test_a_seat_taken_shows_at_once_and_the_next_move_keeps_it(server):
    ka, kb = bind(server, "alice", "bob")
    room = grid_room(server, ("alice", None))
    alice, bob = await open_term(server.port, ka), await open_term(server.port, kb)
    await enter_room(alice, room.id, turn=1)
    await alice.wait_for("open seat 2")
    await bob.wait_for(room.id)
    bob.send("\r")
    await bob.wait_for("you: bob")
    started = time.monotonic()
    await alice.wait_for("bob sat down.", timeout=5)
    assert time.monotonic() - started < 5
    assert "open seat 2" not in alice.text()
    await alice.type_move("La1h")
    await bob.wait_for(f"your turn · {room.id} · move 2 ·")
    assert GameSession.open(server.store.room_path(room.id)).names == ["alice", "bob"]
    for t in (alice, bob):
        await t.close()
