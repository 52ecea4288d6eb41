"""Save files: the document, load → same game, integrity checks, atomic
writes, and the examples in saves/examples."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from engine.errors import SaveError
from engine.saves import FORMAT, FORMAT_VERSION, dumps, from_json, load, save, state_hash, to_json, write_atomic

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "saves" / "examples").glob("*.json"))


def test_document_fields(gs_record):
    doc = to_json(gs_record)
    assert doc["format"] == FORMAT == "tsquare-save" and doc["format_version"] == FORMAT_VERSION == 1
    assert doc["game"] == "grid-square" and doc["ruleset_version"] == gs_record.ruleset.version == 2
    assert doc["options"] == {"sliding": True}
    assert doc["players"] == [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "bot:greedy"}]
    assert doc["seed"] == 7
    # seats are 1-based in the file
    assert doc["moves"] == [[1, "Sa1h"], [2, "Sd4h"], [2, "pass"], [1, "Mc6v"], [1, "Sa1h-n2"]]
    assert doc["result"] is None
    snap = doc["snapshot"]
    assert snap["ply"] == 5 and snap["hash"] == state_hash(snap["state"])
    assert len(snap["hash"]) == 64
    st = snap["state"]
    assert st["buildings"] == [["Sa3h", 1], ["Sd4h", 2], ["Mc6v", 1]]
    assert st["stock"] == [{"large": 4, "middle": 7, "small": 11}, {"large": 4, "middle": 8, "small": 11}]
    assert st["to_act"] == 2 and st["phase"] == "place" and st["turns"] == 3


def test_hash_is_of_the_canonical_json():
    import hashlib

    snap = {"b": [1, "é"], "a": True}
    text = '{"a":true,"b":[1,"\\u00e9"]}'
    assert state_hash(snap) == hashlib.sha256(text.encode()).hexdigest()


def test_round_trip(gs_record, tmp_path):
    path = tmp_path / "g.json"
    save(gs_record, path)
    text = path.read_text(encoding="utf-8")
    assert text == dumps(gs_record) and text.endswith("\n")
    rec = load(path)
    assert rec.moves == gs_record.moves and rec.seed == 7
    assert rec.names == ["Ana", "Ben"] and [p.kind for p in rec.players] == ["human", "bot:greedy"]
    assert rec.state.snapshot() == gs_record.state.snapshot()
    assert rec.created == gs_record.created and rec.updated == gs_record.updated
    # the loaded game goes on as the original would
    rec.play(1, "Sh1h")
    gs_record.play(1, "Sh1h")
    assert rec.state.snapshot() == gs_record.state.snapshot()
    assert to_json(rec) == to_json(gs_record)


def test_state_at_replays(gs_record):
    assert gs_record.state_at(0).snapshot()["buildings"] == []
    assert gs_record.state_at(2).snapshot()["buildings"] == [["Sa1h", 1], ["Sd4h", 2]]
    assert gs_record.state_at(5).snapshot() == gs_record.state.snapshot()


def test_load_errors_name_the_file(tmp_path):
    f = tmp_path / "x.json"
    f.write_text("[", encoding="utf-8")
    with pytest.raises(SaveError, match=r"x\.json: not valid JSON \(line 1"):
        load(f)
    with pytest.raises(SaveError, match="no such file"):
        load(tmp_path / "missing.json")
    with pytest.raises(SaveError, match="is a folder"):
        load(tmp_path)


def test_a_changed_snapshot_is_an_error_never_a_fix(gs_record):
    doc = to_json(gs_record)
    doc["snapshot"]["state"]["buildings"][2][0] = "Mc7v"
    with pytest.raises(SaveError, match="hash does not match"):
        from_json(doc, "g.json")
    doc["snapshot"]["hash"] = state_hash(doc["snapshot"]["state"])
    with pytest.raises(SaveError, match=r"differs at buildings\[2\]\[0\]"):
        from_json(doc, "g.json")


def test_an_illegal_move_names_the_move(gs_record):
    doc = to_json(gs_record)
    doc["moves"][3] = [1, "Sd4h"]
    with pytest.raises(SaveError, match=r"move 4 \(seat 1 'Sd4h'\) is not legal: .*overlaps"):
        from_json(doc, "g.json")


# --------------------------------------------------------------- atomic writes
def test_write_atomic_replaces_whole(tmp_path):
    f = tmp_path / "a.json"
    write_atomic(f, "old\n")
    write_atomic(f, "new\n")
    assert f.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@pytest.mark.parametrize("broken", ["replace", "fsync", "write"])
def test_a_failing_write_leaves_the_old_file(tmp_path, gs_record, monkeypatch, broken):
    f = tmp_path / "g.json"
    save(gs_record, f)
    before = f.read_bytes()
    gs_record.play(1, "Sh1h")

    def fail(*a, **k):
        raise OSError(28, "No space left on device")

    if broken == "write":
        real_fdopen = os.fdopen

        class Torn:
            def __init__(self, fh):
                self.fh = fh

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.fh.close()

            def write(self, text):
                self.fh.write(text[: len(text) // 2])  # half written, then the disk is full
                self.fh.flush()
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Torn(real_fdopen(fd, *a, **k)))
    else:
        monkeypatch.setattr(os, broken, fail)
    with pytest.raises(SaveError, match=r"g\.json: cannot write"):
        save(gs_record, f)
    monkeypatch.undo()
    assert f.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temp file left
    assert load(f).ply == 5


def test_save_creates_the_folder(tmp_path, gs_record):
    f = tmp_path / "deep" / "er" / "g.json"
    save(gs_record, f)
    assert load(f).ply == 5


# ------------------------------------------------------------------ examples
def test_there_is_an_example_for_grid_square():
    assert ROOT / "saves" / "examples" / "grid-square.json" in EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_verifies(path):
    rec = load(path)  # replays and checks the snapshot and its hash
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["game"] == rec.ruleset.id
    out = rec.state.outcome()
    assert out is not None, "examples are finished games"
    assert doc["result"] == out.to_json()
    assert doc["snapshot"]["ply"] == len(doc["moves"]) == rec.ply


def test_the_grid_square_example_is_a_greedy_game_of_ana_and_ben():
    doc = json.loads((ROOT / "saves" / "examples" / "grid-square.json").read_text(encoding="utf-8"))
    assert doc["seed"] == 7
    assert doc["players"] == [{"name": "Ana", "kind": "bot:greedy"}, {"name": "Ben", "kind": "bot:greedy"}]
    res = doc["result"]
    assert all(sum(b.values()) == s for b, s in zip(res["breakdown"], res["scores"]))


def test_stand_in_moves_are_kept_and_checked(gs_record):
    """A server room's moves made by a stand-in bot (`stand_ins`, optional):
    kept through a save, said in the log, and a bad list is one line."""
    gs_record.mark_stand_in(3, "greedy")
    doc = to_json(gs_record)
    assert doc["stand_ins"] == [[4, "greedy"]]
    rec = from_json(json.loads(json.dumps(doc)))
    assert rec.stand_ins == {3: "greedy"}
    assert [t for p, t in rec.event_lines() if p == 4][0] == "Ana was away: a stand-in bot (greedy) made this move"
    rec.truncate(3)
    assert rec.stand_ins == {} and "stand_ins" not in to_json(rec)
    for bad, said in (([[6, "greedy"]], "names move 6, the game has 5"), ([[1, "nope"]], "unknown bot level"),
                      ([["1", "greedy"]], "must be [ply"), ({"1": "greedy"}, "must be a list")):
        with pytest.raises(SaveError, match=re.escape(said)):
            from_json({**doc, "stand_ins": bad})
