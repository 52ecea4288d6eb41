"""What every store keeps in the server's data folder beside its rooms: the
host key and the operator's log (one copy for the file store and the
database store); every internal error of a connection's process reaches
that log with its reference (`crash_line`)."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable


class ServerFolder:
    """A mixin for a store with `root`, `_log` (the server's terminal, or
    None) and `_logged` (the problems this process has noted)."""

    root: Path
    _log: Callable[[str], None] | None
    _logged: set[str]

    @property
    def host_key_path(self) -> Path:
        return self.root / "host_key"

    @property
    def log_path(self) -> Path:
        return self.root / "server.log"

    def log(self, problem: str) -> None:
        """Note a problem for the operator: the server's log (and its
        terminal, when the server's own store); each problem once per process."""
        if problem in self._logged:
            return
        self._logged.add(problem)
        if self._log is not None:
            self._log(problem)
        self._write_log(problem)

    def _write_log(self, problem: str) -> None:
        """One line in the server's log, whether or not it was noted before."""
        write_log(self.root, problem)


def write_log(root: Path, problem: str) -> None:
    """One line in the server's log of the data folder `root`."""
    line = f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} [{os.getpid()}] {problem}"
    try:
        with open(root / "server.log", "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    except OSError:
        pass  # a read-only or full folder: the terminal (if any) has it


def reports_folder(root: Path) -> Path:
    """Where a connection's processes write their crash reports (as a saves
    folder: the reports are in its `crash-reports`)."""
    return root / "reports"


def crash_line(root: Path, error: BaseException, report: Path | None) -> str:
    """After an internal error in a connection's process (its report, if
    one could be written): the operator's log gets its kind, reference and
    report; the person gets the one line with the reference alone."""
    from engine.crash import remote_crash_line, report_ref

    where = f"reference {report_ref(report)}, report {report}" if report else "no report could be written"
    write_log(root, f"internal error ({type(error).__name__}) in a player's process, {where}")
    return remote_crash_line(report)


def report_crash(root: Path, error: BaseException) -> str:
    """`crash_line` for an error caught outside an app: the report written first."""
    from engine.crash import write_report

    return crash_line(root, error, write_report(error, reports_folder(root)))
