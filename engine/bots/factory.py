"""Building a game's bots: its own classes, `random`, and the engine's search levels.

`Ruleset.make_bot` asks here; what it needs of a ruleset is `BotSettings`.
"""
from __future__ import annotations

import importlib
from functools import partial
from typing import Protocol

from engine.bots.base import Bot
from engine.bots.levels import SEARCH_LEVELS


class BotSettings(Protocol):
    """What building a bot reads of a ruleset (`engine.core.Ruleset`)."""

    @property
    def id(self) -> str: ...
    @property
    def bot_classes(self) -> dict[str, str]: ...
    @property
    def default_bot_level(self) -> str: ...
    @property
    def search_style(self) -> str: ...
    @property
    def playout_plies(self) -> int | None: ...
    @property
    def search_leaf(self) -> str | None: ...
    @property
    def search_prior_margin(self) -> float | None: ...
    @property
    def search_prior_boost(self) -> float | None: ...
    @property
    def search_trees(self) -> int | None: ...

    def make_bot(self, level: str, seed: int) -> Bot:
        """A bot of `level` seeded by `seed` (the prior and the rollouts' policy)."""
        ...


def make_bot(ruleset: BotSettings, level: str, seed: int) -> Bot:
    """A bot of `level` for `ruleset`, whose own choices are seeded by `seed`."""
    if level in SEARCH_LEVELS and level not in ruleset.bot_classes:
        from engine.bots.search import SearchBot  # loaded for the search levels only

        own = ruleset.default_bot_level not in SEARCH_LEVELS
        prior = ruleset.make_bot(ruleset.default_bot_level, seed) if own else None
        policy = partial(ruleset.make_bot, ruleset.default_bot_level if own else "random")
        leaf = None
        if ruleset.search_leaf:
            module, _, name = ruleset.search_leaf.partition(":")
            leaf = getattr(importlib.import_module(module), name)
        return SearchBot(seed, level, prior=prior, style=ruleset.search_style, policy=policy,
                         playout_plies=ruleset.playout_plies, leaf_value=leaf,
                         prior_margin=ruleset.search_prior_margin, prior_boost=ruleset.search_prior_boost,
                         trees=ruleset.search_trees)
    if level == "random":
        from engine.bots.random_bot import RandomBot

        return RandomBot(seed)
    target = ruleset.bot_classes.get(level)
    if target is None:
        raise ValueError(f"unknown bot level {level!r} for {ruleset.id}")
    module, _, name = target.partition(":")
    bot: Bot = getattr(importlib.import_module(module), name)(seed, level)
    return bot
