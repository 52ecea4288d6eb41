"""Legal move generation checked against itself along whole games (random
play for 2–5 players, with and without a round limit, and one game of the
heuristic bots, which build): at every ply the live state's `legal` equals a
state's rebuilt from the moves alone (and, now and then, one loaded from its
save), so nothing in the live state can go stale; the quick tests of whether
a step can do something agree with the step's move lists; a turn offers an
action exactly when it is open, has room and one of its steps has a move;
every list is in notation order without repeats; and, every third ply, the
direct legality check of one move agrees with the list for every move of the
game."""
import json

import pytest

from engine import saves
from engine.record import GameRecord, Player
from engine.rng import Rng
from rulesets import REGISTRY
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.movegen import PART_MOVES
from rulesets.square_and_compass.moves import PERK, TEXT, Place
from rulesets.square_and_compass.state import CompassState

RS = REGISTRY.get("square-and-compass")
GAMES = [(2, 0, "random"), (3, 0, "random"), (4, 5, "random"), (5, 3, "random"), (2, 4, "random"),
         (3, 0, "heuristic")]
"""(players, round limit, who plays) of the games; round limit 0: play to a
7th contract (random play rarely gets there: the heuristic bots build)."""


def rebuilt(n: int, seed: int, options: dict, moves: list) -> CompassState:
    """The state after `moves` replayed on a new game, never asked for moves."""
    st = RS.new_game(n, seed, options)
    for seat, move in moves:
        st.apply_trusted(seat, move)
    return st


def step_has_move(st: CompassState, seat: int, part: str) -> bool:
    """Whether a step could do something, from its move list alone."""
    base = part.rstrip("?")
    if base == "glass":
        return bool(st.supply[4])
    return bool(st.part_moves(seat, base))


def check_steps(st: CompassState, seat: int) -> None:
    """The quick step tests and the turn's actions agree with the move lists."""
    for base in PART_MOVES:
        assert st.part_possible(seat, base) == step_has_move(st, seat, base), base
    if st.phase != "turn":
        return
    legal = st.legal(seat)
    p = st.players[seat]
    for a, action in enumerate(K.ACTIONS):
        offered = (p.tiles_left > 0 and a in st.open_actions() and st.room(a) > 0
                   and any(step_has_move(st, seat, part) for part in action.parts))
        assert (Place(a) in legal) == offered, action.name
    perk = (p.tiles_left > 0 and not p.perk_used
            and any(step_has_move(st, seat, part) for part in st.perk_parts(seat)))
    assert (PERK in legal) == perk


@pytest.mark.soak  # whole random games checked at every ply: a slow group (tests/conftest.py)
@pytest.mark.parametrize("n,rounds,level", GAMES)
def test_live_legal_equals_a_fresh_state(n, rounds, level):
    seed = 40 + n * 7 + rounds
    options = {"rounds": rounds}
    players = [Player(f"P{i + 1}", f"bot:{level}") for i in range(n)]
    record = GameRecord.new(RS, players, seed, options)
    rng = Rng(seed)
    moves: list = []
    while not record.state.is_over():
        st = record.state
        fresh = rebuilt(n, seed, options, moves)
        if record.ply % 40 == 0:
            loaded = saves.from_json(json.loads(json.dumps(saves.to_json(record)))).state
            for s in range(n):
                assert loaded.legal(s) == st.legal(s), f"ply {record.ply}, seat {s + 1}: loaded"
        for s in range(n):
            legal = st.legal(s)
            assert legal == fresh.legal(s), f"ply {record.ply}, seat {s + 1}"
            texts = [st.format_move(m) for m in legal]
            assert texts == sorted(set(texts)), f"ply {record.ply}: not in notation order"
        seat = st.to_act()[rng.below(len(st.to_act()))]
        check_steps(st, seat)
        legal = st.legal(seat)
        for move in TEXT if record.ply % 3 == 0 else ():
            assert st.is_legal(seat, move) == (move in legal), f"ply {record.ply}: {TEXT[move]}"
        move = rng.choice(legal) if level == "random" else record.bot_move(seat)
        moves.append((seat, move))
        record.play_move(seat, move)
    assert rebuilt(n, seed, options, moves).outcome() == record.state.outcome()
    if level != "random":
        assert any(p.built for p in record.state.players)
