"""The lobby's three lists of rooms, for the full-screen lobby and the
plain-text one alike (no Textual here)."""
from __future__ import annotations

from tui.server.records import RoomStatus


def sections(statuses: list[RoomStatus], user: str) -> list[tuple[str, list[RoomStatus]]]:
    """The lobby's three lists: your rooms (your turn first), rooms with a
    free seat, and the other games to watch."""
    mine = sorted((s for s in statuses if s.seat is not None), key=lambda s: (not s.your_turn, s.over, s.room.id))
    rest = [s for s in statuses if s.seat is None]
    open_ = sorted((s for s in rest if s.room.open_seats() and not s.over), key=lambda s: -int(s.room.id[1:]))
    watch = sorted((s for s in rest if s not in open_), key=lambda s: -int(s.room.id[1:]))
    return [("Your rooms", mine), ("Open rooms (Enter takes a free seat)", open_), ("Other games (Enter watches)", watch)]
