"""What the menu and `tsquare games` list of one installed game (`Registry.entries`).

Its own module so that commands that name one game never build the class.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CatalogueEntry:
    """What the menu and `tsquare games` list of one installed game."""

    id: str
    """The CLI id, e.g. 'grid-square'."""
    title: str
    """The name shown to people."""
    min_players: int
    max_players: int
    module: str
    """The package that defines the ruleset (its last part names the TUI view)."""
