"""The match runner: bots play each other, seats rotated, results with intervals.

`run_match(MatchSpec(...))` plays `games` games of one game between bot levels
(one level per slot), rotating which seat each slot sits in when `rotate` is
set, and returns per-slot win rates with Wilson 95% intervals, average
scores, think time, game lengths and per-seat wins (first-seat advantage).

Games are independent and deterministic (game k uses seed + k), so they can be
played in parallel: `jobs=N` uses a process pool, and any
`concurrent.futures.Executor` can be handed in instead (a cluster's executor
for a balance run that outgrows one machine). The results are the same
whatever the executor.
"""
from __future__ import annotations

import math
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from engine.record import GameRecord


@dataclass(frozen=True)
class MatchSpec:
    """What to play."""

    game: str
    """The game id."""
    levels: tuple[str, ...]
    """The bot level of each slot (one slot per seat)."""
    games: int
    """How many games."""
    seed: int = 0
    """Game k is played with seed + k."""
    options: dict[str, Any] = field(default_factory=dict)
    """Game options (completed with defaults)."""
    rotate: bool = True
    """Rotate the slots through the seats, game by game (fair comparisons)."""
    search_iterations: int | None = None
    """Search levels think for this many iterations a decision instead of
    their time (`deep` eight times as many, in two trees, or a tree's share where
    the game searches one: `Ruleset.search_trees`): reproducible on any machine."""


@dataclass(frozen=True)
class GameResult:
    """One finished game, per seat."""

    index: int
    """Which game of the match (0-based)."""
    slot_of_seat: tuple[int, ...]
    """The slot that sat in each seat."""
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    plies: int
    think: tuple[float, ...]
    """Seconds each seat spent choosing."""
    decisions: tuple[int, ...]
    """Moves each seat chose."""
    tags: tuple[dict[str, str], ...] = ()
    """The content each seat played with (the state's `content_tags`)."""


