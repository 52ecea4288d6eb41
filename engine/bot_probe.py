"""What a match's bots choose at a few fixed positions: a short print of
their behaviour, so a results file kept across runs is never continued by
bots that would have played its games differently.

A results file (`engine.match_file`) keeps games played over days; the
code may change between two runs. Whether the bots changed is not in the
code's text (a faster bot may choose the same moves, a one-line change may
not), so it is asked of the bots: game 0 of the match is played by the
game's default bot, and at `PROBES` positions spread over it each level of
the match chooses a move from the acting seat's view, at the match's
budget. The moves' hash is the print. The same code gives the same print
on any machine (bots are seeded, budgets fixed); a bot that chooses
otherwise anywhere it is asked gives another. It is a probe, not a proof:
a change that shows only in positions it does not ask about passes.

A match whose search levels think for their time (no `--iterations`)
chooses by the clock, so it has no print (None), and nothing is checked.
"""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.arena import MatchSpec

PROBES = 4
"""Positions asked, spread evenly over game 0 (its first and last tenths left out)."""


def behaviour_print(spec: "MatchSpec") -> str | None:
    """A 16-hex-digit print of what `spec`'s levels choose at `PROBES`
    positions of its game 0, or None where a level thinks by the clock."""
    from engine.arena import MatchSpec, play_record
    from engine.bots.levels import SEARCH_LEVELS
    from engine.bots.search import fix_iterations
    from engine.registry import REGISTRY

    if spec.search_iterations is None and any(level in SEARCH_LEVELS for level in spec.levels):
        return None
    ruleset = REGISTRY.get(spec.game)
    guide = ruleset.default_bot_level
    if guide in SEARCH_LEVELS:  # the positions come from a quick bot, whatever the game's default
        guide = ruleset.own_bot_levels[-1] if ruleset.own_bot_levels else "random"
    n = len(spec.levels)
    record = play_record(ruleset, MatchSpec(spec.game, (guide,) * n, 1, spec.seed, spec.options, False), 0)
    lines = [f"{spec.game} {spec.seed} {record.ply}"]
    fix_iterations(spec.search_iterations)
    try:
        for k in range(PROBES):
            ply = min(record.ply - 1, record.ply // 10 + k * (record.ply * 8 // 10) // max(1, PROBES - 1))
            state = record.state_at(ply)
            while ply < record.ply - 1 and len(state.legal(record.moves[ply][0])) < 2:  # a choice, not a forced move
                ply += 1
                state = record.state_at(ply)
            seat = record.moves[ply][0]
            for level in dict.fromkeys(spec.levels):
                move = ruleset.make_bot(level, spec.seed + k).choose(state.view(seat), seat)
                lines.append(f"{ply} {seat} {level} {state.format_move(move)}")
    finally:
        fix_iterations(None)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
