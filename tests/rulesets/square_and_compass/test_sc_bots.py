"""The bots: legal moves from their own view only, deterministic, and the
heuristic beats random players."""
import pytest
from sc_helpers import CON, give, started

from engine.bots import RandomBot
from rulesets import REGISTRY
from rulesets.square_and_compass.bots import CompassBot
from rulesets.square_and_compass.evaluation import distance, value

RS = REGISTRY.get("square-and-compass")


def play_game(levels, seed):
    st = RS.new_game(len(levels), seed, {})
    bots = [RS.make_bot(level, seed * 10 + s) for s, level in enumerate(levels)]
    while not st.is_over():
        seat = st.to_act()[0]
        mv = bots[seat].choose(st.view(seat), seat)
        assert mv in st.legal(seat)
        st.apply(seat, mv)
    return st.outcome()


@pytest.mark.parametrize("level", ["easy", "heuristic"])
def test_bots_play_whole_games(level):
    out = play_game([level, "random"], 3)
    assert out is not None


def test_the_heuristic_beats_two_random_players():
    wins = sum(play_game(levels, seed).ranks[levels.index("heuristic")] == 1
               for seed, levels in enumerate([["heuristic", "random", "random"], ["random", "heuristic", "random"],
                                              ["random", "random", "heuristic"]] * 2))
    assert wins >= 5


def test_bots_decide_from_the_view_alone():
    st = RS.new_game(3, 8, {})
    for s in range(3):
        st.apply(s, st.legal(s)[0])
    seat = st.to_act()[0]
    other = st.clone()
    # rearrange what the seat cannot see: the others' hands and the decks
    other.res_deck.reverse()
    other.con_deck.reverse()
    pool = other.thp_deck + [c for s, p in enumerate(other.players) if s != seat for c in p.thp]
    pool.reverse()
    for s, p in enumerate(other.players):
        if s != seat:
            k = len(p.thp)
            p.thp, pool = pool[:k], pool[k:]
    other.thp_deck = pool
    assert other.view(seat).snapshot() == st.view(seat).snapshot()
    a = CompassBot(5).choose(st.view(seat), seat)
    b = CompassBot(5).choose(other.view(seat), seat)
    assert a == b


def test_the_value_prefers_a_contract_close_to_completion():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Glass House",))
    far = distance(st, 0, CON["Glass House"])
    v0 = value(st, 0)
    give(st, 0, hand="g", materials="g i")
    assert distance(st, 0, CON["Glass House"]) < far and value(st, 0) > v0


def test_the_heuristic_completes_a_contract_when_it_can():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Glass House",), materials="g g i")
    assert st.format_move(CompassBot(1).choose(st.view(0), 0)) == "bd"


def test_random_is_registered_and_levels_are_ordered():
    assert RS.own_bot_levels == ("random", "easy", "heuristic")
    assert isinstance(RS.make_bot("random", 1), RandomBot)
    assert RS.make_bot("easy", 1).level == "easy"


def test_evaluate_is_between_0_and_1_and_follows_progress():
    st = started(archs=("hadid", "kahn", "zwirner"))
    e0 = st.evaluate(0)
    give(st, 0, contracts=("Glass House",), materials="g g i")
    assert 0 < e0 < st.evaluate(0) < 1
    assert st.view(0).evaluate(0) == st.evaluate(0)  # a seat's own view is enough
