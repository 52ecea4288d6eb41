"""The SSH front door: names bound to keys, and everything but the TUI and
`status` refused."""
from __future__ import annotations

import pytest

from tests.server.conftest import asyncssh, connect, new_key, open_term


async def test_first_login_binds_a_name_to_the_key(server):
    key = new_key()
    term = await open_term(server.port, key, "alice")
    assert "you are alice" in term.text()
    await term.close()
    assert server.store.user_for(key.get_fingerprint("sha256")) == "alice"
    again = await open_term(server.port, key)  # no question the second time
    assert "you are alice" in again.text()
    assert b"Name:" not in again.raw
    await again.close()


async def test_a_taken_or_malformed_name_is_asked_again(server):
    server.store.bind("SHA256:someone", "alice")
    conn = await connect(server.port, new_key())
    proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    from tests.server.conftest import Term

    term = Term(conn, proc)
    await term.wait_for("Name:")
    term.send("Alice\r")
    await term.wait_for("is taken")
    term.send("\x1b[31mx\r")  # an escape sequence never reaches a name: 'x' is too short
    await term.wait_for("starting with a letter")
    assert "[31m" not in term.text()
    term.send("bob\r")
    await term.wait_for("you are bob", timeout=30)
    await term.close()


async def test_password_login_is_refused(server):
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1", server.port, username="alice", password="secret", client_keys=None,
            known_hosts=None, agent_path=None, config=[],
        )


async def test_only_the_status_and_link_commands_run(server):
    key = new_key()
    server.store.bind(key.get_fingerprint("sha256"), "carol")
    server.store.create_room("grid-square", ["carol", "bot:greedy"], seed=3)
    async with await connect(server.port, key) as conn:
        shell = await conn.run("sh -c id")
        assert shell.exit_status == 1 and "only commands are 'status', 'plain', 'link' and 'links'" in shell.stderr
        link = await conn.run("link")  # this server has no --web-port
        assert link.exit_status == 1 and "no web door" in link.stderr
        status = await conn.run("status")
        assert status.exit_status == 0
        assert "r0001" in status.stdout and "Grid Square" in status.stdout
        no_pty = await conn.run()  # a shell without a terminal
        assert no_pty.exit_status == 1 and "need a terminal" in no_pty.stderr


async def test_an_unknown_key_gets_no_status(server):
    async with await connect(server.port, new_key()) as conn:
        result = await conn.run("status")
        assert result.exit_status == 1 and "pick your name" in result.stderr


async def test_forwarding_is_refused(server):
    async with await connect(server.port, new_key()) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)


async def test_connections_per_key_are_limited(server):
    key = new_key()
    first = await open_term(server.port, key, "dave")
    second = await open_term(server.port, key)
    async with await connect(server.port, key) as conn:
        third = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        err = await third.stderr.read()
        assert b"at most 2 connections per key" in err
    await first.close()
    await second.close()
