"""The server's rooms and players in a database (`backends`): the same
public methods as the file store (`tui.server.store.Store`, see
`interface.RoomStore`), so the lobby, the SSH front door and the bot runner
use either.

Tables (schema/0001_initial.sql): users (fingerprint -> name, first and
last seen), rooms (game, seats, watchers, maker, state open / playing /
over, whose turn, ply, the game's header, a change counter `version`),
moves (one row a ply, unique (room, ply)), room_people (whose rooms),
claims (who plays a seat now), changes (the lobbies' change mark);
sessions (schema/0003: the terminal sessions open on every door, leases
their doors renew, so that a key's limit holds across doors).

A room's game is its header (the save document without its moves) and its
moves; `load_game` puts them together and checks them as a save is checked
(replayed from the seed, snapshot compared). `commit_game` is a move's (or
an undo's, or an upgrade's) transaction: it writes only if the room is
still at the version its writer saw, so two front doors can never both
write ply N; the lobby's columns (ply, whose turn, over) change in the same
transaction, and the front doors are told at its commit.
"""
from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, AsyncIterator, Callable, ContextManager, Iterator

from engine.errors import SaveError
from tui.server.db import rated
from tui.server.db.backends import Conflict, Database, DatabaseDown, Tx, open_database
from tui.server.db.rooms import GameMovedOn, game_columns, room_id_of, room_number
from tui.server.folder import ServerFolder
from tui.server.lobby_queries import LobbyQueries
from tui.server.records import (
    DAMAGED,
    MAX_WATCHERS,
    PAGE,
    Room,
    RoomError,
    RoomLimits,
    RoomStatus,
    StorageError,
    check_seats,
    check_user_name,
)

if TYPE_CHECKING:
    from engine.record import GameRecord
    from engine.session import GameOnDisk
    from tui.server.db.rated import RoomTerms
    from tui.server.db.session import RoomSession

DB_ENV = "TSQUARE_DB"
"""How the server hands its database's URL to a connection's process."""
DOOR_ENV = "TSQUARE_DOOR"
"""How it hands its own name (host:pid): the seat claims of its connections carry it."""
ROOM_COLUMNS = "n, game, seats, watchers, maker, created, title, ply, to_act, state, hints, damaged"


def _now() -> str:
    from engine.record import now_iso

    return now_iso()





