"""Two people on their own connections play one room; a dropped connection
and a restarted server lose nothing."""
from __future__ import annotations

from engine.session import GameSession
from tests.server.conftest import new_key, open_term
from tui.server.ssh import Front, Limits


def bind(server, *names):
    keys = []
    for name in names:
        key = new_key()
        server.store.bind(key.get_fingerprint("sha256"), name)
        keys.append(key)
    return keys


def first_legal(server, room_id: str) -> tuple[int, str]:
    """The seat to act in the room and a legal move for it, read from the save."""
    session = GameSession.open(server.store.room_path(room_id))
    seat = session.to_act()[0]
    view = session.view(seat)
    return seat, view.format_move(view.legal(seat)[0])


async def enter_room(term, room_id: str, turn: int | None = None) -> None:
    """Open the room from the lobby (its row is the first); with `turn`,
    wait until the screen says it is this person's turn at that move."""
    await term.wait_for(room_id)
    term.send("\r")
    await term.wait_for(f"{room_id} · move")
    if turn is not None:
        await term.wait_for(f"your turn · {room_id} · move {turn} ·")


async def test_two_connections_play_grid_square(server):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("grid-square", ["alice", "bob"], seed=7)
    terms = {0: await open_term(server.port, ka), 1: await open_term(server.port, kb)}
    for t in terms.values():
        await enter_room(t, room.id)
    for ply in range(1, 5):
        seat, move = first_legal(server, room.id)
        other = terms[1 - seat]
        bells = other.raw.count(b"\x07")
        await terms[seat].wait_for("your turn")
        await terms[seat].type_move(move)
        await other.wait_for(f"move {ply + 1} ·")  # the other screen follows through the save
        if first_legal(server, room.id)[0] != seat:
            await other.wait_for("your turn")
            assert other.raw.count(b"\x07") > bells  # the bell when it becomes your turn
    assert GameSession.open(server.store.room_path(room.id)).ply == 4
    for t in terms.values():
        await t.close()


async def test_a_spectator_joins_the_open_seat_or_watches(server):
    ka, kb, kc = bind(server, "alice", "bob", "carol")
    room = server.store.create_room("grid-square", ["alice", None], seed=7)
    bob = await open_term(server.port, kb)
    await bob.wait_for("Open rooms (Enter takes a free seat) (1)")
    bob.send("\r")
    await bob.wait_for("you: bob")
    assert server.store.room(room.id).seats == ["alice", "bob"]
    carol = await open_term(server.port, kc)
    await carol.wait_for("Other games (Enter watches) (1)")
    carol.send("w")
    await carol.wait_for("watching")
    await bob.close()
    await carol.close()


async def test_reconnect_and_restart_lose_nothing(server, tmp_path):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("grid-square", ["alice", "bob"], seed=11)
    seat, move = first_legal(server, room.id)
    mover = ka if seat == 0 else kb
    term = await open_term(server.port, mover)
    await enter_room(term, room.id)
    await term.type_move(move)
    await term.wait_for("waiting for")
    await term.close()  # dropped mid-game
    await server.close()  # and the server is stopped
    again = Front(server.store.root, Limits(idle_seconds=60))
    port = await again.start("127.0.0.1", 0)
    try:
        waiting = ka if seat == 1 else kb
        back = await open_term(port, waiting)
        await back.wait_for("▶ your turn")
        back.send("\r")
        await back.wait_for("move 2 ·")
        await back.wait_for("your turn")
        await back.close()
    finally:
        await again.close()


async def test_the_newer_connection_to_a_seat_wins(server):
    (ka,) = bind(server, "alice")
    room = server.store.create_room("grid-square", ["alice", "bot:random"], seed=5)
    old = await open_term(server.port, ka)
    await enter_room(old, room.id)
    new = await open_term(server.port, ka)
    await enter_room(new, room.id)
    await old.wait_for("plays there now")  # told, and back in the lobby
    assert "T-Square lobby" in old.text()
    await new.wait_for(f"your turn · {room.id}")
    for t in (old, new):
        await t.close()
