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


def test_review_text_shows_the_persons_marks_with_words_and_why_and_a_chart(tmp_path):
    """A stored review (so nothing is searched): seat 1 a person, seat 2 a
    bot; the person's mark is shown with both moves in words and why, the
    bot's only with --all-seats; --chart draws the win share and the marks;
    --json keeps the series and every mark's reason."""
    from engine.record import Player
    from engine.review import MoveReview, Review, default_iterations, game_key, store, summarize

    path = tmp_path / "g.json"
    record = load(ROOT / "saves" / "examples" / "grid-square.json")
    record.players = [Player("Ann", "human"), Player("Bot 2", "bot:greedy")]
    save(record, path)
    record = load(path)
    ann = next(i + 1 for i, (s, _) in enumerate(record.moves) if s == 0)
    bot = next(i + 1 for i, (s, _) in enumerate(record.moves) if s == 1)

    def mr(ply, low):
        seat, text = record.moves[ply - 1]
        return MoveReview(ply, seat, text, f"words of {text}", "BEST", "the better move", 0.5 - low, 0.5 + low, low,
                          "it lets {P2} close an area")

    moves = [mr(ann, 0.12), mr(bot, 0.3)]
    review = Review(game_key(record), None, default_iterations(record.ruleset), None, tuple(moves),
                    summarize(record, moves, [0, 1]))
    assert store(path, record, review)
    text = run("review", path, "--chart").stdout
    assert "Ann played" in text and "why: it lets Bot 2 close an area" in text and "the better move" in text
    assert "Bot 2 played" not in text and "1 mark of bots not shown" in text
    assert "100% ┤" in text and "?" in text and "▲ ply" in text
    every = run("review", path, "--all-seats").stdout
    assert "Bot 2 played" in every and "not shown" not in every
    doc = json.loads(run("review", path, "--json").stdout)
    assert all(m["reason"] for m in doc["moves"] if m["mark"]) and doc["series"] and doc["turning_point"] == bot
