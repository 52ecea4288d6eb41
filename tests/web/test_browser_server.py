"""The server's web door in a real Chromium: a browser signs in by a
one-time link made over SSH, joins a room an SSH player made, plays a move
and sees the SSH player's reply; a used or expired link is refused; a page
without a session cannot act."""
from __future__ import annotations

import os
import time

import pytest

from tests.server.conftest import connect, new_key, open_term
from tests.server.test_server_play import first_legal
from tests.web.conftest import web_front
from tests.web.test_browser_local import shot


@pytest.fixture
async def web_server(tmp_path):
    async with web_front(tmp_path) as front:
        yield front


async def ssh_run(front, key, command: str):
    async with await connect(front.port, key) as conn:
        return await conn.run(command, check=False)


async def sign_in(front, key, page) -> None:
    """`ssh HOST link` with `key`, then the link's button in the browser."""
    made = await ssh_run(front, key, "link")
    assert made.exit_status == 0, made.stderr
    url = made.stdout.splitlines()[-1]
    assert url.startswith(front.web.public_url + "/link/")
    await page.goto(url, wait_until="domcontentloaded")
    await page.click("#sign-in")


async def test_browser_joins_an_ssh_players_room_and_plays(web_server, page):
    front = web_server
    alice_key, bob_key = new_key(), new_key()
    front.store.bind(alice_key.get_fingerprint("sha256"), "alice")
    front.store.bind(bob_key.get_fingerprint("sha256"), "bob")
    room = front.store.create_room("grid-square", ["alice", None], seed=7)  # alice's room, a seat open
    alice = await open_term(front.port, alice_key)
    try:
        await sign_in(front, bob_key, page)
        term = page.term
        await term.wait_for("you are bob")
        cookies = await page.context.cookies()
        [cookie] = [c for c in cookies if c["name"] == "tsquare_session"]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and not cookie["secure"]
        await page.locator("body").click()
        await term.wait_for("Open rooms (Enter takes a free seat) (1)")
        await term.press("Enter")
        await term.wait_for(f"{room.id} · move 1")
        assert front.store.room(room.id).seats == ["alice", "bob"]
        alice.send("\r")  # alice opens her room and moves first
        await alice.wait_for(f"your turn · {room.id} · move 1 ·")
        alice.send("\r")
        await term.wait_for(f"your turn · {room.id} · move 2 ·")
        ply = 1
        while (turn := first_legal(front, room.id))[0] == 1:  # bob's turn (a placement, maybe a slide)
            await term.wait_for(f"your turn · {room.id} · move {ply + 1} ·")
            await term.press(":")  # typed in the browser's move line
            await term.wait_for("Type a move:")
            await page.keyboard.type(turn[1])
            await term.press("Enter")
            ply += 1
            await term.wait_for(f"{room.id} · move {ply + 1} ·")
        await alice.wait_for(f"your turn · {room.id} · move {ply + 1} ·")
        await alice.type_move(first_legal(front, room.id)[1])  # alice's reply reaches the browser
        await term.wait_for(f"{room.id} · move {ply + 2}")
        await shot(page, "web-server-room.png")
        assert "Last turn, alice" in term.text()
    finally:
        await alice.close()


async def test_browser_refuses_a_used_or_expired_link(web_server, page):
    front = web_server
    key = new_key()
    front.store.bind(key.get_fingerprint("sha256"), "carol")
    made = await ssh_run(front, key, "link")
    url = made.stdout.splitlines()[-1]
    await page.goto(url, wait_until="domcontentloaded")
    await page.click("#sign-in")
    await page.term.wait_for("you are carol")
    other = await page.context.browser.new_context()  # someone else with the same link
    try:
        again = await other.new_page()
        answer = await again.goto(url, wait_until="domcontentloaded")
        assert answer.status == 403 and await again.locator("#refused").count() == 1
        late = (await ssh_run(front, key, "link")).stdout.splitlines()[-1]
        front.web_keys.clock = lambda: time.time() + 601  # ten minutes and a second later
        answer = await again.goto(late, wait_until="domcontentloaded")
        assert answer.status == 403 and await again.locator("#refused").count() == 1
        assert not [c for c in await other.cookies() if c["name"] == "tsquare_session"]
    finally:
        await other.close()


async def test_browser_without_a_session_cannot_act(web_server, page):
    front = web_server
    answer = await page.goto(front.web.public_url + "/", wait_until="domcontentloaded")
    assert answer.status == 401
    assert "link" in await page.locator("code").inner_text()
    opened = await page.evaluate("""url => new Promise(done => {
        const ws = new WebSocket(url);
        ws.onopen = () => done("open");
        ws.onerror = () => done("refused");
    })""", front.web.public_url.replace("http:", "ws:") + "/ws?width=80&height=24")
    assert opened == "refused"
    assert not front.children and not page.term.text().strip()
    body = await (await page.context.request.post(front.web.public_url + "/signout")).text()
    assert "Traceback" not in body and str(front.store.root) not in body and os.sep + "work" not in body
