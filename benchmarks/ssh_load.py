"""Load test of the SSH server (not a pytest test): N concurrent sessions on
loopback, in pairs playing 2-player Grid Square rooms by keys (a: the move
list, Enter: its first move), for a fixed time.

    python benchmarks/ssh_load.py [--sessions 50] [--seconds 20]

Reports: moves served per second, the time from a move's key to the other
seat's screen showing it (median, p95), login to the lobby's first frame,
memory per connection (its TUI process, plus the server's share) and errors.
Bounded: at most 200 sessions and 120 seconds; the server runs as its own
process (`tsquare serve`) on a free port in a temporary folder.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tui.server.store import Store  # noqa: E402

MOVE_NO = re.compile(r"· move (\d+) ·")


@dataclass
class Room:
    """One room's two players and when each move's key was sent."""

    id: str
    sent: dict[int, tuple[float, int]] = field(default_factory=dict)
    """Move number -> when its Enter was sent, and by which player (0, 1)."""


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    logins: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    moves: int = 0


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return out


async def player(port: int, key, me: int, room: Room, deadline: float, figs: Figures) -> None:
    """One session: log in, open the room, move when it is our turn, and
    note when the other's moves reach our screen."""
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    start = time.monotonic()
    conn = await asyncssh.connect(
        "127.0.0.1", port, username="load", client_keys=[key], known_hosts=None, agent_path=None, config=[]
    )
    try:
        proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        seen = 0
        logged_in = False
        changed = asyncio.Event()

        async def read() -> None:
            nonlocal seen, logged_in
            while True:
                data = await proc.stdout.read(65536)
                if not data:
                    return
                stream.feed(data)
                top = screen.display[0]
                if not logged_in and "T-Square lobby" in top:
                    logged_in = True
                    figs.logins.append(time.monotonic() - start)
                m = MOVE_NO.search(top)
                if m:
                    n = int(m.group(1))
                    if n > seen:
                        for k in range(max(seen, 1), n):
                            if k in room.sent and room.sent[k][1] != me:  # the other's move reached us
                                figs.latencies.append(time.monotonic() - room.sent.pop(k)[0])
                        seen = n
                changed.set()

        reader = asyncio.create_task(read())

        async def until(pred, limit: float = 10.0) -> bool:
            end = min(deadline, time.monotonic() + limit)
            while not pred():
                changed.clear()
                left = end - time.monotonic()
                if left <= 0:
                    return False
                try:
                    await asyncio.wait_for(changed.wait(), left)
                except asyncio.TimeoutError:
                    return False
            return True

        if not await until(lambda: logged_in, 30):
            figs.errors.append("login timed out")
            return
        proc.stdin.write(b"\r")
        if not await until(lambda: MOVE_NO.search(screen.display[0]) is not None, 15):
            figs.errors.append("room did not open")
            return
        while time.monotonic() < deadline:
            top = screen.display[0]
            if "game over" in top:
                break
            if "your turn" not in top:
                await until(lambda: "your turn" in screen.display[0] or "game over" in screen.display[0], 30)
                continue
            n = int(MOVE_NO.search(top).group(1))
            proc.stdin.write(b"a")
            if not await until(lambda: any("legal moves" in line for line in screen.display), 10):
                if time.monotonic() < deadline:
                    figs.errors.append("move list did not open")
                return
            room.sent[n] = (time.monotonic(), me)
            proc.stdin.write(b"\r")
            figs.moves += 1
            await until(lambda: f"· move {n} ·" not in screen.display[0], 10)
        reader.cancel()
    finally:
        conn.close()


