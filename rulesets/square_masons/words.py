"""Square Masons in words: the moves with what they cost from a position
(`describe_move`, read by the move lists of the CLI and the board view),
why a move is not legal (`explain_illegal`), what to do now (`prompt`) and
the names the events use (`P`, `card_word`, `piece_name`...)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.core import seat_name
from engine.words import a_or_an
from rulesets.square_masons import content as d
from rulesets.square_masons import moves as mv
from rulesets.square_masons.content import BLOCK_TYPES, CARD_LETTERS, CARD_TYPES
from rulesets.square_masons.geometry import cell_name
from rulesets.square_masons.moves import STONE_KIND, format_move

if TYPE_CHECKING:
    from rulesets.square_masons.board import MasonBoard
    from rulesets.square_masons.state import SquareMasonsState

def P(seat: int) -> str:
    """The {P1}.. placeholder for a seat in an event's text."""
    return f"{{P{seat + 1}}}"


ORIENT_WORDS = {
    "r0": "as drawn", "r1": "turned right", "r2": "turned upside down", "r3": "turned left",
    "f0": "flipped", "f1": "flipped, turned right", "f2": "flipped, upside down", "f3": "flipped, turned left",
}
"""Each orientation code in words (see RULES.md, Notation)."""
TOWN_WORDS = {"scrap": "Scrapyard", "refund": "Donation Center", "donate": "Donation Center",
              "bank": "Bank", "quarry": "Quarry"}
"""Which town card runs each ability step."""


CARD_WORDS = {"money": "Money", "order": "Order", "stone": "Stone", "market": "Market", "x2": "Double"}
"""Each draft card type by the name printed on it (the notation word is
the key: `x2` is the Double card)."""


def card_word(card: int) -> str:
    """A draft card by its name: 'Money', 'Double'."""
    return CARD_WORDS[CARD_TYPES[card]]


def a_card(card: int) -> str:
    """'a Money card', 'an Order card', 'a Double card'."""
    return a_or_an(f"{card_word(card)} card")


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


AUCTION_RULE = "Top bid wins the space and pays it; the others on it pay half, rounded up."
"""How a space of the auction is settled (the view shows it while bidding)."""


def sealed_bid_words(st: "SquareMasonsState", m: mv.Bid) -> str:
    """A sealed auction choice for its own seat's log: 'bid 2 coins on
    auction space 1 (the T block)' or 'withdraw from the auction'."""
    if m.space == 0:
        return "withdraw from the auction"
    return f"bid {coins(m.amount)} on auction space {m.space} (the {BLOCK_TYPES[st.offer[m.space - 1]]} block)"


def outbid_cost(amount: int) -> int:
    """What a bidder pays when outbid: half the bid, rounded up."""
    return (amount + 1) // 2


def describe_move(st: "SquareMasonsState", move: Any, seat: int) -> str:
    """`move` for `seat` in words, with its cost, from position `st`."""
    fn = _WORDS.get(type(move))
    if fn is None:
        return format_move(move)
    return fn(st, st.boards[seat], move)


def _direction(st: "SquareMasonsState", b: "MasonBoard", m: mv.Direction) -> str:
    if m.step == 1:
        return "clockwise this round (to higher seats)"
    return "counter-clockwise this round (to lower seats)"


def _pick(st: "SquareMasonsState", b: "MasonBoard", m: mv.Pick) -> str:
    card = CARD_TYPES[m.card]
    what = {
        "money": "+1 coin after the draft",
        "order": "toward the Order majority",
        "stone": "toward the stone majority",
        "market": "toward the Market majority",
        "x2": "doubles another card",
    }[card]
    return f"draft {a_card(m.card)} ({what})"


def _pair(st: "SquareMasonsState", b: "MasonBoard", m: mv.Pair) -> str:
    if not m.letters:
        return "no pairing"
    names = " and ".join(card_word(CARD_LETTERS.index(ch)) for ch in m.letters)
    return f"Double doubles {names} (each counts twice)"


def _tie(st: "SquareMasonsState", b: "MasonBoard", m: mv.Tie) -> str:
    if st.phase == "auction_tie":
        kind = BLOCK_TYPES[st.offer[st.space_no - 1]]
        return f"give the {kind} block on auction space {st.space_no} to {seat_name(m.seat)}"
    return f"give the {st.tie_kind} reward to {seat_name(m.seat)}"


