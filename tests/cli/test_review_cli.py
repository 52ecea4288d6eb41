"""`tsquare review`: JSON, stored review reused, and bad input (exit 2, one line)."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from engine.saves import load, save
from tui.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def assert_bad(result, *fragments):
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tsquare: "), result.stderr
    for f in fragments:
        assert f in lines[0], (f, lines[0])


def in_progress(tmp_path, plies=4):
    path = tmp_path / "g.json"
    record = load(ROOT / "saves" / "examples" / "square-and-compass.json")
    record.truncate(plies)
    save(record, path)
    return path


def test_review_json_as_one_seat(tmp_path):
    path = in_progress(tmp_path)
    result = run("review", path, "--as", "2", "--iterations", "8", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["seat"] == 2 and doc["budget"] == {"iterations": 8}
    assert doc["moves"] and {m["seat"] for m in doc["moves"]} == {2}
    assert [p["seat"] for p in doc["players"]] == [2]
    again = run("review", path, "--as", "2", "--iterations", "8", "--json")
    assert again.stdout == result.stdout
    text = run("review", path, "--as", "2", "--iterations", "8")
    assert "accuracy" in text.stdout and "seat 2" in text.stdout


def test_review_bad_input(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text("not json", encoding="utf-8")
    assert_bad(run("review", junk))
    assert_bad(run("review", tmp_path / "missing.json"), "no such file")
    example = ROOT / "saves" / "examples" / "grid-square.json"
    assert_bad(run("review", example, "--as", "3"), "seats 1–2")
    assert_bad(run("review", example, "--as", "0"), "seats 1–2")
    assert_bad(run("review", in_progress(tmp_path)), "in progress", "--as")
    assert_bad(run("review", example, "--iterations", "0"), "--iterations")
    assert_bad(run("review", example, "--time", "0"), "--time")
    assert_bad(run("review", example, "--iterations", "5", "--time", "1"), "not both")
    assert_bad(run("review", example, "--jobs", "0"), "--jobs")
