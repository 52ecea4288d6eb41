"""The rules a player reads (`tsquare rules GAME`, `?` in the TUI, plain
mode's `rules`) speak of the game: no engineering notes, file names,
benchmark or test paths in them (those belong in ARCHITECTURE.md or the
code)."""
from __future__ import annotations

import re

import pytest

from rulesets import REGISTRY

ENGINEERING = re.compile(r"\w+\.py\b|benchmarks/|docs/|tests/|research/|`\w+\.\w+`|search_prior|in the code\b")


@pytest.mark.parametrize("game", [e.id for e in REGISTRY.entries()])
def test_the_rules_a_player_reads_hold_no_engineering_notes(game):
    text = REGISTRY.get(game).rules_markdown()
    found = [line.strip() for line in text.splitlines() if ENGINEERING.search(line)]
    assert not found, found
