"""Bots every game can use. Per-game heuristics live in rulesets/<game>/.

`RandomBot` is imported on first use: a command that only shows a game
loads no bot."""
from __future__ import annotations

from typing import Any

__all__ = ["RandomBot"]


def __getattr__(name: str) -> Any:
    if name == "RandomBot":
        from engine.bots.random_bot import RandomBot

        return RandomBot
    raise AttributeError(f"module 'engine.bots' has no attribute {name!r}")
