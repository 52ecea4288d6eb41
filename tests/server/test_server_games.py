"""Whole games between two SSH connections, from the lobby to the result,
each player reading only their own screen."""
from __future__ import annotations

import asyncio

from engine.session import GameSession
from tests.server.conftest import open_term
from tests.server.test_server_play import bind

GRID_SQUARE_SHORT = (
    "La1h La2h Sa1v Ld1h Sb1v @a1 Ld2h Sc1v @b1 Mg1h Sd1v @c1 "
    "Mg2h Se1v @d1 Sa5h Sf1v @e1 Sa6h Sg1v @f1"
).split()
"""A short Grid Square without slides: with bob's help, alice encloses six
cells of the bottom row one a turn, and her sixth monument ends the game."""


def to_act(server, room_id: str) -> int:
    """The seat to act in the room, read from its save."""
    return GameSession.open(server.store.room_path(room_id)).to_act()[0]


async def test_a_whole_grid_square_game_between_two_connections(server):
    ka, kb = bind(server, "alice", "bob")
    alice = await open_term(server.port, ka)
    bob = await open_term(server.port, kb)

    alice.send("c")  # a new room, by keys: Grid Square, seat 2 open, no slides
    await alice.wait_for("New room: which game?")
    alice.send("\r")
    await alice.wait_for("New room: Grid Square")
    await alice.choose("Seat 2", "Human")
    await alice.choose("Option sliding", "no")
    alice.send("\r")
    await alice.wait_for("· move 1")
    (room,) = server.store.rooms()
    assert room.seats == ["alice", None]
    await alice.wait_for("open seat 2")

    await bob.wait_for(f"{room.id}  Grid Square")
    bob.send("\r")  # the open room is highlighted: Enter takes its free seat
    await bob.wait_for("you: bob")
    await alice.wait_for("bob", timeout=6)  # the seat taken shows without waiting for a move
    assert "open seat 2" not in alice.text()

    terms = (alice, bob)
    for ply, move in enumerate(GRID_SQUARE_SHORT):
        seat = to_act(server, room.id)
        await terms[seat].wait_for(f"your turn · {room.id} · move {ply + 1} ·")
        await terms[seat].type_move(move)
        await terms[1 - seat].wait_for(f"move {ply + 2} ·")  # the other screen follows
    for t in terms:
        await t.wait_for("Game over — alice wins!")
        await t.wait_for("area f1 1")  # the result table: where alice's points came from
    session = GameSession.open(server.store.room_path(room.id))
    assert session.is_over() and [m for _, m in session.record.moves] == GRID_SQUARE_SHORT
    for t in terms:
        await t.close()


def squire_step(session: GameSession, seat: int) -> str:
    """A move for `seat` that keeps a Squire game short: sell when it may,
    end an optional step, else the last legal move (read from its own view)."""
    view = session.view(seat)
    moves = [view.format_move(m) for m in view.legal(seat)]
    return next((w for w in ("sell", "done") if w in moves), moves[-1])


def play_until_the_last_round(path, supply_left: int) -> GameSession:
    """Random moves for every seat until `supply_left` tiles remain (one
    save at the end): a long game brought to its last round."""
    from engine.saves import save

    with GameSession.editing(path) as session:  # the server's bot runner waits meanwhile
        while len(session.state.supply) > supply_left:
            seat = session.to_act()[0]
            session.record.play_move(seat, session.bot_move(seat, "random"))
        save(session.record, path, clean=True)
    return GameSession.open(path)


async def test_a_squire_game_ends_between_two_connections_and_a_bot(server):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("squire", ["alice", "bob", "bot:random"], {"abilities": False}, seed=3)
    path = server.store.room_path(room.id)
    session = play_until_the_last_round(path, supply_left=3)  # each seat has about one turn left
    terms = (await open_term(server.port, ka), await open_term(server.port, kb))
    for t in terms:
        await t.wait_for(room.id)
        t.send("\r")
        await t.wait_for(f"{room.id} · move {session.ply + 1}")
    start = session.ply
    while not session.is_over():
        seat = session.to_act()[0]
        ply = session.ply
        if seat < 2:
            await terms[seat].wait_for(f"your turn · {room.id} · move {ply + 1} ·")
            await terms[seat].type_move(squire_step(session, seat))
            await terms[seat].wait_until(lambda t: f"move {ply + 1} ·" not in t, "moved on")
        else:
            await asyncio.sleep(0.05)  # the server's bot plays the third seat
        session = GameSession.open(path)
    moved = {seat for seat, _ in session.record.moves[start:]}  # read from the save: the bot may move between looks
    assert moved == {0, 1, 2}, f"every seat played its last turn: {moved}"
    for t in terms:
        await t.wait_for("Game over")
        await t.wait_for("the supply of rarities ran out")
    for t in terms:
        await t.close()
