"""The server on its database (not a pytest test).

    python benchmarks/server.py [--rooms 10000] [--moves 300] [--pushes 40] [--no-postgres] [--json FILE]

Reports (JSON keys; targets from the issue "Rooms and players in a real
database"):

- `lobby_first_frame_s_10000_rooms`: SQLite with `--rooms` rooms in the
  database (a few the measured person's, one in ten with an open seat),
  `tsquare serve` started on it; seconds from the SSH connection to the
  lobby's room list drawn, the median of three logins (target <= 0.5 s).
- `move_commit_ms_p95.sqlite` / `.postgresql`: a move's transaction
  (`DbStore.commit_game`: the conditional update, the move's row, the
  lobby's columns and the change mark, the notify), p95 in ms over
  `--moves` moves of Grid Square games (target <= 10 ms). PostgreSQL runs
  with fsync on, as a real one would. `move_commit_ms_p50.*` beside.
- `cross_host_push_ms_p95`: two `tsquare serve` processes on one
  PostgreSQL; pat's terminal in a room on front door B; a move committed
  through front door A's store; ms until pat's screen shows it, p95 over
  `--pushes` moves (target <= 300 ms). `push_ms_p95_sqlite`: the same on
  one SQLite server (the commit's datagram to the server).
- `notify_ms_p95.sqlite` / `.postgresql`: the database's part of a push
  alone: from a commit returning to another front door's listener hearing
  of it (no screen), p95 over 100 moves.

Needs asyncssh and pyte (the test extra), and for PostgreSQL its programs
(initdb, pg_ctl) and psycopg; the PostgreSQL server is a throwaway one in a
temporary folder (`tui.server.db.pg_local`).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.lobby_scale import first_frame  # noqa: E402
from benchmarks.ssh_load import open_session, p95, read_until, start_server  # noqa: E402
from tui.server.db.store import DbStore  # noqa: E402
from tui.server.records import RoomLimits  # noqa: E402
from tui.server.sshlib import asyncssh  # noqa: E402  (quiet: see tui/server/sshlib.py)

ME = "alice"
NO_LIMITS = RoomLimits(rooms_per_person=1_000_000, max_rooms=1_000_000)
"""This script's own rooms (the games it times) are not the players'."""
TARGETS = {"lobby_first_frame_s_10000_rooms": 0.5, "move_commit_ms_p95": 10.0, "cross_host_push_ms_p95": 300.0}


def seed(store: DbStore, rooms: int) -> None:
    """`rooms` rooms: copies of four real games, a few of them ME's."""
    templates = []
    for seats in ([ME, "bob"], ["bob", ME], ["carol", None], ["dave", "erin"]):
        room = store.create_room("grid-square", list(seats), {"sliding": False}, seed=len(templates))
        session = store.open_game(room.id)
        for _ in range(6):
            seat = session.to_act()[0]
            view = session.view(seat)
            session.play(seat, view.format_move(view.legal(seat)[0]))
        templates.append((list(seats), store.export(room.id)))
    store.seed_copies(
        [templates[0] if i % 500 == 0 else templates[1] if i % 500 == 1 else templates[2] if i % 10 == 2
         else ([f"p{i % 997}", f"q{i % 991}"], templates[3][1]) for i in range(len(templates), rooms)]
    )


def timed_commits(store: DbStore, moves: int) -> list[float]:
    """ms of each move's transaction over `moves` moves (new games as they end)."""
    times: list[float] = []
    real = store.commit_game

    def commit(*args, **kw):
        t = time.perf_counter()
        try:
            return real(*args, **kw)
        finally:
            times.append((time.perf_counter() - t) * 1000)

    store.commit_game = commit  # type: ignore[method-assign]
    session = None
    while len(times) < moves:
        if session is None or session.is_over():
            room = store.create_room("grid-square", ["cara", "dan"], {"sliding": False})
            session = store.open_game(room.id)
        seat = session.to_act()[0]
        view = session.view(seat)
        session.play(seat, view.format_move(view.legal(seat)[0]))
    store.commit_game = real  # type: ignore[method-assign]
    return times


async def push_times(mover: DbStore, port: int, key, pushes: int) -> list[float]:
    """pat (no other room), logged in on `port`, sits in a new room; each
    move committed through `mover` (another door's store): ms until his
    screen shows it."""
    room = mover.create_room("grid-square", ["zoe", "pat"], {"sliding": False})
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    conn, proc = await open_session(port, key)
    shown = lambda: "\n".join(screen.display)  # noqa: E731
    out: list[float] = []
    try:
        await read_until(proc, stream, screen, lambda: room.id in shown(), 60, "the lobby")
        proc.stdin.write(b"\r")
        await read_until(proc, stream, screen, lambda: f"{room.id} · move 1" in shown(), 60, "the room")
        session = mover.open_game(room.id)
        for _ in range(pushes):
            if session.is_over():
                break
            seat = session.to_act()[0]
            view = session.view(seat)
            await asyncio.sleep(0.2)  # the screen idle, as between people's moves
            session.play(seat, view.format_move(view.legal(seat)[0]))
            t = time.perf_counter()
            heading = f"{room.id} · move {session.ply + 1}"
            await read_until(proc, stream, screen, lambda: re.search(re.escape(heading) + r"\b", shown()) is not None,
                             10, "the room")
            out.append((time.perf_counter() - t) * 1000)
    finally:
        conn.close()
        await conn.wait_closed()
    return out


