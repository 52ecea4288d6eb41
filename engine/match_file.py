"""A match's results kept in a file, game by game (`tsquare selfplay --results`).

A long match (hours of search against search) is played in a run that may
be stopped: a session's end, Ctrl+C, a machine going down. With a results
file every finished game is written at once (the whole file rewritten
atomically, so it is the old one or the new one, never torn), and a run
given the same file plays only the games the file lacks, then reports the
whole match. Games are seeded seed + k, so the games kept and the games
played later are the games one unbroken run would have played.

The file is one JSON object: `format` ("tsquare-match"), `match` (what is
played: game, levels, seed, options, swap, search_iterations, and under a
fixed budget deep_iterations and deep_trees), `planned` (the games its
last run was asked to reach: `--games`, so the command that goes on with a
part of a match asks for the part's length) and `games` (each finished
game: index, slot_of_seat, scores, ranks, plies, think, decisions, tags).
A file of another match is refused, never written over.

The match also keeps `behaviour`: what its bots choose at a few positions
(`engine.bot_probe`), asked again at every run. A file whose bots now
choose otherwise is refused, so one file never mixes the games of two
versions of a bot; a faster bot that chooses the same moves goes on. A
file from before the print, or a match whose bots think by the clock,
has none and is not checked.
"""
from __future__ import annotations

import json
from contextlib import ExitStack, contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from engine.arena import GameResult, MatchResult, MatchSpec
from engine.bot_probe import PROBES

FORMAT = "tsquare-match"
BEHAVIOUR = "behaviour"
"""The match's key holding the bots' behaviour print (`engine.bot_probe`)."""
MAX_GAMES = 20_000
"""The most games a results file keeps (about 250 bytes a game: well inside
the 8 MiB any file is read up to, and rewritten whole after each game)."""


class MatchFileError(ValueError):
    """A results file that cannot be read, or holds another match (one line)."""


class MatchBusyError(MatchFileError):
    """Another run is playing the match in this file now (`playing`)."""


def match_key(spec: MatchSpec) -> dict[str, Any]:
    """What makes two runs the same match (everything but the game count;
    under a fixed budget, `deep`'s share of it too). The bots' behaviour
    print is kept beside it (`write_match`), checked on its own."""
    from engine.bots.search import DEEP_FACTOR, FIXED_DEEP_WORKERS, Budget, tree_share
    from engine.registry import REGISTRY

    n = spec.search_iterations
    deep: tuple[Budget | None, int | None] = (None, None)
    if n is not None:
        deep = tree_share(Budget(iterations=n * DEEP_FACTOR), FIXED_DEEP_WORKERS, REGISTRY.get(spec.game).search_trees)
    return {
        "game": spec.game,
        "levels": list(spec.levels),
        "seed": spec.seed,
        "options": dict(spec.options),
        "swap": spec.rotate,
        "search_iterations": spec.search_iterations,
        "deep_iterations": None if deep[0] is None else deep[0].iterations,
        "deep_trees": deep[1],
    }


def _result(doc: Any, name: str) -> GameResult:
    """One game of the file, checked as far as a summary relies on it."""
    try:
        r = GameResult(
            index=int(doc["index"]),
            slot_of_seat=tuple(int(x) for x in doc["slot_of_seat"]),
            scores=tuple(int(x) for x in doc["scores"]),
            ranks=tuple(int(x) for x in doc["ranks"]),
            plies=int(doc["plies"]),
            think=tuple(float(x) for x in doc["think"]),
            decisions=tuple(int(x) for x in doc["decisions"]),
            tags=tuple(dict(t) for t in doc.get("tags", ())),
        )
    except (KeyError, TypeError, ValueError):
        raise MatchFileError(f"{name}: a game in it is not a game result (index, scores, ranks, ...)") from None
    n = len(r.slot_of_seat)
    if not all(len(x) == n for x in (r.scores, r.ranks, r.think, r.decisions)) or r.index < 0:
        raise MatchFileError(f"{name}: game {r.index} in it has figures for another number of seats")
    return r


def read_match(path: Path, spec: MatchSpec, behaviour: str | None = None) -> list[GameResult]:
    """Every game of `spec` kept in `path`, in order (none if there is no
    file yet). MatchFileError when the file is not a results file, holds
    another match, or was played by bots that chose otherwise than
    `behaviour` says today's do; the file is never changed here."""
    from engine.arena import check_spec

    spec = check_spec(spec)  # options completed, as the file keeps them
    name = str(path)
    if not path.exists() and not path.is_symlink():
        return []
    doc = _document(path)
    want = match_key(spec)
    have = doc.get("match")
    if isinstance(have, dict):
        have = dict(have)
        kept_print = have.pop(BEHAVIOUR, None)
        if behaviour is not None and kept_print is not None and kept_print != behaviour:
            raise MatchFileError(
                f"{name}: its games were played by bots that chose otherwise than today's (the bots' moves at "
                f"{PROBES} positions of game 0: {kept_print} then, {behaviour} now); a match mixing two "
                "versions of a bot measures neither: give a new file")
    if have != want:
        diff = [k for k in want if not isinstance(have, dict) or have.get(k) != want[k]]
        raise MatchFileError(f"{name} holds another match (its {', '.join(diff)} differ); "
                             "give another file, or the same settings")
    games = doc.get("games")
    if not isinstance(games, list):
        raise MatchFileError(f"{name}: its games are not a list")
    kept: dict[int, GameResult] = {}
    for g in games:
        r = _result(g, name)
        if len(r.slot_of_seat) != len(spec.levels):
            raise MatchFileError(f"{name}: game {r.index} in it has {len(r.slot_of_seat)} seats, "
                                 f"the match {len(spec.levels)}")
        kept[r.index] = r
    return [kept[k] for k in sorted(kept)]


