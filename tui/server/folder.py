"""What every store keeps in the server's data folder beside its rooms: the
host key and the operator's log (one copy for the file store and the
database store)."""
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
        line = f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} [{os.getpid()}] {problem}"
        try:
            with open(self.log_path, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
        except OSError:
            pass  # a read-only or full folder: the terminal (if any) has it
