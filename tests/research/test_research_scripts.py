"""The research scripts (research/standings.py, research/play_queue.py) and
the kept matches they read (research/matches/): where a match stands, the
command that goes on with it, and the queue that plays them."""
from __future__ import annotations

from pathlib import Path

import pytest

RESEARCH = Path(__file__).resolve().parents[2] / "research"

def test_standings_reads_a_kept_match_as_the_match_reports_it(tmp_path, capsys, monkeypatch, load_script):
    from engine.arena import MatchSpec
    from engine.match_file import run_kept

    standings = load_script("research/standings.py")
    path = tmp_path / "m.results.json"
    result = run_kept(MatchSpec("grid-square", ("greedy", "random"), 5, seed=3, rotate=True), path)
    first = result.slots[0]
    cells = [c.strip() for c in standings.row(path).split("|")[1:-1]]
    assert cells[:6] == ["m.results.json", "grid-square", "greedy vs random", "by the clock", "3", "5"]
    assert [int(c) for c in cells[6:9]] == [first.wins, result.slots[1].wins, 5 - first.wins - result.slots[1].wins]
    assert cells[9].startswith(f"{first.wins / 5:.1%} (")
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert standings.main([str(path), str(bad)]) == 1  # a file that is not one is named, the rest still printed
    out, err = capsys.readouterr()
    assert "m.results.json" in out and "bad.json: not a results file" in err
    # the command it gives goes on with the same match: the file is accepted and nothing is played again
    import shlex

    from typer.testing import CliRunner

    from tui.cli import app

    words = shlex.split(standings.command(path, 5))
    assert words[:3] == ["tsquare", "selfplay", "grid-square"] and "--swap" in words and "-O" not in words
    monkeypatch.chdir(tmp_path)
    before = path.read_bytes()
    out = CliRunner().invoke(app, words[1:])
    assert out.exit_code == 0, out.output
    assert path.read_bytes() == before and '"games": 5' in out.output
    # an option away from its default is given back as the CLI spells it
    other = tmp_path / "variant.results.json"
    run_kept(MatchSpec("grid-square", ("greedy", "random"), 1, seed=4, options={"sliding": False}), other)
    words = shlex.split(standings.command(other, 1))
    assert "sliding=no" in words
    before = other.read_bytes()
    assert CliRunner().invoke(app, words[1:]).exit_code == 0 and other.read_bytes() == before


def test_standings_commands_keep_a_part_of_a_match_to_its_length(tmp_path, capsys, load_script):
    """A part of a match (`--seed S+N --games M`) goes on as that part: the
    file keeps the games its run was asked for, and --commands asks for
    them; a file that does not say gets --games (200 by default)."""
    import json

    from engine.arena import MatchSpec
    from engine.match_file import planned_games, run_kept

    standings = load_script("research/standings.py")
    part = tmp_path / "part.results.json"
    run_kept(MatchSpec("grid-square", ("greedy", "random"), 3, seed=103, rotate=True), part)
    assert planned_games(part) == 3
    assert standings.main(["--commands", str(part)]) == 0
    assert "--games 3 --seed 103 " in capsys.readouterr().out
    assert standings.main(["--commands", "--games", "7", str(part)]) == 0
    assert "--games 7 " in capsys.readouterr().out
    older = tmp_path / "older.results.json"  # kept before files said
    doc = json.loads(part.read_text())
    del doc["planned"]
    older.write_text(json.dumps(doc))
    assert planned_games(older) is None
    assert standings.main(["--commands", str(older)]) == 0
    assert "--games 200 " in capsys.readouterr().out


def test_every_kept_match_is_a_readable_results_file(load_script):
    """research/matches holds the long matches the docs report, committed as
    they grow: each must stay a results file its command can go on with."""
    standings = load_script("research/standings.py")
    kept = sorted((RESEARCH / "matches").glob("*.results.json"))
    assert kept, "research/matches has no results file"
    for path in kept:
        cells = [c.strip() for c in standings.row(path).split("|")[1:-1]]
        games = int(cells[5])
        assert sum(int(c) for c in cells[6:9]) == games  # wins, others' wins and draws cover every game
        assert standings.command(path, 200).endswith(f"--results {path.name}")


