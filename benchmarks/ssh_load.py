"""Load test of the SSH server (not a pytest test): N concurrent sessions on
loopback playing 2-player Grid Square rooms by keys (a: the move list,
Enter: its first move), for a fixed time: in pairs, and with `--bots LEVEL`
every other room one person against the server's bot of that level.

    python benchmarks/ssh_load.py [--sessions 50] [--seconds 40] [--think 1-3] [--stress] [--typed]
                                  [--bots search] [--bot-workers N]

The load model (the default): people log in over the first `--ramp` seconds
(not all in the same instant; the ramp is part of `--seconds`) and think between moves: once their screen
says it is their turn, each waits a time drawn uniformly from `--think`
seconds (1-3 by default), then presses `a` and Enter. `--stress` drops the
thinking (and the ramp): every session moves the moment it may, as fast as
the machine allows - a test of throughput, not of people. `--typed` plays
each move as a person typing it (`:`, the move in notation, Enter) instead
of through the move list.

Reports: moves served per second; the time from a move's Enter to the other
seat's screen showing it (median, p95); login to the lobby's first frame,
alone on an idle server (against the same lobby app started on a local PTY)
and under the load; memory per connection (RSS, PSS and USS of its TUI
process, plus its share of the server and of the preloaded zygote), against
the local TUI's own; CPU per move (the relay process, the TUI processes and
the bot workers apart); with bots, the time from a bot's turn showing on its
person's screen to its move showing there (it includes the bot's thinking:
0.9 s for `search`); errors (target 0). Bounded: at most 200
sessions and 120 seconds; the server runs as its own process
(`tsquare serve`) on a free port in a temporary folder, and is stopped at
the end.
"""
from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tui.server.db import open_store  # noqa: E402
from tui.server.sshlib import asyncssh  # noqa: E402  (quiet: see tui/server/sshlib.py)

CALIBRATION_SECONDS = 6.0
"""How long one pair plays alone (without thinking) before the load, as the latency reference."""
MOVE_NO = re.compile(r"· move (\d+) ·")


@dataclass
class Room:
    """One room's two players and when each move's key was sent."""

    id: str
    path: Path
    """The room's save."""
    bot: bool = False
    """One person against the server's bot (seat 2)."""
    sent: dict[int, tuple[float, int]] = field(default_factory=dict)
    """Move number -> when its Enter was sent, and by which player (0, 1)."""


@dataclass
class Figures:
    latencies: list[tuple[float, float]] = field(default_factory=list)
    """(when the move's Enter was sent, seconds until the other screen showed it)"""
    logins: list[float] = field(default_factory=list)
    bot_latencies: list[tuple[float, float]] = field(default_factory=list)
    """(when a bot's turn showed on its person's screen, seconds until its move showed)"""
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    settled: int = 0
    """Sessions that have opened their room, or given up trying."""
    all_settled: asyncio.Event = field(default_factory=asyncio.Event)
    sessions: int = 0

    def settle(self) -> None:
        """One more session is in its room (or failed to get there)."""
        self.settled += 1
        if self.settled >= self.sessions:
            self.all_settled.set()


