"""The conformance suite's second half: the registry itself, every bot level
of every game, and every evaluation's range.

Like `test_conformance.py` it takes the games from the registry, so a new game
is covered with no edit here; unlike a registry listing that silently drops a
game that fails to load, `test_every_declared_game_loads` fails loudly then,
so a broken plugin can never leave an empty, skipped suite.
"""
from __future__ import annotations

import pytest

from engine.bots.levels import SEARCH_LEVELS
from engine.bots.search import fix_iterations
from engine.record import GameRecord, Player
from engine.registry import REGISTRY
from engine.rng import Rng

DECLARED = sorted(REGISTRY._all_targets())
"""Every game an installed distribution declares, loadable or not."""

GAMES = REGISTRY.ids()

SAMPLE_PLIES = (0, 7, 23, 60)
"""Where in a seeded random game the bots and evaluations are tried."""


def test_every_declared_game_loads():
    assert DECLARED, "no game is declared in the entry-point group"
    assert REGISTRY.broken() == {}, f"games that fail to load: {REGISTRY.broken()}"
    assert sorted(GAMES) == DECLARED


def _positions(game: str, seed: int):
    """(record, seat to act) at each of SAMPLE_PLIES of a seeded random game
    (players: the most the game allows up to three)."""
    rs = REGISTRY.get(game)
    n = min(rs.max_players, max(rs.min_players, 3))
    rec = GameRecord.new(rs, [Player(f"P{i + 1}", "bot:random") for i in range(n)], seed, rs.default_options())
    rng = Rng(seed)
    for target in SAMPLE_PLIES:
        while rec.ply < target and not rec.state.is_over():
            seat = rec.state.to_act()[0]
            rec.play_move(seat, rng.choice(rec.state.legal(seat)))
        if rec.state.is_over():
            return
        yield rec, rec.state.to_act()[0]


@pytest.fixture
def small_search_budget():
    """Search levels at a few iterations (playouts in the rollouts style), so
    every level is played without their seconds; restored afterwards."""
    fix_iterations(3)
    yield
    fix_iterations(None)


@pytest.fixture(params=GAMES)
def game(request) -> str:
    """Each installed game (a module running these tests on a game of its own overrides this)."""
    return str(request.param)


def test_every_bot_level_chooses_a_legal_move_from_its_own_view(game, small_search_budget):
    rs = REGISTRY.get(game)
    assert rs.bot_levels, f"{game} offers no bot level"
    for rec, seat in _positions(game, 11):
        view = rec.state.view(seat)
        legal = rec.state.legal(seat)
        for level in rs.bot_levels:
            if level == "deep" and rec.ply > 0:
                continue  # deep forks a process a core: once per game is enough
            bot = rs.make_bot(level, 5)
            move = bot.choose(view, seat)
            assert move in legal, f"{game} {level} at ply {rec.ply}: {move!r} is not legal"
    assert set(SEARCH_LEVELS) <= set(rs.bot_levels)


def test_evaluations_stay_between_zero_and_one(game):
    checked = 0
    for seed in (1, 2):
        for rec, _ in _positions(game, seed):
            state = rec.state
            values = state.evaluate_all()
            singles = [state.evaluate(s) for s in range(state.num_players)]
            if values is None:
                continue  # no evaluation offered: rollouts play to the end
            assert len(values) == state.num_players
            for seat, value in enumerate(values):
                assert 0.0 <= value <= 1.0, f"{game} ply {rec.ply}: evaluate_all()[{seat}] = {value}"
            for seat, value in enumerate(singles):
                if value is not None:
                    assert 0.0 <= value <= 1.0, f"{game} ply {rec.ply}: evaluate({seat}) = {value}"
            checked += 1
    rs = REGISTRY.get(game)
    if rs.search_style == "tree":
        assert checked, f"{game} searches by a tree but never offered an evaluation"