def _offer(st: "SquareMasonsState", b: "MasonBoard", m: mv.Offer) -> str:
    if not m.blocks:
        return "offer nothing (the supply is empty)"
    return f"auction {', '.join(m.blocks)} on spaces 1–{len(m.blocks)}"


def _bid(st: "SquareMasonsState", b: "MasonBoard", m: mv.Bid) -> str:
    if m.space == 0:
        return f"withdraw from the auction (+{coins(d.WITHDRAW_COINS)})"
    kind = BLOCK_TYPES[st.offer[m.space - 1]]
    lose = outbid_cost(m.amount)
    return f"bid {coins(m.amount)} on auction space {m.space} ({kind} block); if outbid you pay {coins(lose)}"


def _lay(st: "SquareMasonsState", b: "MasonBoard", m: mv.Lay) -> str:
    kind = st.hand_kind
    cost = "free" if st.phase == "place_won" else "already paid"
    if kind == STONE_KIND:
        return f"lay a stone on {cell_name(m.anchor)} ({cost})"
    return f"lay the {kind} block on {cell_name(m.anchor)}, {ORIENT_WORDS[m.code]} ({cost})"


def _reserve(st: "SquareMasonsState", b: "MasonBoard", m: mv.ToReserve) -> str:
    return f"put the {st.hand_kind} block you won in your reserve (free)"


_PIECE_WORDS = {
    mv.Relocate: "move, turn or flip {piece} ({cost})",
    mv.Store: "move {piece} to your reserve ({cost})",
    mv.Scrap: "discard {piece} ({cost})",
}
"""The paid actions on a construction piece ({piece}: 'the L block on b3', {cost})."""
_KIND_WORDS = {
    mv.Take: "bring {kind} into construction ({cost})",
    mv.Drop: "discard {kind} from your reserve (free)",
}
"""The reserve actions ({kind}: 'the T block' or 'a stone')."""
_FIXED_WORDS = {
    mv.Sell: f"Scrapyard: sell a stone for {coins(d.SCRAP_PRICE)}",
    mv.Donate: f"Donation Center: donate {coins(d.DONATION_PRICE)} for 1 prestige",
}
"""Moves whose words never change."""


def _on_piece(st: "SquareMasonsState", b: "MasonBoard", m: Any) -> str:
    return _PIECE_WORDS[type(m)].format(piece=_piece_on(b, m.cell), cost=coins(d.ACTION_COST))


def _on_kind(st: "SquareMasonsState", b: "MasonBoard", m: Any) -> str:
    return _KIND_WORDS[type(m)].format(kind=piece_name(m.kind), cost=coins(d.ACTION_COST))


def _fixed(st: "SquareMasonsState", b: "MasonBoard", m: Any) -> str:
    return _FIXED_WORDS[type(m)]


def _swap(st: "SquareMasonsState", b: "MasonBoard", m: mv.Swap) -> str:
    return f"swap {_piece_on(b, m.cell)} with reserve {m.kind} ({coins(d.ACTION_COST)})"


def _claim(st: "SquareMasonsState", b: "MasonBoard", m: mv.Claim) -> str:
    s = d.STRUCTURES[m.sid]
    pts = d.TOWN_PRESTIGE if s.kind == "town" else d.SANCTUARY_PRESTIGE
    return f"claim the {s.title} (+{pts} prestige)"


def _end(st: "SquareMasonsState", b: "MasonBoard", m: mv.End) -> str:
    towns = [t.title for t, n in zip(d.TOWNS, b.towns) for _ in range(n)]
    if not towns:
        return "end your build turn"
    return "end your build turn (then: " + ", ".join(towns) + ")"


def _buy(st: "SquareMasonsState", b: "MasonBoard", m: mv.Buy) -> str:
    return f"Scrapyard: buy the unsold {m.kind} block ({coins(d.SCRAP_PRICE)})"


def _skip(st: "SquareMasonsState", b: "MasonBoard", m: mv.Skip) -> str:
    which = TOWN_WORDS.get(st.abilities[0], "ability") if st.abilities else "ability"
    return f"skip this {which}"


