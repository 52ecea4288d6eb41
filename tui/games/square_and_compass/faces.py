"""Square and Compass drawn as the widget kit's data: cards for contracts,
technicians/hazards/projects, resources and architects; the players' table;
the legend. Pure functions of the (viewer's) state: nothing here decides a
rule, and every hidden slot is drawn face down (`is_hidden`)."""
from __future__ import annotations

from typing import Any, Sequence

from engine.core import seat_name
from engine.hidden import is_hidden
from rulesets.square_and_compass import content as K
from tui.widgets.card import CardFace
from tui.widgets.legend import LegendEntry
from tui.widgets.player_panel import PlayerInfo, Resource

STYLE_KIND = ("blue", "grey", "purple", "yellow", "red", "white")
"""Palette kind of each style: modern, brutalist, gothic, classical, victorian, mixed."""
STYLE_SYMBOL = ("◇", "■", "▲", "Π", "♣", "✱")
"""A symbol per style, so styles read without colour."""
THP_KIND = {"technician": "cyan", "hazard": "red", "project": "green"}
THP_SYMBOL = {"technician": "⚙", "hazard": "⚠", "project": "☀"}
RES_KIND = ("green", "grey", "blue", "red", "yellow")
"""Palette kind of each resource kind: timber, stone, iron, clay, sand."""
SUST_MARK = "✿"
"""Before a sustainable resource or material."""
BLUEPRINT_MARK = "▦"
DECK_MARK = "╱"


def who(names: Sequence[str], seat: int) -> str:
    """A seat's name (the engine's 'Seat N' if none given)."""
    return names[seat] if seat < len(names) else seat_name(seat)


def resource_word(code: int) -> str:
    """'✿timber', 'stone', '▦blueprint'."""
    if code == K.BLUEPRINT:
        return BLUEPRINT_MARK + "blueprint"
    return (SUST_MARK if code >= K.SUST else "") + K.RESOURCE_NAMES[code % K.SUST]


def material_word(code: int) -> str:
    """'✿wood', 'block'."""
    return (SUST_MARK if code >= K.SUST else "") + K.MATERIAL_NAMES[code % K.SUST]


def cost_words(cid: int) -> str:
    """'2 glass 1 steel · 1 blueprint'."""
    c = K.CONTRACTS[cid]
    mats = " ".join(f"{n} {K.MATERIAL_NAMES[k]}" for k, n in enumerate(c.cost) if n)
    return f"{mats} · {c.blueprints}{BLUEPRINT_MARK}"


def lack_words(state: Any, seat: int, cid: int) -> str:
    """'lack 1 glass, 1▦' or 'ready to build' (from the state's shortfall)."""
    kinds, bps = state.shortfall(seat, cid)
    parts = [f"{n} {K.MATERIAL_NAMES[k]}" for k, n in enumerate(kinds) if n]
    if bps:
        parts.append(f"{bps}{BLUEPRINT_MARK}")
    return "lack " + ", ".join(parts) if parts else "ready to build"


def contract_face(cid: Any, key: str = "", note: str = "") -> CardFace:
    """A building contract as a card: style, name, VP, cost (and `note`)."""
    if is_hidden(cid) or cid < 0:
        return CardFace("?", key=key)
    c = K.CONTRACTS[cid]
    special = " ★special" if cid in K.SPECIALS else ""
    text = cost_words(cid) + (f" · {note}" if note else "")
    return CardFace(c.name, f"{c.vp} VP", text + special, kind=STYLE_KIND[c.style],
                    symbol=STYLE_SYMBOL[c.style], kind_word=K.STYLES[c.style], key=key)


def thp_face(card: Any, key: str = "") -> CardFace:
    """A technician, hazard or project card."""
    if is_hidden(card) or card < 0:
        return CardFace("?", key=key)
    c = K.CARDS[card]
    value = f"{c.vp} VP" if c.vp else c.code
    return CardFace(c.name, value, c.text, kind=THP_KIND[c.kind], symbol=THP_SYMBOL[c.kind],
                    kind_word=c.kind, key=key)


def resource_face(code: int, key: str = "") -> CardFace:
    """A resource card of the market."""
    if code < 0:
        return CardFace("empty", key=key)
    if code == K.BLUEPRINT:
        return CardFace("blueprint", f"{K.STARS[code]}☆", "pays a contract's blueprint need",
                        kind="cyan", symbol=BLUEPRINT_MARK, kind_word="blueprint", key=key)
    sust = code >= K.SUST
    name = K.RESOURCE_NAMES[code % K.SUST]
    text = f"processes into {'sustainable ' if sust else ''}{K.MATERIAL_NAMES[code % K.SUST]}"
    return CardFace(("✿" if sust else "") + name, f"{K.STARS[code]}☆", text, kind=RES_KIND[code % K.SUST],
                    symbol=SUST_MARK if sust else K.KINDS[code % K.SUST], kind_word="resource", key=key)


