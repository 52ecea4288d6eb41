"""The search's 'rollouts' style: a few root moves, each played out to the
end by the policy bot at every seat, in the same sampled worlds."""
from __future__ import annotations

import pytest

from engine.bots.search import LEVEL_CANDIDATES, ROLLOUT_CANDIDATES, Budget, MoveStat, SearchBot, pick
from engine.core import Bot
from engine.registry import REGISTRY
from engine.rng import Rng
from tests.toy_game.positions import DRAW, WIN, endgame  # X to act: WIN wins at once, DRAW leads to a draw


class Always(Bot):
    """Plays `move` whenever it is legal, else the first legal move."""

    def __init__(self, seed: int = 0, move=DRAW) -> None:
        self.move = move

    def choose(self, state, seat):
        legal = state.legal(seat)
        return self.move if self.move in legal else legal[0]


def _bot(move, iterations: int = 8, seed: int = 1) -> SearchBot:
    return SearchBot(seed, budget=Budget(iterations=iterations), prior=Always(0, move), style="rollouts",
                     policy=lambda s: Always(s, move))


def test_rollouts_overrule_the_prior_where_its_own_play_says_another_move_wins():
    # the prior plays DRAW; played out, WIN ends the game won for X (1.0) and
    # DRAW ends level after O's forced reply (a shared first place, 0.5)
    bot = _bot(DRAW)
    state = endgame()
    before = list(state.cells)
    stats = {s.move: s for s in bot.analyse(state, 0)}
    assert stats[WIN].value == 1.0 and stats[DRAW].value == 0.5
    assert stats[WIN].visits == stats[DRAW].visits == 4
    assert bot.choose(state, 0) == WIN
    assert state.turn == 0 and state.cells == before  # the position is left alone


def test_rollouts_keep_the_prior_move_when_it_plays_best():
    bot = _bot(WIN)
    assert bot.choose(endgame(), 0) == WIN


def test_on_a_tie_the_prior_move_is_kept():
    tied = [MoveStat("a", 4, 0.5), MoveStat("b", 4, 0.5)]
    assert pick(tied, "b", 0.0) == "b"
    assert pick(tied, "a", 0.0) == "a"
    assert pick([MoveStat("a", 4, 0.75), MoveStat("b", 4, 0.5)], "b", 0.0) == "a"


def test_the_rollouts_style_needs_a_policy_and_a_known_style():
    with pytest.raises(ValueError, match="policy"):
        SearchBot(1, style="rollouts")
    with pytest.raises(ValueError, match="unknown search style"):
        SearchBot(1, style="beam")


def _rollout_games():
    return [g for g in REGISTRY.ids() if REGISTRY.get(g).search_style == "rollouts"]


def test_some_game_searches_by_rollouts():
    assert _rollout_games(), "no game uses the rollouts style: the tests below test nothing"


@pytest.mark.parametrize("game", _rollout_games())
def test_a_rollouts_game_compares_a_few_moves_led_by_the_prior_on_equal_playouts(game):
    rs = REGISTRY.get(game)
    state = rs.new_game(rs.min_players, 3, rs.default_options())
    rng = Rng(3)
    while len(state.legal(state.to_act()[0])) <= ROLLOUT_CANDIDATES:  # a choice wider than the candidates
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    seat = state.to_act()[0]
    runs = []
    for _ in range(2):
        bot = rs.make_bot("search", 9)
        assert bot.style == "rollouts"
        bot.budget = Budget(iterations=2 * ROLLOUT_CANDIDATES + 1)
        runs.append(bot.analyse(state.view(seat), seat))
        assert bot.last_iterations == 2 * ROLLOUT_CANDIDATES
        assert bot.candidates[0] == bot.prior_move
    tried = [s for s in runs[0] if s.visits]
    assert len(tried) == ROLLOUT_CANDIDATES and {s.visits for s in tried} == {2}
    assert [(s.move, s.visits, s.value) for s in runs[0]] == [(s.move, s.visits, s.value) for s in runs[1]]


def _with_choices(rs, players, seed):
    """A game of `rs` played at random (seeded) until the seat to act has
    more legal moves than a rollouts search compares; (state, that seat)."""
    state = rs.new_game(players, seed, rs.default_options())
    rng = Rng(seed)
    while len(state.legal(state.to_act()[0])) <= ROLLOUT_CANDIDATES:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    return state, state.to_act()[0]


