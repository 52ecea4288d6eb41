"""Square Masons' moves in words, with what they cost, from a position:
`describe_move` behind `SquareMasonsState.describe_move` (the move lists of
the CLI and the board view read these lines)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.core import seat_name
from rulesets.square_masons import data as d
from rulesets.square_masons.data import BLOCK_TYPES, CARD_LETTERS, CARD_TYPES
from rulesets.square_masons.geometry import cell_name
from rulesets.square_masons.moves import (
    STONE_KIND,
    Bid,
    Buy,
    Claim,
    Direction,
    Donate,
    Drop,
    End,
    Lay,
    Offer,
    Pair,
    Pick,
    Relocate,
    Scrap,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    Tie,
    ToReserve,
    format_move,
)

if TYPE_CHECKING:
    from rulesets.square_masons.state import MasonBoard, SquareMasonsState

ORIENT_WORDS = {
    "r0": "as drawn", "r1": "turned right", "r2": "turned upside down", "r3": "turned left",
    "f0": "flipped", "f1": "flipped, turned right", "f2": "flipped, upside down", "f3": "flipped, turned left",
}
"""Each orientation code in words (see RULES.md, Notation)."""
TOWN_WORDS = {"scrap": "Scrapyard", "refund": "Donation Center", "donate": "Donation Center",
              "bank": "Bank", "quarry": "Quarry"}
"""Which town card runs each ability step."""


def coins(n: int) -> str:
    """'1 coin', '2 coins'."""
    return f"{n} coin{'s' if n != 1 else ''}"


def piece_name(kind: str) -> str:
    """'the L block' or 'a stone'."""
    return "a stone" if kind == STONE_KIND else f"the {kind} block"


def _piece_on(b: "MasonBoard", cell: int) -> str:
    i = b.piece_at(cell)
    kind = b.construction[i][0] if i is not None else ""
    name = "the stone" if kind == STONE_KIND else (f"the {kind} block" if kind else "the piece")
    return f"{name} on {cell_name(cell)}"


def outbid_cost(amount: int) -> int:
    """What a bidder pays when outbid: half the bid, rounded up."""
    return (amount + 1) // 2


def describe_move(st: "SquareMasonsState", move: Any, seat: int) -> str:
    """`move` for `seat` in words, with its cost, from position `st`."""
    fn = _WORDS.get(type(move))
    if fn is None:
        return format_move(move)
    return fn(st, st.boards[seat], move)


def _direction(st: "SquareMasonsState", b: "MasonBoard", m: Direction) -> str:
    if m.step == 1:
        return "clockwise this round (to higher seats)"
    return "counter-clockwise this round (to lower seats)"


def _pick(st: "SquareMasonsState", b: "MasonBoard", m: Pick) -> str:
    card = CARD_TYPES[m.card]
    what = {
        "money": "+1 coin after the draft",
        "order": "toward the Order majority",
        "stone": "toward the stone majority",
        "market": "toward the Market majority",
        "x2": "doubles another card",
    }[card]
    return f"draft {'an' if card[0] in 'aeiox' else 'a'} {card} card ({what})"


def _pair(st: "SquareMasonsState", b: "MasonBoard", m: Pair) -> str:
    if not m.letters:
        return "no pairing"
    names = " and ".join(CARD_TYPES[CARD_LETTERS.index(ch)] for ch in m.letters)
    return f"x2 doubles {names} (each counts twice)"


def _tie(st: "SquareMasonsState", b: "MasonBoard", m: Tie) -> str:
    if st.phase == "auction_tie":
        kind = BLOCK_TYPES[st.offer[st.space_no - 1]]
        return f"give the {kind} block on auction space {st.space_no} to {seat_name(m.seat)}"
    return f"give the {st.tie_kind} reward to {seat_name(m.seat)}"


def _offer(st: "SquareMasonsState", b: "MasonBoard", m: Offer) -> str:
    if not m.blocks:
        return "offer nothing (the supply is empty)"
    return f"auction {', '.join(m.blocks)} on spaces 1–{len(m.blocks)}"


def _bid(st: "SquareMasonsState", b: "MasonBoard", m: Bid) -> str:
    if m.space == 0:
        return f"withdraw from the auction (+{coins(d.WITHDRAW_COINS)})"
    kind = BLOCK_TYPES[st.offer[m.space - 1]]
    lose = outbid_cost(m.amount)
    return f"bid {coins(m.amount)} on auction space {m.space} ({kind} block); if outbid you pay {coins(lose)}"


def _lay(st: "SquareMasonsState", b: "MasonBoard", m: Lay) -> str:
    kind = st.hand_kind
    cost = "free" if st.phase == "place_won" else "already paid"
    if kind == STONE_KIND:
        return f"lay a stone on {cell_name(m.anchor)} ({cost})"
    return f"lay the {kind} block on {cell_name(m.anchor)}, {ORIENT_WORDS[m.code]} ({cost})"


def _reserve(st: "SquareMasonsState", b: "MasonBoard", m: ToReserve) -> str:
    return f"put the {st.hand_kind} block you won in your reserve (free)"


def _relocate(st: "SquareMasonsState", b: "MasonBoard", m: Relocate) -> str:
    return f"move, turn or flip {_piece_on(b, m.cell)} ({coins(d.ACTION_COST)})"


def _store(st: "SquareMasonsState", b: "MasonBoard", m: Store) -> str:
    return f"move {_piece_on(b, m.cell)} to your reserve ({coins(d.ACTION_COST)})"


def _scrap(st: "SquareMasonsState", b: "MasonBoard", m: Scrap) -> str:
    return f"discard {_piece_on(b, m.cell)} ({coins(d.ACTION_COST)})"


def _take(st: "SquareMasonsState", b: "MasonBoard", m: Take) -> str:
    return f"bring {piece_name(m.kind)} into construction ({coins(d.ACTION_COST)})"


def _swap(st: "SquareMasonsState", b: "MasonBoard", m: Swap) -> str:
    return f"swap {_piece_on(b, m.cell)} with reserve {m.kind} ({coins(d.ACTION_COST)})"


def _drop(st: "SquareMasonsState", b: "MasonBoard", m: Drop) -> str:
    return f"discard {piece_name(m.kind)} from your reserve (free)"


def _claim(st: "SquareMasonsState", b: "MasonBoard", m: Claim) -> str:
    s = d.STRUCTURES[m.sid]
    pts = d.TOWN_PRESTIGE if s.kind == "town" else d.SANCTUARY_PRESTIGE
    return f"claim the {s.title} (+{pts} prestige)"


def _end(st: "SquareMasonsState", b: "MasonBoard", m: End) -> str:
    towns = [t.title for t, n in zip(d.TOWNS, b.towns) for _ in range(n)]
    if not towns:
        return "end your build turn"
    return "end your build turn (then: " + ", ".join(towns) + ")"


def _sell(st: "SquareMasonsState", b: "MasonBoard", m: Sell) -> str:
    return f"Scrapyard: sell a stone for {coins(d.SCRAP_PRICE)}"


def _buy(st: "SquareMasonsState", b: "MasonBoard", m: Buy) -> str:
    return f"Scrapyard: buy the unsold {m.kind} block ({coins(d.SCRAP_PRICE)})"


def _donate(st: "SquareMasonsState", b: "MasonBoard", m: Donate) -> str:
    return f"Donation Center: donate {coins(d.DONATION_PRICE)} for 1 prestige"


def _skip(st: "SquareMasonsState", b: "MasonBoard", m: Skip) -> str:
    which = TOWN_WORDS.get(st.abilities[0], "ability") if st.abilities else "ability"
    return f"skip this {which}"


_WORDS: dict[type, Callable[..., str]] = {
    Direction: _direction, Pick: _pick, Pair: _pair, Tie: _tie, Offer: _offer, Bid: _bid,
    Lay: _lay, ToReserve: _reserve, Relocate: _relocate, Store: _store, Scrap: _scrap,
    Take: _take, Swap: _swap, Drop: _drop, Claim: _claim, End: _end, Sell: _sell, Buy: _buy,
    Donate: _donate, Skip: _skip,
}
"""Per move type, its words."""
