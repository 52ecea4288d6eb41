"""A bot that picks uniformly among the legal moves."""
from __future__ import annotations

from engine.core import Bot, GameState, Move
from engine.rng import Rng


class RandomBot(Bot):
    """Uniform over `legal(seat)`; deterministic for a given seed."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> Move:
        moves = state.legal(seat)
        if not moves:
            raise ValueError("no legal move to choose from")
        return self.rng.choice(moves)