def test_rollouts_in_several_processes_add_up_the_same_candidates():
    rs = REGISTRY.get(_rollout_games()[0])
    state, seat = _with_choices(rs, rs.min_players, 5)
    bot = rs.make_bot("search", 2)
    bot.workers = 2
    bot.budget = Budget(iterations=4 * ROLLOUT_CANDIDATES + 1)  # shares 2k+1 and 2k: two rounds each
    stats = bot.analyse(state.view(seat), seat)
    assert bot.last_iterations == 4 * ROLLOUT_CANDIDATES
    assert sorted(s.visits for s in stats if s.visits) == [4] * ROLLOUT_CANDIDATES


@pytest.mark.parametrize("game", _rollout_games())
def test_the_deep_level_compares_more_moves_than_search(game):
    rs = REGISTRY.get(game)
    wide = LEVEL_CANDIDATES["deep"]
    assert wide > ROLLOUT_CANDIDATES
    state = rs.new_game(rs.min_players, 4, rs.default_options())
    rng = Rng(4)
    while len(state.legal(state.to_act()[0])) <= wide:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    seat = state.to_act()[0]
    counts = {}
    for level in ("search", "deep"):
        bot = rs.make_bot(level, 9)
        bot.workers = 1
        bot.budget = Budget(iterations=wide)  # one round of the deep level's candidates
        stats = bot.analyse(state.view(seat), seat)
        counts[level] = len([s for s in stats if s.visits])
        assert bot.candidates[0] == bot.prior_move
    assert counts == {"search": ROLLOUT_CANDIDATES, "deep": wide}


def test_a_ruleset_naming_an_unknown_search_style_is_refused_when_defined():
    from engine.core import Ruleset

    with pytest.raises(TypeError, match="search_style must be one of tree, rollouts"):
        class Bad(Ruleset):  # noqa: F841
            search_style = "beam"


class _Clock:
    """A clock the search reads instead of time's (`perf_counter`): it moves
    only when a policy bot chooses, a second a ply."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


class _Ticking(Always):
    """Plays DRAW where it can, and each move it chooses costs a second on `clock`."""

    def __init__(self, clock: _Clock, calls: list[int]) -> None:
        super().__init__(0, DRAW)
        self.clock, self.calls = clock, calls

    def choose(self, state, seat):
        self.clock.now += 1.0
        self.calls.append(seat)
        return super().choose(state, seat)


def test_the_first_round_of_rollouts_stops_at_the_deadline_and_the_prior_move_is_played(monkeypatch):
    # a round plays DRAW out (O's one reply: a second on this clock), then
    # WIN (no ply left: no time). Half a second of budget: the DRAW playout
    # ends at 1 s, the clock is read before every playout, so WIN's is not
    # begun: no round completes, and the prior's move is played
    import engine.bots.search as search

    clock, calls = _Clock(), []
    monkeypatch.setattr(search, "time", clock)
    bot = SearchBot(1, budget=Budget(iterations=None, seconds=0.5), prior=Always(0, DRAW), style="rollouts",
                    policy=lambda s: _Ticking(clock, calls))
    assert bot.choose(endgame(), 0) == DRAW  # the prior's, though a full round would have found WIN
    assert calls == [1] and bot.last_iterations == 0
    calls.clear()
    clock.now = 0.0
    bot.budget = Budget(iterations=None, seconds=1.5)  # one round fits, the second is cut and dropped
    assert bot.choose(endgame(), 0) == WIN
    assert bot.last_iterations == 2 and len(calls) <= 2 + 1


def test_grid_square_search_left_a_quarter_second_stops_inside_its_first_round(monkeypatch):
    # Grid Square's playouts cost its planner 0.25-0.35 s a round; a turn
    # that waited (`hurry`) may have a quarter of its 0.9 s left. On a clock
    # where each ply of a playout costs 0.1 s, 0.25 s buys three plies, not
    # the round of ROLLOUT_CANDIDATES playouts of `playout_plies` each
    import engine.bots.search as search

    rs = REGISTRY.get("grid-square")
    state, seat = _with_choices(rs, 2, 4)
    bot = rs.make_bot("search", 3)
    assert bot.style == "rollouts" and bot.policy is not None and bot.playout_plies
    clock, calls = _Clock(), []
    make = bot.policy

    def ticking(seed):
        inner = make(seed)
        original = inner.choose

        def choose(st, s):
            clock.now += 0.1
            calls.append(s)
            return original(st, s)
        inner.choose = choose
        return inner
    bot.policy = ticking
    monkeypatch.setattr(search, "time", clock)
    bot.budget = Budget(iterations=None, seconds=0.25)
    move = bot.choose(state.view(seat), seat)
    assert move in state.legal(seat) and move == bot.prior_move
    assert len(calls) == 3 < ROLLOUT_CANDIDATES * bot.playout_plies and bot.last_iterations == 0
