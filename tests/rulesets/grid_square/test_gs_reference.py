"""The state against the plain reference (gs_reference): at every ply of
seeded random games, with and without sliding, the legal moves (complete,
sorted, a real list), the events and the snapshot agree; every legal move
passes the legality check, and moves next to the legal ones (one cell too
far, a taken side, a size out of stock) fail it. Clones and copies rebuilt
from the fields alone (no cache) agree too."""
import random
from dataclasses import replace

import pytest
from gs_helpers import RULESET
from gs_reference import ReferenceGame

from rulesets.grid_square.moves import Claim, Place, Slide


def near_misses(state, legal, rng) -> list:
    """Moves close to legal ones that may or may not be legal, to ask the
    state's check about (the reference decides)."""
    out = []
    for move in rng.sample(legal, min(6, len(legal))):
        if isinstance(move, Slide):
            out += [move._replace(dist=move.dist + 1), move._replace(direction="ensw"[rng.randrange(4)]),
                    move._replace(dist=1, x=move.x + 1)]
        elif isinstance(move, Place):
            out += [move._replace(size=s) for s in (1, 2, 3)] + [move._replace(orient="hv"[move.orient == "h"])]
        elif isinstance(move, Claim):
            out.append(Claim(move.cell + 1))
    if state.phase == "slide":  # slides of buildings already on the board, any distance
        for piece in rng.sample(state.pieces, min(4, len(state.pieces))):
            out += [Slide(*piece, d, rng.randrange(1, 9)) for d in "ensw"]
    if state.phase == "place":  # placements onto taken sides
        out += [Place(*p) for p in rng.sample(state.pieces, min(4, len(state.pieces)))]
    return out


def play_against_reference(seed: int, sliding: bool) -> int:
    """One random game on both; the number of plies."""
    state = RULESET.new_game(2, seed, {"sliding": sliding})
    ref = ReferenceGame(sliding)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        assert seat == ref.seat
        legal = state.legal(seat)
        assert type(legal) is list
        assert legal == ref.legal(), f"ply {ref.plies}"
        assert replace(state).legal(seat) == legal, f"ply {ref.plies}: a copy without caches differs"
        for move in near_misses(state, legal, rng):
            assert (state.why_illegal(seat, move) is None) == (move in legal), (ref.plies, move)
        move = rng.choice(legal)
        assert state.why_illegal(seat, move) is None
        twin = state.clone()
        events = state.apply(seat, move)
        assert [e.text for e in events] == ref.step(move), f"ply {ref.plies}"
        assert all(e.private_to is None for e in events)
        assert state.snapshot() == ref.snapshot(), f"ply {ref.plies}"
        # the clone, moved the same way afterwards, is still the same game
        assert twin.apply(seat, move) == events and twin.snapshot() == state.snapshot()
    assert state.legal(0) == state.legal(1) == ref.legal() == []
    return ref.plies


@pytest.mark.soak  # whole random games against the reference implementation: a slow group
@pytest.mark.parametrize("sliding", [True, False])
def test_random_games_match_the_reference(sliding):
    plies = [play_against_reference(seed, sliding) for seed in range(12 if sliding else 6)]
    assert min(plies) > 20
