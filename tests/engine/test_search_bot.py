"""The search bot: deterministic for a seed and an iteration budget; finds a
won game; plays through the contract alone."""
from __future__ import annotations

from engine.bots.search import Budget, SearchBot, result_rewards
from engine.record import GameRecord, Player
from engine.registry import REGISTRY
from engine.rng import Rng


def _midgame(game: str, plies: int, seed: int = 4) -> GameRecord:
    rs = REGISTRY.get(game)
    rec = GameRecord.new(rs, [Player(f"P{i}") for i in range(rs.min_players)], seed, rs.default_options())
    rng = Rng(seed)
    while rec.ply < plies and not rec.state.is_over():
        seat = rec.state.to_act()[0]
        rec.play_move(seat, rng.choice(rec.state.legal(seat)))
    return rec


def test_same_seed_and_iterations_give_the_same_move_and_statistics():
    rec = _midgame("grid-square", 12)
    seat = rec.state.to_act()[0]
    a = SearchBot(5, budget=Budget(iterations=60)).analyse(rec.state.view(seat), seat)
    b = SearchBot(5, budget=Budget(iterations=60)).analyse(rec.state.view(seat), seat)
    assert [(s.move, s.visits) for s in a] == [(s.move, s.visits) for s in b]
    assert sum(s.visits for s in a) == 60
    assert {s.move for s in a} == set(rec.state.legal(seat))


def test_the_search_leaves_the_given_state_alone():
    rec = _midgame("grid-square", 20)
    seat = rec.state.to_act()[0]
    view = rec.state.view(seat)
    before = view.snapshot()
    SearchBot(1, budget=Budget(iterations=40)).choose(view, seat)
    assert view.snapshot() == before


def test_rewards_share_first_place():
    rec = _midgame("grid-square", 10_000)
    out = rec.state.outcome()
    rewards = result_rewards(rec.state)
    assert sum(rewards) == 1.0 or (not out.winners and sum(rewards) == 0)
    for s, r in enumerate(rewards):
        assert (r > 0) == (out.ranks[s] == 1)
