"""The server's bots through their pool, without SSH (not a pytest test):
in N Grid Square rooms of one person and one bot, the "person" (this
script) plays the first legal move as soon as it may, and the time from its
move saved to the bot's reply saved is measured.

    python benchmarks/bot_pool_latency.py [--level search] [--rooms 8] [--replies 4] [--bot-workers N]

It isolates the bots' part of "bot move → screens": noticing the change
(BotRunner looks every 50 ms), loading the save in a worker, thinking
(`search`: 0.9 s, less the time the turn waited before it, down to a
quarter: `engine.bot_turn.hurry`; `random`: nothing, so the pool's own
overhead) and the commit; and the two parts of each bot turn apart: the
wait before thinking and the thinking. Bounded: at most 32 rooms and 20 replies a room, 60 s a reply.
"""
from __future__ import annotations

import argparse
import asyncio
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.session import GameSession  # noqa: E402
from tui.server.bots import BotRunner  # noqa: E402
from tui.server.store import Store  # noqa: E402


async def person(path: Path, replies: int, out: list[float]) -> None:
    """Move whenever seat 1 may; time each bot reply."""
    got = 0
    while got < replies:
        s = GameSession.open(path)
        if s.is_over():
            return
        if s.to_act() != (0,):
            await asyncio.sleep(0.01)
            continue
        view = s.view(0)
        s.play(0, view.format_move(view.legal(0)[0]))
        if s.to_act() != (1,):
            continue  # the turn goes on, or the game is over
        start, ply = time.monotonic(), s.ply
        while GameSession.open(path).ply == ply and time.monotonic() - start < 60:
            await asyncio.sleep(0.01)
        out.append(time.monotonic() - start)
        got += 1


async def run(level: str, rooms: int, replies: int, workers: int | None) -> None:
    data = Path(tempfile.mkdtemp(prefix="tsq-botpool-"))
    try:
        store = Store(data)
        store.make()
        ids = [store.create_room("grid-square", [f"p{i}", f"bot:{level}"], seed=i).id for i in range(rooms)]
        runner = BotRunner(store, workers)
        task = asyncio.create_task(runner.run())
        while runner.pool is None:
            await asyncio.sleep(0.05)
        await asyncio.wrap_future(runner.pool.submit(time.monotonic))  # the workers are up
        lat: list[float] = []
        await asyncio.gather(*(person(store.room_path(r), replies, lat) for r in ids))
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        v = sorted(lat)
        print(
            f"{level} bot, {rooms} rooms, {runner.workers} workers: {len(v)} replies, move saved → reply saved "
            f"median {1000 * statistics.median(v):.0f} ms, p95 {pct(v, 0.95):.0f} ms, "
            f"max {1000 * v[-1]:.0f} ms; errors: {len(runner.errors)}"
        )
        waited = sorted(t.waited for t in runner.turns)
        thought = sorted(t.thought for t in runner.turns)
        if waited:
            print(
                f"  of which: waiting before thinking (noticed, a free worker, the save loaded) median "
                f"{1000 * statistics.median(waited):.0f} ms, p95 {pct(waited, 0.95):.0f} ms; thinking median "
                f"{1000 * statistics.median(thought):.0f} ms, p95 {pct(thought, 0.95):.0f} ms; load average "
                f"{os.getloadavg()[0]:.1f}"
            )
    finally:
        shutil.rmtree(data, ignore_errors=True)


def pct(values: list[float], q: float) -> float:
    """The `q` quantile (nearest rank) of sorted `values`, in ms."""
    return 1000 * values[max(0, math.ceil(q * len(values)) - 1)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="search")
    ap.add_argument("--rooms", type=int, default=8)
    ap.add_argument("--replies", type=int, default=4, help="bot replies timed per room")
    ap.add_argument("--bot-workers", type=int, default=None)
    a = ap.parse_args()
    if not 1 <= a.rooms <= 32 or not 1 <= a.replies <= 20:
        ap.error("--rooms takes 1-32, --replies 1-20")
    asyncio.run(run(a.level, a.rooms, a.replies, a.bot_workers))


if __name__ == "__main__":
    main()
