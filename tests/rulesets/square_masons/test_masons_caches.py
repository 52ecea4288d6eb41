"""The remembered pair and offer options are never stale: at every ply of
random games (3, 4 and 5 players, with and without a round limit), every
acting seat's legal moves in the live state are those of the state loaded
afresh from its saved record, worked out without the remembered options."""
import pytest
from masons_helpers import RULESET

from engine.record import GameRecord, Player
from engine.rng import Rng
from engine.saves import from_json, to_json
from rulesets.square_masons import choices


def uncached_legal(state, seat, monkeypatch):
    """`legal` with the pair and offer options worked out afresh."""
    with monkeypatch.context() as m:
        m.setattr(choices, "pair_choices", choices.pair_choices.__wrapped__)
        m.setattr(choices, "offer_choices", choices.offer_choices.__wrapped__)
        return state.legal(seat)


@pytest.mark.soak  # whole random games checked at every ply: a slow group (tests/conftest.py)
@pytest.mark.parametrize("players,rounds", [(3, 3), (4, 2), (5, 2), (3, 0)])
def test_legal_moves_match_a_fresh_load_at_every_ply(players, rounds, monkeypatch):
    names = [Player(f"P{s + 1}") for s in range(players)]
    record = GameRecord.new(RULESET, names, 40 + players, {"rounds": rounds})
    rng = Rng(players)
    phases = set()
    while not record.state.is_over() and record.ply < 400:
        state = record.state
        acting = state.to_act()
        legal = {seat: state.legal(seat) for seat in acting}
        loaded = from_json(to_json(record)).state
        for seat in acting:
            assert uncached_legal(loaded, seat, monkeypatch) == legal[seat], f"ply {record.ply}, seat {seat}"
        assert loaded.snapshot() == state.snapshot()
        phases.add(state.phase)
        seat = acting[rng.below(len(acting))]
        record.play_move(seat, rng.choice(legal[seat]))
    assert {"draft", "pair", "market", "auction", "build"} <= phases
