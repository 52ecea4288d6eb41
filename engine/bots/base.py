"""The bot contract: a player that chooses a move from its seat's view."""
from __future__ import annotations

from abc import ABC, abstractmethod

from engine.capabilities import MoveT
from engine.state import GameState


class Bot(ABC):
    """A player that chooses from its own view of the state."""

    level: str

    @abstractmethod
    def choose(self, state: GameState[MoveT], seat: int) -> MoveT:
        """A legal move for `seat`; `state` is that seat's view (a bot
        serves any game: it answers in the moves of the state it is given)."""
