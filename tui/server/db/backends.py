"""The two databases the server may keep its rooms in, behind one small
surface: run statements in a transaction (`transaction()`), read outside
one (`read`), tell other processes a room changed (`notify` inside the
move's transaction, delivered at its commit), and hear of such changes
(`pushes`).

- `SqliteDatabase`: the standard library's sqlite3, WAL mode, one file in
  the data folder; transactions are `BEGIN IMMEDIATE` (one writer at a
  time, readers never wait). Pushes go to the one server process on the
  host through a Unix datagram socket named after the database file.
- `PostgresDatabase`: psycopg 3 (the extra `tsquare[postgres]`), a
  connection per process, made again after a drop; pushes are
  `NOTIFY tsquare_rooms` (every front door `LISTEN`s).

Statements are written once, with `?` placeholders (`%s` for PostgreSQL).
Every failure of the database itself (unreachable, dropped, full disk) is
a `DatabaseDown` whose message names no path nor host: the caller logs
`detail` and tells the player the one line.

A database that stops answering (a hung disk, a cut network, a stopped
server) holds nobody for long: SQLite waits BUSY_SECONDS for another
writer; a PostgreSQL transaction is given up after STALL_SECONDS (the
client cuts its own socket, `watchdog.py`; the server's
`statement_timeout` and TCP keepalives catch what it can see itself) and
is a `DatabaseStalled`. Its commit carries a deadline the server checks
as it commits (`_COMMIT`), so a transaction given up can never commit
later when the server wakes. After a stall the process's calls fail at
once (nobody waits twice) until a thread of its own, trying every
PROBE_SECONDS, finds the database answering again.
"""
from __future__ import annotations

import asyncio
import hashlib
import os
import socket
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterator, Sequence

from tui.server.db.watchdog import WATCHDOG
from tui.server.records import CANNOT_SAVE, StorageError

CHANNEL = "tsquare_rooms"
"""The PostgreSQL channel a room's change is told on (the payload: its id)."""
BUSY_SECONDS = 5.0
"""How long a SQLite writer waits for another's transaction."""
CONNECT_SECONDS = 3
"""How long connecting to PostgreSQL may take before it is a failure."""
STALL_SECONDS = 3.0
"""How long a PostgreSQL transaction (or a wait for another thread's) may
take before it is given up as a stalled database."""
PROBE_SECONDS = 1.0
"""After a stall, how often the process's prober asks whether the database answers again."""
COMMIT_MARGIN = 0.5
"""A commit must reach the server this long before the client gives up."""
STATEMENT_MS = 5000
"""PostgreSQL's own `statement_timeout` (a slow query, a lock held too long)."""
KEEPALIVES: dict[str, Any] = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 3, "keepalives_count": 3,
              "tcp_user_timeout": 15000}
"""TCP keepalives of a PostgreSQL connection (a peer gone is found in about 20 s)."""


class DatabaseDown(StorageError):
    """The database cannot be used now; `detail` is for the operator only."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(f"{CANNOT_SAVE} ({why}); try again later")
        self.detail = detail


class DatabaseStalled(DatabaseDown):
    """The database did not answer in time; what was asked was given up
    (a change is never written later)."""

    def __init__(self, detail: str) -> None:
        StorageError.__init__(self, "the server's database is not answering")
        self.detail = detail


class Conflict(Exception):
    """A unique key was taken (a name, a room number, a ply)."""


class Tx:
    """Statements inside one transaction."""

    def __init__(self, run: Callable[[str, Sequence[Any]], tuple[list[tuple[Any, ...]], int]]) -> None:
        self._run = run
        self.rowcount = 0
        """Rows the last statement changed."""

    def q(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run `sql`; its rows (none for a change)."""
        rows, self.rowcount = self._run(sql, params)
        return rows

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        rows = self.q(sql, params)
        return rows[0] if rows else None


