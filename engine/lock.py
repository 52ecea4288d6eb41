"""An advisory, exclusive lock per save file, so two writers never lose a move.

Every change to a save is load -> check -> apply -> write while holding the
lock (`save_lock`). The lock is `flock` on a small file beside the save
(`.NAME.lock`), never on the save itself, because the save is replaced by an
atomic rename. A second writer waits up to `timeout` seconds, then gets a
`SaveLockedError` (a SaveError: one line, exit 2).
"""
from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from engine.errors import SaveError


class SaveLockedError(SaveError):
    """Another process is changing this save right now."""


def lock_path(path: Path) -> Path:
    """The lock file that guards `path`: beside the real file it names, so a
    symbolic link and its target share one lock."""
    path = Path(os.path.realpath(path))
    return path.with_name(f".{path.name}.lock")


@contextmanager
def save_lock(path: Path, timeout: float = 3.0) -> Iterator[None]:
    """Hold the exclusive advisory lock of save `path` for the block."""
    import fcntl

    lp = lock_path(path)
    try:
        fd = os.open(lp, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
    except OSError as exc:
        raise SaveError(f"{path}: cannot lock the save in {lp.parent} ({exc.strerror or exc})") from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise SaveLockedError(
                        f"{path}: another tsquare is changing this save; try again"
                    ) from None
                time.sleep(0.01)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
