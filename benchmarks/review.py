"""Whether a review's marks hold up, and how long a review takes.

Precision and recall: decisions of the example saves (saves/examples) and
of `--games` bot games a game (the game's default level in every seat, its
fewest players, from a seed drawn at run time unless `--seed` is given) are
reviewed at the default budget (first pass and second look, as `tsquare
review` does) and again by one first pass with `--factor` (8) times the
default budget on another seed: the deep reference. Then

- precision: of the decisions the default review marks, the share that the
  reference finds at least an inaccuracy (a loss of 0.05 or more): by its
  own first pass, or by the two moves of the mark (played and better)
  searched alone with the reference's budget (a rollouts first pass
  compares 3 moves only, and may not have tried the mark's better move);
- recall: of the reference's blunders (a loss of 0.20 or more), the share
  the default review marks at all.

Speed: the first `--decisions` (100) decisions of the example save reviewed
at the default with `--jobs` processes, wall time and CPU seconds (this
process and its workers) and the load average when measured. Not part of
pytest (no timed tests).

    python benchmarks/review.py                           # every game: 20 bot games each, 2 jobs
    python benchmarks/review.py --game squire --games 5 --sample 6 --example-sample 40
    python benchmarks/review.py --json review-bench.json  # the figures as JSON
    python benchmarks/review.py --speed-only              # only the 100-decision timing

Targets: precision >= 90%, recall >= 70%, a 100-decision game in <= 20 s
on 2 cores.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import resource
import secrets
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_SECONDS = 20.0
TARGET_PRECISION = 0.90
TARGET_RECALL = 0.70
INACCURACY = 0.05
BLUNDER = 0.20


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished workers."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def wilson(k: int, n: int) -> list[float] | None:
    """The 95% Wilson interval of k in n (None when n is 0)."""
    if not n:
        return None
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, mid - half), 3), round(min(1.0, mid + half), 3)]


def judge_both(game: str, seats: int, seed: int, options: dict[str, Any], moves: tuple[tuple[int, str], ...],
               ply: int, version: int | None, factor: int, source: str) -> dict[str, Any]:
    """One decision at the default (with its second look) and at `factor`
    times the default in one first pass on another seed. A task of its own."""
    import engine.review as review_mod
    from engine.registry import REGISTRY

    budget = review_mod.default_iterations(REGISTRY.get(game))
    t0 = time.process_time()
    default = review_mod.review_decision(game, seats, seed, options, moves, ply, budget, None, version)
    spent = time.process_time() - t0
    deep = review_mod.review_decision(game, seats, seed, options, moves, ply, budget * factor, None, version,
                                      look=False, salt=1)
    claim = None
    if default.mark:  # the mark's own claim at `factor` times the budget: its better move against the played one
        from engine.review_look import head_to_head

        state = review_mod._state_at(game, seats, seed, options, moves, ply, version)
        mover, text = moves[ply]
        view = state.view(mover)
        played_share, best_share = head_to_head(REGISTRY.get(game), view, mover, view.parse_move(text, mover),
                                                view.parse_move(default.best, mover), budget * factor, seed ^ 0xD11)
        claim = round(best_share - played_share, 4)
    return {"source": source, "ply": default.ply, "seat": default.seat + 1, "mark": default.mark,
            "loss": default.loss, "low": default.low, "reason": default.reason, "samples": default.samples,
            "deep_loss": deep.loss, "deep_best": deep.best, "claim_loss": claim, "best": default.best,
            "cpu": round(spent, 3)}


def bot_game(game: str, players: int, seed: int) -> Any:
    """One game of the default level in every seat."""
    from engine.arena import MatchSpec, check_spec, play_record
    from engine.registry import REGISTRY

    ruleset = REGISTRY.get(game)
    spec = check_spec(MatchSpec(game, (ruleset.default_bot_level,) * players, 1, seed, {}, rotate=False))
    return play_record(ruleset, spec, 0)


def chosen(record: Any, sample: int, seed: int) -> list[int]:
    """`sample` of a record's decisions drawn with `seed` (all when 0)."""
    import engine.review as review_mod
    from engine.rng import Rng

    plies = review_mod.decisions(record)
    if sample and sample < len(plies):
        Rng(seed ^ 0x5A3D1E).shuffle(plies)
        plies = sorted(plies[:sample])
    return plies


def tasks_of(record: Any, plies: list[int], factor: int, source: str) -> list[tuple[Any, ...]]:
    return [(record.ruleset.id, len(record.players), record.seed, dict(record.options), tuple(record.moves), ply,
             record.rules_version, factor, source) for ply in plies]