class Database:
    """What the room store needs of a database."""

    kind = ""
    """'sqlite' or 'postgresql'."""
    url = ""
    """Where it is (for the server's own processes, never for a player)."""

    def transaction(self, write: bool = True) -> Any:  # a context manager giving a Tx
        """Statements that commit together (`write` False: reads that see one snapshot)."""
        raise NotImplementedError

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of one query, outside any transaction."""
        with self.transaction() as tx:
            rows: list[tuple[Any, ...]] = tx.q(sql, params)
            return rows

    def notify(self, tx: Tx, room_id: str) -> None:
        """Tell the front doors, once `tx` commits, that `room_id` changed."""

    def told(self, room_id: str) -> None:
        """After a commit that `notify`d: what must happen outside the transaction."""

    def pushes(self) -> AsyncIterator[str]:
        """The ids of rooms changed by any process, as they commit."""
        raise NotImplementedError

    def close(self) -> None:
        pass


# ---------------------------------------------------------------- SQLite
class SqliteDatabase(Database):
    """One file, WAL; a connection per process."""

    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.url = f"sqlite:///{self.path}"
        self._conn: sqlite3.Connection | None = None
        self._pid = 0
        self._lock = threading.RLock()
        self.push_address = "\0tsquare-push-" + hashlib.sha256(str(self.path.resolve()).encode()).hexdigest()[:24]
        """The abstract Unix socket the server of this file hears pushes on."""
        self._sender: socket.socket | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None or self._pid != os.getpid():  # a forked child makes its own
            try:
                conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")  # a committed move survives a power cut
                conn.execute("PRAGMA foreign_keys=ON")
            except sqlite3.Error as exc:
                raise _sqlite_down(exc, self.path) from None
            self._conn, self._pid = conn, os.getpid()
        return self._conn

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Tx]:
        with self._lock:
            conn = self._connection()

            def run(sql: str, params: Sequence[Any]) -> tuple[list[tuple[Any, ...]], int]:
                try:
                    cur = conn.execute(sql, tuple(params))
                    return cur.fetchall(), cur.rowcount
                except sqlite3.IntegrityError as exc:
                    raise Conflict(str(exc)) from None
                except sqlite3.Error as exc:
                    raise _sqlite_down(exc, self.path) from None

            try:
                conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.Error as exc:
                raise _sqlite_down(exc, self.path) from None
            try:
                yield Tx(run)
            except BaseException:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise
            try:
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise _sqlite_down(exc, self.path) from None

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            conn = self._connection()
            try:
                rows: list[tuple[Any, ...]] = conn.execute(sql, tuple(params)).fetchall()
                return rows
            except sqlite3.Error as exc:
                raise _sqlite_down(exc, self.path) from None

    def told(self, room_id: str) -> None:
        """Tell this host's server (best effort: none may be running)."""
        try:
            if self._sender is None:
                self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self._sender.setblocking(False)
            self._sender.sendto(room_id.encode(), self.push_address)
        except OSError:
            pass

    async def pushes(self) -> AsyncIterator[str]:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(self.push_address)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        try:
            while True:
                data = await loop.sock_recv(sock, 64)
                yield data.decode("ascii", "replace")
        finally:
            sock.close()

    def close(self) -> None:
        if self._conn is not None and self._pid == os.getpid():
            self._conn.close()
        self._conn = None
        if self._sender is not None:
            self._sender.close()
            self._sender = None


def _sqlite_down(exc: sqlite3.Error, path: Path) -> DatabaseDown:
    text = str(exc)
    if "full" in text:
        why = "its disk is full"
    elif "readonly" in text or "read-only" in text:
        why = "its database is read-only"
    elif "locked" in text or "busy" in text:
        why = "its database is busy"
    else:
        why = "its database fails"
    return DatabaseDown(why, f"{path}: {text}")


