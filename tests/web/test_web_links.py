"""Sign-in links and browser sessions (tui/server/web_links.py), and the
command line's refusals for the web (no browser, no server)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tests.cli.test_cli import assert_bad
from tui.cli import app
from tui.server.web_links import LINK_SECONDS, LINKS_PER_KEY, WebKeys


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "sqlite"])
def make_keys(request, tmp_path):
    """WebKeys (the file store's, in memory) or DbWebKeys (the database's), on a clock."""
    if request.param == "memory":
        return lambda clock: WebKeys(clock)
    from tui.server.db import open_store
    from tui.server.db.web_keys import DbWebKeys

    store = open_store(tmp_path / "data", "sqlite")
    store.make()
    return lambda clock: DbWebKeys(store, clock)


def test_a_link_signs_in_once(make_keys):
    keys = make_keys(Clock())
    token = keys.make_link("fp", "alice")
    assert keys.link(token).name == "alice"
    cookie, session = keys.redeem(token)
    assert session.name == "alice" and keys.session(cookie) == session
    assert keys.link(token) is None and keys.redeem(token) is None  # used: gone
    if isinstance(keys, WebKeys):
        assert token not in repr(keys.links) and cookie not in repr(keys.sessions)  # only hashes are kept
    else:
        dump = "\n".join(keys.store.db.path.parent.joinpath(n).read_bytes().decode("latin-1")
                         for n in ("tsquare.db", "tsquare.db-wal") if keys.store.db.path.parent.joinpath(n).exists())
        assert token not in dump and cookie not in dump


def test_a_link_expires_after_ten_minutes(make_keys):
    clock = Clock()
    keys = make_keys(clock)
    token = keys.make_link("fp", "alice")
    clock.now += LINK_SECONDS - 1
    assert keys.link(token) is not None
    clock.now += 1
    assert keys.link(token) is None and keys.redeem(token) is None
    assert LINK_SECONDS == 600


def test_revoking_signs_out_one_or_every_browser_of_the_key(make_keys):
    keys = make_keys(Clock())
    cookies = [keys.redeem(keys.make_link("fp", "alice"))[0] for _ in range(3)]
    other = keys.redeem(keys.make_link("fp2", "bob"))[0]
    waiting = keys.make_link("fp", "alice")
    one = keys.session(cookies[0]).id
    assert [s.id for s in keys.revoke("fp", one)] == [one] and keys.session(cookies[0]) is None
    assert len(keys.revoke("fp")) == 2 and not keys.of("fp")
    assert keys.link(waiting) is None  # sign out everywhere drops the unused links too
    assert keys.session(other) is not None


def test_a_key_keeps_a_few_links_at_most(make_keys):
    clock = Clock()
    keys = make_keys(clock)
    tokens = []
    for _ in range(LINKS_PER_KEY + 2):
        tokens.append(keys.make_link("fp", "alice"))
        clock.now += 1  # made one after another
    assert keys.link(tokens[0]) is None and keys.link(tokens[-1]) is not None
    assert keys.waiting_links("fp") == LINKS_PER_KEY


def test_tsquare_web_stays_on_loopback_unless_told():
    result = CliRunner().invoke(app, ["web", "--host", "0.0.0.0"])
    assert_bad(result, "not loopback", "--open-to-network")
    assert_bad(CliRunner().invoke(app, ["web", "--port", "0"]), "--port")
    assert_bad(CliRunner().invoke(app, ["serve", "--public-url", "https://x.example"]), "--web-port")
    assert_bad(CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--web-port", "8000"]), "--public-url")


def test_a_missing_chromium_fails_the_browser_tests_in_ci(monkeypatch):
    import pytest

    from tests.web import browser

    monkeypatch.setattr(browser, "CHROMIUM_PATHS", ())
    monkeypatch.setattr(browser.shutil, "which", lambda name: None)
    monkeypatch.delenv("TSQUARE_CHROMIUM", raising=False)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        browser.chromium_path()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        browser.chromium_path()


def test_tsquare_web_on_a_taken_port_says_so_in_one_line(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["--saves", str(tmp_path), "web", "--port", str(port)])
    assert_bad(result, f"cannot serve on 127.0.0.1:{port}")
    assert "the suite is at" not in result.stdout  # never announced
