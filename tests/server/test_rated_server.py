"""Rated play end to end: rooms of bots made with `tsquare server new-room`
and played by the server's bot pool rate greedy above random; a person who
leaves a timed room has their seat played by a stand-in bot, and gets it
back when they return (loopback SSH)."""
from __future__ import annotations

import asyncio
import json

from tests.server.conftest import open_term
from tests.server.test_db_server import bind, first_legal, run_cli
from tests.server.test_server_play import enter_room
from tui.server.bots import BotRunner
from tui.server.db import rated
from tui.server.db.rated import RoomTerms
from tui.server.db.store import DbStore
from tui.server.ssh import Front, Limits


async def until(ok, what: str, timeout: float = 120.0) -> None:
    """Wait for a condition (looked at every 50 ms; the timeout only ends a hung test)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not ok():
        assert loop.time() < end, f"never: {what}"
        await asyncio.sleep(0.05)


async def test_four_rated_bot_rooms_put_greedy_above_random(tmp_path):
    data = tmp_path / "data"
    DbStore(data, "sqlite").make()
    made = []
    for i in range(4):
        seats = ["bot:greedy", "bot:random"] if i % 2 == 0 else ["bot:random", "bot:greedy"]
        done = run_cli("server", "new-room", "--data", str(data), "grid-square", "--seat", seats[0],
                       "--seat", seats[1], "--rated", "--seed", str(40 + i), cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        made.append(done.stdout.split(":")[0])
    assert made == ["r0001", "r0002", "r0003", "r0004"]
    store = DbStore(data, "sqlite")
    runner = BotRunner(store, workers=1)  # the server's bots: its pool and its job
    task = asyncio.create_task(runner.run())
    try:
        await until(lambda: all(store.status(r, None).over for r in store.rooms()), "every room over", 600)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    out = run_cli("server", "ratings", "--data", str(data), "--game", "grid-square", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    ratings = {r["player"]: r for r in json.loads(out.stdout)}
    assert ratings["bot:greedy"]["rating"] > ratings["bot:random"]["rating"]
    assert ratings["bot:greedy"]["games"] == ratings["bot:random"]["games"] == 4
    assert 0 < ratings["bot:greedy"]["rd"] < 350 and 0 < ratings["bot:random"]["rd"] < 350
    rooms = json.loads(run_cli("server", "rooms", "--data", str(data), "--json", cwd=tmp_path).stdout)
    assert [(r["id"], r["over"], r["rated"]) for r in rooms] == [(f"r000{i}", True, True) for i in range(1, 5)]
    bad = run_cli("server", "new-room", "--data", str(data), "grid-square", "--seat", "bot:nope", "--seat", "open",
                  cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "no bot level 'nope'" in bad.stderr
    assert "Traceback" not in bad.stderr


async def test_a_person_who_leaves_a_timed_room_gets_a_stand_in_and_their_seat_back(tmp_path):
    front = Front(tmp_path / "data", Limits(idle_seconds=60, login_seconds=20), db="sqlite", bot_workers=1)
    port = await front.start("127.0.0.1", 0)
    store = front.store
    try:
        (ka,) = bind(front, "alice")
        room = store.create_room("grid-square", ["alice", "bot:random"], {"sliding": False}, seed=9,
                                 terms=RoomTerms(move_seconds=2, policy="bot:random"))
        store.claim_seat(room.id, 0)  # she is there (her own claim replaces this one): her clock cannot
        alice = await open_term(port, ka)  # run out before she opens the room, however slow the login
        await alice.wait_for("s left")  # the lobby shows the room's clock
        await enter_room(alice, room.id, turn=1)
        alice.send("q")  # she leaves the room, mid-game, before her first move
        await alice.wait_for("T-Square lobby")
        await until(lambda: rated.stand_ins(store, room.id) == {0: "random"}, "a stand-in for alice")
        await until(lambda: store.open_game(room.id).ply >= 2, "the stand-in and the bot moved")
        seats = [s for s, _ in store.open_game(room.id).record.moves]
        assert seats[0] == 0  # alice's seat moved, played by the stand-in
        await enter_room(alice, room.id)  # she is back
        await until(lambda: rated.stand_ins(store, room.id) == {}, "alice's seat hers again")
        ply = store.open_game(room.id).ply
        await alice.wait_for(f"your turn · {room.id}")
        assert store.open_game(room.id).ply == ply  # nobody moved for her since she came back
        seat, move = first_legal(store, room.id)
        await alice.type_move(move)  # her screen read the game after her claim: her move is taken at once
        await until(lambda: store.open_game(room.id).record.moves[ply:ply + 1] == [(0, move)], "her move")
        await alice.close()
    finally:
        await front.close()
