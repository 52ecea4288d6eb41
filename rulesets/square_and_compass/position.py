"""Square and Compass's position in words, by parts (`describe_position`):
your tableau, the markets, the action board, the supply and every player,
for the plain-text mode (screen readers, braille displays, pipes)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from engine.core import seat_name
from engine.position import VICTORY_POINTS, Describer, words_list
from engine.words import plural
from rulesets.square_and_compass import content as K

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState


def contract_words(cid: int) -> str:
    """'Bauhaus, modern, 4 VP: needs 2 glass, 1 steel and 1 brick, and 1 blueprint'."""
    c = K.CONTRACTS[cid]
    cost = [f"{n} {K.MATERIAL_NAMES[k]}" for k, n in enumerate(c.cost) if n]
    return (f"{c.name}, {K.STYLES[c.style]}, {c.vp} VP: needs {words_list(cost)},"
            f" and {plural(c.blueprints, 'blueprint')} unless of your style")


def materials_words(materials: Sequence[int]) -> str:
    """'2 wood and 1 sustainable block'."""
    return words_list([f"{n} {K.material_name(m)}" for m, n in enumerate(materials) if n], "no materials")


def you_words(st: "CompassState") -> list[str]:
    """The viewer's architect, cards, materials and contracts."""
    seat = st.viewer
    if seat is None:
        return ["A spectator holds no cards; every hand is hidden."]
    p = st.players[seat]
    out = []
    if p.architect >= 0:
        a = K.ARCHITECTS[p.architect]
        out.append(f"Your architect: {a.name}, {K.STYLES[a.style]}.")
    elif p.options:
        out.append(f"Your architect to choose: {' or '.join(K.ARCHITECTS[o].name for o in p.options)}.")
    hand = words_list([K.card_name(c) for c in p.hand], "no cards")
    thp = "; ".join(f"{K.CARDS[c].name} ({K.CARDS[c].code}, {K.CARDS[c].kind}): {K.CARDS[c].text}"
                    for c in p.thp) or "none"
    out.append(f"Your resource cards: {hand}.")
    out.append(f"Your technician, hazard and project cards: {thp}.")
    out.append(f"Your materials: {materials_words(p.materials)}; {plural(p.blueprints, 'blueprint')}.")
    for cid in p.contracts:
        out.append(f"  Contract {cid + 1}: {contract_words(cid)}.")
    if not p.contracts:
        out.append("You hold no building contract.")
    return out


def markets_words(st: "CompassState") -> list[str]:
    """The resource, contract and T/H/P markets with their decks."""
    res = [f"r{i + 1} {K.card_name(c) if c >= 0 else 'empty'}" for i, c in enumerate(st.res_market)]
    out = [f"Resources: {'; '.join(res)}; deck {len(st.res_deck)}."]
    for i, c in enumerate(st.con_market):
        out.append(f"Contract k{i + 1}: " + (f"number {c + 1}, {contract_words(c)}." if c >= 0 else "empty."))
    out.append(f"Contract deck: {plural(len(st.con_deck), 'card')}.")
    for i, c in enumerate(st.thp_market):
        card = f"{K.CARDS[c].name} ({K.CARDS[c].kind}): {K.CARDS[c].text}." if c >= 0 else "empty."
        out.append(f"Technician, hazard or project card h{i + 1}: {card}")
    out.append(f"Technician, hazard and project deck: {plural(len(st.thp_deck), 'card')}.")
    return out


def actions_words(st: "CompassState") -> list[str]:
    """Each action space: open or closed, whose tiles are on it, what it does."""
    open_ = st.open_actions()
    late = words_list([K.ACTIONS[a].code for a in st.late_order])
    out = [f"Round {st.round}; first player {seat_name(st.first)}. Each action has room"
           f" for {plural(st.num_players, 'tile')}. Late actions open in the order {late}; {st.late_open} open."]
    for a, act in enumerate(K.ACTIONS):
        tiles = words_list([seat_name(s) for s in st.board[a]], "no tiles")
        state = "open" if a in open_ else "closed"
        out.append(f"{act.code} {act.name}, {state}, {tiles}: {act.text}.")
    return out


def supply_words(st: "CompassState") -> list[str]:
    """Material tokens and gems left in the supply."""
    return [f"Supply: {materials_words(st.supply)}; {plural(st.gem_bank, 'gem')}."]


def players_words(st: "CompassState") -> list[str]:
    """Each player's public state: architect, VP, tiles, built, gems, materials, card counts."""
    out = []
    for s, p in enumerate(st.players):
        if p.architect >= 0:
            a = K.ARCHITECTS[p.architect]
            arch = f"{a.name} ({K.STYLES[a.style]})"
        else:
            arch = "has chosen an architect, sealed" if p.choice != K.EMPTY else "choosing an architect"
        tiles = "passed" if p.passed else f"{p.tiles_left} of {plural(p.tiles, 'tile')} left this round"
        built = words_list([f"{K.CONTRACTS[c].name} ({K.STYLES[K.CONTRACTS[c].style]})" for c in p.built], "nothing")
        out.append(f"{seat_name(s)}: {arch}; {p.vp} VP; {tiles}. Built {built}. {plural(p.gems, 'gem')},"
                   f" {plural(p.blueprints, 'blueprint')}, {materials_words(p.materials)}."
                   f" Holds {plural(len(p.hand), 'resource card')}, {plural(len(p.contracts), 'contract')}"
                   f" and {plural(len(p.thp), 'technician, hazard or project card')}.")
    return out


PARTS: dict[str, Describer["CompassState"]] = {
    "you": you_words, "players": players_words, "markets": markets_words,
    "actions": actions_words, "supply": supply_words,
}
"""Square and Compass's parts, in the order `look` reads them."""


SPOKEN = (
    (re.compile(r"\bT/H/P\b|\btechnician/hazard/project\b"), "technician, hazard or project"),
    *VICTORY_POINTS,
)
"""Short forms as a listener hears them (`spoken_terms`): a screen reader
spells 'T/H/P' ('T slash H slash P') and 'VP' letter by letter."""
