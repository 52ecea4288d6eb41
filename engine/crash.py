"""Crash reports: when the program fails, the player sees one line, never a
traceback with local variables (which would show every hand, the deck order
and the seed). The report holds the traceback without locals, and is
readable by its owner only.

A report is named by a short reference (`tsquare-crash-DATE-TIME-REF.txt`):
a person at their own machine is shown its path; a person connected to a
server is shown only the reference (the operator finds the report by it),
never a path on the server. A folder keeps at most `KEEP_REPORTS` reports
(the oldest are removed) of at most `REPORT_BYTES` each (a longer one keeps
its head and its tail), so a crash repeated on purpose cannot fill a disk."""
from __future__ import annotations

import os
import secrets
import sys
import time
import traceback
from pathlib import Path

REPORTS = "crash-reports"
"""The folder, inside the saves folder, that crash reports go to."""

KEEP_REPORTS = 50
"""At most this many reports in a folder: writing one more removes the oldest."""

REPORT_BYTES = 64 * 1024
"""At most this many bytes a report (its head and tail are kept)."""

PREFIX = "tsquare-crash-"


def report_folder(saves: Path) -> Path:
    """Where crash reports are written for a saves folder."""
    return Path(saves) / REPORTS


def report_ref(report: Path) -> str:
    """The short reference a report is named by (the name's last part)."""
    return report.stem.rsplit("-", 1)[-1]


def capped(text: str, limit: int = REPORT_BYTES) -> str:
    """`text` if its UTF-8 fits in `limit` bytes, else its head and tail
    around a line saying how much was left out (the tail holds the error)."""
    data = text.encode("utf-8", "backslashreplace")
    if len(data) <= limit:
        return text
    note = "\n[... {} bytes left out ...]\n"
    room = limit - len(note.format(len(data))) - 16
    head, tail = data[: room // 4], data[len(data) - (room - room // 4):]
    cut = len(data) - len(head) - len(tail)
    return head.decode("utf-8", "ignore") + note.format(cut) + tail.decode("utf-8", "ignore")


def prune(folder: Path, keep: int = KEEP_REPORTS) -> None:
    """Remove the oldest reports of `folder` beyond `keep` (by name: they
    start with the time they were written)."""
    try:
        names = sorted(e.name for e in os.scandir(folder) if e.name.startswith(PREFIX) and e.name.endswith(".txt"))
    except OSError:
        return
    for name in names[: max(0, len(names) - keep)]:
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def write_report(exc: BaseException, saves: Path) -> Path | None:
    """Write a report of `exc` (the traceback, no locals); its path, or None
    if no place could take it (then the one line says so)."""
    text = capped(
        f"tsquare crash report, {time.strftime('%Y-%m-%dT%H:%M:%S+00:00', time.gmtime())}\n"
        f"python {sys.version.split()[0]} on {sys.platform}, process {os.getpid()}\n\n"
        + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    )
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    import tempfile

    for folder in (report_folder(saves), Path(tempfile.gettempdir())):
        path = folder / f"{PREFIX}{stamp}-{secrets.token_hex(3)}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
        except OSError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(text)
        prune(folder)
        return path
    return None


def crash_line(exc: BaseException, report: Path | None) -> str:
    """The one line a player at their own machine sees (the error's kind,
    not its message, and where the report is)."""
    from engine.text import shown

    where = f"a report is in {shown(str(report))}" if report else "no report could be written"
    return f"tsquare: internal error ({type(exc).__name__}); the save is as it was; {where}"


def remote_crash_line(report: Path | None) -> str:
    """The one line a person connected to a server sees: a reference for
    the operator, nothing of the server's files or of the error."""
    if report is None:
        return "tsquare: internal error; your games are saved as they were"
    return (f"tsquare: internal error, reference {report_ref(report)}; the operator has the details; "
            "your games are saved as they were")
