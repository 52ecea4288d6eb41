"""The heuristic's answers shared across plans and bots (`_SPACES`,
`_GAINS` in rulesets/squire/bots.py) are keyed by everything they read:
at every position of seeded games, the best free space's value and each
city tile's errand gain, as the turn planner gets them (from the shared
tables, filled by earlier positions), equal the ones worked out afresh.
A key that left out something the answer reads would hand an earlier
position's answer to a later one that differs in it."""
from __future__ import annotations

import pytest

from engine.record import GameRecord, Player
from rulesets import REGISTRY
from rulesets.squire import bots
from rulesets.squire.content import EMPTY

RS = REGISTRY.get("squire")


@pytest.mark.parametrize("level", ["heuristic", "easy"])
@pytest.mark.parametrize("players,seed,options", [(2, 3, {"map": "world", "abilities": True}),
                                                   (3, 4, {"map": "british-isles", "abilities": False}),
                                                   (4, 5, {"map": "world", "abilities": True})])
def test_shared_answers_are_those_worked_out_afresh(level, players, seed, options):
    bots._SPACES.clear()
    bots._GAINS.clear()
    record = GameRecord.new(RS, [Player(f"B{i}", f"bot:{level}") for i in range(players)], seed, options)
    boards = 0
    while not record.state.is_over():
        st = record.state
        for seat in range(players):
            if EMPTY not in st.players[seat].gallery:
                continue
            shared, alone = RS.make_bot(level, 1), RS.make_bot(level, 1)
            shared._memo, alone._memo = bots._PlanMemo(), bots._PlanMemo()
            want_space = alone._best_space(st, seat)[0]
            boards += 1
            for tile in {t for t in st.cities if t >= 0}:
                space, gain = shared._tile_terms(st, seat, tile)
                assert space == want_space, (record.ply, seat)
                want_gain = alone._errand_gain(st, seat, tile) if shared.smart else 0.0
                assert gain == want_gain, (record.ply, seat, tile)
        seat = st.to_act()[0]
        record.play_move(seat, record.bot_move(seat))
    # keys repeated across positions, so earlier answers were handed out
    assert len(bots._SPACES) < boards // 2
    if level == "heuristic":
        assert len(bots._GAINS) < boards
