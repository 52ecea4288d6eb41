"""The server's data folder: who is who, and which rooms there are.

    DIR/host_key                  the server's SSH host key (made on first run)
    DIR/users/keys/FP             the name bound to a key (FP: its fingerprint, '/' written '_')
    DIR/users/names/NAME          the key that holds a name (NAME in lower case; made exclusively)
    DIR/users/rooms/NAME/rNNNN    a person's rooms, seated or watching (empty markers)
    DIR/rooms/rNNNN.json          each room's game: an ordinary save
    DIR/rooms/rNNNN.room          the room's entry: game, seats (user, bot or open), maker, watchers
    DIR/rooms/open/rNNNN          the rooms with a free seat (empty markers)
    DIR/rooms/bots/rNNNN          the rooms with a bot seat (empty markers)
    DIR/rooms/next                the next room's number (rooms are never deleted: also the count)
    DIR/rooms/changes             rewritten on every change of an entry: a lobby looks at its stat only
    DIR/rooms/claims/rNNNN.seatK  which process plays a seat now (the newest connection wins)
    DIR/server.log                problems met (a damaged file, a failed write), one line each

One small file per record, so a damaged or huge one costs one person or one
room, never everyone; and each question reads only the files it is about (a
person's rooms, a page of the open ones, a page of the newest), so the lobby
costs the same at 10 rooms and 10,000. The same shape fits SQL tables (users,
rooms, seats, watchers, a change counter) for a later database back end:
`Store`'s public methods are the interface.

Every change of a record is lock -> read fresh -> change -> atomic write (the
saves' own lock and writer), so the server and every player's process may
change them at once. A write that fails (read-only folder, disk full) is a
`StorageError` with a message fit for a remote player: no path of the
server's in it (the log gets the details). Nothing here imports the
network or the TUI.

The layout before this one (`users.json`, `rooms/index.json`) is migrated
when the server starts (`make`), nothing lost: the old files are kept as
`*.migrated`.
"""
from __future__ import annotations

import errno
import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn

from engine.errors import SaveError

USER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")
"""A user name: 2–16 letters, digits, '-' or '_', starting with a letter
(safe in a terminal, a log line and a file; nothing to escape)."""
ROOM_ID = re.compile(r"r\d{4,8}")
MAX_ROOMS = 10_000
"""The rooms a server holds at most, unless its operator says otherwise."""
ROOMS_PER_PERSON = 20
"""Unfinished rooms a person may have made at once, unless the operator says otherwise."""
RECORD_BYTES = 64 * 1024
"""A user's or room's record is refused unread beyond this size."""
LEGACY_BYTES = 256 * 1024 * 1024
"""The old single-file users and room index are migrated up to this size."""
PAGE = 20
"""Rooms in one page of the lobby's open rooms and of the newest games."""
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
    def from_env(cls, env: dict[str, str] | None = None) -> "RoomLimits":
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
    def from_json(cls, room_id: str, doc: dict[str, Any]) -> "Room":
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


