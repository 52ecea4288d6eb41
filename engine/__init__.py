"""Game-agnostic core of T-Square: the contract every ruleset keeps.

Nothing here imports Textual, Rich or Typer, so rules run headless and fast.
"""
from engine.core import Bot, Event, GameState, Move, OptionSpec, Outcome, Ruleset, ranks_from_keys, seat_name
from engine.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    SaveError,
)
from engine.rng import Rng

__all__ = [
    "AmbiguousMoveError",
    "Bot",
    "Move",
    "ranks_from_keys",
    "Event",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveError",
    "OptionSpec",
    "Outcome",
    "Rng",
    "Ruleset",
    "SaveError",
    "seat_name",
]
