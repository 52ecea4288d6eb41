"""The engine's search levels, offered by every game after its own levels.

Kept apart from `engine.bots.search` so that `engine.core` can name the
levels without importing the search code.
"""
from __future__ import annotations

SEARCH_LEVELS: dict[str, float] = {
    "search": 0.9,
    "deep": 4.5,
}
"""Level -> seconds a decision (about 1 s and 5 s on a small machine);
never a game's `default_bot_level` (what scripts get); a game may offer
one first on its setup screen (`Ruleset.setup_bot_level`)."""

SEARCH_STYLES: tuple[str, ...] = ("tree", "rollouts")
"""How a game's search levels search (`Ruleset.search_style`): information-set
MCTS, or policy rollouts of a few root moves (see engine/bots/search.py)."""
