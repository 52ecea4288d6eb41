"""Crash reports: when the program fails, the player sees one line naming a
report file, never a traceback with local variables (which would show every
hand, the deck order and the seed). The report holds the traceback without
locals, and is readable by its owner only."""
from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path

REPORTS = "crash-reports"
"""The folder, inside the saves folder, that crash reports go to."""


def report_folder(saves: Path) -> Path:
    """Where crash reports are written for a saves folder."""
    return Path(saves) / REPORTS


def write_report(exc: BaseException, saves: Path) -> Path | None:
    """Write a report of `exc` (the traceback, no locals); its path, or None
    if no place could take it (then the one line says so)."""
    text = (
        f"tsquare crash report, {time.strftime('%Y-%m-%dT%H:%M:%S+00:00', time.gmtime())}\n"
        f"python {sys.version.split()[0]} on {sys.platform}\n\n"
        + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    )
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    import tempfile

    for folder in (report_folder(saves), Path(tempfile.gettempdir())):
        path = folder / f"tsquare-crash-{stamp}-{os.getpid()}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
        except OSError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(text)
        return path
    return None


def crash_line(exc: BaseException, report: Path | None) -> str:
    """The one line a player sees (the error's kind, not its message)."""
    from engine.text import shown

    where = f"a report is in {shown(str(report))}" if report else "no report could be written"
    return f"tsquare: internal error ({type(exc).__name__}); the save is as it was; {where}"
