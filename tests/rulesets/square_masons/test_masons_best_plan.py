"""The bots' best plan and the evaluation's plan progress, found by
`plans.best_plan_index` (plans that cannot win are not scored) and
remembered per board, are those of scoring every plan: at every ply of
seeded games, for every board and every piece that could be in hand."""
from __future__ import annotations

import pytest
from masons_helpers import RULESET

from engine.memo import Memo
from engine.record import GameRecord, Player
from engine.rng import Rng
from rulesets.square_masons import bots, evaluation, plans
from rulesets.square_masons.content import BLOCK_TYPES, STRUCTURES
from rulesets.square_masons.moves import STONE_KIND


def plain_best(state, b, extra):
    """The first plan of the highest score among all of them."""
    best = None
    for sc in bots.evaluate(state, b, extra):
        if best is None or sc.score > best.score:
            best = sc
    return best


def same(a, b):
    if a is None or b is None:
        return a is b
    return (a.plan, a.score, a.need, a.bring, a.foreign, a.stone_gap, a.undone) == \
        (b.plan, b.score, b.need, b.bring, b.foreign, b.stone_gap, b.undone)


def plain_progress(state, b):
    best = plain_best(state, b, "")
    if best is None or best.score <= 0:
        return 0.0
    return best.score * ((len(best.plan.slots) - len(best.undone)) / len(best.plan.slots))


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2)])
def test_best_plan_and_progress_are_those_of_every_plan_scored(players, seed, monkeypatch):
    monkeypatch.setattr(bots, "_BEST", Memo(10_000))
    monkeypatch.setattr(evaluation, "_PROGRESS", Memo(50_000))
    levels = ["heuristic"] * players
    record = GameRecord.new(RULESET, [Player(f"P{s}", f"bot:{lvl}") for s, lvl in enumerate(levels)], seed, {})
    rng = Rng(seed)
    laid = 0
    while not record.state.is_over() and record.ply < 500:
        state = record.state
        if record.ply % 7 == 0:
            ok = evaluation.availability(state)
            assert ok == tuple(plans.available(state, sid) for sid in STRUCTURES)
            for b in state.boards:
                laid += bool(b.construction)
                for extra in ("", STONE_KIND, BLOCK_TYPES[record.ply % 7]):
                    want = plain_best(state, b, extra)
                    assert same(bots.best_plan(state, b, extra), want), (record.ply, extra)
                    assert same(bots.best_plan(state, b, extra), want)  # remembered
                assert evaluation._progress(ok, b) == plain_progress(state, b)
        seat = state.to_act()[0]
        move = rng.choice(state.legal(seat)) if rng.random() < 0.2 else record.bot_move(seat)
        record.play_move(seat, move)
    assert laid > 20  # boards with pieces laid were asked
