"""The engine contract for Square Masons: safe views (HIDDEN, no generator),
one legality check, moves in words, sealed moves, determinize, evaluate, and
the structure cards' block sets."""
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_
from masons_helpers import RULESET, auction, building, new, play, put_cells, reserve

from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HiddenInformationError
from engine.rng import Rng
from rulesets.square_masons import content as d
from rulesets.square_masons.geometry import BLOCK_SHAPES, CELLS, distinct_orients, picture_cells, shape_mask
from rulesets.square_masons.moves import Bid, Drop, Lay, Pick, Relocate, Scrap, Store, Swap, Take


def drafting(n=3, seed=3):
    st = new(n, seed=seed)
    play(st, 0, "cw")
    return st


# ------------------------------------------------------------------ views
def test_a_view_hides_with_the_sentinel_and_cannot_answer_for_a_hidden_seat():
    st = drafting()
    v = st.view(0)
    assert v.is_view and v.view_seat == 0 and v.rng is None
    assert v.boards[1].hand == [HIDDEN] * 5 and v.discard == [HIDDEN] * len(st.discard)
    assert v.legal(0) == st.legal(0)
    with pytest.raises(HiddenInformationError):
        v.legal(1)  # once answered `x2` alone, from CARD_TYPES[-1]
    with pytest.raises(HiddenInformationError):
        v.apply(1, st.legal(1)[0])
    with pytest.raises(HiddenInformationError):
        v.why_illegal(2, Pick(0))
    assert v.snapshot()["boards"][1]["hand"] == ["?"] * 5 and v.snapshot()["rng"] is None


def test_a_view_cannot_deal():
    st = new(3)
    v = st.view(0)
    with pytest.raises(HiddenInformationError):
        v.apply(0, v.legal(0)[0])  # choosing the direction deals the cards


def test_sealed_picks_and_bids_show_as_question_marks():
    st = drafting()
    play(st, 1, st.format_move(st.legal(1)[0]))
    assert st.view(0).boards[1].pick is HIDDEN
    assert st.view(0).snapshot()["boards"][1]["pick"] == "?"
    st = auction(3, "IO", coins=[3, 3, 3])
    play(st, 2, "bid1-2")
    assert st.view(0).boards[2].bid is HIDDEN and st.view(None).snapshot()["boards"][2]["bid"] == "?"
    assert st.view(2).boards[2].bid == (1, 2)


def test_is_sealed_per_move():
    st = drafting()
    assert st.is_sealed(0, st.legal(0)[0])
    st = auction(3, "IO", coins=[3, 3, 3])
    assert all(st.is_sealed(0, m) for m in st.legal(0))
    st = building()
    assert not any(st.is_sealed(0, m) for m in st.legal(0))


# ------------------------------------------------------------ legality
def test_waiting_after_a_sealed_choice_is_explained():
    st = drafting()
    play(st, 1, st.format_move(st.legal(1)[0]))
    assert st.why_illegal(1, Pick(0)) == "Seat 2 has already chosen; waiting for the others"
    with pytest.raises(IllegalMoveError, match="already chosen"):
        st.apply(1, Pick(0))


def test_reasons_in_a_players_words():
    st = auction(3, "IO", coins=[2, 2, 2])
    assert "cannot bid 5" in st.why_illegal(0, Bid(1, 5))
    assert "no auction space 3" in st.why_illegal(0, Bid(3, 0))
    st = building(coins=[0, 0, 0])
    put_cells(st, 0, "O", "a1 b1 a2 b2")
    assert "costs 1 coin" in st.why_illegal(0, Relocate(0))


def candidates(st, seat):
    """Moves worth asking `is_legal` about: this position's legal moves and
    near misses of every kind."""
    out = set(st.legal(seat))
    out |= {Pick(c) for c in range(5)} | {Bid(s, a) for s in range(4) for a in range(4)} | {Bid(0, 1)}
    out |= {Lay(code, a) for code in ("", "r0", "r1", "f2") for a in (0, 7, 29)}
    out |= {k(c) for k in (Relocate, Store, Scrap) for c in (0, 1, 7, 29)}
    out |= {Take(t) for t in "IOTL"} | {Take("stone"), Drop("stone")} | {Drop(t) for t in "IOTL"}
    out |= {Swap(c, t) for c in (0, 1) for t in "IOL"}
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.sampled_from([3, 4, 5]), seed=st_.integers(0, 2**32))
def test_the_direct_check_agrees_with_legal(n, seed):
    state = RULESET.new_game(n, seed, {"rounds": 3})
    bots = [RULESET.make_bot("random" if s else "heuristic", seed + s) for s in range(n)]
    while not state.is_over():
        for seat in state.to_act():
            legal = set(state.legal(seat))
            for m in candidates(state, seat):
                assert state.is_legal(seat, m) == (m in legal), (state.phase, m)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), seat))


