"""The tree search's leaf judgement (`Ruleset.search_leaf`): a game may judge
a new leaf its own way (e.g. the mover's turn finished by a cheap greedy)
instead of `evaluate_all` at once."""
from __future__ import annotations

import pytest

from engine.bots.search import Budget, SearchBot
from engine.registry import REGISTRY
from engine.rng import Rng
from tests.toy_game import Take
from tests.toy_game.positions import WIN, endgame, opening


def _leaf_games():
    return [g for g in REGISTRY.ids() if REGISTRY.get(g).search_leaf]


def test_the_tree_judges_new_leaves_by_the_leaf_value_when_given_one():
    seen = []

    start = opening()
    taken = 9 - start.cells.count(None)

    def leaf(state, mover):  # an odd judgement: whoever holds b1 is winning
        seen.append((9 - state.cells.count(None), state.turn, mover))
        holder = state.cells[1]
        return [0.5, 0.5] if holder is None else [float(s == holder) for s in range(2)]

    bot = SearchBot(1, budget=Budget(iterations=20), leaf_value=leaf)
    assert bot.choose(start, 0) == Take(1)  # b1: the leaf decides, not play to the end
    assert seen and all(cells > taken for cells, _, _ in seen)  # a new leaf, never the root
    assert all(mover == 1 - turn for _, turn, mover in seen)  # the seat whose move made the leaf


def test_without_a_leaf_value_the_tree_plays_as_before():
    stock = SearchBot(1, budget=Budget(iterations=20))
    assert stock.leaf_value is None
    assert stock.choose(endgame(), 0) == WIN  # evaluate-free rollouts find the line
    assert stock.choose(opening(), 0) != Take(1)


def test_some_game_judges_leaves_its_own_way():
    assert _leaf_games(), "no game names a search_leaf: the tests below test nothing"


def _position(game: str, seed: int):
    rs = REGISTRY.get(game)
    state = rs.new_game(rs.min_players, seed, rs.default_options())
    rng = Rng(seed)
    heuristic = rs.make_bot(rs.default_bot_level, seed)
    for _ in range(30):
        seat = state.to_act()[0]
        state.apply(seat, heuristic.choose(state.view(seat), seat) if rng.below(2) else rng.choice(state.legal(seat)))
    while len(state.legal(state.to_act()[0])) < 3:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    return rs, state, state.to_act()[0]


@pytest.mark.parametrize("game", _leaf_games())
def test_a_game_leaf_judges_every_seat_in_zero_to_one_on_a_sample(game):
    rs, state, seat = _position(game, 21)
    import importlib

    module, _, name = rs.search_leaf.partition(":")
    leaf = getattr(importlib.import_module(module), name)
    sample = state.view(seat).determinize(seat, Rng(3))
    values = leaf(sample, seat)
    assert len(values) == state.num_players and all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("game", _leaf_games())
def test_a_search_with_a_game_leaf_is_deterministic_and_reads_only_its_view(game):
    rs, state, seat = _position(game, 23)
    runs = []
    for st in (state, state.view(seat).determinize(seat, Rng(99))):  # two worlds, one view
        bot = rs.make_bot("search", 7)
        assert bot.style == "tree" and bot.leaf_value is not None
        bot.budget = Budget(iterations=40)
        stats = bot.analyse(st.view(seat), seat)
        runs.append([(s.move, s.visits, round(s.value, 12)) for s in stats])
    assert runs[0] == runs[1]
    assert runs[0][0][1] > 0


def test_a_game_may_trust_its_search_over_its_prior():
    from engine.bots.search import PRIOR_BOOST, PRIOR_MARGIN

    for game in REGISTRY.ids():
        rs = REGISTRY.get(game)
        bot = rs.make_bot("search", 1)
        if bot.style != "tree":
            continue
        want = PRIOR_MARGIN if rs.search_prior_margin is None else rs.search_prior_margin
        assert bot.margin == want and bot.boost == (PRIOR_BOOST if rs.search_prior_boost is None
                                                     else rs.search_prior_boost)
    sc = REGISTRY.get("square-and-compass").make_bot("search", 1)
    assert sc.margin == 0.0 and sc.boost == 1.0 and sc.leaf_value is not None
