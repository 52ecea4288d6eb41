"""The terminal follows the client's size; idle and flooding clients are let go."""
from __future__ import annotations

import asyncio

from tests.server.conftest import new_key, open_term
from tui.server.relay_io import InputBucket
from tui.server.ssh import Front, Limits


async def test_a_resize_reaches_the_tui(server):
    term = await open_term(server.port, new_key(), "alice")
    await term.wait_for("Quit")  # the footer is drawn a little after the lobby's first rows
    assert "Quit" in term.screen.display[23]
    assert len(term.screen.display[2].rstrip()) == 80  # the room list's frame: the whole width
    term.screen.resize(30, 100)
    term.process.change_terminal_size(100, 30)
    for _ in range(100):
        if "Quit" in term.screen.display[29] and len(term.screen.display[2].rstrip()) == 100:
            break
        await asyncio.sleep(0.05)
    assert "Quit" in term.screen.display[29]  # the footer on the last of 30 rows
    assert len(term.screen.display[2].rstrip()) == 100
    await term.close()


async def test_idle_and_flooding_connections_are_closed(tmp_path):
    front = Front(tmp_path / "data", Limits(idle_seconds=1.0, input_burst=1024, input_rate=1024, flood_bytes=32_000))
    port = await front.start("127.0.0.1", 0)
    try:
        idle = await open_term(port, new_key(), "idler", lobby=False)  # a slow start counts as idle too
        await asyncio.wait_for(idle.process.wait_closed(), 10)
        assert b"idle for too long" in idle.raw + await idle.process.stderr.read()
        flood = await open_term(port, new_key(), "flooder", lobby=False)
        flood.send(b"x" * 100_000)
        await asyncio.wait_for(flood.process.wait_closed(), 10)
        assert b"too much input" in await flood.process.stderr.read()
        assert not front.children  # their TUI processes are gone
    finally:
        await front.close()


def test_the_input_bucket_passes_a_burst_then_the_rate():
    bucket = InputBucket(rate=10, burst=100)
    assert bucket.take(b"a" * 150) == b"a" * 100
    assert bucket.dropped == 50


async def refused(port: int, key) -> str:
    """What the server wrote to a terminal connection it refused (stderr)."""
    from tests.server.conftest import connect

    conn = await connect(port, key)
    try:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await asyncio.wait_for(proc.wait_closed(), 15)
        return (await proc.stderr.read()).decode()
    finally:
        conn.close()


async def test_the_server_takes_at_most_max_sessions(tmp_path):
    front = Front(tmp_path / "data", Limits(max_sessions=1, idle_seconds=60))
    port = await front.start("127.0.0.1", 0)
    try:
        ka, kb = new_key(), new_key()
        front.store.bind(ka.get_fingerprint("sha256"), "alice")
        front.store.bind(kb.get_fingerprint("sha256"), "bob")
        alice = await open_term(port, ka)
        assert (await refused(port, kb)).strip() == "tsquare: the server is full (1 session at once); try again later"
        alice.send("c")  # the one session goes on
        await alice.wait_for("New room: which game?")
        await alice.close()
        for _ in range(200):
            if not front.active:
                break
            await asyncio.sleep(0.05)
        bob = await open_term(port, kb)  # a place again once alice left
        await bob.close()
    finally:
        await front.close()


async def test_first_logins_from_one_address_are_limited_per_minute(tmp_path):
    front = Front(tmp_path / "data", Limits(first_logins_per_minute=2, idle_seconds=60))
    port = await front.start("127.0.0.1", 0)
    try:
        known = new_key()
        front.store.bind(known.get_fingerprint("sha256"), "alice")
        for name in ("bob", "carol"):
            term = await open_term(port, new_key(), name)
            await term.close()
        line = await refused(port, new_key())
        assert line.strip() == "tsquare: too many new keys from your address in the last minute; try again later"
        alice = await open_term(port, known)  # a known key is never held back
        await alice.close()
    finally:
        await front.close()


async def make_room_by_keys(term) -> None:
    """From the lobby: c, the first game, Enter on its form."""
    term.send("c")
    await term.wait_for("New room: which game?")
    term.send("\r")
    await term.wait_for("Seat 1 is yours")
    term.send("\r")


async def test_rooms_per_person_and_per_server_are_refused_in_one_line(tmp_path):
    front = Front(tmp_path / "data", Limits(rooms_per_person=1, max_rooms=2, idle_seconds=60))
    port = await front.start("127.0.0.1", 0)
    try:
        ka, kb = new_key(), new_key()
        front.store.bind(ka.get_fingerprint("sha256"), "alice")
        front.store.bind(kb.get_fingerprint("sha256"), "bob")
        front.store.create_room("grid-square", ["alice", "bot:random"], seed=1)
        alice = await open_term(port, ka)
        await make_room_by_keys(alice)
        await alice.wait_for("you have made 1 unfinished room, the most allowed here; finish one first")
        alice.send("\x1b")
        await alice.close()
        front.store.create_room("grid-square", ["carol", "bot:random"], seed=1)
        bob = await open_term(port, kb)
        await make_room_by_keys(bob)
        await bob.wait_for("the server holds as many rooms as it may (2); no new room can be made")
        bob.send("\x1b\x1b")
        await bob.wait_for("T-Square lobby")  # the session goes on
        await bob.close()
        assert len(front.store.rooms()) == 2
    finally:
        await front.close()


def test_the_default_cap_on_sessions_leaves_a_quarter_of_memory(tmp_path):
    from tui.server.ssh import default_max_sessions

    info = tmp_path / "meminfo"
    info.write_text("MemTotal:        4194304 kB\nMemFree: 1 kB\n")  # 4 GiB: 3 GiB at 25 MiB
    assert default_max_sessions(info) == 122
    assert default_max_sessions(tmp_path / "none") == 50


def test_serve_lists_the_limits_and_refuses_a_bad_one_in_one_line(tmp_path):
    from typer.testing import CliRunner

    from tui.cli import app

    runner = CliRunner()
    helped = runner.invoke(app, ["serve", "--help"], terminal_width=200).output
    for flag in ("--max-sessions", "--first-logins-per-minute", "--rooms-per-person", "--max-rooms"):
        assert flag in helped
    bad = runner.invoke(app, ["serve", "--data", str(tmp_path), "--max-sessions", "0"])
    assert bad.exit_code == 2
    assert bad.output.strip() == "tsquare: --max-sessions takes 1 to 1000000"
