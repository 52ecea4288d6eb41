"""Square and Compass as plain text, for `tsquare show` and the generic
view: narrow (about 50 columns) and with what the viewer needs first."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rulesets.square_and_compass import content as K

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState

SHORT_NAMES = ("Harvester", "Draftsman", "Hand Plow", "Refinery", "Contractor", "Human Res.",
               "Build.Dept.", "Specialist", "Freemasonry", "Proj.Mgr.", "Saw Mill", "Gatherer")
"""Action names cut to fit two actions a line."""


def cost_text(cid: int) -> str:
    """'g2 i1 c1 +1bp' (materials by kind letter, blueprints)."""
    c = K.CONTRACTS[cid]
    parts = [f"{K.KINDS[k]}{n}" for k, n in enumerate(c.cost) if n]
    return " ".join(parts) + f" +{c.blueprints}bp"


def contract_line(cid: int) -> str:
    """'#1 Bauhaus M4 g2 i1 c1 +1bp' (number, name, style letter and VP, cost)."""
    c = K.CONTRACTS[cid]
    return f"#{cid + 1} {c.name} {K.STYLE_LETTERS[c.style]}{c.vp} {cost_text(cid)}"


def materials_text(materials: Sequence[int]) -> str:
    """'2t 1es' (count and code of each material held)."""
    return " ".join(f"{n}{K.card_code(m)}" for m, n in enumerate(materials) if n) or "-"


def built_text(built: Sequence[int]) -> str:
    """'M4 C3' (style letter and VP of each completed contract)."""
    return " ".join(f"{K.STYLE_LETTERS[K.CONTRACTS[c].style]}{K.CONTRACTS[c].vp}" for c in built) or "-"


def render_text(st: "CompassState", seat: int | None, names: Sequence[str]) -> str:
    """Who acts, your tableau, the markets, the action board, the supply,
    then every player's public state."""

    def name(s: int) -> str:
        return names[s] if s < len(names) else f"Seat {s + 1}"

    lines = []
    if st.phase == "over":
        lines.append(f"Game over: {st.end_reason}.")
    else:
        acting = st.to_act()
        who = ", ".join(name(s) for s in acting)
        lines.append(f"Round {st.round} · first {name(st.first)} · to act: {who}")
        if seat in acting:
            lines.append(f"> {st.prompt(seat)}")
    late = " ".join(K.ACTIONS[a].code for a in st.late_order)
    lines.append(f"Late actions open in order {late} ({st.late_open} open)")
    if seat is not None:
        p = st.players[seat]
        if p.architect < 0 and p.options:
            lines.append("You: choose " + " or ".join(K.ARCHITECTS[o].name for o in p.options))
        hand = " ".join(K.card_code(c) for c in p.hand) or "-"
        lines.append(f"Your hand: {hand} · T/H/P {' '.join(K.CARDS[c].code for c in p.thp) or '-'}")
        lines.append(f"Your materials {materials_text(p.materials)} · bp {p.blueprints}")
        for c in p.contracts:
            lines.append(f"  {contract_line(c)}")
    stalls = " ".join(f"r{i + 1} {K.card_code(c) if c >= 0 else '--'}" for i, c in enumerate(st.res_market))
    lines.append(f"Resources {stalls} · deck {len(st.res_deck)}")
    lines.append(f"Contracts (deck {len(st.con_deck)}):")
    for i, c in enumerate(st.con_market):
        lines.append(f"  k{i + 1} {contract_line(c) if c >= 0 else '--'}")
    techs = " ".join(f"h{i + 1} {K.CARDS[c].name if c >= 0 else '--'}" for i, c in enumerate(st.thp_market))
    lines.append(f"T/H/P {techs} · deck {len(st.thp_deck)}")
    lines.append(f"Actions (tiles by seat; room {st.num_players}; x closed):")
    open_ = st.open_actions()
    cells = []
    for a, act in enumerate(K.ACTIONS):
        tiles = "".join(str(s + 1) for s in st.board[a])
        mark = "x" if a not in open_ else " "
        cells.append(f"{act.code} {SHORT_NAMES[a]:<11} {mark}[{tiles:<5}]")
    for i in range(0, len(cells), 2):
        lines.append(" " + "  ".join(cells[i:i + 2]))
    lines.append("Supply " + " ".join(f"{K.card_code(m)}{n}" for m, n in enumerate(st.supply[:5])))
    lines.append("      " + " ".join(f"{K.card_code(m)}{n}" for m, n in enumerate(st.supply[5:], 5))
                 + f" · gems {st.gem_bank}")
    lines.append("t wood s block i steel c brick g glass; e sust.")
    for s, p in enumerate(st.players):
        mark = ">" if s in st.to_act() else " "
        if p.architect >= 0:
            chosen = K.ARCHITECTS[p.architect]
            arch = f"{chosen.name.split()[-1]} {K.STYLE_LETTERS[chosen.style]}"
        else:
            arch = "has chosen" if p.choice != -1 else "choosing"
        state = "passed" if p.passed else f"tiles {p.tiles_left}/{p.tiles}"
        perk = "" if p.perk_used or p.architect < 0 else " perk"
        lines.append(f"{mark}{s + 1} {name(s)} · {arch} · {p.vp} VP · {state}{perk}")
        lines.append(f"   built {len(p.built)} {built_text(p.built)} · gems {p.gems} · bp {p.blueprints}")
        hidden = "" if st.shows_secrets_of(s, seat) else " (hidden)"
        lines.append(f"   {materials_text(p.materials)} · hand {len(p.hand)} · {len(p.contracts)} contr."
                     f" · {len(p.thp)} T/H/P{hidden}")
        if seat is None and st.shows_secrets_of(s, seat):  # the whole truth (show --reveal)
            hand = " ".join(K.card_code(c) for c in p.hand) or "-"
            lines.append(f"   hand: {hand} · T/H/P {' '.join(K.CARDS[c].code for c in p.thp) or '-'}"
                         f" · contracts {' '.join(str(c + 1) for c in p.contracts) or '-'}")
    return "\n".join(lines)