def precision_recall(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Precision and recall of the default marks against the reference."""
    marked = [r for r in rows if r["mark"]]
    held = sum(1 for r in marked if max(r["deep_loss"], r["claim_loss"] or 0.0) >= INACCURACY - 1e-9)
    blunders = [r for r in rows if r["deep_loss"] >= BLUNDER - 1e-9]
    found = sum(1 for r in blunders if r["mark"])
    return {"decisions": len(rows), "marked": len(marked), "marks_held": held,
            "precision": round(held / len(marked), 3) if marked else None, "precision_95": wilson(held, len(marked)),
            "deep_blunders": len(blunders), "blunders_marked": found,
            "recall": round(found / len(blunders), 3) if blunders else None,
            "recall_95": wilson(found, len(blunders)),
            "reasons_missing": sum(1 for r in marked if not r["reason"]),
            "cpu_per_decision": round(sum(r["cpu"] for r in rows) / max(1, len(rows)), 3)}


def quality(game: str, games: int, sample: int, example_sample: int, seed: int, factor: int,
            jobs: int) -> dict[str, Any]:
    """Precision and recall on the example save and on `games` bot games."""
    from engine.arena import run_tasks
    from engine.registry import REGISTRY
    from engine.saves import load
    from engine.setup import check_player_count

    tasks: list[tuple[Any, ...]] = []
    example = ROOT / "saves" / "examples" / f"{game}.json"
    if example.exists():
        record = load(example)
        tasks += tasks_of(record, chosen(record, example_sample, record.seed), factor, "example")
    players = check_player_count(REGISTRY.get(game), None)
    for k in range(games):
        record = bot_game(game, players, seed + k)
        tasks += tasks_of(record, chosen(record, sample, seed + k), factor, "bots")
    t0 = time.perf_counter()

    def tick(done: int) -> None:
        print(f"\r  {game}: {done}/{len(tasks)} decisions, {time.perf_counter() - t0:.0f} s", end="",
              file=sys.stderr, flush=True)

    rows = run_tasks(judge_both, tasks, jobs, None, tick)
    print(file=sys.stderr)
    out = {"game": game, "factor": factor, "bot_games": games, "seed": seed, "sample": sample,
           "example_sample": example_sample, "all": precision_recall(rows),
           "example": precision_recall([r for r in rows if r["source"] == "example"]),
           "bots": precision_recall([r for r in rows if r["source"] == "bots"])}
    out["rows"] = rows
    return out


def speed(game: str, decisions: int, jobs: int) -> dict[str, Any] | None:
    """The first `decisions` decisions of the example save reviewed at the default."""
    import engine.review as review_mod
    from engine.saves import load

    path = ROOT / "saves" / "examples" / f"{game}.json"
    if not path.exists():
        return None
    record = load(path)
    first = review_mod.decisions(record)[:decisions]
    real = review_mod.decisions
    review_mod.decisions = lambda rec, seat=None: [p for p in real(rec, seat) if p in set(first)]
    try:
        c0, t0 = cpu_seconds(), time.perf_counter()
        result = review_mod.review_game(record, jobs=jobs)
        seconds, cpu = time.perf_counter() - t0, cpu_seconds() - c0
    finally:
        review_mod.decisions = real
    per100 = seconds * 100 / max(1, len(first))
    return {"game": game, "decisions": len(first), "jobs": jobs, "iterations": result.iterations,
            "seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1),
            "seconds_per_100_decisions": round(per100, 1), "met": per100 <= TARGET_SECONDS,
            "marks": sum(1 for m in result.moves if m.mark), "load_average": round(os.getloadavg()[0], 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game id (repeatable; default: every game)")
    ap.add_argument("--games", type=int, default=20, help="bot games a game (default 20; 0: the example only)")
    ap.add_argument("--sample", type=int, default=10, help="decisions of each bot game reviewed (0: all)")
    ap.add_argument("--example-sample", type=int, default=0, help="decisions of the example reviewed (0: all)")
    ap.add_argument("--seed", default="random", help="the first bot game's seed, or `random` (drawn now)")
    ap.add_argument("--factor", type=int, default=8, help="the reference's budget over the default's")
    ap.add_argument("--decisions", type=int, default=100, help="decisions of the timed review")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--speed-only", action="store_true", help="only the timed review")
    ap.add_argument("--quality-only", action="store_true", help="only precision and recall")
    ap.add_argument("--json", help="write the figures to this file (every judged decision too)")
    args = ap.parse_args(argv)
    from engine.registry import REGISTRY

    games = args.game or list(REGISTRY.ids())
    seed = secrets.randbits(62) if args.seed == "random" else int(args.seed)
    out: dict[str, Any] = {"seed": seed, "targets": {"precision": TARGET_PRECISION, "recall": TARGET_RECALL,
                                                     "seconds_per_100_decisions": TARGET_SECONDS},
                           "quality": [], "speed": []}
    for g in games:
        if not args.speed_only:
            q = quality(g, args.games, args.sample, args.example_sample, seed, args.factor, args.jobs)
            out["quality"].append(q)
            for part in ("example", "bots", "all"):
                f = q[part]
                if f["decisions"]:
                    print(f"{g:20} {part:8} {f['decisions']:4} decisions  marked {f['marked']:3}  precision "
                          f"{f['precision']} {f['precision_95']}  8x blunders {f['deep_blunders']:3}  recall "
                          f"{f['recall']} {f['recall_95']}  {f['cpu_per_decision']} CPU s a decision", flush=True)
            if args.json:  # kept game by game: a long run interrupted keeps what it measured
                Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        if not args.quality_only:
            s = speed(g, args.decisions, args.jobs)
            if s is not None:
                out["speed"].append(s)
                print(f"{g:20} {s['decisions']:4} decisions  {s['seconds']:7.1f} s wall, {s['cpu_seconds']:.1f} CPU s "
                      f"({s['seconds_per_100_decisions']:.1f} s per 100; {s['iterations']} iterations, {s['jobs']} "
                      f"jobs)  marks {s['marks']:3}  {'ok' if s['met'] else 'MISSED'}  (load {s['load_average']:.2f})",
                      flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