def storage_problem(exc: BaseException) -> str:
    """A failed write in words a remote player may read (no path)."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC or code == errno.EDQUOT:
        why = "its disk is full"
    elif code in (errno.EROFS, errno.EACCES, errno.EPERM):
        why = "its data folder is read-only"
    else:
        why = "its storage fails"
    return f"the server cannot save right now ({why}); try again later"


def _key_file(fingerprint: str) -> str:
    """A fingerprint as a file name ('SHA256:ab/c+' -> 'SHA256:ab_c+')."""
    name = fingerprint.replace("/", "_")
    if not name or name.startswith(".") or "\x00" in name or len(name) > 200:
        raise RoomError("a key this server cannot record")
    return name


class Store:
    """The data folder of one server."""

    def __init__(self, root: Path, limits: RoomLimits | None = None, log: Callable[[str], None] | None = None) -> None:
        self.root = Path(root)
        """The data folder."""
        self.limits = limits or RoomLimits()
        self._log = log
        self._status_cache: dict[str, tuple[Any, RoomStatus]] = {}
        self._rooms_cache: dict[str, tuple[Any, Room | None]] = {}
        self._logged: set[str] = set()
        self._all: list[Room] = []
        self._all_mark: object = ()

    # -------------------------------------------------------------- places
    @property
    def rooms_dir(self) -> Path:
        return self.root / "rooms"

    @property
    def users_dir(self) -> Path:
        return self.root / "users"

    @property
    def host_key_path(self) -> Path:
        return self.root / "host_key"

    @property
    def log_path(self) -> Path:
        return self.root / "server.log"

    def room_path(self, room_id: str) -> Path:
        """The save of room `room_id`."""
        if not ROOM_ID.fullmatch(room_id):
            raise RoomError(f"no room {room_id!r}")
        return self.rooms_dir / f"{room_id}.json"

    def _entry_path(self, room_id: str) -> Path:
        return self.room_path(room_id).with_suffix(".room")

    def _person_dir(self, user: str) -> Path:
        return self.users_dir / "rooms" / user.lower()

    def make(self) -> None:
        """Create the folders (private to the server's user), migrate an old
        layout, and forget the seat claims of processes gone (the server
        calls it once at start, before anyone connects)."""
        for sub in ("rooms/open", "rooms/bots", "rooms/claims", "users/keys", "users/names", "users/rooms"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)
        self._migrate_users()
        self._migrate_index()
        self._repair_entries()
        for claim in os.scandir(self.rooms_dir / "claims"):
            try:
                os.unlink(claim.path)
            except OSError:
                pass

    # -------------------------------------------------------------- problems
    def log(self, problem: str) -> None:
        """Note a problem for the operator: the server's log (and its
        terminal, when the server's own store); each problem once per process."""
        if problem in self._logged:
            return
        self._logged.add(problem)
        line = f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} [{os.getpid()}] {problem}"
        if self._log is not None:
            self._log(problem)
        try:
            with open(self.log_path, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
        except OSError:
            pass  # a read-only or full folder: the terminal (if any) has it

    # -------------------------------------------------------------- files
    def _read_json(self, path: Path, limit: int = RECORD_BYTES) -> Any:
        """The JSON document at `path` (None if there is no such file);
        RoomError (logged) if it is unreadable, too large or not JSON."""
        try:
            with open(path, "rb") as fh:
                data = fh.read(limit + 1)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self.log(f"{path}: cannot read: {exc.strerror or exc}")
            raise RoomError("unreadable") from None
        if len(data) > limit:
            self.log(f"{path}: over {limit} bytes; ignored")
            raise RoomError("too large")
        try:
            return json.loads(data)
        except ValueError as exc:
            self.log(f"{path}: not valid JSON ({exc}); ignored")
            raise RoomError("damaged") from None

    def _write(self, path: Path, text: str) -> None:
        """Write `path` atomically; StorageError (logged, no path) if it cannot."""
        from engine.saves import write_atomic

        try:
            write_atomic(path, text)
        except (OSError, SaveError) as exc:
            self._storage_failed(path, exc)

    def _storage_failed(self, path: Path, exc: BaseException) -> NoReturn:
        self.log(f"{path}: cannot write: {exc}")
        raise StorageError(storage_problem(exc)) from None

    def _mark(self, path: Path, present: bool) -> None:
        """Make or remove the empty marker file `path`."""
        try:
            if present:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
            else:
                os.unlink(path)
        except FileNotFoundError:
            if present:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._mark(path, True)
        except OSError as exc:
            self._storage_failed(path, exc)

    def _locked(self, path: Path):
        """The lock of record `path` (StorageError if the lock cannot be made)."""
        from contextlib import contextmanager

        from engine.lock import SaveLockedError, save_lock

        @contextmanager
        def hold():
            try:
                lock = save_lock(path, timeout=5.0)
                lock.__enter__()
            except SaveLockedError:
                raise RoomError("the server is busy; try again") from None
            except SaveError as exc:
                self.log(f"{path}: {exc}")
                raise StorageError(storage_problem(_errno_of(str(exc)))) from None
            try:
                yield
            finally:
                lock.__exit__(None, None, None)

        return hold()

    def change_mark(self) -> tuple[int, int, int] | None:
        """What changes whenever a room is made, joined or watched (one stat)."""
        from engine.session import stat_key

        return stat_key(self.rooms_dir / "changes")

    def _changed(self) -> None:
        self._write(self.rooms_dir / "changes", f"{os.getpid()}-{time.monotonic_ns()}\n")

    # -------------------------------------------------------------- users
    def user_for(self, fingerprint: str) -> str | None:
        """The name bound to a key's fingerprint, or None for a new key;
        RoomError if that key's record is damaged (logged)."""
        try:
            path = self.users_dir / "keys" / _key_file(fingerprint)
        except RoomError:
            return None  # never bound: `bind` refuses such a key
        try:
            with open(path, "rb") as fh:
                text = fh.read(64).decode("utf-8", "replace").strip()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self.log(f"{path}: cannot read: {exc.strerror or exc}")
            raise RoomError("your name on this server cannot be read now; try again later") from None
        if not USER_NAME.fullmatch(text):
            self.log(f"{path}: damaged user record {text[:20]!r}")
            raise RoomError("your name on this server is damaged; the operator has been told")
        return text

    def bind(self, fingerprint: str, name: str) -> str:
        """Bind `name` to the key `fingerprint` for good; RoomError if the
        name is malformed or taken (names compare without case)."""
        check_user_name(name)
        keys = self.users_dir / "keys"
        with self._locked(keys / ".bind"):
            known = self.user_for(fingerprint)
            if known is not None:
                return known  # bound meanwhile by another connection
            claim = self.users_dir / "names" / name.lower()
            try:
                fd = os.open(claim, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                raise RoomError(f"the name {name} is taken; pick another") from None
            except OSError as exc:
                self._storage_failed(claim, exc)
            try:
                with os.fdopen(fd, "w") as fh:
                    fh.write(fingerprint + "\n")
                self._write(keys / _key_file(fingerprint), name + "\n")
            except (OSError, StorageError) as exc:
                try:
                    os.unlink(claim)
                except OSError:
                    pass
                if isinstance(exc, StorageError):
                    raise
                self._storage_failed(claim, exc)
        return name

    def _migrate_users(self) -> None:
        """users.json ({"keys": {fingerprint: name}}) -> one file per key.
        A damaged file gives up what it can still be read from it."""
        old = self.root / "users.json"
        if not old.exists():
            return
        text = ""
        try:
            with open(old, "rb") as fh:
                text = fh.read(LEGACY_BYTES).decode("utf-8", "replace")
            pairs = list(json.loads(text)["keys"].items())
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            pairs = re.findall(r'"([^"\\]{1,200})"\s*:\s*"([A-Za-z][A-Za-z0-9_-]{1,15})"', text)
            self.log(f"{old}: damaged ({exc}); {len(pairs)} names recovered from it")
        taken = {p.name for p in (self.users_dir / "names").iterdir()}
        for fp, name in pairs:
            if not isinstance(name, str) or not USER_NAME.fullmatch(name) or name.lower() in taken:
                continue
            try:
                keyfile = self.users_dir / "keys" / _key_file(str(fp))
            except RoomError:
                continue
            if keyfile.exists():
                continue
            (self.users_dir / "names" / name.lower()).write_text(f"{fp}\n")
            keyfile.write_text(name + "\n")
            taken.add(name.lower())
        os.replace(old, old.with_name("users.json.migrated"))
        self.log(f"{old}: migrated {len(pairs)} names to {self.users_dir}")

    # -------------------------------------------------------------- rooms: reading
    def room(self, room_id: str) -> Room:
        """The room `room_id`; RoomError if there is none (or its entry is damaged)."""
        room = self._entry(room_id)
        if room is None:
            raise RoomError(f"no room {room_id!r}")
        return room

    def _entry(self, room_id: str) -> Room | None:
        """The room's entry, read again only when its file changed (None:
        no such room, or a damaged entry, logged)."""
        from engine.session import stat_key

        path = self._entry_path(room_id)
        key = stat_key(path)
        cached = self._rooms_cache.get(room_id)
        if cached is not None and cached[0] == key and key is not None:
            return cached[1]
        room = None
        try:
            doc = self._read_json(path)
            if doc is not None:
                room = Room.from_json(room_id, doc)
        except RoomError:
            room = None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            self.log(f"{path}: damaged room entry ({exc}); the room is not listed")
        self._rooms_cache[room_id] = (key, room)
        return room

    def _ids(self, folder: Path) -> list[str]:
        """The room ids named in `folder` (markers), newest first."""
        try:
            names = os.listdir(folder)
        except OSError:
            return []
        return sorted((n for n in names if ROOM_ID.fullmatch(n)), key=lambda n: int(n[1:]), reverse=True)

    def room_count(self) -> int:
        """Rooms made on this server (one read: rooms are never deleted)."""
        return self._next() - 1

    def rooms_for(self, user: str) -> list[Room]:
        """The rooms `user` sits in or has watched, newest first."""
        out = []
        for rid in self._ids(self._person_dir(user)):
            room = self._entry(rid)
            if room is not None and user in room.people():
                out.append(room)
        return out

    def open_rooms(self, page: int = 0, per_page: int = PAGE) -> list[Room]:
        """A page of the rooms with a free seat, newest first."""
        ids = self._ids(self.rooms_dir / "open")
        out = []
        for rid in ids[page * per_page:(page + 1) * per_page]:
            room = self._entry(rid)
            if room is not None and room.open_seats():
                out.append(room)
        return out

    def open_count(self) -> int:
        """How many rooms have a free seat (one listing of the markers)."""
        try:
            return len(os.listdir(self.rooms_dir / "open"))
        except OSError:
            return 0

    def newest_rooms(self, page: int = 0, per_page: int = PAGE) -> list[Room]:
        """A page of every room, newest first (the numbers are dense)."""
        top = self._next() - 1 - page * per_page
        out = []
        for n in range(top, max(0, top - per_page), -1):
            room = self._entry(f"r{n:04d}")
            if room is not None:
                out.append(room)
        return out

    def bot_rooms(self) -> list[Room]:
        """The rooms with a bot seat, oldest first (one listing of their markers)."""
        rooms = (self._entry(rid) for rid in reversed(self._ids(self.rooms_dir / "bots")))
        return [r for r in rooms if r is not None]

    def rooms(self) -> list[Room]:
        """Every room, oldest first (reads every entry: for the bot runner
        and tools, never for a lobby)."""
        mark = self.change_mark()
        if mark is None or mark != self._all_mark:
            self._all = [r for r in (self._entry(f"r{n:04d}") for n in range(1, self._next())) if r is not None]
            self._all_mark = mark
        return list(self._all)

    def _next(self) -> int:
        try:
            return max(1, int((self.rooms_dir / "next").read_text().strip() or 1))
        except FileNotFoundError:
            return 1
        except (OSError, ValueError) as exc:
            self.log(f"{self.rooms_dir / 'next'}: unreadable ({exc}); counting the saves")
            return 1 + max((int(n[1:-5]) for n in os.listdir(self.rooms_dir) if re.fullmatch(r"r\d{4,8}\.json", n)),
                           default=0)

    # -------------------------------------------------------------- rooms: changing
    def create_room(
        self,
        game: str,
        seats: list[str | None],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        hints: bool = False,
    ) -> Room:
        """A new room of `game`; `seats` as in Room.seats (seat 1 is the
        maker's when a person sits there); `hints`: the people who sit down
        agree to hints. Its save is written before its entry names it."""
        from engine.record import GameRecord, now_iso
        from engine.saves import dumps
        from engine.session import stat_key
        from rulesets import REGISTRY

        ruleset = REGISTRY.get(game)
        for s in seats:
            if s is not None and s.startswith("bot:"):
                if s[4:] not in ruleset.bot_levels:
                    raise RoomError(f"no bot level {s[4:]!r} in {ruleset.title} (levels: {', '.join(ruleset.bot_levels)})")
            elif s is not None:
                check_user_name(s)
        maker = seats[0] if seats and seats[0] is not None and not seats[0].startswith("bot:") else ""
        if maker:
            made = [r for r in self.rooms_for(maker) if r.maker == maker]
            unfinished = [r for r in made if not self._over(r)]
            if len(unfinished) >= self.limits.rooms_per_person:
                n = len(unfinished)
                raise RoomError(f"you have made {n} unfinished room{'s' if n != 1 else ''}, the most allowed here; "
                                "finish one first")
        players = [_player(i, s) for i, s in enumerate(seats)]
        seed = int(time.time() * 1000) % 1_000_000_007 if seed is None else seed
        try:
            record = GameRecord.new(ruleset, players, seed, options, hints=hints)
        except ValueError as exc:
            raise RoomError(str(exc)) from None
        counter = self.rooms_dir / "next"
        with self._locked(counter):
            n = self._next()
            if n - 1 >= self.limits.max_rooms:
                raise RoomError(f"the server holds as many rooms as it may ({n - 1}); no new room can be made")
            room = Room(f"r{n:04d}", game, list(seats), now_iso(), maker=maker)
            self._write(counter, f"{n + 1}\n")
        path = self.room_path(room.id)
        self._write(path, dumps(record))
        self._write_summary(room.id, record, stat_key(path))
        self._write_entry(room)
        return room

    def _over(self, room: Room) -> bool:
        st = self.status(room, None)
        return st is not None and st.over

    def _write_entry(self, room: Room, before: Room | None = None) -> None:
        """Write the room's entry and its markers (the person's rooms, the
        open ones), then tell the lobbies."""
        self._write(self._entry_path(room.id), json.dumps(room.to_json(), sort_keys=True) + "\n")
        for person in room.people() - (before.people() if before else set()):
            self._mark(self._person_dir(person) / room.id, True)
        self._mark(self.rooms_dir / "open" / room.id, bool(room.open_seats()))
        if room.has_bots():
            self._mark(self.rooms_dir / "bots" / room.id, True)
        self._rooms_cache.pop(room.id, None)
        self._changed()

    def join(self, room_id: str, seat: int, user: str) -> Room:
        """Seat `user` at open `seat` of the room (the save's player is
        renamed too); RoomError if the seat is taken or the user sits there
        already."""
        from engine.lock import SaveLockedError, save_lock
        from engine.record import Player
        from engine.saves import SaveWriteError, load, save
        from engine.session import stat_key

        path = self.room_path(room_id)
        with self._locked(self._entry_path(room_id)):
            self._rooms_cache.pop(room_id, None)
            room = self.room(room_id)
            before = Room.from_json(room_id, room.to_json())
            if user in room.seats:
                raise RoomError(f"you already sit at seat {room.seats.index(user) + 1}")
            if not 0 <= seat < len(room.seats) or room.seats[seat] is not None:
                raise RoomError(f"seat {seat + 1} is not free")
            try:
                with save_lock(path):
                    try:
                        record = load(path)
                    except SaveError as exc:
                        self.log(f"{path}: {DAMAGED}: {exc}")
                        raise RoomError(f"room {room_id}: {DAMAGED}") from None
                    record.players[seat] = Player(user, "human")
                    save(record, path, clean=True)
                    self._write_summary(room_id, record, stat_key(path))
            except SaveLockedError:
                raise RoomError("the room is busy; try again") from None
            except SaveWriteError as exc:
                self._storage_failed(path, exc)
            except SaveError as exc:  # the lock could not be made
                self.log(f"{path}: {exc}")
                raise StorageError(storage_problem(_errno_of(str(exc)))) from None
            room.seats[seat] = user
            self._write_entry(room, before)
        return room

    def watch(self, room_id: str, user: str) -> Room:
        """Note that `user` watches the room."""
        with self._locked(self._entry_path(room_id)):
            self._rooms_cache.pop(room_id, None)
            room = self.room(room_id)
            if user not in room.watchers and user not in room.seats:
                before = Room.from_json(room_id, room.to_json())
                room.watchers.append(user)
                self._write_entry(room, before)
        return room

    def seed_copies(self, rooms: list[tuple[list[str | None], str]], game: str = "grid-square") -> None:
        """Many rooms at once, each (seats, save text) (benchmarks and tests:
        the text is written as it is, without a check)."""
        from engine.record import now_iso
        from engine.saves import from_json, parse
        from engine.session import stat_key

        n = self._next()
        records: dict[str, Any] = {}
        for seats, text in rooms:
            room = Room(f"r{n:04d}", game, list(seats), now_iso())
            path = self.room_path(room.id)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            if text not in records:
                records[text] = from_json(parse(text.encode()))
            self._write_summary(room.id, records[text], stat_key(path))
            with open(self._entry_path(room.id), "w", encoding="utf-8") as fh:
                fh.write(json.dumps(room.to_json(), sort_keys=True) + "\n")
            for person in room.people():
                self._mark(self._person_dir(person) / room.id, True)
            if room.open_seats():
                self._mark(self.rooms_dir / "open" / room.id, True)
            if room.has_bots():
                self._mark(self.rooms_dir / "bots" / room.id, True)
            n += 1
        (self.rooms_dir / "next").write_text(f"{n}\n")
        self._changed()

    # -------------------------------------------------------------- rooms: repair and migration
    def _migrate_index(self) -> None:
        """rooms/index.json (every entry in one file) -> one file per room;
        a damaged index is rebuilt from the saves (`_repair_entries`)."""
        old = self.rooms_dir / "index.json"
        if not old.exists():
            return
        try:
            with open(old, "rb") as fh:
                doc = json.loads(fh.read(LEGACY_BYTES))
            entries = dict(doc["rooms"])
            n = int(doc.get("next", 1))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            self.log(f"{old}: damaged ({exc}); rooms rebuilt from their saves")
            entries, n = {}, 1
        for rid, entry in sorted(entries.items()):
            if not ROOM_ID.fullmatch(rid) or self._entry_path(rid).exists():
                continue
            try:
                room = Room.from_json(rid, entry)
            except (KeyError, TypeError, ValueError, AttributeError):
                self.log(f"{old}: room {rid}'s entry is damaged; rebuilt from its save")
                continue
            room.maker = room.maker or (room.seats[0] if room.seats and room.seats[0] and
                                        not room.seats[0].startswith("bot:") else "")
            self._seed_entry(room)
            n = max(n, int(rid[1:]) + 1)
        if n > self._next():
            (self.rooms_dir / "next").write_text(f"{n}\n")
        os.replace(old, old.with_name("index.json.migrated"))
        self.log(f"{old}: migrated {len(entries)} rooms")

    def _seed_entry(self, room: Room) -> None:
        self._entry_path(room.id).write_text(json.dumps(room.to_json(), sort_keys=True) + "\n")
        for person in room.people():
            self._mark(self._person_dir(person) / room.id, True)
        if room.open_seats():
            self._mark(self.rooms_dir / "open" / room.id, True)
        if room.has_bots():
            self._mark(self.rooms_dir / "bots" / room.id, True)

    def _repair_entries(self) -> None:
        """Give every save without an entry one, from its players (a room
        made by a process that died between its save and its entry, or an
        index lost); fix the room counter. At start only: it lists the folder."""
        from engine.saves import SaveError as _SaveError
        from engine.session import game_on_disk

        top = 0
        names = set(os.listdir(self.rooms_dir))
        for name in names:
            if not re.fullmatch(r"r\d{4,8}\.json", name):
                continue
            rid = name[:-5]
            top = max(top, int(rid[1:]))
            if f"{rid}.room" in names:
                continue
            game = game_on_disk(self.rooms_dir / name)
            doc = None
            try:
                doc = json.loads((self.rooms_dir / name).read_bytes())
            except (OSError, ValueError, _SaveError):
                pass
            if game is None or not isinstance(doc, dict):
                self.log(f"{self.rooms_dir / name}: no entry and an unreadable save; left alone")
                continue
            seats: list[str | None] = []
            for i, (pname, kind) in enumerate(game.players):
                seats.append(kind if kind.startswith("bot:") else None if pname == f"open seat {i + 1}" else pname)
            room = Room(rid, str(doc.get("game", "")), seats, str(doc.get("created", "")))
            room.maker = seats[0] if seats and seats[0] and not seats[0].startswith("bot:") else ""
            self._seed_entry(room)
            self.log(f"{self.rooms_dir / name}: room {rid} had no entry; rebuilt from its save")
        if top + 1 > self._next():
            (self.rooms_dir / "next").write_text(f"{top + 1}\n")

    # -------------------------------------------------------------- seat claims
    def _claim_path(self, room_id: str, seat: int) -> Path:
        self.room_path(room_id)  # checks the id
        return self.rooms_dir / "claims" / f"{room_id}.seat{seat + 1}"

    def claim_seat(self, room_id: str, seat: int) -> str:
        """Mark this connection as the one playing `seat` (the newest wins);
        returns the token `holds_seat` checks. StorageError if it cannot be written."""
        token = f"{os.getpid()}-{time.monotonic_ns()}"
        self._write(self._claim_path(room_id, seat), token)
        return token

    def holds_seat(self, room_id: str, seat: int, token: str) -> bool:
        """False once a newer connection claimed the seat."""
        try:
            return self._claim_path(room_id, seat).read_text() == token
        except OSError:
            return True  # no claim file (removed by hand): nobody newer

    def release_seat(self, room_id: str, seat: int, token: str) -> None:
        """Drop this connection's claim (if still its own) as it leaves the room."""
        if self.holds_seat(room_id, seat, token):
            try:
                os.unlink(self._claim_path(room_id, seat))
            except OSError:
                pass

    def claims(self) -> dict[str, list[int]]:
        """Room id -> the process ids holding a seat claim there (one
        listing of the claims, as many as connections in rooms)."""
        out: dict[str, list[int]] = {}
        folder = self.rooms_dir / "claims"
        try:
            names = os.listdir(folder)
        except OSError:
            return out
        for name in names:
            room_id = name.split(".", 1)[0]
            try:
                pid = int((folder / name).read_text(errors="replace").split("-", 1)[0])
            except (OSError, ValueError):
                continue
            out.setdefault(room_id, []).append(pid)
        return out

    def claims_mark(self) -> tuple[int, int, int] | None:
        """What changes when a claim is made or dropped (one stat)."""
        from engine.session import stat_key

        return stat_key(self.rooms_dir / "claims")

    def claimants(self, room_id: str) -> list[int]:
        """The process ids that hold a seat claim in the room (any seat)."""
        return self.claims().get(room_id, [])

    def drop_claims(self, pid: int) -> None:
        """Forget the claims of a process that has ended."""
        for room_id, pids in self.claims().items():
            if pid in pids:
                for claim in (self.rooms_dir / "claims").glob(f"{room_id}.seat*"):
                    try:
                        if claim.read_text(errors="replace").split("-", 1)[0] == str(pid):
                            os.unlink(claim)
                    except OSError:
                        pass

    def save_marks(self, room_ids: Iterator[str] | list[str] | None = None) -> dict[str, tuple[int, int, int]]:
        """The (mtime, size, inode) of the saves of `room_ids` (default: the
        rooms with a seat claim), by room id: what changes when a move is
        saved. One stat per room asked about, none for the others."""
        from engine.session import stat_key

        marks = {}
        for room_id in (self.claims() if room_ids is None else room_ids):
            key = stat_key(self.rooms_dir / f"{room_id}.json")
            if key is not None:
                marks[room_id] = key
        return marks

    # -------------------------------------------------------------- status
    def status(self, room: Room, user: str | None) -> RoomStatus | None:
        """Where the room's game stands, for `user`; a damaged save gives a
        status marked `damaged` (logged). Loads a save only when its file
        changed since last asked."""
        from engine.session import stat_key

        path = self.room_path(room.id)
        key = stat_key(path)
        cached = self._status_cache.get(room.id)
        if cached is None or cached[0] != key:
            self._status_cache[room.id] = cached = (key, self._summary(room, path, key))
        base = cached[1]
        return RoomStatus(room, base.title, base.ply, base.to_act, base.over, room.seat_of(user) if user else None,
                          base.hints, base.damaged)

    def _summary(self, room: Room, path: Path, key: Any) -> RoomStatus:
        """The room's status (seat None) from its summary file if that was
        written for this very save (same stat), else from the save itself,
        then written down for the next lobby to ask."""
        doc = None
        try:
            doc = self._read_json(self._summary_path(room.id))
        except RoomError:
            pass
        if isinstance(doc, dict) and key is not None and doc.get("mark") == list(key):
            try:
                return RoomStatus(room, str(doc["title"]), int(doc["ply"]), tuple(int(s) for s in doc["to_act"]),
                                  bool(doc["over"]), None, bool(doc.get("hints", False)))
            except (KeyError, TypeError, ValueError):
                pass  # damaged: made again below
        from engine.saves import load

        try:
            record = load(path)
        except SaveError as exc:
            self.log(f"{path}: {DAMAGED}: {exc}")
            return RoomStatus(room, _title(room.game), 0, (), False, None, damaged=True)
        self._write_summary(room.id, record, key)
        over = record.state.is_over()
        return RoomStatus(room, record.ruleset.title, record.ply, () if over else tuple(record.state.to_act()), over,
                          None, record.hints)

    def _summary_path(self, room_id: str) -> Path:
        return self.room_path(room_id).with_suffix(".summary")

    def _write_summary(self, room_id: str, record: Any, key: Any) -> None:
        """Write what the lobby shows of `record`, as of the save's stat `key` (best effort)."""
        if key is None:
            return
        over = record.state.is_over()
        doc = {"mark": list(key), "title": record.ruleset.title, "ply": record.ply,
               "to_act": [] if over else list(record.state.to_act()), "over": over, "hints": bool(record.hints)}
        path = self._summary_path(room_id)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:  # a cache: replaced whole, but not worth an fsync
            tmp.write_text(json.dumps(doc) + "\n")
            os.replace(tmp, path)
        except OSError as exc:
            self.log(f"{path}: cannot write: {exc}")  # every lobby reads the save itself meanwhile
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def record_change(self, room_id: str, record: Any) -> None:
        """After a move in the room (`record` as just saved): write the
        room's summary, so that no lobby has to read the save for it. Only
        if the save on disk is still that record (else the next lobby to
        look makes the summary from the save)."""
        from engine.session import game_on_disk, stat_key

        path = self.room_path(room_id)
        key = stat_key(path)
        on_disk = game_on_disk(path)
        if on_disk is not None and on_disk.moves == tuple(record.moves) and stat_key(path) == key:
            self._write_summary(room_id, record, key)

    def lobby_rooms(self, user: str, page: int = 0) -> list[Room]:
        """What a person's lobby lists: their rooms, a page of the open
        ones and a page of the newest (each room once)."""
        seen: dict[str, Room] = {}
        for room in (*self.rooms_for(user), *self.open_rooms(page), *self.newest_rooms(page)):
            seen.setdefault(room.id, room)
        return list(seen.values())

    def statuses(self, user: str, page: int = 0) -> Iterator[RoomStatus]:
        """The status of each room `lobby_rooms` lists for `user`."""
        for room in self.lobby_rooms(user, page):
            st = self.status(room, user)
            if st is not None:
                yield st

    def your_turn(self, user: str) -> list[RoomStatus]:
        """The rooms where it is `user`'s turn (reads only the person's rooms)."""
        out = []
        for room in self.rooms_for(user):
            st = self.status(room, user)
            if st is not None and st.your_turn:
                out.append(st)
        return sorted(out, key=lambda s: s.room.id)


def _title(game: str) -> str:
    from rulesets import REGISTRY

    try:
        return REGISTRY.get(game).title
    except Exception:  # noqa: BLE001 (a game no longer installed)
        return game


def _errno_of(message: str) -> OSError:
    """An OSError carrying the errno a SaveError's message names (by its
    strerror), for `storage_problem`."""
    for code in (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM):
        if os.strerror(code) in message:
            return OSError(code, os.strerror(code))
    return OSError()


def _player(seat: int, who: str | None):
    from engine.record import Player

    if who is None:
        return Player(f"open seat {seat + 1}", "human")
    if who.startswith("bot:"):
        return Player(f"Bot {seat + 1}", who)
    return Player(who, "human")
