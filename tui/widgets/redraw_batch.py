"""One redraw for several changes: a screen that tells its widgets several
things in a row (a new position, then the last move, then the status) wraps
them in `one_redraw()`, and a widget that would draw itself again on each
(`TextCanvas.redraw`, the size check of `refresh_fitted`) does it once, as
the batch ends, from all of them. Outside a batch the work is done at once,
as before."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

_pending: dict[tuple[int, str], Callable[[], None]] | None = None
"""The work queued in the batch under way, one entry per widget and kind
(None: no batch)."""


@contextmanager
def one_redraw() -> Iterator[None]:
    """Queue the redraws asked for inside; do each once at the end (a batch
    inside a batch joins it)."""
    global _pending
    if _pending is not None:
        yield
        return
    _pending = {}
    try:
        yield
    finally:
        while _pending:  # a redraw may queue another one (a size check after a draw)
            work, _pending = _pending, {}
            for run in work.values():
                run()
        _pending = None


def later(owner: object, kind: str, run: Callable[[], None]) -> bool:
    """Queue `run` once for `owner`'s work of this `kind` if a batch is
    under way (True); False: no batch, the caller does the work now."""
    if _pending is None:
        return False
    _pending.setdefault((id(owner), kind), run)
    return True
