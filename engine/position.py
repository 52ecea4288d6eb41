"""Describing a position in words, by parts (`GameState.describe_position`):
the one lookup every ruleset's table of describers goes through."""
from __future__ import annotations

import re
from typing import Callable, Mapping, Sequence, TypeVar

S = TypeVar("S")

Describer = Callable[[S], list[str]]
"""One part of a position (a state that is a view) as sentences."""


def describe_part(state: S, part: str, describers: Mapping[str, Describer[S]]) -> list[str]:
    """The sentences of `part`, from a ruleset's table of describers;
    ValueError naming the parts if the game has no such part."""
    describe = describers.get(part)
    if describe is None:
        raise ValueError(f"no part {part!r} (parts: {', '.join(describers)})")
    return describe(state)


def words_list(items: Sequence[str], empty: str = "none") -> str:
    """'a', 'a and b', 'a, b and c' ('none' for no items)."""
    items = [i for i in items if i]
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


VICTORY_POINTS = (
    (re.compile(r"(?<![\w.])1 VP\b"), "1 victory point"),
    (re.compile(r"\bVP\b"), "victory points"),
)
"""'VP' in words, for the games that write it (a screen reader says 'V P');
part of their `spoken_terms`."""
