"""What every part of the database store names a room by, with nothing of
the store itself: room ids and numbers, the columns a game keeps beside its
moves, and the conflict a writer meets. The store, its sessions, the rated
rooms' rules and the takeover of an old folder all import it, so none of
them imports the store back."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tui.server.records import ROOM_ID, RoomError

if TYPE_CHECKING:
    from engine.record import GameRecord


class GameMovedOn(Exception):
    """The room's game changed since its writer read it: nothing written."""


def room_id_of(n: int) -> str:
    return f"r{n:04d}"


def room_number(room_id: str) -> int:
    """'r0042' -> 42; RoomError for anything that is not a room id."""
    if not isinstance(room_id, str) or not ROOM_ID.fullmatch(room_id):
        raise RoomError(f"no room {room_id!r}")
    return int(room_id[1:])


def game_columns(record: "GameRecord") -> dict[str, Any]:
    """What the rooms table keeps of a game besides its moves."""
    from engine.saves import to_json

    doc = to_json(record)
    del doc["moves"]
    doc.pop("stand_ins", None)  # kept with each move (moves.stand_in)
    over = record.state.is_over()
    return {"title": record.ruleset.title, "ply": record.ply, "over": over, "hints": bool(record.hints),
            "to_act": json.dumps([] if over else list(record.state.to_act())),
            "header": json.dumps(doc, sort_keys=True, ensure_ascii=False)}
