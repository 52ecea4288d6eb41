"""The SSH front door: public-key logins, a PTY running the TUI per person.

- Identity is the public key: a new key's first login picks a free name in
  the terminal, bound to the key's fingerprint from then on. Password and
  keyboard-interactive logins are refused.
- A connection with a terminal gets its own process (`tui.server.player`)
  on a new PTY, sized as the client's terminal and resized with it, with the
  client's TERM (and COLORTERM if sent); bytes are relayed both ways. Output
  waits for each client's own channel to drain, so a slow client holds up
  only its own process, never the server or the others.
- `ssh HOST status` prints the rooms where it is your turn; `ssh HOST plain`
  is the lobby and rooms line by line (`tui/plain/relay.py`); `ssh HOST link`
  and `links` sign browsers in to the web door and out (tui/server/web_door.py,
  opened by `--web-port` in this same process). Nothing else may
  run: no shell but the TUI, no other command, no subsystem, no port, agent
  or X11 forwarding.
- The event loop never waits on the storage: every question to it runs in
  a small pool of threads (`Front.off_loop`), so a stalled database delays
  only the answers that need it; a key's name, bound for good, is kept once
  read, so a person known to this door still logs in while the database is
  not answering.
- Limits: connections per key and in all, first logins per minute from one
  address, idle time, input rate (bytes over the limit are dropped with a
  bell; a flood ends the connection); rooms per person and per server (the
  store enforces those, in each connection's process). Each refusal is one
  line on the person's terminal.
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import signal
import struct
import sys
import termios
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, TypeVar

from tui.server.bots import BotRunner
from tui.server.line_reader import LineReader
from tui.server.records import MAX_ROOMS, ROOMS_PER_PERSON, RoomError, RoomLimits, StorageError, seat_label
from tui.server.relay_io import GOODBYE, TERMINAL_BACK, InputBucket, pump_out, stop_process, write_all
from tui.server.sshlib import asyncssh
from tui.server.store import Store
from tui.server.wire import PASTE_BYTES, InputCleaner
from tui.server.zygote import Zygote, ZygoteError

if TYPE_CHECKING:
    from tui.server.web_door import WebDoor

T = TypeVar("T")

STORAGE_THREADS = 4
"""Threads that ask the storage for the relay (a stalled database holds them, never the event loop)."""
STORAGE_DRAIN_SECONDS = 10.0
"""How long a stopping door waits for its storage threads' last calls."""
SESSION_MIB = 25
"""About what one connection's TUI process costs (its own pages, the
preloaded code shared): the default cap on sessions spends three quarters
of the machine's memory on them at most."""


