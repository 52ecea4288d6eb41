"""The records of a server's data folder, as values: a room, its status for
one person, the operator's room limits, and the errors of the store (see
`tui.server.store`, which keeps them on disk)."""
from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass, field
from typing import Any

NAME_CHARS = 16
"""The longest user name."""
USER_NAME = re.compile(rf"[A-Za-z][A-Za-z0-9_-]{{1,{NAME_CHARS - 1}}}")
"""A user name: 2–16 letters, digits, '-' or '_', starting with a letter
(safe in a terminal, a log line and a file; nothing to escape)."""
NAME_RULE = f"a name is 2–{NAME_CHARS} letters, digits, '-' or '_', starting with a letter"
"""What a user name may be, as a person is told."""
ROOM_ID = re.compile(r"r\d{4,8}")
MAX_ROOMS = 10_000
"""The rooms a server holds at most, unless its operator says otherwise."""
ROOMS_PER_PERSON = 20
"""Unfinished rooms a person may have made at once, unless the operator says otherwise."""
RECORD_BYTES = 64 * 1024
"""A user's or room's record is refused unread beyond this size."""
LEGACY_BYTES = 256 * 1024 * 1024
"""The old single-file users and room index are migrated up to this size."""
MAX_WATCHERS = 200
"""Watchers a room's entry remembers (the latest), so that it stays small."""
PAGE = 10
"""Rooms in one page of the lobby's open rooms and of the newest games
(about what an 80x24 terminal shows of each)."""
DAMAGED = "this room's save is damaged"
"""What the players of a room whose save cannot be read are told."""


class RoomError(ValueError):
    """A room request that cannot be met; the message says why in one line."""


class StorageError(RoomError):
    """The data folder could not be written (read-only, full, failing); the
    message names no path and is fit for a remote player."""


@dataclass(frozen=True)
class RoomLimits:
    """How many rooms the operator allows."""

    rooms_per_person: int = ROOMS_PER_PERSON
    """Unfinished rooms one person may have made."""
    max_rooms: int = MAX_ROOMS
    """Rooms on the server (finished ones count: rooms stay)."""

    ENV = "TSQUARE_ROOM_LIMITS"
    """How the server hands them to a connection's process: 'PER_PERSON,MAX'."""

    def to_env(self) -> dict[str, str]:
        return {self.ENV: f"{self.rooms_per_person},{self.max_rooms}"}

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> RoomLimits:
        """The limits the server set (the defaults if it set none)."""
        text = (os.environ if env is None else env).get(cls.ENV, "")
        try:
            per, most = (int(x) for x in text.split(","))
            return cls(max(0, per), max(0, most))
        except ValueError:
            return cls()


def check_user_name(name: str) -> str:
    """`name` if it may be a user name; RoomError saying why not."""
    if not USER_NAME.fullmatch(name):
        raise RoomError(NAME_RULE)
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
    maker: str = ""
    """Who made the room ('' if not known: rooms from before it was kept)."""

    def seat_of(self, user: str) -> int | None:
        """The seat `user` plays here (None: none)."""
        return self.seats.index(user) if user in self.seats else None

    def open_seats(self) -> list[int]:
        """Seats nobody has taken yet."""
        return [i for i, s in enumerate(self.seats) if s is None]

    def has_bots(self) -> bool:
        """True if a bot plays a seat here."""
        return any(s is not None and s.startswith("bot:") for s in self.seats)

    def people(self) -> set[str]:
        """The people seated or watching here."""
        return {s for s in self.seats if s is not None and not s.startswith("bot:")} | set(self.watchers)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "created": self.created, "watchers": self.watchers,
                "maker": self.maker}

    @classmethod
    def from_json(cls, room_id: str, doc: dict[str, Any]) -> Room:
        seats = [None if s is None else str(s) for s in doc["seats"]]
        return cls(room_id, str(doc["game"]), seats, str(doc.get("created", "")),
                   [str(w) for w in doc.get("watchers", [])], str(doc.get("maker", "")))


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
    damaged: bool = False
    """The room's save cannot be read (the room stays listed, saying so)."""

    @property
    def your_turn(self) -> bool:
        """True when the user's seat must act now."""
        return self.seat is not None and self.seat in self.to_act and not self.damaged


def seat_label(seat: str | None) -> str:
    """A seat of the index in words."""
    if seat is None:
        return "(open)"
    if seat.startswith("bot:"):
        return f"bot {seat[4:]}"
    return seat


CANNOT_SAVE = "the server cannot save right now"
"""How a remote player is told that the server's storage refused a change."""


def not_played(exc: BaseException) -> str:
    """The one line for a move a room could not save, on the room's screen
    and in plain mode alike (no path of the server's)."""
    from engine.errors import NOT_PLAYED
    from engine.lock import SaveLockedError

    if isinstance(exc, SaveLockedError):
        why = "the room is busy; try again"
    elif str(exc).startswith(CANNOT_SAVE):  # the database's own words (NotSaved)
        why = str(exc)
    else:  # a save file's write failed: why, without its path
        why = storage_problem(exc)
    return f"{NOT_PLAYED}: {why}"


def storage_problem(exc: BaseException) -> str:
    """A failed write in words a remote player may read (no path)."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC or code == errno.EDQUOT:
        why = "its disk is full"
    elif code in (errno.EROFS, errno.EACCES, errno.EPERM):
        why = "its data folder is read-only"
    else:
        why = "its storage fails"
    return f"{CANNOT_SAVE} ({why}); try again later"


def _key_file(fingerprint: str) -> str:
    """A fingerprint as a file name ('SHA256:ab/c+' -> 'SHA256:ab_c+')."""
    name = fingerprint.replace("/", "_")
    if not name or name.startswith(".") or "\x00" in name or len(name) > 200:
        raise RoomError("a key this server cannot record")
    return name


def check_seats(ruleset: Any, seats: list[str | None]) -> str:
    """RoomError unless every seat of a new room is open (None), a bot level
    of `ruleset` ('bot:LEVEL') or a valid name; returns the room's maker
    (seat 1's person, '' when a bot or nobody sits there)."""
    for s in seats:
        if s is not None and s.startswith("bot:"):
            if s[4:] not in ruleset.bot_levels:
                raise RoomError(f"no bot level {s[4:]!r} in {ruleset.title} (levels: {', '.join(ruleset.bot_levels)})")
        elif s is not None:
            check_user_name(s)
    return seats[0] if seats and seats[0] is not None and not seats[0].startswith("bot:") else ""

