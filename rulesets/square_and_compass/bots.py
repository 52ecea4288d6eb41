"""Square and Compass bots. They read only their own view: each decision
samples the hidden cards once (`determinize`) and plays on the sample.

- `heuristic` looks one turn ahead: for every legal move it plays the rest of
  its turn greedily on a copy and values the position it reaches. The value
  is VP on the track and the style chart, plus the contracts in hand weighted
  by how close they are (what is still lacking, counting the resources in
  hand that could be processed and the blueprints), plus small values for
  materials, cards, gems and tiles, minus a share of the leader's public
  value (so hazards go to the leader). Among equal moves it takes the action
  with the least room left (before it fills).
- `easy` values only the position right after each move, and one move in
  four is a random one.
"""
from __future__ import annotations

from typing import Any

from engine.core import Bot
from engine.rng import Rng
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.evaluation import value
from rulesets.square_and_compass.moves import ChooseArchitect, Place
from rulesets.square_and_compass.state import CompassState

ARCHITECT_PREFERENCE = ("wright", "schinkel", "kahn", "barry", "paxton", "corbusier", "zwirner", "palladio",
                        "hadid", "gilbert")
"""Which architect the heuristic keeps, best first: the bot arena's win rates
(RULES.md)."""
class CompassBot(Bot):
    """The heuristic bot; `level` is 'easy' or 'heuristic'."""

    def __init__(self, seed: int = 0, level: str = "heuristic") -> None:
        self.rng = Rng(seed)
        self.level = level
        self.smart = level == "heuristic"

    def choose(self, state: Any, seat: int) -> Any:
        moves = state.legal(seat)
        if not moves:
            raise ValueError("no legal move to choose from")
        if len(moves) == 1:
            return moves[0]
        if state.phase == "architect":
            return self._architect(moves)
        if not self.smart and self.rng.below(4) == 0:
            return self.rng.choice(moves)
        sample = state.determinize(seat, self.rng)
        best, best_score = moves[0], float("-inf")
        for mv in moves:
            score = self._score(sample, seat, mv)
            if score > best_score + 1e-9:
                best, best_score = mv, score
        return best

    def _architect(self, moves: list[Any]) -> Any:
        if not self.smart:
            return self.rng.choice(moves)
        rank = {ARCHITECT_PREFERENCE.index(K.ARCHITECTS[m.architect].key): m for m in moves
                if isinstance(m, ChooseArchitect)}
        return rank[min(rank)]

    def _score(self, st: CompassState, seat: int, mv: Any) -> float:
        c = st.clone()
        c.apply_trusted(seat, mv)
        if self.smart:
            self._finish_turn(c, seat)
        score = value(c, seat)
        if isinstance(mv, Place):
            score += 0.02 * (st.num_players - st.room(mv.action))  # take it before it fills
        return score

    def _finish_turn(self, st: CompassState, seat: int) -> None:
        finish_turn(st, seat)


def finish_turn(st: CompassState, seat: int) -> None:
    """Play the rest of `seat`'s turn greedily (one step at a time, each
    the move whose position `value` rates best), if it is `seat`'s turn."""
    for _ in range(12):
        if st.phase not in ("act", "discard") or st.seat != seat:
            return
        moves = st.legal(seat)
        if len(moves) == 1:  # a lone move needs no judging
            st.apply_trusted(seat, moves[0])
            continue
        best, best_score = moves[0], float("-inf")
        for mv in moves:
            c = st.clone()
            c.apply_trusted(seat, mv)
            score = value(c, seat)
            if score > best_score + 1e-9:
                best, best_score = mv, score
        st.apply_trusted(seat, best)


def search_leaf(st: CompassState, mover: int) -> list[float]:
    """The tree search's judgement of a leaf (`Ruleset.search_leaf`): the
    mover's turn finished greedily, as the heuristic judges a move, then
    every seat's `evaluate`."""
    finish_turn(st, mover)
    scores = st.evaluate_all()
    if scores is None:  # never: this game has an evaluation
        raise RuntimeError("Square and Compass has no evaluation")
    return scores
