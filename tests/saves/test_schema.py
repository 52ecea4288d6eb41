"""saves/schema.json describes the save format: every example, every golden
save and a fresh save of every game fit it; a file off the shape does not."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.record import GameRecord, Player
from engine.registry import REGISTRY
from engine.saves import dumps

jsonschema = pytest.importorskip("jsonschema")  # the test extra installs it

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "saves" / "schema.json").read_text(encoding="utf-8"))
FILES = sorted((ROOT / "saves" / "examples").glob("*.json")) + sorted((ROOT / "tests" / "golden").glob("*.json"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_and_golden_save_fits_the_schema(path: Path):
    VALIDATOR.validate(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", [e.id for e in REGISTRY.entries()])
def test_a_fresh_save_of_every_game_fits_the_schema(game: str):
    rs = REGISTRY.get(game)
    rec = GameRecord.new(rs, [Player(f"P{i + 1}", "bot:random") for i in range(rs.min_players)], 3, hints=True)
    for _ in range(5):
        seat = rec.state.to_act()[0]
        rec.play_move(seat, rec.state.legal(seat)[0])
    VALIDATOR.validate(json.loads(dumps(rec)))


@pytest.mark.parametrize("change", [
    lambda d: d.pop("seed"),
    lambda d: d.__setitem__("seed", -1),
    lambda d: d.__setitem__("format", "other"),
    lambda d: d.__setitem__("ruleset_version", 0),
    lambda d: d["moves"].append([0, "x"]),
    lambda d: d["players"][0].__setitem__("kind", "robot"),
    lambda d: d.__setitem__("created", "yesterday"),
    lambda d: d["snapshot"].__setitem__("hash", "abc"),
], ids=["no seed", "negative seed", "format", "version 0", "seat 0", "kind", "time", "hash"])
def test_a_file_off_the_shape_does_not_fit(change):
    doc = json.loads((ROOT / "saves" / "examples" / "grid-square.json").read_text(encoding="utf-8"))
    change(doc)
    assert not VALIDATOR.is_valid(doc)
