"""Properties of random legal play (hypothesis chooses the seeds and the
variant): no exception, every building and monument accounted for, scores
equal to the claimed areas and the breakdown, save → load gives the same
snapshot at every ply, clones are independent."""
from __future__ import annotations

import pytest
from gs_helpers import RULESET
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.record import GameRecord, Player
from engine.rng import Rng
from engine.saves import from_json, state_hash, to_json
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import Claim, Pass, Place, Slide
from rulesets.grid_square.state import MONUMENTS, STOCK

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state) -> None:
    for seat in range(2):
        on_board = {k: 0 for k in STOCK}
        for piece, owner in zip(state.pieces, state.owners):
            if owner == seat:
                on_board[piece[0]] += 1
        # 24 buildings per player: in stock or on the board, by size
        for size, count in STOCK.items():
            assert state.stock[seat][size] >= 0
            assert state.stock[seat][size] + on_board[size] == count
        assert state.monuments[seat] + sum(1 for _, o, _ in state.claims if o == seat) == MONUMENTS
    # the side masks are exactly the union of the pieces, which never overlap
    h = v = 0
    for size, x, y, o in state.pieces:
        m = g.building_mask(size, x, y, o)
        if o == "h":
            assert not h & m
            h |= m
        else:
            assert not v & m
            v |= m
    assert (h, v) == (state.h, state.v)
    # claimed areas: disjoint, still enclosed, their monument inside, and the
    # claimed cells are the sum of the areas
    seen = 0
    enclosed = set(g.enclosed_regions(state.h, state.v))
    for region, _owner, cell in state.claims:
        assert not seen & region
        seen |= region
        assert region in enclosed
        assert region >> cell & 1
    assert sum(state.claimed_cells(s) for s in range(2)) == bin(seen).count("1")
    # (a building may stand inside a claimed area, on a side between two of
    # its cells, if it was there when the area was claimed: it does not
    # divide it.) Every building on a side of a claimed area is fixed.
    movable = set(state.movable())
    for i, (size, x, y, o) in enumerate(state.pieces):
        m = g.building_mask(size, x, y, o)
        if m & (state.locked_h if o == "h" else state.locked_v):
            assert i not in movable


def check_outcome(state) -> None:
    out = state.outcome()
    if out is None:
        assert state.phase != "over" and state.to_act() == (state.seat,)
        return
    assert state.to_act() == () and out.termination
    for seat in range(2):
        assert out.scores[seat] == state.claimed_cells(seat)
        assert sum(out.breakdown[seat].values()) == out.scores[seat]
        assert len(out.breakdown[seat]) == sum(1 for _, o, _ in state.claims if o == seat)
    a, b = out.scores
    assert out.ranks == ((1, 1) if a == b else (1, 2) if a > b else (2, 1))


@SETTINGS
@given(seed=st.integers(0, 2**63 - 1), sliding=st.booleans())
def test_random_play_keeps_every_invariant(seed, sliding):
    rng = Rng(seed)
    record = GameRecord.new(RULESET, [Player("A"), Player("B")], seed % 1000, {"sliding": sliding})
    state = record.state
    plies = 0
    while not state.is_over():
        (seat,) = state.to_act()
        legal = state.legal(seat)
        assert legal, "a seat to act always has a move"
        if state.phase == "place":
            assert all(isinstance(m, Place) for m in legal)
        else:
            assert isinstance(legal[-1], Pass)
            kinds = Slide if state.phase == "slide" else Claim
            assert all(isinstance(m, kinds) for m in legal[:-1])
            if not sliding:
                assert state.phase == "claim"
        move = rng.choice(legal)
        # clone independence: a move on the clone leaves the original alone
        before = state.snapshot()
        twin = state.clone()
        twin.apply(seat, move)
        assert state.snapshot() == before
        record.play(seat, state.format_move(move))
        assert state.snapshot() == twin.snapshot()
        check_invariants(state)
        check_outcome(state)
        plies += 1
        assert plies < 400
    check_outcome(state)


@pytest.mark.soak  # whole random games checked at every ply: a slow group (tests/conftest.py)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), sliding=st.booleans())
def test_save_and_load_give_the_same_snapshot_at_every_ply(seed, sliding):
    rng = Rng(seed)
    record = GameRecord.new(RULESET, [Player("A"), Player("B", "bot:random")], seed % 997, {"sliding": sliding})
    while True:
        doc = to_json(record)
        assert doc["snapshot"]["hash"] == state_hash(record.state.snapshot())
        loaded = from_json(doc, "test")  # replays every move and checks the snapshot
        assert loaded.state.snapshot() == record.state.snapshot()
        assert loaded.moves == record.moves
        assert to_json(loaded)["snapshot"] == doc["snapshot"]
        if record.state.is_over():
            assert loaded.state.outcome() == record.state.outcome()
            break
        (seat,) = record.state.to_act()
        record.play_move(seat, rng.choice(record.state.legal(seat)))