@dataclass
class SlotStats:
    """The results of one slot (one bot of the match) over all games."""

    slot: int
    """1-based, as the `--bot SEAT=LEVEL` option named it."""
    level: str
    wins: int = 0
    """Games won outright."""
    draws: int = 0
    """Games where it shared first place."""
    games: int = 0
    score_sum: float = 0.0
    think: float = 0.0
    decisions: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the win rate."""
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "seat": self.slot,
            "level": self.level,
            "wins": self.wins,
            "draws": self.draws,
            "games": self.games,
            "win_rate": self.win_rate,
            "win_rate_low": lo,
            "win_rate_high": hi,
            "avg_score": self.score_sum / self.games if self.games else 0.0,
            "ms_per_decision": 1000 * self.think / max(1, self.decisions),
        }


@dataclass
class MatchResult:
    """Everything a match produced."""

    spec: MatchSpec
    players: int
    slots: list[SlotStats]
    lengths: list[int]
    """Plies of each game."""
    seat_wins: list[int]
    """Outright wins by seat (seat 1 first): the first-seat advantage."""
    seconds: float
    """Wall time of the whole match."""
    results: list[GameResult] = field(default_factory=list)
    """Every game, in order."""

    def to_json(self) -> dict[str, Any]:
        """The documented JSON of `tsquare selfplay --json`."""
        return {
            "game": self.spec.game,
            "games": self.spec.games,
            "players": self.players,
            "seed": self.spec.seed,
            "swap": self.spec.rotate,
            "options": dict(self.spec.options),
            "search_iterations": self.spec.search_iterations,
            "seats": [s.to_json() for s in self.slots],
            "seat_wins": list(self.seat_wins),
            "content": content_rates([(self.spec, r) for r in self.results]),
            "avg_length": sum(self.lengths) / len(self.lengths) if self.lengths else 0.0,
            "seconds": self.seconds,
        }


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half) if k else 0.0, min(1.0, centre + half) if k < n else 1.0)


def content_rates(results: Sequence[tuple[MatchSpec, GameResult]]) -> list[dict[str, Any]]:
    """Win rates per piece of content (a game's `content_tags`: board,
    architect, map ...): for every tag and value, the games a seat played
    with it and the outright wins, over all levels ("level": "all") and per
    level, with Wilson 95% intervals; sorted by tag, value, level."""
    counts: dict[tuple[str, str, str], list[int]] = {}
    for spec, r in results:
        top = r.ranks.count(1)
        for seat, tags in enumerate(r.tags):
            level = spec.levels[r.slot_of_seat[seat]]
            won = int(r.ranks[seat] == 1 and top == 1)
            for tag, value in tags.items():
                for lv in ("all", level):
                    c = counts.setdefault((tag, value, lv), [0, 0])
                    c[0] += 1
                    c[1] += won
    out = []
    for (tag, value, lv), (games, wins) in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] != "all", kv[0][2])):
        lo, hi = wilson(wins, games)
        out.append({"tag": tag, "value": value, "level": lv, "games": games, "wins": wins,
                    "win_rate": wins / games, "win_rate_low": lo, "win_rate_high": hi})
    return out


def slots_for_game(index: int, players: int, rotate: bool) -> tuple[int, ...]:
    """The slot sitting in each seat in game `index`."""
    shift = index % players if rotate else 0
    return tuple((s + shift) % players for s in range(players))


def play_game(spec: MatchSpec, index: int) -> GameResult:
    """Play game `index` of `spec` to the end (bots only) and return its result."""
    from engine.bots.search import fix_iterations
    from engine.registry import REGISTRY

    ruleset = REGISTRY.get(spec.game)
    fix_iterations(spec.search_iterations)
    try:
        return _play(ruleset, spec, index)
    finally:
        fix_iterations(None)


def play_record(ruleset: Any, spec: MatchSpec, index: int,
                think: list[float] | None = None, decisions: list[int] | None = None,
                bot_move: Callable[[GameRecord, int], Any] | None = None) -> GameRecord:
    """Game `index` of `spec` played to the end by its bots, as a record
    (search budgets as they are set); each seat's seconds and moves chosen
    are added to `think` and `decisions` when given. `bot_move(record,
    seat)` chooses instead of the seat's bot when given."""
    from engine.record import GameRecord, Player

    n = len(spec.levels)
    slot_of_seat = slots_for_game(index, n, spec.rotate)
    roster = [Player(f"Bot {slot + 1}", f"bot:{spec.levels[slot]}") for slot in slot_of_seat]
    record = GameRecord.new(ruleset, roster, spec.seed + index, spec.options)
    think = think if think is not None else [0.0] * n
    decisions = decisions if decisions is not None else [0] * n
    while not record.state.is_over():
        for seat in record.state.to_act():
            t0 = time.perf_counter()
            move = record.bot_move(seat) if bot_move is None else bot_move(record, seat)
            think[seat] += time.perf_counter() - t0
            decisions[seat] += 1
            record.play_move(seat, move)
            if record.state.is_over():
                break
    return record


def _play(ruleset: Any, spec: MatchSpec, index: int) -> GameResult:
    """`play_game` once the search budgets are set."""
    n = len(spec.levels)
    slot_of_seat = slots_for_game(index, n, spec.rotate)
    think = [0.0] * n
    decisions = [0] * n
    record = play_record(ruleset, spec, index, think, decisions)
    out = record.state.outcome()
    assert out is not None
    tags = tuple(record.state.content_tags(s) for s in range(n))
    return GameResult(index, slot_of_seat, out.scores, out.ranks, record.ply, tuple(think), tuple(decisions), tags)


def check_spec(spec: MatchSpec) -> MatchSpec:
    """`spec` with its options completed; ValueError with a clear message if
    the game, the player count, a level or an option is wrong."""
    from engine.registry import REGISTRY
    from engine.setup import check_player_count

    ruleset = REGISTRY.get(spec.game)
    check_player_count(ruleset, len(spec.levels))
    for level in spec.levels:
        if level not in ruleset.bot_levels:
            raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(ruleset.bot_levels)})")
    if spec.games < 1:
        raise ValueError("play at least 1 game")
    if spec.search_iterations is not None and spec.search_iterations < 1:
        raise ValueError("search iterations must be at least 1")
    return MatchSpec(spec.game, tuple(spec.levels), spec.games, spec.seed, ruleset.check_options(dict(spec.options)),
                     spec.rotate, spec.search_iterations)