async def local_first_frame(data: Path) -> float:
    """Seconds from starting the lobby app on a local PTY (no SSH) to its first frame."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.monotonic()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.server.player", str(data), "local",
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True, cwd=ROOT,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    os.close(slave)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    loop = asyncio.get_running_loop()
    try:
        while "T-Square lobby" not in screen.display[0] and time.monotonic() - start < 30:
            ready = loop.create_future()
            loop.add_reader(master, lambda: ready.done() or ready.set_result(None))
            try:
                await asyncio.wait_for(ready, 30)
            finally:
                loop.remove_reader(master)
            stream.feed(os.read(master, 65536))
        return time.monotonic() - start
    finally:
        child.kill()
        await child.wait()
        os.close(master)


async def run(sessions: int, seconds: float) -> None:
    data = Path(tempfile.mkdtemp(prefix="tsq-load-"))
    store = Store(data)
    store.make()
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
    rooms: list[tuple[Room, list]] = []
    for i in range(0, sessions - 1, 2):
        a, b = f"p{i:03d}", f"p{i + 1:03d}"
        store.bind(keys[i].get_fingerprint("sha256"), a)
        store.bind(keys[i + 1].get_fingerprint("sha256"), b)
        r = store.create_room("grid-square", [a, b], seed=i)
        rooms.append((Room(r.id), [keys[i], keys[i + 1]]))
    local = sorted([await local_first_frame(data) for _ in range(3)])[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        port = int(re.search(r":(\d+);", line).group(1))
        figs = Figures()
        t0 = time.monotonic()
        deadline = t0 + seconds
        tasks = [
            asyncio.create_task(player(port, key, me, room, deadline, figs))
            for room, pair in rooms for me, key in enumerate(pair)
        ]
        peak = [0, 0, 0]

        async def sample() -> None:
            while True:
                kids = children(server.pid)
                total = sum(rss_kib(k) for k in kids)
                if len(kids) >= peak[0]:
                    peak[:] = [len(kids), total, rss_kib(server.pid)]
                await asyncio.sleep(1.0)

        sampler = asyncio.create_task(sample())
        done = await asyncio.gather(*[asyncio.wait_for(t, seconds + 60) for t in tasks], return_exceptions=True)
        sampler.cancel()
        elapsed = time.monotonic() - t0
        figs.errors += [f"{type(e).__name__}: {e}" for e in done if isinstance(e, BaseException)]
        from engine.saves import load

        plies = sum(load(store.room_path(room.id)).ply for room, _ in rooms)
        lat = sorted(figs.latencies)
        p95 = lat[int(0.95 * (len(lat) - 1))] if lat else float("nan")
        print(f"sessions {2 * len(rooms)} in {len(rooms)} Grid Square rooms, {elapsed:.1f} s")
        print(f"moves served: {plies} ({plies / elapsed:.1f}/s)")
        if lat:
            print(f"move to the other screen: median {1000 * statistics.median(lat):.0f} ms, p95 {1000 * p95:.0f} ms ({len(lat)} moves)")
        if figs.logins:
            lg = sorted(figs.logins)
            print(
                f"login to the lobby's first frame: median {1000 * statistics.median(lg):.0f} ms, "
                f"max {1000 * lg[-1]:.0f} ms (the same app on a local PTY, alone: {1000 * local:.0f} ms; "
                f"ratio {statistics.median(lg) / local:.2f})"
            )
        if peak[0]:
            print(
                f"memory: TUI process {peak[1] / peak[0] / 1024:.1f} MiB each ({peak[0]} running), "
                f"server {peak[2] / 1024:.1f} MiB in all ({peak[2] / peak[0] / 1024:.2f} MiB per connection)"
            )
        print(f"errors: {len(figs.errors)}" + "".join(f"\n  {e}" for e in figs.errors[:10]))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=50, help="concurrent SSH sessions (2–200, even)")
    ap.add_argument("--seconds", type=float, default=20.0, help="how long they play (at most 120)")
    args = ap.parse_args()
    if not 2 <= args.sessions <= 200 or not 1 <= args.seconds <= 120:
        ap.error("--sessions takes 2–200 and --seconds 1–120")
    os.environ.setdefault("PYTHONPATH", str(ROOT))
    asyncio.run(run(args.sessions, args.seconds))


if __name__ == "__main__":
    main()