def memory_kib(pid: int) -> dict[str, int]:
    """A process's memory in KiB: rss (resident), pss (resident, shared pages
    split among their sharers) and uss (its own pages only)."""
    out = {"rss": 0, "pss": 0, "uss": 0}
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return out
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key in ("Rss", "Pss"):
            out[key.lower()] = int(rest.split()[0])
        elif key in ("Private_Clean", "Private_Dirty"):
            out["uss"] += int(rest.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """The whole machine's (busy, total) CPU seconds so far, all cores."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(fields[:8]) - idle) / tick, sum(fields[:8]) / tick


PARTIES = ("relay", "tui", "bots", "client")
"""Who uses the CPU in a run: the relay (`tsquare serve`), the TUI processes
(and the zygote), the bot pool (forkserver, workers, their search
processes), and this load client (asyncssh and pyte for every session)."""


@dataclass
class Snapshot:
    """CPU seconds by party and the moves in the rooms' saves, at one moment."""

    at: float
    cpu: dict[str, float]
    plies: int
    busy: tuple[float, float]


def plies_now(store, room_ids: list[str]) -> int:
    """The moves in the rooms now, from the server's store (files or database)."""
    return sum(store.open_game(room_id).ply for room_id in room_ids)


def snapshot(server_pid: int, used: dict[int, float], plies: Callable[[], int]) -> Snapshot:
    """CPU by party since each process started (`used` keeps the most seen of
    a process that has ended meanwhile) and the moves so far."""
    for pid in [server_pid, *(k for k, _ in descendants(server_pid))]:
        used[pid] = max(used.get(pid, 0.0), cpu_seconds(pid))
    cpu = dict.fromkeys(PARTIES, 0.0)
    for pid, v in used.items():
        cpu["relay" if pid == server_pid else "bots" if kind(pid) == "bots" else "tui"] += v
    me = resource.getrusage(resource.RUSAGE_SELF)
    cpu["client"] = me.ru_utime + me.ru_stime
    return Snapshot(time.monotonic(), cpu, plies(), machine_busy())


def cpu_line(what: str, a: Snapshot, b: Snapshot) -> str:
    """CPU by party between two snapshots: per move and in cores."""
    moves, secs = max(b.plies - a.plies, 1), max(b.at - a.at, 1e-9)
    parts = ", ".join(
        f"{name} {1000 * (b.cpu[name] - a.cpu[name]) / moves:.0f} ms ({(b.cpu[name] - a.cpu[name]) / secs:.2f} cores)"
        for name in PARTIES
    )
    busy = (b.busy[0] - a.busy[0]) / max(b.busy[1] - a.busy[1], 1e-9)
    return f"  {what} ({b.plies - a.plies} moves in {secs:.0f} s, machine {100 * busy:.0f}% busy): {parts}"


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    v = sorted(values)
    return v[max(0, math.ceil(0.95 * len(v)) - 1)]


def descendants(pid: int) -> list[tuple[int, int]]:
    """Every process below `pid` (children, their children, ...), each with its parent."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += [(c, p) for c in kids]
        todo += kids
    return out


kinds: dict[int, str] = {}
"""pid -> 'zygote', 'tui' or 'bots' (the bots' pool), as first seen."""


def kind(pid: int) -> str:
    """What a process of the server's family is, from its command line."""
    if pid not in kinds:
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return "tui"
        kinds[pid] = "zygote" if b"tui.server.zygote" in cmd else "bots" if b"multiprocessing" in cmd else "tui"
    return kinds[pid]


def first_legal(room: "Room", seat: int) -> str:
    """The first legal move of `seat` in the room's game, in notation."""
    view = STORE[0].open_game(room.id).view(seat)
    return view.format_move(view.legal(seat)[0])


STORE: list = []
"""The run's store (the database or the folder's files, as the server's)."""


def start_server(data: Path, *extra: str) -> tuple[subprocess.Popen, int]:
    """`tsquare serve` on a free loopback port for the data folder `data`
    (its own process, in a session of its own: where the kernel groups
    processes by session for the CPU, the relay must not share its group
    with this load client, which a real server's never does), and the port
    it took; SystemExit if it did not start."""
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--data", str(data), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
        start_new_session=True,  # its own scheduling group (autogroup), as a server's would be: not this client's
    )
    seen: list[str] = []
    for line in server.stdout if server.stdout else ():  # its own line names the port; other lines are passed on
        found = re.match(r"tsquare: serving on .*:(\d+);", line)
        if found:
            return server, int(found.group(1))
        seen.append(line.rstrip())
        print(f"server: {line.rstrip()}", file=sys.stderr)
        if len(seen) >= 50:
            break
    server.terminate()
    raise SystemExit(f"the server did not start: {seen[-1] if seen else 'it printed nothing'}")


async def read_until(proc, stream: pyte.ByteStream, screen: pyte.Screen, done: Callable[[], bool],
                     timeout: float, what: str) -> None:
    """Feed the session's output to `screen` until `done()` (each read at
    most `timeout` seconds); RuntimeError if the server closes it first."""
    while not done():
        data = await asyncio.wait_for(proc.stdout.read(65536), timeout)
        if not data:
            raise RuntimeError(f"the server closed {what}")
        stream.feed(data)


async def open_session(port: int, key):
    """An SSH connection with `key` and its 80x24 terminal session."""
    conn = await asyncssh.connect(
        "127.0.0.1", port, username="load", client_keys=[key], known_hosts=None, agent_path=None, config=[]
    )
    try:
        return conn, await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    except BaseException:
        conn.close()
        raise


async def player(
    port: int, key, me: int, room: Room, deadline: float, figs: Figures, think: tuple[float, float], delay: float,
    typed: bool = False,
) -> None:
    """One session: log in, open the room, move when it is our turn (after
    thinking), and note when the other's moves reach our screen."""
    await asyncio.sleep(delay)
    rng = random.Random(f"{room.id}-{me}")
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    start = time.monotonic()
    conn, proc = await open_session(port, key)
    try:
        seen = 0
        seen_at = 0.0
        """When the screen first showed move `seen`."""
        logged_in = False
        changed = asyncio.Event()

        async def read() -> None:
            nonlocal seen, seen_at, logged_in
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
                        now = time.monotonic()
                        for k in range(max(seen, 1), n):
                            if k in room.sent and room.sent[k][1] != me:  # the other's move reached us
                                at = room.sent.pop(k)[0]
                                figs.latencies.append((at, now - at))
                            elif room.bot and k == seen and k not in room.sent:  # the bot's, from its turn on our screen
                                figs.bot_latencies.append((seen_at, now - seen_at))
                        seen, seen_at = n, now
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
            figs.settle()
            return
        proc.stdin.write(b"\r")
        if not await until(lambda: MOVE_NO.search(screen.display[0]) is not None, 15):
            figs.errors.append("room did not open")
            figs.settle()
            return
        figs.settle()
        while time.monotonic() < deadline:
            top = screen.display[0]
            if "game over" in top:
                break
            if "your turn" not in top:
                await until(lambda: "your turn" in screen.display[0] or "game over" in screen.display[0], 30)
                continue
            m = MOVE_NO.search(top)
            if m is None:  # the top line caught half redrawn: wait for the rest
                await until(lambda: MOVE_NO.search(screen.display[0]) is not None, 10)
                continue
            n = int(m.group(1))
            if think[1] > 0:
                await asyncio.sleep(rng.uniform(*think))
                if time.monotonic() >= deadline:
                    break
            if typed:  # the move box (:), the first legal move in notation, Enter
                proc.stdin.write(b":")
                opened = await until(lambda: any("move in notation" in line for line in screen.display), 10)
                keys = first_legal(room, me).encode() + b"\r"
            else:  # the move list (a), Enter on its first move
                proc.stdin.write(b"a")
                opened = await until(lambda: any("legal move" in line for line in screen.display), 10)
                keys = b"\r"
            if not opened:
                if time.monotonic() < deadline:
                    figs.errors.append("the move list or box did not open")
                return
            room.sent[n] = (time.monotonic(), me)
            proc.stdin.write(keys)
            figs.moves += 1
            await until(lambda: f"· move {n} ·" not in screen.display[0], 10)
        reader.cancel()
    finally:
        conn.close()


async def solo_login(port: int, key) -> float:
    """Seconds from connecting alone to the lobby's first frame."""
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    start = time.monotonic()
    conn, proc = await open_session(port, key)
    try:
        await read_until(proc, stream, screen, lambda: "T-Square lobby" in screen.display[0], 30, "the solo login")
        return time.monotonic() - start
    finally:
        conn.close()
        await conn.wait_closed()


async def local_first_frame(data: Path) -> tuple[float, dict[str, int]]:
    """Seconds from starting the lobby app on a local PTY (no SSH, a fresh
    interpreter) to its first frame, and its memory a second later."""
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
        env={**os.environ, "TERM": "xterm-256color", **(STORE[0].env() if STORE else {})},
    )
    os.close(slave)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    loop = asyncio.get_running_loop()

    async def feed(limit: float) -> None:
        ready = loop.create_future()
        loop.add_reader(master, lambda: ready.done() or ready.set_result(None))
        try:
            await asyncio.wait_for(ready, limit)
        except asyncio.TimeoutError:
            return
        finally:
            loop.remove_reader(master)
        stream.feed(os.read(master, 65536))

    try:
        while "T-Square lobby" not in screen.display[0] and time.monotonic() - start < 30:
            await feed(30)
        took = time.monotonic() - start
        settle = time.monotonic() + 1.0
        while time.monotonic() < settle:
            await feed(settle - time.monotonic())
        return took, memory_kib(child.pid)
    finally:
        child.kill()
        await child.wait()
        os.close(master)


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


