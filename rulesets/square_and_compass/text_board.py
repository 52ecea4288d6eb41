"""Square and Compass as plain text, for `tsquare show` and the generic view."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rulesets.square_and_compass import content as K

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState


def cost_text(cid: int) -> str:
    """'g2 i1 c1 +1bp' (materials by kind letter, blueprints)."""
    c = K.CONTRACTS[cid]
    parts = [f"{K.KINDS[k]}{n}" for k, n in enumerate(c.cost) if n]
    return " ".join(parts) + f" +{c.blueprints}bp"


def contract_line(cid: int) -> str:
    """'#12 Bauhaus M4 g2 i1 c1 +1bp' (number, name, style letter and VP, cost)."""
    c = K.CONTRACTS[cid]
    return f"#{cid + 1} {c.name} {K.STYLE_LETTERS[c.style]}{c.vp} {cost_text(cid)}"


def materials_text(materials: Sequence[int]) -> str:
    """'2t 1es' (count and code of each material held)."""
    return " ".join(f"{n}{K.card_code(m)}" for m, n in enumerate(materials) if n) or "-"


def render_text(st: "CompassState", seat: int | None, names: Sequence[str]) -> str:
    """Board, markets, supply, then each player (own hand in full)."""

    def name(s: int) -> str:
        return names[s] if s < len(names) else f"Seat {s + 1}"

    late = ", ".join(
        K.ACTIONS[a].name + ("" if i < st.late_open else " (closed)") for i, a in enumerate(st.late_order)
    )
    lines = [f"Round {st.round} · first player {name(st.first)} · late actions in order: {late}"]
    lines.append(f"Action board (tiles by seat, room {st.num_players} each):")
    open_ = st.open_actions()
    cells = []
    for a, act in enumerate(K.ACTIONS):
        tiles = "".join(str(s + 1) for s in st.board[a])
        mark = "" if a in open_ else " closed"
        cells.append(f"{act.code} {act.name:<19} [{tiles:<5}]{mark}")
    for i in range(0, len(cells), 2):
        lines.append("  " + "   ".join(c.ljust(36) for c in cells[i:i + 2]).rstrip())
    stalls = "  ".join(f"r{i + 1} {K.card_code(c) if c >= 0 else '--'}" for i, c in enumerate(st.res_market))
    lines.append(f"Resources: {stalls} · deck {len(st.res_deck)}, discard {len(st.res_discard)}")
    lines.append(f"Contracts (deck {len(st.con_deck)}, discard {len(st.con_discard)}):")
    for i, c in enumerate(st.con_market):
        lines.append(f"  k{i + 1} {contract_line(c) if c >= 0 else '--'}")
    techs = "  ".join(
        f"h{i + 1} {K.CARDS[c].name} ({K.CARDS[c].code})" if c >= 0 else f"h{i + 1} --"
        for i, c in enumerate(st.thp_market)
    )
    lines.append(f"T/H/P: {techs} · deck {len(st.thp_deck)}")
    supply = " ".join(f"{K.card_code(m)}{n}" for m, n in enumerate(st.supply))
    lines.append(f"Supply: {supply} · gems {st.gem_bank}")
    lines.append("Kinds: t timber/wood s stone/block i iron/steel c clay/brick g sand/glass;"
                 " e = sustainable; bp blueprint")
    for s, p in enumerate(st.players):
        mark = ">" if s in st.to_act() else " "
        if p.architect >= 0:
            a = K.ARCHITECTS[p.architect]
            who = f"{a.name} ({K.STYLES[a.style]})"
        elif s == seat and p.options:
            who = "choosing: " + " or ".join(K.ARCHITECTS[o].key for o in p.options)
        else:
            who = "has chosen" if p.choice != -1 else "choosing an architect"
        state = "passed" if p.passed else f"tiles {p.tiles_left}/{p.tiles}"
        perk = "" if p.perk_used or p.architect < 0 else " perk ready"
        lines.append(f"{mark}{s + 1}. {name(s)} · {who} · {p.vp} VP · {state}{perk}")
        built = " ".join(f"{K.STYLE_LETTERS[K.CONTRACTS[c].style]}{K.CONTRACTS[c].vp}" for c in p.built) or "-"
        lines.append(f"    built {len(p.built)}: {built} · gems {p.gems} · blueprints {p.blueprints}"
                     f" · materials {materials_text(p.materials)}")
        if s == seat:
            hand = " ".join(K.card_code(c) for c in p.hand) or "-"
            lines.append(f"    hand: {hand} · T/H/P: {' '.join(K.CARDS[c].code for c in p.thp) or '-'}")
            for c in p.contracts:
                lines.append(f"    contract {contract_line(c)}")
        else:
            lines.append(f"    hand {len(p.hand)} cards · {len(p.contracts)} contracts · {len(p.thp)} T/H/P (hidden)")
    if st.phase == "over":
        lines.append(f"Game over: {st.end_reason}.")
    else:
        acting = st.to_act()
        lines.append(f"To act: {', '.join(name(s) for s in acting)} — {st.prompt(acting[0])}.")
    return "\n".join(lines)
