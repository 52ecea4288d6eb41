"""Grid Square's leaf evaluation for the search: claimed cells against the
opponent's, squashed into [0, 1]."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesets.grid_square.state import GridSquareState


def evaluate(state: GridSquareState, seat: int) -> float:
    """Claimed cells (and an area about to be claimed) against the
    opponent's, squashed to 0..1: 0.5 is even, ±8 cells about 0.88/0.12."""
    out = state.outcome()
    if out is not None:
        return 0.5 if out.is_draw else 1.0 if seat in out.winners else 0.0
    lead = state.claimed_cells(seat) - state.claimed_cells(1 - seat)
    if state.phase == "claim" and state.claimable:
        pending = max(bin(r).count("1") for r in state.claimable)
        lead += pending if state.seat == seat else -pending
    return 0.5 + 0.5 * math.tanh(lead / 8)

