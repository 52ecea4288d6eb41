"""Who a browser is: one-time sign-in links made over SSH, and the browser
sessions they open (the web door's only identity is the SSH key's).

- `ssh HOST link` makes a link for the key's name: single use, good for
  LINK_SECONDS. Opening it in a browser and pressing "Sign in" turns it into
  a session (a random cookie, kept here only as its hash).
- A session is the key's: it counts against the key's sessions like an SSH
  connection, and `ssh HOST links` lists and revokes the key's sessions
  ("revoke all", or the web page's "sign out everywhere").
- `WebKeys` keeps them in the door's memory (the file store, `--db files`:
  a restart signs every browser out); on a database they are its tables
  (tui/server/db/web_keys.py: shared by every door, kept across restarts).
"""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Callable

LINK_SECONDS = 600.0
"""How long a sign-in link stays good (10 minutes)."""
SESSION_SECONDS = 30 * 24 * 3600.0
"""How long a browser stays signed in without a new link."""
LINKS_PER_KEY = 5
"""Unused links one key may have at once (the oldest goes first)."""
SESSIONS_PER_KEY = 20
"""Signed-in browsers one key may have at once (the oldest is signed out)."""


def secret_hash(token: str) -> str:
    """What is kept of a link's or a cookie's secret."""
    return hashlib.sha256(token.encode()).hexdigest()




@dataclass(frozen=True)
class Link:
    """A sign-in link not yet used."""

    fingerprint: str
    """The key that made it."""
    name: str
    """The name it signs in as."""
    expires: float
    """When it stops working (the clock's seconds)."""


@dataclass
class WebSession:
    """A signed-in browser."""

    id: str
    """Short public id, for `ssh HOST links revoke ID` (never the cookie)."""
    fingerprint: str
    """The key whose name it is (its sessions are counted with the key's)."""
    name: str
    """Who it plays as."""
    made: float
    """When it signed in (wall clock)."""
    seen: float = field(default=0.0)
    """When it last opened the lobby (wall clock)."""
    expires: float = field(default=0.0)
    """When it is signed out by itself."""


class WebKeys:
    """The door's links and sessions, by the hash of their secret."""

    def __init__(self, clock: Callable[[], float] = time.time, link_seconds: float = LINK_SECONDS) -> None:
        self.clock = clock
        self.link_seconds = link_seconds
        self.links: dict[str, Link] = {}
        self.sessions: dict[str, WebSession] = {}

    def make_link(self, fingerprint: str, name: str) -> str:
        """A new link's secret for the key's name."""
        self._forget_old()
        mine = [h for h, link in self.links.items() if link.fingerprint == fingerprint]
        for h in mine[: max(0, len(mine) - LINKS_PER_KEY + 1)]:
            del self.links[h]
        token = secrets.token_urlsafe(24)
        self.links[secret_hash(token)] = Link(fingerprint, name, self.clock() + self.link_seconds)
        return token

    def link(self, token: str) -> Link | None:
        """The link with this secret if it is still good (not used, not expired)."""
        link = self.links.get(secret_hash(token))
        if link is None or link.expires <= self.clock():
            return None
        return link

    def redeem(self, token: str) -> tuple[str, WebSession] | None:
        """Use the link: the new session's cookie and the session; None if the
        link is used, expired or unknown. Either way the link is gone."""
        link = self.links.pop(secret_hash(token), None)
        now = self.clock()
        if link is None or link.expires <= now:
            return None
        mine = sorted((s for s in self.sessions.values() if s.fingerprint == link.fingerprint), key=lambda s: s.made)
        for old in mine[: max(0, len(mine) - SESSIONS_PER_KEY + 1)]:
            self.revoke(link.fingerprint, old.id)
        cookie = secrets.token_urlsafe(32)
        session = WebSession(secrets.token_hex(4), link.fingerprint, link.name, now, now, now + SESSION_SECONDS)
        self.sessions[secret_hash(cookie)] = session
        return cookie, session

    def session(self, cookie: str | None) -> WebSession | None:
        """The signed-in session of this cookie, if any."""
        if not cookie:
            return None
        session = self.sessions.get(secret_hash(cookie))
        if session is None or session.expires <= self.clock():
            return None
        return session

    def saw(self, session: WebSession) -> None:
        """The session just opened the lobby."""
        session.seen = self.clock()

    def of(self, fingerprint: str) -> list[WebSession]:
        """The key's signed-in browsers, oldest first."""
        now = self.clock()
        return sorted((s for s in self.sessions.values() if s.fingerprint == fingerprint and s.expires > now),
                      key=lambda s: s.made)

    def waiting_links(self, fingerprint: str) -> int:
        """The key's links not yet used and still good."""
        now = self.clock()
        return sum(1 for link in self.links.values() if link.fingerprint == fingerprint and link.expires > now)

    def revoke(self, fingerprint: str, session_id: str | None = None) -> list[WebSession]:
        """Sign out the key's session `session_id` (None: all of them, and its
        unused links); the sessions signed out."""
        gone = [h for h, s in self.sessions.items()
                if s.fingerprint == fingerprint and (session_id is None or s.id == session_id)]
        if session_id is None:
            self.links = {h: link for h, link in self.links.items() if link.fingerprint != fingerprint}
        return [self.sessions.pop(h) for h in gone]

    def _forget_old(self) -> None:
        now = self.clock()
        self.links = {h: link for h, link in self.links.items() if link.expires > now}
        self.sessions = {h: s for h, s in self.sessions.items() if s.expires > now}
