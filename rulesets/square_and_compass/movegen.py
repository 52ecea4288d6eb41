"""Which moves each step of a Square and Compass turn offers now, and quick
tests of whether a step can do anything (see state.py for the turn).

Each step ("part" of an action: take from a market, process, play a card,
complete a contract ...) has a generator that lists its moves in notation
order, picked from the prebuilt moves of moves.py (no sort, no new move
objects), and a cheaper test of whether it has a move at all, which a turn's
start asks for every action space. Both read the live position every time:
nothing is cached between moves.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import EMPTY
from rulesets.square_and_compass.moves import (
    BURN_RESOURCES,
    BURN_THP,
    BURNS,
    CARD_ORDER,
    CARD_RANK,
    CONVERTS,
    DUPS,
    FOREMAN,
    KIND_ORDER,
    LOOTS,
    PASS,
    PERK,
    PLAY_RANK,
    PLAYS,
    PROCESSES,
    SOLARS,
    TAKE_CONTRACT,
    TAKE_RESOURCE,
    TAKE_TECH,
    TARGETS,
    TEXT,
    TURN_ORDER,
    Build,
    Place,
)

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState, Player


COST_PAIRS = tuple(tuple((k, n) for k, n in enumerate(c.cost) if n) for c in K.CONTRACTS)
"""Per contract, (material kind, number) for each kind it asks for."""


ARCH_PASSIVES: dict[int, frozenset[str]] = {EMPTY: frozenset()} | {a: frozenset(arch.passives) for a, arch in enumerate(K.ARCHITECTS)}
"""Per architect (EMPTY: none yet), its passive perks."""


def blueprints_for(architect: int, cid: int) -> int:
    """Blueprints the player of `architect` (EMPTY: none yet) must pay for
    contract `cid`: none for their own style, none for a mixed one with the
    mixed perk, one less of two with the blueprint-1 perk."""
    c = K.CONTRACTS[cid]
    passives = ARCH_PASSIVES[architect]
    if architect >= 0 and K.ARCHITECTS[architect].style == c.style:
        return 0
    if c.style == K.MIXED and "mixed" in passives:
        return 0
    if c.blueprints == 2 and "blueprint-1" in passives:
        return 1
    return c.blueprints


BLUEPRINTS_NEEDED = {
    a: tuple(blueprints_for(a, cid) for cid in range(len(K.CONTRACTS))) for a in (EMPTY, *range(len(K.ARCHITECTS)))
}
"""Per architect (EMPTY: none yet), the blueprints each contract needs."""


def take_moves(market: list[int], deck: list[Any], discard: list[int], moves: Sequence[Any]) -> list[Any]:
    """The take moves of a market (`moves`: one per stall, then the
    deck's top): stalls holding a card, and the deck if it can draw."""
    out = [moves[i] for i, c in enumerate(market) if c != EMPTY]
    if deck or discard:
        out.append(moves[-1])
    return out


def can_take(market: list[int], deck: list[Any], discard: list[int]) -> bool:
    """Whether a stall holds a card or the deck can draw."""
    return bool(deck or discard) or market.count(EMPTY) < len(market)


def res_moves(st: "CompassState", seat: int) -> list[Any]:
    return take_moves(st.res_market, st.res_deck, st.res_discard, TAKE_RESOURCE)


def res_possible(st: "CompassState", seat: int) -> bool:
    return can_take(st.res_market, st.res_deck, st.res_discard)


def res_n_moves(st: "CompassState", seat: int) -> list[Any]:
    out = [TAKE_RESOURCE[i] for i, c in enumerate(st.res_market) if c != EMPTY and c < K.SUST]
    if st.res_deck or st.res_discard:
        out.append(TAKE_RESOURCE[5])
    return out


def res_n_possible(st: "CompassState", seat: int) -> bool:
    return bool(st.res_deck or st.res_discard) or any(c != EMPTY and c < K.SUST for c in st.res_market)


def con_moves(st: "CompassState", seat: int) -> list[Any]:
    return take_moves(st.con_market, st.con_deck, st.con_discard, TAKE_CONTRACT)


def con_possible(st: "CompassState", seat: int) -> bool:
    return can_take(st.con_market, st.con_deck, st.con_discard)


def tech_moves(st: "CompassState", seat: int) -> list[Any]:
    return take_moves(st.thp_market, st.thp_deck, st.thp_discard, TAKE_TECH)


def tech_possible(st: "CompassState", seat: int) -> bool:
    return can_take(st.thp_market, st.thp_deck, st.thp_discard)


def proc_moves(st: "CompassState", seat: int) -> list[Any]:
    supply = st.supply
    return [PROCESSES[c] for c in sorted(set(st.players[seat].hand), key=CARD_RANK.__getitem__)
            if supply[c] > 0]


def proc_possible(st: "CompassState", seat: int) -> bool:
    supply = st.supply
    for c in st.players[seat].hand:
        if supply[c] > 0:
            return True
    return False


def pairs(p: "Player") -> list[int]:
    """Card codes `p` could convert two of (blueprints lying in front
    count), in notation order."""
    hand = p.hand
    cards = [c for c in set(hand) if hand.count(c) >= 2]
    if p.blueprints >= 2:
        cards.append(K.BLUEPRINT)
    cards.sort(key=CARD_RANK.__getitem__)
    return cards


def convert_moves(st: "CompassState", seat: int) -> list[Any]:
    supply = st.supply
    out: list[Any] = []
    for c in pairs(st.players[seat]):
        sust = K.SUST if K.SUST <= c < K.BLUEPRINT else 0
        row = CONVERTS[c]
        out += [row[k] for k in KIND_ORDER if supply[k + sust]]
    return out


def convert_possible(st: "CompassState", seat: int) -> bool:
    p, supply = st.players[seat], st.supply
    if p.blueprints >= 2 and any(supply[:K.SUST]):
        return True
    seen = set()
    for c in p.hand:
        if c in seen:  # two alike
            sust = K.SUST if c >= K.SUST else 0
            if any(supply[sust:sust + K.SUST]):
                return True
        seen.add(c)
    return False


def refine_moves(st: "CompassState", seat: int) -> list[Any]:
    return proc_moves(st, seat) + convert_moves(st, seat)


def refine_possible(st: "CompassState", seat: int) -> bool:
    return proc_possible(st, seat) or convert_possible(st, seat)


def play_moves(st: "CompassState", seat: int) -> list[Any]:
    cards = set(st.players[seat].thp)
    if st.rules_version >= 2:  # the Foreman works only when completing a contract (b12+dt)
        cards.discard(FOREMAN)
    return [PLAYS[c] for c in sorted(cards, key=PLAY_RANK.__getitem__)]


def play_possible(st: "CompassState", seat: int) -> bool:
    thp = st.players[seat].thp
    if st.rules_version >= 2:
        return any(c != FOREMAN for c in thp)
    return bool(thp)


def build_moves(st: "CompassState", seat: int) -> list[Any]:
    out = []
    for cid in sorted(st.players[seat].contracts):
        pay = st.payment(seat, cid)
        if pay is None:
            continue
        out.append(Build(cid))
        if st.payment(seat, cid, True) != pay:
            out.append(Build(cid, True))
    if st.rules_version >= 2 and FOREMAN in st.players[seat].thp:
        for cid in sorted(st.players[seat].contracts):
            for k in range(K.SUST):
                pay = st.payment(seat, cid, False, k)
                if pay is None:
                    continue
                out.append(Build(cid, False, k))
                if st.payment(seat, cid, True, k) != pay:
                    out.append(Build(cid, True, k))
    out.sort(key=TEXT.__getitem__)
    return out


def can_pay(st: "CompassState", seat: int, cid: int) -> bool:
    """Whether `seat` has the materials and blueprints for contract
    `cid` (whether `payment` gives one)."""
    p = st.players[seat]
    if p.blueprints < BLUEPRINTS_NEEDED[p.architect][cid]:
        return False
    mats = p.materials
    for k, need in COST_PAIRS[cid]:
        if mats[k] + mats[k + K.SUST] < need:
            return False
    return True


def build_shortfall(st: "CompassState", seat: int) -> str:
    """Why `seat` can complete no contract now, in words: no contract in
    hand, or what the nearest one still lacks ('Boston City Hall needs 1
    more block')."""
    p = st.players[seat]
    if not p.contracts:
        return "you hold no building contract (take one at Draftsman or Project Manager)"
    lacks: list[tuple[int, str, list[str]]] = []
    for cid in sorted(p.contracts):
        short = []
        bp = BLUEPRINTS_NEEDED[p.architect][cid] - p.blueprints
        for k, need in COST_PAIRS[cid]:
            have = p.materials[k] + p.materials[k + K.SUST]
            if have < need:
                short.append(f"{need - have} more {K.MATERIAL_NAMES[k]}")
        if bp > 0:
            short.append(f"{bp} more blueprint{'s' if bp > 1 else ''}")
        missing = sum(int(w.split()[0]) for w in short)
        lacks.append((missing, K.CONTRACTS[cid].name, short))
    _, name, short = min(lacks, key=lambda t: t[0])  # the nearest of them
    if not short:
        return f"{name} cannot be paid for now"
    return f"{name} needs " + (f"{', '.join(short[:-1])} and {short[-1]}" if len(short) > 1 else short[0])


def build_possible(st: "CompassState", seat: int) -> bool:
    for cid in st.players[seat].contracts:
        if can_pay(st, seat, cid):
            return True
    if st.rules_version >= 2 and FOREMAN in st.players[seat].thp:
        return any(st.payment(seat, cid, False, k) is not None
                   for cid in st.players[seat].contracts for k in range(K.SUST))
    return False


def solar_moves(st: "CompassState", seat: int) -> list[Any]:
    mats, supply = st.players[seat].materials, st.supply
    return [SOLARS[a][b] for a in KIND_ORDER if mats[a] for b in KIND_ORDER if supply[b + K.SUST]]


def solar_possible(st: "CompassState", seat: int) -> bool:
    return any(st.players[seat].materials[:K.SUST]) and any(st.supply[K.SUST:])


def dup_moves(st: "CompassState", seat: int) -> list[Any]:
    mats, supply = st.players[seat].materials, st.supply
    return [DUPS[k] for k in KIND_ORDER if mats[k] and supply[k]]


def dup_possible(st: "CompassState", seat: int) -> bool:
    mats, supply = st.players[seat].materials, st.supply
    return any(mats[k] and supply[k] for k in range(K.SUST))


def steal_con_moves(st: "CompassState", seat: int) -> list[Any]:
    return [TARGETS[s] for s in st.targets(seat, st.neighbours(seat)) if st.players[s].contracts]


def steal_bp_moves(st: "CompassState", seat: int) -> list[Any]:
    return [TARGETS[s] for s in st.targets(seat, st.neighbours(seat)) if st.players[s].blueprints]


def burn_moves(st: "CompassState", seat: int) -> list[Any]:
    out = []
    for s in st.targets(seat, list(range(st.num_players))):
        q = st.players[s]
        if q.thp:  # `@2h` comes before `@2r`
            out.append(BURNS[s][BURN_THP])
        if q.hand:
            out.append(BURNS[s][BURN_RESOURCES])
    return out


def steal_mat_moves(st: "CompassState", seat: int) -> list[Any]:
    out = []
    for s in st.targets(seat, st.neighbours(seat)):
        mats, row = st.players[s].materials, LOOTS[s]
        out += [row[m] for m in CARD_ORDER if m != K.BLUEPRINT and mats[m]]
    return out


def has_a_move(moves: Callable[["CompassState", int], list[Any]]) -> Callable[["CompassState", int], bool]:
    """A step's test made from its move list (for the rare hazards)."""
    return lambda st, seat: bool(moves(st, seat))


def glass_moves(st: "CompassState", seat: int) -> list[Any]:
    return []


def glass_possible(st: "CompassState", seat: int) -> bool:
    return bool(st.supply[4])


PART_MOVES: dict[str, Callable[["CompassState", int], list[Any]]] = {
    "harvest": res_moves,
    "res": res_moves,
    "res_n": res_n_moves,
    "con": con_moves,
    "tech": tech_moves,
    "proc": proc_moves,
    "refine1": refine_moves,
    "refine2": refine_moves,
    "convert": convert_moves,
    "play": play_moves,
    "build": build_moves,
    "solar": solar_moves,
    "dup": dup_moves,
    "steal_con": steal_con_moves,
    "steal_bp": steal_bp_moves,
    "burn": burn_moves,
    "steal_mat": steal_mat_moves,
    "glass": glass_moves,
}
"""Each step's move generator (the moves in notation order)."""
PART_POSSIBLE: dict[str, Callable[["CompassState", int], bool]] = {
    "harvest": res_possible,
    "res": res_possible,
    "res_n": res_n_possible,
    "con": con_possible,
    "tech": tech_possible,
    "proc": proc_possible,
    "refine1": refine_possible,
    "refine2": refine_possible,
    "convert": convert_possible,
    "play": play_possible,
    "build": build_possible,
    "solar": solar_possible,
    "dup": dup_possible,
    "steal_con": has_a_move(steal_con_moves),
    "steal_bp": has_a_move(steal_bp_moves),
    "burn": has_a_move(burn_moves),
    "steal_mat": has_a_move(steal_mat_moves),
    "glass": glass_possible,
}
"""Each step's quick test of whether it has a move (the hazards' steps,
rare, list their moves)."""
PART_BASE = {base + opt: base for base in PART_MOVES for opt in ("", "?")}
"""A step's name without its optional mark."""
DONE_LAST = frozenset({"build"})
"""Optional steps whose moves all come before `done` in notation order."""


TURN_BASES = ("res", "res_n", "con", "tech", "proc", "convert", "play", "build", "solar", "glass")
"""The steps an action space or a perk can start with (as named in the
tables below: harvest takes like res, refine is proc or convert)."""
STEP_BIT = {base: 1 << i for i, base in enumerate(TURN_BASES)} | {"harvest": 1 << 0}
STEP_BIT |= {"refine1": STEP_BIT["proc"] | STEP_BIT["convert"], "refine2": STEP_BIT["proc"] | STEP_BIT["convert"]}
"""The bits, in the mask of steps that could do something, that a step needs
(any one of them)."""
PASS_BIT = 1 << len(TURN_BASES)
PERK_BIT = PASS_BIT << 1


def _needs(parts: Sequence[str]) -> int:
    """The bits of which any one lets an action or a perk do something."""
    out = 0
    for part in parts:
        out |= STEP_BIT[part.rstrip("?")]
    return out


ACTION_NEEDS = _needs([part for a in K.ACTIONS for part in a.parts])
"""The bits of the steps some action space starts with."""
TURN_TESTS = tuple((STEP_BIT[base], PART_POSSIBLE[base]) for base in TURN_BASES if STEP_BIT[base] & ACTION_NEEDS)
"""The step tests a turn's start asks, with their bits."""
PERK_TESTS = tuple((STEP_BIT[base], PART_POSSIBLE[base]) for base in TURN_BASES if not STEP_BIT[base] & ACTION_NEEDS)
"""The step tests asked only when the perk starts with the step (solar, glass)."""
PERK_NEEDS = {a: _needs(K.PERKS[arch.perk][2]) for a, arch in enumerate(K.ARCHITECTS)} | {EMPTY: 0}
"""Per architect, the bits its active perk needs."""


def _plan_row(mv: object) -> tuple[object, int, int]:
    """A turn's start move, its action space (-1: none) and the bits it needs."""
    if mv is PASS:
        return mv, -1, PASS_BIT
    if mv is PERK:
        return mv, -1, PERK_BIT
    assert isinstance(mv, Place)
    return mv, mv.action, _needs(K.ACTIONS[mv.action].parts)


TURN_PLAN = tuple(_plan_row(mv) for mv in TURN_ORDER)
"""A turn's start: each move in notation order, its action space (-1: none)
and the bits it needs."""
