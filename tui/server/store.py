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
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn

from engine.errors import SaveError
from tui.server.folder import ServerFolder
from tui.server.lobby_queries import LobbyQueries
from tui.server.records import (  # noqa: F401 (the store's names, importable from here as before)
    DAMAGED,
    MAX_ROOMS,
    MAX_WATCHERS,
    PAGE,
    RECORD_BYTES,
    ROOM_ID,
    ROOMS_PER_PERSON,
    USER_NAME,
    Room,
    RoomError,
    RoomLimits,
    RoomStatus,
    StorageError,
    _key_file,
    check_seats,
    check_user_name,
    seat_label,
    storage_problem,
)

if TYPE_CHECKING:
    from engine.record import Player
    from engine.session import GameSession


class Store(LobbyQueries, ServerFolder):
    """The data folder of one server."""

    def __init__(self, root: Path, limits: RoomLimits | None = None, log: Callable[[str], None] | None = None) -> None:
        self.root = Path(root)
        """The data folder."""
        self.rooms_dir = self.root / "rooms"
        """The rooms' saves, entries and summaries."""
        self.users_dir = self.root / "users"
        """The users' records."""
        self.limits = limits or RoomLimits()
        self._log = log
        self._status_cache: dict[str, tuple[Any, RoomStatus]] = {}
        self._rooms_cache: dict[str, tuple[Any, Room | None]] = {}
        self._logged: set[str] = set()
        self._all: dict[str, Room | None] = {}
        """Every room's entry as `rooms` last read it (None: none or damaged)."""
        self._all_top = 0
        """The highest room number `rooms` has read."""
        self._log_at = -1
        """How much of the change log `rooms` has read (-1: nothing yet)."""

    # -------------------------------------------------------------- places



    def room_path(self, room_id: str) -> Path:
        """The save of room `room_id`."""
        if not ROOM_ID.fullmatch(room_id):
            raise RoomError(f"no room {room_id!r}")
        return self.rooms_dir / f"{room_id}.json"

    def _entry_path(self, room_id: str) -> Path:
        self.room_path(room_id)  # checks the id
        return self.rooms_dir / f"{room_id}.room"

    def _person_dir(self, user: str) -> Path:
        return self.users_dir / "rooms" / user.lower()

    def make(self) -> None:
        """Create the folders (private to the server's user), migrate an old
        layout, and forget the seat claims of processes gone (the server
        calls it once at start, before anyone connects)."""
        for sub in ("rooms/open", "rooms/bots", "rooms/claims", "users/keys", "users/names", "users/rooms"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        from tui.server import migrate

        try:
            os.chmod(self.root, 0o700)
            migrate.migrate_users(self)
            migrate.migrate_index(self)
            migrate.repair_entries(self)
        except OSError as exc:  # a read-only or full folder: serve what there is
            self.log(f"{self.root}: cannot finish opening the data folder ({exc}); serving it as it is")
        for claim in os.scandir(self.rooms_dir / "claims"):
            try:
                os.unlink(claim.path)
            except OSError:
                pass

    # -------------------------------------------------------------- problems

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

    def _locked(self, path: Path) -> AbstractContextManager[None]:
        """The lock of record `path` (StorageError if the lock cannot be made)."""
        from contextlib import contextmanager

        from engine.lock import SaveLockedError, save_lock

        @contextmanager
        def hold() -> Iterator[None]:
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
        """What changes whenever a room is made, joined or watched (one stat
        of the change log)."""
        from engine.session import stat_key

        return stat_key(self.rooms_dir / "changes")

    def _changed(self, room_id: str) -> None:
        """Append the room to the change log (`rooms/changes`, a room id a
        line: what a reader of every room reads again; its stat is the
        lobbies' change mark)."""
        path = self.rooms_dir / "changes"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, f"{room_id}\n".encode())
            finally:
                os.close(fd)
        except OSError as exc:
            self._storage_failed(path, exc)

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
        """Every room, oldest first (for tools; never for a lobby). Read
        whole once; after that only the rooms named in the change log since
        the last call, and the new ones."""
        try:
            size = os.stat(self.rooms_dir / "changes").st_size
        except OSError:
            size = 0
        if size != self._log_at:
            if 0 <= self._log_at < size:
                with open(self.rooms_dir / "changes", "rb") as fh:
                    fh.seek(self._log_at)
                    changed = fh.read(size - self._log_at).decode("ascii", "replace").split()
            else:  # the first call, or a log started again: every room
                changed, self._all, self._all_top = [], {}, 0
            for rid in changed:
                if rid in self._all:  # (a newer room comes in below, in order)
                    self._rooms_cache.pop(rid, None)
                    self._all[rid] = self._entry(rid)
            self._log_at = size
        for n in range(self._all_top + 1, self._next()):
            self._all[f"r{n:04d}"] = self._entry(f"r{n:04d}")
            self._all_top = n
        return [r for r in self._all.values() if r is not None]

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
        from engine.registry import REGISTRY
        from engine.saves import dumps
        from engine.session import stat_key

        ruleset = REGISTRY.get(game)
        maker = check_seats(ruleset, seats)
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
        """Write the room's entry and its markers, then tell the lobbies."""
        self._put_entry(room, before)
        self._changed(room.id)

    def _put_entry(self, room: Room, before: Room | None = None, bulk: bool = False) -> None:
        """The room's entry and its markers (the people's rooms, the open
        ones, those with bots); `before`: the entry it replaces, whose
        people are marked already. `bulk` (a migration, many rooms seeded
        at once): a plain write instead of an atomic one."""
        text = json.dumps(room.to_json(), sort_keys=True) + "\n"
        if bulk:
            self._entry_path(room.id).write_text(text, encoding="utf-8")
        else:
            self._write(self._entry_path(room.id), text)
        for person in room.people() - (before.people() if before else set()):
            self._mark(self._person_dir(person) / room.id, True)
        self._mark(self.rooms_dir / "open" / room.id, bool(room.open_seats()))
        if room.has_bots():
            self._mark(self.rooms_dir / "bots" / room.id, True)
        self._rooms_cache.pop(room.id, None)

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
                room.watchers = room.watchers[-(MAX_WATCHERS - 1):] + [user]  # the entry stays small
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
            self._put_entry(room, bulk=True)
            n += 1
        (self.rooms_dir / "next").write_text(f"{n}\n")
        self._changed(f"r{n - 1:04d}")

    def open_game(self, room_id: str) -> GameSession:
        """A session of the room's save (SaveError if it cannot be read)."""
        from engine.session import GameSession

        return GameSession.open(self.room_path(room_id))

    def export(self, room_id: str) -> str:
        """The room's save, as its text."""
        self.room(room_id)
        return self.room_path(room_id).read_text(encoding="utf-8")

    def bot_target(self, room_id: str, since: float | None = None) -> str:
        """What the bot pool's job is handed for a room: its save's path
        (the job takes when the turn began from the save's mtime, not `since`)."""
        return str(self.room_path(room_id))

    def env(self) -> dict[str, str]:
        """What a connection's process needs to open this same store (the folder: nothing)."""
        return {}

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
        self.room_path(room_id)  # checks the id
        return self.rooms_dir / f"{room_id}.summary"

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


def _title(game: str) -> str:
    from engine.registry import REGISTRY

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


def _player(seat: int, who: str | None) -> Player:
    from engine.record import Player

    if who is None:
        return Player(f"open seat {seat + 1}", "human")
    if who.startswith("bot:"):
        return Player(f"Bot {seat + 1}", who)
    return Player(who, "human")