# ---------------------------------------------------------------- PostgreSQL
class PostgresDatabase(Database):
    """A PostgreSQL server shared by every front door."""

    kind = "postgresql"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise DatabaseDown("its database driver is missing",
                               "PostgreSQL needs psycopg: pip install 'tsquare[postgres]'") from None
        self._psycopg = psycopg
        self.url = url
        self._conn: Any = None
        self._pid = 0
        self._lock = threading.RLock()
        self._stalled_in = 0
        """The process (pid) whose calls fail at once: its database stalled and has not answered since."""

    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed or self._pid != os.getpid():
            try:
                self._conn = self._psycopg.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_SECONDS,
                    options=f"-c statement_timeout={STATEMENT_MS}", **KEEPALIVES)
            except self._psycopg.Error as exc:
                self._conn = None
                raise self._down(exc) from None
            self._pid = os.getpid()
        return self._conn

    def _down(self, exc: BaseException) -> DatabaseDown:
        text = " ".join(str(exc).split())
        if "No space" in text or "disk full" in text:
            why = "its disk is full"
        elif "timeout expired" in text or "statement timeout" in text:
            return self._stalled(f"PostgreSQL: {text}")
        elif "connect" in text or "terminat" in text or "closed" in text:
            why = "its database cannot be reached"
        else:
            why = "its database fails"
        return DatabaseDown(why, f"PostgreSQL: {text}")

    def _stalled(self, detail: str) -> DatabaseStalled:
        """Give up on the connection; this process's calls fail at once until
        its prober finds the database answering again."""
        self._let_go()
        if self._stalled_in != os.getpid():
            self._stalled_in = os.getpid()
            threading.Thread(target=self._probe, name="tsquare-db-probe", daemon=True).start()
        return DatabaseStalled(detail)

    def _let_go(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - closing a connection already cut
                pass

    def _probe(self) -> None:
        """Every PROBE_SECONDS, ask the database a trivial question (bounded
        as any other); when it answers, calls go through again."""
        while True:
            time.sleep(PROBE_SECONDS)
            with self._lock:
                try:
                    conn = self._connection()
                    with WATCHDOG.guard(conn.fileno(), STALL_SECONDS):
                        conn.execute("SELECT 1")
                except (DatabaseDown, self._psycopg.Error):
                    self._let_go()
                    continue
                self._stalled_in = 0
                return

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One statement; a query runs on its own (no BEGIN: one round trip),
        a change in a transaction (its commit checked against the deadline)."""
        if sql.lstrip()[:6].upper() != "SELECT":
            return super().read(sql, params)
        with self._guarded() as (conn, guard):
            try:
                cur = conn.execute(sql.replace("?", "%s"), tuple(params))
                return cur.fetchall() if cur.description else []
            except self._psycopg.Error as exc:
                raise self._failed(exc, guard.fired) from None

    @contextmanager
    def _guarded(self) -> Iterator[tuple[Any, Any]]:
        """The connection, held by this thread, its socket cut at the deadline."""
        if self._stalled_in == os.getpid():
            raise DatabaseStalled("PostgreSQL: not answering (since a statement was given up; a probe asks each second)")
        if not self._lock.acquire(timeout=STALL_SECONDS):
            raise DatabaseStalled(f"PostgreSQL: another statement of this process waited over {STALL_SECONDS:g} s")
        try:
            if self._stalled_in == os.getpid():  # found stalled while this call waited for the connection
                raise DatabaseStalled("PostgreSQL: not answering (a statement was given up meanwhile)")
            conn = self._connection()
            with WATCHDOG.guard(conn.fileno(), STALL_SECONDS) as guard:
                yield conn, guard
        finally:
            self._lock.release()

    def _failed(self, exc: BaseException, fired: bool) -> DatabaseDown:
        """A psycopg error as the player's line (and the connection let go if it broke)."""
        if fired:
            return self._stalled(f"PostgreSQL: no answer within {STALL_SECONDS:g} s ({' '.join(str(exc).split())})")
        if self._conn is not None and (self._conn.closed or self._conn.broken):
            self._conn = None
        if isinstance(exc, self._psycopg.errors.DivisionByZero):  # _COMMIT's deadline passed: rolled back
            return self._stalled("PostgreSQL: a commit reached the server too late and was rolled back")
        return self._down(exc)

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Tx]:
        psycopg = self._psycopg
        with self._guarded() as (conn, guard):
            cur = conn.cursor()

            def run(sql: str, params: Sequence[Any]) -> tuple[list[tuple[Any, ...]], int]:
                try:
                    cur.execute(sql.replace("?", "%s"), tuple(params))
                    return (cur.fetchall() if cur.description else []), cur.rowcount
                except psycopg.errors.UniqueViolation as exc:
                    raise Conflict(str(exc)) from None
                except psycopg.Error as exc:
                    raise self._failed(exc, guard.fired) from None

            try:
                cur.execute("BEGIN")
            except psycopg.Error as exc:
                raise self._failed(exc, guard.fired) from None
            left = guard.deadline - time.monotonic() - COMMIT_MARGIN  # the server's clock from its BEGIN
            try:
                yield Tx(run)
                cur.execute(_COMMIT.format(ms=max(0, int(left * 1000))) if write else "COMMIT")
            except BaseException as exc:
                if self._conn is conn and not (conn.closed or conn.broken):
                    try:
                        cur.execute("ROLLBACK")
                    except psycopg.Error:
                        self._conn = None
                if isinstance(exc, psycopg.Error):
                    raise self._failed(exc, guard.fired) from None
                raise

    def notify(self, tx: Tx, room_id: str) -> None:
        tx.q("SELECT pg_notify(?, ?)", (CHANNEL, room_id))

    async def pushes(self) -> AsyncIterator[str]:
        """Every front door's changes, as they commit; a dropped listening
        connection is made again (a room changed meanwhile is found by the
        screens' own look, once a second)."""
        psycopg = self._psycopg
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                             connect_timeout=CONNECT_SECONDS)
            except psycopg.Error:
                await asyncio.sleep(1.0)
                continue
            try:
                await conn.execute(f"LISTEN {CHANNEL}")
                async for note in conn.notifies():
                    yield note.payload
            except psycopg.Error:
                await asyncio.sleep(0.5)
            finally:
                await conn.close()

    def close(self) -> None:
        if self._conn is not None and self._pid == os.getpid():
            try:
                self._conn.close()
            except Exception:  # noqa: BLE001 - closing a broken connection
                pass
        self._conn = None


