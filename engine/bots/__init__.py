"""Bots every game can use. Per-game heuristics live in rulesets/<game>/."""
from __future__ import annotations

from engine.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
