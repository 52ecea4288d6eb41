"""A bot that picks uniformly among the legal moves."""
from __future__ import annotations

from engine.bots.base import Bot
from engine.capabilities import MoveT
from engine.rng import Rng
from engine.state import GameState


class RandomBot(Bot):
    """Uniform over `legal(seat)`; deterministic for a given seed."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState[MoveT], seat: int) -> MoveT:
        moves = state.legal(seat)
        if not moves:
            raise ValueError("no legal move to choose from")
        return self.rng.choice(moves)
