"""A saves folder as `tsquare list` and the saved-games screen show it: every
save in it, loaded, or marked unreadable with the reason.

Its own module so that commands that read one save never build its classes.
"""
from __future__ import annotations

import calendar
import time
from dataclasses import dataclass
from pathlib import Path

from engine.errors import SaveError
from engine.record import GameRecord
from engine.saves import load
from engine.text import shown


@dataclass
class SaveEntry:
    """One file of a saves folder, as `list` and the saved-games screen show it."""

    path: Path
    """The file."""
    record: GameRecord | None
    """The game, or None if the file is unreadable."""
    problem: str = ""
    """Why the file is unreadable (one short line), else empty."""


def last_played(stamp: str) -> str:
    """An ISO 8601 UTC stamp (a save's `updated`) as local 'YYYY-MM-DD HH:MM'
    ('' if unreadable)."""
    try:
        utc = calendar.timegm(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S"))
    except ValueError:
        return ""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(utc))


@dataclass(frozen=True)
class SaveSummary:
    """What tells one saved game from another in a list: the same words in
    `tsquare list` and the saved-games screen."""

    title: str
    """The game's title."""
    players: tuple[str, ...]
    """The players' names, in seat order."""
    progress: str
    """'move 13' (the move to be played now, as the game's header counts) or
    '110 moves' once it is over."""
    status: str
    """'Bot 3 to play', 'Ada won', 'Ada & Bea won' or 'draw'."""
    when: str
    """When it was last played, local 'YYYY-MM-DD HH:MM' ('' if unknown)."""
    rules: str
    """'rules v3', or 'rules v1 (newest v3)' for a game under older rules."""
    old_rules: bool
    """Whether the game plays under an older rules version than the newest."""


def summary(rec: GameRecord) -> SaveSummary:
    """The list's words for one game."""
    state = rec.state
    out = state.outcome()
    if out is not None:
        status = "draw" if out.is_draw else f"{' & '.join(rec.names[w] for w in out.winners)} won"
        progress = f"{rec.ply} move{'' if rec.ply == 1 else 's'}"
    else:
        status = f"{', '.join(rec.names[s] for s in state.to_act())} to play"
        progress = f"move {rec.ply + 1}"
    newest = rec.ruleset.version
    old = rec.rules_version < newest
    rules = f"rules v{rec.rules_version}" + (f" (newest v{newest})" if old else "")
    return SaveSummary(rec.ruleset.title, tuple(rec.names), progress, status, last_played(rec.updated), rules, old)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # a dangling link, a file gone meanwhile
        return 0.0


def scan_folder(folder: Path, limit: int | None = None) -> list[SaveEntry]:
    """Every `*.json` in `folder`, newest first, each loaded or marked
    unreadable; one bad file (a pipe, a device, hostile JSON, even a ruleset
    failing on it) never stops the rest."""
    folder = Path(folder)
    try:
        files = sorted(folder.glob("*.json"), key=_mtime, reverse=True) if folder.is_dir() else []
    except OSError:
        files = []
    out = []
    for path in files[:limit]:
        name = shown(str(path), 120)
        try:
            out.append(SaveEntry(path, load(path)))
        except SaveError as exc:
            text = str(exc)
            out.append(SaveEntry(path, None, text[len(name) + 2 :] if text.startswith(name + ": ") else text))
        except Exception as exc:  # noqa: BLE001 - a bug in one file must not hide the rest
            out.append(SaveEntry(path, None, f"the program failed on it ({type(exc).__name__})"))
    return out
