"""Squire's legal moves: the destinations a pawn may reach, every legal move
of the step at hand, and the routes a view offers."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesets.squire import content as K
from rulesets.squire.content import TILE_COLOUR as TC
from rulesets.squire.content import TILE_VALUE as TV
from rulesets.squire.moves import (
    BUY,
    CHOOSE,
    DONE,
    DROP,
    ERRAND,
    EXHIBIT,
    GO,
    OFFER,
    SALVAGE,
    SELL,
    SPACE,
    TEXTS,
    Go,
)

if TYPE_CHECKING:
    from rulesets.squire.state import Player, SquireState


def texts(state: SquireState) -> dict[object, str]:
    return TEXTS[state.map_key]


def destinations(state: SquireState, p: Player) -> list[int]:
    """The neighbouring cities `p` (the turn's owner, pawn on the map) may
    step to now: a ticket (or the Stag's free crossing) pays, and a step
    back into the starting city only if it can be left again."""
    out: list[int] = []
    if state.start < 0:
        return out
    avail = p.royal_tickets - state.royal_used + p.tickets
    free = state.abilities and p.board == K.STAG and not state.sea_used
    start = state.start
    for nb, sea in K.ADJ[state.map_key][p.pos]:
        if sea and free:
            if nb == start and not (avail > 0):
                continue
        elif avail > 0:
            if nb == start and not (avail > 1 or (free and K.HAS_SEA[state.map_key][start])):
                continue
        else:
            continue
        out.append(nb)
    return out


def moves(state: SquireState, seat: int) -> list[Any]:
    """`legal(seat)` without the view's check: the travel, trade, board and
    exhibition steps ask only public information (the prompt uses them
    on any view)."""
    ph = state.phase
    p = state.players[seat]
    if ph == "move":
        if p.pos < 0:
            return [GO[i] for i in K.CITY_ORDER[state.map_key]]
        out: list[Any] = [GO[nb] for nb in destinations(state, p)]
        if state.steps and p.pos != state.start:
            if state.can_buy(seat):
                out.append(BUY)
            out.append(SELL)
            out.sort(key=texts(state).__getitem__)
        return out
    if ph == "offer":
        return [DONE] + [OFFER[c] for c in sorted(state.matching_cards(seat), key=str)]
    if ph == "gallery":
        return [SPACE[i] for i in range(12) if p.gallery[i] < 0]
    if ph == "salvage":
        kinds = sorted({(TC[t], TV[t]) for t in state.tile_discard}, key=lambda cv: (K.COLOURS[cv[0]], cv[1]))
        return [SALVAGE[cv] for cv in kinds]
    if ph == "exhibit":
        return [EXHIBIT[c] for c in (K.BLUE, K.YELLOW, K.RED, K.GREEN)]  # ceramics maps paintings sculptures
    if ph == "errand":
        return [DONE] + [ERRAND[c] for c in sorted(set(p.hand), key=str)]
    if ph == "swap":
        if state.rules_version < 2:  # version 1: give up an errand and/or run one, in any order
            out = [ERRAND[c] for c in set(p.hand)] if len(p.errands) < state.errand_limit(seat) else []
            out += [] if state.dropped else [DROP[c] for c in set(p.errands)]
            out.append(DONE)
        # the award is a swap: give up one running errand, then run another in its place
        elif state.dropped:
            out = [ERRAND[c] for c in set(p.hand)]
        else:
            out = [DONE] + [DROP[c] for c in set(p.errands)]
        out.sort(key=texts(state).__getitem__)
        return out
    if ph == "board":
        taken = {q.board for q in state.players}
        return [CHOOSE[b] for b in (1, 0, 2, 3) if b not in taken]  # badger fox owl stag
    return []


def route(state: SquireState, seat: int, target: int) -> list[tuple[int, str]]:
    """The steps of a shortest journey from `seat`'s city to `target` that
    `seat` can take now, as (city, ticket it takes); it stops where the
    next step is not legal (no ticket left, or not allowed). [] if none."""
    p = state.players[seat]
    if p.pos < 0 or p.pos == target or state.phase != "move":
        return []
    adj = K.ADJ[state.map_key]
    back = {p.pos: p.pos}
    frontier = [p.pos]
    while frontier and target not in back:
        nxt = []
        for a in frontier:
            for b, _ in adj[a]:
                if b not in back:
                    back[b] = a
                    nxt.append(b)
        frontier = nxt
    if target not in back:
        return []
    path = [target]
    while path[-1] != p.pos:
        path.append(back[path[-1]])
    path.reverse()
    probe = state.clone()
    steps: list[tuple[int, str]] = []
    for city in path[1:]:
        if probe.phase != "move" or Go(city) not in probe.legal(seat):
            break
        steps.append((city, probe.step_ticket(seat, city)))
        probe.apply_trusted(seat, Go(city))
    return steps


def step_ticket(state: SquireState, seat: int, city: int) -> str:
    """What a step from `seat`'s city to the neighbouring `city` costs now:
    'free sea crossing', 'Royal ticket' (kept) or 'common ticket' (spent)."""
    p = state.players[seat]
    sea = next((s for nb, s in K.ADJ[state.map_key][p.pos] if nb == city), False)
    if sea and state.free_sea(seat):
        return "free sea crossing"
    if state.royal_used < p.royal_tickets:
        return "Royal ticket"
    return "common ticket"

