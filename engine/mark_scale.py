"""The review's marks: how much win share a move must give away, surely,
to be an inaccuracy, a mistake or a blunder (engine/review.py)."""
from __future__ import annotations

MARKS: tuple[tuple[float, str, str], ...] = (
    (0.20, "blunder", "??"),
    (0.10, "mistake", "?"),
    (0.05, "inaccuracy", "?!"),
)
"""(least loss in win share, mark, symbol), worst first, compared with the
loss's lower confidence bound (`MoveReview.low`). 0.05 is the margin by
which the search itself must find a move better before it overrules its
game's own bot (`PRIOR_MARGIN`). Twice and four times that are the mistake
and the blunder: a tenth of a win is a move a player would regret, a fifth
usually turns the game."""
CANDIDATE = 0.05
"""A first-pass loss from which a decision gets its second look."""


def mark_for(loss: float) -> tuple[str | None, str]:
    """(mark, symbol) for a loss in win share; (None, '') below 0.05."""
    for least, name, symbol in MARKS:
        if loss >= least - 1e-9:
            return name, symbol
    return None, ""
