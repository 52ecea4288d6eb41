"""Squire: gallerists travel a map, buy and sell rarities on a shifting
market, fill their galleries and hold exhibitions (2–4 players)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import OptionSpec, Ruleset
from rulesets.squire.content import MAPS

if TYPE_CHECKING:  # the state is imported on first use: listing games stays fast
    from rulesets.squire.state import SquireState


class Squire(Ruleset):
    """The Squire ruleset."""

    id = "squire"
    title = "Squire"
    min_players = 2
    max_players = 4
    menu_order = 2
    summary = (
        "Victorian gallerists travel the British Isles or the World with tickets, "
        "buy and sell rarities at prices set by a shifting market, fill a gallery "
        "of three floors for bonuses, hold exhibitions and run errands for the "
        "Queen. When the supply of rarities runs out, the most VP wins."
    )
    version = 3
    """3: the Bank's common coins and tickets are unlimited; the market option."""
    options = (
        OptionSpec("map", "british-isles", "which side of the board: british-isles (easier) or world", tuple(MAPS)),
        OptionSpec("abilities", True, "player boards with unique abilities (no: plain boards)"),
        OptionSpec("market", "example", "price markers: the rulebook's example order, or placed at random", ("example", "random")),
    )
    bot_levels = ("random", "easy", "heuristic")
    bot_classes = {"easy": "rulesets.squire.bots:SquireBot", "heuristic": "rulesets.squire.bots:SquireBot"}
    search_style = "rollouts"  # far stronger here than the tree (docs/search-strength.md)
    setup_bot_level = "search"
    review_candidates = 5
    """A review compares up to 5 moves (a decision has 4 or 5 legal moves
    at the median or mean of the example): with 3, the better move was
    often not among them (docs/review-mistakes.md)."""
    hidden_information = True
    undo_allowed = False
    package_dir = Path(__file__).parent

    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> "SquireState":
        from rulesets.squire.state import SquireState

        return SquireState.setup(
            players,
            seed,
            str(options.get("map", "british-isles")),
            bool(options.get("abilities", True)),
            str(options.get("market", "example")),
        )


RULESET = Squire()
