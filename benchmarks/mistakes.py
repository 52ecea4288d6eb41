"""What the game review says about a heuristic bot's most common mistakes.

Plays GAMES games of the game's strongest heuristic against itself (every
seat the default level, the game's default player count), reviews a sample
of each game's decisions (`--sample` a game, drawn with the game's seed; 0:
all) with `engine.review` at the review's default budget (`--iterations`
to change it), and folds the marks by the kind of move played (the first
word of its words: "place", "slide", "draft"...), by the kind of the better
move the search found, and by the game's third (opening, middle, end).
Prints Markdown tables (docs/review-mistakes.md keeps them) and, with
`--json`, every reviewed decision. Not a speed figure: a study, seeded, the
same on any machine for the same arguments.

    python benchmarks/mistakes.py --game grid-square --games 100 --sample 10 --jobs 2
    python benchmarks/mistakes.py --game squire --games 100 --seed random --json squire.json
"""
from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Reviewed:
    """One reviewed decision of a study game."""

    game_seed: int
    ply: int
    plies: int
    """The game's length (for the opening, middle, end split)."""
    seat: int
    played_words: str
    best_words: str
    loss: float
    mark: str | None

    @property
    def kind(self) -> str:
        return kind_of(self.played_words)

    @property
    def best_kind(self) -> str:
        return kind_of(self.best_words)

    @property
    def third(self) -> str:
        return ("opening", "middle", "end")[min(2, 3 * (self.ply - 1) // max(1, self.plies))]


def kind_of(words: str) -> str:
    """A move's kind: the first word of its words."""
    return words.split(" ", 1)[0].lower() if words else "?"


def study_game(game: str, players: int, level: str, seed: int, sample: int,
               iterations: int | None) -> list[Reviewed]:
    """Play one heuristic game (seed `seed`) and review `sample` of its
    decisions (all when 0). A task of its own: any process can run it."""
    import engine.review as review_mod
    from engine.arena import MatchSpec, check_spec, play_record
    from engine.registry import REGISTRY
    from engine.rng import Rng

    ruleset = REGISTRY.get(game)
    spec = check_spec(MatchSpec(game, (level,) * players, 1, seed, {}, rotate=False))
    record = play_record(ruleset, spec, 0)
    plies = review_mod.decisions(record)
    if sample and sample < len(plies):
        Rng(seed ^ 0x5A3D1E).shuffle(plies)
        plies = sorted(plies[:sample])
    budget = iterations or review_mod.default_iterations(ruleset)
    moves = tuple(record.moves)
    out = []
    for ply in plies:
        r = review_mod.review_decision(game, players, record.seed, dict(record.options), moves, ply, budget, None,
                                       record.rules_version)
        out.append(Reviewed(record.seed, r.ply, len(moves), r.seat, r.played_words, r.best_words, r.loss, r.mark))
    return out


PLURAL = {"inaccuracy": "inaccuracies"}


def short(words: str, width: int = 70) -> str:
    return words if len(words) <= width else words[: width - 1] + "…"


def pct(k: float, n: float) -> str:
    return f"{100 * k / n:.1f}%" if n else "—"


def report(game: str, level: str, games: int, seed: int, budget: int, rows: list[Reviewed]) -> str:
    """The study's Markdown: overall, by kind, by (played → better) kind, by
    third, and the worst decisions."""
    from engine.review import MARKS

    names = [name for _, name, _ in reversed(MARKS)]
    marked = [r for r in rows if r.mark]
    total_loss = sum(r.loss for r in rows) or 1.0
    lines = [f"### {game}: `{level}` against itself", "",
             f"{games} games from seed {seed}, {len(rows)} decisions reviewed at {budget} iterations;"
             f" accuracy {1 - sum(r.loss for r in rows) / max(1, len(rows)):.3f};"
             + ",".join(f" {sum(r.mark == n for r in rows)} {PLURAL.get(n, n + 's')}" for n in names) + ".", "",
             "| kind played | decisions | marked | mean loss | share of all loss |", "|---|---|---|---|---|"]
    by_kind: dict[str, list[Reviewed]] = defaultdict(list)
    for r in rows:
        by_kind[r.kind].append(r)
    for kind, rs in sorted(by_kind.items(), key=lambda kv: -sum(r.loss for r in kv[1])):
        loss = sum(r.loss for r in rs)
        lines.append(f"| {kind} | {len(rs)} | {pct(sum(1 for r in rs if r.mark), len(rs))} |"
                     f" {loss / len(rs):.3f} | {pct(loss, total_loss)} |")
    lines += ["", "| marked: played → better | count | share of marked loss |", "|---|---|---|"]
    pairs: Counter[tuple[str, str]] = Counter()
    pair_loss: Counter[tuple[str, str]] = Counter()
    for r in marked:
        pairs[(r.kind, r.best_kind)] += 1
        pair_loss[(r.kind, r.best_kind)] += r.loss  # type: ignore[assignment]
    marked_loss = sum(r.loss for r in marked) or 1.0
    for pair, count in sorted(pairs.items(), key=lambda kv: -pair_loss[kv[0]])[:8]:
        lines.append(f"| {pair[0]} → {pair[1]} | {count} | {pct(pair_loss[pair], marked_loss)} |")
    lines += ["", "| part of the game | decisions | marked | mean loss |", "|---|---|---|---|"]
    for third in ("opening", "middle", "end"):
        rs = [r for r in rows if r.third == third]
        if rs:
            lines.append(f"| {third} | {len(rs)} | {pct(sum(1 for r in rs if r.mark), len(rs))} |"
                         f" {sum(r.loss for r in rs) / len(rs):.3f} |")
    lines += ["", "Worst decisions (game seed, ply: played / better, loss):", ""]
    for r in sorted(marked, key=lambda r: -r.loss)[:8]:
        lines.append(f"- {r.game_seed}, {r.ply}: {short(r.played_words)} / {short(r.best_words)}, {r.loss:.2f}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, help="players a game (default: the fewest the game allows)")
    ap.add_argument("--sample", type=int, default=0, help="decisions reviewed a game (0: all)")
    ap.add_argument("--seed", default="0", help="seed of the first game, or `random`")
    ap.add_argument("--iterations", type=int, help="review budget (default: the game's review budget)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", type=Path, help="write every reviewed decision here")
    args = ap.parse_args(argv)

    import engine.review as review_mod
    from engine.arena import run_tasks
    from engine.registry import REGISTRY
    from engine.setup import check_player_count

    try:
        ruleset = REGISTRY.get(args.game)
        players = check_player_count(ruleset, args.players)
    except (KeyError, ValueError) as exc:
        print(f"mistakes: {exc}", file=sys.stderr)
        return 2
    seed = secrets.randbits(63) if args.seed == "random" else int(args.seed)
    level = ruleset.default_bot_level
    budget = args.iterations or review_mod.default_iterations(ruleset)
    print(f"{args.game}: {args.games} games of {level} from seed {seed}, {players} players,"
          f" {args.sample or 'all'} decisions a game at {budget} iterations", file=sys.stderr)
    t0 = time.perf_counter()
    tasks = [(args.game, players, level, seed + k, args.sample, budget) for k in range(args.games)]

    def tick(done: int) -> None:
        print(f"\r{done}/{len(tasks)} games, {time.perf_counter() - t0:.0f} s", end="", file=sys.stderr)

    rows = [r for game_rows in run_tasks(study_game, tasks, args.jobs, None, tick) for r in game_rows]
    print(file=sys.stderr)
    print(report(args.game, level, args.games, seed, budget, rows))
    print(f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    if args.json:
        doc: dict[str, Any] = {"game": args.game, "level": level, "players": players, "games": args.games,
                               "seed": seed, "sample": args.sample, "iterations": budget,
                               "decisions": [asdict(r) for r in rows]}
        args.json.write_text(json.dumps(doc, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
