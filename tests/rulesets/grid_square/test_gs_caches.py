"""The position's caches (the blocked sides in notation order, kept up to
date from the sides that changed) are never stale: at every ply of random
games, with and without sliding, the live state's legal moves are those of
the state loaded afresh from its saved record and of a copy rebuilt from its
fields alone (no cache)."""
from dataclasses import replace

import pytest
from gs_helpers import RULESET

from engine.record import GameRecord, Player
from engine.rng import Rng
from engine.saves import from_json, to_json


def rebuilt(state):
    """A copy made from the dataclass fields only: every cache starts empty."""
    copy = replace(state)
    assert not set(vars(copy)) - set(vars(state))
    assert "_nb_cache" not in vars(copy)
    return copy


@pytest.mark.parametrize("sliding", [True, False])
@pytest.mark.parametrize("seed", [1, 2])
def test_legal_moves_match_a_fresh_load_at_every_ply(sliding, seed):
    record = GameRecord.new(RULESET, [Player("Ana"), Player("Ben")], seed, {"sliding": sliding})
    rng = Rng(seed)
    while not record.state.is_over():
        state = record.state
        seat = state.to_act()[0]
        legal = state.legal(seat)
        loaded = from_json(to_json(record)).state
        assert loaded.legal(seat) == legal, f"ply {record.ply}"
        assert rebuilt(state).legal(seat) == legal, f"ply {record.ply}"
        assert loaded.snapshot() == state.snapshot()
        record.play_move(seat, rng.choice(legal))
    assert record.ply > 40


def test_a_cache_follows_sides_changed_by_hand():
    # tests and tools may set the sides directly: the placements follow
    state = RULESET.new_game(2, 0, RULESET.default_options())
    before = state.legal(0)
    state.h = (1 << 72) - 1  # every horizontal side built
    after = state.legal(0)
    assert after != before and all(m.orient == "v" for m in after)
    assert after == rebuilt(state).legal(0)
