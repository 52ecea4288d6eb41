"""The operator's `tsquare server new-room` (`tui.server.operator`), on both
back ends: a seat names a person who has logged in once (anyone else is
refused in one line, nothing made), and rooms may be prepared on a folder
(or database) no server has used yet."""
from __future__ import annotations

import pytest

from tests.server.test_db_server import run_cli
from tui.server.db.store import DbStore
from tui.server.operator import OperatorError, Request, run


def new_room(data, db: str, *seats: str) -> list[str]:
    return run(Request("new-room", ["grid-square"], data, db, list(seats)))


def test_a_seat_for_nobody_known_is_refused(tmp_path, db_url):
    data = tmp_path / "data"
    store = DbStore(data, db_url)
    store.make()
    store.bind("SHA256:alice", "Alice")
    with pytest.raises(OperatorError, match=r"^no player 'nosuchperson' here \(a seat is a name"):
        new_room(data, db_url, "alice", "nosuchperson")
    assert store.room_count() == 0
    assert new_room(data, db_url, "alice", "open") == ["r0001: Grid Square, Alice, (open)"]
    assert store.room("r0001").seats == ["Alice", None]  # the person's own spelling


def test_rooms_are_prepared_before_the_first_start(tmp_path, db_url):
    data = tmp_path / "fresh"
    assert new_room(data, db_url, "bot:greedy", "open") == ["r0001: Grid Square, bot greedy, (open)"]
    store = DbStore(data, db_url)
    assert store.room("r0001").seats == ["bot:greedy", None]


def test_the_command_line_says_an_unknown_seat_in_one_line(tmp_path):
    done = run_cli("server", "new-room", "--data", str(tmp_path / "d"), "grid-square", "--seat", "ghost",
                   "--seat", "open", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no player 'ghost' here" in done.stderr
    assert "Traceback" not in done.stderr
