"""Game review: every decision judged from its mover's own view.

For each decision (a ply where the mover had more than one legal move) the
`search` level looks at `state.view(mover)` just before it, exactly as a
hint does (`engine.bots.hint.hints`), made to try the played move too
(`include`: right after its own bot's move in the tree's root ranking, or
among the candidates of a rollouts search, played out in the same sampled
worlds). The move it would play is the *best* move. That first pass only
finds candidates: where it finds the best move better by at least the
smallest mark's margin, the two moves are searched again, head to head and
deeper (`engine.review_look.second_look`), until a confidence bound on the
loss settles the mark. A mark is the mark of the loss's *lower* bound: the
search is confident the better move is better by at least the mark's
margin. Each mark has a reason in words (`engine.review_reason`). The
search only ever sees the view, so what the mover could not see (other
hands, the deck, sealed choices not yet revealed) cannot change the review
of its move.

Each decision is one task (`review_decision`) with its own seed (game seed,
ply and seat), run through the arena's `run_tasks`: with an iteration
budget the review is the same for any `jobs` and any executor.

A finished game's review is stored beside its save (`review_path`:
`NAME.review`, see saves/FORMAT.md), so it is computed once.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import GameState
from engine.mark_scale import CANDIDATE, MARKS, mark_for  # noqa: F401 - the review's own names too
from engine.record import GameRecord

DEFAULT_ITERATIONS: dict[str, int] = {"tree": 300, "rollouts": 12}
"""The default budget of a decision's first pass, in iterations, by the
game's `search_style`: tree iterations (cheap: one evaluated leaf each) or
playouts of the default bot (one iteration is one playout: a rollouts
search compares 3 moves, so 12 is 4 sampled worlds each; where a game's
review compares more, `Ruleset.review_candidates`, each still gets as many
worlds: `first_pass_budget`). A candidate mark's second look spends up to
`LOOK_ROUNDS` (`LONG_ROUNDS`) times as many on two moves.
Repeatable on any machine (benchmarks/review.py measures a 100-decision
game)."""


def first_pass_budget(iterations: int | None, candidates: int, legal: int) -> int | None:
    """A rollouts review's first-pass playouts where it compares up to
    `candidates` of `legal` moves: as many sampled worlds a move as
    `iterations` gives 3 moves (12: 4 worlds a move, 20 playouts for 5)."""
    from engine.bots.search import ROLLOUT_CANDIDATES

    if iterations is None:
        return None
    compared = max(ROLLOUT_CANDIDATES, min(candidates, legal))
    return max(1, iterations // ROLLOUT_CANDIDATES) * compared if compared > ROLLOUT_CANDIDATES else iterations


def default_iterations(ruleset: Any) -> int:
    """The default review budget of a game (`DEFAULT_ITERATIONS`)."""
    return DEFAULT_ITERATIONS.get(getattr(ruleset, "search_style", "tree"), DEFAULT_ITERATIONS["tree"])

FORMAT = "tsquare-review"
FORMAT_VERSION = 3
"""2: marks by a confidence bound (`low`), with a `reason` and `samples`;
3: the same fields, searched anew (Square and Compass's win share by the
lead, tree looks that grow, Squire's five candidates): a review stored by
an older version is not shown again but searched again."""
KEEP = 8
"""Reviews kept in one sidecar file (different seats or budgets), newest last."""


@dataclass(frozen=True)
class MoveReview:
    """One reviewed decision."""

    ply: int
    """The ply of the move (1-based, as in the replay)."""
    seat: int
    """The mover (0-based)."""
    played: str
    """The move played, in notation."""
    played_words: str
    best: str
    """The best move found (the played one when nothing was better)."""
    best_words: str
    played_share: float
    """The mover's win share after the played move, from its own view (the
    second look's, where there was one)."""
    best_share: float
    low: float = 0.0
    """The lower confidence bound of the loss from the second look (0 where
    the first pass found nothing to look at again): what the mark is of."""
    reason: str = ""
    """Why the move is marked, in words ('' when not marked); players as
    {P1}-style placeholders (`said_reason` fills in names)."""
    samples: int = 0
    """Iterations (playouts or tree iterations) of the second look."""

    @property
    def loss(self) -> float:
        """Win share given away (never below 0): the estimate."""
        return max(0.0, round(self.best_share - self.played_share, 4))

    @property
    def mark(self) -> str | None:
        """'inaccuracy', 'mistake', 'blunder' or None: by the lower bound."""
        return mark_for(self.low)[0]

    @property
    def symbol(self) -> str:
        """'?!', '?', '??' or ''."""
        return mark_for(self.low)[1]

    def said_words(self, names: list[str], reader: int | None = None) -> tuple[str, str]:
        """The played and the better move in words as `reader` reads them
        (None: anyone but the mover, 'Ann draws 2 cards'; the rulesets word
        a move to its mover, 'you draw 2 cards': `engine.events.for_reader`)."""
        from engine.events import for_reader

        return (for_reader(self.played_words, self.seat, reader, names),
                for_reader(self.best_words, self.seat, reader, names))

    def said_reason(self, names: list[str]) -> str:
        """The reason with the players' names."""
        from engine.events import Event

        return Event(self.reason).render(names)

    def to_json(self, names: list[str] | None = None) -> dict[str, Any]:
        """A JSON-ready dict: with `names`, the words and the reason about the
        mover by name; without, as stored (the moves' words to the mover, the
        reason with placeholders)."""
        played_words, best_words = (self.played_words, self.best_words) if names is None else self.said_words(names)
        return {"ply": self.ply, "seat": self.seat + 1, "played": self.played, "played_words": played_words,
                "best": self.best, "best_words": best_words, "played_share": self.played_share,
                "best_share": self.best_share, "loss": self.loss, "loss_low": self.low, "mark": self.mark,
                "symbol": self.symbol, "reason": self.reason if names is None else self.said_reason(names),
                "samples": self.samples}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> MoveReview:
        return cls(int(doc["ply"]), int(doc["seat"]) - 1, str(doc["played"]), str(doc["played_words"]),
                   str(doc["best"]), str(doc["best_words"]), float(doc["played_share"]), float(doc["best_share"]),
                   float(doc.get("loss_low", 0.0)), str(doc.get("reason", "")), int(doc.get("samples", 0)))


@dataclass(frozen=True)
class PlayerReview:
    """One seat's summary."""

    seat: int
    name: str
    decisions: int
    accuracy: float
    """Mean win share kept (1 - loss) over the seat's decisions, 0..1."""
    counts: dict[str, int]
    """Marks by name."""
    turning_point: MoveReview | None
    """The seat's marked decision the search is surest gave away most
    (highest lower bound of its loss; None if nothing is marked)."""

    def to_json(self) -> dict[str, Any]:
        tp = self.turning_point
        return {"seat": self.seat + 1, "name": self.name, "decisions": self.decisions, "accuracy": self.accuracy,
                "inaccuracies": self.counts["inaccuracy"], "mistakes": self.counts["mistake"],
                "blunders": self.counts["blunder"],
                "turning_point": None if tp is None else {"ply": tp.ply, "played": tp.played, "best": tp.best,
                                                          "loss": tp.loss}}


@dataclass(frozen=True)
class Review:
    """A whole review: the decisions and a summary per reviewed seat."""

    key: str
    """The game it reviews (`game_key`)."""
    seat: int | None
    """The only seat reviewed (`--as`), or None for every seat."""
    iterations: int | None
    seconds: float | None
    moves: tuple[MoveReview, ...]
    players: tuple[PlayerReview, ...]

    def by_ply(self) -> dict[int, MoveReview]:
        """Reviewed decisions by ply."""
        return {m.ply: m for m in self.moves}

    def series(self) -> list[tuple[int, tuple[tuple[int, float], ...]]]:
        """Each reviewed seat's win share after each of its decisions:
        (seat, ((ply, share), ...)), in seat and ply order (the chart)."""
        moves = sorted(self.moves, key=lambda m: m.ply)
        return [(s, tuple((m.ply, m.played_share) for m in moves if m.seat == s))
                for s in sorted({m.seat for m in moves})]

    def to_json(self, record: GameRecord) -> dict[str, Any]:
        """The review as JSON: its moves, players, and the chart's series
        (each reviewed seat's win share by ply) and turning point."""
        budget = {"iterations": self.iterations} if self.iterations is not None else {"seconds": self.seconds}
        tp = turning_point(self)
        return {"format": FORMAT, "format_version": FORMAT_VERSION, "game": record.ruleset.id, "key": self.key,
                "seat": None if self.seat is None else self.seat + 1, "plies": record.ply, "budget": budget,
                "thresholds": {name: least for least, name, _ in MARKS},
                "moves": [m.to_json(record.names) for m in self.moves], "players": [p.to_json() for p in self.players],
                "series": [{"seat": seat + 1, "points": [list(p) for p in points]} for seat, points in self.series()],
                "turning_point": None if tp is None else tp.ply}


def marked(review: Review, seats: list[int] | None = None) -> list[MoveReview]:
    """The marked decisions of `seats` (None: every seat), in ply order."""
    return sorted((m for m in review.moves if m.mark and (seats is None or m.seat in seats)), key=lambda m: m.ply)


def turning_point(review: Review, seats: list[int] | None = None) -> MoveReview | None:
    """The decision that turned the game: the mark the search is surest
    gave away most (highest lower bound, then loss); None when none is marked."""
    return max(marked(review, seats), key=lambda m: (m.low, m.loss, -m.ply), default=None)


def game_key(record: GameRecord) -> str:
    """sha256 of what decides the game's positions: game, rules version,
    seed, options, seat count and moves."""
    from engine.saves import state_hash

    return state_hash({"game": record.ruleset.id, "version": record.ruleset.version, "seed": record.seed,
                       "options": record.options, "seats": len(record.players),
                       "moves": [[s, t] for s, t in record.moves]})


def check_request(record: GameRecord, seat: int | None) -> str | None:
    """Why this review may not be given (one line), or None."""
    n = len(record.players)
    if seat is not None and not 0 <= seat < n:
        return f"--as {seat + 1}: the game has seats 1–{n}"
    if not record.state.is_over():
        if seat is None:
            return "the game is in progress: review it as one seat with --as SEAT (others' moves stay hidden)"
        refusal = record.hints_refusal()
        if refusal:
            return f"the game is in progress and {refusal}"
    return None


# ------------------------------------------------------------ one decision
_CACHE: dict[str, Any] = {}
"""The last replayed position of this process (key, ply, state): tasks
mostly come in order, so a worker replays each game once, not once a task."""


def _state_at(game: str, seats: int, seed: int, options: dict[str, Any],
              moves: tuple[tuple[int, str], ...], ply: int, version: int | None = None) -> GameState[Any]:
    """The complete state before ply `ply` + 1 under rules `version` (the
    save's own; None: the newest), a clone the caller may keep."""
    from engine.registry import REGISTRY

    header = (game, seats, seed, json.dumps(options, sort_keys=True), version)
    entry = _CACHE.get("entry")
    state: GameState[Any]
    if entry is not None and entry[0] == header and entry[1] <= ply and moves[: entry[1]] == entry[2]:
        state, start = entry[3].clone(), entry[1]
    else:
        state, start = REGISTRY.get(game).start(seats, seed, options, version), 0
    for mover, text in moves[start:ply]:
        state.apply_trusted(mover, state.parse_move(text, mover))
    _CACHE["entry"] = (header, ply, tuple(moves[:ply]), state.clone())
    return state


def review_decision(game: str, seats: int, seed: int, options: dict[str, Any],
                    moves: tuple[tuple[int, str], ...], ply: int, iterations: int | None,
                    seconds: float | None, version: int | None = None, look: bool = True,
                    salt: int = 0) -> MoveReview:
    """Review move `ply` (0-based index into `moves`) from its mover's view,
    the game played under rules `version` (the save's). A task of its own
    (picklable arguments): any process can run it. `look`: False for the
    first pass alone (no second look; benchmarks/review.py's deep
    reference); `salt`: another seed for the same decision."""
    from engine.registry import REGISTRY

    mover, text = moves[ply]
    state = _state_at(game, seats, seed, options, moves, ply, version)
    mixed = (seed * 1_000_003 + mover * 10_007 + ply * 7_919 + 0x5EED + salt * 0x9E3779B9) & ((1 << 64) - 1)
    return judge(REGISTRY.get(game), state, mover, text, ply + 1, iterations, seconds, mixed, look)


def judge(ruleset: Any, state: GameState[Any], mover: int, text: str, ply: int, iterations: int | None,
          seconds: float | None, seed: int, look: bool = True) -> MoveReview:
    """Review the move `text` of `mover` in the complete `state`, from the
    mover's view alone: the hint's search, made to try the played move too,
    then a second look at a candidate mark (`engine.review_look`; not when
    `look` is False). A rollouts game's first pass compares up to its
    `review_candidates` moves."""
    from engine.bots.hint import hints
    from engine.bots.search import Budget

    view = state.view(mover)  # the one place the review looks at a position: never the whole state
    played = view.parse_move(text, mover)
    round_budget = iterations
    count = None
    if getattr(ruleset, "search_style", "tree") == "rollouts":
        count = int(getattr(ruleset, "review_candidates", 3))
        iterations = first_pass_budget(iterations, count, len(view.legal(mover)))
    budget = Budget(iterations=iterations, seconds=seconds)
    found = hints(ruleset, view, mover, seed=seed, top=None, budget=budget, include=played, candidates=count)
    best = found[0]
    mine = next((h for h in found if h.move == played), None)
    played_share = round(mine.win_share, 4) if mine is not None and mine.visits else round(best.win_share, 4)
    best_share = round(best.win_share, 4)
    words = view.describe_move(played, mover)
    if best.move == played or best_share <= played_share:  # nothing better found
        return MoveReview(ply, mover, text, words, text, words, played_share, played_share)
    if best_share - played_share < CANDIDATE - 1e-9 or not look:
        return MoveReview(ply, mover, text, words, best.notation, best.description, played_share, best_share)
    rounds = round_budget or default_iterations(ruleset)  # a time budget's second look: the default's rounds
    return looked_again(ruleset, view, mover, ply, text, words, played, best.move, rounds, seed)


def looked_again(ruleset: Any, view: GameState[Any], mover: int, ply: int, text: str, words: str, played: Any,
                 better: Any, iterations: int, seed: int) -> MoveReview:
    """A candidate mark after its second look, with its reason when marked."""
    from engine.review_look import second_look
    from engine.review_reason import reason

    look = second_look(ruleset, view, mover, played, better, iterations, seed)
    unit = "playouts" if getattr(ruleset, "search_style", "tree") == "rollouts" else "tree iterations"
    why = reason(view, mover, played, better, look, seed, unit) if mark_for(look.low)[0] else ""
    return MoveReview(ply, mover, text, words, view.format_move(better), view.describe_move(better, mover),
                      look.played_share, look.best_share, look.low, why, look.samples)


# ------------------------------------------------------------ a whole game
def decisions(record: GameRecord, seat: int | None = None) -> list[int]:
    """The 0-based plies to review: every move of `seat` (None: of every
    seat) where its mover had more than one legal move, except the moves a
    stand-in bot made for a person who was away (`record.stand_ins`: the
    bot's, not the person's; the replay's log says so at each)."""
    out = []
    state = record.state_at(0)
    for ply, (mover, text) in enumerate(record.moves):
        move = state.parse_move(text, mover)
        if (seat is None or mover == seat) and ply not in record.stand_ins and len(state.legal(mover)) > 1:
            out.append(ply)
        state.apply_trusted(mover, move)
    return out


def summarize(record: GameRecord, moves: list[MoveReview], seats: list[int]) -> tuple[PlayerReview, ...]:
    """The per-seat summaries of `moves`."""
    out = []
    for seat in seats:
        mine = [m for m in moves if m.seat == seat]
        counts = {name: sum(m.mark == name for m in mine) for _, name, _ in MARKS}
        accuracy = round(sum(1 - m.loss for m in mine) / len(mine), 4) if mine else 1.0
        worst = max((m for m in mine if m.mark), key=lambda m: (m.low, m.loss, -m.ply), default=None)
        out.append(PlayerReview(seat, record.players[seat].name, len(mine), accuracy, counts, worst))
    return tuple(out)


def review_game(record: GameRecord, seat: int | None = None, iterations: int | None = None,
                seconds: float | None = None, jobs: int = 1, executor: Executor | None = None,
                progress: Callable[[int, int], None] | None = None) -> Review:
    """Review `record` (every seat, or `seat` alone); ValueError with one
    line if it may not be (`check_request`). `progress(done, total)` after
    each decision."""
    from engine.arena import run_tasks

    why = check_request(record, seat)
    if why:
        raise ValueError(why)
    if iterations is None and seconds is None:
        iterations = default_iterations(record.ruleset)
    plies = decisions(record, seat)
    moves = tuple(record.moves)
    options = dict(record.options)
    tasks = [(record.ruleset.id, len(record.players), record.seed, options, moves, ply, iterations, seconds,
              record.rules_version) for ply in plies]
    tick = None if progress is None else (lambda done: progress(done, len(tasks)))
    reviewed = run_tasks(review_decision, tasks, jobs, executor, tick)
    seats = [seat] if seat is not None else list(range(len(record.players)))
    return Review(game_key(record), seat, iterations if seconds is None else None,
                  seconds if iterations is None else None, tuple(reviewed), summarize(record, reviewed, seats))


# ------------------------------------------------------------ stored beside the save
def review_path(save: Path) -> Path:
    """Where a save's reviews are kept: `NAME.review` beside `NAME` (not
    `*.json`, so a saves folder's listing never mistakes it for a save)."""
    return save.with_name(save.name + ".review")


def _read_entries(path: Path) -> list[dict[str, Any]]:
    """The reviews stored at `path` (none if it is missing or unreadable)."""
    from engine.errors import SaveError
    from engine.saves import parse, read_bounded

    try:
        doc = parse(read_bounded(path, str(path)), str(path))
    except (SaveError, OSError):
        return []
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("format_version") != FORMAT_VERSION:
        return []
    entries = doc.get("reviews")
    return [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []


def stored(save: Path, record: GameRecord, seat: int | None, iterations: int | None,
           seconds: float | None) -> Review | None:
    """The stored review of this very game, seat and budget, if any."""
    key = game_key(record)
    budget = {"iterations": iterations} if seconds is None else {"seconds": seconds}
    for doc in reversed(_read_entries(review_path(save))):
        if doc.get("key") == key and doc.get("seat") == (None if seat is None else seat + 1) \
                and doc.get("budget") == budget:
            try:
                moves = [MoveReview.from_json(m) for m in doc["moves"]]
            except (KeyError, TypeError, ValueError):
                return None
            seats = [seat] if seat is not None else list(range(len(record.players)))
            return Review(key, seat, iterations if seconds is None else None, seconds, tuple(moves),
                          summarize(record, moves, seats))
    return None


def latest_stored(save: Path, record: GameRecord) -> Review | None:
    """The newest stored review of this very game, of every seat, at any
    budget (what the replay viewer shows when a save is opened)."""
    key = game_key(record)
    for doc in reversed(_read_entries(review_path(save))):
        budget = doc.get("budget")
        if doc.get("key") == key and doc.get("seat") is None and isinstance(budget, dict):
            return stored(save, record, None, budget.get("iterations"), budget.get("seconds"))
    return None


def store(save: Path, record: GameRecord, review: Review) -> bool:
    """Keep a finished game's review beside its save (atomically); False
    when not stored: a game in progress (its review would tell another
    reader the asking seat's sealed choices and plans), or the folder is
    not writable."""
    from engine.errors import SaveError
    from engine.saves import write_atomic

    if not record.state.is_over():
        return False
    path = review_path(save)
    doc = review.to_json(record)
    entries = [e for e in _read_entries(path) if e.get("key") == review.key
               and not (e.get("seat") == doc["seat"] and e.get("budget") == doc["budget"])]
    entries = (entries + [doc])[-KEEP:]
    text = json.dumps({"format": FORMAT, "format_version": FORMAT_VERSION, "reviews": entries},
                      indent=1, ensure_ascii=False) + "\n"
    try:
        write_atomic(path, text)
    except (OSError, SaveError):
        return False
    return True


def review_or_stored(save: Path | None, record: GameRecord, seat: int | None = None,
                     iterations: int | None = None, seconds: float | None = None, jobs: int = 1,
                     executor: Executor | None = None,
                     progress: Callable[[int, int], None] | None = None) -> tuple[Review, bool]:
    """The stored review if there is one, else a fresh one (stored when the
    game is finished); and whether it came from the store."""
    if iterations is None and seconds is None:
        iterations = default_iterations(record.ruleset)
    if seconds is not None:
        iterations = None
    why = check_request(record, seat)
    if why:
        raise ValueError(why)
    if save is not None:
        old = stored(save, record, seat, iterations, seconds)
        if old is not None:
            return old, True
    review = review_game(record, seat, iterations, seconds, jobs, executor, progress)
    if save is not None:
        store(save, record, review)
    return review, False
