"""Play the kept matches' queue: each match to its planned games, a few at a time.

    python research/play_queue.py                 # research/matches/queue.txt, 2 at a time
    python research/play_queue.py --dry-run       # what it would run, and nothing else
    python research/play_queue.py --lanes 1 QUEUE

A queue file lists `tsquare selfplay ... --results NAME.results.json`
commands, one a line, first to run first (blank lines and lines starting
with '#' are skipped). Each is run from the queue file's folder, where the
results files live. A match whose file exists goes on with the command
`research/standings.py --commands` gives for it (the file's own seed,
settings and planned games, whatever the line says), or is skipped when it
has all its games; a match with no file yet is begun with the line as it is
(`--seed random`: the seed is drawn then and kept in the file). A match
that another run is playing now (it holds the file) is left to that run.

`--lanes N` matches run at once, each in a process of its own, its output
appended to NAME.out and NAME.err beside its file; when one ends the next
in the queue begins. A `deep` match's trees take turns on its lane's
core. Ctrl+C (or SIGTERM) stops the matches it started: every game
already finished is in its file, and the same command run again goes on.
"""
from __future__ import annotations

import argparse
import shlex
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.match_file import MatchFileError, being_played, kept_spec, planned_games, read_match  # noqa: E402

DEFAULT_QUEUE = Path(__file__).resolve().parent / "matches" / "queue.txt"
DEFAULT_GAMES = 200
"""A match's length when neither its file nor its line says."""


class QueueError(ValueError):
    """A queue file that cannot be read, or a line that is not a match (one line)."""


@dataclass(frozen=True)
class Entry:
    """One match of the queue and what to do with it now."""

    name: str
    """The results file's name without `.results.json`."""
    words: tuple[str, ...]
    """The command to run (empty: nothing left to play)."""
    games: int
    """Games the file holds now."""
    planned: int
    """Games the match is to have."""
    busy: bool = False
    """Another run plays it now (it holds the file): left to that run."""


def _results_name(words: list[str], where: str) -> str:
    if words[:2] != ["tsquare", "selfplay"]:
        raise QueueError(f"{where}: not a `tsquare selfplay` command")
    if "--results" not in words or words.index("--results") == len(words) - 1:
        raise QueueError(f"{where}: the command keeps no results file (--results NAME.results.json)")
    name = words[words.index("--results") + 1]
    if "/" in name or not name.endswith(".results.json"):
        raise QueueError(f"{where}: the results file must be a NAME.results.json beside the queue, not {name!r}")
    return name


def _games_asked(words: list[str]) -> int:
    try:
        return int(words[words.index("--games") + 1])
    except (ValueError, IndexError):
        return DEFAULT_GAMES


def plan(queue: Path) -> list[Entry]:
    """The queue's matches in order, each with the command that goes on
    with it (QueueError when the queue or a kept file cannot be read)."""
    import standings

    try:
        text = queue.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise QueueError(f"{queue}: cannot be read ({exc.__class__.__name__})") from None
    out: list[Entry] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{queue}:{number}"
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise QueueError(f"{where}: {exc}") from None
        file_name = _results_name(words, where)
        if file_name in seen:
            raise QueueError(f"{where}: {file_name} is in the queue twice")
        seen.add(file_name)
        name = file_name.removesuffix(".results.json")
        path = queue.parent / file_name
        try:
            if being_played(path):  # by a run of its own, begun elsewhere
                out.append(Entry(name, (), 0, 0, busy=True))
                continue
            if not path.exists():
                out.append(Entry(name, tuple(words), 0, _games_asked(words)))
                continue
            planned = planned_games(path) or _games_asked(words)
            games = len(read_match(path, kept_spec(path, planned)))
            command = standings.command(path, planned)
        except MatchFileError as exc:
            raise QueueError(f"{where}: {exc}") from None
        out.append(Entry(name, tuple(shlex.split(command)) if games < planned else (), games, planned))
    return out


def _command(words: tuple[str, ...]) -> list[str]:
    """`words` with `tsquare` found: beside this Python (its venv's, the
    code this script reads), else on PATH."""
    import shutil

    beside = Path(sys.executable).parent / words[0]
    found = str(beside) if beside.is_file() else shutil.which(words[0]) or words[0]
    return [found, *words[1:]]


def say_line(text: str) -> None:
    """`text` and its newline on stdout, flushed so a log file follows the
    queue as it goes."""
    print(text, flush=True)


def run(queue: Path, lanes: int, say: Callable[[str], object] = say_line) -> int:
    """Play the queue's unfinished matches, `lanes` at a time; the number of
    matches whose command failed. Lanes speak one whole line at a time
    (two `print`s at once could run one line into the other)."""
    todo = [e for e in plan(queue) if e.words]
    lock = threading.Lock()
    speaking = threading.Lock()

    def tell(text: str) -> None:
        with speaking:
            say(text)

    running: dict[str, subprocess.Popen[bytes]] = {}
    failed: list[str] = []
    stopping = threading.Event()

    def lane() -> None:
        while not stopping.is_set():
            with lock:
                if not todo:
                    return
                entry = todo.pop(0)
            tell(f"{time.strftime('%H:%M:%S')} begins {entry.name} ({entry.games} of {entry.planned} games kept)")
            with open(queue.parent / f"{entry.name}.out", "ab") as out, \
                    open(queue.parent / f"{entry.name}.err", "ab") as err:
                proc = subprocess.Popen(_command(entry.words), cwd=queue.parent, stdout=out, stderr=err,
                                        stdin=subprocess.DEVNULL)
                with lock:
                    running[entry.name] = proc
                code = proc.wait()
                with lock:
                    running.pop(entry.name, None)
            if code != 0 and not stopping.is_set():
                failed.append(entry.name)
            tell(f"{time.strftime('%H:%M:%S')} ends {entry.name} (exit {code})")

    def stop(*_: object) -> None:
        stopping.set()
        with lock:
            for proc in running.values():
                proc.terminate()

    previous = signal.signal(signal.SIGTERM, stop)
    threads = [threading.Thread(target=lane, daemon=True) for _ in range(max(1, lanes))]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:
        stop()
        for t in threads:
            t.join()
    finally:
        signal.signal(signal.SIGTERM, previous)
    return len(failed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("queue", nargs="?", type=Path, default=DEFAULT_QUEUE,
                    help="the queue file (default: research/matches/queue.txt)")
    ap.add_argument("--lanes", type=int, default=2, help="matches at once (default 2: one a core here)")
    ap.add_argument("--dry-run", action="store_true", help="print each match's state and command; play nothing")
    args = ap.parse_args(argv)
    if not 1 <= args.lanes <= 64:
        print("play_queue: --lanes takes 1 to 64", file=sys.stderr)
        return 2
    try:
        entries = plan(args.queue)
    except QueueError as exc:
        print(f"play_queue: {exc}", file=sys.stderr)
        return 2
    if args.dry_run:
        for e in entries:
            state = ("being played by another run" if e.busy else "whole" if not e.words
                     else f"{e.games} of {e.planned} games")
            print(f"{e.name}: {state}" + (f"\n    {shlex.join(e.words)}" if e.words else ""))
        return 0
    return 1 if run(args.queue, args.lanes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
