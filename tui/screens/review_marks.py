"""A game review in the replay viewer: the mark of the move shown, the better
move in words and both win shares; where the next mark is. (The review
itself is engine/review.py; this only words it.)"""
from __future__ import annotations

from engine.review import Review


def mark_line(review: Review | None, ply: int) -> str:
    """What the replay says under a reviewed move ('' when not reviewed or
    not marked)."""
    if review is None:
        return ""
    m = review.by_ply().get(ply)
    if m is None or not m.mark:
        return ""
    return (f"{m.symbol} {m.mark}: {100 * m.played_share:.0f}% win share; "
            f"better {m.best} ({100 * m.best_share:.0f}%): {m.best_words}")


def next_mark(review: Review | None, ply: int) -> int | None:
    """The ply of the first marked move after `ply`, wrapping round to the
    first mark; None if nothing is marked."""
    if review is None:
        return None
    marked = sorted(m.ply for m in review.moves if m.mark)
    if not marked:
        return None
    return next((p for p in marked if p > ply), marked[0])

