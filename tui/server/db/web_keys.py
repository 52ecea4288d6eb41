"""The web door's links and sessions in the server's database (schema
0005): what tui/server/web_links.py's `WebKeys` keeps in memory, shared by
every front door on the database and kept across restarts. The same
methods, each one transaction; the door calls them off its event loop."""
from __future__ import annotations

import secrets
import time
from typing import Any, Callable

from tui.server.web_links import (
    LINK_SECONDS,
    LINKS_PER_KEY,
    SESSION_SECONDS,
    SESSIONS_PER_KEY,
    Link,
    WebSession,
    secret_hash,
)

_SESSION = "id, fingerprint, name, made, seen, expires"


def _session(row: tuple[Any, ...]) -> WebSession:
    return WebSession(str(row[0]), str(row[1]), str(row[2]), float(row[3]), float(row[4]), float(row[5]))


class DbWebKeys:
    """`WebKeys` over a `DbStore`'s database."""

    def __init__(self, store: Any, clock: Callable[[], float] = time.time, link_seconds: float = LINK_SECONDS) -> None:
        self.store = store
        self.clock = clock
        self.link_seconds = link_seconds

    def make_link(self, fingerprint: str, name: str) -> str:
        token = secrets.token_urlsafe(24)
        now = self.clock()
        with self.store._tx() as tx:
            tx.q("DELETE FROM web_links WHERE expires <= ?", (now,))
            mine = tx.q("SELECT hash FROM web_links WHERE fingerprint = ? ORDER BY expires", (fingerprint,))
            for (old,) in mine[: max(0, len(mine) - LINKS_PER_KEY + 1)]:
                tx.q("DELETE FROM web_links WHERE hash = ?", (old,))
            tx.q("INSERT INTO web_links (hash, fingerprint, name, expires) VALUES (?, ?, ?, ?)",
                 (secret_hash(token), fingerprint, name, now + self.link_seconds))
        return token

    def link(self, token: str) -> Link | None:
        rows = self.store._q("SELECT fingerprint, name, expires FROM web_links WHERE hash = ? AND expires > ?",
                             (secret_hash(token), self.clock()))
        return Link(str(rows[0][0]), str(rows[0][1]), float(rows[0][2])) if rows else None

    def redeem(self, token: str) -> tuple[str, WebSession] | None:
        now = self.clock()
        cookie = secrets.token_urlsafe(32)
        with self.store._tx() as tx:
            # taken and used up in one statement: two doors redeeming the same link at once get it once
            rows = tx.q("DELETE FROM web_links WHERE hash = ? RETURNING fingerprint, name, expires", (secret_hash(token),))
            if not rows or float(rows[0][2]) <= now:
                return None
            fingerprint, name = str(rows[0][0]), str(rows[0][1])
            mine = tx.q("SELECT hash FROM web_sessions WHERE fingerprint = ? ORDER BY made", (fingerprint,))
            for (old,) in mine[: max(0, len(mine) - SESSIONS_PER_KEY + 1)]:
                tx.q("DELETE FROM web_sessions WHERE hash = ?", (old,))
            session = WebSession(secrets.token_hex(4), fingerprint, name, now, now, now + SESSION_SECONDS)
            tx.q(f"INSERT INTO web_sessions (hash, {_SESSION}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (secret_hash(cookie), session.id, fingerprint, name, now, now, session.expires))
        return cookie, session

    def session(self, cookie: str | None) -> WebSession | None:
        if not cookie:
            return None
        rows = self.store._q(f"SELECT {_SESSION} FROM web_sessions WHERE hash = ? AND expires > ?",
                             (secret_hash(cookie), self.clock()))
        return _session(rows[0]) if rows else None

    def saw(self, session: WebSession) -> None:
        session.seen = self.clock()
        with self.store._tx() as tx:
            tx.q("UPDATE web_sessions SET seen = ? WHERE id = ? AND fingerprint = ?",
                 (session.seen, session.id, session.fingerprint))

    def of(self, fingerprint: str) -> list[WebSession]:
        rows = self.store._q(f"SELECT {_SESSION} FROM web_sessions WHERE fingerprint = ? AND expires > ? ORDER BY made",
                             (fingerprint, self.clock()))
        return [_session(r) for r in rows]

    def waiting_links(self, fingerprint: str) -> int:
        rows = self.store._q("SELECT COUNT(*) FROM web_links WHERE fingerprint = ? AND expires > ?",
                             (fingerprint, self.clock()))
        return int(rows[0][0])

    def revoke(self, fingerprint: str, session_id: str | None = None) -> list[WebSession]:
        with self.store._tx() as tx:
            rows = tx.q(f"SELECT {_SESSION} FROM web_sessions WHERE fingerprint = ?", (fingerprint,))
            gone = [_session(r) for r in rows if session_id is None or r[0] == session_id]
            for s in gone:
                tx.q("DELETE FROM web_sessions WHERE fingerprint = ? AND id = ?", (fingerprint, s.id))
            if session_id is None:
                tx.q("DELETE FROM web_links WHERE fingerprint = ?", (fingerprint,))
        return gone
