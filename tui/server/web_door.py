"""The web door: the server's lobby and rooms in a browser
(`tsquare serve --web-port PORT`), beside the SSH door, in the same process.

- The page is textual-serve's (xterm.js); each tab's websocket gets its own
  TUI process, forked from the same preloaded zygote as an SSH session's,
  on a socket instead of a PTY (Textual's web driver), and relayed by
  tui/server/web_relay.py. Rules and screens are the SSH door's own.
- Identity is the SSH key's (tui/server/web_links.py): `ssh HOST link`
  makes a one-time link; its "Sign in" sets a session cookie (HttpOnly,
  SameSite=Strict, Secure when `public_url` is https). Without a session a
  page cannot open the lobby (the websocket is refused), unless the
  operator lets such pages watch (`--web-watch`: a lobby that only watches).
- A browser's session counts as one of its key's sessions (per key, on
  every door of a database, and in all), like an SSH connection.
- The event loop never waits on the storage (the front's `off_loop`);
  no bot runs here (they run in the front's pool).
"""
from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aiohttp import web

from tui.server import web_pages
from tui.server.doors import WATCH_VAR, WATCHER, WEB_DOOR_VAR
from tui.server.records import RoomError
from tui.server.relay_io import GOODBYE
from tui.server.web_links import SESSION_SECONDS, WebKeys, WebSession
from tui.server.web_relay import RelayLimits, relay

if TYPE_CHECKING:
    from tui.server.db.web_keys import DbWebKeys
    from tui.server.ssh import Front

COOKIE = "tsquare_session"
MAX_MESSAGE = 64 * 1024
"""The largest websocket message a browser may send (a bigger one ends it)."""


def textual_serve_files() -> Path:
    """textual-serve's folder (its page's template and its scripts)."""
    import textual_serve

    return Path(textual_serve.__file__).parent


