"""The server's data folder: who is who, and which rooms there are.

    DIR/host_key          the server's SSH host key (made on first run)
    DIR/users.json        {"keys": {fingerprint: name}}: a name per public key
    DIR/rooms/index.json  the room index: game, seats (user, bot or open), watchers
    DIR/rooms/rNNNN.json  each room's game: an ordinary save

Every change to a JSON file here is lock -> read fresh -> change -> atomic
write (the saves' own lock and writer), so the server and every player's TUI
process may change them at once. Nothing here imports the network or the TUI.
"""
from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from engine.errors import SaveError

USER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")
"""A user name: 2–16 letters, digits, '-' or '_', starting with a letter
(safe in a terminal, a log line and a file; nothing to escape)."""
MAX_ROOMS = 10_000
"""The index refuses new rooms beyond this many."""
INDEX_BYTES = 4 * 1024 * 1024
"""The index or the users file is refused unread beyond this size."""


class RoomError(ValueError):
    """A room request that cannot be met; the message says why in one line."""


def check_user_name(name: str) -> str:
    """`name` if it may be a user name; RoomError saying why not."""
    if not USER_NAME.fullmatch(name):
        raise RoomError("a name is 2–16 letters, digits, '-' or '_', starting with a letter")
    return name


@dataclass
class Room:
    """One room of the index: a game and who sits where."""

    id: str
    """'r0001', also the save's file name without '.json'."""
    game: str
    """The ruleset id."""
    seats: list[str | None]
    """Per seat: a user name, 'bot:LEVEL', or None while the seat is open."""
    created: str = ""
    """When the room was made (ISO 8601 UTC)."""
    watchers: list[str] = field(default_factory=list)
    """Users who have watched the room."""

    def seat_of(self, user: str) -> int | None:
        """The seat `user` plays here (None: none)."""
        return self.seats.index(user) if user in self.seats else None

    def open_seats(self) -> list[int]:
        """Seats nobody has taken yet."""
        return [i for i, s in enumerate(self.seats) if s is None]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "created": self.created, "watchers": self.watchers}

    @classmethod
    def from_json(cls, room_id: str, doc: dict[str, Any]) -> "Room":
        return cls(room_id, str(doc["game"]), list(doc["seats"]), str(doc.get("created", "")), list(doc.get("watchers", [])))


@dataclass(frozen=True)
class RoomStatus:
    """A room as the lobby lists it for one user."""

    room: Room
    title: str
    """The game's title."""
    ply: int
    """Moves made."""
    to_act: tuple[int, ...]
    """Seats to act now (empty when over)."""
    over: bool
    """True once the game has ended."""
    seat: int | None
    """The user's seat here, if any."""
    hints: bool = False
    """The people here agreed to hints (taking a seat agrees)."""

    @property
    def your_turn(self) -> bool:
        """True when the user's seat must act now."""
        return self.seat is not None and self.seat in self.to_act


def seat_label(seat: str | None) -> str:
    """A seat of the index in words."""
    if seat is None:
        return "(open)"
    if seat.startswith("bot:"):
        return f"bot {seat[4:]}"
    return seat


