"""Files (issue 8, breaks 4, 5 and 8): special files and hostile JSON are
refused with one line (exit 2) and listed as unreadable; the atomic write
goes to the real file a path names; stale temp files go; the reader holds
every rule of saves/FORMAT.md."""
from __future__ import annotations

import asyncio
import json
import os
import resource
import stat
import subprocess

import pytest

from engine.saves import load, save, state_hash
from tests.cli.tsquare_process import one_line, run, run_tsquare, temp_files


def _limit_memory() -> None:  # a runaway read ends in a MemoryError, not a swapping machine
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def proc(*args, timeout: float = 20) -> subprocess.CompletedProcess:
    """A real `tsquare` run, bounded in time and memory: a hang fails the test."""
    try:
        r = run_tsquare(*args, timeout=timeout, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"tsquare {' '.join(map(str, args))} hung")
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(), r.stderr.decode())


# ------------------------------------------------------------ crafted files
def _crafted(folder, gs_record):
    """A saves folder of one good game and every kind of hostile file."""
    save(gs_record, folder / "good.json")
    os.mkfifo(folder / "fifo.json")
    os.symlink("/dev/zero", folder / "zero.json")
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (folder / "nested.json").write_text('{"a":' * 70 + "1" + "}" * 70)
    (folder / "bigint.json").write_text('{"seed": 1' + "0" * 5000 + "}")
    (folder / "nan.json").write_text('{"seed": NaN}')
    (folder / "dup.json").write_text('{"format": "tsquare-save", "format": "x"}')
    os.symlink(folder / "missing", folder / "dangling.json")
    return ["fifo", "zero", "deep", "nested", "bigint", "nan", "dup", "dangling"]


CRAFTED_REASONS = {
    "fifo": "not a regular file",
    "zero": "not a regular file",
    "deep": "nested",
    "nested": "nested more than 64",
    "bigint": "integer too long",
    "nan": "NaN",
    "dup": "appears twice",
    "dangling": "no such file",
}


@pytest.mark.hardening  # every crafted file through every command: a slow group
def test_crafted_files_exit_2_with_one_line(tmp_path, gs_record):
    for stem in _crafted(tmp_path, gs_record):
        f = tmp_path / f"{stem}.json"
        for cmd in (["verify"], ["show"], ["move", "Sh1h"]):
            r = proc(cmd[0], f, *cmd[1:])
            assert r.returncode == 2, (stem, cmd, r.stderr)
            lines = r.stderr.splitlines()
            assert len(lines) == 1 and CRAFTED_REASONS[stem] in lines[0], (stem, r.stderr)
    assert stat.S_ISFIFO(os.stat(tmp_path / "fifo.json").st_mode)  # untouched
    assert proc("verify", "/dev/zero").returncode == 2


def test_list_marks_crafted_files_unreadable_and_goes_on(tmp_path, gs_record):
    stems = _crafted(tmp_path, gs_record)
    r = proc("--saves", tmp_path, "list")
    assert r.returncode == 0, r.stderr
    rows = r.stdout.splitlines()
    assert len(rows) == len(stems) + 1
    assert any(row.startswith("good.json") and "Grid Square" in row for row in rows)
    for stem in stems:
        row = next(row for row in rows if row.startswith(f"{stem}.json"))
        assert "unreadable" in row and CRAFTED_REASONS[stem] in row, row


def test_the_saves_screen_marks_crafted_files_unreadable(tmp_path, gs_record):
    from tui.app import create_app
    from tui.screens.saves import SavesScreen

    stems = _crafted(tmp_path, gs_record)

    async def go() -> list[tuple[str, bool]]:
        tui = create_app(tmp_path, bot_delay=0)
        async with tui.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            tui.push_screen(SavesScreen())
            await pilot.pause()
            opts = tui.screen.query_one("#saves")
            return [(str(opts.get_option_at_index(i).prompt), opts.get_option_at_index(i).disabled)
                    for i in range(opts.option_count)]

    rows = asyncio.run(asyncio.wait_for(go(), 30))
    assert len(rows) == len(stems) + 1
    assert sum(disabled for _, disabled in rows) == len(stems)
    assert all("(unreadable)" in text for text, disabled in rows if disabled)


