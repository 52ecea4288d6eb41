"""How long `tsquare review` takes: the first N decisions of an example save
reviewed at the default budget (engine/review.py DEFAULT_ITERATIONS) with
`--jobs` processes, and whether a review repeated with the same iteration
budget gives identical JSON. Not part of pytest (no timed tests).

    python benchmarks/review.py                       # every example, 100 decisions, 2 jobs
    python benchmarks/review.py --game architects --decisions 100 --jobs 2
    python benchmarks/review.py --json review-bench.json

Target: a 100-decision game reviewed in at most 60 s on 2 cores at the
default budget; the repeat identical.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_SECONDS = 60.0


def bench(game: str, decisions: int, jobs: int, repeat: int) -> dict:
    import engine.review as review_mod
    from engine.saves import load

    record = load(ROOT / "saves" / "examples" / f"{game}.json")
    every = review_mod.decisions(record)
    chosen = every[:decisions]
    real = review_mod.decisions
    review_mod.decisions = lambda rec, seat=None: [p for p in real(rec, seat) if p in set(chosen)]
    try:
        iterations = review_mod.default_iterations(record.ruleset)
        t0 = time.perf_counter()
        first = review_mod.review_game(record, iterations=iterations, jobs=jobs)
        seconds = time.perf_counter() - t0
        # the repeat: the first `repeat` decisions again, one process, the same budget
        review_mod.decisions = lambda rec, seat=None: [p for p in real(rec, seat) if p in set(chosen[:repeat])]
        again = review_mod.review_game(record, iterations=iterations, jobs=1).to_json(record)
        head = [m for m in first.to_json(record)["moves"] if m["ply"] - 1 in set(chosen[:repeat])]
        identical = json.dumps(head) == json.dumps(again["moves"])
    finally:
        review_mod.decisions = real
    marks = sum(1 for m in first.moves if m.mark)
    per100 = seconds * 100 / max(1, len(chosen))
    return {"game": game, "decisions": len(chosen), "jobs": jobs, "iterations": iterations,
            "seconds": round(seconds, 1), "seconds_per_100_decisions": round(per100, 1),
            "met": per100 <= TARGET_SECONDS, "marks": marks, "repeat_identical": identical,
            "load_average": os.getloadavg()[0]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game id (repeatable; default: every example)")
    ap.add_argument("--decisions", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=5, help="decisions reviewed twice for the identity check")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args(argv)
    from engine.registry import REGISTRY

    games = args.game or [g for g in REGISTRY.ids() if (ROOT / "saves" / "examples" / f"{g}.json").exists()]
    out = []
    for g in games:
        r = bench(g, args.decisions, args.jobs, args.repeat)
        out.append(r)
        print(f"{g:20} {r['decisions']:4} decisions  {r['seconds']:7.1f} s  ({r['seconds_per_100_decisions']:.1f} s "
              f"per 100; {r['iterations']} iterations each, {r['jobs']} jobs)  marks {r['marks']:3}  "
              f"repeat identical: {r['repeat_identical']}  {'ok' if r['met'] else 'MISSED'}  "
              f"(load {r['load_average']:.1f})", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
