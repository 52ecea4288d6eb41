"""One ply of a replay (`GameRecord.replay`), as one seat or a spectator sees it.

Its own module so that commands that only read a save never build the class.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import GameState


@dataclass(frozen=True)
class ReplayStep:
    """One ply of a replay, as one seat (or a spectator) may see it."""

    ply: int
    """The ply just played (1-based)."""
    seat: int
    """Who played it."""
    notation: str
    """Its notation, or '(sealed)' for a choice hidden from this viewer."""
    description: str
    """What it did, in words as this viewer reads it (`describe_move`
    through `for_reader`: 'Bot 1 draws 2 cards' to anyone but Bot 1), or
    '(sealed choice)'."""
    sealed: bool
    """True when the move is hidden from this viewer."""
    events: tuple[str, ...]
    """The events this viewer may read, names filled in."""
    state: GameState[Any]
    """The complete state after the ply (take `.view(seat)` before drawing it;
    the replay goes on mutating this object: clone it to keep it)."""
    stand_in: str | None = None
    """The bot level that made this move for its seat's person (None: they did)."""
