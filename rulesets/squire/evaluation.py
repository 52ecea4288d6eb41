"""Squire's leaf evaluation for the search."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesets.squire.state import SquireState


def evaluate(state: SquireState, seat: int) -> float:
    """The VP scored so far against the best other seat's, squashed into
    (0, 1): 0.5 when level, about 0.73 five VP ahead."""
    if state.phase == "over":
        out = state.outcome()
        assert out is not None
        return 1.0 if out.ranks[seat] == 1 and not out.is_draw else (0.5 if out.ranks[seat] == 1 else 0.0)
    scores = [state.score_now(s) for s in range(state.num_players)]
    lead = scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
    return 1.0 / (1.0 + math.exp(-lead / 5.0))