def run_match(
    spec: MatchSpec,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    done: Sequence[GameResult] = (),
    each: Callable[[GameResult], None] | None = None,
) -> MatchResult:
    """Play the match; `progress(k)` is called after each finished game (k
    counts the games of `done` too). `done`: games already played (kept
    from an earlier run), not played again; `each(result)` is called with
    every new game as it ends, in this process."""
    spec = check_spec(spec)
    n = len(spec.levels)
    t0 = time.perf_counter()
    have = {r.index: r for r in done if r.index < spec.games}
    tasks = [(spec, k) for k in range(spec.games) if k not in have]
    tick = None if progress is None else (lambda k: progress(len(have) + k))
    if progress is not None and have:
        progress(len(have))
    new = run_tasks(play_game, tasks, jobs, executor, tick, each=None if each is None else (lambda _i, r: each(r)))
    results = sorted([*have.values(), *new], key=lambda r: r.index)
    return summarize(spec, n, results, time.perf_counter() - t0)


def run_tasks(
    fn: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    each: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    """`fn(*task)` for every task, results in the tasks' order: here one by
    one when `jobs` <= 1 and no executor is given, else through `executor`
    or a pool of `jobs` processes (`fn` and the tasks must then pickle).
    `each(i, result)` as task i finishes, then `progress(k)` (k tasks
    finished), both in this process. The arena's games and the game
    review's decisions both run through it."""
    results: list[Any] = [None] * len(tasks)
    if executor is None and jobs <= 1:
        for i, task in enumerate(tasks):
            results[i] = fn(*task)
            if each:
                each(i, results[i])
            if progress:
                progress(i + 1)
        return results
    from concurrent.futures import as_completed

    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=jobs)
    try:
        futures = {pool.submit(fn, *task): i for i, task in enumerate(tasks)}
        for done, fut in enumerate(as_completed(futures), 1):
            results[futures[fut]] = fut.result()
            if each:
                each(futures[fut], results[futures[fut]])
            if progress:
                progress(done)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return results


def summarize(spec: MatchSpec, n: int, results: Sequence[GameResult], seconds: float) -> MatchResult:
    """Fold game results into per-slot and per-seat figures."""
    slots = [SlotStats(i + 1, spec.levels[i]) for i in range(n)]
    seat_wins = [0] * n
    for r in results:
        winners = [s for s in range(n) if r.ranks[s] == 1]
        for seat in range(n):
            st = slots[r.slot_of_seat[seat]]
            st.games += 1
            st.score_sum += r.scores[seat]
            st.think += r.think[seat]
            st.decisions += r.decisions[seat]
            if r.ranks[seat] == 1:
                if len(winners) > 1:
                    st.draws += 1
                else:
                    st.wins += 1
                    seat_wins[seat] += 1
    return MatchResult(spec, n, slots, [r.plies for r in results], seat_wins, seconds, list(results))


@dataclass
class Ladder:
    """A round robin of bot levels: ratings and the figures a designer reads."""

    game: str
    players: int
    levels: tuple[str, ...]
    matches: list[MatchResult]
    ratings: dict[str, tuple[float, float, float]]
    """Level -> (Elo-style rating, low, high of its 95% interval); the mean is 0."""
    seat_wins: list[int]
    """Outright wins by seat over all games (the first-seat advantage)."""
    scores: dict[str, tuple[float, float, int, int]]
    """Level -> (mean score, standard deviation, lowest, highest)."""
    lengths: tuple[float, int, int]
    """Game length in plies: mean, shortest, longest."""
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "levels": list(self.levels),
            "ladder": [
                {"level": lv, "rating": r, "rating_low": lo, "rating_high": hi,
                 "score_mean": self.scores[lv][0], "score_sd": self.scores[lv][1],
                 "score_min": self.scores[lv][2], "score_max": self.scores[lv][3]}
                for lv, (r, lo, hi) in sorted(self.ratings.items(), key=lambda kv: -kv[1][0])
            ],
            "matches": [m.to_json() for m in self.matches],
            "seat_wins": self.seat_wins,
            "content": content_rates([(m.spec, r) for m in self.matches for r in m.results]),
            "length_mean": self.lengths[0],
            "length_min": self.lengths[1],
            "length_max": self.lengths[2],
            "seconds": self.seconds,
        }


