"""What people type that the server must read within bounds, over loopback
SSH, reading the bytes the client receives: long numbers, long lines and
pastes (plain mode and the TUI's move line), a name over its limit."""
from __future__ import annotations

from tests.server.conftest import new_key, open_term
from tests.server.test_plain_server import bind, open_plain
from tests.server.test_server_faults import grid_room, moves_of
from tests.server.test_server_play import enter_room

LONG = "9" * 4301
"""More digits than Python's int() takes from a text."""


def no_report(server) -> bool:
    reports = server.store.root / "reports"
    return not reports.exists() or not any(reports.rglob("*.txt"))


async def test_a_long_number_gets_one_line_in_the_lobby_and_a_room(server):
    (ka,) = bind(server, "alice")
    room = grid_room(server, ("alice", "bot:random"))
    ana = await open_plain(server.port, ka)
    await ana.prompt()
    for line in (LONG, "watch " + LONG, "9" * 60, "watch " + "0" * 50 + "7"):
        ana.send(line)
        said = await ana.prompt()
        assert len(said) < 200 and "internal error" not in said, said
    assert "There is no room 999999999999… (60 digits) in the list" in ana.text
    assert "There is no room 7 in the list" in ana.text
    ana.send(room.id)
    await ana.wait_for("Type a number, a move, or help.")
    for line in (LONG, "9" * 60):
        ana.send(line)
        said = await ana.prompt()
        assert len(said) < 200 and "internal error" not in said, said
    assert "There is no move 999999999999… (60 digits)" in ana.text
    ana.send("quit")
    await ana.wait_for("Back to the lobby")
    await ana.prompt()
    ana.send("quit")
    assert await ana.ended() == 0
    assert no_report(server)


async def test_a_long_plain_line_is_one_short_line_and_its_rest_is_dropped(server):
    (ka,) = bind(server, "alice")
    ana = await open_plain(server.port, ka)
    await ana.prompt()
    for paste in (b"list" * 25_000 + b"\n",  # a 100 kB line
                  b"\x1b[200~" + b"list" * 25_000 + b"\nlist\n\x1b[201~\n"):  # a bracketed paste of lines
        ana.process.stdin.write(paste)
        said = await ana.prompt()
        assert "too long" in said and len(said) < 300, said
        ana.send("help")  # what comes next is read again
        said = await ana.wait_for("Commands:")
        assert said.count("\n> ") == 0 and "No rooms yet" not in said, said  # no piece of the paste was a command
        await ana.prompt()
    ana.process.stdin.write(b"\x1b[200~list\x1b[201~\n")  # a short paste: read as typed
    said = await ana.wait_for("No rooms yet")
    assert "Unknown" not in said
    await ana.prompt()
    ana.send("quit")
    assert await ana.ended() == 0


async def test_a_long_name_is_refused_with_its_limit_and_asked_again(server):
    key = new_key()
    dora = await open_plain(server.port, key)
    await dora.wait_for("Name: ")
    dora.send("Alexandria_Smith2")
    said = await dora.wait_for("Name: ")
    assert "16" in said and "too long" in said, said
    dora.send("N" * 10_000)
    said = await dora.wait_for("Name: ")
    assert "too long" in said and len(said) < 300, said
    assert server.store.user_for(key.get_fingerprint("sha256")) is None
    dora.send("Alexandria")
    await dora.wait_for("You are Alexandria.")
    assert server.store.user_for(key.get_fingerprint("sha256")) == "Alexandria"
    await dora.close()


async def test_an_unbracketed_paste_on_the_move_line_rings_once(server):
    (kb,) = bind(server, "bob")
    room = grid_room(server, ("bob", "bot:random"))
    bob = await open_term(server.port, kb)
    await enter_room(bob, room.id, turn=1)
    await bob.open_move_line()
    bells = bob.raw.count(b"\x07")
    bob.send(b"La1h" * 25_000 + b"\r")  # 100 kB typed at once (no brackets), Enter at its end
    await bob.wait_for("Not taken: a move is at most")
    for _ in range(10):  # Esc, again if the input limits dropped it with the paste's tail
        bob.send("\x1b")
        try:
            await bob.wait_until(lambda t: "a move in notation" not in t, "the move line closed", 3)
            break
        except AssertionError:
            continue
    assert "a move in notation" not in bob.text()
    rung = bob.raw.count(b"\x07") - bells
    assert rung <= 3, rung  # the line's one, and the input limits' (at most one a second)
    assert moves_of(server.store, room.id) == []  # the pasted text played nothing
    await bob.type_move("La1h")
    await bob.wait_for("1. bob placed")
    assert [m for _, m in moves_of(server.store, room.id)][:1] == ["La1h"]
    await bob.close()


def test_an_internal_error_of_a_players_process_reaches_the_operators_log(tmp_path):
    import re
    import subprocess
    import sys

    data = tmp_path / "data"
    data.mkdir()
    for module in ("tui.plain.remote", "tui.server.player"):  # plain mode's process, the TUI's
        done = subprocess.run([sys.executable, "-m", module, str(data), "no such name!"], capture_output=True,
                              text=True, timeout=60, stdin=subprocess.DEVNULL)
        assert done.returncode == 1
        ref = re.search(r"internal error, reference (\w+);", done.stderr)
        assert ref is not None and "Traceback" not in done.stderr, done.stderr
        log = (data / "server.log").read_text()
        assert f"reference {ref.group(1)}" in log, log


async def test_plain_mode_says_the_server_cannot_save_as_the_room_screen_does(tmp_path):
    import sqlite3

    from tui.server.ssh import Front, Limits

    front = Front(tmp_path / "data", Limits(idle_seconds=60, login_seconds=20), db="sqlite")
    port = await front.start("127.0.0.1", 0)
    try:
        (ka,) = bind(front, "alice")
        room = front.store.create_room("grid-square", ["alice", "bob"], seed=7)
        ana = await open_plain(port, ka)
        await ana.prompt()
        ana.send(room.id)
        await ana.wait_for("Type a number, a move, or help.")
        held = sqlite3.connect(front.store.db.path, timeout=1)
        held.execute("BEGIN IMMEDIATE")  # another writer holds the database: it cannot be written now
        try:
            ana.send("1")
            said = await ana.wait_for("try again later", timeout=30)
        finally:
            held.rollback()
            held.close()
        assert "Not played, the game could not be saved: the server cannot save right now" in said, said
        assert "busy" in said and "The room is busy" not in said
        assert front.store.open_game(room.id).ply == 0
        await ana.close()
    finally:
        await front.close()


async def test_a_long_lobby_row_shows_every_seat_at_80_columns(server):
    (kb,) = bind(server, "bob")
    room = server.store.create_room("square-masons", ["bob", None, "carol", "bot:heuristic"], seed=3)
    bob = await open_term(server.port, kb, cols=80, rows=24)
    screen = await bob.wait_for(room.id)
    assert "you, (open), carol, bot heuristic" in screen, screen  # on the row's second line, whole
    assert "…" not in screen, screen
    await bob.close()
