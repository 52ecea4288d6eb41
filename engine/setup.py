"""Setting up a game from what a person typed: player count, bot seats, names.

One parser each, for the CLI's `new`/`play`/`selfplay` and the arena; every
problem is a ValueError whose message names the option and what to give.
"""
from __future__ import annotations

from typing import Sequence

from engine.core import Ruleset
from engine.numbers import is_number, number_in


def check_player_count(ruleset: Ruleset, players: int | None) -> int:
    """`players` (default: the fewest the game allows), if the game allows it."""
    n = ruleset.min_players if players is None else players
    if not ruleset.min_players <= n <= ruleset.max_players:
        span = (
            f"{ruleset.min_players}"
            if ruleset.min_players == ruleset.max_players
            else f"{ruleset.min_players}–{ruleset.max_players}"
        )
        raise ValueError(f"{ruleset.title} is for {span} players, not {n}")
    return n


def parse_bot_specs(ruleset: Ruleset, players: int, specs: Sequence[str]) -> dict[int, str]:
    """`SEAT=LEVEL` texts (LEVEL may be left out: the strongest) as
    {0-based seat: level}."""
    strongest = ruleset.default_bot_level
    out: dict[int, str] = {}
    for spec in specs:
        seat_text, _, level = spec.partition("=")
        level = level.strip() or strongest
        seat_text = seat_text.strip()
        if not is_number(seat_text):
            raise ValueError(f"--bot {spec!r}: give SEAT=LEVEL, e.g. 2={strongest}")
        seat = number_in(seat_text, 1, players)
        if seat is None:
            raise ValueError(f"--bot {spec!r}: the game has seats 1–{players}")
        if level not in ruleset.bot_levels:
            raise ValueError(f"--bot {spec!r}: unknown level (levels: {', '.join(ruleset.bot_levels)})")
        out[seat - 1] = level
    return out


def parse_name_specs(players: int, specs: Sequence[str]) -> dict[int, str]:
    """`SEAT=NAME` texts as {0-based seat: name} (the name not yet checked
    for what a terminal may show; see engine.text where it exists)."""
    out: dict[int, str] = {}
    for spec in specs:
        seat_text, sep, name = spec.partition("=")
        seat_text = seat_text.strip()
        seat = number_in(seat_text, 1, players)
        if not sep or seat is None or not name.strip():
            raise ValueError(f"--name {spec[:40]!r}: give SEAT=NAME with a seat from 1 to {players}")
        out[seat - 1] = name.strip()
    return out
