"""Make `file_server_folder/`: a data folder written by the file-based
server (`tui.server.store.Store`, as it was before the database), kept in
the repository so that the takeover test reads one made by that code, not
by the code under test. Run once from the project root:

    python tests/server/data/make_file_server_folder.py

Players alice, bob, carol, dave and erin; rooms: r0001 alice vs bob (Grid
Square, 6 moves, bob to move... whoever the game says), r0002 carol vs a
random bot with dave watching (Squire, some moves), r0003 dave's open room
(a free seat), r0004 alice vs a bot, played to the end, r0005 erin vs bob
and a bot (Square Masons, 3 seats, a few moves).
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from engine.session import GameSession  # noqa: E402
from tui.server.store import Store  # noqa: E402

FOLDER = Path(__file__).parent / "file_server_folder"
KEYS = {
    "alice": "SHA256:alice0000000000000000000000000000000000000",
    "bob": "SHA256:bob/000000000000000000000000000000000000000",
    "carol": "SHA256:carol+00000000000000000000000000000000000000",
    "dave": "SHA256:dave0000000000000000000000000000000000000000",
    "erin": "SHA256:Erin0000000000000000000000000000000000000000",
}


def play(store: Store, room_id: str, plies: int | None) -> None:
    """`plies` moves (None: to the end), each the first legal one."""
    session = GameSession.open(store.room_path(room_id))
    n = 0
    while not session.is_over() and (plies is None or n < plies):
        seat = session.to_act()[0]
        view = session.view(seat)
        session.play(seat, view.format_move(view.legal(seat)[0]))
        n += 1


def main() -> None:
    if FOLDER.exists():
        shutil.rmtree(FOLDER)
    store = Store(FOLDER)
    store.make()
    for name, fp in KEYS.items():
        store.bind(fp, name)
    r1 = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=11)
    play(store, r1.id, 6)
    r2 = store.create_room("squire", ["carol", "bot:random"], seed=12)
    play(store, r2.id, 5)
    store.watch(r2.id, "dave")
    store.create_room("grid-square", ["dave", None], seed=13)
    r4 = store.create_room("grid-square", ["alice", "bot:random"], {"sliding": False}, seed=14)
    play(store, r4.id, None)
    r5 = store.create_room("square-masons", ["erin", None, "bot:random"], seed=15)
    store.join(r5.id, 1, "bob")
    play(store, r5.id, 4)
    for junk in ("server.log",):
        (FOLDER / junk).unlink(missing_ok=True)
    (FOLDER / "host_key").write_text("not a key: the takeover never reads it\n")


if __name__ == "__main__":
    main()
