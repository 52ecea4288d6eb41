"""Loopback helpers for the server tests: a server on a free port, SSH
clients with fresh keys, and a terminal emulator reading what each one got."""
from __future__ import annotations

import asyncio
import os
import re
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")
pyte = pytest.importorskip("pyte")

from tui.server.ssh import Front, Limits  # noqa: E402


class Term:
    """One person's terminal: an SSH session with a PTY, drawn by pyte."""

    def __init__(self, conn, process, cols: int = 80, rows: int = 24) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        """Every byte received."""
        self.seen: set[str] = set()
        """Every screen line ever shown (each frame, not only the last)."""
        self.changes = 0
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.raw += data
            self.stream.feed(data)
            self.seen.update(self.screen.display)
            self.changes += 1

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def send(self, data: str | bytes) -> None:
        self.process.stdin.write(data.encode() if isinstance(data, str) else data)

    async def wait_for(self, needle: str, timeout: float = 15.0) -> str:
        """Wait until `needle` is on screen; fail showing the screen if not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle in self.text():
                return self.text()
            if self._task.done():
                break
            await asyncio.sleep(0.05)
        raise AssertionError(f"{needle!r} never appeared; the screen:\n{self.text()}")

    async def wait_until(self, ok, what: str, timeout: float = 15.0) -> str:
        """Wait until `ok(screen text)` holds; fail showing the screen if not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if ok(self.text()):
                return self.text()
            if self._task.done():
                break
            await asyncio.sleep(0.03)
        raise AssertionError(f"never {what}; the screen:\n{self.text()}")

    async def type_move(self, move: str) -> None:
        """Open the move line, type `move` and Enter."""
        await self.open_move_line()
        self.send(move + "\r")

    async def open_move_line(self) -> None:
        """Open the move line (':') and wait until it has the keys."""
        await self.wait_until(  # the last move line has gone (the key bar is back in its row)
            lambda t: "Type a move:" not in t and "a move in notation" not in t.splitlines()[-1],
            "the move line closed",
        )
        self.send(":")
        await self.wait_until(  # the move line, empty, in the key bar's row
            lambda t: "Type a move:" in t and "a move in notation" in t.splitlines()[-1],
            "the move line open in the key bar's row",
        )

    async def choose(self, row: str, value: str) -> None:
        """In a form of ▶-marked rows: go up or down to `row`, then right until it shows `value`.

        One key at a time, each sent only when the ▶ line has changed after
        the last one (other redraws do not count), so a slow machine makes
        the walk slow, never longer than it should be."""
        def cursor(t: str) -> str | None:
            return next((line for line in t.splitlines() if line.lstrip().startswith("▶ ")), None)

        def step_to_row(t: str) -> str:
            lines = [line.lstrip() for line in t.splitlines()]
            at = next((i for i, line in enumerate(lines) if line.startswith("▶ ")), None)
            to = next((i for i, line in enumerate(lines) if re.match(rf"(▶ )?{re.escape(row)}\s\s", line)), None)
            assert at is not None and to is not None, f"no row {row!r} or no cursor:\n{t}"
            return "\x1b[A" if at > to else "\x1b[B"

        for phase in ("row", "value"):
            ok = (lambda t: _marked(t, row) is not None) if phase == "row" else (lambda t: value in (_marked(t, row) or ""))
            for _ in range(16):
                text = self.text()
                if ok(text):
                    break
                self.send(step_to_row(text) if phase == "row" else "\x1b[C")
                await self.wait_until(lambda t: cursor(t) not in (None, cursor(text)), f"the ▶ line changed after a key in {row!r}", 60)
            assert ok(self.text()), f"{row!r} never showed {value!r}:\n{self.text()}"

    async def close(self) -> None:
        self.conn.close()
        self._task.cancel()


def _marked(text: str, row: str) -> str | None:
    """The line of `text` under the form's cursor if it is the row `row`."""
    return next((line for line in text.splitlines() if line.lstrip().startswith(f"▶ {row}")), None)


def new_key():
    return asyncssh.generate_private_key("ssh-ed25519")


async def connect(port: int, key, **kw):
    return await asyncssh.connect(
        "127.0.0.1", port, username="player", client_keys=[key], known_hosts=None,
        agent_path=None, password=None, kbdint_auth=False, config=[], **kw
    )


async def open_term(port: int, key, name: str | None = None, cols: int = 80, rows: int = 24, lobby: bool = True) -> Term:
    """Log in with `key`; a first login picks `name`. Returns at the lobby
    (or, with `lobby` False, as soon as the name is sent)."""
    conn = await connect(port, key)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(cols, rows), encoding=None)
    term = Term(conn, proc, cols, rows)
    if name is not None:
        await term.wait_for("Name:")
        term.send(name + "\r")
    if lobby:
        await term.wait_for("T-Square lobby", timeout=30)
    return term


@pytest.fixture
async def server(tmp_path: Path):
    front = Front(tmp_path / "data", Limits(per_key=2, idle_seconds=60, login_seconds=20))
    port = await front.start("127.0.0.1", 0)
    front.port = port
    yield front
    await front.close()


@contextmanager
def own_postgres(tmp_path_factory):
    """A PostgreSQL server of the tests' own (initdb + pg_ctl in a temporary
    folder, a Unix socket only), stopped at the end. In CI it must be there
    (`.ci/run` installs it): missing binaries fail there and skip elsewhere."""
    from tui.server.db import pg_local

    if not pg_local.available():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL's initdb and pg_ctl are missing (apt-get install postgresql)")
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql)")
    pytest.importorskip("psycopg")
    if os.geteuid() == 0:  # the server runs as another user, who cannot get into pytest's 0700 folders
        # (pytest sets them 0700 again whenever a session starts): a fresh folder of its own in the temp dir
        import shutil
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="tsquare-pg-"))
    else:
        folder = tmp_path_factory.mktemp("postgres")
    try:
        server = pg_local.start(folder / "pg")
        try:
            yield server
        finally:
            server.stop()
    finally:
        if os.geteuid() == 0:
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres(tmp_path_factory):
    """The session's PostgreSQL server (`own_postgres`)."""
    with own_postgres(tmp_path_factory) as server:
        yield server


_databases = iter(range(1, 1_000_000))


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request, tmp_path):
    """A fresh empty database of each back end: SQLite in the test's data
    folder, or a new database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return "sqlite"
    server = request.getfixturevalue("postgres")
    return server.create_database(f"t{os.getpid()}_{next(_databases)}")
