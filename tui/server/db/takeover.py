"""Taking over a data folder written by the file-based server: its players,
rooms and every room's game go into the database in one transaction, then
the old files are moved aside, untouched, into `pre-db/` (`pre-db.2/`, … if
that exists). Every name stays bound to its key; every room keeps its seats,
watchers, maker, moves and whose turn it is. A save that cannot be read
becomes a room marked damaged (its file is kept in `pre-db/`). Layouts
older than the file store's own are converted by it first
(`tui.server.migrate`). What was imported is returned, one line, for the log."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import SaveError

if TYPE_CHECKING:
    from tui.server.db.store import DbStore

OLD_FILES = ("users", "rooms", "users.json", "users.json.migrated")
"""What the file-based server kept in its data folder (beside the host key,
the log and the crash reports, which stay)."""


def old_files(root: Path) -> list[Path]:
    """The file store's records present in `root`."""
    return [root / name for name in OLD_FILES if (root / name).exists()]


def take_over(store: "DbStore") -> list[str]:
    """Import the folder's old records if there are any and the database
    has none yet; the lines to log."""
    root = store.root
    found = old_files(root)
    if not found:
        return []
    if store.room_count() or store.users():
        return [f"{root}: files of the file-based server found beside a database that has rooms already; "
                "left alone (move them away to silence this)"]
    from engine.saves import load
    from tui.server.db.rooms import game_columns
    from tui.server.store import Store, _title

    old = Store(root, log=store.log)
    old.make()  # an older layout still (users.json, rooms/index.json) becomes files per record first
    users = []
    for entry in sorted(os.scandir(old.users_dir / "names"), key=lambda e: e.name):
        try:
            fp = Path(entry.path).read_text(encoding="utf-8").strip()
            name = old.user_for(fp)
        except Exception:  # noqa: BLE001 - one damaged record: logged by the store, the rest go on
            continue
        if name:
            seen = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(entry.stat().st_mtime))
            users.append((fp, name, seen))
    rooms, moves, damaged = [], 0, []
    for room in old.rooms():
        try:
            record = load(old.room_path(room.id))
            cols, room_moves = game_columns(record), list(record.moves)
            moves += len(room_moves)
            rooms.append((room, cols, False, room_moves))
        except SaveError:
            cols = {"title": _title(room.game), "ply": 0, "over": False, "hints": False, "to_act": "[]",
                    "header": json.dumps({"damaged": True})}
            rooms.append((room, cols, True, []))
            damaged.append(room.id)
    with store._tx() as tx:
        for fp, name, seen in users:
            tx.q("INSERT INTO users (fingerprint, name, name_key, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)",
                 (fp, name, name.lower(), seen, seen))
        for room, cols, bad, room_moves in rooms:
            store._insert_room(tx, room, cols, damaged=bad, moves=room_moves)
        tx.q("UPDATE changes SET counter = counter + 1 WHERE id = 1")
    aside = root / "pre-db"
    k = 2
    while aside.exists():
        aside, k = root / f"pre-db.{k}", k + 1
    aside.mkdir()
    for path in old_files(root):
        os.replace(path, aside / path.name)
    lines = [f"{root}: took over the file-based server's records: {len(users)} players, {len(rooms)} rooms, "
             f"{moves} moves; the old files are in {aside}"]
    if damaged:
        lines.append(f"{root}: rooms with a damaged save, kept as damaged (their files are in {aside}): "
                     + ", ".join(damaged))
    return lines
