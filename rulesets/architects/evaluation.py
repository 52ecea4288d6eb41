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
