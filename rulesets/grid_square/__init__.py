"""Grid Square: two players enclose areas of an 8×8 board with buildings."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import OptionSpec, Ruleset

if TYPE_CHECKING:  # the state is imported on first use: listing games stays fast
    from rulesets.grid_square.state import GridSquareState


class GridSquare(Ruleset):
    """The Grid Square ruleset."""

    id = "grid-square"
    title = "Grid Square"
    min_players = 2
    max_players = 2
    menu_order = 1
    summary = (
        "Two town planners take turns placing buildings on the lines of an 8×8 "
        "board, may slide one building after each placement, and claim the areas "
        "they enclose with monuments. Most claimed cells wins."
    )
    version = 2
    options = (
        OptionSpec("sliding", True, "slide one building after placing (no: the variant without sliding)"),
    )
    bot_levels = ("random", "greedy", "planner")
    bot_classes = {"greedy": "rulesets.grid_square.bots:GreedyBot", "planner": "rulesets.grid_square.bots:PlannerBot"}
    search_style = "rollouts"  # far stronger here than the tree (docs/search-strength.md)
    playout_plies = 6  # rollouts cut after 6 plies and judged by the evaluation (docs/search-strength.md)
    setup_bot_level = "search"
    package_dir = Path(__file__).parent

    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> "GridSquareState":
        from rulesets.grid_square.state import GridSquareState

        if players != 2:
            raise ValueError("Grid Square is for 2 players")
        return GridSquareState(slides_allowed=bool(options.get("sliding", True)))


RULESET = GridSquare()
