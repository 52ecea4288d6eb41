"""Architects (Clients v/s Architects): each player is an architect and a
client, racing a client through a maze commission board while card plays
open and close lines, spaces and areas on every board (2–4 players)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import OptionSpec, Ruleset
from rulesets.architects.content import ROUND_LIMIT

if TYPE_CHECKING:  # the state is imported on first use: listing games stays fast
    from rulesets.architects.state import ArchitectsState


class Architects(Ruleset):
    """The Architects ruleset."""

    id = "architects"
    title = "Architects"
    min_players = 2
    max_players = 4
    menu_order = 5
    summary = (
        "Each player is an architect and a client. Win a commission board in a "
        "sealed lowest-bid auction, then move your client through its maze to F: "
        "moving forward pays your architect, moving back refunds. Card plays open "
        "and close lines, special spaces and areas on every board, or push other "
        "clients around. The architect with the most funds wins."
    )
    version = 2
    options = (
        OptionSpec("hands", "closed", "construction hands: closed (secret) or open (face up)", ("closed", "open")),
        OptionSpec("rounds", ROUND_LIMIT, "stall stop: the game ends after this many rounds"),
    )
    bot_levels = ("random", "auto", "heuristic")
    setup_bot_level = "search"
    """The setup screen's first bot: `search` beats `heuristic` within about
    1 s a move (62% of 200 games on fresh seeds at 100 iterations;
    docs/search-strength.md)."""
    bot_classes = {"auto": "rulesets.architects.bots:AutoBot", "heuristic": "rulesets.architects.bots:HeuristicBot"}
    search_leaf = "rulesets.architects.evaluation:search_leaf"
    """Leaves judged at a sharper scale than `evaluate_all` (docs/search-strength.md)."""
    search_prior_margin = 0.0
    search_prior_boost = 1.0
    """The search plays its own most visited move: at the sharper leaf its
    judgement measured at least as good as the heuristic's."""
    search_trees = 1
    """`deep` searches one tree: two trees' added-up statistics measured
    weaker here (research/search-strength-journal.md, issue 30's fifth session)."""
    hidden_information = True
    undo_allowed = False
    package_dir = Path(__file__).parent

    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> "ArchitectsState":
        from rulesets.architects.state import ArchitectsState

        return ArchitectsState.setup(
            players, seed, options.get("hands", "closed") == "open", int(options.get("rounds", ROUND_LIMIT))
        )


RULESET = Architects()
