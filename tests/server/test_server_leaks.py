"""Each seat sees only its own: what two Squire players' terminals actually
received never shows the other's hand."""
from __future__ import annotations

import asyncio
import re
import time

from engine.session import GameSession
from tests.server.conftest import open_term
from tests.server.test_server_play import bind, enter_room

CARD_FACE = re.compile(r"\bCard (\d+)\b")
"""How a correspondence card in a hand is titled on screen."""


def hands(server, room_id: str) -> tuple[GameSession, list[set[int]]]:
    session = GameSession.open(server.store.room_path(room_id))
    return session, [set(p.hand) for p in session.state.players]


def faces(term) -> set[int]:
    """Every hand card the terminal ever drew (every frame, and the raw bytes)."""
    text = "\n".join(term.seen) + term.raw.decode("utf-8", "replace")
    return {int(n) for n in CARD_FACE.findall(text)}


async def wait_for_move(term, room_id: str, least: int, timeout: float = 15.0) -> None:
    """Wait until `term`'s title line shows move `least` or a later one."""
    pattern = re.compile(rf"{re.escape(room_id)} · move (\d+) ·")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(int(n) >= least for n in pattern.findall(term.text())):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"move {least} of {room_id} never appeared; the screen:\n{term.text()}")


async def test_squire_players_never_see_each_others_hand(server):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("squire", ["alice", "bob", "bot:random"], seed=5)
    terms = [await open_term(server.port, ka), await open_term(server.port, kb)]
    for t in terms:
        await enter_room(t, room.id)
        t.send("\t")  # the cards page: the hand in full
    session, held = hands(server, room.id)
    ever = [set(h) for h in held[:2]]
    deadline = time.monotonic() + 45  # bounded; a loaded CI machine draws slowly
    while session.ply < 8 and not session.is_over() and time.monotonic() < deadline:
        seat = session.to_act()[0]
        ply = session.ply
        if seat < 2:
            view = session.view(seat)
            await terms[seat].wait_for(f"your turn · {room.id} · move {ply + 1} ·")
            await terms[seat].type_move(view.format_move(view.legal(seat)[0]))
        while session.ply == ply and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            session, held = hands(server, room.id)
        for s in (0, 1):
            ever[s] |= held[s]
    assert session.ply >= 4, "the game did not move on"
    for t in terms:  # both screens have drawn the last position (or a later one: the bot may have moved on)
        await wait_for_move(t, room.id, session.ply + 1)
    for s in (0, 1):
        seen = faces(terms[s])
        assert seen, "the cards page never showed the player's own hand"
        assert seen <= ever[s], f"seat {s + 1} saw cards it never held: {sorted(seen - ever[s])}"
        assert ever[1 - s] - ever[s], "the other seat held no card this seat did not (a test that cannot fail)"
    for t in terms:
        await t.close()


async def test_a_spectator_sees_no_hand(server):
    (kc,) = bind(server, "carol")
    room = server.store.create_room("squire", ["bot:random", "bot:random"], seed=9)
    term = await open_term(server.port, kc)
    await term.wait_for(room.id)
    term.send("w")
    await term.wait_for("watching")
    term.send("\t")
    await term.wait_for("Hands are hidden from spectators.")  # the cards page, drawn for a spectator
    assert not faces(term)
    await term.close()


async def test_a_sealed_draft_pick_stays_with_its_player(server):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("square-masons", ["alice", "bob", "bot:random"], seed=3)
    alice, bob = await open_term(server.port, ka), await open_term(server.port, kb)
    for t in (alice, bob):
        await enter_room(t, room.id)
    session = GameSession.open(server.store.room_path(room.id))
    assert session.state.phase == "direction" and session.to_act() == (0,)
    await alice.type_move("cw")  # the first player's direction, public
    await bob.wait_for("Draft pick")  # (the bot may have picked already: no move number to wait for)
    view = GameSession.open(server.store.room_path(room.id)).view(0)
    assert view.phase == "draft"
    for _ in range(50):  # the server's bot picks at once; let alice's screen show that first
        if GameSession.open(server.store.room_path(room.id)).state.boards[2].pick is not None:
            break
        await asyncio.sleep(0.05)
    await alice.wait_for(f"{room.id} · move 3 ·")  # alice's screen has shown the bot's pick
    await alice.type_move(view.format_move(view.legal(0)[-1]))  # a sealed pick
    await alice.wait_for("your sealed pick")
    await bob.wait_for(f"{room.id} · move 4 ·")  # bob's screen has drawn alice's pick
    assert GameSession.open(server.store.room_path(room.id)).state.boards[0].pick is not None
    bob_text = "\n".join(bob.seen) + bob.raw.decode("utf-8", "replace")
    assert "sealed pick" not in bob_text  # bob has not picked: any 'sealed pick' shown would be alice's
    alice_text = "\n".join(alice.seen)
    assert "your sealed pick" in alice_text
    for t in (alice, bob):
        await t.close()
