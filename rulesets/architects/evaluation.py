"""Architects' evaluation (`ArchitectsState.evaluate_all`, for the search,
and the heuristic bot's own measure): architect funds plus the share of
client funds still to be earned. The state imports it, never the bots (no
state <-> bots import loop)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulesets.architects.content import BANKRUPT, FINISHED

if TYPE_CHECKING:
    from rulesets.architects.state import ArchitectsState

CLIENT_SHARE = 0.6
"""What a unit of client funds is worth to its architect before the endgame."""
CLIENT_SHARE_END = 0.15
"""In the endgame (forward gains halved, backward refunds not)."""


def position_value(st: ArchitectsState, seat: int) -> float:
    """Architect funds plus the share of client funds still to be earned."""
    p = st.players[seat]
    if p.status == BANKRUPT:
        return -50.0
    if p.status == FINISHED or st.phase == "over":
        return float(p.funds)
    share = CLIENT_SHARE_END if st.endgame else CLIENT_SHARE
    return p.funds + share * p.client


EVALUATE_SCALE = 100.0
"""`evaluate_all`: a seat's reward is 0.5 + its lead / this, within 0..1."""
LEAF_SCALE = 30.0
"""The search's leaf (`search_leaf`): 0.5 + lead / 30, so a lead of 15
funds or more over the best other architect counts as won. The moves of
one decision lead to positions a few funds apart: at 100 their values
differed by a median 0.031, under the prior's margin, and the search
always kept its prior's move. The leads at the leaves are larger (median
30 funds), so at 30 most leaves read as won or lost; it still measured
better (docs/search-strength.md)."""


def lead_rewards(st: ArchitectsState, scale: float) -> list[float]:
    """Every seat's reward in 0..1: 0.5 plus its lead in `position_value`
    over the best other seat, divided by `scale`."""
    vals = [position_value(st, s) for s in range(st.num_players)]
    out = []
    for seat, v in enumerate(vals):
        best_other = max(x for s, x in enumerate(vals) if s != seat)
        out.append(0.5 + max(-0.5, min(0.5, (v - best_other) / scale)))
    return out


def search_leaf(st: ArchitectsState, mover: int) -> list[float]:
    """The tree search's judgement of a leaf (`Ruleset.search_leaf`): the
    leads at `LEAF_SCALE`, sharper than `evaluate_all`'s."""
    return lead_rewards(st, LEAF_SCALE)