class Store:
    """The data folder of one server."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        """The data folder."""
        self._status_cache: dict[str, tuple[Any, RoomStatus]] = {}

    # -------------------------------------------------------------- places
    @property
    def rooms_dir(self) -> Path:
        return self.root / "rooms"

    @property
    def index_path(self) -> Path:
        return self.rooms_dir / "index.json"

    @property
    def users_path(self) -> Path:
        return self.root / "users.json"

    @property
    def host_key_path(self) -> Path:
        return self.root / "host_key"

    def room_path(self, room_id: str) -> Path:
        """The save of room `room_id`."""
        if not re.fullmatch(r"r\d{4,8}", room_id):
            raise RoomError(f"no room {room_id!r}")
        return self.rooms_dir / f"{room_id}.json"

    def make(self) -> None:
        """Create the folders (private to the server's user)."""
        self.rooms_dir.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)

    # -------------------------------------------------------------- JSON files
    def _read(self, path: Path, empty: dict[str, Any]) -> dict[str, Any]:
        from engine.saves import read_bounded

        if not path.exists():
            return empty
        try:
            data = read_bounded(path, str(path)) if path.stat().st_size <= INDEX_BYTES else b""
            doc = json.loads(data)
        except (SaveError, ValueError) as exc:
            raise RoomError(f"{path}: unreadable ({exc})") from None
        if not isinstance(doc, dict):
            raise RoomError(f"{path}: not a JSON object")
        return doc

    def _change(self, path: Path, empty: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], Any]) -> Any:
        """Lock `path`, read it fresh, `change` it in place, write it
        atomically; returns what `change` returned (nothing written if it raises)."""
        from engine.lock import save_lock
        from engine.saves import write_atomic

        path.parent.mkdir(parents=True, exist_ok=True)
        with save_lock(path, timeout=5.0):
            doc = self._read(path, empty())
            result = change(doc)
            write_atomic(path, json.dumps(doc, indent=1, sort_keys=True) + "\n")
        return result

    # -------------------------------------------------------------- users
    def user_for(self, fingerprint: str) -> str | None:
        """The name bound to a key's fingerprint, or None for a new key."""
        return self._read(self.users_path, {"keys": {}}).get("keys", {}).get(fingerprint)

    def bind(self, fingerprint: str, name: str) -> str:
        """Bind `name` to the key `fingerprint` for good; RoomError if the
        name is malformed or taken (names compare without case)."""
        check_user_name(name)

        def change(doc: dict[str, Any]) -> str:
            keys = doc.setdefault("keys", {})
            if fingerprint in keys:
                return keys[fingerprint]  # bound meanwhile by another connection
            if name.lower() in (n.lower() for n in keys.values()):
                raise RoomError(f"the name {name} is taken; pick another")
            keys[fingerprint] = name
            return name

        return self._change(self.users_path, lambda: {"keys": {}}, change)

    # -------------------------------------------------------------- rooms
    def rooms(self) -> list[Room]:
        """Every room, oldest first."""
        doc = self._read(self.index_path, {"rooms": {}})
        out = []
        for rid, entry in sorted(doc.get("rooms", {}).items()):
            try:
                out.append(Room.from_json(rid, entry))
            except (KeyError, TypeError, ValueError):
                continue  # a damaged entry is skipped, never fatal
        return out

    def room(self, room_id: str) -> Room:
        """The room `room_id`; RoomError if there is none."""
        for r in self.rooms():
            if r.id == room_id:
                return r
        raise RoomError(f"no room {room_id!r}")

    def create_room(
        self,
        game: str,
        seats: list[str | None],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        hints: bool = False,
    ) -> Room:
        """A new room of `game`; `seats` as in Room.seats; `hints`: the
        people who sit down agree to hints. Its save is written before the
        index names it."""
        from engine.record import GameRecord, Player
        from engine.saves import save
        from engine.record import now_iso
        from rulesets import REGISTRY

        ruleset = REGISTRY.get(game)
        for s in seats:
            if s is not None and s.startswith("bot:"):
                if s[4:] not in ruleset.bot_levels:
                    raise RoomError(f"no bot level {s[4:]!r} in {ruleset.title} (levels: {', '.join(ruleset.bot_levels)})")
            elif s is not None:
                check_user_name(s)
        players = [_player(i, s) for i, s in enumerate(seats)]
        seed = int(time.time() * 1000) % 1_000_000_007 if seed is None else seed
        try:
            record = GameRecord.new(ruleset, players, seed, options, hints=hints)
        except ValueError as exc:
            raise RoomError(str(exc)) from None

        def change(doc: dict[str, Any]) -> Room:
            rooms = doc.setdefault("rooms", {})
            if len(rooms) >= MAX_ROOMS:
                raise RoomError("the server has as many rooms as it may hold")
            n = int(doc.get("next", 1))
            room = Room(f"r{n:04d}", game, list(seats), now_iso())
            doc["next"] = n + 1
            save(record, self.room_path(room.id))
            rooms[room.id] = room.to_json()
            return room

        return self._change(self.index_path, lambda: {"rooms": {}, "next": 1}, change)

    def join(self, room_id: str, seat: int, user: str) -> Room:
        """Seat `user` at open `seat` of the room (the save's player is
        renamed too); RoomError if the seat is taken or the user sits there
        already."""
        from engine.lock import save_lock
        from engine.record import Player
        from engine.saves import load, save

        def change(doc: dict[str, Any]) -> Room:
            entry = doc.get("rooms", {}).get(room_id)
            if entry is None:
                raise RoomError(f"no room {room_id!r}")
            room = Room.from_json(room_id, entry)
            if user in room.seats:
                raise RoomError(f"you already sit at seat {room.seats.index(user) + 1}")
            if not 0 <= seat < len(room.seats) or room.seats[seat] is not None:
                raise RoomError(f"seat {seat + 1} is not free")
            path = self.room_path(room_id)
            with save_lock(path):
                record = load(path)
                record.players[seat] = Player(user, "human")
                save(record, path, clean=True)
            room.seats[seat] = user
            doc["rooms"][room_id] = room.to_json()
            return room

        return self._change(self.index_path, lambda: {"rooms": {}, "next": 1}, change)

    def watch(self, room_id: str, user: str) -> Room:
        """Note that `user` watches the room."""

        def change(doc: dict[str, Any]) -> Room:
            entry = doc.get("rooms", {}).get(room_id)
            if entry is None:
                raise RoomError(f"no room {room_id!r}")
            room = Room.from_json(room_id, entry)
            if user not in room.watchers and user not in room.seats:
                room.watchers.append(user)
                doc["rooms"][room_id] = room.to_json()
            return room

        return self._change(self.index_path, lambda: {"rooms": {}, "next": 1}, change)

    # -------------------------------------------------------------- seat claims
    def _claim_path(self, room_id: str, seat: int) -> Path:
        path = self.room_path(room_id)
        return path.with_name(f".{path.stem}.seat{seat + 1}.claim")

    def claim_seat(self, room_id: str, seat: int) -> str:
        """Mark this connection as the one playing `seat` (the newest wins);
        returns the token `holds_seat` checks."""
        from engine.saves import write_atomic

        token = f"{os.getpid()}-{time.monotonic_ns()}"
        write_atomic(self._claim_path(room_id, seat), token)
        return token

    def holds_seat(self, room_id: str, seat: int, token: str) -> bool:
        """False once a newer connection claimed the seat."""
        try:
            return self._claim_path(room_id, seat).read_text() == token
        except OSError:
            return True  # no claim file (removed by hand): nobody newer

    def claimants(self, room_id: str) -> list[int]:
        """The process ids that hold a seat claim in the room (any seat)."""
        pids = []
        for claim in self.rooms_dir.glob(f".{room_id}.seat*.claim"):
            try:
                pid = int(claim.read_text(errors="replace").split("-", 1)[0])
            except (OSError, ValueError):
                continue
            pids.append(pid)
        return pids

    def save_marks(self) -> dict[str, tuple[int, int, int]]:
        """Every room save's (mtime, size, inode), by room id: what changes
        when a move is saved."""
        marks = {}
        try:
            entries = os.scandir(self.rooms_dir)
        except OSError:
            return marks
        with entries:
            for entry in entries:
                name = entry.name
                if name.startswith("r") and name.endswith(".json"):
                    try:
                        st = entry.stat()
                    except OSError:
                        continue
                    marks[name[:-5]] = (st.st_mtime_ns, st.st_size, st.st_ino)
        return marks

    # -------------------------------------------------------------- status
    def status(self, room: Room, user: str | None) -> RoomStatus | None:
        """Where the room's game stands, for `user` (None if its save is
        unreadable). Loads a save only when its file changed since last asked."""
        path = self.room_path(room.id)
        try:
            st = os.stat(path)
            key = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            key = None
        cached = self._status_cache.get(room.id)
        if cached is None or cached[0] != key:
            from engine.saves import load

            try:
                record = load(path)
            except SaveError:
                return None
            state = record.state
            over = state.is_over()
            base = RoomStatus(room, record.ruleset.title, record.ply, () if over else tuple(state.to_act()), over, None,
                              record.hints)
            self._status_cache[room.id] = (key, base)
            cached = self._status_cache[room.id]
        base = cached[1]
        return RoomStatus(room, base.title, base.ply, base.to_act, base.over, room.seat_of(user) if user else None,
                          base.hints)

    def statuses(self, user: str) -> Iterator[RoomStatus]:
        """Every readable room's status for `user`."""
        for room in self.rooms():
            st = self.status(room, user)
            if st is not None:
                yield st

    def your_turn(self, user: str) -> list[RoomStatus]:
        """The rooms where it is `user`'s turn."""
        return [s for s in self.statuses(user) if s.your_turn]


def _player(seat: int, who: str | None):
    from engine.record import Player

    if who is None:
        return Player(f"open seat {seat + 1}", "human")
    if who.startswith("bot:"):
        return Player(f"Bot {seat + 1}", who)
    return Player(who, "human")
