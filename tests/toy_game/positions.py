"""Positions of the toy game for the engine's own tests (the search's
styles, its leaf judgement): small enough to reason about by hand.

    a b c         X holds a1 c1 c2 b3, O holds b1 a2 b2; X to act.
  3 . X .         c3 (WIN) makes the c column: X wins at once.
  2 O O X         a3 (DRAW) leaves O one move, c3, and the full grid is a
  1 X O X         draw: shares 0.5 each.
"""
from __future__ import annotations

from tests.toy_game import Take, ToyState

WIN = Take(8)
"""c3: three in the c column."""
DRAW = Take(6)
"""a3: O then takes c3, the last cell, and nobody has a line."""


def endgame() -> ToyState:
    """The position above: two moves left for X, one wins, one draws."""
    x, o = 0, 1
    return ToyState(cells=[x, o, x, o, o, x, None, x, None], turn=x)


def opening() -> ToyState:
    """X took a1, O took b2; X to act with seven cells free and no line in one move."""
    cells: list[int | None] = [None] * 9
    cells[0], cells[4] = 0, 1
    return ToyState(cells=cells, turn=0)
