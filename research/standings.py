"""Where kept matches stand: one Markdown table row per results file.

    python research/standings.py research/matches/*.results.json

Each file is one `tsquare selfplay --results FILE` match (finished or not).
A row gives the game, the levels (the first is the one whose share is
counted: `--bot 1=...`), the budgets, the seed, the games kept, the first
level's outright wins, the others' wins, draws (a shared first place) and
the first level's share with its Wilson 95% interval, the figures
docs/search-strength.md reports. Reading only: no game is played.

    python research/standings.py --commands research/matches/*.results.json

prints instead, for each file, the `tsquare selfplay` command that goes on
with its match (run from the file's folder), so a match is continued on a
new machine from its file alone: to the games its last run was asked for
(a part of a match, `--seed S+N --games M`, stays that part), else to
`--games` (default 200).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena import check_spec, summarize, wilson  # noqa: E402
from engine.match_file import MatchFileError, kept_spec, match_key, planned_games, read_match  # noqa: E402

HEADER = ("| file | game | levels | budget (first / others) | seed | games | first level's wins "
          "| others' wins | draws | first level's share (95%) |\n|---|---|---|---|---|---|---|---|---|---|")


def row(path: Path) -> str:
    """The table row of one results file; MatchFileError if it is not one."""
    spec = kept_spec(path, 1)
    games = read_match(path, spec)
    result = summarize(spec, len(spec.levels), games, 0.0)
    first = result.slots[0]
    others = sum(s.wins for s in result.slots[1:])
    draws = len(games) - first.wins - others
    lo, hi = wilson(first.wins, len(games)) if games else (0.0, 0.0)
    it = spec.search_iterations
    deep = match_key(check_spec(spec))["deep_iterations"]

    def budget(level: str) -> object:
        return deep if level == "deep" else it if level == "search" else "-"

    budgets = f"{budget(spec.levels[0])} / {budget(spec.levels[1])}" if it is not None else "by the clock"
    share = f"{first.win_rate:.1%} ({lo:.1%}-{hi:.1%})" if games else "-"
    return (f"| {path.name} | {spec.game} | {' vs '.join(spec.levels)} | {budgets} | {spec.seed} | {len(games)} "
            f"| {first.wins} | {others} | {draws} | {share} |")


def command(path: Path, games: int) -> str:
    """The `tsquare selfplay` command that plays the rest of the match kept
    in `path` (up to `games` games), to run from its folder."""
    from engine.registry import REGISTRY

    spec = kept_spec(path, games)
    defaults = REGISTRY.get(spec.game).default_options()
    words = ["tsquare selfplay", spec.game]
    words += [f"--bot {i + 1}={level}" for i, level in enumerate(spec.levels)]
    words.append(f"--players {len(spec.levels)}")
    for name, value in sorted(spec.options.items()):
        if defaults.get(name) != value:
            shown = ("yes" if value else "no") if isinstance(value, bool) else value
            words.append(f"-O {name}={shown}")
    if spec.rotate:
        words.append("--swap")
    words.append(f"--games {games} --seed {spec.seed}")
    if spec.search_iterations is not None:
        words.append(f"--iterations {spec.search_iterations}")
    words.append(f"--jobs 1 --json --results {path.name}")
    return " ".join(words)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path, help="results files of `tsquare selfplay --results`")
    ap.add_argument("--commands", action="store_true", help="print the command that goes on with each match")
    ap.add_argument("--games", type=int, default=None,
                    help="the matches' length, for --commands (default: each file's own, else 200)")
    args = ap.parse_args(argv)
    if not args.commands:
        print(HEADER)
    status = 0
    for path in args.files:
        try:
            line = row(path)  # checks the file
            games = args.games or planned_games(path) or 200
            print(command(path, games) if args.commands else line)
        except MatchFileError as exc:
            print(f"standings: {exc}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
