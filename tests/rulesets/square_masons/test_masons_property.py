"""Random legal play for 3, 4 and 5 players: no exception, everything conserved,
no sealed choice visible to another seat, notation round trips, save -> load identical."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_
from masons_helpers import RULESET, conserved

from engine.record import GameRecord, Player
from engine.saves import from_json, to_json
from rulesets.square_masons.content import HIDDEN
from rulesets.square_masons.state import TIE_BREAK


def sealed_views_are_blind(state, seat):
    """Two different sealed choices of `seat` look the same to every other seat
    (as long as the others have not all chosen, so nothing is revealed yet)."""
    legal = state.legal(seat)
    if len(legal) < 2 or len(state.to_act()) < 2:
        return
    a, b = state.clone(), state.clone()
    a.apply(seat, legal[0])
    b.apply(seat, legal[-1])
    names = [f"P{i}" for i in range(state.num_players)]
    for v in range(state.num_players):
        if v == seat:
            continue
        assert a.view(v).snapshot() == b.view(v).snapshot()
        assert a.view(v).render(v, names) == b.view(v).render(v, names)
    assert a.view(None).snapshot() == b.view(None).snapshot()


def redaction(state):
    for v in range(state.num_players):
        view = state.view(v)
        snap = view.snapshot()
        assert snap["rng"] is None
        assert all(c == "?" for c in snap["discard"])
        for s, b in enumerate(view.boards):
            if s == v:
                assert b.hand == state.boards[s].hand
                continue
            assert all(c == HIDDEN for c in b.hand)
            assert all(c == HIDDEN for c in b.face_down)
            assert b.pick in (None, HIDDEN)
            assert b.bid in (None, HIDDEN)
        # the seat's own moves are the same in its view
        assert view.legal(v) == state.legal(v)


@pytest.mark.soak  # whole random games checked at every ply: a slow group (tests/conftest.py)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.sampled_from([3, 4, 5]), seed=st_.integers(0, 2**32), levels=st_.lists(
    st_.sampled_from(["random", "random", "easy", "heuristic"]), min_size=5, max_size=5))
def test_random_play_invariants(n, seed, levels):
    state = RULESET.new_game(n, seed, {"rounds": 4})
    bots = [RULESET.make_bot(levels[s], seed + s) for s in range(n)]
    plies = 0
    while not state.is_over():
        conserved(state)
        acting = state.to_act()
        seat = acting[plies % len(acting)]
        if state.phase in ("draft", "auction"):
            sealed_views_are_blind(state, seat)
        if plies % 7 == 0:
            redaction(state)
        for m in state.legal(seat):
            assert state.parse_move(state.format_move(m), seat) == m
        move = bots[seat].choose(state.view(seat), seat)
        state.apply(seat, move)
        plies += 1
        assert plies < 5000
    conserved(state)
    out = state.outcome()
    assert all(sum(v for k, v in b.items() if k != TIE_BREAK) == s for b, s in zip(out.breakdown, out.scores))
    assert all(b[TIE_BREAK] == x.coins for b, x in zip(out.breakdown, state.boards))
    assert out.scores == tuple(b.prestige for b in state.boards)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.sampled_from([3, 4, 5]), seed=st_.integers(0, 2**32))
def test_save_load_identical_at_every_ply(n, seed):
    players = [Player(f"P{i + 1}", "bot:heuristic" if i == 0 else "bot:random") for i in range(n)]
    record = GameRecord.new(RULESET, players, seed, {"rounds": 2})
    while not record.state.is_over():
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat))
        doc = json.loads(json.dumps(to_json(record)))
        again = from_json(doc, "test")
        assert again.state.snapshot() == record.state.snapshot()
        assert again.ply == record.ply
