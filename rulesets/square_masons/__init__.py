"""Square Masons: draft, sealed auction and polyomino building, 3–5 players."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import OptionSpec, Ruleset
from rulesets.square_masons.content import ROUND_LIMIT

if TYPE_CHECKING:  # the state is imported on first use: listing games stays fast
    from rulesets.square_masons.state import SquareMasonsState


class SquareMasons(Ruleset):
    """The Square Masons ruleset."""

    id = "square-masons"
    title = "Square Masons"
    min_players = 3
    max_players = 5
    menu_order = 3
    summary = (
        "Master builders of the Dark Ages draft cards in secret for money, stones and "
        "the right to break ties and choose the market, bid in a sealed auction for "
        "tetromino blocks, and fit them into the exact layouts of towns and sanctuaries. "
        "The first to 13 prestige joins the Square Masons; money breaks ties."
    )
    version = 3
    options = (
        OptionSpec("rounds", ROUND_LIMIT, "round limit: 0 = none (play to 13 prestige); N ends the game after round N"),
    )
    bot_levels = ("random", "easy", "heuristic")
    bot_classes = {"easy": "rulesets.square_masons.bots:MasonBot", "heuristic": "rulesets.square_masons.bots:MasonBot"}
    search_style = "rollouts"  # far stronger here than the tree (docs/search-strength.md)
    setup_bot_level = "search"
    hidden_information = True
    undo_allowed = False
    package_dir = Path(__file__).parent

    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> "SquareMasonsState":
        from rulesets.square_masons.state import new_state

        rounds = int(options.get("rounds", ROUND_LIMIT))
        if rounds < 0:
            raise ValueError("option rounds must be 0 (no limit) or more")
        return new_state(players, seed, rounds)


RULESET = SquareMasons()
