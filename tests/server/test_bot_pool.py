"""The server's bots think in a pool of worker processes, never in the relay:
rooms move in parallel, a slow room holds up no other, and the loop only
hands rooms over (tui/server/bots.py)."""
from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from engine.record import GameRecord
from engine.session import GameSession
from tests.server.bot_jobs import held_job
from tui.server.bots import BotRunner, default_workers
from tui.server.store import Store

WAIT = 60.0
"""A bound on waiting for a condition (never reached when all is well)."""


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(tmp_path)
    s.make()
    return s


async def until(ok, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not ok():
        assert time.monotonic() < deadline, f"never {what}"
        await asyncio.sleep(0.02)


def ply(store: Store, room_id: str) -> int:
    return GameSession.open(store.room_path(room_id)).ply


async def running(runner: BotRunner):
    task = asyncio.create_task(runner.run())
    await until(lambda: runner.pool is not None, "a pool")
    return task


async def stop(task) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def test_the_pool_plays_bot_seats_only_and_never_in_this_process(store, monkeypatch):
    def no_bots_here(*args, **kwargs):
        raise AssertionError("a bot thought in the relay process")

    monkeypatch.setattr(GameRecord, "bot_move", no_bots_here)  # workers never see this patch
    room = store.create_room("grid-square", ["bot:random", "alice"], seed=4)
    runner = BotRunner(store, workers=2)
    task = await running(runner)
    try:
        path = store.room_path(room.id)
        await until(lambda: GameSession.open(path).to_act() == (1,), "alice's turn")
        await until(lambda: room.id in runner.idle and not runner.busy, "the room idle")
        assert runner.moves >= 1 and not runner.errors
        moves = runner.moves
        runner.dispatch()
        assert not runner.busy and runner.moves == moves  # alice's turn: nothing handed over
        assert os.getpid() not in runner.worker_pids() and runner.worker_pids()
    finally:
        await stop(task)
    assert runner.pool is None


async def test_a_slow_room_does_not_hold_up_another(store):
    slow = store.create_room("grid-square", ["bot:random", "alice"], seed=1)
    quick = store.create_room("grid-square", ["bot:random", "bob"], seed=2)
    hold = Path(str(store.room_path(slow.id)) + ".hold")
    hold.touch()  # the slow room's bot thinks until this file is gone
    runner = BotRunner(store, workers=2, job=held_job)
    task = await running(runner)
    try:
        await until(lambda: ply(store, quick.id) >= 1, "the quick room's bot moved")
        assert slow.id in runner.busy and ply(store, slow.id) == 0  # still thinking there
        hold.unlink()
        await until(lambda: ply(store, slow.id) >= 1, "the slow room's bot moved")
    finally:
        hold.unlink(missing_ok=True)
        await stop(task)


def test_the_pool_is_sized_from_the_cores():
    assert default_workers(1) == 4 and default_workers(2) == 8 and default_workers(64) == 32


@pytest.mark.search
async def test_deep_forks_its_tree_processes_inside_a_worker(store):
    from tests.server.bot_jobs import deep_with_two_trees

    runner = BotRunner(store, workers=1)
    await asyncio.to_thread(runner.start)
    try:
        future = runner.pool.submit(deep_with_two_trees)
        trees, iterations, daemon = await asyncio.wrap_future(future)
    finally:
        runner.close()
    assert not daemon  # a daemon process may not start processes
    from engine.bots.search import DEEP_FACTOR

    assert (trees, iterations) == (2, 8 * DEEP_FACTOR)  # both trees searched: deep's share of 8, in two trees


async def test_the_pool_is_a_scheduling_group_of_its_own(store):
    """Its own session (so, under autogroup, its own group at the weight of
    one connection), shared by every worker, never the relay's (this test's)."""
    from tests.server.bot_jobs import scheduling
    from tui.server.bot_group import POOL_GROUP_NICE

    runner = BotRunner(store, workers=2)
    await asyncio.to_thread(runner.start)
    try:
        seen = [await asyncio.wrap_future(runner.pool.submit(scheduling)) for _ in range(4)]
    finally:
        runner.close()
    sessions = {sid for sid, _, _ in seen}
    assert len(sessions) == 1 and os.getsid(0) not in sessions
    assert {parent for _, parent, _ in seen} == sessions  # the forkserver leads it; the workers are in it
    for _, _, group in seen:
        assert not group or group.endswith(f"nice {POOL_GROUP_NICE}")
