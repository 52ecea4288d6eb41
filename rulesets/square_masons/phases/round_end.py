"""The end of a round (unsold blocks back, the next first player) and of
the game: 13 prestige at once (version 3), the round limit, or rounds
without prestige (see RULES.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_TYPES
from rulesets.square_masons.words import P

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState


def check_win(st: SquareMasonsState, seat: int) -> list[Event]:
    """The game ends the moment a player reaches 13 prestige (see RULES.md)."""
    if st.boards[seat].prestige < d.WIN_PRESTIGE or st.rules_version < 3:  # version 1–2: at the round's end
        return []
    return finish(st, f"{P(seat)} reached {d.WIN_PRESTIGE} prestige")


def end_round(st: SquareMasonsState) -> list[Event]:
    """Unsold blocks go back; the game ends here or the next round begins."""
    events = []
    back = st.unsold()
    for t in back:
        st.supply[t] += 1
    if back:
        events.append(Event("Unsold blocks go back to the supply: " + " ".join(BLOCK_TYPES[t] for t in back)))
    st.offer, st.sold = [], []
    total = sum(b.prestige for b in st.boards)
    st.quiet_rounds = 0 if total > st.prestige_seen else st.quiet_rounds + 1
    st.prestige_seen = total
    why = ""
    best = max(b.prestige for b in st.boards)
    if st.rules_version < 3 and best >= d.WIN_PRESTIGE:  # version 1–2: 13 prestige ended the round
        why = f"a player reached {d.WIN_PRESTIGE} prestige"
    elif (st.round_limit or st.rules_version < 2) and st.round >= st.round_limit:  # version 1: 0 meant no round at all
        why = f"the round limit ({st.round_limit}) was reached"
    elif st.quiet_rounds >= d.STALL_ROUNDS and st.rules_version >= 2:  # version 1: no stall stop
        why = f"no prestige was gained for {d.STALL_ROUNDS} rounds"
    if why:
        return events + finish(st, why)
    st.round += 1
    st.first = (st.first + 1) % st.num_players
    st.phase = "direction"
    st.actor = st.first
    return events + [Event(f"Round {st.round}: {P(st.first)} is the first player")]


def finish(st: SquareMasonsState, why: str) -> list[Event]:
    """End the game now; the outcome ranks by prestige, then money."""
    st.phase = "over"
    st.abilities = []
    st.end_reason = f"Round {st.round}: {why}"
    out = st.outcome()
    assert out is not None
    best = max(b.prestige for b in st.boards)
    names = " and ".join(P(w) for w in out.winners)
    return [Event(f"Game over: {why}; {names} win{'s' if len(out.winners) == 1 else ''}"
                  f" with {best} prestige")]

