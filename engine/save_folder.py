"""A saves folder as `tsquare list` and the saved-games screen show it: every
save in it, loaded, or marked unreadable with the reason.

Its own module so that commands that read one save never build its classes.
"""
from __future__ import annotations

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