def pairings(levels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables of a round robin: every pair of levels; with more than two
    seats, each of the pair alone against the other filling the rest."""
    out: list[tuple[str, ...]] = []
    for i, a in enumerate(levels):
        for b in levels[i + 1:]:
            out.append((a,) + (b,) * (players - 1))
            if players > 2:
                out.append((b,) + (a,) * (players - 1))
    return out


def pairwise(results: Sequence[tuple[MatchSpec, GameResult]]) -> list[tuple[str, str, float]]:
    """(level a, level b, a's score 1/0.5/0) for every two seats of
    different levels in every game, by their ranks."""
    out = []
    for spec, r in results:
        n = len(r.ranks)
        for s in range(n):
            for t in range(s + 1, n):
                a, b = spec.levels[r.slot_of_seat[s]], spec.levels[r.slot_of_seat[t]]
                if a == b:
                    continue
                score = 1.0 if r.ranks[s] < r.ranks[t] else 0.5 if r.ranks[s] == r.ranks[t] else 0.0
                out.append((a, b, score))
    return out


def elo(levels: Sequence[str], duels: Sequence[tuple[str, str, float]], rounds: int = 200) -> dict[str, float]:
    """Elo-style ratings (Bradley-Terry, fitted by minorisation; mean 0),
    with half a win each way between every two levels so that a clean
    sweep stays finite."""
    wins = {(a, b): 0.0 for a in levels for b in levels if a != b}
    for a, b, sc in duels:
        wins[a, b] += sc
        wins[b, a] += 1 - sc
    for key in wins:
        wins[key] += 0.5
    strength = {lv: 1.0 for lv in levels}
    for _ in range(rounds):
        new = {}
        for a in levels:
            w = sum(wins[a, b] for b in levels if b != a)
            den = sum((wins[a, b] + wins[b, a]) / (strength[a] + strength[b]) for b in levels if b != a)
            new[a] = w / den if den else 1.0
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {k: v / mean for k, v in new.items()}
    return {lv: 400 * math.log10(strength[lv]) for lv in levels}


def ladder_ratings(levels: Sequence[str], results: Sequence[tuple[MatchSpec, GameResult]],
                   resamples: int = 200, seed: int = 0) -> dict[str, tuple[float, float, float]]:
    """Ratings with 95% intervals from resampling the games (a bootstrap)."""
    import random

    point = elo(levels, pairwise(results))
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {lv: [] for lv in levels}
    for _ in range(resamples):
        pick = [results[rng.randrange(len(results))] for _ in results]
        for lv, r in elo(levels, pairwise(pick), 60).items():
            samples[lv].append(r)
    out = {}
    for lv in levels:
        xs = sorted(samples[lv])
        out[lv] = (point[lv], xs[int(0.025 * len(xs))], xs[min(len(xs) - 1, int(0.975 * len(xs)))])
    return out


def run_ladder(
    game: str,
    levels: Sequence[str],
    games: int,
    players: int = 2,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    search_iterations: int | None = None,
) -> Ladder:
    """A round robin of `levels`: `games` games for each table of
    `pairings`, seats rotated; `progress(done, total)` after each game."""
    if len(set(levels)) < 2 or len(set(levels)) != len(levels):
        raise ValueError("name at least two different levels")
    tables = pairings(levels, players)
    specs = [check_spec(MatchSpec(game, t, games, seed + 100_000 * i, dict(options or {}), True, search_iterations))
             for i, t in enumerate(tables)]
    total = games * len(specs)
    t0 = time.perf_counter()
    matches: list[MatchResult] = []
    done = 0
    for spec in specs:
        base = done

        def tick(k: int, base: int = base) -> None:
            if progress:
                progress(base + k, total)

        matches.append(run_match(spec, jobs, executor, tick))
        done += games
    results = [(m.spec, r) for m in matches for r in m.results]
    seat_wins = [sum(m.seat_wins[s] for m in matches) for s in range(players)]
    per_level: dict[str, list[int]] = {lv: [] for lv in levels}
    for spec, r in results:
        for s in range(players):
            per_level[spec.levels[r.slot_of_seat[s]]].append(r.scores[s])
    scores = {}
    for lv, xs in per_level.items():
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs))
        scores[lv] = (mean, sd, min(xs), max(xs))
    lengths = [r.plies for _, r in results]
    return Ladder(game, players, tuple(levels), matches, ladder_ratings(levels, results, seed=seed), seat_wins,
                  scores, (sum(lengths) / len(lengths), min(lengths), max(lengths)), time.perf_counter() - t0)


__all__ = ["content_rates", "Ladder", "run_ladder", "pairings", "elo", "MatchSpec", "MatchResult", "GameResult", "SlotStats", "run_match", "run_tasks", "play_game", "wilson", "asdict"]
