"""Shared helpers for the Square and Compass tests: build positions by hand,
keeping every card, material and gem conserved."""
from __future__ import annotations

from collections import Counter

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import EMPTY
from rulesets.square_and_compass.state import CompassState

ARCH = K.ARCHITECT_BY_KEY
CON = K.CONTRACT_BY_NAME
CARD = K.CARD_BY_CODE


def code(text: str) -> int:
    """Card or material code from its notation: 't', 'et', 'bp'."""
    if text == "bp":
        return K.BLUEPRINT
    return K.KINDS.index(text[-1]) + (K.SUST if text.startswith("e") else 0)


def started(players: int = 3, archs: tuple[str, ...] = ("hadid", "kahn", "zwirner", "palladio", "barry"),
            seed: int = 1, clear: bool = True) -> CompassState:
    """A game past the architect choice, seat 0 to act in round 1; with
    `clear`, every hand emptied back into its deck (tests give what they need)
    and start materials returned."""
    st = CompassState.setup(players, seed)
    used = {ARCH[x] for x in archs[:players]}
    spare = [i for i in range(len(K.ARCHITECTS)) if i not in used]
    for s in range(players):
        st.players[s].options = sorted([ARCH[archs[s]], spare[s]])
    for s in range(players):
        st.apply(s, st.parse_move(archs[s], s))
    st.first = st.seat = 0
    if clear:
        for p in st.players:
            st.res_deck[:0] = p.hand + [K.BLUEPRINT] * p.blueprints
            p.hand, p.blueprints = [], 0
            st.thp_deck[:0] = p.thp
            p.thp = []
            for m in range(10):
                st.supply[m] += p.materials[m]
                p.materials[m] = 0
    return st


def give(st: CompassState, seat: int, hand: str = "", materials: str = "", blueprints: int = 0,
         contracts: tuple[str, ...] = (), thp: str = "") -> None:
    """Give `seat` resource cards ('t et s'), materials ('t t es'), blueprints,
    contracts by name and T/H/P cards by code ('sv po'), from decks and supply."""
    p = st.players[seat]
    for text in hand.split():
        c = code(text)
        st.res_deck.remove(c)
        p.hand.append(c)
    p.hand.sort()
    for _ in range(blueprints):
        st.res_deck.remove(K.BLUEPRINT)
        p.blueprints += 1
    for text in materials.split():
        m = code(text)
        st.supply[m] -= 1
        p.materials[m] += 1
    for name in contracts:
        cid = CON[name]
        if cid in st.con_market:
            st.con_market[st.con_market.index(cid)] = st.con_deck.pop(0)
        else:
            st.con_deck.remove(cid)
        p.contracts.append(cid)
    for text in thp.split():
        c = CARD[text]
        if c in st.thp_deck:
            st.thp_deck.remove(c)
        else:
            st.thp_market[st.thp_market.index(c)] = st.thp_deck.pop(0)
        p.thp.append(c)


def set_market(st: CompassState, cards: str) -> None:
    """Lay out the resource market ('t s bp et g'), swapping with the deck."""
    st.res_deck += [c for c in st.res_market if c != EMPTY]
    st.res_market = []
    for text in cards.split():
        c = code(text)
        st.res_deck.remove(c)
        st.res_market.append(c)


def conserved(st: CompassState) -> None:
    """Every card, material and gem is in exactly one place, none below 0."""
    res = Counter(st.res_deck) + Counter(st.res_discard) + Counter(c for c in st.res_market if c != EMPTY)
    for p in st.players:
        res += Counter(p.hand)
        res[K.BLUEPRINT] += p.blueprints
        assert K.BLUEPRINT not in p.hand
    assert res == Counter({c: n for c, n in K.RESOURCE_DECK.items()})
    cons = st.con_deck + st.con_discard + [c for c in st.con_market if c != EMPTY]
    cons += [c for p in st.players for c in p.contracts + p.built]
    assert sorted(cons) == list(range(len(K.CONTRACTS)))
    thp = Counter(st.thp_deck) + Counter(st.thp_discard) + Counter(c for c in st.thp_market if c != EMPTY)
    for p in st.players:
        thp += Counter(p.thp)
    assert thp == Counter({i: c.count for i, c in enumerate(K.CARDS)})
    for m in range(10):
        total = st.supply[m] + sum(p.materials[m] for p in st.players)
        assert total == (K.NORMAL_SUPPLY if m < K.SUST else K.SUSTAINABLE_SUPPLY)
        assert st.supply[m] >= 0 and all(p.materials[m] >= 0 for p in st.players)
    assert st.gem_bank + sum(p.gems for p in st.players) == K.GEMS and st.gem_bank >= 0


def play(st: CompassState, *texts: str) -> list:
    """Play moves by notation for the seat to act; return all events."""
    events = []
    for text in texts:
        seat = st.to_act()[0]
        events += st.apply(seat, st.parse_move(text, seat))
    return events


def texts(st: CompassState, seat: int | None = None) -> list[str]:
    """The legal moves' notation for `seat` (default: the seat to act)."""
    s = st.to_act()[0] if seat is None else seat
    return [st.format_move(m) for m in st.legal(s)]


def on_top(st: CompassState, text: str) -> None:
    """Move a card of the resource deck to its top (the next drawn)."""
    c = code(text)
    st.res_deck.remove(c)
    st.res_deck.append(c)
