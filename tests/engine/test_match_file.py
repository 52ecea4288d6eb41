"""A match kept game by game in a results file (`tsquare selfplay --results`):
a stopped run goes on where it ended, and plays the games one run would have."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import engine.arena as arena
from engine.arena import MatchSpec, run_match
from engine.match_file import MatchFileError, read_match, run_kept
from tui.cli import app

SPEC = MatchSpec("grid-square", ("greedy", "random"), 6, seed=11, rotate=True)


def figures(result) -> dict:
    """The match's JSON without its timings (which differ run to run)."""
    doc = result.to_json()
    doc.pop("seconds")
    for s in doc["seats"]:
        s.pop("ms_per_decision")
    return doc


def counting(monkeypatch) -> list[int]:
    """Record which games are really played (jobs=1 plays them here)."""
    played: list[int] = []
    real = arena.play_game

    def play(spec, index):
        played.append(index)
        return real(spec, index)

    monkeypatch.setattr(arena, "play_game", play)
    return played


def test_a_match_in_two_runs_is_the_match_in_one(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    whole = figures(run_match(SPEC))
    played = counting(monkeypatch)
    first = run_kept(MatchSpec(SPEC.game, SPEC.levels, 2, SPEC.seed), path)
    assert played == [0, 1] and first.spec.games == 2
    assert [r.index for r in read_match(path, SPEC)] == [0, 1]
    ticks: list[int] = []
    second = run_kept(SPEC, path, progress=ticks.append)
    assert played == [0, 1, 2, 3, 4, 5]  # the kept games were not played again
    assert ticks[0] == 2 and ticks[-1] == 6
    assert figures(second) == whole
    assert [r.index for r in read_match(path, SPEC)] == list(range(6))


def test_a_shorter_run_reports_its_games_and_keeps_the_rest(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    run_kept(SPEC, path)
    played = counting(monkeypatch)
    short = run_kept(MatchSpec(SPEC.game, SPEC.levels, 3, SPEC.seed), path)
    assert played == [] and short.spec.games == 3 and sum(s.games for s in short.slots) == 6
    assert len(read_match(path, SPEC)) == 6


def test_every_game_is_written_as_it_ends(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    seen: list[int] = []
    real = arena.play_game

    def play(spec, index):
        seen.append(len(json.loads(path.read_text())["games"]))  # what the file holds as the game starts
        if index == 3:
            raise KeyboardInterrupt  # the run is stopped here
        return real(spec, index)

    monkeypatch.setattr(arena, "play_game", play)
    with pytest.raises(KeyboardInterrupt):
        run_kept(SPEC, path)
    assert seen == [0, 1, 2, 3]
    assert [r.index for r in read_match(path, SPEC)] == [0, 1, 2]


@pytest.mark.parametrize("other, named", [
    (MatchSpec("grid-square", ("greedy", "planner"), 6, seed=11), "levels"),
    (MatchSpec("grid-square", ("greedy", "random"), 6, seed=12), "seed"),
    (MatchSpec("grid-square", ("greedy", "random"), 6, seed=11, search_iterations=4), "search_iterations"),
    (MatchSpec("grid-square", ("greedy", "random"), 6, seed=11, options={"sliding": False}), "options"),
])
def test_a_file_of_another_match_is_refused_and_left_alone(tmp_path, other, named):
    path = tmp_path / "m.json"
    run_kept(MatchSpec(SPEC.game, SPEC.levels, 2, SPEC.seed), path)
    before = path.read_bytes()
    with pytest.raises(MatchFileError, match=f"another match.*{named}"):
        run_kept(other, path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("text, says", [
    ("not json", "not valid JSON"),
    ('{"format": "tsquare-save"}', "not a results file"),
    ('{"format": "tsquare-match", "match": %s, "games": [{"index": 0}]}', "not a game result"),
])
def test_a_file_that_is_not_a_results_file_is_refused_and_left_alone(tmp_path, text, says):
    from engine.arena import check_spec
    from engine.match_file import match_key

    path = tmp_path / "m.json"
    if "%s" in text:
        text = text % json.dumps(match_key(check_spec(SPEC)))
    path.write_text(text)
    with pytest.raises(MatchFileError, match=says):
        run_kept(SPEC, path)
    assert path.read_text() == text


def test_the_cli_goes_on_with_the_files_seed_and_refuses_bad_files(tmp_path):
    runner = CliRunner()
    path = tmp_path / "m.json"
    args = ["selfplay", "grid-square", "--bot", "1=greedy", "--bot", "2=random", "--swap", "--json",
            "--seed", "random", "--results", str(path)]
    first = runner.invoke(app, [*args, "--games", "2"], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    seed = json.loads(first.stdout)["seed"]
    again = runner.invoke(app, [*args, "--games", "4"], catch_exceptions=False)
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["seed"] == seed and f"from {path}" in again.stderr
    assert len(json.loads(path.read_text())["games"]) == 4
    before = path.read_bytes()
    other = runner.invoke(app, [*args[:-4], "--seed", "1", "--results", str(path), "--games", "2"],
                          catch_exceptions=False)
    assert other.exit_code == 2 and "another match" in other.stderr and "seed" in other.stderr
    assert path.read_bytes() == before
    huge = runner.invoke(app, [*args, "--games", "20001"], catch_exceptions=False)
    assert huge.exit_code == 2 and "at most 20000 games" in huge.stderr
    assert path.read_bytes() == before
    nowhere = runner.invoke(app, [*args, "--games", "1", "--results", str(tmp_path / "no" / "m.json")],
                            catch_exceptions=False)
    assert nowhere.exit_code == 2 and "no folder" in nowhere.stderr
    assert not (tmp_path / "no").exists()


def test_the_cli_refuses_a_pipe_as_results_file_without_reading_it(tmp_path):
    import os

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    out = CliRunner().invoke(app, ["selfplay", "grid-square", "--bot", "1=greedy", "--bot", "2=random", "--games", "1",
                                   "--results", str(pipe)], catch_exceptions=False)
    assert out.exit_code == 2 and "not a regular file" in out.stderr
    assert not (set(os.listdir(tmp_path)) - {"pipe"})  # no temp file left beside it


def test_a_file_whose_bots_now_choose_otherwise_is_refused_and_left_alone(tmp_path, monkeypatch):
    from rulesets.grid_square.bots import GreedyBot

    path = tmp_path / "m.json"
    run_kept(MatchSpec(SPEC.game, SPEC.levels, 2, SPEC.seed), path)
    kept = json.loads(path.read_text())["match"]["behaviour"]
    assert isinstance(kept, str) and len(kept) == 16
    before = path.read_bytes()
    real = GreedyBot.choose
    monkeypatch.setattr(GreedyBot, "choose",  # another bot: the last legal move in notation order
                        lambda self, state, seat: sorted(state.legal(seat), key=state.format_move)[-1])
    with pytest.raises(MatchFileError, match="chose otherwise than today's"):
        run_kept(SPEC, path)
    assert path.read_bytes() == before
    monkeypatch.setattr(GreedyBot, "choose", real)
    assert len(run_kept(SPEC, path).spec.levels) == 2  # today's bots again: the match goes on
    assert json.loads(path.read_text())["match"]["behaviour"] == kept


def test_a_file_from_before_the_print_goes_on_and_gets_one(tmp_path):
    path = tmp_path / "m.json"
    run_kept(MatchSpec(SPEC.game, SPEC.levels, 2, SPEC.seed), path)
    doc = json.loads(path.read_text())
    kept = doc["match"].pop("behaviour")
    path.write_text(json.dumps(doc))
    run_kept(MatchSpec(SPEC.game, SPEC.levels, 3, SPEC.seed), path)
    doc = json.loads(path.read_text())
    assert doc["match"]["behaviour"] == kept and len(doc["games"]) == 3


def test_the_print_follows_the_bots_and_the_match_and_is_none_by_the_clock():
    from engine.arena import check_spec
    from engine.bot_probe import behaviour_print

    spec = check_spec(SPEC)
    assert behaviour_print(spec) == behaviour_print(spec)
    assert behaviour_print(spec) != behaviour_print(check_spec(MatchSpec(SPEC.game, SPEC.levels, 6, seed=12)))
    assert behaviour_print(spec) != behaviour_print(check_spec(MatchSpec(SPEC.game, ("planner", "random"), 6, seed=11)))
    assert behaviour_print(check_spec(MatchSpec(SPEC.game, ("search", "random"), 6, seed=11))) is None


def test_kept_spec_gives_back_the_match_and_names_a_file_without_one(tmp_path):
    from engine.match_file import kept_spec

    path = tmp_path / "m.json"
    run_kept(MatchSpec(SPEC.game, SPEC.levels, 2, SPEC.seed, rotate=False), path)
    spec = kept_spec(path, 9)
    assert (spec.game, spec.levels, spec.games, spec.seed, spec.rotate) == (SPEC.game, SPEC.levels, 9, SPEC.seed, False)
    assert [r.index for r in read_match(path, spec)] == [0, 1]  # the file accepts the spec it gave
    bare = tmp_path / "bare.json"
    bare.write_text('{"format": "tsquare-match", "match": {"game": "grid-square"}, "games": []}')
    with pytest.raises(MatchFileError, match="bare.json: its match is not described"):
        kept_spec(bare, 1)


def test_a_second_run_of_a_file_being_played_is_refused_at_once(tmp_path):
    from engine.match_file import being_played, playing

    path = tmp_path / "m.json"
    run_kept(MatchSpec(SPEC.game, SPEC.levels, 1, SPEC.seed, rotate=True), path)
    before = path.read_bytes()
    assert not being_played(path)
    with playing(path):  # as a run in another process holds it
        assert being_played(path)
        with pytest.raises(MatchFileError, match="another run is playing this match now"):
            run_kept(MatchSpec(SPEC.game, SPEC.levels, 3, SPEC.seed, rotate=True), path)
        out = CliRunner().invoke(app, ["selfplay", "grid-square", "--bot", "1=greedy", "--bot", "2=random",
                                       "--swap", "--games", "3", "--seed", str(SPEC.seed), "--results", str(path)])
        assert out.exit_code != 0 and "another run is playing this match now" in out.output
        assert "Traceback" not in out.output
    assert path.read_bytes() == before
    assert not being_played(path)
    assert [r.index for r in read_match(path, MatchSpec(SPEC.game, SPEC.levels, 3, SPEC.seed, rotate=True))] == [0]
    with pytest.raises(MatchFileError, match="no folder"):
        run_kept(SPEC, tmp_path / "missing" / "m.json")
