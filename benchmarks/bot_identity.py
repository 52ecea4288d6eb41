"""Proof that a speed-up of a game's bots changes no move: the move lists of
self-play games (the default heuristic levels, the other heuristic levels,
and `search` at a fixed iteration budget) and a review of the first
decisions of the game's example save at a fixed budget, written once before
a change (`--write`) and compared after it (`--check`). Not part of pytest
(a whole run takes minutes); the CPU seconds it took are printed too.

    python benchmarks/bot_identity.py --write /tmp/before.json
    python benchmarks/bot_identity.py --check /tmp/before.json
    python benchmarks/bot_identity.py --game grid-square --games 10 --check /tmp/before.json
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLANS: dict[str, list[tuple[tuple[str, ...], dict[str, Any]]]] = {
    "grid-square": [(("planner", "planner"), {}), (("greedy", "planner"), {}),
                    (("planner", "greedy"), {"sliding": False})],
    "square-masons": [(("heuristic",) * 3, {}), (("heuristic", "easy", "heuristic", "heuristic"), {}),
                      (("easy",) + ("heuristic",) * 4, {})],
}
"""Per game: the heuristic line-ups played (levels by seat, options);
a game not named plays `line_ups`' default."""


def line_ups(game: str) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """The heuristic line-ups of `game`: its own in PLANS, else its default
    level (never a search level) in both seats, then each of its other own
    levels against it."""
    from engine.registry import REGISTRY

    if game in PLANS:
        return PLANS[game]
    ruleset = REGISTRY.get(game)
    guide = ruleset.default_bot_level
    return [((guide, guide), {})] + [((lvl, guide), {}) for lvl in ruleset.own_bot_levels if lvl != guide]


def play(game: str, levels: tuple[str, ...], seed: int, options: dict[str, Any]) -> list[list[Any]]:
    """The moves of one bot game, [[seat, notation], ...]."""
    from engine.record import GameRecord, Player
    from engine.registry import REGISTRY

    ruleset = REGISTRY.get(game)
    roster = [Player(f"Bot {s + 1}", f"bot:{lvl}") for s, lvl in enumerate(levels)]
    record = GameRecord.new(ruleset, roster, seed, options)
    while not record.state.is_over():
        for seat in record.state.to_act():
            record.play_move(seat, record.bot_move(seat))
            if record.state.is_over():
                break
    return [list(m) for m in record.moves]


def review_head(game: str, decisions: int, iterations: int) -> list[dict[str, Any]]:
    """The review (as JSON) of the first `decisions` decisions of the example save."""
    import engine.review as review_mod
    from engine.saves import load

    record = load(ROOT / "saves" / "examples" / f"{game}.json")
    real = review_mod.decisions
    chosen = set(real(record)[:decisions])
    review_mod.decisions = lambda rec, seat=None: [p for p in real(rec, seat) if p in chosen]
    try:
        return review_mod.review_game(record, iterations=iterations, jobs=1).to_json(record)["moves"]
    finally:
        review_mod.decisions = real


def collect(game: str, games: int, search_games: int, iterations: int, decisions: int) -> dict[str, Any]:
    """Everything compared for one game."""
    from engine.bots.search import fix_iterations

    out: dict[str, Any] = {}
    c0 = time.process_time()
    plans = line_ups(game)
    for levels, options in plans:
        for seed in range(games):
            out[f"{'-'.join(levels)} {json.dumps(options)} seed {seed}"] = play(game, levels, seed, options)
    print(f"  {game} heuristic games: {time.process_time() - c0:.1f} s CPU", flush=True)
    c0 = time.process_time()
    n = len(plans[0][0])
    fix_iterations(iterations)
    try:
        for seed in range(search_games):
            levels = ("search",) + (plans[0][0][1],) * (n - 1)
            if seed % 2:
                levels = levels[::-1]
            out[f"{'-'.join(levels)} {iterations} iterations seed {seed}"] = play(game, levels, 1000 + seed, {})
    finally:
        fix_iterations(None)
    print(f"  {game} search games: {time.process_time() - c0:.1f} s CPU", flush=True)
    out[f"review {decisions} decisions {iterations} iterations"] = review_head(game, decisions, iterations)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game id (repeatable; default: every game)")
    ap.add_argument("--games", type=int, default=10, help="games per heuristic line-up")
    ap.add_argument("--search-games", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=6, help="the search's fixed budget")
    ap.add_argument("--decisions", type=int, default=20, help="decisions of the example save reviewed")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", help="record the moves to this file")
    group.add_argument("--check", help="compare the moves with this file")
    args = ap.parse_args(argv)
    from engine.registry import REGISTRY

    games = args.game or REGISTRY.ids()
    found: dict[str, Any] = {}
    for game in games:
        c0 = time.process_time()
        found[game] = collect(game, args.games, args.search_games, args.iterations, args.decisions)
        print(f"{game}: {len(found[game])} entries, {time.process_time() - c0:.1f} s CPU", flush=True)
    if args.write:
        Path(args.write).write_text(json.dumps(found, indent=0) + "\n", encoding="utf-8")
        return 0
    expected = json.loads(Path(args.check).read_text(encoding="utf-8"))
    bad = 0
    for game, entries in found.items():
        for key, value in entries.items():
            want = expected.get(game, {}).get(key)
            if want is None:
                print(f"{game} {key}: not in {args.check}")
                bad += 1
            elif want != value:
                print(f"{game} {key}: DIFFERS")
                bad += 1
    print("identical" if not bad else f"{bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
