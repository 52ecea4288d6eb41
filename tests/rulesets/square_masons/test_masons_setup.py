"""Setup for 3, 4 and 5 players; the round's direction; the draft deck."""
import pytest
from masons_helpers import RULESET, conserved, new, notations, play

from rulesets.square_masons import content as d
from rulesets.square_masons.content import CARD_TYPES


@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup(n):
    st = new(n, seed=7)
    assert [b.coins for b in st.boards] == [1] * n
    assert st.bank == d.BANK_COINS - n
    assert st.town_supply == [n] * 4
    assert len(st.sanctuaries) == n == len(set(st.sanctuaries))
    assert set(st.sanctuaries) <= {s.id for s in d.SANCTUARIES}
    assert st.supply == [4] * 7 and st.stone_supply == 24
    assert st.to_act() == (0,) and st.phase == "direction"
    assert notations(st, 0) == ["cw", "ccw"]
    assert notations(st, 1) == []
    conserved(st)


def test_sanctuaries_are_drawn_at_random_and_by_seed():
    draws = {tuple(new(3, seed=s).sanctuaries) for s in range(30)}
    assert len(draws) > 5
    assert new(4, seed=3).sanctuaries == new(4, seed=3).sanctuaries


@pytest.mark.parametrize("n", [2, 6])
def test_player_count_is_checked(n):
    with pytest.raises(ValueError):
        RULESET.new_game(n, 0, RULESET.default_options())


@pytest.mark.parametrize("n,leftover", [(3, 2), (4, 1), (5, 0)])
def test_draft_deck_sizes(n, leftover):
    st = new(n, seed=11)
    play(st, 0, "cw")
    assert st.phase == "draft" and st.pick_no == 1
    assert all(len(b.hand) == 5 for b in st.boards)
    # players + 1 of each type; players discarded face down, plus what dealing leaves
    assert len(st.discard) == n + leftover
    everything = st.discard + [c for b in st.boards for c in b.hand]
    assert sorted(everything) == sorted(c for c in range(5) for _ in range(n + 1))
    assert len(everything) == 5 * (n + 1)
    conserved(st)


def test_deal_depends_on_the_seed():
    hands = set()
    for seed in range(10):
        st = new(3, seed=seed)
        play(st, 0, "cw")
        hands.add(tuple(tuple(b.hand) for b in st.boards))
    assert len(hands) > 5


@pytest.mark.parametrize("direction,order", [("cw", [1, 2, 3, 0]), ("ccw", [1, 0, 3, 2])])
def test_first_player_direction_sets_turn_order(direction, order):
    st = new(4)
    st.first = st.actor = 1
    play(st, 1, direction)
    assert st.turn_order() == order


def test_first_player_marker_passes_clockwise_each_round():
    st = new(3, rounds=5)
    from engine.bots import RandomBot

    bots = [RandomBot(s) for s in range(3)]
    firsts = []
    while not st.is_over():
        if st.phase == "direction":
            firsts.append(st.first)
            # a counter-clockwise round must not change where the marker goes
            st.apply(st.first, st.parse_move("ccw", st.first))
            continue
        s = st.to_act()[0]
        st.apply(s, bots[s].choose(st.view(s), s))
    assert firsts == [0, 1, 2, 0, 1]


def test_metadata():
    assert RULESET.hidden_information is True
    assert RULESET.undo_allowed is False
    assert RULESET.own_bot_levels == ("random", "easy", "heuristic")
    assert (RULESET.min_players, RULESET.max_players) == (3, 5)
    assert "Interpretations and designed content" in RULESET.rules_markdown()
    assert CARD_TYPES == ("money", "order", "stone", "market", "x2")
