"""The operator's paths: `server export -o` and `--db sqlite:///PATH` refuse
a folder that does not exist (one line, exit 2, nothing written or made),
and the SQLite file used is the one said at start."""
from __future__ import annotations

from tests.server.test_db_server import run_cli
from tui.server.db.backends import open_database
from tui.server.db.store import DbStore


def test_export_into_a_missing_folder_is_refused_and_makes_nothing(tmp_path):
    store = DbStore(tmp_path / "data", "sqlite")
    store.make()
    room = store.create_room("grid-square", ["alice", "bob"], seed=5)
    out = tmp_path / "nonexistent" / "dir" / "x.json"
    done = run_cli("server", "export", "--data", str(tmp_path / "data"), room.id, "-o", str(out), cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "does not exist" in done.stderr
    assert not (tmp_path / "nonexistent").exists()
    folder = run_cli("server", "export", "--data", str(tmp_path / "data"), room.id, "-o", str(tmp_path), cwd=tmp_path)
    assert folder.returncode == 2 and "is a folder" in folder.stderr


def test_a_sqlite_url_in_a_missing_folder_is_refused_and_a_relative_one_said_whole(tmp_path):
    done = run_cli("serve", "--data", str(tmp_path / "data"), "--port", "0", "--db", "sqlite:///nonexist/dir/x.db",
                   cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "no folder" in done.stderr and str(tmp_path / "nonexist" / "dir") in done.stderr
    assert not (tmp_path / "nonexist").exists() and not (tmp_path / "data").exists()
    ops = run_cli("server", "rooms", "--data", str(tmp_path), "--db", "sqlite:///nonexist/x.db", cwd=tmp_path)
    assert ops.returncode == 2 and "no folder" in ops.stderr
    db = open_database("sqlite:///rel.db", tmp_path)  # three slashes: relative, as SQLAlchemy reads them
    assert db.path.is_absolute() and db.path.name == "rel.db"  # the start line says this path
