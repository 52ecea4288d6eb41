"""A server room's conversation in-process (the SSH tests drive it through
the server): a move the disk refuses is said in one line, nothing played,
and the person goes on; a spectator cannot play."""
from __future__ import annotations

import errno
import io
import os

from engine.session import GameSession
from tests.plain.script import check_plain
from tui.plain.pushed import PushedLines
from tui.plain.room import RoomConversation
from tui.server.store import Store


def room_talk(tmp_path, answers: list[str], seat: int | None, seats=("alice", "bob")):
    store = Store(tmp_path / "data")
    store.make()
    room = store.create_room("grid-square", list(seats), seed=7)
    session = GameSession.open(store.room_path(room.id))
    inp_r, inp_w = os.pipe()
    os.write(inp_w, "".join(a + "\n" for a in answers).encode())
    os.close(inp_w)
    out = io.StringIO()
    try:
        code = RoomConversation(session, PushedLines(inp_r, out), seat, room.id).run()
    finally:
        os.close(inp_r)
    return code, out.getvalue(), store, room


def test_a_move_the_disk_refuses_is_one_line_and_nothing_is_played(tmp_path, monkeypatch):
    from engine import saves
    from engine.saves import SaveWriteError

    def full(*args, **kwargs):
        raise SaveWriteError("/srv/data/rooms/r0001.json: No space left on device", errno.ENOSPC)

    monkeypatch.setattr(saves, "save", full)
    code, text, store, room = room_talk(tmp_path, ["1", "quit"], 0)
    assert code == 0
    said = " ".join(text.split())  # wrapped at 80 columns
    assert ("Not played, the game could not be saved: the server cannot save right now (its disk is full);"
            " try again later.") in said  # the room's screen says the same
    assert "/srv" not in text and str(tmp_path) not in text  # no path of the server's
    assert "You played" not in text
    assert "Back to the lobby; the room keeps the game." in text
    assert GameSession.open(store.room_path(room.id)).ply == 0
    check_plain(text.replace("> ", "> \n"))


def test_a_spectator_hears_the_game_and_cannot_play(tmp_path):
    code, text, _, _ = room_talk(tmp_path, ["1", "moves", "look players", "log"], None)
    assert code == 0
    assert "you are watching" in text
    assert text.count("You are watching this game; type look, log or quit.") == 2
    assert "alice: 0 cells claimed" in text
    assert "End of input." in text


def _masons_after_direction(tmp_path):
    """A Square Masons room of three people at the first sealed draft pick,
    and alice's session opened before bob picks (so it is stale)."""
    store = Store(tmp_path / "data")
    store.make()
    room = store.create_room("square-masons", ["alice", "bob", "carol"], seed=4)
    path = store.room_path(room.id)
    first = GameSession.open(path)
    first.play(0, first.view(0).legal(0)[0])  # the direction of play
    alice = GameSession.open(path)
    bob = GameSession.open(path)
    bob.play(1, bob.view(1).legal(1)[0])  # a sealed pick alice's session has not seen
    return store, room, alice


def _talk(session, room, answers):
    inp_r, inp_w = os.pipe()
    os.write(inp_w, "".join(a + "\n" for a in answers).encode())
    os.close(inp_w)
    out = io.StringIO()
    try:
        RoomConversation(session, PushedLines(inp_r, out), 0, room.id).run()
    finally:
        os.close(inp_r)
    return out.getvalue()


def test_an_answer_still_stands_after_anothers_sealed_pick(tmp_path):
    store, room, alice = _masons_after_direction(tmp_path)
    text = _talk(alice, room, ["1", "quit"])
    assert "moved on" not in text
    assert text.index("bob has chosen.") < text.index("You played")  # told first, then played
    assert GameSession.open(store.room_path(room.id)).ply == 3


def test_a_pick_landing_at_the_same_moment_is_played_again(tmp_path, monkeypatch):
    """The other's pick lands between the last look and the write (no news
    at the prompt): the session refuses the stale write, and since alice's
    choices are as they were, her answer is played on the new position."""
    store, room, alice = _masons_after_direction(tmp_path)
    monkeypatch.setattr(RoomConversation, "poll", lambda self: False)
    text = _talk(alice, room, ["1", "quit"])
    assert "moved on" not in text
    assert "bob has chosen." in text and "You played" in text
    assert GameSession.open(store.room_path(room.id)).ply == 3
