"""The app's heap: what is alive now kept out of the collector's sweeps."""
from __future__ import annotations

import gc


def settle_heap() -> None:
    """Keep what is alive now (modules, the app, a loaded game) out of the
    collector's sweeps: it lives as long as the app, and a full sweep over
    it paused a key press for 40-90 ms (the app gives it back at unmount)."""
    gc.freeze()