def test_the_queue_goes_on_with_kept_matches_begins_new_ones_and_skips_whole_ones(tmp_path, capsys, load_script):
    """research/play_queue.py: each line's match to its planned games, two
    at a time; a kept file's own seed wins over the line's; a whole match
    is not run; a bad line is named and nothing runs."""
    from engine.arena import MatchSpec
    from engine.match_file import read_match, run_kept

    queue_mod = load_script("research/play_queue.py")
    kept = tmp_path / "kept.results.json"
    run_kept(MatchSpec("grid-square", ("greedy", "random"), 1, seed=21, rotate=True), kept)  # 1 of 1: whole
    part = tmp_path / "part.results.json"
    run_kept(MatchSpec("grid-square", ("greedy", "random"), 1, seed=31, rotate=True), part)
    doc = part.read_text().replace('"planned":1', '"planned":3')  # a run asked for 3, stopped after 1
    part.write_text(doc)
    queue = tmp_path / "queue.txt"
    line = "tsquare selfplay grid-square --bot 1=greedy --bot 2=random --swap --games {g} --seed {s} --json --results {f}"
    queue.write_text("# the queue\n\n" + "\n".join([
        line.format(g=1, s=21, f="kept.results.json"),
        line.format(g=3, s=999, f="part.results.json"),  # the file's seed (31) is played, not 999
        line.format(g=2, s=41, f="new.results.json"),
    ]) + "\n")
    entries = queue_mod.plan(queue)
    assert [(e.name, e.games, e.planned, bool(e.words)) for e in entries] == [
        ("kept", 1, 1, False), ("part", 1, 3, True), ("new", 0, 2, True)]
    assert "--seed 31" in " ".join(entries[1].words)
    from engine.match_file import playing

    with playing(part):  # another run plays it now: left to that run
        assert [(e.name, e.busy, bool(e.words)) for e in queue_mod.plan(queue)] == [
            ("kept", False, False), ("part", True, False), ("new", False, True)]
        assert queue_mod.main(["--dry-run", str(queue)]) == 0
        assert "part: being played by another run" in capsys.readouterr().out
    before = kept.read_bytes()
    capsys.readouterr()
    assert queue_mod.run(queue, 2) == 0
    said = capsys.readouterr().out.splitlines()  # two lanes: each line whole, never one run into the other
    assert sorted(line.split(" ", 1)[1] for line in said) == [
        "begins new (0 of 2 games kept)", "begins part (1 of 3 games kept)", "ends new (exit 0)", "ends part (exit 0)"]
    assert kept.read_bytes() == before
    spec = MatchSpec("grid-square", ("greedy", "random"), 3, seed=31, rotate=True)
    assert [r.index for r in read_match(part, spec)] == [0, 1, 2]
    assert [r.index for r in read_match(tmp_path / "new.results.json",
                                        MatchSpec("grid-square", ("greedy", "random"), 2, seed=41, rotate=True))] == [0, 1]
    assert (tmp_path / "new.out").exists()
    assert queue_mod.main(["--dry-run", str(queue)]) == 0
    assert capsys.readouterr().out.count(": whole") == 3
    bad = tmp_path / "bad.txt"
    for text, said in (("tsquare selfplay grid-square --games 2\n", "keeps no results file"),
                       ("tsquare arena grid-square --results a.results.json\n", "not a `tsquare selfplay`"),
                       ("tsquare selfplay grid-square --results ../a.results.json\n", "beside the queue")):
        bad.write_text(text)
        with pytest.raises(queue_mod.QueueError, match=said):
            queue_mod.plan(bad)
    assert queue_mod.main([str(bad)]) == 2 and "bad.txt:1" in capsys.readouterr().err
