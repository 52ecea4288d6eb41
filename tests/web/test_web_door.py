"""The web door without a browser (aiohttp's client on loopback): `ssh HOST
link` and `links`, a browser's session counted with the key's SSH sessions,
signing out everywhere closing the open pages, and a flood of input."""
from __future__ import annotations

import asyncio
import contextlib
from typing import AsyncIterator

import aiohttp
import pytest

from tests.server.conftest import connect, new_key, open_term
from tests.web.conftest import web_front
from tui.server.ssh import Front, Limits, WebSettings


@pytest.fixture
async def server(tmp_path):  # named `server`: the slow `ssh` group
    async with web_front(tmp_path, flood_bytes=4096, input_burst=1024, input_rate=10) as front:
        yield front


async def ssh(front, key, command: str):
    async with await connect(front.port, key) as conn:
        return await conn.run(command, check=False)


def bound(front, name: str):
    key = new_key()
    front.store.bind(key.get_fingerprint("sha256"), name)
    return key


@contextlib.asynccontextmanager
async def signed_in(front, key) -> AsyncIterator[aiohttp.ClientSession]:
    """A browser signed in by `key`'s link (closed on the way out)."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        url = (await ssh(front, key, "link")).stdout.splitlines()[-1]
        answer = await http.post(url, headers={"Origin": front.web.public_url})
        assert answer.status == 200
        yield http


async def until_closed(ws) -> bytes:
    """What a page's websocket still gets until the door closes it."""
    tail = b""
    while not ws.closed:
        msg = await asyncio.wait_for(ws.receive(), 10)
        tail += msg.data if msg.type == aiohttp.WSMsgType.BINARY else b""
    return tail


async def lobby(front, http) -> tuple[aiohttp.ClientWebSocketResponse, bytes]:
    """Open a page's websocket; what it got until the lobby showed, or until it closed."""
    ws = await http.ws_connect(front.web.public_url + "/ws?width=80&height=24",
                               headers={"Origin": front.web.public_url})
    got = b""
    while b"T-Square lobby" not in got:
        msg = await asyncio.wait_for(ws.receive(), 30)
        if msg.type != aiohttp.WSMsgType.BINARY:
            break
        got += msg.data
    return ws, got


async def test_link_and_links_over_ssh(server):
    key = bound(server, "alice")
    made = await ssh(server, key, "link")
    assert made.exit_status == 0 and "sign in as alice" in made.stdout and "10 minutes" in made.stdout
    listed = await ssh(server, key, "links")
    assert "alice: 0 browsers signed in, 1 link(s) not yet used" in listed.stdout
    async with signed_in(server, key):
        listed = (await ssh(server, key, "links")).stdout
        assert "alice: 1 browser signed in" in listed and "links revoke all" in listed
        wrong = await ssh(server, key, "links revoke nosuch")
        assert wrong.exit_status == 1 and "no browser nosuch" in wrong.stderr
    stranger = await ssh(server, new_key(), "link")
    assert stranger.exit_status == 1 and "pick your name" in stranger.stderr


async def test_a_browser_counts_with_the_keys_ssh_sessions(server):
    key = bound(server, "alice")
    term = await open_term(server.port, key)
    try:
        async with signed_in(server, key) as http:
            first, got = await lobby(server, http)
            assert b"you are alice" in got
            second, got = await lobby(server, http)  # a third session of the key: refused in one line
            assert b"at most 2 connections per key" in got and b"T-Square lobby" not in got
            assert len(server.children) == 2
    finally:
        await term.close()


async def test_signing_out_everywhere_closes_the_open_pages(server):
    key = bound(server, "alice")
    async with signed_in(server, key) as http:
        ws, got = await lobby(server, http)
        assert b"you are alice" in got
        gone = await ssh(server, key, "links revoke all")
        assert "signed out 1 browser" in gone.stdout
        assert b"signed out" in await until_closed(ws)
        again = await http.get(server.web.public_url + "/")
        assert again.status == 401


