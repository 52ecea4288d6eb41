"""Opening a data folder: the layout of older versions (`users.json`, one
file for every key; `rooms/index.json`, one for every room) converted to a
file per record, nothing lost (the old files are kept as `*.migrated`);
a damaged old file gives up what can still be read, and a room whose entry
is missing is rebuilt from its save. `Store.make` runs these once, at the
server's start."""
from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING

from tui.server.records import (
    LEGACY_BYTES,
    ROOM_ID,
    USER_NAME,
    Room,
    RoomError,
    _key_file,
)

if TYPE_CHECKING:
    from tui.server.store import Store


def migrate_users(store: Store) -> None:
    """users.json ({"keys": {fingerprint: name}}) -> one file per key.
    A damaged file gives up what it can still be read from it."""
    old = store.root / "users.json"
    if not old.exists():
        return
    text = ""
    try:
        with open(old, "rb") as fh:
            text = fh.read(LEGACY_BYTES).decode("utf-8", "replace")
        pairs = list(json.loads(text)["keys"].items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        pairs = re.findall(r'"([^"\\]{1,200})"\s*:\s*"([A-Za-z][A-Za-z0-9_-]{1,15})"', text)
        store.log(f"{old}: damaged ({exc}); {len(pairs)} names recovered from it")
    taken = {p.name for p in (store.users_dir / "names").iterdir()}
    for fp, name in pairs:
        if not isinstance(name, str) or not USER_NAME.fullmatch(name) or name.lower() in taken:
            continue
        try:
            keyfile = store.users_dir / "keys" / _key_file(str(fp))
        except RoomError:
            continue
        if keyfile.exists():
            continue
        (store.users_dir / "names" / name.lower()).write_text(f"{fp}\n")
        keyfile.write_text(name + "\n")
        taken.add(name.lower())
    os.replace(old, old.with_name("users.json.migrated"))
    store.log(f"{old}: migrated {len(pairs)} names to {store.users_dir}")


def migrate_index(store: Store) -> None:
    """rooms/index.json (every entry in one file) -> one file per room;
    a damaged index is rebuilt from the saves (`_repair_entries`)."""
    old = store.rooms_dir / "index.json"
    if not old.exists():
        return
    try:
        with open(old, "rb") as fh:
            doc = json.loads(fh.read(LEGACY_BYTES))
        entries = dict(doc["rooms"])
        n = int(doc.get("next", 1))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        store.log(f"{old}: damaged ({exc}); rooms rebuilt from their saves")
        entries, n = {}, 1
    for rid, entry in sorted(entries.items()):
        if not ROOM_ID.fullmatch(rid) or store._entry_path(rid).exists():
            continue
        try:
            room = Room.from_json(rid, entry)
        except (KeyError, TypeError, ValueError, AttributeError):
            store.log(f"{old}: room {rid}'s entry is damaged; rebuilt from its save")
            continue
        room.maker = room.maker or (room.seats[0] if room.seats and room.seats[0] and
                                    not room.seats[0].startswith("bot:") else "")
        store._put_entry(room, bulk=True)
        n = max(n, int(rid[1:]) + 1)
    if n > store._next():
        (store.rooms_dir / "next").write_text(f"{n}\n")
    os.replace(old, old.with_name("index.json.migrated"))
    store.log(f"{old}: migrated {len(entries)} rooms")


def repair_entries(store: Store) -> None:
    """Give every save without an entry one, from its players (a room
    made by a process that died between its save and its entry, or an
    index lost); fix the room counter. At start only: it lists the folder."""
    from engine.errors import SaveError as _SaveError
    from engine.session import game_on_disk

    top = 0
    names = set(os.listdir(store.rooms_dir))
    for name in names:
        if not re.fullmatch(r"r\d{4,8}\.json", name):
            continue
        rid = name[:-5]
        top = max(top, int(rid[1:]))
        if f"{rid}.room" in names:
            continue
        game = game_on_disk(store.rooms_dir / name)
        doc = None
        try:
            doc = json.loads((store.rooms_dir / name).read_bytes())
        except (OSError, ValueError, _SaveError):
            pass
        if game is None or not isinstance(doc, dict):
            store.log(f"{store.rooms_dir / name}: no entry and an unreadable save; left alone")
            continue
        seats: list[str | None] = []
        for i, (pname, kind) in enumerate(game.players):
            seats.append(kind if kind.startswith("bot:") else None if pname == f"open seat {i + 1}" else pname)
        room = Room(rid, str(doc.get("game", "")), seats, str(doc.get("created", "")))
        room.maker = seats[0] if seats and seats[0] and not seats[0].startswith("bot:") else ""
        store._put_entry(room, bulk=True)
        store.log(f"{store.rooms_dir / name}: room {rid} had no entry; rebuilt from its save")
    if top + 1 > store._next():
        (store.rooms_dir / "next").write_text(f"{top + 1}\n")
