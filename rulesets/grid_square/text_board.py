"""Grid Square as plain text, for `tsquare show` and logs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from engine.events import for_reader
from engine.words import plural
from rulesets.grid_square import geometry as g

if TYPE_CHECKING:
    from rulesets.grid_square.state import GridSquareState


def turn_text(state: "GridSquareState") -> str:
    """Where the game is, counted as the game screen and `tsquare show`
    count: 'Move 12 (turn 5)': a move is one step (place, slide, claim or
    pass), a turn is one player's place, slide and claim."""
    return f"Move {state.plies + 1} (turn {state.turns + 1})"


def render_text(state: "GridSquareState", names: Sequence[str], reader: int | None = None) -> str:
    """The board (─ │ buildings, + at built points, claimed cells by seat
    number, [n] on the monument) and a status block, as `reader` (a seat,
    or None for a spectator) reads it."""
    lines = ["    " + "".join(f"{chr(97 + x)}   " for x in range(9)).rstrip()]
    for y in range(8, -1, -1):
        row = f"{y + 1:>2}  "
        for x in range(9):
            touched = (
                (x < 8 and state.h & g.hbit(x, y))
                or (x > 0 and state.h & g.hbit(x - 1, y))
                or (y < 8 and state.v & g.vbit(x, y))
                or (y > 0 and state.v & g.vbit(x, y - 1))
            )
            row += "+" if touched else "·"
            if x < 8:
                row += "───" if state.h & g.hbit(x, y) else "   "
        lines.append(row.rstrip())
        if y == 0:
            break
        cy = y - 1
        row = "    "
        for x in range(9):
            row += "│" if state.v & g.vbit(x, cy) else " "
            if x < 8:
                own = state.owner_of_cell(cy * 8 + x)
                if own is None:
                    row += "   "
                else:
                    seat, monument = own
                    row += f"[{seat + 1}]" if monument else f" {seat + 1} "
        lines.append(row.rstrip())
    lines.append("")
    for s in range(2):
        stock = state.stock[s]
        marker = ">" if s == state.seat and state.phase != "over" else " "
        lines.append(
            f"{marker} {s + 1}. {names[s] if s < len(names) else f'Seat {s + 1}'}: "
            f"{plural(state.claimed_cells(s), 'cell')} claimed · buildings L{stock[3]} M{stock[2]} S{stock[1]}"
            f" · monuments {state.monuments[s]}"
        )
    if state.phase == "over":
        from engine.core import Event

        lines.append(f"Game over: {Event(state.end_reason).render(names)}.")
    else:
        name = names[state.seat] if state.seat < len(names) else f"Seat {state.seat + 1}"
        lines.append(f"{turn_text(state)}: {name} — {for_reader(state.prompt(state.seat), state.seat, reader, names)}.")
    if not state.slides_allowed:
        lines.append("Variant: no sliding.")
    return "\n".join(lines)
