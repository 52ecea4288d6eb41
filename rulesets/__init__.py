"""The games that ship with T-Square, one package each.

Each package defines RULESET and is declared in pyproject.toml's entry-point
group `tsquare.rulesets`; games are looked up through `engine.registry.REGISTRY`
(re-exported here for convenience).
"""
from engine.registry import REGISTRY

__all__ = ["REGISTRY"]