def test_no_lock_file_is_left_beside_what_is_not_a_save(tmp_path):
    for target in (tmp_path / "missing.json", tmp_path / "folder"):
        (tmp_path / "folder").mkdir(exist_ok=True)
        one_line(run("move", target, "Sa1h"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_a_too_large_special_file_is_not_read(tmp_path):
    f = tmp_path / "huge.json"
    with open(f, "wb") as fh:  # sparse: 9 MiB that are not on disk
        fh.truncate(9 << 20)
    one_line(run("verify", f), "too large")


# --------------------------------------------------------- the atomic write
def test_a_symlinked_save_advances_its_target(tmp_path, gs_file):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "game.json"
    os.replace(gs_file, target)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert run("move", link, "Sh1h").exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load(target).ply == 6
    assert temp_files(tmp_path) == [] and temp_files(real) == []


def test_the_mode_of_a_save_is_kept(tmp_path, gs_file):
    os.chmod(gs_file, 0o640)
    assert run("move", gs_file, "Sh1h").exit_code == 0
    assert stat.S_IMODE(os.stat(gs_file).st_mode) == 0o640


def test_a_hard_link_keeps_the_old_game(tmp_path, gs_file):
    # documented: the write replaces the name it was given; another hard link
    # to the old file keeps the old game (a copy, not a second name)
    other = tmp_path / "other.json"
    os.link(gs_file, other)
    before = other.read_bytes()
    assert run("move", gs_file, "Sh1h").exit_code == 0
    assert load(gs_file).ply == 6 and other.read_bytes() == before


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_new_force_never_replaces_what_is_not_a_regular_file(tmp_path, kind):
    f = tmp_path / "node.json"
    if kind == "fifo":
        os.mkfifo(f)
    elif kind == "device":
        os.mknod(f, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # a second /dev/null
    else:
        f.mkdir()
    mode = os.lstat(f).st_mode
    one_line(run("new", "grid-square", "-o", f, "--force"), "not a regular file")
    assert os.lstat(f).st_mode == mode


def test_stale_temp_files_go_on_the_next_write(tmp_path, gs_file):
    for tag in ("abcd1234", "x_y-z987"):
        (tmp_path / f".game.json.{tag}.tmp").write_text("{torn")
    (tmp_path / ".other.json.abcd1234.tmp").write_text("{")  # another save's: left alone
    assert run("move", gs_file, "Sh1h").exit_code == 0
    assert temp_files(tmp_path) == [".other.json.abcd1234.tmp"]


def test_writing_into_a_missing_folder_says_so(tmp_path):
    f = tmp_path / "new" / "deeper" / "g.json"
    out = run("new", "grid-square", "-o", f).stdout
    assert f"created folder {tmp_path / 'new' / 'deeper'}" in out and load(f).ply == 0


# ------------------------------------------------- the reader is FORMAT.md
def _doc(gs_file):
    return json.loads(gs_file.read_text(encoding="utf-8"))


def _put(gs_file, doc):
    gs_file.write_text(json.dumps(doc), encoding="utf-8")


@pytest.mark.parametrize("seed", [-1, 1 << 64, (1 << 64) + 7])
def test_the_seed_range(gs_file, seed):
    doc = _doc(gs_file)
    doc["seed"] = seed
    _put(gs_file, doc)
    one_line(run("verify", gs_file), "seed")


@pytest.mark.parametrize("field, value", [
    ("created", 5), ("updated", None), ("created", "yesterday"), ("updated", "2026-01-31 12:00"),
])
def test_created_and_updated_are_times(gs_file, field, value):
    doc = _doc(gs_file)
    doc[field] = value
    _put(gs_file, doc)
    one_line(run("verify", gs_file), field)


@pytest.mark.parametrize("field", ["created", "updated", "result"])
def test_every_field_is_required(gs_file, field):
    doc = _doc(gs_file)
    del doc[field]
    _put(gs_file, doc)
    one_line(run("verify", gs_file), f"missing field '{field}'")


def test_duplicate_keys_are_refused(gs_file):
    text = gs_file.read_text(encoding="utf-8")
    gs_file.write_text(text.replace('"seed": 7,', '"seed": 7,\n "seed": 8,'), encoding="utf-8")
    one_line(run("verify", gs_file), "'seed' appears twice")


@pytest.mark.parametrize("written", ["sa1h", "SA1H", "S a1h"])
def test_moves_must_be_in_the_canonical_notation(gs_file, written):
    doc = _doc(gs_file)
    doc["moves"][0][1] = written
    _put(gs_file, doc)
    one_line(run("verify", gs_file), "canonical notation", "'Sa1h'")


def test_the_result_must_match(tmp_path):
    f = tmp_path / "g.json"
    assert run("new", "grid-square", "-o", f, "--seed", "3", "--bot", "1=random", "--bot", "2=random").exit_code == 0
    assert run("bot", f, "--all").exit_code == 0
    doc = json.loads(f.read_text())
    doc["result"]["scores"][0] += 1
    f.write_text(json.dumps(doc))
    one_line(run("verify", f), "result does not match")


def test_a_huge_move_text_makes_a_short_error_line(gs_file):
    line = one_line(run("move", gs_file, "Sh1h", "Q" * 100_000), "move 2", "nothing saved")
    assert len(line) < 300 and line.count("Q") < 50
    doc = _doc(gs_file)
    doc["moves"][1][1] = "Q" * 100_000
    _put(gs_file, doc)
    line = one_line(run("verify", gs_file), "move 2", "is not legal: it is not")
    assert len(line) < 300 and line.count("Q") < 50  # cut, and said once


def test_a_hostile_snapshot_is_refused_not_crashed(gs_file):
    doc = _doc(gs_file)
    state = doc["snapshot"]["state"]
    for _ in range(60):
        state = {"x": state}
    doc["snapshot"]["state"] = state
    doc["snapshot"]["hash"] = state_hash(state)
    _put(gs_file, doc)
    one_line(run("verify", gs_file), "nested more than 64")
