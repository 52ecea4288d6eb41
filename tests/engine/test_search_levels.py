"""The engine's search levels: offered by every game, never the default, and
never peeking at what the searching seat cannot see."""
from __future__ import annotations

import pytest

from engine.bots.levels import SEARCH_LEVELS
from engine.bots.search import Budget, MoveStat, SearchBot, pick
from engine.record import GameRecord, Player
from engine.registry import REGISTRY
from engine.rng import Rng

GAMES = [e.id for e in REGISTRY.entries() if REGISTRY.is_playable(e.id)]
HIDDEN = [g for g in GAMES if REGISTRY.get(g).hidden_information]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_search_and_deep_after_its_own_levels(game):
    rs = REGISTRY.get(game)
    assert rs.bot_levels == rs.own_bot_levels + ("search", "deep")
    assert rs.default_bot_level in rs.own_bot_levels
    assert rs.default_bot_level not in SEARCH_LEVELS
    bot = rs.make_bot("deep", 3)
    assert isinstance(bot, SearchBot) and bot.level == "deep"
    assert bot.budget.seconds > rs.make_bot("search", 3).budget.seconds


def test_an_unnamed_bot_plays_the_default_level_not_the_search():
    rs = REGISTRY.get("squire")
    rec = GameRecord.new(rs, [Player("A"), Player("B")], 1, rs.default_options())
    assert rec.bot(0).level == rs.default_bot_level
    assert not isinstance(rec.bot(0), SearchBot)


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_form_starts_bot_seats_at_the_games_setup_level(game):
    from tui.screens.setup import SetupForm

    rs = REGISTRY.get(game)
    first = rs.setup_bot_level or rs.default_bot_level
    assert first in rs.bot_levels
    form = SetupForm(rs)
    assert form.choices.kinds[1:] == [f"bot:{first}"] * (rs.min_players - 1)
    if rs.min_players < rs.max_players:
        form.action_change(1)  # the players row: one more seat, a bot too
        assert form.choices.kinds[-1] == f"bot:{first}"


def _midgame(game: str, seed: int, plies: int) -> GameRecord:
    rs = REGISTRY.get(game)
    n = max(rs.min_players, 3 if game == "square-masons" else 2)
    rec = GameRecord.new(rs, [Player(f"P{i}") for i in range(n)], seed, rs.default_options())
    rng = Rng(seed)
    while rec.ply < plies and not rec.state.is_over():
        seat = rec.state.to_act()[0]
        rec.play_move(seat, rng.choice(rec.state.legal(seat)))
    return rec


@pytest.mark.parametrize("game", HIDDEN)
def test_the_search_never_peeks(game):
    """Two complete states that differ only in what the seat cannot see
    (others' hands, deck order, sealed choices) get the same move and the
    same statistics for the same seed and iteration budget."""
    rs = REGISTRY.get(game)
    for seed in range(1, 40):
        rec = _midgame(game, seed, 9)
        state = rec.state
        seat = state.to_act()[0]
        if len(state.legal(seat)) < 2:
            continue
        other = state.view(seat).determinize(seat, Rng(seed + 99))
        if other.snapshot() == state.snapshot():
            continue  # nothing hidden differs here: try another position
        results = []
        for full in (state, other):
            bot = rs.make_bot("search", 7)
            bot.budget = Budget(iterations=40)
            stats = bot.analyse(full.view(seat), seat)
            results.append((pick(stats, bot.prior_move), [(s.move, s.visits) for s in stats]))
        assert results[0] == results[1]
        return
    pytest.fail("no position with hidden differences found")


def test_the_prior_move_is_kept_unless_clearly_beaten():
    close = [MoveStat("a", 100, 0.60), MoveStat("b", 80, 0.58)]
    assert pick(close, "b") == "b"
    assert pick(close) == "a"
    clear = [MoveStat("a", 100, 0.80), MoveStat("b", 80, 0.50)]
    assert pick(clear, "b") == "a"
    rare = [MoveStat("a", 100, 0.50), MoveStat("b", 5, 0.90)]
    assert pick(rare, "a") == "a"
    noisy = [MoveStat("a", 50, 0.50), MoveStat("b", 40, 0.90), MoveStat("c", 100, 0.52)]
    assert pick(noisy, "a") == "a"  # b is lucky but little tried; c is not better enough
