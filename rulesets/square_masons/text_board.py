"""Square Masons as plain text, for `tsquare show` and logs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from engine.core import Event
from engine.events import for_reader
from engine.hidden import HIDDEN
from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_TYPES, CARD_TYPES
from rulesets.square_masons.geometry import H, W

if TYPE_CHECKING:
    from rulesets.square_masons.board import MasonBoard
    from rulesets.square_masons.state import SquareMasonsState


def zone_rows(b: "MasonBoard") -> list[str]:
    """The construction zone as rows of letters ('.' empty, '#' a stone)."""
    grid = [["."] * W for _ in range(H)]
    for kind, mask in b.construction:
        ch = "#" if kind == "stone" else kind
        for c in range(W * H):
            if mask >> c & 1:
                grid[c // W][c % W] = ch
    return ["".join(r) for r in grid]


def cards_text(cards: Sequence[int]) -> str:
    """'money, stone, ?' for card codes."""
    return ", ".join("?" if c == HIDDEN else CARD_TYPES[c] for c in cards) or "-"


def drafted_text(b: "MasonBoard") -> str:
    """'money 2, x2 1 (doubles M)'."""
    parts = [f"{CARD_TYPES[i]} {n}" for i, n in enumerate(b.drafted) if n]
    if b.face_down:
        parts.append(f"{len(b.face_down)} face down")
    if b.doubled:
        parts.append(f"x2 doubles {b.doubled}")
    return ", ".join(parts) or "-"


def render_text(state: "SquareMasonsState", seat: int | None, names: Sequence[str]) -> str:
    """The whole table as `seat` may see it."""
    n = state.num_players

    def name(s: int | None) -> str:
        if s is None:
            return "nobody"
        return names[s] if s < len(names) else f"Seat {s + 1}"

    lines = [
        f"Round {state.round}{f' of {state.round_limit}' if state.round_limit else ''}"
        f"{f' ({state.quiet_rounds} without prestige, {d.STALL_ROUNDS} end the game)' if state.quiet_rounds else ''}"
        f" · first player {name(state.first)} · "
        f"{'clockwise' if state.way == 1 else 'counter-clockwise'} · phase {state.phase}",
        f"Order: {name(state.order_holder)} · Market: {name(state.market_holder)} · "
        f"bank {state.bank} · stones {state.stone_supply} · prestige tokens {state.prestige_tokens}",
        "Supply: " + " ".join(f"{t}{k}" for t, k in zip(BLOCK_TYPES, state.supply)),
        "Towns left: " + ", ".join(f"{s.title} {k}" for s, k in zip(d.TOWNS, state.town_supply)),
        "Sanctuaries: " + ", ".join(
            f"{d.STRUCTURES[sid].title}" + (f" ({name(o)})" if (o := state.sanctuary_owner(sid)) is not None else "")
            for sid in state.sanctuaries
        ),
    ]
    if state.offer:
        spaces = []
        for i, (t, who) in enumerate(zip(state.offer, state.sold)):
            spaces.append(f"{i + 1}:{BLOCK_TYPES[t]}" + (f" (sold to {name(who)})" if who is not None else ""))
        lines.append("Auction: " + "  ".join(spaces))
    if state.phase == "draft":
        lines.append(f"Draft: pick {state.pick_no} of {d.HAND_SIZE} · {len(state.discard)} cards face down")
    lines.append("")
    for s, b in enumerate(state.boards):
        mark = ">" if s in state.to_act() else " "
        extra = []
        if state.phase == "draft":
            extra.append("chosen" if b.pick is not None else "choosing")
        if state.phase == "auction":
            extra.append("chosen" if b.bid is not None else "choosing")
        if b.won is not None:
            extra.append(f"won {BLOCK_TYPES[b.won]}")
        towns = ", ".join(f"{t.title}×{k}" for t, k in zip(d.TOWNS, b.towns) if k)
        sanct = ", ".join(d.STRUCTURES[x].title for x in b.sanctuaries)
        lines.append(
            f"{mark} {s + 1}. {name(s)}: prestige {b.prestige} · coins {b.coins} · stones {b.stones} · "
            f"reserve {''.join(t * k for t, k in zip(BLOCK_TYPES, b.reserve)) or '-'}"
            + (f" · {', '.join(extra)}" if extra else "")
        )
        lines.append(f"     drafted: {drafted_text(b)}")
        if b.hand:
            lines.append(f"     hand: {cards_text(b.hand)}")
        if seat == s and b.pick is not None and b.pick != HIDDEN:
            lines.append(f"     your sealed pick: {CARD_TYPES[b.pick]}")
        if seat == s and b.bid is not None and b.bid[0] != HIDDEN:
            lines.append("     your sealed choice: " + ("withdraw" if b.bid[0] == 0 else f"space {b.bid[0]}, bid {b.bid[1]}"))
        if towns or sanct:
            lines.append(f"     owns: {', '.join(x for x in (towns, sanct) if x)}")
    lines.append("")
    header = "    " + "  ".join(f"{s + 1}:{' ' * (W - 2)}" for s in range(n))
    lines.append(header.rstrip())
    cols = "    " + "  ".join("abcdef"[:W] for _ in range(n))
    lines.append(cols)
    zones = [zone_rows(b) for b in state.boards]
    for r in range(H):
        lines.append(f" {r + 1}  " + "  ".join(z[r] for z in zones))
    lines.append("")
    if state.phase == "over":
        lines.append(f"Game over: {Event(state.end_reason).render(names)}.")
    else:
        acting = state.to_act()
        acting_names = ", ".join(name(s) for s in acting)
        lines.append(f"To act: {acting_names} — {for_reader(state.prompt(acting[0]), acting[0], seat, names) if len(acting) == 1 else 'sealed choices'}.")
    return "\n".join(lines)
