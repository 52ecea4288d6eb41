"""The terminal follows the client's size; idle and flooding clients are let go."""
from __future__ import annotations

import asyncio

from tests.server.conftest import new_key, open_term
from tui.server.ssh import Front, InputBucket, Limits


async def test_a_resize_reaches_the_tui(server):
    term = await open_term(server.port, new_key(), "alice")
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
