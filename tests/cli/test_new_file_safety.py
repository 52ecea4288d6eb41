"""`tsquare new -o`: never through a dangling symbolic link, and never over
a file that is not a T-Square save, even with --force."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tui.cli import app

runner = CliRunner()


def _new(out: Path, *extra: str):
    return runner.invoke(app, ["new", "grid-square", "-o", str(out), "--seed", "3", *extra])


def _one_line(result, fragment: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tsquare: ") and fragment in lines[0], result.stderr


@pytest.mark.parametrize("force", [False, True])
def test_a_dangling_link_is_never_written_through(tmp_path: Path, force: bool):
    target = tmp_path / "elsewhere" / "deeper" / "game.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    _one_line(_new(link, *(["--force"] if force else [])), "symbolic link to a missing file")
    assert not target.exists() and not (tmp_path / "elsewhere").exists()
    assert os.path.islink(link)


def test_force_never_replaces_a_file_that_is_not_a_save(tmp_path: Path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    _one_line(_new(notes, "--force"), "not a T-Square save")
    assert notes.read_text(encoding="utf-8") == "my notes\n"


def test_force_never_replaces_a_non_save_through_a_link(tmp_path: Path):
    other = tmp_path / "config.json"
    other.write_text('{"theme": "dark"}\n', encoding="utf-8")
    link = tmp_path / "game.json"
    link.symlink_to(other)
    _one_line(_new(link, "--force"), "not a T-Square save")
    assert other.read_text(encoding="utf-8") == '{"theme": "dark"}\n' and os.path.islink(link)


def test_force_replaces_a_save_even_one_that_no_longer_loads(tmp_path: Path):
    path = tmp_path / "game.json"
    assert _new(path).exit_code == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["moves"] = [[1, "nonsense"]]
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = _new(path, "--force")
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text(encoding="utf-8"))["moves"] == []


def test_force_through_a_link_to_a_save_replaces_its_target(tmp_path: Path):
    target = tmp_path / "real.json"
    assert _new(target).exit_code == 0
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = _new(link, "--force", "--bot", "2=random")
    assert result.exit_code == 0, result.output
    assert os.path.islink(link) and json.loads(target.read_text(encoding="utf-8"))["players"][1]["kind"] == "bot:random"
