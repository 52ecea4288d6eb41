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
from rulesets.square_and_compass.moves import ChooseArchitect, Place
from rulesets.square_and_compass.state import CompassState, style_bonus

ARCHITECT_PREFERENCE = ("wright", "schinkel", "kahn", "barry", "paxton", "corbusier", "zwirner", "palladio",
                        "hadid", "gilbert")
"""Which architect the heuristic keeps, best first: the bot arena's win rates
(RULES.md)."""
CONTRACT_WEIGHTS = (1.0, 0.5, 0.3)
"""How much the best, second and third contract in hand count."""
CARD_VALUE = {"technician": 0.6, "hazard": 0.4}
"""A T/H/P card in hand, by kind (projects: 0.8 of their VP)."""


def distance(st: CompassState, seat: int, cid: int) -> float:
    """Roughly, actions still needed to complete contract `cid`."""
    p = st.players[seat]
    c = K.CONTRACTS[cid]
    steps = float(max(0, st.blueprints_needed(seat, cid) - p.blueprints))
    for k, need in enumerate(c.cost):
        short = need - p.materials[k] - p.materials[k + K.SUST]
        if short > 0:
            in_hand = p.hand.count(k) + p.hand.count(k + K.SUST)
            covered = min(short, in_hand)
            steps += 0.5 * covered + 1.0 * (short - covered)
    return steps


def contract_value(st: CompassState, seat: int, cid: int) -> float:
    """What holding contract `cid` is worth now."""
    p = st.players[seat]
    c = K.CONTRACTS[cid]
    vp = c.vp
    arch = p.architect
    if arch >= 0 and K.ARCHITECTS[arch].style == c.style:
        vp += 1
    if c.style != K.MIXED and any(K.CONTRACTS[b].style == c.style for b in p.built):
        vp += 1.5
    if arch >= 0 and K.ARCHITECTS[arch].special == cid:
        vp += 1
    return vp * 0.7 / (1 + 0.6 * distance(st, seat, cid))


def public_value(st: CompassState, seat: int) -> float:
    """What everyone can see of a seat's position, in VP."""
    p = st.players[seat]
    return (p.vp + style_bonus(p.built) + 0.25 * sum(p.materials) + 0.2 * p.blueprints
            + 0.4 * len(p.contracts) + 0.3 * len(p.thp) + 0.25 * p.gems + 1.5 * (p.tiles - K.START_TILES))


def value(st: CompassState, seat: int) -> float:
    """The heuristic value of the position for `seat` (a full state)."""
    p = st.players[seat]
    v = p.vp + style_bonus(p.built)
    held = sorted((contract_value(st, seat, c) for c in p.contracts), reverse=True)
    limit = st.contract_limit(seat)
    v += sum(w * x for w, x in zip(CONTRACT_WEIGHTS, held[:limit]))
    v += 0.25 * sum(p.materials) + 0.15 * sum(p.materials[K.SUST:])
    v += 0.15 * len(p.hand) + 0.2 * p.blueprints + 0.25 * p.gems
    cards = sorted((0.8 * K.CARDS[c].vp if K.CARDS[c].vp else CARD_VALUE[K.CARDS[c].kind]) for c in p.thp)
    v += sum(cards[-st.tech_limit(seat):])
    v += 1.5 * (p.tiles - K.START_TILES)
    if st.phase == "over":
        out = st.outcome()
        assert out is not None
        v = out.scores[seat] + (3 if out.ranks[seat] == 1 else 0)
    others = [public_value(st, s) for s in range(st.num_players) if s != seat]
    return v - 0.3 * max(others)


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
    return st.evaluate_all()