async def test_a_flood_of_input_ends_the_page(server):
    key = bound(server, "alice")
    async with signed_in(server, key) as http:
        ws, _ = await lobby(server, http)
        for _ in range(8):
            await ws.send_str('["stdin", "' + "x" * 2000 + '"]')
        assert b"too much input" in await until_closed(ws)
        big = await http.ws_connect(server.web.public_url + "/ws", headers={"Origin": server.web.public_url})
        await big.send_str('["stdin", "' + "y" * 70000 + '"]')  # over the message limit: closed at once
        msg = await asyncio.wait_for(big.receive(), 10)
        assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)


async def test_web_watch_lets_a_browser_without_a_session_watch_only(tmp_path):
    import pyte

    async with web_front(tmp_path, WebSettings(0, watch=True)) as front:
        room = front.store.create_room("grid-square", ["alice", None], seed=7)
        screen = pyte.Screen(80, 24)
        stream = pyte.ByteStream(screen)
        async with aiohttp.ClientSession() as http:
            assert (await http.get(front.web.public_url + "/")).status == 200  # the page, without signing in
            ws = await http.ws_connect(front.web.public_url + "/ws?width=80&height=24",
                                       headers={"Origin": front.web.public_url})

            async def until(needle: str) -> None:
                while needle not in "\n".join(screen.display):
                    msg = await asyncio.wait_for(ws.receive(), 30)
                    assert msg.type == aiohttp.WSMsgType.BINARY, "\n".join(screen.display)
                    stream.feed(msg.data)

            await until("watching (not signed in)")
            await until(room.id)
            await ws.send_str('["stdin", "c"]')
            await until("to play, sign in with a link")
            await ws.send_str('["stdin", "\\r"]')  # the open seat is not taken: the room is watched
            await until(f"{room.id} · move 1")
            await ws.close()
        assert front.store.room(room.id).seats == ["alice", None]
        assert front.store.room(room.id).watchers == []


async def test_a_stopping_server_says_goodbye_to_the_open_pages(tmp_path):
    front = Front(tmp_path / "data", Limits(per_key=2, idle_seconds=60), web=WebSettings(0))
    await front.start("127.0.0.1", 0)
    key = bound(front, "alice")
    async with signed_in(front, key) as http:
        ws, got = await lobby(front, http)
        assert b"you are alice" in got
        closing = asyncio.create_task(front.close())
        assert b"the server is restarting; your game is saved" in await until_closed(ws)
        await closing
        assert not front.children


async def test_behind_tls_the_cookie_is_secure_and_other_sites_are_refused(tmp_path):
    public = "https://games.example.org"
    async with web_front(tmp_path, WebSettings(0, public_url=public)) as front:
        key = bound(front, "alice")
        url = (await ssh(front, key, "link")).stdout.splitlines()[-1]
        assert url.startswith(public + "/link/")
        here = f"http://127.0.0.1:{front.web_port}" + url.removeprefix(public)  # as the proxy passes it on
        async with aiohttp.ClientSession() as http:
            evil = await http.post(here, headers={"Origin": "https://evil.example"})
            assert evil.status == 403 and "set-cookie" not in evil.headers
            good = await http.post(here, headers={"Origin": public})
            cookie = good.headers["Set-Cookie"]
            assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
            again = await http.post(here, headers={"Origin": public})  # used: refused
            assert again.status == 403 and "Traceback" not in await again.text()


async def test_on_a_database_a_link_and_a_session_outlive_the_door_that_made_them(tmp_path):
    key = new_key()
    async with web_front(tmp_path, db="sqlite") as first:
        first.store.bind(key.get_fingerprint("sha256"), "alice")
        url = (await ssh(first, key, "link")).stdout.splitlines()[-1]
    async with web_front(tmp_path, db="sqlite") as second:  # another door (here: the same one restarted)
        here = second.web.public_url + "/link/" + url.rsplit("/", 1)[1]
        http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        try:
            assert (await http.post(here, headers={"Origin": second.web.public_url})).status == 200
            cookies = {c.key: c.value for c in http.cookie_jar}
        finally:
            await http.close()
    async with web_front(tmp_path, db="sqlite") as third:
        async with aiohttp.ClientSession(cookies=cookies) as http:
            ws, got = await lobby(third, http)
            assert b"you are alice" in got
            await ws.close()
        listed = (await ssh(third, key, "links")).stdout
        assert "alice: 1 browser signed in" in listed