async def run(sessions: int, seconds: float, think: tuple[float, float], ramp: float, typed: bool,
              bots: str | None = None, bot_workers: int | None = None, db: str = "sqlite") -> None:
    data = Path(tempfile.mkdtemp(prefix="tsq-load-"))
    store = open_store(data, db)
    store.make()
    STORE[:] = [store]
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions + 3)]
    rooms: list[tuple[Room, list]] = []
    i = 0
    while sessions - i >= 2 or (bots and sessions - i >= 1):
        solo = bots is not None and len(rooms) % 2 == 1  # every other room: one person against a bot
        people = [f"p{k:03d}" for k in range(i, i + (1 if solo else 2))]
        for k, name in enumerate(people):
            store.bind(keys[i + k].get_fingerprint("sha256"), name)
        r = store.create_room("grid-square", [people[0], f"bot:{bots}"] if solo else people, seed=i)
        rooms.append((Room(r.id, store.room_path(r.id), bot=solo), keys[i:i + len(people)]))
        i += len(people)
    store.bind(keys[-1].get_fingerprint("sha256"), "solo")
    store.bind(keys[-2].get_fingerprint("sha256"), "calib0")
    store.bind(keys[-3].get_fingerprint("sha256"), "calib1")
    calib = store.create_room("grid-square", ["calib0", "calib1"], seed=999)
    locals_ = sorted([await local_first_frame(data) for _ in range(3)], key=lambda t: t[0])
    local, local_mem = locals_[1]
    server, port = start_server(data, "--db", db, *(["--bot-workers", str(bot_workers)] if bot_workers else []))
    try:
        solo = sorted([await solo_login(port, keys[-1]) for _ in range(3)])[1]
        alone = Figures()  # the reference: one pair alone on the server, just before the load
        end = time.monotonic() + CALIBRATION_SECONDS
        pair = Room(calib.id, store.room_path(calib.id))
        await asyncio.gather(*[
            player(port, key, me, pair, end, alone, (0.0, 0.0), 0.0, typed)
            for me, key in enumerate([keys[-2], keys[-3]])
        ])
        figs = Figures()
        figs.sessions = sum(len(pair) for _, pair in rooms)
        used: dict[int, float] = {}
        """CPU seconds per process of the server's family, at the last look."""
        for pid in [server.pid, *(k for k, _ in descendants(server.pid))]:
            kind(pid)
            used[pid] = cpu_seconds(pid)
        start_used = dict(used)
        busy0 = machine_busy()
        me0 = resource.getrusage(resource.RUSAGE_SELF)
        t0 = time.monotonic()
        deadline = t0 + seconds
        order = [(room, me, key) for room, pair in rooms for me, key in enumerate(pair)]
        tasks = [
            asyncio.create_task(player(port, key, me, room, deadline, figs, think, ramp * i / len(order), typed))
            for i, (room, me, key) in enumerate(order)
        ]
        peak: dict[str, float] = {"n": 0}

        async def sample() -> None:
            while True:
                family = descendants(server.pid)
                kids = [k for k, _ in family]
                # the zygote and the TUI processes forked from it (or, without
                # a zygote, the server's own), and the bots' pool (forkserver,
                # its workers, their search processes)
                zyg = [k for k in kids if kind(k) == "zygote"]
                tuis = [k for k in kids if kind(k) == "tui"]
                if tuis and len(tuis) >= peak["n"]:
                    mems = [memory_kib(k) for k in tuis]
                    peak.update(
                        n=len(tuis),
                        **{f"tui_{m}": sum(x[m] for x in mems) / len(mems) for m in ("rss", "pss", "uss")},
                        **{f"server_{m}": memory_kib(server.pid)[m] for m in ("rss", "pss")},
                        **{f"zygote_{m}": sum(memory_kib(z)[m] for z in zyg) for m in ("rss", "pss")},
                    )
                for pid in [server.pid, *kids]:
                    used[pid] = max(used.get(pid, 0.0), cpu_seconds(pid))
                await asyncio.sleep(1.0)

        sampler = asyncio.create_task(sample())
        ids = [room.id for room, _ in rooms]

        def plies() -> int:
            return plies_now(store, ids)

        snaps = [snapshot(server.pid, used, plies)]

        async def steady_mark() -> None:  # logins cost more than moves: the steady part starts after the last
            await asyncio.sleep(ramp + 3)
            await figs.all_settled.wait()
            steady_at.append(time.monotonic() - t0)
            snaps.append(snapshot(server.pid, used, plies))

        steady_at: list[float] = []
        marker = asyncio.create_task(steady_mark()) if ramp + 3 < seconds else None
        done = await asyncio.gather(*[asyncio.wait_for(t, seconds + ramp + 60) for t in tasks], return_exceptions=True)
        sampler.cancel()
        if marker is not None:
            marker.cancel()
        snaps.append(snapshot(server.pid, used, plies))
        elapsed = time.monotonic() - t0
        for pid in [server.pid, *(k for k, _ in descendants(server.pid))]:
            used[pid] = max(used.get(pid, 0.0), cpu_seconds(pid))
        busy1 = machine_busy()
        server_cpu = used[server.pid] - start_used.get(server.pid, 0.0)
        bot_cpu = sum(v - start_used.get(pid, 0.0) for pid, v in used.items() if kinds.get(pid) == "bots")
        tui_cpu = sum(v - start_used.get(pid, 0.0) for pid, v in used.items() if pid != server.pid) - bot_cpu
        me1 = resource.getrusage(resource.RUSAGE_SELF)
        figs.errors += [f"{type(e).__name__}: {e}" for e in done if isinstance(e, BaseException)]

        plies = sum(store.open_game(room.id).ply for room, _ in rooms)
        model = "stress: no thinking" if think[1] == 0 else f"thinking {think[0]:g}-{think[1]:g} s per move, logins over {ramp:g} s"
        model += "; moves typed after :" if typed else "; moves by a and Enter"
        n_bot = sum(room.bot for room, _ in rooms)
        print(
            f"sessions {sum(len(k) for _, k in rooms)} in {len(rooms)} Grid Square rooms"
            + (f" ({n_bot} of them one person against a {bots} bot)" if n_bot else "")
            + f", {elapsed:.1f} s ({model})"
        )
        bot_plies = sum(1 for room, _ in rooms if room.bot for s, _ in store.open_game(room.id).record.moves if s == 1)
        print(f"moves served: {plies} ({plies / elapsed:.1f}/s), {bot_plies} of them by bots")
        lat = [d for _, d in figs.latencies]
        steady = [d for at, d in figs.latencies if at >= t0 + ramp + 3]
        if lat:
            print(f"move to the other screen: median {1000 * statistics.median(lat):.0f} ms, p95 {1000 * p95(lat):.0f} ms ({len(lat)} moves)")
        ref = [d for _, d in alone.latencies]
        blat = [d for _, d in figs.bot_latencies]
        if blat:
            print(
                f"bot's turn to its move on the person's screen: median {1000 * statistics.median(blat):.0f} ms, "
                f"p95 {1000 * p95(blat):.0f} ms, max {1000 * max(blat):.0f} ms ({len(blat)} moves)"
            )
        if ref:
            print(
                f"  the reference, one pair alone on the server just before: median {1000 * statistics.median(ref):.0f} ms, "
                f"p95 {1000 * p95(ref):.0f} ms ({len(ref)} moves); p95 ratio {p95(lat) / p95(ref):.1f}" if lat else ""
            )
        if steady and ramp:
            print(
                f"  once everyone is in (moves from {ramp + 3:g} s on): median {1000 * statistics.median(steady):.0f} ms, "
                f"p95 {1000 * p95(steady):.0f} ms ({len(steady)} moves)"
            )
        print(
            f"login to the lobby's first frame, alone: {1000 * solo:.0f} ms; the same app on a local PTY, "
            f"alone: {1000 * local:.0f} ms; ratio {solo / local:.2f}"
        )
        if figs.logins:
            lg = sorted(figs.logins)
            print(f"login under the load: median {1000 * statistics.median(lg):.0f} ms, max {1000 * lg[-1]:.0f} ms")
        if peak["n"]:
            n = peak["n"]
            shares = (peak["server_pss"] + peak["zygote_pss"]) / n
            print(
                f"memory per connection ({n} TUI processes): RSS {mib(peak['tui_rss'])}, PSS {mib(peak['tui_pss'])}, "
                f"USS {mib(peak['tui_uss'])}; with its share of the server ({mib(peak['server_pss'])}) and the "
                f"zygote ({mib(peak['zygote_pss'])}): PSS {mib(peak['tui_pss'] + shares)}"
            )
            print(f"the local TUI alone: RSS {mib(local_mem['rss'])}, PSS {mib(local_mem['pss'])}, USS {mib(local_mem['uss'])}")
        moves = max(plies, 1)
        client = (me1.ru_utime + me1.ru_stime) - (me0.ru_utime + me0.ru_stime)
        busy, total = busy1[0] - busy0[0], busy1[1] - busy0[1]
        print(
            f"CPU per move: server (the relay process) {1000 * server_cpu / moves:.0f} ms, TUI processes "
            f"{1000 * tui_cpu / moves:.0f} ms (in all {server_cpu + tui_cpu:.1f} s, {(server_cpu + tui_cpu) / elapsed:.2f} cores); "
            f"this load client (pyte, SSH) {client:.1f} s ({client / elapsed:.2f} cores)"
        )
        print("CPU by party, per move served and in cores (this machine's cores are shared by all four):")
        print(cpu_line("whole run, logins included", snaps[0], snaps[-1]))
        if len(snaps) == 3:
            print(cpu_line(f"once everyone is in their room (from {steady_at[0]:.0f} s)", snaps[1], snaps[2]))
            a, b, c = snaps
            steady_tui = (c.cpu["tui"] - b.cpu["tui"]) / max(c.plies - b.plies, 1)
            logins = b.cpu["tui"] - a.cpu["tui"] - steady_tui * (b.plies - a.plies)
            print(
                f"  a login and its room's opening: about {1000 * logins / max(figs.sessions, 1):.0f} ms of TUI CPU "
                f"a session (the TUI CPU until everyone was in, less its moves at the steady rate), "
                f"{logins / max(steady_tui, 1e-9) / max(figs.sessions, 1):.1f} moves' worth"
            )
        if bot_plies:
            print(f"bot workers: {bot_cpu:.1f} s of CPU ({bot_cpu / elapsed:.2f} cores), {1000 * bot_cpu / bot_plies:.0f} ms a bot move")
        print(
            f"the machine ({os.cpu_count()} cores) was busy {100 * busy / max(total, 1e-9):.0f}% of the time, "
            f"{100 * (server_cpu + tui_cpu + bot_cpu + client) / max(busy, 1e-9):.0f}% of that for this test; "
            f"load average at the end {os.getloadavg()[0]:.1f}"
        )
        print(f"errors: {len(figs.errors)}" + "".join(f"\n  {e}" for e in figs.errors[:10]))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def think_range(text: str) -> tuple[float, float]:
    lo, _, hi = text.partition("-")
    a, b = float(lo), float(hi or lo)
    if not 0 <= a <= b <= 30:
        raise ValueError(text)
    return a, b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=50, help="concurrent SSH sessions (2–200, even)")
    ap.add_argument("--seconds", type=float, default=40.0, help="how long they play (at most 120)")
    ap.add_argument("--think", type=think_range, default=(1.0, 3.0), help="seconds each person thinks before a move, LO-HI")
    ap.add_argument("--ramp", type=float, default=15.0, help="logins spread over this many seconds")
    ap.add_argument("--typed", action="store_true", help="type each move in notation (:) instead of a and Enter")
    ap.add_argument("--stress", action="store_true", help="no thinking and no ramp: move as fast as possible")
    ap.add_argument("--bots", default=None, metavar="LEVEL", help="every other room: one person against a bot of LEVEL (e.g. search)")
    ap.add_argument("--bot-workers", type=int, default=None, help="the server's --bot-workers (default: its own)")
    ap.add_argument("--db", default="sqlite", help="the server's --db (sqlite, postgresql://..., or files)")
    args = ap.parse_args()
    if not 2 <= args.sessions <= 200 or not 1 <= args.seconds <= 120 or not 0 <= args.ramp <= 30:
        ap.error("--sessions takes 2–200, --seconds 1–120 and --ramp 0–30")
    think, ramp = ((0.0, 0.0), 0.0) if args.stress else (args.think, args.ramp)
    os.environ.setdefault("PYTHONPATH", str(ROOT))
    asyncio.run(run(args.sessions, args.seconds, think, ramp, args.typed, args.bots, args.bot_workers, args.db))


if __name__ == "__main__":
    main()
