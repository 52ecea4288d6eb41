"""Memory and CPU of a web-door session beside an SSH session's (not a
pytest test): `tsquare serve --web-port` on loopback, N Grid Square rooms,
each with one person over SSH and one in a "browser" (aiohttp's websocket
client speaking textual-serve's page protocol, signed in by `ssh link`),
both moving by the move list (a, Enter) after a think time.

    python benchmarks/web_load.py [--rooms 5] [--seconds 30] [--think 1-2] [--doors both|ssh|web]

Reports, per door: each session's TUI process (RSS, PSS, USS: the code
shared with the preloaded zygote counts once in PSS), its CPU per second
and per move, and the relay's (the `tsquare serve` process, which carries
both doors' bytes) per second; the moves played; errors (target 0).
Bounded: at most 20 rooms and 120 seconds; the server is its own process on
free loopback ports in a temporary folder, stopped at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ssh_load import cpu_seconds, descendants, kind, memory_kib, open_session, start_server, think_range  # noqa: E402

from tui.server.db import open_store  # noqa: E402
from tui.server.sshlib import asyncssh  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def door_of(pid: int) -> str:
    """'web' or 'ssh': the door a session's TUI process serves (an SSH
    session's has its PTY as controlling terminal; a web one's has none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return "gone"
    return "ssh" if int(fields[4]) else "web"


