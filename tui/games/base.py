"""What every per-game view shares: the message it posts up, the cursor keys."""
from __future__ import annotations

from typing import Callable

from textual.binding import Binding
from textual.message import Message


class MoveChosen(Message):
    """The player built a move; `text` is its notation."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        """The move in the game's notation."""


ARROWS = (("up,k", "↑", 0, -1, "n"), ("down,j", "↓", 0, 1, "s"), ("left,h", "←", -1, 0, "w"), ("right,l", "→", 1, 0, "e"))
"""The four cursor keys (arrows and vi keys): keys, label, dx, dy (down is +1), compass letter."""


def arrow_bindings(action: Callable[[int, int, str], str]) -> list[Binding]:
    """Hidden bindings for the four cursor keys; `action(dx, dy, compass)`
    gives each one's action string, so each view keeps its own signature."""
    return [Binding(keys, action(dx, dy, d), label, show=False) for keys, label, dx, dy, d in ARROWS]
