"""`tsquare selfplay`, `hint`, `review` and `arena`: the commands that let
the bots play and think (each imports the engine only when run)."""

import json
import math
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from tui.cli_base import (
    AsOpt,
    BotOpt,
    IterationsOpt,
    OptionOpt,
    PlayersOpt,
    _check_iterations,
    _load,
    _ruleset,
    _seat,
    _seed_arg,
    app,
    fail,
)


@app.command()
def selfplay(
    game: str = typer.Argument(..., help="Game id, e.g. grid-square."),
    games_: int = typer.Option(..., "--games", "-g", help="How many games to play."),
    players: Optional[int] = PlayersOpt,
    bot: list[str] = BotOpt,
    seed_: str = typer.Option("0", "--seed", help="Seed of the first game (game k uses seed+k), or `random`: "
                              "a seed drawn now and printed (fresh games a setting was never tuned on)."),
    option: list[str] = OptionOpt,
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print the results as JSON: game, games, players, seed, swap, options, search_iterations, seats "
        "(per --bot seat: level, wins, draws, games, win_rate with its Wilson 95% interval win_rate_low/high, "
        "avg_score, ms_per_decision), seat_wins (outright wins by seat: the first-seat advantage), content "
        "(win rates per board, architect or map, as arena --json), avg_length, seconds.",
    ),
    swap: bool = typer.Option(False, "--swap", help="Rotate the seats' bots each game (fairer comparisons)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Play games in this many parallel processes."),
    iterations: Optional[int] = IterationsOpt,
    results_file: Optional[Path] = typer.Option(
        None, "--results", metavar="FILE",
        help="Keep every finished game in FILE, written as each game ends; run again with the same FILE "
        "(and settings) to play only the games it lacks, e.g. after Ctrl+C or with a larger --games. "
        "With --seed random, a FILE that exists gives its seed."),
) -> None:
    """Bots play each other; prints wins (with 95% intervals), scores and lengths per bot."""
    from engine.arena import MatchSpec, run_match
    from engine.errors import SaveError
    from engine.match_file import MatchFileError
    from engine.setup import check_player_count, parse_bot_specs

    ruleset = _ruleset(game)
    if games_ < 1:
        fail("--games must be at least 1")
    kept_seed = None
    if results_file is not None and seed_.strip().lower() == "random":
        from engine.match_file import kept_seed as seed_in

        kept_seed = seed_in(results_file)
        if kept_seed is not None:
            print(f"seed {kept_seed} (from {results_file}, the match it keeps)", file=sys.stderr)
    seed = kept_seed if kept_seed is not None else _seed_arg(seed_, games_)
    if not 1 <= jobs <= 64:
        fail("--jobs takes 1 to 64 processes")
    _check_iterations(iterations)
    try:
        n = check_player_count(ruleset, players)
        chosen = parse_bot_specs(ruleset, n, bot)
        opts = ruleset.parse_options(option)
    except ValueError as exc:
        fail(str(exc))
    levels = tuple(chosen.get(s, ruleset.default_bot_level) for s in range(n))
    spec = MatchSpec(ruleset.id, levels, games_, seed, opts, swap, iterations)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn(f"{ruleset.title}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
        disable=not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task("games", total=games_)
        tick = lambda done: progress.update(task, completed=done)  # noqa: E731
        try:
            if results_file is None:
                result = run_match(spec, jobs=jobs, progress=tick)
            else:
                from engine.match_file import run_kept

                result = run_kept(spec, results_file, jobs=jobs, progress=tick)
        except (MatchFileError, SaveError, OSError) as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            if results_file is not None:
                print(f"tsquare: the games finished are kept in {results_file}; the same command plays the rest",
                      file=sys.stderr)
            raise
    doc = result.to_json()
    if as_json:
        print(json.dumps(doc, indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{ruleset.title}: {games_} games{' (seats rotated)' if swap else ''}")
    for col in ("seat", "bot", "wins", "draws", "win %", "95% interval", "avg score", "ms/decision"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for r in doc["seats"]:
        table.add_row(
            str(r["seat"]),
            r["level"],
            str(r["wins"]),
            str(r["draws"]),
            f"{100 * r['win_rate']:.0f}",
            f"{100 * r['win_rate_low']:.0f}–{100 * r['win_rate_high']:.0f}",
            f"{r['avg_score']:.1f}",
            f"{r['ms_per_decision']:.2f}",
        )
    Console().print(table)
    seat_wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(doc["seat_wins"]))
    print(f"average length: {doc['avg_length']:.1f} plies · outright wins by seat: {seat_wins}")


@app.command()
def hint(
    file: str = typer.Argument(..., help="A save file."),
    as_: Optional[int] = AsOpt,
    time_: float = typer.Option(1.0, "--time", "-t", help="Seconds to think (0.05 to 60)."),
) -> None:
    """The search level's top three moves for a seat, from its own view only."""
    from engine.bots.hint import hints
    from engine.events import with_names

    if not 0.05 <= time_ <= 60:
        fail("--time takes 0.05 to 60 seconds")
    record, _ = _load(file)
    if record.state.is_over():
        fail("the game is over")
    refusal = record.hints_refusal()
    if refusal:
        fail(f"{refusal} (tsquare new --hints)")
    seat = _seat(record, as_)
    view = record.state.view(seat)
    if not view.legal(seat):
        fail(f"seat {seat + 1} has no move to make now")
    found = hints(record.ruleset, view, seat, time_, seed=record.seed + record.ply)
    print(f"{record.names[seat]} (seat {seat + 1}); 1 is what the search level would play, then the others by win share:")
    for i, h in enumerate(found, 1):
        why = f" [its pick: {h.why}]" if h.why else ""
        print(f"{i}. {h.notation:<14} {100 * h.win_share:3.0f}% win share{why}  {with_names(h.description, record.names)}")


@app.command()
def review(
    file: str = typer.Argument(..., help="A save file."),
    as_: Optional[int] = typer.Option(None, "--as", help="Review only this seat's moves (1..N); a game in "
                                      "progress can only be reviewed this way."),
    iterations: Optional[int] = typer.Option(None, "--iterations", help="Search iterations a decision's "
                                             "first pass (a tree iteration, or a playout in the games that search "
                                             "by rollouts; default: the game's review budget, 300 or 12); a second "
                                             "look at a candidate mark spends up to 8 times as many. The same "
                                             "review on any machine and any --jobs."),
    time_: Optional[float] = typer.Option(None, "--time", "-t", help="Seconds a decision instead (0.05 to 60; "
                                          "not repeatable)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Review decisions in this many parallel processes."),
    as_json: bool = typer.Option(False, "--json", help="Print the review as JSON: format, game, key, seat, "
                                 "plies, budget, thresholds, moves (ply, seat, played, played_words, best, "
                                 "best_words, played_share, best_share, loss, loss_low, mark, symbol, reason, "
                                 "samples), players (seat, name, decisions, accuracy, inaccuracies, mistakes, "
                                 "blunders, turning_point), series (each seat's win share by ply) and "
                                 "turning_point."),
    all_seats: bool = typer.Option(False, "--all-seats", help="Show the bots' marks too (by default only the "
                                   "people's, where people played)."),
    chart: bool = typer.Option(False, "--chart", help="Draw each player's win share move by move, with the "
                               "marks and the turning point."),
) -> None:
    """Review a game: each decision judged by the search from its mover's own view, marked ?! ? ?? where a
    deeper second look is confident of the loss, with the reason."""
    from engine.review import review_or_stored

    if iterations is not None and time_ is not None:
        fail("give --iterations or --time, not both")
    _check_iterations(iterations)
    if time_ is not None and not (math.isfinite(time_) and 0.05 <= time_ <= 60):
        fail("--time takes 0.05 to 60 seconds")
    if not 1 <= jobs <= 64:
        fail("--jobs takes 1 to 64 processes")
    record, path = _load(file)
    seat = None if as_ is None else as_ - 1
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn(f"Reviewing {record.ruleset.title}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True, disable=not sys.stderr.isatty(),
                  console=Console(stderr=True)) as progress:
        task = progress.add_task("decisions", total=None)
        try:
            result, _old = review_or_stored(path, record, seat, iterations, time_, jobs,
                                            progress=lambda done, total: progress.update(task, completed=done,
                                                                                         total=total))
        except ValueError as exc:
            fail(str(exc))
    doc = result.to_json(record)
    if as_json:
        print(json.dumps(doc, indent=1, ensure_ascii=False))
        return
    print_review(record, result, doc, seat, all_seats, chart)


def print_review(record: Any, result: Any, doc: dict[str, Any], seat: int | None, all_seats: bool,
                 chart: bool) -> None:
    """The review in text: the header, each shown mark with both moves in
    words and why, the chart if asked, each player's summary."""
    from engine.review import marked
    from engine.review_chart import chart_lines, shown_seats
    from engine.text import shown
    from engine.words import plural
    from tui.screens.review_marks import mark_text

    budget = doc["budget"]
    said = f"{budget['iterations']} iterations" if "iterations" in budget else f"{budget['seconds']:g} s"
    seats = [seat] if seat is not None else shown_seats(record, all_seats)
    hidden = sum(1 for m in result.moves if m.mark and m.seat not in seats)
    print(f"{record.ruleset.title} · {record.ply} moves · {len(result.moves)} decisions reviewed "
          f"({said} each and a deeper second look at each candidate mark, from each mover's own view)")
    for m in marked(result, seats):
        text = mark_text(m, list(record.names)).splitlines()
        print(f"ply {m.ply:>3} {text[0]}")
        for line in text[1:]:
            print(f"        {line}")
    if hidden:
        print(f"({plural(hidden, 'mark')} of bots not shown: --all-seats shows them)")
    if chart:
        print()
        for line in chart_lines(result, record.ply, list(record.names), 60, 9, seats):
            print(line)
        print()
    for p in result.players:
        tp = p.turning_point
        turning = f"ply {tp.ply} (−{100 * tp.loss:.0f}%)" if tp else "none"
        marks = ", ".join(plural(p.counts[k], k, "inaccuracies" if k == "inaccuracy" else None)
                          for k in ("inaccuracy", "mistake", "blunder"))
        print(f"{shown(p.name, 24)} (seat {p.seat + 1}): accuracy {100 * p.accuracy:.0f}% · {marks} · "
              f"turning point: {turning}")


@app.command()
def arena(
    game: str = typer.Argument(..., help="Game id, e.g. grid-square."),
    levels: Optional[str] = typer.Option(None, "--levels", "-l", help="Bot levels, comma-separated "
                                         "(default: the game's own levels)."),
    games_: int = typer.Option(20, "--games", "-g", help="Games for each pairing of levels."),
    players: Optional[int] = PlayersOpt,
    seed_: str = typer.Option("0", "--seed", help="Seed of the first game, or `random`: a seed drawn now "
                              "and printed (fresh games a setting was never tuned on)."),
    option: list[str] = OptionOpt,
    jobs: int = typer.Option(1, "--jobs", "-j", help="Play games in this many parallel processes."),
    iterations: Optional[int] = IterationsOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON: game, players, levels, "
                                 "ladder (level, rating, rating_low/high, score_mean/sd/min/max), matches "
                                 "(as selfplay --json), seat_wins, content (per tag and value of the content "
                                 "seats played with, e.g. board or architect, overall and per level: games, "
                                 "wins, win_rate, win_rate_low/high), length_mean/min/max, seconds."),
) -> None:
    """A round robin of bot levels, seats rotated: a ladder of ratings.

    Also the win rate of each piece of content a game deals out (board,
    architect, map, where the game has them), with 95% intervals."""
    from engine.arena import pairings, run_ladder
    from engine.setup import check_player_count

    ruleset = _ruleset(game)
    if games_ < 1:
        fail("--games must be at least 1")
    if not 1 <= jobs <= 64:
        fail("--jobs takes 1 to 64 processes")
    _check_iterations(iterations)
    chosen = [x.strip() for x in levels.split(",")] if levels else list(ruleset.own_bot_levels)
    try:
        n = check_player_count(ruleset, players)
        opts = ruleset.parse_options(option)
        for lv in chosen:
            if lv not in ruleset.bot_levels:
                raise ValueError(f"unknown bot level {lv!r} (levels: {', '.join(ruleset.bot_levels)})")
        if len(set(chosen)) != len(chosen) or len(chosen) < 2:
            raise ValueError("--levels: name at least two different levels, each once")
    except ValueError as exc:
        fail(str(exc))
    total = games_ * len(pairings(chosen, n))
    seed = _seed_arg(seed_, 100_000 * len(pairings(chosen, n)) + games_)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn(f"{ruleset.title}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True, disable=not sys.stderr.isatty()) as progress:
        task = progress.add_task("games", total=total)
        ladder = run_ladder(ruleset.id, chosen, games_, n, seed, opts, jobs,
                            progress=lambda done, _total: progress.update(task, completed=done),
                            search_iterations=iterations)
    doc = ladder.to_json()
    if as_json:
        print(json.dumps(doc, indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{ruleset.title}, {n} players: {total} games, seats rotated")
    for col in ("rank", "level", "rating", "95% interval", "avg score", "sd", "min–max"):
        table.add_column(col, justify="left" if col == "level" else "right")
    for i, r in enumerate(doc["ladder"], 1):
        table.add_row(str(i), r["level"], f"{r['rating']:+.0f}", f"{r['rating_low']:+.0f} to {r['rating_high']:+.0f}",
                      f"{r['score_mean']:.1f}", f"{r['score_sd']:.1f}", f"{r['score_min']}–{r['score_max']}")
    Console().print(table)
    for m in doc["matches"]:
        print("  " + " vs ".join(f"{s['level']} {100 * s['win_rate']:.0f}% "
                                 f"({100 * s['win_rate_low']:.0f}–{100 * s['win_rate_high']:.0f}%)"
                                 for s in m["seats"][:2])
              + ("" if n == 2 else f" (and {n - 2} more {m['seats'][1]['level']})"))
    content = [c for c in doc["content"] if c["level"] == "all"]
    if content:
        print("wins by content (all levels): " + "; ".join(
            f"{c['tag']} {c['value']} {100 * c['win_rate']:.0f}% of {c['games']} "
            f"({100 * c['win_rate_low']:.0f}–{100 * c['win_rate_high']:.0f}%)" for c in content))
    seat_wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(doc["seat_wins"]))
    print(f"outright wins by seat: {seat_wins}")
    print(f"game length: {doc['length_mean']:.1f} plies (from {doc['length_min']} to {doc['length_max']})")
