"""The server's rooms and players in a real database: SQLite on one host
(the default: one file in the data folder, nothing to install or start),
PostgreSQL for several front doors sharing one set of rooms.

- `interface`: `RoomStore`, the one interface (the file store and the
  database store both have it).
- `backends`: the two databases behind one small surface (transactions,
  reads, pushes of a room's change to the front doors).
- `migrations` and `schema/`: numbered SQL files applied at start.
- `store`: `DbStore`, the rooms and players over a database.
- `session`: `RoomSession`, a room's `GameSession` whose commit is an
  optimistic transaction on the room's version.
- `takeover`: the first start on a folder of the file-based server.
- `bot_job`: the bot pool's job for a room in the database (`tui.server.bots`
  picks it for a store with a database).
- `rooms`: room ids and numbers, a game's columns and `GameMovedOn`: what
  the others name rooms by, so that none imports the store back.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from tui.server.records import RoomLimits


def open_store(root: Path, db: str | None = None, limits: RoomLimits | None = None,
               log: Callable[[str], None] | None = None) -> Any:
    """The store of a data folder: in the database `db` names ('sqlite',
    'sqlite:///PATH', 'postgresql://…'; default: the one the server handed
    this process in its environment), or the data folder's own files when
    neither names one ('files')."""
    import os

    from tui.server.db.store import DB_ENV

    db = db if db is not None else os.environ.get(DB_ENV, "files")
    if db == "files":
        from tui.server.store import Store

        return Store(root, limits, log)
    from tui.server.db.store import DbStore

    return DbStore(root, db, limits, log)
