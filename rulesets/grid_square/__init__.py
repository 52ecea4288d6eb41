"""Grid Square: two players enclose areas of an 8×8 board with buildings."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import Bot, OptionSpec, Ruleset
from rulesets.grid_square.state import GridSquareState


class GridSquare(Ruleset):
    """The Grid Square ruleset."""

    id = "grid-square"
    title = "Grid Square"
    min_players = 2
    max_players = 2
    summary = (
        "Two town planners take turns placing buildings on the lines of an 8×8 "
        "board, may slide one building after each placement, and claim the areas "
        "they enclose with monuments. Most claimed cells wins."
    )
    version = 1
    options = (
        OptionSpec("sliding", True, "slide one building after placing (no: the variant without sliding)"),
    )
    bot_levels = ("random", "greedy")
    package_dir = Path(__file__).parent

    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> GridSquareState:
        if players != 2:
            raise ValueError("Grid Square is for 2 players")
        return GridSquareState(slides_allowed=bool(options.get("sliding", True)))

    def make_bot(self, level: str, seed: int) -> Bot:
        if level == "random":
            from engine.bots import RandomBot

            return RandomBot(seed)
        if level == "greedy":
            from rulesets.grid_square.bots import GreedyBot

            return GreedyBot(seed)
        raise ValueError(f"unknown bot level {level!r}")


RULESET = GridSquare()