_WORDS: dict[type, Callable[..., str]] = {
    mv.Direction: _direction, mv.Pick: _pick, mv.Pair: _pair, mv.Tie: _tie, mv.Offer: _offer,
    mv.Bid: _bid, mv.Lay: _lay, mv.ToReserve: _reserve, mv.Swap: _swap, mv.Claim: _claim,
    mv.End: _end, mv.Buy: _buy, mv.Skip: _skip,
    **{t: _on_piece for t in _PIECE_WORDS}, **{t: _on_kind for t in _KIND_WORDS},
    **{t: _fixed for t in _FIXED_WORDS},
}
"""Per move type, its words."""


def prompt(st: "SquareMasonsState", seat: int) -> str:
    """What `seat` is to do now, or whom it waits for."""
    ph = st.phase
    if ph == "over":
        return "The game is over"
    if seat not in st.to_act():
        if ph in ("draft", "auction"):
            return "Wait: the others are still choosing"
        return f"Wait for Seat {st.actor + 1}"
    return {
        "direction": "Choose the direction of play for this round: clockwise or counter-clockwise",
        "draft": f"Draft pick {st.pick_no} of {d.HAND_SIZE}: choose a card (sealed)",
        "pair": "Choose which cards your x2 cards double",
        "tie": f"Break the tie for the {st.tie_kind} reward",
        "market": f"Choose {st.offer_size()} blocks to put up for auction",
        "auction": "Choose a block and a bid (sealed), or withdraw",
        "auction_tie": f"Break the tie for auction space {st.space_no}",
        "place_won": f"Lay your won {st.hand_kind} block, or put it in your reserve",
        "build": "Build: paid and free actions, claim a structure, or end",
        "lay": f"Lay the {st.hand_kind} in your construction zone",
        "ability": _ability_prompt(st),
    }.get(ph, "Choose a move")


def _ability_prompt(st: "SquareMasonsState") -> str:
    if st.abilities and st.abilities[0] == "scrap":
        return "Scrapyard: sell a stone, buy an unsold block, or skip"
    return "Donation Center: donate 3 coins for 1 prestige, or skip"


def explain_illegal(st: "SquareMasonsState", seat: int, move: Any) -> str:
    """Why a well-formed move is not legal, in a player's words."""
    b = st.boards[seat]
    try:
        text = format_move(move)
    except TypeError:
        return f"{move!r} is not a Square Masons move"
    t = type(move)
    if t is mv.Bid and st.phase == "auction":
        if move.space > len(st.offer):
            return f"there is no auction space {move.space} (spaces 1–{len(st.offer)})"
        return f"you have {b.coins} coin{'s' if b.coins != 1 else ''}, you cannot bid {move.amount}"
    if t is mv.Lay and st.phase in ("lay", "place_won"):
        if st.hand_kind == STONE_KIND and move.code:
            return "a stone has no orientation: give just the cell, e.g. b3"
        where = f"{cell_name(move.anchor)}, {ORIENT_WORDS[move.code]}" if move.code in ORIENT_WORDS else cell_name(move.anchor)
        return (f"the {st.hand_kind} block does not fit on {where} ({text}): it would stick out of the zone "
                "or cover another piece")
    if t is mv.ToReserve and st.phase == "place_won":
        return (f"your reserve is full ({d.RESERVE_BLOCKS} blocks): lay the block, or first make room "
                "by discarding a reserve block (free) or a construction piece (1 coin)")
    if t is mv.Pick and st.phase == "draft":
        return f"you have no {CARD_TYPES[move.card]} card in your hand"
    if t is mv.Claim and st.phase == "build":
        return (f"your construction zone does not show {a_or_an(d.STRUCTURES[move.sid].title)} you may claim "
                "(the layout exactly, with no other piece touching it)")
    if t in (mv.Relocate, mv.Store, mv.Scrap, mv.Take, mv.Swap) and st.phase == "build" and b.coins < d.ACTION_COST:
        return "that action costs 1 coin and you have none"
    if t is mv.Store and st.phase == "build" and b.reserve_blocks >= d.RESERVE_BLOCKS:
        return f"your reserve is full ({d.RESERVE_BLOCKS} blocks)"
    return f"{text} is not legal now ({st.prompt(seat)})"
