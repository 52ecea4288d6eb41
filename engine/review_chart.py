"""A reviewed game's win-share chart: each player's win share move by move
(the mover's own share after each of its decisions, from the review), the
marks under it and the game's turning point, drawn in plain characters (the
TUI colours them, the CLI prints them). Also which marks a reader is shown:
the people's, unless every seat is asked for."""
from __future__ import annotations

from dataclasses import dataclass

from engine.record import GameRecord
from engine.review import Review, marked, turning_point

GLYPHS = "●○◆◇■□▲△"
"""Each seat's point on the chart, in seat order."""
TURN = "▲"
"""Under the chart: the turning point."""


@dataclass(frozen=True)
class Series:
    """One seat's win share after each of its reviewed decisions."""

    seat: int
    points: tuple[tuple[int, float], ...]
    """(ply, win share) in ply order."""


def people(record: GameRecord) -> list[int]:
    """The seats played by people."""
    return [s for s, p in enumerate(record.players) if not p.is_bot]


def shown_seats(record: GameRecord, all_seats: bool = False) -> list[int]:
    """Whose marks a reader sees: the people's; every seat when asked
    (`all_seats`) or when only bots played."""
    if all_seats:
        return list(range(len(record.players)))
    return people(record) or list(range(len(record.players)))


def first_mark(review: Review, record: GameRecord, viewer: int | None = None) -> int:
    """The ply a review opens on: `viewer`'s first mark (the person reading
    it), else the first shown mark, else the start (0)."""
    for seats in ([viewer] if viewer is not None else [], shown_seats(record)):
        found = marked(review, seats)
        if found:
            return found[0].ply
    return 0


def series(review: Review) -> list[Series]:
    """Every reviewed seat's win share, decision by decision."""
    return [Series(seat, points) for seat, points in review.series()]


def chart_lines(review: Review, plies: int, names: list[str], width: int = 60, height: int = 7,
                seats: list[int] | None = None) -> list[str]:
    """The chart in lines of plain characters: `height` rows of win share
    (100% at the top), an axis, the marks of `seats` (None: every seat) and
    the turning point under their plies, then the key."""
    width = max(10, width)
    height = max(3, height)
    plies = max(1, plies)
    grid = [[" "] * width for _ in range(height)]

    def col(ply: int) -> int:
        return min(width - 1, (ply - 1) * width // plies)

    for line in series(review):
        glyph = GLYPHS[line.seat % len(GLYPHS)]
        at = {col(p): s for p, s in line.points}  # the last decision of a column wins
        value = None
        for c in range(col(line.points[0][0]) if line.points else width, width):
            value = at.get(c, value)
            if value is not None:
                row = round((1 - value) * (height - 1))
                grid[row][c] = glyph
    label = {0: "100%", (height - 1) // 2: " 50%", height - 1: "  0%"}
    out = [f"{label.get(r, '    ')} ┤{''.join(row)}" for r, row in enumerate(grid)]
    out.append("     └" + "─" * width)
    marks = [" "] * (width + 2)
    for m in sorted(marked(review, seats), key=lambda m: m.low):  # where two meet, the worse is drawn
        c = col(m.ply)
        for k, ch in enumerate(m.symbol):
            if c + k < len(marks):
                marks[c + k] = ch
    tp = turning_point(review, seats)
    if any(ch != " " for ch in marks):
        out.append("      " + "".join(marks).rstrip())
    if tp is not None:
        out.append("      " + " " * col(tp.ply) + f"{TURN} ply {tp.ply}")
    end = f"ply {plies}"
    out.append("      ply 1" + " " * max(1, width - 5 - len(end)) + end)
    key = "  ".join(f"{GLYPHS[s.seat % len(GLYPHS)]} {names[s.seat]}" for s in series(review))
    out.append(f"      {key}" + (f"  {TURN} turning point" if tp is not None else ""))
    return out
