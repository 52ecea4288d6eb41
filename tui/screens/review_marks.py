"""A game review in the replay viewer: the mark of the move shown, both moves
in words, both win shares and why; where the next shown mark is. (The
review itself is engine/review.py; this only words it. Whose marks are
shown: `engine.review_chart.shown_seats`.)"""
from __future__ import annotations

from engine.events import seat_name
from engine.review import MoveReview, Review, marked


def mark_text(m: MoveReview, names: list[str]) -> str:
    """A marked move in words: what was played, what was better, and why
    (three lines: the replay's message and the CLI say the same)."""
    name = names[m.seat] if 0 <= m.seat < len(names) else seat_name(m.seat)
    played, best = m.said_words(names)
    return (f"{m.symbol} {m.mark}: {name} played {m.played} ({played}), {100 * m.played_share:.0f}% win share\n"
            f"better: {m.best} ({best}), {100 * m.best_share:.0f}%\n"
            f"why: {m.said_reason(names) or 'the search found the better move better by this margin'}")


def mark_line(review: Review | None, ply: int, names: list[str],
              seats: list[int] | None = None) -> str:
    """What the replay says under a reviewed move ('' when not reviewed, not
    marked, or a seat whose marks are hidden: not in `seats`, None: every
    seat)."""
    if review is None:
        return ""
    m = review.by_ply().get(ply)
    if m is None or not m.mark or (seats is not None and m.seat not in seats):
        return ""
    return mark_text(m, names)


def next_mark(review: Review | None, ply: int, seats: list[int] | None = None) -> int | None:
    """The ply of the first shown mark (of `seats`, None: every seat) after
    `ply`, wrapping round to the first; None if nothing shown is marked."""
    if review is None:
        return None
    plies = [m.ply for m in marked(review, seats)]
    if not plies:
        return None
    return next((p for p in plies if p > ply), plies[0])