def kept_seed(path: Path) -> int | None:
    """The seed of the match kept in `path`, if it is a readable results file
    (so `--seed random` goes on with the file's games); None otherwise."""
    try:
        doc = _document(path)
    except MatchFileError:
        return None
    seed = doc["match"].get("seed") if isinstance(doc.get("match"), dict) else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def kept_spec(path: Path, games: int) -> MatchSpec:
    """The match kept in `path`, as the spec that plays it to `games` games
    (MatchFileError, one line, when `path` is not a readable results file)."""
    m = _document(path).get("match")
    if not isinstance(m, dict):
        raise MatchFileError(f"{path}: its match is not described (game, levels, seed)")
    try:
        return MatchSpec(str(m["game"]), tuple(str(x) for x in m["levels"]), games, int(m["seed"]),
                         dict(m.get("options") or {}), bool(m.get("swap", True)), m.get("search_iterations"))
    except (KeyError, TypeError, ValueError):
        raise MatchFileError(f"{path}: its match is not described (game, levels, seed)") from None


def planned_games(path: Path) -> int | None:
    """The games the last run of the match in `path` was asked to reach
    (`--games`), None if the file does not say (one from before it kept
    this) or is not a results file."""
    try:
        planned = _document(path).get("planned")
    except MatchFileError:
        return None
    return planned if isinstance(planned, int) and not isinstance(planned, bool) and planned >= 1 else None


def _document(path: Path) -> dict[str, Any]:
    """The results file at `path`, parsed strictly; MatchFileError (one
    line) when it cannot be read or is not a results file."""
    from engine.errors import SaveError
    from engine.saves import parse, read_bounded

    name = str(path)
    try:
        doc = parse(read_bounded(path, name), name)
    except SaveError as exc:
        shown = str(exc).replace("save file", "results file").replace("a save", "a results file")
        raise MatchFileError(shown) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise MatchFileError(f"{name}: not a results file of `tsquare selfplay --results`; it is left as it is")
    return doc


def write_match(path: Path, spec: MatchSpec, games: Iterable[GameResult], behaviour: str | None = None) -> None:
    """Write `games` as the file of `spec` (with its bots' `behaviour`
    print, and `spec.games` as the games planned), atomically (old file or
    new, never torn)."""
    from engine.saves import write_atomic

    ordered = sorted(games, key=lambda r: r.index)
    doc = {"format": FORMAT, "match": {**match_key(spec), BEHAVIOUR: behaviour}, "planned": spec.games,
           "games": [asdict(r) for r in ordered]}
    write_atomic(path, json.dumps(doc, separators=(",", ":")) + "\n")


@contextmanager
def playing(path: Path) -> Iterator[None]:
    """Hold the match file `path` for a run (the lock beside it that a save
    has, `engine.lock`): a second run of the same file is refused at once
    with MatchFileError, rather than two runs writing one file."""
    from engine.errors import SaveError
    from engine.lock import SaveLockedError, save_lock

    folder = path.absolute().parent
    if not folder.is_dir():
        raise MatchFileError(f"{path}: no folder {folder} to keep it in")
    with ExitStack() as held:
        try:
            held.enter_context(save_lock(path, timeout=0))
        except SaveLockedError:
            raise MatchBusyError(f"{path}: another run is playing this match now; "
                                 "wait for it to end, or give another file") from None
        except SaveError as exc:
            raise MatchFileError(str(exc).replace("the save", "the results file")) from None
        yield


def being_played(path: Path) -> bool:
    """Whether a run holds the match file `path` now (`playing`)."""
    try:
        with playing(path):
            return False
    except MatchBusyError:
        return True


def run_kept(spec: MatchSpec, path: Path, jobs: int = 1,
             progress: Callable[[int], None] | None = None) -> MatchResult:
    """`run_match` with its games kept in `path`: the games the file holds
    are not played again, each new one is written as soon as it ends, and
    the result is the whole match's (`seconds` is this run's). The bots'
    behaviour print is taken first (seconds: a few decisions of each level)
    and must be the file's. The run holds the file (`playing`)."""
    from engine.arena import check_spec

    spec = check_spec(spec)
    if spec.games > MAX_GAMES:
        raise MatchFileError(f"{path}: a results file keeps at most {MAX_GAMES} games; split the match "
                             "(game k is seeded seed + k, so --seed S+N plays games N... of seed S)")
    read_match(path, spec)  # a bad file, or one of another match, is refused before the lock and the probe
    with playing(path):
        return _run_kept(spec, path, jobs, progress)


def _run_kept(spec: MatchSpec, path: Path, jobs: int, progress: Callable[[int], None] | None) -> MatchResult:
    from engine.arena import run_match
    from engine.bot_probe import behaviour_print

    behaviour = behaviour_print(spec)
    kept = {r.index: r for r in read_match(path, spec, behaviour)}
    write_match(path, spec, kept.values(), behaviour)  # now, so a file that cannot be written stops the run early

    def each(r: GameResult) -> None:
        kept[r.index] = r
        write_match(path, spec, kept.values(), behaviour)

    done = [r for k, r in sorted(kept.items()) if k < spec.games]
    return run_match(spec, jobs, progress=progress, done=done, each=each)
