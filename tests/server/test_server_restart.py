"""A front door stopped (SIGTERM: a restart, a deploy) says goodbye to every
session and gives each person's terminal back as it found it (issue 51,
item 4). The check reads the bytes each client received."""
from __future__ import annotations

import asyncio
import re
import signal

from tests.server.conftest import new_key, open_term
from tests.server.test_plain_server import open_plain
from tests.server.test_server_faults import start_server, stop_server
from tests.server.test_server_play import enter_room

GOODBYE = "the server is restarting; your game is saved"


def modes_left_on(raw: bytes) -> set[int]:
    """The terminal modes (DEC private: the alternate screen, mouse
    reporting, bracketed paste, focus events...) a client's terminal is left
    in by what it received; the cursor (25) counts when left hidden."""
    state: dict[int, bool] = {}
    for params, last in re.findall(rb"\x1b\[\?([\d;]+)([hl])", raw):
        for mode in params.split(b";"):
            state[int(mode)] = last == b"h"
    left = {mode for mode, on in state.items() if on and mode != 25}
    return left | ({25} if state.get(25) is False else set())


async def test_a_door_stopped_says_goodbye_and_gives_each_terminal_back(tmp_path):
    from tui.server.db.store import DbStore

    data = tmp_path / "data"
    proc, port = start_server(data)
    try:
        store = DbStore(data, "sqlite")  # `tsquare serve`'s own
        ka, kb = new_key(), new_key()
        store.bind(ka.get_fingerprint("sha256"), "alice")
        store.bind(kb.get_fingerprint("sha256"), "bob")
        room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=1)
        alice = await open_term(port, ka)
        await enter_room(alice, room.id, turn=1)
        assert modes_left_on(bytes(alice.raw)) >= {1049, 1000, 25}  # the full screen: mouse on, cursor hidden
        bob = await open_plain(port, kb)
        await bob.prompt()

        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(alice.process.wait_closed(), 20)
        await asyncio.wait([alice._task, bob._task], timeout=10)  # all read (a dropped line is a failure below)
        raw = bytes(alice.raw)
        assert modes_left_on(raw) == set(), raw[-400:]
        assert GOODBYE.encode() in raw[raw.rindex(b"\x1b[?1049l"):]  # said on the person's own screen
        assert GOODBYE in bob.text[bob.read_to:]
        assert proc.wait(15) == 0
    finally:
        stop_server(proc, signal.SIGKILL)