def deck_face(what: str, size: int, key: str = "") -> CardFace:
    """The face-down top of a deck, with its size (its row names what it holds)."""
    return CardFace("deck", str(size), f"draw the top {what} card, unseen ({size} left)", symbol=DECK_MARK,
                    kind_word="deck", key=key)


def architect_face(arch: int, key: str = "") -> CardFace:
    """An architect card: style, perk and passives."""
    a = K.ARCHITECTS[arch]
    perk = K.PERKS[a.perk]
    return CardFace(a.name, K.STYLES[a.style], f"perk: {perk[1]}",
                    kind=STYLE_KIND[a.style], symbol=STYLE_SYMBOL[a.style], kind_word="architect", key=key)


def built_by_style(built: Sequence[int]) -> str:
    """'◇modern 2 ▲gothic 1' (completed contracts by style)."""
    counts = [0] * len(K.STYLES)
    for c in built:
        counts[K.CONTRACTS[c].style] += 1
    return " ".join(f"{STYLE_SYMBOL[s]}{K.STYLES[s]} {n}" for s, n in enumerate(counts) if n) or "none yet"


def hand_words(hand: Sequence[Any]) -> str:
    """'2 stone, 1 ✿timber' (resource cards in hand)."""
    counts: dict[int, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{n} {resource_word(c)}" for c, n in sorted(counts.items())) or "none"


def materials_words(materials: Sequence[int]) -> str:
    """'2 block, 1 ✿wood' (material tokens held)."""
    return ", ".join(f"{n} {material_word(m)}" for m, n in enumerate(materials) if n) or "none"


def player_rows(state: Any, names: Sequence[str], viewer: int | None) -> list[PlayerInfo]:
    """Every player's public counts for the PlayerPanel's table."""
    acting = state.to_act()
    return [
        PlayerInfo(
            s, who(names, s), score=p.vp, to_act=s in acting, you=s == viewer,
            resources=(
                Resource("▤", len(p.hand), "cards", "card"),
                Resource("▣", sum(p.materials), "mats", "mat"),
                Resource("◆", p.gems, "gems", "gem"),
                Resource("⌂", len(p.built), "built"),
            ),
        )
        for s, p in enumerate(state.players)
    ]


def player_notes(state: Any, names: Sequence[str]) -> list[str]:
    """A line a player under the table: architect, first player, contracts
    and T/H/P cards in hand, blueprints, what they built by style."""
    lines = []
    for s, p in enumerate(state.players):
        arch = "no architect yet"
        if p.architect >= 0:
            a = K.ARCHITECTS[p.architect]
            arch = f"{STYLE_SYMBOL[a.style]} {a.name.split()[-1]} ({K.STYLES[a.style]})"
        first = " · first" if s == state.first else ""
        built = f" · built {built_by_style(p.built)}" if p.built else ""
        lines.append(f"{s + 1} {who(names, s)}: {arch}{first} · ▮{p.tiles_left}/{p.tiles} tiles · "
                     f"✉{len(p.contracts)} ⚙{len(p.thp)} {BLUEPRINT_MARK}{p.blueprints}{built}")
    return lines


LEGEND = (
    LegendEntry("▶", "cursor"),
    LegendEntry("1…5", "a player's tile"),
    LegendEntry("·", "room left"),
    LegendEntry("✗", "closed"),
    LegendEntry(SUST_MARK, "sustainable"),
    LegendEntry(BLUEPRINT_MARK, "blueprint"),
    LegendEntry("▤", "resource cards"),
    LegendEntry("▣", "materials"),
    LegendEntry("◆", "gems"),
    LegendEntry("⌂", "contracts built"),
    LegendEntry("✉", "contracts (deals) in hand"),
    LegendEntry("⚙", "technician", "kind-cyan"),
    LegendEntry("⚠", "hazard", "kind-red"),
    LegendEntry("☀", "project", "kind-green"),
    LegendEntry("▮", "tiles left"),
    LegendEntry("☆", "rarity"),
    LegendEntry(DECK_MARK, "a deck: cards left"),
    *(LegendEntry(sym, style, f"kind-{kind}") for sym, style, kind in zip(STYLE_SYMBOL, K.STYLES, STYLE_KIND)),
)
"""Every symbol the view draws."""
