"""What every per-game view shares: the message it posts up."""
from __future__ import annotations

from textual.message import Message


class MoveChosen(Message):
    """The player built a move; `text` is its notation."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        """The move in the game's notation."""
