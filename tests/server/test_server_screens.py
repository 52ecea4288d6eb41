"""No input ends a session, over the wire: a terminal resized down to 1×1
shows a message and comes back to the game as it was."""
from __future__ import annotations

from textual.geometry import Size

from tests.server.conftest import open_term
from tests.server.test_server_play import bind, enter_room
from tui.too_small import small_frame


def reports(server) -> list:
    return list(server.store.root.rglob("*crash*.txt"))


async def resize(term, cols: int, rows: int) -> None:
    term.screen.resize(rows, cols)
    term.process.change_terminal_size(cols, rows)


async def test_a_terminal_resized_to_1x1_and_back_goes_on_with_the_game(server):
    (ka,) = bind(server, "alice")
    room = server.store.create_room("grid-square", ["alice", "bot:random"], {"sliding": False}, seed=1)
    term = await open_term(server.port, ka)
    await enter_room(term, room.id, turn=1)
    for cols, rows in ((12, 4), (3, 2), (1, 1)):
        await resize(term, cols, rows)
        want = small_frame(Size(cols, rows))
        await term.wait_until(
            lambda t: [line.rstrip() for line in t.split("\n")][: len(want)] == want,
            f"the message at {cols}×{rows}",
        )
    await resize(term, 80, 24)
    await term.wait_for(f"your turn · {room.id} · move 1 ·")  # drawn after the 1×1 frame: a crash there ends the wait
    assert term.process.exit_status is None and len(server.children) == 1
    await term.type_move("La1h")
    await term.wait_for("1. alice placed")
    assert term.process.exit_status is None and not reports(server)
    await term.close()


async def test_moves_typed_in_one_burst_each_never_take_the_colon(server):
    """`:` and the move and Enter in one write, as soon as the turn shows:
    every move is played as typed (the `:` never lands in the line)."""
    from tests.server.test_server_play import first_legal

    (ka,) = bind(server, "alice")
    room = server.store.create_room("grid-square", ["alice", "bot:random"], {"sliding": False}, seed=3)
    term = await open_term(server.port, ka)
    await enter_room(term, room.id)
    for n in range(6):
        ply = 2 * n
        await term.wait_for(f"your turn · {room.id} · move {ply + 1} ·")
        seat, move = first_legal(server, room.id)
        assert seat == 0
        term.send(f":{move}\r")
        await term.wait_until(lambda t: f"move {ply + 1} ·" not in t, f"move {ply + 1} played")
        assert "not Grid Square notation" not in term.text()
    assert term.process.exit_status is None and not reports(server)
    await term.close()