class Screen:
    """An 80x24 screen fed by one session's bytes; counts the moves it played."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.moves = 0

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self.changed.set()

    def top(self) -> str:
        return self.screen.display[0]


async def play(screen: Screen, send, room_id: str, deadline: float, think: tuple[float, float], rng) -> None:
    """Open the room from the lobby, then move by the move list whenever it is our turn."""
    while "T-Square lobby" not in screen.top():
        await asyncio.wait_for(screen.changed.wait(), 30)
        screen.changed.clear()
    await send(b"\r")
    last = ""
    while time.monotonic() < deadline:
        top = screen.top()
        if "your turn" in top and top != last:
            last = top
            await asyncio.sleep(rng.uniform(*think))
            await send(b"a")
            await asyncio.sleep(0.3)
            await send(b"\r")
            screen.moves += 1
        screen.changed.clear()
        try:
            await asyncio.wait_for(screen.changed.wait(), 1.0)
        except asyncio.TimeoutError:
            pass


async def ssh_person(port: int, key, room_id: str, deadline: float, think, rng) -> Screen:
    conn, proc = await open_session(port, key)
    screen = Screen()

    async def read() -> None:
        while data := await proc.stdout.read(65536):
            screen.feed(data)

    async def send(data: bytes) -> None:
        proc.stdin.write(data)

    reader = asyncio.create_task(read())
    try:
        await play(screen, send, room_id, deadline, think, rng)
    finally:
        reader.cancel()
        conn.close()
    return screen


async def web_person(port: int, web_url: str, key, room_id: str, deadline: float, think, rng) -> Screen:
    async with await asyncssh.connect("127.0.0.1", port, username="load", client_keys=[key], known_hosts=None,
                                      agent_path=None, config=[]) as conn:
        link = (await conn.run("link", check=True)).stdout.splitlines()[-1]
    screen = Screen()
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await http.post(link, headers={"Origin": web_url})
        ws = await http.ws_connect(web_url + "/ws?width=80&height=24", headers={"Origin": web_url})

        async def read() -> None:
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.BINARY:
                    screen.feed(msg.data)

        async def send(data: bytes) -> None:
            await ws.send_str(json.dumps(["stdin", data.decode()]))

        reader = asyncio.create_task(read())
        try:
            await play(screen, send, room_id, deadline, think, rng)
        finally:
            reader.cancel()
            await ws.close()
    return screen


async def run(rooms: int, seconds: float, think: tuple[float, float], doors_used: str = "both") -> None:
    data = Path(tempfile.mkdtemp(prefix="tsq-webload-"))
    store = open_store(data, "sqlite")
    store.make()
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2 * rooms)]
    made = []
    for r in range(rooms):
        names = [f"s{r:02d}", f"w{r:02d}"]  # seat 1 over SSH, seat 2 in a browser
        for k, name in enumerate(names):
            store.bind(keys[2 * r + k].get_fingerprint("sha256"), name)
        made.append(store.create_room("grid-square", names, seed=r).id)
    web_port = free_port()
    server, port = start_server(data, "--web-port", str(web_port))
    web_url = f"http://127.0.0.1:{web_port}"
    errors: list[str] = []
    try:
        deadline = time.monotonic() + seconds
        rng = random.Random(1)
        people = []
        for r, room_id in enumerate(made):
            for seat in (0, 1):
                door = doors_used if doors_used != "both" else ("ssh", "web")[seat]
                person = random.Random(rng.random())
                key = keys[2 * r + seat]
                people.append(ssh_person(port, key, room_id, deadline, think, person) if door == "ssh"
                              else web_person(port, web_url, key, room_id, deadline, think, person))
        tasks = [asyncio.create_task(p) for p in people]
        await asyncio.sleep(min(10.0, seconds / 3))  # everyone in their room
        family = descendants(server.pid)
        zygotes = {k for k, parent in family if parent == server.pid and kind(k) == "zygote"}
        kids = [k for k, parent in family if parent in zygotes]  # the sessions' TUI processes
        doors = {k: door_of(k) for k in kids}
        cpu0 = {k: cpu_seconds(k) for k in kids}
        relay0, t0 = cpu_seconds(server.pid), time.monotonic()
        mem: dict[int, dict[str, int]] = {}
        while time.monotonic() < deadline - 1:
            for k in kids:
                now = memory_kib(k)
                if now["rss"] and now["pss"] >= mem.get(k, {}).get("pss", 0):
                    mem[k] = now
            await asyncio.sleep(1.0)
        cpu1 = {k: cpu_seconds(k) for k in kids}
        relay1, t1 = cpu_seconds(server.pid), time.monotonic()
        done = await asyncio.gather(*tasks, return_exceptions=True)
        errors = [repr(d) for d in done if isinstance(d, BaseException)]
        by_door = [doors_used if doors_used != "both" else ("ssh", "web")[i % 2] for i in range(len(done))]
        moves = {d: sum(s.moves for s, sd in zip(done, by_door) if sd == d and isinstance(s, Screen))
                 for d in ("ssh", "web")}
    finally:
        server.terminate()
        server.wait(30)
    span = t1 - t0
    who = "one SSH and one web person each" if doors_used == "both" else f"both people over {doors_used}"
    print(f"web_load: {rooms} rooms ({who}), {seconds:.0f} s, think {think[0]}-{think[1]} s")
    for door in ("ssh", "web"):
        ids = [k for k, d in doors.items() if d == door and k in mem]
        if not ids:
            print(f"  {door}: no sessions measured")
            continue
        avg = {m: statistics.mean(mem[k][m] for k in ids) / 1024 for m in ("rss", "pss", "uss")}
        cpu = statistics.mean(cpu1[k] - cpu0[k] for k in ids)
        per_move = 1000 * sum(cpu1[k] - cpu0[k] for k in ids) / max(moves[door], 1)
        print(f"  {door}: {len(ids)} sessions; memory per session RSS {avg['rss']:.1f} MiB, PSS {avg['pss']:.1f} MiB, "
              f"USS {avg['uss']:.1f} MiB; CPU {1000 * cpu / span:.1f} ms a second, {per_move:.0f} ms per own move "
              f"({moves[door]} moves)")
    print(f"  relay (both doors, one process): {1000 * (relay1 - relay0) / span:.1f} ms CPU a second "
          f"for {len(kids)} sessions")
    print(f"  errors: {len(errors)}" + (f" ({errors[0]})" if errors else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=5, help="rooms, each one SSH and one web person (1-20)")
    ap.add_argument("--seconds", type=float, default=30.0, help="how long they play (10-120)")
    ap.add_argument("--think", type=think_range, default=(1.0, 2.0), help="seconds before each move, LO-HI")
    ap.add_argument("--doors", choices=("both", "ssh", "web"), default="both",
                    help="both: one person of each door a room; ssh or web: everyone by that door (the relay's share)")
    args = ap.parse_args()
    if not 1 <= args.rooms <= 20 or not 10 <= args.seconds <= 120:
        raise SystemExit("web_load: --rooms takes 1-20 and --seconds 10-120")
    asyncio.run(run(args.rooms, args.seconds, args.think, args.doors))


if __name__ == "__main__":
    main()
