"""The bot pool's job for a room kept in the database (run in a worker
process): the same turn as for a save file (`engine.bot_turn.bot_turn`),
committed through the room's database session like a person's move."""
from __future__ import annotations

from engine.bot_turn import TurnResult, bot_turn

_STORES: dict[str, object] = {}
"""This worker's store per database (one connection each, kept)."""


def bot_turn_in_room(target: str) -> TurnResult:
    """One bot move in the room `target` names (JSON: room id, data folder,
    database URL, and when the runner saw the room change or null)."""
    import json
    import time
    from pathlib import Path

    from tui.server.db.standin import StandInSession
    from tui.server.db.store import DbStore

    room_id, root, url, since = (json.loads(target) + [None])[:4]
    store = _STORES.get(url)
    if store is None:
        store = _STORES[url] = DbStore(Path(root), url, door="bots")
    began: list[float | None] = [None if since is None else float(since)]

    def changed_at() -> float | None:
        """When the turn began: the change the runner saw, then (after the
        game moved on under the bot) now."""
        when, began[0] = began[0], time.time()
        return when

    return bot_turn(StandInSession.open(store, room_id), changed_at=changed_at)  # type: ignore[arg-type]
