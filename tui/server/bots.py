"""The server's bots: a pool of worker processes plays the bot seats of
every room, connected or not.

- The relay process never runs a bot. It only looks, every POLL_SECONDS,
  at the rooms with bot seats whose save changed (`Store.save_marks`, one
  `scandir`) and hands each to the pool: at most one task per room at a
  time, rooms in parallel, as many as there are workers.
- A task (`engine.bot_turn.bot_turn_in_save`, in a worker) loads the room's
  save, lets the bot to act choose on its own seat's view holding no lock,
  and commits through the session's stale-file check: a person's move made
  meanwhile is never refused or lost, and the bot thinks again only if its
  seat could have seen the change. The save changes, and the server pushes
  it to the room's screens as it does a person's move (SIGUSR1 to the
  room's claimants).
- Workers are forked by a forkserver (never from the relay, which has
  threads), preloaded with every game (`tui.server.bot_worker`), at a lower
  priority than the people's processes; the forkserver starts a session of
  its own, so under the kernel's autogroup scheduling the whole pool weighs
  as one connection and never shares the relay's CPU (`bot_group`). A
  `deep` bot in a worker searches in `max(1, cores // workers)` processes,
  so the pool together uses about the machine's cores.
- A turn's time budget runs from the save's change that began it, so the
  time it waited for a worker is taken from its thinking
  (`engine.bot_turn.hurry`); `BotRunner.turns` keeps each move's wait and
  thought.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Callable

from engine.bot_turn import TurnResult
from tui.server.records import RoomError
from tui.server.store import Store

POLL_SECONDS = 0.05
"""How often the runner looks for rooms whose save changed."""
ROOMS_SECONDS = 1.0
"""How often it reads the room index again (a new room shows up at once)."""
RETRY_SECONDS = 2.0
"""How long a room whose task failed waits before it is tried again."""
MAX_WORKERS = 32
TURNS_KEPT = 256
"""Bot moves whose timing the runner keeps (`BotRunner.turns`)."""


def default_workers(cores: int | None = None) -> int:
    """The pool's size for a machine with `cores` cores (default: this one's):
    four workers a core. A bot's budget is in seconds, not in work, so more
    workers than cores make each search thinner under load (the workers run
    at a lower priority than the people's processes) instead of making a
    room wait whole searches for a free worker."""
    cores = cores or os.cpu_count() or 1
    return max(2, min(MAX_WORKERS, 4 * cores))


Job = Callable[[str], TurnResult]


def _job_for(store: Store) -> Job:
    """What a worker does for a room of this store: a bot move in the room's
    database row (a store with a database), else in its save file."""
    if hasattr(store, "db"):
        from tui.server.db.bot_job import bot_turn_in_room

        return bot_turn_in_room
    from engine.bot_turn import bot_turn_in_save

    return bot_turn_in_save


def _back_to(loop: asyncio.AbstractEventLoop, then: Callable[[Future[TurnResult]], None], future: Future[TurnResult]) -> None:
    """A pool task ended (in the pool's own thread): go on in the loop."""
    try:
        loop.call_soon_threadsafe(then, future)
    except RuntimeError:  # the loop has closed: the server is stopping
        pass


class BotRunner:
    """Hands the rooms whose bot is to act to a pool of worker processes."""

    def __init__(self, store: Store, workers: int | None = None, job: Job | None = None) -> None:
        self.store = store
        self.workers = max(1, workers or default_workers())
        """Worker processes: rooms whose bots think at once."""
        self.job = job or _job_for(store)
        """What a worker does with a room's save path (a module-level function)."""
        self.pool: ProcessPoolExecutor | None = None
        self.busy: dict[str, tuple[int, int, int]] = {}
        """Rooms with a task in the pool: the save's mark when it was handed over."""
        self.idle: dict[str, tuple[int, int, int]] = {}
        """Rooms with no bot to act, at that save mark: not asked again until it changes."""
        self.moves = 0
        """Bot moves made so far."""
        self.errors: list[str] = []
        """The last few failures (a room's save unreadable, a worker lost)."""
        self.turns: deque[TurnResult] = deque(maxlen=TURNS_KEPT)
        self.seen: dict[str, tuple[object, float]] = {}
        """Room id -> (its mark, when this runner first saw it)."""
        """The latest bot moves: how long each waited before thinking, how long it thought."""
        self.finished: set[str] = set()
        """Rooms whose game has ended: never handed to the pool again."""
        self._bot_rooms: set[str] = set()
        self._rooms_read = float("-inf")

    # ------------------------------------------------------------ the pool
    def start(self) -> None:
        """Start the worker processes (forkserver, preloaded with the games)."""
        ctx = multiprocessing.get_context("forkserver")
        # bot_group first: the forkserver (and so the pool) in a scheduling group of its own; then
        # the main script (each worker would import it again: `tsquare` imports the CLI) and the games
        ctx.set_forkserver_preload(["tui.server.bot_group", "__main__", "tui.server.bot_worker"])
        from tui.server.bot_worker import start_worker

        cores = os.cpu_count() or 1
        self.pool = ProcessPoolExecutor(
            self.workers, mp_context=ctx, initializer=start_worker,
            initargs=(max(1, cores // self.workers), os.getpid()),
        )
        for _ in range(self.workers):  # start every worker now, not at a room's first bot move
            self.pool.submit(os.getpid)

    def close(self) -> None:
        """Stop the workers now (a bot thinking is dropped: nothing is half
        written, its move was never saved)."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(5)

    def worker_pids(self) -> list[int]:
        """The worker processes' ids."""
        return list(getattr(self.pool, "_processes", {}) or {})

    # ------------------------------------------------------------ the loop
    async def run(self) -> None:
        """Hand rooms to the pool until cancelled; the pool starts with the
        first room that has a bot seat. The store is read in a thread: the
        event loop never waits on a database."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                looked = await asyncio.to_thread(self.look, loop.time())
                if self.pool is None and looked[0]:
                    # the first room with a bot (or again, after a worker died); in a
                    # thread: the forkserver's start waits for its imports
                    await asyncio.to_thread(self.start)
                if self.pool is not None:
                    self.dispatch(looked)
                await asyncio.sleep(POLL_SECONDS)
        finally:
            self.close()

    def look(self, now: float) -> tuple[set[str], dict[str, tuple[int, int, int]]]:
        """The rooms with a bot seat and their saves' marks (none while the
        store cannot be read). It reads the store: the server calls it in a thread."""
        rooms = self._rooms_with_bots(now)
        try:
            return rooms, self.store.save_marks(sorted(rooms))
        except RoomError:
            return rooms, {}

    def dispatch(self, looked: tuple[set[str], dict[str, tuple[int, int, int]]] | None = None) -> int:
        """Hand every room whose bot may be to act, and that has no task in
        the pool, to the pool (`looked`: what `look` found; by default it
        looks now); returns how many were handed over."""
        loop = asyncio.get_running_loop()
        rooms, marks = looked if looked is not None else self.look(loop.time())
        handed = 0
        for room_id in rooms:
            mark = marks.get(room_id)
            if mark is None:
                continue
            since = self._seen_since(room_id, mark)
            if room_id in self.busy or self.idle.get(room_id) == mark:
                continue
            if self.pool is None:
                return handed
            self.busy[room_id] = mark
            try:
                future = self.pool.submit(self.job, self.store.bot_target(room_id, since))
            except (BrokenProcessPool, RuntimeError) as exc:
                del self.busy[room_id]
                self._failed(f"the pool: {exc}", broken=True)
                return handed
            future.add_done_callback(partial(_back_to, loop, partial(self._done, room_id, mark)))
            handed += 1
        return handed

    def _seen_since(self, room_id: str, mark: object) -> float:
        """When this runner first saw the room at `mark` (wall clock): the
        bot's turn began then, and its wait in the queue counts as thinking."""
        seen = self.seen.get(room_id)
        if seen is None or seen[0] != mark:
            seen = self.seen[room_id] = (mark, time.time())
        return seen[1]

    def _rooms_with_bots(self, now: float) -> set[str]:
        """The rooms with a bot seat whose game may still go on (their
        markers, read again every ROOMS_SECONDS); a finished game is never
        looked at again, so a server of old games polls none of them."""
        if now - self._rooms_read >= ROOMS_SECONDS:
            self._rooms_read = now
            try:
                rooms = self.store.bot_rooms()
            except RoomError:
                rooms = []
            self._bot_rooms = {r.id for r in rooms} - self.finished
        return self._bot_rooms

    def _done(self, room_id: str, mark: tuple[int, int, int], future: Future[TurnResult]) -> None:
        self.busy.pop(room_id, None)
        if future.cancelled() or self.pool is None:  # stopped meanwhile: its tasks end with it
            return
        exc = future.exception()
        if exc is not None:
            self.idle[room_id] = mark  # tried again when the save changes, or after a while
            asyncio.get_running_loop().call_later(RETRY_SECONDS, partial(self._forget, room_id, mark))
            self._failed(f"room {room_id}: {type(exc).__name__}: {exc}", broken=isinstance(exc, BrokenProcessPool))
            return
        result: TurnResult = future.result()
        if result.pid == os.getpid():  # never: the relay does not think
            self._failed(f"room {room_id}: a bot ran in the relay process")
        if result.over:
            self.finished.add(room_id)
            self._bot_rooms.discard(room_id)
        if result.seat is None:
            self.idle[room_id] = mark
        else:
            self.moves += 1
            self.turns.append(result)
            self.idle.pop(room_id, None)

    def _forget(self, room_id: str, mark: tuple[int, int, int]) -> None:
        if self.idle.get(room_id) == mark:
            del self.idle[room_id]

    def _failed(self, what: str, broken: bool = False) -> None:
        self.errors = [*self.errors[-19:], what]
        if broken:  # a worker died (killed, out of memory): `run` starts a new pool
            self.close()