async def notify_times(store: DbStore, listener: DbStore, moves: int) -> list[float]:
    """ms from a move's commit returning to another front door's listener
    hearing of it (the database's part of a push: NOTIFY, or SQLite's datagram)."""
    heard: asyncio.Queue[tuple[str, float]] = asyncio.Queue()

    async def listen() -> None:
        async for room_id in listener.pushes():
            heard.put_nowait((room_id, time.perf_counter()))

    task = asyncio.create_task(listen())
    await asyncio.sleep(0.5)  # listening

    async def new_game():
        room = store.create_room("grid-square", ["cara", "dan"], {"sliding": False})
        await asyncio.wait_for(heard.get(), 10)  # the room's making is told too
        return store.open_game(room.id)

    session = await new_game()
    out: list[float] = []
    try:
        for _ in range(moves):
            if session.is_over():
                session = await new_game()
            seat = session.to_act()[0]
            view = session.view(seat)
            session.play(seat, view.format_move(view.legal(seat)[0]))
            done = time.perf_counter()
            while True:
                room_id, at = await asyncio.wait_for(heard.get(), 10)
                if room_id == session.room_id:  # type: ignore[attr-defined]
                    out.append((at - done) * 1000)
                    break
    finally:
        task.cancel()
    return out


def stop(server) -> None:
    server.terminate()
    try:
        server.wait(15)
    except Exception:  # noqa: BLE001
        server.kill()


async def run(args) -> dict:
    doc: dict = {"move_commit_ms_p95": {}, "move_commit_ms_p50": {}, "notes": []}
    work = Path(tempfile.mkdtemp(prefix="tsquare-bench-"))
    key = asyncssh.generate_private_key("ssh-ed25519")
    pat = asyncssh.generate_private_key("ssh-ed25519")
    try:
        # SQLite: the lobby at N rooms, the commits, a push on one server
        data = work / "sqlite"
        store = DbStore(data, "sqlite", limits=NO_LIMITS)
        store.make()
        store.bind(key.get_fingerprint("sha256"), ME)
        store.bind(pat.get_fingerprint("sha256"), "pat")
        t = time.perf_counter()
        seed(store, args.rooms)
        doc["seed_s"] = round(time.perf_counter() - t, 2)
        server, port = start_server(data, "--bot-workers", "1")
        try:
            frames = [await first_frame(port, key) for _ in range(3)]
            doc[f"lobby_first_frame_s_{args.rooms}_rooms"] = round(statistics.median(frames), 3)
            commits = timed_commits(store, args.moves)
            doc["move_commit_ms_p95"]["sqlite"] = round(p95(commits), 2)
            doc["move_commit_ms_p50"]["sqlite"] = round(statistics.median(commits), 2)
            pushes = await push_times(store, port, pat, args.pushes)
            doc["push_ms_p95_sqlite"] = round(p95(pushes), 1)
        finally:
            stop(server)
        notes = await notify_times(store, DbStore(data, "sqlite"), 100)  # the server gone: this listener binds
        doc["notify_ms_p95"] = {"sqlite": round(p95(notes), 2)}
        if args.no_postgres:
            return doc
        from tui.server.db import pg_local

        if not pg_local.available():
            doc["notes"].append("PostgreSQL not installed: its figures are missing")
            return doc
        pg = pg_local.start(work / "pg", fsync=True)
        try:
            url = pg.create_database("bench")
            a, b = work / "door-a", work / "door-b"
            door_a = DbStore(a, url, limits=NO_LIMITS)
            door_a.make()
            door_a.bind(pat.get_fingerprint("sha256"), "pat")
            commits = timed_commits(door_a, args.moves)
            doc["move_commit_ms_p95"]["postgresql"] = round(p95(commits), 2)
            notes = await notify_times(door_a, DbStore(b, url), 100)
            doc["notify_ms_p95"]["postgresql"] = round(p95(notes), 2)
            doc["move_commit_ms_p50"]["postgresql"] = round(statistics.median(commits), 2)
            servers = [start_server(folder, "--db", url, "--bot-workers", "1") for folder in (a, b)]
            try:
                pushes = await push_times(door_a, servers[1][1], pat, args.pushes)  # pat on door B
                doc["cross_host_push_ms_p95"] = round(p95(pushes), 1)
                doc["cross_host_push_ms_p50"] = round(statistics.median(pushes), 1)
            finally:
                for server, _ in servers:
                    stop(server)
        finally:
            pg.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--pushes", type=int, default=40)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    doc = asyncio.run(run(args))
    met = {}
    for key, target in TARGETS.items():
        value = doc.get(key) if key != "lobby_first_frame_s_10000_rooms" else doc.get(f"lobby_first_frame_s_{args.rooms}_rooms")
        if isinstance(value, dict):
            met[key] = {k: v <= target for k, v in value.items()}
        elif value is not None:
            met[key] = value <= target
    doc["targets"], doc["met"] = TARGETS, met
    text = json.dumps(doc, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
