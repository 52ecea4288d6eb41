"""Square and Compass' evaluation: the heuristic value of a position for a
seat (the bots' measure, and `CompassState.evaluate` squashed into 0..1 for
the search). The state imports it, never the bots (no state <-> bots import
loop)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import style_bonus

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState

CONTRACT_WEIGHTS = (1.0, 0.5, 0.3)
"""How much the best, second and third contract in hand count."""
CARD_VALUE = {"technician": 0.6, "hazard": 0.4}
"""A T/H/P card in hand, by kind (projects: 0.8 of their VP)."""


def distance(st: CompassState, seat: int, cid: int) -> float:
    """Roughly, actions still needed to complete contract `cid`."""
    p = st.players[seat]
    steps = float(max(0, st.blueprints_needed(seat, cid) - p.blueprints))
    materials, hand, sust = p.materials, p.hand, K.SUST
    for k, need in enumerate(K.CONTRACTS[cid].cost):
        if need:  # a kind it does not need is never short
            short = need - materials[k] - materials[k + sust]
            if short > 0:
                in_hand = hand.count(k) + hand.count(k + sust)
                covered = min(short, in_hand)
                steps += 0.5 * covered + 1.0 * (short - covered)
    return steps


_THP_WORTH = tuple(0.8 * card.vp if card.vp else CARD_VALUE[card.kind] for card in K.CARDS)
"""A technician, hazard or project card in hand, by card (projects: 0.8 of
their VP; the others CARD_VALUE)."""


def contract_value(st: CompassState, seat: int, cid: int, built_styles: frozenset[int] | None = None) -> float:
    """What holding contract `cid` is worth now (`built_styles`: the styles
    of the seat's built contracts, where the caller has them)."""
    p = st.players[seat]
    c = K.CONTRACTS[cid]
    vp: float = c.vp
    arch = p.architect
    if arch >= 0 and K.ARCHITECTS[arch].style == c.style:
        vp += 1
    if built_styles is None:
        built_styles = frozenset(K.CONTRACTS[b].style for b in p.built)
    if c.style != K.MIXED and c.style in built_styles:
        vp += 1.5
    if arch >= 0 and K.ARCHITECTS[arch].special == cid:
        vp += 1
    return vp * 0.7 / (1 + 0.6 * distance(st, seat, cid))


def public_value(st: CompassState, seat: int) -> float:
    """What everyone can see of a seat's position, in VP."""
    p = st.players[seat]
    return (p.vp + style_bonus(p.built) + 0.25 * sum(p.materials) + 0.2 * p.blueprints
            + 0.4 * len(p.contracts) + 0.3 * len(p.thp) + 0.25 * p.gems + 1.5 * (p.tiles - K.START_TILES))


def own_value(st: CompassState, seat: int) -> float:
    """The heuristic value of `seat`'s own position, in VP (a full state, or
    the seat's own view): at the end, its score (+3 for first place)."""
    p = st.players[seat]
    if st.phase == "over":
        out = st.outcome()
        assert out is not None
        return out.scores[seat] + (3 if out.ranks[seat] == 1 else 0)
    v: float = p.vp + style_bonus(p.built)
    styles = frozenset(K.CONTRACTS[b].style for b in p.built)
    held = sorted((contract_value(st, seat, c, styles) for c in p.contracts), reverse=True)
    limit = st.contract_limit(seat)
    v += sum(w * x for w, x in zip(CONTRACT_WEIGHTS, held[:limit]))
    v += 0.25 * sum(p.materials) + 0.15 * sum(p.materials[K.SUST:])
    v += 0.15 * len(p.hand) + 0.2 * p.blueprints + 0.25 * p.gems
    cards = sorted([_THP_WORTH[c] for c in p.thp])
    v += sum(cards[-st.tech_limit(seat):])
    v += 1.5 * (p.tiles - K.START_TILES)
    return v


def value(st: CompassState, seat: int) -> float:
    """The heuristic value of the position for `seat` (a full state): its
    own, less 0.3 of the best public value among the others."""
    others = [public_value(st, s) for s in range(st.num_players) if s != seat]
    return own_value(st, seat) - 0.3 * max(others)


PRIVATE_EDGE = 2.5
"""About how much more a seat's own value counts than its public value
(contracts on their way, cards in hand: 1 to 7 VP over the example game,
2.5 typical), taken off its lead so that even is 0."""
LEAD_SCALE = 4.0
"""VP of lead per unit of the logistic: a lead of 4 VP reads as a 73% win
share, 8 as 88%."""


def lead(st: CompassState, seat: int) -> float:
    """How far `seat` is ahead of the best of the others, in VP: its own
    value less the best public value among them (what it can see of them),
    less `PRIVATE_EDGE`."""
    return own_value(st, seat) - max(public_value(st, s) for s in range(st.num_players) if s != seat) - PRIVATE_EDGE


def win_share(st: CompassState, seat: int) -> float:
    """`lead` squashed into 0..1 (the search's leaf value, `evaluate`). The
    lead, not the seat's own value: an own value squashed alone reads 0.97
    and more for both leaders of a close race from mid-game on, and the
    search (and the review) could not tell their moves apart."""
    return 1 / (1 + math.exp(-lead(st, seat) / LEAD_SCALE))
