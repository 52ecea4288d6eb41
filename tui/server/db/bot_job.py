"""The bot pool's job for a room kept in the database (run in a worker
process): the same turn as for a save file (`engine.bot_turn.bot_turn`),
committed through the room's database session like a person's move."""
from __future__ import annotations

from engine.bot_turn import TurnResult, bot_turn

_STORES: dict[str, object] = {}
"""This worker's store per database (one connection each, kept)."""


def bot_turn_in_room(target: str) -> TurnResult:
    """One bot move in the room `target` names (JSON: room id, data folder,
    database URL)."""
    import json
    from pathlib import Path

    from tui.server.db.standin import StandInSession
    from tui.server.db.store import DbStore

    room_id, root, url = json.loads(target)
    store = _STORES.get(url)
    if store is None:
        store = _STORES[url] = DbStore(Path(root), url, door="bots")
    return bot_turn(StandInSession.open(store, room_id))  # type: ignore[arg-type]
