"""Over SSH on loopback: a person's sealed pick is accepted while the room's
`deep` bot thinks (in the server's pool, holding no lock), and the bot's
pick lands afterwards, pushed to the person's screen."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path

from engine.session import GameSession
from tests.server.bot_jobs import think_then_hold
from tests.server.conftest import new_key, open_term
from tests.server.test_server_play import enter_room

WAIT = 60.0


async def until(ok, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not ok():
        assert time.monotonic() < deadline, f"never {what}"
        await asyncio.sleep(0.05)


async def test_a_person_picks_while_a_deep_bot_thinks(server):
    server.bots.job = think_then_hold  # deep thinks for real, then waits for the test before its commit
    key = new_key()
    server.store.bind(key.get_fingerprint("sha256"), "alice")
    room = server.store.create_room("square-masons", ["alice", "bot:deep", "bot:deep"], seed=5)
    path = server.store.room_path(room.id)
    hold, thinking = Path(f"{path}.hold"), Path(f"{path}.thinking")
    hold.touch()
    alice = await open_term(server.port, key)
    try:
        await enter_room(alice, room.id, turn=1)
        await alice.type_move("cw")
        await until(lambda: thinking.exists(), "a bot thinking")  # it has chosen, and holds on before its commit
        assert room.id in server.bots.busy
        session = GameSession.open(path)
        pick = session.view(0).format_move(session.view(0).legal(0)[0])
        await alice.type_move(pick)
        await until(lambda: (0, pick) in GameSession.open(path).record.moves, "alice's pick saved")
        assert "could not be saved" not in alice.text() and "another tsquare" not in alice.text()
        hold.unlink()
        await until(lambda: GameSession.open(path).ply >= 4, "both bots' picks saved")
        assert [s for s, _ in GameSession.open(path).record.moves[:4]] == [0, 0, 1, 2]
        await alice.wait_for("move 5 ·", timeout=WAIT)  # pushed to her screen
        assert not server.bots.errors
    finally:
        hold.unlink(missing_ok=True)
        await alice.close()
