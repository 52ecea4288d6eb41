"""`ssh HOST plain`: the lobby and rooms line by line over loopback SSH,
with others' moves told as they happen (the server's push), and the
checks every plain transcript passes."""
from __future__ import annotations

import asyncio
import time

from engine.session import GameSession
from tests.plain.script import check_plain
from tests.server.conftest import connect, new_key


class Plain:
    """One person's `ssh HOST plain` session, without a terminal (as a
    screen reader's user runs it): everything received, lines sent."""

    def __init__(self, conn, process) -> None:
        self.conn = conn
        self.process = process
        self.out = bytearray()
        self.read_to = 0
        """Where the last `wait_for` found its text (the next one looks after it)."""
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.out += data

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", errors="replace")

    def send(self, line: str) -> None:
        self.process.stdin.write((line + "\n").encode())

    async def wait_for(self, needle: str, timeout: float = 20.0) -> str:
        """Wait until `needle` appears after the last text waited for; what
        came from there to its end."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            at = self.text.find(needle, self.read_to)
            if at >= 0:
                start, self.read_to = self.read_to, at + len(needle)
                return self.text[start:self.read_to]
            if self._task.done():
                break
            await asyncio.sleep(0.03)
        raise AssertionError(f"{needle!r} never came; after {self.read_to}:\n{self.text[self.read_to:][-3000:]}")

    async def prompt(self) -> str:
        """What came up to the next prompt."""
        return await self.wait_for("\n> ")

    async def ended(self, timeout: float = 20.0) -> int:
        await asyncio.wait_for(self._task, timeout)
        await asyncio.wait_for(self.process.wait_closed(), timeout)
        return self.process.exit_status

    async def close(self) -> None:
        self.conn.close()
        self._task.cancel()


def typed(text: str) -> str:
    """`text` as the person's terminal shows it: what they typed after a
    prompt ends with their Enter, so what follows starts a line."""
    return text.replace("\n> ", "\n> \n")


async def open_plain(port: int, key) -> Plain:
    conn = await connect(port, key)
    proc = await conn.create_process("plain", encoding=None)
    return Plain(conn, proc)


def bind(server, *names):
    keys = []
    for name in names:
        key = new_key()
        server.store.bind(key.get_fingerprint("sha256"), name)
        keys.append(key)
    return keys


async def test_lobby_lists_rooms_and_a_room_is_played_line_by_line(server):
    (ka,) = bind(server, "alice")
    room = server.store.create_room("grid-square", ["alice", "bot:random"], seed=7)
    ana = await open_plain(server.port, ka)
    lobby = await ana.prompt()
    assert "You are alice" in lobby
    assert f"1. Grid Square, room {room.id}, move 1, your turn; seats: you, a bot (random)." in lobby
    ana.send("1")
    said = await ana.wait_for("Type a number, a move, or help.")
    assert f"Room {room.id}: Grid Square, move 1; you are seat 1, alice." in said
    assert "Your turn, alice. Place a building." in said
    ana.send("1")
    said = await ana.wait_for("Your turn, alice.")  # the server's bot moved meanwhile, told as it came
    assert "(La1h)." in said and "Waiting for Bot 2 (move 2)." in said and "Bot 2 placed" in said
    assert "You played place a large building on a1 to d1 (La1h)." in " ".join(said.split())  # words first
    await ana.prompt()
    ana.send("quit")
    said = await ana.prompt()
    assert "Back to the lobby; the room keeps the game." in said
    ana.send("quit")
    assert await ana.ended() == 0
    assert "Goodbye" in ana.text
    check_plain(typed(ana.text))
    assert GameSession.open(server.store.room_path(room.id)).ply >= 2  # alice's move, the bot's reply


async def test_another_persons_move_is_told_while_you_wait(server):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("grid-square", ["alice", "bob"], seed=7)
    ana, ben = await open_plain(server.port, ka), await open_plain(server.port, kb)
    for p in (ana, ben):
        await p.prompt()
        p.send(room.id)
    await ben.wait_for("Waiting for alice (move 1).")
    await ben.prompt()
    await ana.wait_for("Your turn, alice.")
    ana.send("1")
    said = await ana.wait_for("You played ")
    words = " ".join((await ana.wait_for(").")).split()[1:-1])  # 'place a large building …' less its verb and notation
    said = await ben.wait_for("alice placed")  # at bob's prompt, unasked
    assert said.startswith("\n") or said.strip() == "alice placed"  # on a line of its own, off the prompt
    await ben.wait_for(words)
    await ben.wait_for("Your turn, bob.")
    await ana.wait_for("Waiting for bob (move 2).")
    ana.send("1")
    await ana.wait_for("Not your turn: waiting for bob.")
    ben.send("q")
    await ben.wait_for("Back to the lobby")
    for p in (ana, ben):
        p.process.stdin.write_eof()  # end of input: a clean goodbye
        assert await p.ended() == 0
        check_plain(typed(p.text))
    assert "End of input." in ana.text


async def test_a_watcher_hears_the_moves_and_cannot_play(server):
    ka, kc = bind(server, "alice", "carol")
    room = server.store.create_room("grid-square", ["alice", "bot:random"], seed=3)
    cleo = await open_plain(server.port, kc)
    lobby = await cleo.prompt()
    assert "Other games (a number watches), 1:" in lobby
    cleo.send("1")
    said = await cleo.prompt()
    assert "you are watching" in said
    cleo.send("1")
    assert "You are watching this game" in await cleo.prompt()
    ana = await open_plain(server.port, ka)
    await ana.prompt()
    ana.send(room.id)
    await ana.wait_for("Your turn, alice.")
    ana.send("1")
    await cleo.wait_for("alice placed")
    await cleo.wait_for("Bot 2 placed")  # the server's bot, pushed like a person's move
    for p in (ana, cleo):
        await p.close()


async def test_a_new_room_by_questions_then_played(server):
    (ka,) = bind(server, "alice")
    ana = await open_plain(server.port, ka)
    assert "No rooms yet" in await ana.prompt()
    ana.send("new")
    said = await ana.wait_for("Which game? Type its number.")
    from engine.registry import REGISTRY

    games = [e for e in REGISTRY.entries() if REGISTRY.is_playable(e.id)]
    number = next(i for i, e in enumerate(games, 1) if e.id == "grid-square")
    assert f"{number}. Grid Square" in said
    ana.send(str(number))
    await ana.wait_for("Seat 2: type person")
    ana.send("nobody")
    await ana.wait_for("No such choice: nobody.")
    ana.send("random")
    for spec in REGISTRY.get("grid-square").options:
        await ana.wait_for(f"Option {spec.name}")
        ana.send("")
    said = await ana.wait_for("Type a number, a move, or help.")
    assert "made: Grid Square, 2 players; you sit at seat 1." in said
    rooms = server.store.rooms_for("alice")
    assert len(rooms) == 1 and rooms[0].seats == ["alice", "bot:random"]
    await ana.close()


async def test_bad_lobby_answers_get_one_line(server):
    (ka,) = bind(server, "alice")
    server.store.create_room("grid-square", ["alice", None], seed=3)
    ana = await open_plain(server.port, ka)
    await ana.prompt()
    for answer, reply in (("xyzzy", "Unknown command or room: xyzzy."), ("7", "There is no room 7 in the list"),
                          ("", "Nothing typed."), ("r9999", "Unknown command or room: r9999.")):
        ana.send(answer)
        said = await ana.prompt()
        assert reply in said, ana.text
    ana.process.stdin.write_eof()
    assert await ana.ended() == 0
    assert "End of input." in ana.text
    check_plain(typed(ana.text))


async def test_only_status_and_plain_are_commands(server):
    (ka,) = bind(server, "alice")
    conn = await connect(server.port, ka)
    result = await conn.run("shell", check=False)
    assert result.exit_status == 1
    assert "the only commands are 'status', 'plain', 'link' and 'links'" in result.stderr
    conn.close()


async def test_someone_sitting_down_is_told_and_the_seat_holder_is_pushed(server):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("grid-square", ["alice", None], seed=5)
    ana = await open_plain(server.port, ka)
    await ana.prompt()
    ana.send("1")
    said = await ana.wait_for("Type a number, a move, or help.")
    assert "Players: seat 1, alice (you); seat 2, open." in said
    claimants = server.store.claimants(room.id)
    assert claimants and set(claimants) <= server.pokeable  # the server's SIGUSR1 reaches it
    ben = await open_plain(server.port, kb)
    await ben.prompt()
    ben.send("1")  # the open room: takes the free seat
    await ben.wait_for("You sit at seat 2 of room")
    await ana.wait_for("bob sat down.")
    await ana.wait_for("Your turn, alice.")
    for p in (ana, ben):
        await p.close()


async def test_with_a_terminal_the_line_is_edited_and_echoed_there(server):
    (ka,) = bind(server, "alice")
    conn = await connect(server.port, ka)
    proc = await conn.create_process("plain", term_type="xterm", term_size=(80, 24), encoding=None)
    ana = Plain(conn, proc)
    await ana.prompt()
    ana.process.stdin.write(b"lisx\x7ft\r")  # a typo rubbed out, Enter as a terminal sends it
    said = await ana.wait_for("No rooms yet.")
    assert said.startswith("lisx\b \bt\r\n")  # echoed and rubbed out by the PTY's line discipline
    await ana.prompt()
    ana.process.stdin.write(b"quit\r")
    await ana.wait_for("Goodbye")
    assert await ana.ended() == 0
    assert "\x1b" not in ana.text
    await ana.close()


async def test_a_first_login_picks_a_name_without_a_second_echo(server):
    key = new_key()
    dora = await open_plain(server.port, key)
    await dora.wait_for("Name: ")
    dora.send("dora")
    said = await dora.wait_for("You are dora.")
    assert said.startswith("T-Square lobby")  # the client's own terminal echoed the name; the server did not
    assert server.store.user_for(key.get_fingerprint("sha256")) == "dora"
    await dora.close()


async def test_sealed_choices_between_two_connections_keep_each_ones_secrets(server):
    from tests.plain.script import secrets_kept

    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("square-masons", ["alice", "bob", "bot:random"], seed=4)
    people = {0: await open_plain(server.port, ka), 1: await open_plain(server.port, kb)}
    for p in people.values():
        await p.prompt()
        p.send(room.id)

    async def play(seat: int, turns: int) -> None:
        for _ in range(turns):  # the direction (alice), then sealed draft picks by everyone at once
            await people[seat].wait_for(f"Your turn, {('alice', 'bob')[seat]}.")
            await people[seat].prompt()
            people[seat].send("1")

    await asyncio.gather(play(0, 4), play(1, 3))
    await people[0].wait_for("Pick 3 revealed")
    session = GameSession.open(server.store.room_path(room.id))
    assert session.ply >= 9
    for seat, p in people.items():
        secrets_kept(session, [seat], p.text)
        check_plain(typed(p.text))
        await p.close()


async def test_the_lobby_says_when_a_room_becomes_your_turn(server):
    ka, kb = bind(server, "alice", "bob")
    room = server.store.create_room("grid-square", ["bob", "alice"], seed=7)
    ana = await open_plain(server.port, ka)
    lobby = await ana.prompt()
    assert "your turn" not in lobby
    session = GameSession.open(server.store.room_path(room.id))
    while session.to_act() == (0,):  # bob's whole turn, from his own connection as far as alice knows
        session.play(0, session.view(0).legal(0)[-1])
    server.store.record_change(room.id, session.record)
    said = await ana.wait_for(f"Your turn in room {room.id}, Grid Square, move {session.ply + 1}.")
    assert said.startswith("\n")  # off the prompt's line
    await ana.prompt()
    await ana.close()


async def test_a_whole_game_against_the_servers_bot_line_by_line(server):
    (ka,) = bind(server, "alice")
    room = server.store.create_room("grid-square", ["alice", "bot:random"], seed=2)
    ana = await open_plain(server.port, ka)
    await ana.prompt()
    ana.send(room.id)
    for _ in range(400):
        said = " ".join((await ana.wait_for("\n> ", timeout=30)).split())
        if "The game is over." in said:
            break
        if "Type a number, a move, or help." in said or "alice: " in said:
            ana.send("1")
    else:
        raise AssertionError("the game never ended")
    assert "1st:" in ana.text and f"Room {room.id} keeps the game. Back to the lobby." in ana.text
    assert GameSession.open(server.store.room_path(room.id)).is_over()
    check_plain(typed(ana.text))
    await ana.close()
