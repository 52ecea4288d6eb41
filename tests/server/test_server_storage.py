"""Storage failures over the wire: a read-only data folder, a full disk, a
damaged or huge users file, a damaged room save. Each is a clear message on
the person's terminal (never a server path), and the session goes on."""
from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import subprocess
from pathlib import Path

import pytest

from tests.server.conftest import connect, new_key, open_term
from tests.server.test_server_play import bind, first_legal
from tui.server.ssh import Front, Limits
from tui.server.store import DAMAGED, _key_file


def _run(*cmd: str) -> bool:
    return subprocess.run(cmd, capture_output=True).returncode == 0


@contextlib.contextmanager
def read_only(folder: Path):
    """`folder` read-only for the block, even for root: a read-only bind
    mount, else `chattr +i` on its folders, else (not root) chmod."""
    if _run("mount", "--bind", str(folder), str(folder)):
        try:
            if not _run("mount", "-o", "remount,ro,bind", str(folder)):
                pytest.skip("a read-only bind mount is not permitted here")
            yield
        finally:
            _run("umount", str(folder))
        return
    dirs = [str(folder)] + [str(p) for p in folder.rglob("*") if p.is_dir()]
    if _run("chattr", "+i", *dirs):
        try:
            yield
        finally:
            _run("chattr", "-i", *dirs)
        return
    if os.geteuid() == 0:
        pytest.skip("no way to make a folder read-only for root here (mount or chattr)")
    for d in dirs:
        os.chmod(d, 0o500)
    try:
        yield
    finally:
        for d in dirs:
            os.chmod(d, 0o700)


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "8m"):
    """A tmpfs of `size` mounted on `folder` for the block (skip if not permitted)."""
    folder.mkdir(parents=True, exist_ok=True)
    if not _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=700", "tmpfs", str(folder)):
        pytest.skip("mounting a small tmpfs is not permitted here")
    try:
        yield
    finally:
        _run("umount", "-l", str(folder))


def fill(path: Path) -> None:
    """Write `path` until the disk under it is full."""
    with open(path, "wb") as fh:
        try:
            while True:
                fh.write(b"\0" * (1 << 16))
                fh.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC


def no_path_seen(term, data: Path) -> None:
    """The terminal never showed a path of the server's."""
    shown = "\n".join(term.seen)
    assert str(data) not in shown and os.path.realpath(data) not in shown


async def test_a_read_only_data_folder_is_a_message_and_the_session_goes_on(tmp_path):
    data = tmp_path / "data"
    logged: list[str] = []
    front = Front(data, Limits(idle_seconds=60), log=logged.append)
    port = await front.start("127.0.0.1", 0)
    try:
        (ka,) = bind(front, "alice")
        room = front.store.create_room("grid-square", ["alice", "bob"], seed=1)
        alice = await open_term(port, ka)
        await alice.wait_for(room.id)
        with read_only(data):
            alice.send("\r")  # opening her seat writes its claim
            await alice.wait_for("cannot save right now (its data folder is")
            assert "T-Square lobby" in alice.text()  # still in the lobby, still served
            newcomer = await open_term(port, new_key(), "carol", lobby=False)
            await asyncio.wait_for(newcomer.process.wait_closed(), 15)
            said = (await newcomer.process.stderr.read()).decode()
            assert said.strip() == ("tsquare: your name cannot be recorded: the server cannot save right now "
                                    "(its data folder is read-only); try again later")
            await newcomer.close()
        alice.send("\r")  # writable again: the seat opens
        await alice.wait_for(f"{room.id} · move 1")
        no_path_seen(alice, data)
        assert any("cannot" in line for line in logged)  # the operator is told, with the details
        await alice.close()
    finally:
        await front.close()


async def test_a_full_disk_refuses_the_move_with_a_message_and_keeps_the_game(tmp_path):
    data = tmp_path / "data"
    with small_disk(data):
        front = Front(data, Limits(idle_seconds=60))
        port = await front.start("127.0.0.1", 0)
        try:
            (ka,) = bind(front, "alice")
            room = front.store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
            alice = await open_term(port, ka)
            await alice.wait_for(room.id)
            alice.send("\r")
            await alice.wait_for(f"your turn · {room.id} · move 1 ·")
            _, move = first_legal(front, room.id)
            fill(data / "filler")
            await alice.type_move(move)
            await alice.wait_for("could not be saved: the server cannot save right now")  # the words plain mode says
            assert f"your turn · {room.id} · move 1 ·" in alice.text()  # not played, still her turn
            (data / "filler").unlink()
            alice.send("\r")  # room again: the same move, still on the move line, goes through
            await alice.wait_for(f"{room.id} · move 2 ·")
            no_path_seen(alice, data)
            await alice.close()
        finally:
            await front.close()


async def test_a_damaged_or_huge_users_file_locks_nobody_out(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    ka, kb, kc = new_key(), new_key(), new_key()
    fa, fb, fc = (k.get_fingerprint("sha256") for k in (ka, kb, kc))
    pad = "x" * (5 << 20)  # over the old 4 MiB limit, and cut short: not JSON any more
    (data / "users.json").write_text(f'{{"keys": {{"{fa}": "alice", "{fb}": "bob", "{fc}": "carol", "SHA256:odd": 17, '
                                     f'"note": "{pad}')
    logged: list[str] = []
    front = Front(data, Limits(idle_seconds=60), log=logged.append)
    port = await front.start("127.0.0.1", 0)
    try:
        assert any("users.json: damaged" in line and "3 names recovered" in line for line in logged)
        alice = await open_term(port, ka)
        assert "you are alice" in alice.text()
        conn = await connect(port, kb)
        result = await conn.run("status")
        assert result.stdout.strip() == "bob: no game waits for you."
        conn.close()
        (data / "users" / "keys" / _key_file(fc)).write_bytes(b"\x00\xff garbage")  # one record damaged
        conn = await connect(port, kc)
        result = await conn.run("status")
        assert result.stderr.strip() == "tsquare: your name on this server is damaged; the operator has been told"
        conn.close()
        assert any("damaged user record" in line for line in logged)
        alice.send("c")  # everyone else goes on
        await alice.wait_for("New room: which game?")
        await alice.close()
    finally:
        await front.close()


async def test_a_damaged_room_save_is_told_to_its_players_and_stays_listed(server):
    ka, kb = bind(server, "alice", "bob")
    broken = server.store.create_room("grid-square", ["bob", "alice"], seed=1)
    good = server.store.create_room("grid-square", ["alice", "bob"], seed=2)
    server.store.room_path(broken.id).write_text('{"format": "tsquare-save", "game": ')
    alice = await open_term(server.port, ka)
    await alice.wait_for(f"damaged   {broken.id}  Grid Square        {DAMAGED}")
    alice.send("\x1b[B\r")  # her turn in the good room comes first; the damaged one next
    await alice.wait_for(f"Room {broken.id}: {DAMAGED}; the server's operator has been told.")
    bob = await open_term(server.port, kb)
    await bob.wait_for(f"damaged   {broken.id}")  # listed for its other player too
    alice.send("\x1b[A\r")  # the session goes on: the good room opens
    await alice.wait_for(f"your turn · {good.id} · move 1 ·")
    server.store.room_path(good.id).write_text("{")  # damaged while she sits in it
    await alice.wait_for(f"Room {good.id}: {DAMAGED}")
    no_path_seen(alice, server.store.root)
    for t in (alice, bob):
        await t.close()