# ------------------------------------------------------------ describe
def test_moves_in_words_with_their_costs():
    st = auction(3, "IT", coins=[5, 5, 5])
    assert st.describe_move(Bid(2, 3), 0) == (
        "bid 3 coins on auction space 2 (T block); if outbid you pay 2 coins")
    assert st.describe_move(Bid(0, 0), 0) == "withdraw from the auction (+1 coin)"
    st = building()
    put_cells(st, 0, "J/L", "a1 a2 a3 b3")
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    reserve(st, 0, "T")
    words = {st.format_move(m): st.describe_move(m, 0) for m in st.legal(0)}
    assert words["mv-a1"] == "move, turn or flip the J block on a1 (1 coin)"
    assert words["drop-T"] == "discard the T block from your reserve (free)"
    assert words["in-T"] == "bring the T block into construction (1 coin)"
    assert words["claim-bank"] == "claim the Bank (+3 prestige)"
    play(st, 0, "in-T")
    assert st.describe_move(st.parse_move("d1r0", 0)) == "lay the T block on d1, as drawn (already paid)"


def test_every_legal_move_has_words():
    state = RULESET.new_game(4, 9, {"rounds": 2})
    bot = RULESET.make_bot("heuristic", 1)
    while not state.is_over():
        seat = state.to_act()[0]
        for m in state.legal(seat):
            text = state.describe_move(m, seat)
            assert text and text != state.format_move(m)
        state.apply(seat, bot.choose(state.view(seat), seat))


# ------------------------------------------------------------ determinize
def random_position(n, seed, plies):
    state = RULESET.new_game(n, seed, {})
    rng = Rng(seed)
    for _ in range(plies):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal(seat)))
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.sampled_from([3, 4, 5]), seed=st_.integers(0, 2**32), plies=st_.integers(0, 400),
       observer=st_.integers(0, 4))
def test_determinize_is_consistent_and_playable(n, seed, plies, observer):
    state = random_position(n, seed, plies)
    o = observer % n
    view = state.view(o)
    rng = Rng(seed)
    for source in (view, state):
        sample = source.determinize(o, rng)
        assert not sample.is_view and sample.rng is not None
        assert sample.view(o).snapshot() == view.snapshot()
        if o in state.to_act():
            assert sample.legal(o) == state.legal(o)
        for s in sample.to_act():
            moves = sample.legal(s)
            assert moves
            c = sample.clone()
            c.apply(s, moves[0])
    spectator = state.view(None).determinize(None, rng)
    assert spectator.view(None).snapshot() == state.view(None).snapshot()


def test_samples_vary_what_is_hidden():
    state = drafting(4, seed=5)
    play(state, 2, state.format_move(state.legal(2)[0]))
    view = state.view(0)
    rng = Rng(1)
    hands, picks = set(), set()
    for _ in range(30):
        s = view.determinize(0, rng)
        hands.add(tuple(tuple(b.hand) for b in s.boards[1:]) + (tuple(s.discard),))
        picks.add(s.boards[2].pick)
        assert s.boards[2].pick in s.boards[2].hand
    assert len(hands) > 10 and len(picks) > 1
    state = auction(3, "IO", coins=[4, 4, 4])
    play(state, 1, "bid2-3")
    bids = {state.view(0).determinize(0, rng).boards[1].bid for _ in range(30)}
    assert len(bids) > 3 and all(b == (0, 0) or (1 <= b[0] <= 2 and 0 <= b[1] <= 4) for b in bids)


def test_a_view_is_sampled_only_for_its_own_seat():
    view = drafting().view(0)
    with pytest.raises(HiddenInformationError):
        view.determinize(1, Rng(1))


# ------------------------------------------------------------ evaluate
def test_evaluate_is_a_value_between_0_and_1_that_ends_as_the_result():
    st = building()
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    ahead = st.evaluate(0)
    assert 0.5 < ahead <= 1 and st.evaluate(1) < 0.5
    st.boards[0].towns[3] += 4
    st.town_supply[3] -= 4
    put_cells(st, 0, "J/L", "a1 a2 a3 b3")
    play(st, 0, "claim-bank")
    assert st.is_over() and st.evaluate(0) == 1.0 and st.evaluate(1) == 0.0


# ------------------------------------------------------------ structure cards
def tiles(sid, blocks):
    """True when blocks of these classes (J: J or L, S: S or Z) and stones
    fill the structure's layout exactly."""
    s = d.STRUCTURES[sid]
    target = shape_mask(picture_cells(s.picture), 0)
    stones = bin(target).count("1") - 4 * len(blocks)
    places = {}
    for t in d.BLOCK_TYPES:
        places[t] = [m for _, sh in distinct_orients(BLOCK_SHAPES[t]) for a in range(CELLS)
                     if (m := shape_mask(sh, a)) and m & target == m]
    kinds = {"J": "JL", "S": "SZ"}

    def fill(rest, todo):
        if not todo:
            return stones >= 0
        return any(fill(rest & ~m, todo[1:]) for t in kinds.get(todo[0], todo[0])
                   for m in places[t] if m & rest == m)

    return fill(target, list(blocks))


@pytest.mark.parametrize("sid", sorted(d.STRUCTURES))
def test_each_cards_block_sets_are_exactly_those_that_build_it(sid):
    s = d.STRUCTURES[sid]
    found = tuple("".join(c) for c in combinations_with_replacement("IJOST", s.min_blocks) if tiles(sid, c))
    assert s.blocks == found
