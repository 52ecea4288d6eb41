"""How the lobby scales with the rooms on a server (not a pytest test).

    python benchmarks/lobby_scale.py [--rooms 10000] [--idle 10] [--keep]

Seeds a data folder with N rooms (a few of them the measured person's, one
in ten with an open seat, the rest other people's games; their saves are
copies of a few real games), starts `tsquare serve` on a free loopback port,
and reports:

- the first frame of one person's lobby (from the SSH connection to the
  room list drawn), the median of three logins;
- the CPU the idle lobby's process uses over `--idle` seconds, and the
  server's own (its look for changed saves, its bot runner);
- the time the server took to start on that folder (from launch to its
  first line: it opens the folder, migrating an old layout if it finds one),
  and how long it stays busy after (the lobby is measured once it is idle).

Targets (issue "A server people can rely on"): first frame <= 0.5 s and
idle lobby CPU <= 0.1 s per 10 s at 10,000 rooms.
"""
from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.ssh_load import cpu_seconds, descendants, open_session, read_until, start_server
from tui.server.sshlib import asyncssh  # noqa: E402  (quiet: see tui/server/sshlib.py)
from tui.server.store import Store

ME = "alice"


def seed(data: Path, rooms: int) -> None:
    """`rooms` rooms in the data folder `data` (see the module's text)."""
    store = Store(data)
    store.make()
    templates = []
    for seats in ([ME, "bob"], ["bob", ME], ["carol", None], ["dave", "erin"]):
        room = store.create_room("grid-square", list(seats), {"sliding": False}, seed=len(templates))
        templates.append((list(seats), store.room_path(room.id).read_text()))
    store.seed_copies(
        [templates[0] if i % 500 == 0 else templates[1] if i % 500 == 1 else templates[2] if i % 10 == 2
         else ([f"p{i % 997}", f"q{i % 991}"], templates[3][1]) for i in range(len(templates), rooms)]
    )


async def first_frame(port: int, key) -> float:
    """Seconds from connecting to the lobby's room list on screen."""
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    start = time.monotonic()
    conn, proc = await open_session(port, key)
    try:
        await read_until(proc, stream, screen, lambda: "Your rooms" in "\n".join(screen.display), 60, "the login")
        return time.monotonic() - start
    finally:
        conn.close()
        await conn.wait_closed()


async def idle_cpu(port: int, key, server_pid: int, seconds: float) -> tuple[float, float]:
    """CPU seconds over `seconds` of one idle lobby's process, and of the
    server process itself."""
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    conn, proc = await open_session(port, key)
    try:
        await read_until(proc, stream, screen, lambda: "Your rooms" in "\n".join(screen.display), 60, "the lobby")
        await asyncio.sleep(2.0)  # past the first frame's work
        tui = max(pid for pid, _ in descendants(server_pid))  # the newest process: this connection's
        t0, s0 = cpu_seconds(tui), cpu_seconds(server_pid)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                data = await asyncio.wait_for(proc.stdout.read(65536), end - time.monotonic())
                stream.feed(data)
            except TimeoutError:
                break
        return cpu_seconds(tui) - t0, cpu_seconds(server_pid) - s0
    finally:
        conn.close()
        await conn.wait_closed()


async def settle(pid: int, limit: float = 60.0) -> float:
    """Seconds until the server process uses under a tenth of a core (its
    start's work done), at most `limit`."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        before = cpu_seconds(pid)
        await asyncio.sleep(1.0)
        if cpu_seconds(pid) - before < 0.1:
            break
    return time.monotonic() - start


async def run(rooms: int, idle: float, keep: bool) -> None:
    data = Path(tempfile.mkdtemp(prefix="tsq-lobby-"))
    try:
        t = time.monotonic()
        seed(data, rooms)
        print(f"seeded {rooms} rooms in {time.monotonic() - t:.1f} s ({data})")
        key = asyncssh.generate_private_key("ssh-ed25519")
        Store(data).bind(key.get_fingerprint("sha256"), ME)
        t = time.monotonic()
        server, port = start_server(data)
        started = time.monotonic() - t
        try:
            settled = await settle(server.pid)
            frames = sorted([await first_frame(port, key) for _ in range(3)])
            lobby, srv = await idle_cpu(port, key, server.pid, idle)
            print(f"rooms {rooms}: server start {started:.2f} s, busy {settled:.1f} s more (its bot runner's first "
                  f"pass reads every room); lobby first frame {frames[1]:.3f} s "
                  f"(min {frames[0]:.3f}, max {frames[2]:.3f})")
            print(f"idle {idle:.0f} s: lobby process {lobby:.3f} s CPU, server {srv:.3f} s CPU")
        finally:
            server.terminate()
            server.wait(10)
    finally:
        if keep:
            print(f"kept {data}")
        else:
            shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rooms", type=int, default=10_000, help="rooms to seed (at most 100,000)")
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idle lobby measured (at most 60)")
    ap.add_argument("--keep", action="store_true", help="keep the data folder")
    args = ap.parse_args()
    asyncio.run(run(max(4, min(args.rooms, 100_000)), max(1.0, min(args.idle, 60.0)), args.keep))


if __name__ == "__main__":
    main()