def default_max_sessions(meminfo: Path = Path("/proc/meminfo")) -> int:
    """Sessions at once by default: three quarters of the memory at
    SESSION_MIB each (a quarter left free); 50 where memory cannot be read."""
    try:
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemTotal:"):
                return max(1, int(line.split()[1]) * 3 // 4 // (SESSION_MIB * 1024))
    except (OSError, ValueError, IndexError):
        pass
    return 50


@dataclass(frozen=True)
class Limits:
    """What one person, one address and the whole server may use."""

    per_key: int = 3
    """Connections at once with one key (on a database: counted over every
    front door on it)."""
    max_sessions: int = field(default_factory=default_max_sessions)
    """Terminal connections at once, everyone together."""
    first_logins_per_minute: int = 10
    """New keys (first logins) one address may bring in a minute."""
    rooms_per_person: int = ROOMS_PER_PERSON
    """Unfinished rooms one person may have made."""
    max_rooms: int = MAX_ROOMS
    """Rooms on the server."""
    idle_seconds: float = 1800.0
    """A connection with no input for this long is closed."""
    input_rate: float = 4096.0
    """Bytes per second of input, sustained."""
    input_burst: float = 16384.0
    """Bytes of input at once (a paste) before the rate applies."""
    flood_bytes: int = 1 << 20
    """Input dropped beyond this many bytes in one connection ends it."""
    login_seconds: float = 60.0
    """Time to log in (and to pick a name)."""
    lease_seconds: float = 60.0
    """How long a session counted in the database holds its place unless its
    door renews it (every third of that): a door killed frees its sessions'
    places after this."""


@dataclass(frozen=True)
class WebSettings:
    """The web door's settings (`tsquare serve --web-port`)."""

    port: int
    """Its TCP port (0: any free one)."""
    public_url: str = ""
    """Where browsers reach it (behind a TLS proxy: https://…); empty: http://HOST:PORT."""
    link_seconds: float = 600.0
    """How long a sign-in link stays good."""
    watch: bool = False
    """A browser that has not signed in may watch (--web-watch); otherwise it is only told how to sign in."""


FRAME_RATE = 30
"""Frames per second at most in a connection's TUI (textual's default is
60): a move's several redraws fall into fewer frames, about a tenth less
CPU per move, and a turn-based game over a network loses nothing by it."""
POKE_SECONDS = 0.02
"""How often the server looks for rooms whose save changed."""
GOODBYE_SECONDS = 5.0
"""How long a stopping server waits for its sessions' goodbyes."""


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key, made (ed25519, mode 600) on first run."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(key.export_private_key())
    return key


class _Door(asyncssh.SSHServer):
    """Per connection: public keys only, no forwarding of any kind."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self.conn.set_extra_info(tsquare_key=key.get_fingerprint("sha256"))
        return True  # any key: the key is the identity

    def connection_requested(self, *args: object) -> bool:
        return False

    def server_requested(self, *args: object) -> bool:
        return False

    def unix_connection_requested(self, *args: object) -> bool:
        return False

    def unix_server_requested(self, *args: object) -> bool:
        return False



class Front:
    """The SSH server of one data folder."""

    def __init__(
        self, root: Path, limits: Limits | None = None, bots: bool = True, preload: bool = True,
        log: Callable[[str], None] | None = None, bot_workers: int | None = None, db: str | None = None,
        web: WebSettings | None = None,
    ) -> None:
        limits = limits or Limits()
        from tui.server.db import open_store

        self.store = open_store(root, db or "files", RoomLimits(limits.rooms_per_person, limits.max_rooms), log)
        """The rooms and players: in the database `db` names ('sqlite',
        'postgresql://…'; `tsquare serve` passes 'sqlite' by default) or the
        data folder's files (`log`: where problems are told, besides its log)."""
        self.opened: list[str] = self.store.make() or []
        """What opening the storage did (a schema made, an old folder taken over), for the operator."""
        self.limits = limits
        self.first_logins: dict[str, deque[float]] = {}
        """Per address, when its last first logins began (the last minute's)."""
        self.active: dict[str, int] = {}
        """Open terminal connections per key fingerprint."""
        self.names: dict[str, str] = {}
        """Key fingerprint -> its name, as read once (a name stays bound to its key for good)."""
        self._storage_threads = ThreadPoolExecutor(STORAGE_THREADS, thread_name_prefix="tsquare-storage")
        self.children: set[int] = set()
        """Process ids of the TUI processes now running."""
        self.sessions: dict[asyncio.Task[None], asyncssh.SSHServerProcess[bytes]] = {}
        """The tasks serving a session now, and their sessions (each is told GOODBYE when the server stops)."""
        self.relaying: set[asyncio.Task[None]] = set()
        """Those of them relaying a process of their own (which says goodbye once its process ended)."""
        self.stopping = False
        """The server is stopping: each session ends with GOODBYE."""
        self.run_bots = bots
        self.bots: BotRunner | None = BotRunner(self.store, bot_workers) if bots else None
        """Plays the bot seats in a pool of worker processes (None: no bots)."""
        self.zygote: Zygote | None = Zygote() if preload else None
        """The preloaded TUI that forks each connection's process (None:
        each connection starts a fresh interpreter)."""
        self._server: asyncssh.SSHAcceptor | None = None
        self.web_settings = web
        self.web: WebDoor | None = None
        """The web door, once started (None: no --web-port)."""
        from tui.server.web_links import WebKeys

        link_seconds = web.link_seconds if web else 600.0
        if hasattr(self.store, "db"):
            from tui.server.db.web_keys import DbWebKeys

            self.web_keys: WebKeys | DbWebKeys = DbWebKeys(self.store, link_seconds=link_seconds)
        else:
            self.web_keys = WebKeys(link_seconds=link_seconds)
        """The browsers' sign-in links and sessions: in the database (every
        door's, kept across restarts), or in memory with the file store.
        Asked off the event loop (`off_loop`)."""
        self.port: int | None = None
        """The SSH port, once listening."""
        self._bot_task: asyncio.Task[None] | None = None
        self._poke_task: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._lease_task: asyncio.Task[None] | None = None
        self.pokeable: set[int] = set()
        self.seen_marks: dict[str, object] = {}
        """Each room's save as the last look for changes saw it."""
        """Children that take SIGUSR1 as "look at your room now" (those
        forked from the zygote, which ignore it until their app handles it)."""

    async def start(self, host: str = "127.0.0.1", port: int = 2222) -> int:
        """Listen; returns the port (useful with port 0)."""
        key = load_host_key(self.store.host_key_path)
        if self.zygote is not None:
            try:
                await self.zygote.start(self.child_env("xterm", None), self.store.root)
            except (ZygoteError, OSError, ValueError, asyncio.TimeoutError):
                self.zygote.close()
                self.zygote = None
        self._server = await asyncssh.create_server(
            _Door,
            host,
            port,
            server_host_keys=[key],
            process_factory=self.handle,
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=self.limits.login_seconds,
            keepalive_interval=60,
            keepalive_count_max=3,
        )
        if self.bots is not None:
            self._bot_task = asyncio.create_task(self.bots.run())
            if hasattr(self.store, "db"):  # the timed rooms' clocks (tui.server.db.rated)
                from tui.server.db.rated import clock_loop

                self._clock_task = asyncio.create_task(clock_loop(self.store))
        if hasattr(self.store, "open_session"):  # sessions counted in the database: their leases renewed
            self._lease_task = asyncio.create_task(self._renew_leases())
        if self.zygote is not None:
            pushes = getattr(self.store, "pushes", None)  # a database tells its changes: nothing to poll
            self._poke_task = asyncio.create_task(self._hear_pushes(pushes()) if pushes else self._poke_movers())
        listening: int = self._server.sockets[0].getsockname()[1]
        self.port = listening
        if self.web_settings is not None:
            await self._start_web(host)
        return listening

    async def _start_web(self, host: str) -> None:
        """Open the web door on `host` (tui/server/web_door.py)."""
        from tui.server.web_door import WebDoor

        settings = self.web_settings
        assert settings is not None
        shown = f"[{host}]" if ":" in host else host
        door = WebDoor(self, settings.public_url or f"http://{shown}:{settings.port}", self.web_keys, settings.watch)
        self.web_port = await door.start(host, settings.port)
        if not settings.public_url:
            door.public_url = f"http://{shown}:{self.web_port}"
        self.web = door

    async def off_loop(self, ask: Callable[..., T], *args: Any) -> T:
        """`ask(*args)` (a question to the storage) in one of the relay's
        storage threads: the event loop goes on meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(self._storage_threads, partial(ask, *args))

    def in_background(self, ask: Callable[..., Any], *args: Any) -> None:
        """`ask(*args)` in a storage thread, not waited for (its failure is
        the store's to log)."""
        try:
            future = self._storage_threads.submit(ask, *args)
        except RuntimeError:  # stopping: the pool is shut
            return
        future.add_done_callback(lambda f: f.cancelled() or f.exception())

    async def close(self) -> None:
        """Stop listening, end every connection and child process: each
        session's process is stopped, then the session is told GOODBYE (a
        full screen's terminal given back first) and closed."""
        self.stopping = True
        if self.web is not None:
            web_closing = asyncio.create_task(self.web.close())
        for task in (self._bot_task, self._poke_task, self._clock_task, self._lease_task):
            if task is not None:
                task.cancel()
        if self._server is not None:
            self._server.close()
        for pid in list(self.children):
            try:
                os.killpg(pid, signal.SIGTERM)
            except OSError:
                pass
        for task, process in list(self.sessions.items()):
            if task not in self.relaying:  # still logging in or naming itself: no process to wait for
                process.stdout.write(GOODBYE)
                process.exit(0)
                task.cancel()
        relaying = [t for t in self.relaying if not t.done()]
        if relaying:
            await asyncio.wait(relaying, timeout=GOODBYE_SECONDS)
        if self.web is not None:
            await asyncio.wait([web_closing], timeout=GOODBYE_SECONDS)
        if self._server is not None:
            await self._server.wait_closed()
        if self.zygote is not None:
            self.zygote.close()
        if self.bots is not None:
            self.bots.close()
        # The storage threads finish what they are doing before the database
        # connection they use is closed (closing it under a running query
        # crashed the process). Waited for off the loop, and not for ever: a
        # stalled database gives up within its watchdog's seconds; past the
        # bound the connection is left to the process's end.
        drained = asyncio.to_thread(self._storage_threads.shutdown, wait=True, cancel_futures=True)
        try:
            await asyncio.wait_for(drained, STORAGE_DRAIN_SECONDS)
        except asyncio.TimeoutError:
            return
        closing = getattr(self.store, "close", None)  # a database's connection
        if closing is not None:
            closing()

    async def _renew_leases(self) -> None:
        """Renew this door's sessions in the database every third of a lease."""
        while True:
            await asyncio.sleep(self.limits.lease_seconds / 3)
            try:
                await self.off_loop(self.store.renew_sessions, self.limits.lease_seconds)
            except RoomError:  # the database down: the next renewal tries again
                pass

    async def _count_session(self, fingerprint: str) -> tuple[bool, str | None]:
        """Count a session of the key over every door on the database:
        (let in, its lease's token). While the database cannot count, this
        door's own count stands (no token)."""
        if not hasattr(self.store, "open_session"):  # one door per folder: its own count is the count
            return True, None
        try:
            token = await self.off_loop(self.store.open_session, fingerprint, self.limits.per_key,
                                        self.limits.lease_seconds)
        except RoomError:
            return True, None
        return token is not None, token

    async def _poke_movers(self) -> None:
        """Tell the players of a room the moment its save changes, instead
        of letting them find out at their next look: every POKE_SECONDS, one
        stat of the claims folder, and one stat per room where someone this
        server started holds a seat (nothing per room on the server); a
        changed room's seat holders get SIGUSR1."""
        claims_mark, claims, listed = None, {}, 0.0
        self.seen_marks = {}
        while True:
            mark = self.store.claims_mark()
            if mark != claims_mark or time.monotonic() - listed > 1.0:  # and each second: a change
                claims_mark, claims, listed = mark, self.store.claims(), time.monotonic()  # within a tick of the clock
            ours = {room: [p for p in pids if p in self.pokeable] for room, pids in claims.items()}
            ours = {room: pids for room, pids in ours.items() if pids}
            marks, now = self.seen_marks, self.store.save_marks(ours)
            for room_id, mark_ in now.items():
                if room_id in marks and marks[room_id] != mark_:
                    for pid in ours[room_id]:
                        try:
                            os.kill(pid, signal.SIGUSR1)
                        except OSError:
                            pass
            self.seen_marks = now
            await asyncio.sleep(POKE_SECONDS)

    async def _hear_pushes(self, pushes: AsyncIterator[str]) -> None:
        """A room's change, as its transaction commits (on any front door):
        SIGUSR1 to the processes of this door holding a seat there."""
        try:
            async for room_id in pushes:
                await self._poke_room(room_id)
        except OSError as exc:  # another server holds this SQLite file's push socket: screens look each second
            self.store.log(f"pushes unavailable ({exc}); the rooms' screens look at their games each second")

    async def _poke_room(self, room_id: str) -> None:
        """SIGUSR1 to this door's processes holding a seat in the room."""
        try:
            pids = await self.off_loop(self.store.claimants, room_id)
        except RoomError:  # the database down: the screens find out at their own next look
            return
        for pid in pids:
            if pid in self.pokeable:
                try:
                    os.kill(pid, signal.SIGUSR1)
                except OSError:
                    pass

    # ------------------------------------------------------------ a session
    async def handle(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        task = asyncio.current_task()
        if task is not None:
            self.sessions[task] = process
            task.add_done_callback(lambda done: self.sessions.pop(done, None))
        conn = process.get_extra_info("connection")
        fingerprint = conn.get_extra_info("tsquare_key") if conn else None
        if not fingerprint:
            return self._refuse(process, "public-key logins only")
        if process.subsystem:
            return self._refuse(process, "no subsystems here")
        try:
            user = await self._user_for(fingerprint)
        except RoomError as exc:
            return self._refuse(process, str(exc))
        command = process.command
        plain = command is not None and command.strip() == "plain"  # line by line: tui/plain/relay.py
        if command is not None and not plain:
            return await self._command(process, command.strip(), user)
        if process.get_terminal_type() is None and not plain:
            return self._refuse(process, "the games need a terminal: use ssh -t, or 'status'")
        over = self._over_limit(fingerprint)  # before a first login is counted
        if over is not None:
            return self._refuse(process, over)
        if user is None and not self._may_log_in_first(conn):
            return self._refuse(process, "too many new keys from your address in the last minute; try again later")
        try:
            async with self.session_place(fingerprint) as refusal:
                if refusal is not None:
                    return self._refuse(process, refusal)
                if user is None:
                    user = await asyncio.wait_for(self._pick_name(process, fingerprint), self.limits.login_seconds)
                if user is not None:
                    relaying = asyncio.current_task()
                    if relaying is not None:
                        self.relaying.add(relaying)
                        relaying.add_done_callback(self.relaying.discard)
                    if plain:
                        from tui.plain.relay import run_plain

                        code = await run_plain(self, process, user)
                    else:
                        code = await self._run_tui(process, user)
                    process.exit(code)
        except (asyncio.TimeoutError, asyncssh.BreakReceived, asyncssh.SignalReceived):
            process.exit(1)
        except (asyncssh.DisconnectError, ConnectionError, BrokenPipeError):
            pass

    def _over_limit(self, fingerprint: str) -> str | None:
        """Why one more session of the key may not start on this door (None: it may)."""
        if self.active.get(fingerprint, 0) >= self.limits.per_key:
            return f"at most {self.limits.per_key} connections per key"
        most = self.limits.max_sessions
        if sum(self.active.values()) >= most:
            return f"the server is full ({most} session{'s' if most != 1 else ''} at once); try again later"
        return None

    @asynccontextmanager
    async def session_place(self, fingerprint: str) -> AsyncIterator[str | None]:
        """Hold one of the key's sessions (a browser's: counted with its SSH
        connections, here and on every door of the database) for the block;
        yields None, or the one line saying why not."""
        over = self._over_limit(fingerprint)
        if over is not None:
            yield over
            return
        self.active[fingerprint] = self.active.get(fingerprint, 0) + 1
        lease: str | None = None
        try:
            counted, lease = await self._count_session(fingerprint)
            yield None if counted else f"at most {self.limits.per_key} connections per key"
        finally:
            self.active[fingerprint] -= 1
            if not self.active[fingerprint]:
                del self.active[fingerprint]
            if lease is not None:
                self.in_background(self.store.close_session, lease)

    async def _user_for(self, fingerprint: str) -> str | None:
        """The key's name (None: a new key); known keys from memory (their
        last login noted in the background). RoomError if it cannot be read."""
        known = self.names.get(fingerprint)
        if known is not None:
            self.in_background(self.store.user_for, fingerprint)
            return known
        user: str | None = await self.off_loop(self.store.user_for, fingerprint)
        if user is not None:
            self.names[fingerprint] = user
        return user

    def _may_log_in_first(self, conn: asyncssh.SSHServerConnection | None) -> bool:
        """Count a first login from the connection's address; False if that
        address has had its minute's share."""
        peer = conn.get_extra_info("peername") if conn else None
        address = str(peer[0]) if peer else "?"
        now = time.monotonic()
        for addr in [a for a, q in self.first_logins.items() if not q or now - q[-1] > 60]:
            del self.first_logins[addr]  # forget quiet addresses: the table stays small
        times = self.first_logins.setdefault(address, deque())
        while times and now - times[0] > 60:
            times.popleft()
        if len(times) >= self.limits.first_logins_per_minute:
            return False
        times.append(now)
        return True

    def _refuse(self, process: asyncssh.SSHServerProcess[bytes], why: str) -> None:
        process.stderr.write(f"tsquare: {why}\r\n".encode())
        process.exit(1)

    async def _command(self, process: asyncssh.SSHServerProcess[bytes], command: str, user: str | None) -> None:
        words = command.split()
        if command != "status" and words[:1] not in (["link"], ["links"]):
            return self._refuse(process, "the only commands are 'status', 'plain', 'link' and 'links'")
        if user is None:
            return self._refuse(process, "log in once with a terminal to pick your name")
        if command != "status":
            from tui.server.web_commands import link_command

            fingerprint = process.get_extra_info("connection").get_extra_info("tsquare_key")
            try:
                said, code = await link_command(self, fingerprint, user, words)
            except RoomError as exc:  # the database not answering: its one line
                return self._refuse(process, str(exc))
            (process.stdout if code == 0 else process.stderr).write(("\n".join(said) + "\n").encode())
            process.exit(code)
            return
        try:
            lines = await self.off_loop(status_lines, self.store, user)
        except RoomError as exc:
            return self._refuse(process, str(exc))
        process.stdout.write(("\n".join(lines) + "\n").encode())
        process.exit(0)

    async def _pick_name(self, process: asyncssh.SSHServerProcess[bytes], fingerprint: str) -> str | None:
        """Ask a new key's owner for a free name (typed in raw mode: echoed,
        backspace works, Ctrl-C or Ctrl-D leaves)."""
        out = process.stdout
        out.write(
            b"Welcome to T-Square. This key is new here: pick the name others will see\r\n"
            b"(2-16 letters, digits, - or _; it stays bound to this key).\r\n"
        )
        reader = LineReader(process, echo=process.get_terminal_type() is not None)  # else the client's terminal echoes
        while True:
            out.write(b"Name: ")
            line = await reader.line()
            if line is None:
                out.write(b"\r\nBye.\r\n")
                process.exit(0)
                return None
            if reader.too_long:  # never cut and bound: said, and asked again
                from tui.server.records import NAME_RULE

                out.write(f"That name is too long: {NAME_RULE}.\r\n".encode())
                continue
            try:
                bound: str = await self.off_loop(self.store.bind, fingerprint, line)
                self.names[fingerprint] = bound
                return bound
            except StorageError as exc:  # not the person's fault, and not for them to retry at once
                process.stderr.write(f"tsquare: your name cannot be recorded: {exc}\r\n".encode())
                process.exit(1)
                return None
            except RoomError as exc:
                out.write(f"{exc}\r\n".encode())

    async def _run_tui(self, process: asyncssh.SSHServerProcess[bytes], user: str) -> int:
        """Run the lobby for `user` on a new PTY and relay until either side ends."""
        cols, rows, _, _ = process.get_terminal_size()
        master, slave = pty.openpty()
        _set_size(master, cols or 80, rows or 24)
        env = self.child_env(process.get_terminal_type() or "xterm", process.env.get("COLORTERM"))
        try:
            pid, ended = await self.start_child(slave, user, env)
        finally:
            os.close(slave)
        self.children.add(pid)
        os.set_blocking(master, False)
        waiter = asyncio.ensure_future(ended)
        tasks = [
            asyncio.create_task(pump_out(master, process)),
            asyncio.create_task(self._pump_in(master, process, pid)),
            waiter,
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for t in tasks[:2]:
                t.cancel()
            await self.end_child(pid, waiter)
            os.close(master)
            if self.stopping:  # its TUI was stopped: the terminal back as `q` leaves it, and a word
                process.stdout.write(TERMINAL_BACK + GOODBYE)
        if not waiter.done():
            waiter.cancel()  # ended without a word (its zygote gone): no exit code to wait for
            return 0
        if waiter.cancelled() or waiter.exception() is not None:
            return 0
        return waiter.result() or 0

    async def end_child(self, pid: int, waiter: asyncio.Future[int]) -> None:
        """A session's TUI process ended (or ended now), and forgotten: its seat claims go."""
        if not waiter.done():
            await stop_process(pid, waiter)
        self.children.discard(pid)
        self.pokeable.discard(pid)
        self.in_background(self.store.drop_claims, pid)

    async def start_child(self, slave: int, user: str, env: dict[str, str],
                          web: bool = False) -> tuple[int, Awaitable[int]]:
        """The connection's TUI process on the PTY `slave` (`web`: a socket
        to the web door, env TSQUARE_DOOR=web): forked from the preloaded
        zygote, or (without one) a fresh interpreter. Its pid, and what to
        await for its exit code."""
        if self.zygote is not None and self.zygote.alive:
            try:
                pid = await self.zygote.spawn(slave, self.store.root, user, env)
                self.pokeable.add(pid)
                return pid, self.zygote.wait(pid)
            except (ZygoteError, OSError, asyncio.TimeoutError):
                pass  # a fresh interpreter, as without the zygote
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui.server.player", str(self.store.root), user,
            stdin=slave, stdout=slave, stderr=asyncio.subprocess.DEVNULL if web else slave,
            start_new_session=True, env=env,
        )
        return child.pid, child.wait()

    async def _pump_in(self, master: int, process: asyncssh.SSHServerProcess[bytes], pid: int) -> None:
        lim = self.limits
        bucket = InputBucket(lim.input_rate, lim.input_burst)
        cleaner = InputCleaner()
        while True:
            try:
                data = await asyncio.wait_for(process.stdin.read(4096), lim.idle_seconds)
            except asyncssh.TerminalSizeChanged as exc:
                _set_size(master, exc.width, exc.height)
                try:
                    os.killpg(pid, signal.SIGWINCH)
                except OSError:
                    pass
                continue
            except asyncio.TimeoutError:
                process.stderr.write(b"\r\ntsquare: idle for too long; your games wait for you\r\n")
                return
            if not data:
                return
            data = cleaner.skip(data)
            allowed = bucket.admit(data, process, lim.flood_bytes)
            if allowed is None:
                return
            burst = len(data) >= PASTE_BYTES  # an unbracketed paste: passed on bracketed
            await write_all(master, cleaner.feed(allowed, cut=len(allowed) < len(data), burst=burst))


    def child_env(self, term: str, colorterm: str | None) -> dict[str, str]:
        """`child_env` with this server's room limits."""
        return {**child_env(term, colorterm), **self.store.limits.to_env(), **self.store.env()}


def child_env(term: str, colorterm: str | None) -> dict[str, str]:
    """The environment of a connection's TUI process: the client's terminal
    type and colours, UTF-8, the frame rate, and only what Python needs from
    the server's."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR")}
    env.update(TERM=term if term.isprintable() and len(term) < 64 else "xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env["TEXTUAL_FPS"] = str(FRAME_RATE)
    if colorterm in ("truecolor", "24bit"):
        env["COLORTERM"] = colorterm
    return env


def _set_size(fd: int, cols: int, rows: int) -> None:
    cols, rows = max(1, min(cols, 1000)), max(1, min(rows, 1000))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def status_lines(store: Store, user: str) -> list[str]:
    """`status`: the rooms where it is `user`'s turn, one line each."""
    waiting = store.your_turn(user)
    if not waiting:
        return [f"{user}: no game waits for you."]
    lines = [f"{user}: your turn in {len(waiting)} room{'s' if len(waiting) > 1 else ''}:"]
    from tui.server.db.room_words import clocks

    clock = clocks(store, [st.room.id for st in waiting])
    for st in waiting:
        others = ", ".join(seat_label(s) for i, s in enumerate(st.room.seats) if i != st.seat)
        left = f"  ({clock[st.room.id]})" if st.room.id in clock else ""
        lines.append(f"  {st.room.id}  {st.title:<20} move {st.ply + 1:<4} with {others}{left}")
    return lines


def serve_forever(root: Path, host: str, port: int, say: Callable[[str], None] = print, limits: Limits | None = None,
                  bot_workers: int | None = None, db: str = "sqlite", web: WebSettings | None = None) -> int:
    """Run the server until interrupted; the exit code."""
    from tui.server.db.migrations import SchemaTooNew

    async def main() -> None:
        try:
            front = Front(root, limits, log=lambda problem: say(f"tsquare: {problem}"), bot_workers=bot_workers,
                          db=db, web=web)
        except SchemaTooNew as exc:
            raise _CannotServe(str(exc)) from None
        except StorageError as exc:
            raise _CannotServe(f"cannot open the database: {getattr(exc, 'detail', None) or exc}") from None
        stop = asyncio.Event()  # before the first line: a stop asked as soon as it is read is heard
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        real = await front.start(host, port)
        fp = load_host_key(front.store.host_key_path).get_fingerprint("sha256")
        say(f"tsquare: serving on {host}:{real}; data in {root}; host key {fp}")
        say(f"rooms and players: {_storage_words(front.store)}")
        for line in front.opened:
            say(f"tsquare: {line}")
        shown = 'localhost' if host in ('127.0.0.1', '::1') else host
        say(f"players join with: ssh -p {real} {shown} (line by line: ssh -p {real} {shown} plain)")
        if front.web is not None:
            say(f"web door on {host}:{front.web_port}, for browsers at {front.web.public_url} "
                f"(a player signs in with: ssh -p {real} {shown} link)")
        lim = front.limits
        say(f"limits: {lim.max_sessions} sessions, {lim.per_key} per key, {lim.first_logins_per_minute} first "
            f"logins a minute per address, {lim.rooms_per_person} rooms per person, {lim.max_rooms} rooms")
        await stop.wait()
        await front.close()

    try:
        asyncio.run(main())
    except _CannotServe as exc:
        print(f"tsquare: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"tsquare: cannot serve on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


class _CannotServe(Exception):
    """The server cannot start on its storage (one line for the operator)."""


def _storage_words(store: Any) -> str:
    """Where the rooms live, for the operator (a URL's password never shown)."""
    db = getattr(store, "db", None)
    if db is None:
        return f"files in {store.root}"
    return f"SQLite, {db.path}" if db.kind == "sqlite" else "PostgreSQL (shared with any other front door on it)"
