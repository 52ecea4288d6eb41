"""A heuristic's change measured against the heuristic before it.

The game's default level plays as the code is now ("new") against the same
level with the attributes of `--old NAME=VALUE` set on each of its bots
(the values before the change: a fix is written as a bot attribute whose
default is the new value). One seat is new, the others old, the new seat
rotating game by game; game k uses seed + k. Prints the new bot's outright
wins with their Wilson 95% interval, and the old seats' for comparison.

    python benchmarks/heuristic_ab.py --game squire --old floor2_late=0 --games 200 --seed random --jobs 2
"""
from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def parse_value(text: str) -> Any:
    """NAME=VALUE's value: a JSON number, true/false or list, else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def attributes(items: list[str], flag: str) -> dict[str, Any]:
    """NAME=VALUE items as a dict; ValueError for one without `=`."""
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"{flag} {item!r}: write NAME=VALUE")
        out[name] = parse_value(value)
    return out


def play_one(game: str, players: int, seed: int, new_seat: int, old: dict[str, Any],
             new: dict[str, Any] | None = None) -> tuple[int, ...]:
    """One game; the ranks by seat (1: first). A task for any process."""
    from engine.arena import MatchSpec, check_spec, play_record
    from engine.registry import REGISTRY

    ruleset = REGISTRY.get(game)
    level = ruleset.default_bot_level

    def bot_move(record: Any, seat: int) -> Any:
        bot = record.bot(seat)
        for name, value in (old if seat != new_seat else new or {}).items():
            if not hasattr(bot, name):
                raise SystemExit(f"heuristic_ab: the {level} bot has no attribute {name!r}")
            setattr(bot, name, value)
        return bot.choose(record.state.view(seat), seat)

    spec = check_spec(MatchSpec(game, (level,) * players, 1, seed, {}, rotate=False))
    record = play_record(ruleset, spec, 0, bot_move=bot_move)
    out = record.state.outcome()
    assert out is not None
    return tuple(out.ranks)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--old", action="append", default=[], metavar="NAME=VALUE",
                    help="an attribute of the old bot (repeatable)")
    ap.add_argument("--new", action="append", default=[], metavar="NAME=VALUE",
                    help="an attribute of the new bot, to try a value before it is the default (repeatable)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int)
    ap.add_argument("--seed", default="random")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from engine.arena import run_tasks, wilson
    from engine.registry import REGISTRY
    from engine.setup import check_player_count

    try:
        ruleset = REGISTRY.get(args.game)
        players = check_player_count(ruleset, args.players)
        old, new = attributes(args.old, "--old"), attributes(args.new, "--new")
    except (KeyError, ValueError) as exc:
        print(f"heuristic_ab: {exc}", file=sys.stderr)
        return 2
    seed = secrets.randbits(63) if args.seed == "random" else int(args.seed)
    print(f"{args.game}: new {ruleset.default_bot_level} ({', '.join(args.new) or 'as committed'}) against old"
          f" ({', '.join(args.old) or 'as committed'}),"
          f" {args.games} games from seed {seed}", file=sys.stderr)
    t0 = time.perf_counter()
    tasks = [(args.game, players, seed + k, k % players, old, new) for k in range(args.games)]
    ranks = run_tasks(play_one, tasks, args.jobs)
    new_wins = sum(1 for (_, _, _, seat, _, _), r in zip(tasks, ranks) if r[seat] == 1 and r.count(1) == 1)
    old_wins = sum(sum(1 for s in range(players) if s != seat and r[s] == 1 and r.count(1) == 1)
                   for (_, _, _, seat, _, _), r in zip(tasks, ranks))
    draws = sum(1 for r in ranks if r.count(1) > 1)
    low, high = wilson(new_wins, args.games)
    doc = {"game": args.game, "players": players, "games": args.games, "seed": seed, "old": old, "new": new,
           "new_wins": new_wins, "new_win_rate": round(new_wins / args.games, 4),
           "new_win_rate_low": round(low, 4), "new_win_rate_high": round(high, 4),
           "old_wins": old_wins, "draws": draws, "fair_share": round(1 / players, 4),
           "seconds": round(time.perf_counter() - t0, 1)}
    if args.json:
        print(json.dumps(doc))
    else:
        print(f"new wins {new_wins}/{args.games} = {100 * new_wins / args.games:.1f}%"
              f" [{100 * low:.1f}, {100 * high:.1f}] (fair share {100 / players:.0f}%);"
              f" old seats {old_wins}, shared firsts {draws}; {doc['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
