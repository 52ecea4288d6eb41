"""The game-agnostic engine: RNG, options, ranks, events, registry, records."""
from __future__ import annotations

import pytest

from engine.core import Event, OptionSpec, Outcome, ranks_from_keys
from engine.errors import MoveError
from engine.record import GameRecord, Player, default_player
from engine.registry import UnknownGameError
from engine.rng import Rng
from rulesets import REGISTRY


def test_rng_matches_the_splitmix64_reference_vector():
    # Published output of the SplitMix64 reference implementation, seed 1234567.
    r = Rng(1234567)
    assert [r.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_rng_below_shuffle_choice_and_copy():
    r = Rng(7)
    draws = [r.below(6) for _ in range(6000)]
    assert set(draws) == set(range(6))
    assert all(700 < draws.count(k) < 1300 for k in range(6))
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    twin = r.copy()
    assert [r.below(100) for _ in range(10)] == [twin.below(100) for _ in range(10)]
    with pytest.raises(ValueError):
        r.below(0)
    assert 0.0 <= Rng(3).random() < 1.0


def test_rng_draws_keep_their_stream():
    """Every draw steps the one SplitMix64 stream: saves and seeded matches
    replay only while these values stay (pinned from the first version)."""
    r = Rng(2026)
    got = [r.next64(), r.below(7), r.below(2**63 + 5), r.random()]
    items = list(range(10))
    r.shuffle(items)
    got += [items, r.choice("abcdef"), r.fork().state, r.state]
    assert got == [15824617304438902051, 2, 7097835237234771186, 0.7916047643007892, [4, 1, 6, 8, 3, 2, 7, 5, 0, 9],
                   "f", 2897570359591913545, 16390740445785213242]


def test_a_views_generator_refuses_every_draw():
    from engine.hidden import HIDDEN_RNG, HiddenInformationError

    draws = [HIDDEN_RNG.next64, lambda: HIDDEN_RNG.below(6), HIDDEN_RNG.random, lambda: HIDDEN_RNG.choice([1, 2]),
             lambda: HIDDEN_RNG.shuffle([1, 2, 3]), HIDDEN_RNG.fork]
    for draw in draws:
        with pytest.raises(HiddenInformationError):
            draw()


def test_option_parsing():
    flag = OptionSpec("sliding", True, "help")
    assert flag.parse("no") is False and flag.parse("YES") is True
    with pytest.raises(ValueError, match="yes or no"):
        flag.parse("maybe")
    count = OptionSpec("rounds", 30, "help")
    assert count.parse("12") == 12
    with pytest.raises(ValueError, match="whole number"):
        count.parse("x")
    choice = OptionSpec("map", "world", "help", ("world", "british-isles"))
    with pytest.raises(ValueError, match="one of"):
        choice.parse("mars")


def test_ruleset_options_checked():
    rs = REGISTRY.get("grid-square")
    assert rs.parse_options(["sliding=no"]) == {"sliding": False}
    with pytest.raises(ValueError, match="no option"):
        rs.parse_options(["speed=3"])
    with pytest.raises(ValueError, match="NAME=VALUE"):
        rs.parse_options(["sliding"])
    with pytest.raises(ValueError, match="bad value"):
        rs.check_options({"sliding": "no"})


def test_ranks_share_places_on_ties():
    assert ranks_from_keys([(5,), (7,), (5,)]) == (2, 1, 2)
    assert ranks_from_keys([(3, 1), (3, 2)]) == (2, 1)  # a tie-break key decides
    out = Outcome((4, 4), (1, 1), ({}, {}), "{P2} ended it")
    assert out.is_draw and out.winners == (0, 1)
    assert out.describe(["Ana", "Ben"]) == "Ben ended it"


def test_the_result_reads_only_the_parts_that_scored():
    """Square and Compass's result box listed nine parts a player, six of them 0."""
    from engine.events import TIE_BREAK_SUFFIX

    tie = f"gems {TIE_BREAK_SUFFIX}"
    out = Outcome((30, 0), (1, 2), ({"contracts": 30, "projects": 0, tie: 0}, {"contracts": 0}), "over")
    assert out.scored(0) == {"contracts": 30, tie: 0}  # a tie-breaker stays
    assert out.scored(1) == {}


def test_event_names_and_privacy():
    ev = Event("{P1} gives {P3} a card", private_to=None)
    assert ev.render(["Ana", "Ben", "Cy"]) == "Ana gives Cy a card"
    assert Event("{P4} waves").render(["Ana"]) == "{P4} waves"


def test_registry_lists_installed_games_by_their_own_metadata_and_refuses_unknown_ones():
    entries = REGISTRY.entries()
    ids = [e.id for e in entries]
    assert ids[:3] == ["grid-square", "squire", "square-masons"]  # menu_order first
    for e in entries:
        rs = REGISTRY.get(e.id)
        assert (e.title, e.min_players, e.max_players) == (rs.title, rs.min_players, rs.max_players)
        assert REGISTRY.is_playable(e.id)
    with pytest.raises(UnknownGameError, match="unknown game"):
        REGISTRY.get("chess")
    assert not REGISTRY.is_playable("chess")


def test_bot_levels_build_and_unknown_levels_fail():
    for entry in REGISTRY.entries():
        if not REGISTRY.is_playable(entry.id):
            continue
        rs = REGISTRY.get(entry.id)
        for level in rs.bot_levels:
            assert rs.make_bot(level, 1).level == level
        with pytest.raises(ValueError, match="unknown bot level"):
            rs.make_bot("grandmaster", 1)


def test_record_undo_points_and_turn_checks():
    rs = REGISTRY.get("grid-square")
    rec = GameRecord.new(rs, [default_player(0, "human"), default_player(1, "bot:greedy")], 1)
    assert rec.players[1].name == "Bot 2" and rec.players[1].bot_level == "greedy"
    assert rec.undo_point() is None
    rec.play(0, "Mc4h")
    rec.play(1, "Sa1h")
    rec.play(1, "pass")
    assert rec.undo_point(0) == 0  # back before seat 1's move: the bot's replies go too
    assert rec.undo_point() == 2
    with pytest.raises(MoveError, match="not Seat 2's turn"):
        rec.play(1, "Sb1h")
    rec.truncate(1)
    assert rec.moves == [(0, "Mc4h")] and rec.state.to_act() == (1,)
    with pytest.raises(ValueError):
        GameRecord.new(rs, [Player("solo")], 1)