class WebDoor:
    """The web door of one `Front` (its limits, children and storage)."""

    def __init__(self, front: Front, public_url: str, keys: WebKeys | DbWebKeys, watch: bool = False) -> None:
        self.front = front
        self.public_url = public_url.rstrip("/")
        """Where browsers reach this door (the links and the page's websocket use it)."""
        self.keys = keys
        self.watch = watch
        """A browser that has not signed in may watch (--web-watch)."""
        self.secure = self.public_url.startswith("https://")
        """Behind TLS: the cookie is Secure."""
        self.live: dict[str, set[web.WebSocketResponse]] = {}
        """Open websockets per session id (signing out closes them)."""
        self.relays: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self._template: Any = None

    def ssh_command(self) -> str:
        """How a person reaches the SSH door (said on the pages)."""
        host = urlsplit(self.public_url).hostname or "HOST"
        port = getattr(self.front, "port", None)
        return f"ssh -p {port} {host}" if port else f"ssh {host}"

    def link_url(self, token: str) -> str:
        return f"{self.public_url}/link/{token}"

    async def start(self, host: str, port: int) -> int:
        """Listen; the port (useful with 0)."""
        import jinja2

        files = textual_serve_files()
        self._template = jinja2.Environment(loader=jinja2.FileSystemLoader(files / "templates"),
                                            autoescape=True).get_template("app_index.html")
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes([
            web.get("/", self.index),
            web.get("/ws", self.websocket),
            web.get("/link/{token}", self.show_link),
            web.post("/link/{token}", self.use_link),
            web.get("/signout", self.show_sign_out),
            web.post("/signout", self.sign_out),
            web.static("/static", files / "static"),
        ])
        app.middlewares.append(self._no_details)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        return int(self._runner.addresses[0][1])

    async def close(self) -> None:
        """Stop listening, once the open pages' relays have ended (the front
        ends their processes; each page is told GOODBYE)."""
        if self.relays:
            await asyncio.wait(list(self.relays), timeout=5)
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _no_details(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """No traceback or server path ever reaches a page: a failure is one
        line with a reference (the report, in the data folder, is the operator's)."""
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except web.HTTPException:
            raise
        except RoomError as exc:  # the storage's one line (a database down), never a path
            return _html(web_pages.refused(str(exc)), 503)
        except Exception as exc:  # noqa: BLE001 - the page gets one line, the operator the details
            from tui.server.folder import report_crash

            line = await self.front.off_loop(report_crash, self.front.store.root, exc)
            return _html(web_pages.refused(line), 500)

    # ------------------------------------------------------------ pages
    async def _session(self, request: web.Request) -> WebSession | None:
        """The request's signed-in session (asked off the loop: it may be the database's)."""
        try:
            return await self.front.off_loop(self.keys.session, request.cookies.get(COOKIE))
        except RoomError:  # the database cannot say: not signed in, for now
            return None

    def _same_origin(self, request: web.Request) -> bool:
        """A state-changing request comes from this door's own pages (or names no origin)."""
        origin = request.headers.get("Origin")
        return origin is None or origin.rstrip("/") == _origin(self.public_url)

    async def index(self, request: web.Request) -> web.Response:
        if await self._session(request) is None and not self.watch:
            return _html(web_pages.how_to_sign_in(self.ssh_command()), 401)
        ws_url = ("wss:" if self.secure else "ws:") + self.public_url.split(":", 1)[1] + "/ws"
        text = self._template.render(
            font_size=16, app_websocket_url=ws_url, ping_url="",
            config={"static": {"url": self.public_url + "/static/"}}, application={"name": "T-Square"},
        )
        return _html(text)

    async def show_link(self, request: web.Request) -> web.Response:
        link = await self.front.off_loop(self.keys.link, request.match_info["token"])
        if link is None:
            return _html(web_pages.refused_link(self.ssh_command()), 403)
        return _html(web_pages.sign_in(link.name, f"/link/{request.match_info['token']}"))

    async def use_link(self, request: web.Request) -> web.Response:
        if not self._same_origin(request):
            return _html(web_pages.refused("This form belongs to another site."), 403)
        made = await self.front.off_loop(self.keys.redeem, request.match_info["token"])
        if made is None:
            return _html(web_pages.refused_link(self.ssh_command()), 403)
        cookie, session = made
        response = _html(web_pages.signed_in(session.name))
        response.set_cookie(COOKIE, cookie, max_age=int(SESSION_SECONDS), path="/", httponly=True,
                            samesite="Strict", secure=self.secure)
        return response

    async def show_sign_out(self, request: web.Request) -> web.Response:
        session = await self._session(request)
        if session is None:
            return _html(web_pages.how_to_sign_in(self.ssh_command()), 401)
        return _html(web_pages.sign_out(session.name))

    async def sign_out(self, request: web.Request) -> web.Response:
        session = await self._session(request)
        if session is None or not self._same_origin(request):
            return _html(web_pages.how_to_sign_in(self.ssh_command()), 401)
        gone = await self.revoke(session.fingerprint, None)
        response = _html(web_pages.signed_out(gone))
        response.del_cookie(COOKIE, path="/")
        return response

    async def revoke(self, fingerprint: str, session_id: str | None) -> int:
        """Sign out the key's session (None: all); their open pages close. How many."""
        gone = await self.front.off_loop(self.keys.revoke, fingerprint, session_id)
        for session in gone:
            for ws in list(self.live.get(session.id, ())):
                await _say_and_close(ws, b"\r\ntsquare: signed out\r\n")
        return len(gone)

    # ------------------------------------------------------------ a tab's TUI
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        session = await self._session(request)
        if (session is None and not self.watch) or not self._same_origin(request):
            return _html(web_pages.how_to_sign_in(self.ssh_command()), 403)
        if session is None:  # --web-watch: a spectator, counted per address as a key's sessions are
            session = WebSession("", f"watch:{request.remote}", WATCHER, self.keys.clock())
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        task = asyncio.current_task()
        if task is not None:
            self.relays.add(task)
            task.add_done_callback(self.relays.discard)
        self.live.setdefault(session.id, set()).add(ws)
        self.front.in_background(self.keys.saw, session)
        try:
            await self._serve(ws, request, session)
        finally:
            self.live.get(session.id, set()).discard(ws)
            if not self.live.get(session.id):
                self.live.pop(session.id, None)
        return ws

    async def _serve(self, ws: web.WebSocketResponse, request: web.Request, session: WebSession) -> None:
        front = self.front
        async with front.session_place(session.fingerprint) as refusal:
            if refusal is not None:
                await _say_and_close(ws, f"\r\ntsquare: {refusal}\r\n".encode())
                return
            cols = _number(request.query.get("width"), 80)
            rows = _number(request.query.get("height"), 24)
            env = {**front.child_env("xterm-256color", "truecolor"), WEB_DOOR_VAR: "web",
                   **({WATCH_VAR: "1"} if not session.id else {}),
                   "COLUMNS": str(cols), "ROWS": str(rows), "TEXTUAL_COLOR_SYSTEM": "truecolor"}
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                pid, ended = await front.start_child(theirs.fileno(), session.name, env, web=True)
            except OSError:
                ours.close()
                await _say_and_close(ws, b"\r\ntsquare: the server cannot start your session; try again later\r\n")
                return
            finally:
                theirs.close()
            waiter = asyncio.ensure_future(ended)
            front.children.add(pid)
            writer = None
            try:  # from here the child is ended and the socket closed, however the relay ends or fails to start
                reader, writer = await asyncio.open_unix_connection(sock=ours)
                lim = front.limits
                limits = RelayLimits(lim.idle_seconds, lim.input_rate, lim.input_burst, lim.flood_bytes)
                last = await relay(ws, reader, writer, limits)
            finally:
                if writer is not None:
                    writer.close()
                else:
                    ours.close()
                await front.end_child(pid, waiter)
            if front.stopping:
                last = GOODBYE.decode().strip().removeprefix("tsquare: ")
            if last:
                await _say_and_close(ws, f"\r\ntsquare: {last}\r\n".encode())
            await ws.close()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _number(text: str | None, default: int) -> int:
    try:
        return max(1, min(int(text or default), 500))
    except ValueError:
        return default


def _html(text: str, status: int = 200) -> web.Response:
    response = web.Response(text=text, status=status, content_type="text/html")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "same-origin"  # a link's token never leaves in a Referer (no-referrer would make a form's Origin "null")
    return response


async def _say_and_close(ws: web.WebSocketResponse, words: bytes) -> None:
    if ws.closed:
        return
    try:
        await ws.send_bytes(words)
        await ws.close()
    except (ConnectionError, RuntimeError):
        pass


