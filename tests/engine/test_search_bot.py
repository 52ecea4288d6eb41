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


def test_root_parallel_search_adds_up_every_tree_and_is_deterministic():
    rec = _midgame("grid-square", 12)
    seat = rec.state.to_act()[0]
    runs = []
    for _ in range(2):
        bot = SearchBot(5, budget=Budget(iterations=61), workers=2)
        runs.append(bot.analyse(rec.state.view(seat), seat))
        assert bot.last_iterations == 61
    assert [(s.move, s.visits, s.value) for s in runs[0]] == [(s.move, s.visits, s.value) for s in runs[1]]
    assert sum(s.visits for s in runs[0]) == 61
    single = SearchBot(5, budget=Budget(iterations=61)).analyse(rec.state.view(seat), seat)
    assert [(s.move, s.visits) for s in single] != [(s.move, s.visits) for s in runs[0]]  # two trees, not one


def test_the_deep_level_searches_in_one_process_per_core_and_search_in_one():
    import os

    rs = REGISTRY.get("squire")
    assert rs.make_bot("search", 1).workers == 1
    assert rs.make_bot("deep", 1).workers == max(1, min(8, os.cpu_count() or 1))


def test_widening_keeps_the_search_on_a_few_moves_led_by_the_prior():
    import math

    rs = REGISTRY.get("grid-square")
    rec = _midgame("grid-square", 11)
    seat = rec.state.to_act()[0]
    bot = SearchBot(3, budget=Budget(iterations=50), prior=rs.make_bot(rs.default_bot_level, 3))  # the tree style
    stats = bot.analyse(rec.state.view(seat), seat)
    tried = [s for s in stats if s.visits]
    assert len(rec.state.legal(seat)) > 50  # without widening every move could get a visit
    assert len(tried) <= 1 + math.isqrt(50)
    assert stats[0].move == bot.prior_move


def test_below_the_root_widening_lets_in_the_ranking_s_first_legal_moves_then_new_ones():
    from engine.bots.search import Node

    bot = SearchBot(3, budget=Budget(iterations=1))
    root = Node(None, None)
    node = Node("a", 0, parent=root)
    node.visits = 3  # 1 + ⌊√3⌋ = 2 moves let in
    ranked = bot._widened(node, None, 1, ["m1", "m2", "m3", "m4"], depth=2)
    assert node.ranked is not None and sorted(node.ranked) == ["m1", "m2", "m3", "m4"]
    assert ranked == node.ranked[:2]
    first, second, third, fourth = node.ranked
    # a sample without the ranking's first move: the next legal ones, in the ranking's order
    assert bot._widened(node, None, 1, [fourth, third, second], depth=2) == [second, third]
    assert node.ranked == [first, second, third, fourth]
    # a sample with moves never met: they come after the known legal ones, and join the ranking
    assert bot._widened(node, None, 1, ["new1", fourth, "new2"], depth=2) == [fourth, "new1"]
    assert node.ranked == [first, second, third, fourth, "new1", "new2"]
    # enough known legal moves: nothing new joins
    assert bot._widened(node, None, 1, [third, "new3", first], depth=2) == [first, third]
    assert "new3" not in node.ranked
    # the root's moves are the same every iteration: its ranking's head
    root.visits = 8  # 1 + ⌊√8⌋ = 3
    head = bot._widened(root, None, 0, ["r1", "r2", "r3", "r4", "r5"], depth=0)
    assert head == root.ranked[:3] and len(root.ranked) == 5


def test_a_fixed_budget_gives_deep_its_factor_in_two_trees_then_gives_back_its_own():
    from engine.bots import search

    own = search.LEVEL_WORKERS["deep"]
    search.fix_iterations(10)
    try:
        assert search.LEVELS["search"].iterations == 10 and search.LEVELS["search"].seconds is None
        assert search.LEVELS["deep"].iterations == 10 * search.DEEP_FACTOR
        assert REGISTRY.get("squire").make_bot("deep", 1).workers == search.FIXED_DEEP_WORKERS == 2
        search.fix_iterations(12)  # fixed again: the level's own count is still the one given back
    finally:
        search.fix_iterations(None)
    assert search.LEVEL_WORKERS["deep"] == own and search.LEVELS["deep"].iterations is None


def test_a_game_that_searches_one_tree_gives_it_one_trees_share():
    # Architects' deep searches one tree (Ruleset.search_trees): in its own time it keeps the seconds, under a
    # fixed budget a tree's share of deep's iterations; a results file's match says so.
    from engine.arena import MatchSpec
    from engine.bots import search
    from engine.match_file import match_key

    arch = REGISTRY.get("architects")
    assert arch.search_trees == 1 and REGISTRY.get("square-and-compass").search_trees is None
    own = search.LEVEL_WORKERS["deep"]
    search.LEVEL_WORKERS["deep"] = 2
    try:
        timed = arch.make_bot("deep", 1)
        assert timed.workers == 1 and timed.budget == search.LEVELS["deep"]
        search.fix_iterations(10)
        try:
            fixed = arch.make_bot("deep", 1)
            assert (fixed.workers, fixed.budget.iterations) == (1, 10 * search.DEEP_FACTOR // 2)
            both = REGISTRY.get("square-and-compass").make_bot("deep", 1)
            assert (both.workers, both.budget.iterations) == (2, 10 * search.DEEP_FACTOR)
            assert arch.make_bot("search", 1).budget.iterations == 10  # search searches one tree anyway
        finally:
            search.fix_iterations(None)
    finally:
        search.LEVEL_WORKERS["deep"] = own
    key = match_key(MatchSpec(game="architects", levels=("deep", "search"), games=2, seed=1, search_iterations=10))
    assert (key["deep_iterations"], key["deep_trees"]) == (10 * search.DEEP_FACTOR // 2, 1)
