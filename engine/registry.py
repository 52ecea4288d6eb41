"""The registry of rulesets: a catalogue of games as data, loaded lazily.

Importing a ruleset is deferred until a game is used, so `tsquare --help` and
the menu stay fast. A catalogue entry whose module does not exist yet is a
game still "coming" (listed, not playable).
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from engine.core import Ruleset


@dataclass(frozen=True)
class CatalogueEntry:
    """What is known of a game before its module is imported."""

    id: str
    """The CLI id, e.g. 'grid-square'."""
    title: str
    """The name shown to people."""
    min_players: int
    max_players: int
    module: str
    """The package that defines RULESET."""


class UnknownGameError(ValueError):
    """A game id not in the catalogue, or not playable yet."""


class Registry:
    """Looks rulesets up by id, importing each on first use."""

    def __init__(self, entries: list[CatalogueEntry]) -> None:
        self._entries = {e.id: e for e in entries}
        self._loaded: dict[str, Ruleset] = {}

    def entries(self) -> list[CatalogueEntry]:
        """Every catalogued game, in catalogue order."""
        return list(self._entries.values())

    def is_playable(self, game_id: str) -> bool:
        """True when the game's package exists (found without importing it,
        so menus stay fast)."""
        if game_id in self._loaded:
            return True
        entry = self._entries.get(game_id)
        if entry is None:
            return False
        try:
            return importlib.util.find_spec(entry.module) is not None
        except ModuleNotFoundError:
            return False

    def get(self, game_id: str) -> Ruleset:
        """The ruleset for `game_id`; UnknownGameError with a clear message."""
        if game_id in self._loaded:
            return self._loaded[game_id]
        entry = self._entries.get(game_id)
        if entry is None:
            known = ", ".join(self._entries)
            raise UnknownGameError(f"unknown game {game_id!r} (games: {known})")
        try:
            module = importlib.import_module(entry.module)
        except ModuleNotFoundError as exc:
            if exc.name and entry.module.startswith(exc.name):
                raise UnknownGameError(f"{entry.title} is not playable yet") from None
            raise
        ruleset = getattr(module, "RULESET", None)
        if ruleset is None:
            raise UnknownGameError(f"{entry.title} is not playable yet")
        self._loaded[game_id] = ruleset
        return ruleset