_COMMIT = ("SELECT 1 / (clock_timestamp() < transaction_timestamp() + interval '{ms} milliseconds')::int; "
           "COMMIT")
"""A writing transaction's commit, one message: the server commits only if
it reads it within the time the client still waits (counted on the
server's own clock from its BEGIN, which the client saw answered); else it
divides by zero, the transaction is rolled back, and the client (which has
said "not answering", or is about to) is right."""


def open_database(url: str, root: Path) -> Database:
    """The database `url` names: 'sqlite' (DATA/tsquare.db), 'sqlite:///PATH'
    or 'postgresql://…'; ValueError (one line) for anything else."""
    if url in ("", "sqlite"):
        return SqliteDatabase(Path(root) / "tsquare.db")
    if url.startswith("sqlite:///"):  # as SQLAlchemy reads it: sqlite:///rel/x.db, sqlite:////abs/x.db
        path = Path(url[len("sqlite:///"):]).absolute()  # the file said at start is the one used
        if not path.parent.is_dir():
            raise ValueError(f"no folder {path.parent} for the SQLite file (sqlite:///PATH is relative to the"
                             " current folder, sqlite:////PATH absolute)")
        return SqliteDatabase(path)
    if url.startswith(("postgresql://", "postgres://")) or url.startswith("postgresql:"):
        return PostgresDatabase(url)
    raise ValueError("a database is 'sqlite', 'sqlite:///PATH' or 'postgresql://USER@HOST/NAME'")
