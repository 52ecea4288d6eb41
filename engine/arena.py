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
from typing import Any, Callable, Sequence


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

    def to_json(self) -> dict[str, Any]:
        """The documented JSON of `tsquare selfplay --json`."""
        return {
            "game": self.spec.game,
            "games": self.spec.games,
            "players": self.players,
            "seed": self.spec.seed,
            "swap": self.spec.rotate,
            "options": dict(self.spec.options),
            "seats": [s.to_json() for s in self.slots],
            "seat_wins": list(self.seat_wins),
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


def slots_for_game(index: int, players: int, rotate: bool) -> tuple[int, ...]:
    """The slot sitting in each seat in game `index`."""
    shift = index % players if rotate else 0
    return tuple((s + shift) % players for s in range(players))


def play_game(spec: MatchSpec, index: int) -> GameResult:
    """Play game `index` of `spec` to the end (bots only) and return its result."""
    from engine.record import GameRecord, Player
    from engine.registry import REGISTRY

    ruleset = REGISTRY.get(spec.game)
    n = len(spec.levels)
    slot_of_seat = slots_for_game(index, n, spec.rotate)
    roster = [Player(f"Bot {slot + 1}", f"bot:{spec.levels[slot]}") for slot in slot_of_seat]
    record = GameRecord.new(ruleset, roster, spec.seed + index, spec.options)
    think = [0.0] * n
    decisions = [0] * n
    while not record.state.is_over():
        for seat in record.state.to_act():
            t0 = time.perf_counter()
            move = record.bot_move(seat)
            think[seat] += time.perf_counter() - t0
            decisions[seat] += 1
            record.play_move(seat, move)
            if record.state.is_over():
                break
    out = record.state.outcome()
    assert out is not None
    return GameResult(index, slot_of_seat, out.scores, out.ranks, record.ply, tuple(think), tuple(decisions))


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
    return MatchSpec(spec.game, tuple(spec.levels), spec.games, spec.seed, ruleset.check_options(dict(spec.options)),
                     spec.rotate)


def run_match(
    spec: MatchSpec,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play the match; `progress(k)` is called after each finished game."""
    spec = check_spec(spec)
    n = len(spec.levels)
    t0 = time.perf_counter()
    results: list[GameResult] = []
    if executor is None and jobs <= 1:
        for k in range(spec.games):
            results.append(play_game(spec, k))
            if progress:
                progress(len(results))
    else:
        own = executor is None
        pool = executor or ProcessPoolExecutor(max_workers=jobs)
        try:
            futures = [pool.submit(play_game, spec, k) for k in range(spec.games)]
            from concurrent.futures import as_completed

            for fut in as_completed(futures):
                results.append(fut.result())
                if progress:
                    progress(len(results))
        finally:
            if own:
                pool.shutdown(cancel_futures=True)
    results.sort(key=lambda r: r.index)
    return summarize(spec, n, results, time.perf_counter() - t0)


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
    return MatchResult(spec, n, slots, [r.plies for r in results], seat_wins, seconds)


__all__ = ["MatchSpec", "MatchResult", "GameResult", "SlotStats", "run_match", "play_game", "wilson", "asdict"]