class DbStore(LobbyQueries, ServerFolder):
    """The rooms and players of a server, in a database."""

    def __init__(self, root: Path, db: Database | str = "sqlite", limits: RoomLimits | None = None,
                 log: Callable[[str], None] | None = None, door: str | None = None) -> None:
        self.root = Path(root)
        """The data folder (host key, log, crash reports; the SQLite file by default)."""
        self.db = open_database(db, self.root) if isinstance(db, str) else db
        self.limits = limits or RoomLimits()
        self._log = log
        self._logged: set[str] = set()
        self.door = door or os.environ.get(DOOR_ENV) or f"{socket.gethostname()}:{os.getpid()}"
        """This front door's name: its connections' seat claims carry it."""
        self._rows: dict[str, RoomStatus] = {}
        """The status (seat None) of every room last read, by id."""

    # -------------------------------------------------------------- places


    def room_path(self, room_id: str) -> Path:
        """Beside what a room's reviews are kept (its game is in the database;
        no file is ever written here)."""
        room_number(room_id)
        return self.root / "reviews" / f"{room_id}.json"

    def env(self) -> dict[str, str]:
        """What a connection's process needs to open this same store."""
        return {DB_ENV: self.db.url, DOOR_ENV: self.door}

    def make(self) -> list[str]:
        """Create or migrate the schema, take over an older data folder (its
        files moved to `pre-db/`), and forget this door's seat claims of
        processes gone (the server calls it once at start). Returns what was
        done, one line each (also logged). DatabaseDown or SchemaTooNew if
        the database cannot be served."""
        from tui.server.db import migrations, takeover

        (self.root / "reviews").mkdir(parents=True, exist_ok=True)
        try:
            os.chmod(self.root, 0o700)
        except OSError:
            pass
        done = [f"schema: applied {name}" for name in migrations.migrate(self.db)]
        done += takeover.take_over(self)
        self._q("DELETE FROM claims WHERE door = ?", (self.door,))
        self._q("DELETE FROM sessions WHERE door = ?", (self.door,))
        for line in done:  # the file only: the server prints them after its first line (which tools read)
            self._write_log(line)
        return done

    def close(self) -> None:
        self.db.close()

    # -------------------------------------------------------------- problems

    def _q(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One read (or one change) outside a transaction; a database down
        is logged and raised as the player's one line."""
        try:
            return self.db.read(sql, params)
        except DatabaseDown as exc:
            self.log(exc.detail)
            raise

    def _tx(self, write: bool = True) -> "ContextManager[Tx]":
        """A transaction whose failure is logged (the context manager)."""
        from contextlib import contextmanager

        @contextmanager
        def logged() -> Iterator[Tx]:
            try:
                with self.db.transaction(write) as tx:
                    yield tx
            except DatabaseDown as exc:
                self.log(exc.detail)
                raise

        return logged()

    def _changed(self, tx: Any, room_id: str) -> None:
        """Count a change the lobbies show, and tell the front doors."""
        tx.q("UPDATE changes SET counter = counter + 1 WHERE id = 1")
        self.db.notify(tx, room_id)

    def change_mark(self) -> int:
        """What changes whenever a room is made, joined, watched or moved in."""
        row = self._q("SELECT counter FROM changes WHERE id = 1")
        return int(row[0][0]) if row else 0

    # -------------------------------------------------------------- users
    def user_for(self, fingerprint: str) -> str | None:
        """The name bound to a key's fingerprint, or None for a new key
        (its last login is noted)."""
        rows = self._q("SELECT name FROM users WHERE fingerprint = ?", (fingerprint,))
        if not rows:
            return None
        try:
            with self._tx() as tx:
                tx.q("UPDATE users SET last_seen = ? WHERE fingerprint = ?", (_now(), fingerprint))
        except DatabaseDown:
            pass  # a read-only database still serves who is who
        return str(rows[0][0])

    def bind(self, fingerprint: str, name: str) -> str:
        """Bind `name` to the key `fingerprint` for good; RoomError if the
        name is malformed or taken (names compare without case)."""
        check_user_name(name)
        if not fingerprint or len(fingerprint) > 200:
            raise RoomError("a key this server cannot record")
        try:
            with self._tx() as tx:
                known = tx.one("SELECT name FROM users WHERE fingerprint = ?", (fingerprint,))
                if known is not None:
                    return str(known[0])
                now = _now()
                tx.q("INSERT INTO users (fingerprint, name, name_key, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)",
                     (fingerprint, name, name.lower(), now, now))
        except Conflict:
            known_name = self.user_for(fingerprint)
            if known_name is not None:
                return known_name  # bound meanwhile by another connection
            raise RoomError(f"the name {name} is taken; pick another") from None
        return name

    def users(self) -> dict[str, str]:
        """Every key's name (for tools and the takeover's check)."""
        return {str(fp): str(name) for fp, name in self._q("SELECT fingerprint, name FROM users")}

    # -------------------------------------------------------------- sessions (schema/0004_sessions.sql)
    def open_session(self, fingerprint: str, most: int, lease: float) -> str | None:
        """Count a new terminal session of the key, on whichever door: its
        token, or None when the key has `most` sessions open already. The
        session lapses `lease` seconds from now unless `renew_sessions`."""
        now = time.time()
        token = f"{self.door}/{time.monotonic_ns()}"
        with self._tx() as tx:
            # the key's row first (locked to this transaction): two doors count one key in turn
            tx.q("UPDATE users SET last_seen = last_seen WHERE fingerprint = ?", (fingerprint,))
            tx.q("DELETE FROM sessions WHERE fingerprint = ? AND expires < ?", (fingerprint, now))
            (count,) = tx.q("SELECT COUNT(*) FROM sessions WHERE fingerprint = ?", (fingerprint,))[0]
            if int(count) >= most:
                return None
            tx.q("INSERT INTO sessions (token, fingerprint, door, expires) VALUES (?, ?, ?, ?)",
                 (token, fingerprint, self.door, now + lease))
        return token

    def close_session(self, token: str) -> None:
        """A session ended: its place is free (if the database cannot be
        told, the lease lapses)."""
        try:
            with self._tx() as tx:
                tx.q("DELETE FROM sessions WHERE token = ?", (token,))
        except DatabaseDown:
            pass

    def renew_sessions(self, lease: float) -> None:
        """This door lives: its sessions' leases run `lease` seconds from now."""
        with self._tx() as tx:
            tx.q("UPDATE sessions SET expires = ? WHERE door = ?", (time.time() + lease, self.door))

    def end_sessions(self) -> None:
        """This door stops: its sessions free their places."""
        with self._tx() as tx:
            tx.q("DELETE FROM sessions WHERE door = ?", (self.door,))

    # -------------------------------------------------------------- rooms: reading
    def _room_of(self, row: tuple[Any, ...]) -> Room:
        n, game, seats, watchers, maker, created, title, ply, to_act, state, hints, damaged = row
        room = Room(room_id_of(int(n)), str(game), json.loads(seats), str(created), json.loads(watchers), str(maker))
        self._rows[room.id] = RoomStatus(room, str(title), int(ply), tuple(json.loads(to_act)), state == "over",
                                         None, bool(hints), bool(damaged))
        return room

    def _rooms(self, where: str, params: tuple[Any, ...] = (), tail: str = "ORDER BY n DESC") -> list[Room]:
        return [self._room_of(r) for r in self._q(f"SELECT {ROOM_COLUMNS} FROM rooms {where} {tail}", params)]

    def room(self, room_id: str) -> Room:
        """The room `room_id`; RoomError if there is none."""
        rooms = self._rooms("WHERE n = ?", (room_number(room_id),), "")
        if not rooms:
            raise RoomError(f"no room {room_id!r}")
        return rooms[0]

    def room_count(self) -> int:
        """Rooms made on this server (rooms are never deleted)."""
        return int(self._q("SELECT COUNT(*) FROM rooms")[0][0])

    def rooms_for(self, user: str) -> list[Room]:
        """The rooms `user` sits in or has watched, newest first."""
        rooms = self._rooms("WHERE n IN (SELECT room FROM room_people WHERE person = ?)", (user.lower(),))
        return [r for r in rooms if user in r.people()]

    def open_rooms(self, page: int = 0, per_page: int = PAGE) -> list[Room]:
        """A page of the rooms with a free seat, newest first."""
        return self._rooms("WHERE open_seats > 0", (), f"ORDER BY n DESC LIMIT {int(per_page)} OFFSET {int(page) * int(per_page)}")

    def open_count(self) -> int:
        return int(self._q("SELECT COUNT(*) FROM rooms WHERE open_seats > 0")[0][0])

    def newest_rooms(self, page: int = 0, per_page: int = PAGE) -> list[Room]:
        """A page of every room, newest first."""
        return self._rooms("", (), f"ORDER BY n DESC LIMIT {int(per_page)} OFFSET {int(page) * int(per_page)}")

    def bot_rooms(self) -> list[Room]:
        """The rooms with a bot seat whose game goes on, oldest first."""
        return self._rooms("WHERE (has_bots = 1 OR n IN (SELECT room FROM room_terms WHERE stand_ins <> '[]')) "
                           "AND state <> 'over'", (), "ORDER BY n")

    def rooms(self) -> list[Room]:
        """Every room, oldest first (for tools; never for a lobby)."""
        return self._rooms("", (), "ORDER BY n")

    # -------------------------------------------------------------- rooms: changing
    def create_room(self, game: str, seats: list[str | None], options: dict[str, Any] | None = None,
                    seed: int | None = None, hints: bool = False, terms: "RoomTerms | None" = None) -> Room:
        """A new room of `game` (as the file store's `create_room`; `terms`:
        rated or not, its move clock, see `rated.RoomTerms`)."""
        from engine.record import GameRecord
        from engine.registry import REGISTRY
        from tui.server.store import _player

        ruleset = REGISTRY.get(game)
        maker = check_seats(ruleset, seats)
        if terms is not None:
            rated.check_terms(terms, seats, ruleset.bot_levels, hints)
        players = [_player(i, s) for i, s in enumerate(seats)]
        seed = int(time.time() * 1000) % 1_000_000_007 if seed is None else seed
        try:
            record = GameRecord.new(ruleset, players, seed, options, hints=hints)
        except ValueError as exc:
            raise RoomError(str(exc)) from None
        cols = game_columns(record)
        for _ in range(20):  # another front door took the number meanwhile: the next one
            try:
                with self._tx() as tx:
                    if maker:
                        (made,) = tx.q("SELECT COUNT(*) FROM rooms WHERE maker = ? AND state <> 'over'", (maker,))[0]
                        if made >= self.limits.rooms_per_person:
                            raise RoomError(f"you have made {made} unfinished room{'s' if made != 1 else ''}, the "
                                            "most allowed here; finish one first")
                    count, top = tx.q("SELECT COUNT(*), COALESCE(MAX(n), 0) FROM rooms")[0]
                    if count >= self.limits.max_rooms:
                        raise RoomError(f"the server holds as many rooms as it may ({count}); no new room can be made")
                    room = Room(room_id_of(int(top) + 1), game, list(seats), record.created, maker=maker)
                    self._insert_room(tx, room, cols)
                    if terms is not None:
                        rated.put_terms(tx, room_number(room.id), terms, room.seats, record)
                    self._changed(tx, room.id)
                break
            except Conflict:
                continue
        else:
            raise RoomError("the server is busy; try again")
        self.db.told(room.id)
        return room

    def _insert_room(self, tx: Any, room: Room, cols: dict[str, Any], damaged: bool = False,
                     moves: list[tuple[int, str]] | None = None) -> None:
        n = room_number(room.id)
        state = "over" if cols["over"] else "open" if room.open_seats() else "playing"
        tx.q("INSERT INTO rooms (n, game, seats, watchers, maker, created, open_seats, has_bots, state, title, ply, "
             "to_act, hints, damaged, version, header) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)",
             (n, room.game, json.dumps(room.seats), json.dumps(room.watchers), room.maker, room.created,
              len(room.open_seats()), int(room.has_bots()), state, cols["title"], cols["ply"], cols["to_act"],
              int(cols["hints"]), int(damaged), cols["header"]))
        for ply, (seat, text) in enumerate(moves or []):
            tx.q("INSERT INTO moves (room, ply, seat, notation) VALUES (?, ?, ?, ?)", (n, ply, seat, text))
        for person in room.people():
            tx.q("INSERT INTO room_people (person, room) VALUES (?, ?) ON CONFLICT DO NOTHING", (person.lower(), n))

    def join(self, room_id: str, seat: int, user: str) -> Room:
        """Seat `user` at open `seat` of the room (the game's player is
        renamed too); RoomError if the seat is taken or the user sits there
        already."""
        n = room_number(room_id)
        with self._tx() as tx:
            row = tx.one(f"SELECT {ROOM_COLUMNS}, header FROM rooms WHERE n = ?", (n,))
            if row is None:
                raise RoomError(f"no room {room_id!r}")
            room = self._room_of(row[:-1])
            if row[11]:
                raise RoomError(f"room {room_id}: {DAMAGED}")
            if user in room.seats:
                raise RoomError(f"you already sit at seat {room.seats.index(user) + 1}")
            if not 0 <= seat < len(room.seats) or room.seats[seat] is not None:
                raise RoomError(f"seat {seat + 1} is not free")
            room.seats[seat] = user
            header = json.loads(row[-1])
            header["players"][seat] = {"name": user, "kind": "human"}
            over = row[9] == "over"
            state = "over" if over else "open" if room.open_seats() else "playing"
            tx.q("UPDATE rooms SET seats = ?, open_seats = ?, state = ?, header = ?, version = version + 1 WHERE n = ?",
                 (json.dumps(room.seats), len(room.open_seats()), state,
                  json.dumps(header, sort_keys=True, ensure_ascii=False), n))
            tx.q("INSERT INTO room_people (person, room) VALUES (?, ?) ON CONFLICT DO NOTHING", (user.lower(), n))
            self._changed(tx, room_id)
        self.db.told(room_id)
        return self.room(room_id)

    def watch(self, room_id: str, user: str) -> Room:
        """Note that `user` watches the room."""
        n = room_number(room_id)
        with self._tx() as tx:
            row = tx.one(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE n = ?", (n,))
            if row is None:
                raise RoomError(f"no room {room_id!r}")
            room = self._room_of(row)
            if user in room.watchers or user in room.seats:
                return room
            room.watchers = room.watchers[-(MAX_WATCHERS - 1):] + [user]
            tx.q("UPDATE rooms SET watchers = ? WHERE n = ?", (json.dumps(room.watchers), n))
            tx.q("INSERT INTO room_people (person, room) VALUES (?, ?) ON CONFLICT DO NOTHING", (user.lower(), n))
            tx.q("UPDATE changes SET counter = counter + 1 WHERE id = 1")
        return room

    def seed_copies(self, rooms: list[tuple[list[str | None], str]], game: str = "grid-square") -> None:
        """Many rooms at once, each (seats, save text) (benchmarks and tests)."""
        from engine.saves import from_json, parse

        records: dict[str, Any] = {}
        with self._tx() as tx:
            (top,) = tx.q("SELECT COALESCE(MAX(n), 0) FROM rooms")[0]
            n = int(top) + 1
            for seats, text in rooms:
                if text not in records:
                    rec = from_json(parse(text.encode()))
                    records[text] = (game_columns(rec), list(rec.moves))
                cols, moves = records[text]
                self._insert_room(tx, Room(room_id_of(n), game, list(seats), _now()), cols, moves=moves)
                n += 1
            self._changed(tx, room_id_of(n - 1))

    # -------------------------------------------------------------- the games
    def load_game(self, room_id: str) -> tuple["GameRecord", int]:
        """The room's game, checked as a save is (replayed, snapshot
        compared), and its version; SaveError if it cannot be read,
        RoomError if there is no such room."""
        from engine.saves import from_json

        n = room_number(room_id)
        with self._tx(write=False) as tx:  # one snapshot of header and moves
            row = tx.one("SELECT header, version, damaged FROM rooms WHERE n = ?", (n,))
            if row is None:
                raise RoomError(f"no room {room_id!r}")
            moves = tx.q("SELECT seat, notation, stand_in FROM moves WHERE room = ? ORDER BY ply", (n,))
        try:
            doc = json.loads(row[0])
            doc["moves"] = [[int(seat) + 1, str(text)] for seat, text, _ in moves]
            doc["stand_ins"] = [[ply + 1, str(by)] for ply, (_, _, by) in enumerate(moves) if by is not None]
        except (ValueError, TypeError) as exc:
            raise SaveError(f"room {room_id}: {DAMAGED} ({exc})") from None
        return from_json(doc, f"room {room_id}"), int(row[1])

    def game_version(self, room_id: str) -> int | None:
        """The room's change counter (None: no such room): one indexed read."""
        rows = self._q("SELECT version FROM rooms WHERE n = ?", (room_number(room_id),))
        return int(rows[0][0]) if rows else None

    def stored_game(self, room_id: str) -> "GameOnDisk | None":
        """The moves and players of the room's game as stored, unreplayed."""
        from engine.session import GameOnDisk

        n = room_number(room_id)
        with self._tx(write=False) as tx:
            row = tx.one("SELECT header FROM rooms WHERE n = ?", (n,))
            moves = tx.q("SELECT seat, notation FROM moves WHERE room = ? ORDER BY ply", (n,))
        if row is None:
            return None
        try:
            players = tuple((str(p["name"]), str(p["kind"])) for p in json.loads(row[0])["players"])
        except (ValueError, KeyError, TypeError):
            return None
        return GameOnDisk(tuple((int(s), str(t)) for s, t in moves), players)

    def commit_game(self, room_id: str, record: "GameRecord", seen: int, keep: int) -> int:
        """Write the room's game as `record` if the room is still at version
        `seen` (its first `keep` moves unchanged, the rest replaced): one
        transaction; the new version. GameMovedOn if another wrote first."""
        n = room_number(room_id)
        cols = game_columns(record)
        with self._tx() as tx:
            rows = tx.q("UPDATE rooms SET version = version + 1, ply = ?, to_act = ?, title = ?, hints = ?, header = ?, "
                        "state = CASE WHEN ? THEN 'over' WHEN open_seats > 0 THEN 'open' ELSE 'playing' END "
                        "WHERE n = ? AND version = ? RETURNING version",
                        (cols["ply"], cols["to_act"], cols["title"], int(cols["hints"]), cols["header"], cols["over"],
                         n, seen))
            if not rows:
                raise GameMovedOn(room_id)
            tx.q("DELETE FROM moves WHERE room = ? AND ply >= ?", (n, keep))
            taken_back = tx.rowcount > 0
            for ply in range(keep, record.ply):
                seat, text = record.moves[ply]
                try:
                    tx.q("INSERT INTO moves (room, ply, seat, notation, stand_in) VALUES (?, ?, ?, ?, ?)",
                         (n, ply, seat, text, record.stand_ins.get(ply)))
                except Conflict:
                    raise GameMovedOn(room_id) from None
            rated.on_commit(tx, n, record, keep, taken_back)  # the clock starts again; a rated game's end is rated
            self._changed(tx, room_id)
        self.db.told(room_id)
        return int(rows[0][0])

    def open_game(self, room_id: str) -> "RoomSession":
        """A session of the room's game (SaveError if it cannot be read)."""
        from tui.server.db.session import RoomSession

        return RoomSession.open(self, room_id)

    def export(self, room_id: str) -> str:
        """The room's game as an ordinary tsquare-save file's text."""
        from engine.saves import dumps

        return dumps(self.load_game(room_id)[0])

    def bot_target(self, room_id: str, since: float | None = None) -> str:
        """What the bot pool's job is handed for a room; `since`: when the
        runner saw the change that may have made it a bot's turn (wall
        clock), from which the bot's budget of time runs (`bot_turn.hurry`)."""
        room_number(room_id)
        return json.dumps([room_id, str(self.root), self.db.url, since])

    # -------------------------------------------------------------- seat claims
    def claim_seat(self, room_id: str, seat: int) -> str:
        """Mark this connection as the one playing `seat` (the newest wins)."""
        token = f"{os.getpid()}-{time.monotonic_ns()}"
        with self._tx() as tx:
            tx.q("INSERT INTO claims (room, seat, token, door, pid) VALUES (?, ?, ?, ?, ?) ON CONFLICT (room, seat) "
                 "DO UPDATE SET token = excluded.token, door = excluded.door, pid = excluded.pid",
                 (room_number(room_id), seat, token, self.door, os.getpid()))
            if rated.person_came(tx, room_number(room_id), seat):  # their clock starts, or their stand-in stops
                self._changed(tx, room_id)
        return token

    def holds_seat(self, room_id: str, seat: int, token: str) -> bool:
        """False once a newer connection claimed the seat."""
        try:
            rows = self._q("SELECT token FROM claims WHERE room = ? AND seat = ?", (room_number(room_id), seat))
        except DatabaseDown:
            return True  # cannot tell: the move's own commit will say
        return not rows or rows[0][0] == token

    def release_seat(self, room_id: str, seat: int, token: str) -> None:
        try:
            with self._tx() as tx:
                tx.q("DELETE FROM claims WHERE room = ? AND seat = ? AND token = ?", (room_number(room_id), seat, token))
        except DatabaseDown:
            pass

    def claims(self) -> dict[str, list[int]]:
        """Room id -> the processes of this front door holding a seat there."""
        out: dict[str, list[int]] = {}
        for n, pid in self._q("SELECT room, pid FROM claims WHERE door = ?", (self.door,)):
            out.setdefault(room_id_of(int(n)), []).append(int(pid))
        return out

    def claims_mark(self) -> int:
        return self.change_mark()

    def claimants(self, room_id: str) -> list[int]:
        """This front door's processes that hold a seat claim in the room."""
        return [int(p) for (p,) in self._q("SELECT pid FROM claims WHERE room = ? AND door = ?",
                                            (room_number(room_id), self.door))]

    def drop_claims(self, pid: int) -> None:
        """Forget the claims of a process of this door that has ended."""
        try:
            with self._tx() as tx:
                tx.q("DELETE FROM claims WHERE door = ? AND pid = ?", (self.door, pid))
        except DatabaseDown:
            pass

    def save_marks(self, room_ids: Iterator[str] | list[str] | None = None) -> dict[str, tuple[int, int, int]]:
        """Each room's change counter (as a mark, like the file store's stat):
        one query for all of them."""
        ids = list(self.claims() if room_ids is None else room_ids)
        if not ids:
            return {}
        nums = [room_number(r) for r in ids]
        marks = {}
        for i in range(0, len(nums), 500):
            part = nums[i:i + 500]
            rows = self._q(f"SELECT n, version FROM rooms WHERE n IN ({', '.join('?' * len(part))})", tuple(part))
            marks.update({room_id_of(int(n)): (int(v), 0, 0) for n, v in rows})
        return marks

    async def pushes(self) -> AsyncIterator[str]:
        """Room ids as any process commits a change to them."""
        async for room_id in self.db.pushes():
            yield room_id

    # -------------------------------------------------------------- status
    def status(self, room: Room, user: str | None) -> RoomStatus | None:
        """Where the room's game stands for `user`, as last read (every
        listing reads it; the lobby lists again whenever anything changed)."""
        base = self._rows.get(room.id)
        if base is None:
            try:
                self.room(room.id)
            except RoomError:
                return None
            base = self._rows[room.id]
        return RoomStatus(room, base.title, base.ply, base.to_act, base.over, room.seat_of(user) if user else None,
                          base.hints, base.damaged)

    def record_change(self, room_id: str, record: Any) -> None:
        """Nothing to do: a move's transaction writes the lobby's columns."""


__all__ = ["DB_ENV", "DOOR_ENV", "DbStore", "GameMovedOn", "StorageError", "room_id_of", "room_number"]
