"""Architects' search leaf: the heuristic's position value, leads judged at
a sharper scale than `evaluate_all` (rulesets/architects/evaluation.py)."""
from __future__ import annotations

from engine.registry import REGISTRY
from rulesets.architects import evaluation as E


def _state(funds: tuple[int, ...]):
    st = REGISTRY.get("architects").new_game(len(funds), 3, {})
    for p, f in zip(st.players, funds):
        p.funds, p.client = f, 0
    return st


def test_a_lead_of_half_the_leaf_scale_counts_as_won_at_the_leaf_but_not_in_evaluate_all():
    st = _state((115, 100))
    assert E.position_value(st, 0) - E.position_value(st, 1) == E.LEAF_SCALE / 2
    assert E.search_leaf(st, 0) == [1.0, 0.0]
    assert st.evaluate_all() == [0.5 + 15 / E.EVALUATE_SCALE, 0.5 - 15 / E.EVALUATE_SCALE]


def test_the_leaf_ranks_seats_as_evaluate_all_does_and_is_even_at_a_tie():
    st = _state((104, 100, 97))
    leaf, stock = E.search_leaf(st, 1), st.evaluate_all()
    assert sorted(range(3), key=leaf.__getitem__) == sorted(range(3), key=stock.__getitem__) == [2, 1, 0]
    assert abs(leaf[0] - 0.5) > abs(stock[0] - 0.5)  # sharper
    assert E.search_leaf(_state((90, 90)), 0) == [0.5, 0.5]


def test_the_search_levels_use_the_leaf_and_play_their_own_most_visited_move():
    bot = REGISTRY.get("architects").make_bot("search", 1)
    assert bot.leaf_value is E.search_leaf
    assert bot.margin == 0.0 and bot.boost == 1.0
