"""Square Masons' moves and their notation (one canonical text each).

Draft     `cw` / `ccw`      the first player's direction for the round
          `money` `order` `stone` `market` `x2`   a sealed draft pick
          `pair-MS`         double these cards with your x2 cards (M O S K)
Rewards   `tie2`            the Order holder gives a tied reward (or block) to seat 2
Auction   `offer-IOT`       the Market holder's blocks on offer (spaces 1, 2, 3)
          `bid2-3`          sealed: die on space 2, bid 3 coins;  `withdraw`
Build     `b3r1`            lay the piece in hand: bounding box's top-left at b3,
                            orientation r0..r3 (turned), f0..f3 (flipped, turned);
                            a stone is just `b3`
          `res`             put the block you won in your reserve
          `mv-b3`           relocate / rotate / flip the construction piece on b3 (1 coin)
          `out-b3`          move that piece to the reserve (1 coin)
          `del-b3`          discard that piece (1 coin)
          `in-T` `in-stone` bring a reserve block or stone into construction (1 coin)
          `sw-b3-T`         swap the piece on b3 with reserve block T (1 coin)
          `drop-T` `drop-stone`  discard from the reserve (free)
          `claim-bank`      claim the structure your construction zone shows
          `end`             end building (your town abilities follow)
Abilities `sell` `buy-T` `donate` `skip`

Moves are frozen dataclasses, not NamedTuples: `in-T` and `drop-T` hold the
same field and must still be different moves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Union

from engine.errors import InvalidMoveError
from engine.numbers import is_number, number_in
from rulesets.square_masons.content import BLOCK_TYPES, CARD_LETTERS, CARD_TYPES, STRUCTURES
from rulesets.square_masons.geometry import ORIENT_CODES, cell_name, parse_cell

STONE_KIND = "stone"
"""The kind of a construction stone, beside the block letters."""


@dataclass(frozen=True, slots=True)
class Direction:
    """The first player's choice: +1 clockwise (to higher seats), -1 counter-clockwise."""

    step: int


@dataclass(frozen=True, slots=True)
class Pick:
    """A sealed draft pick of one card type."""

    card: int


@dataclass(frozen=True, slots=True)
class Pair:
    """Which non-x2 cards the x2 cards double: card letters, canonical order."""

    letters: str


@dataclass(frozen=True, slots=True)
class Tie:
    """The Order holder's tie-break: the seat that gets the reward or block."""

    seat: int


@dataclass(frozen=True, slots=True)
class Offer:
    """The Market holder's blocks for the auction spaces, in block order."""

    blocks: str


@dataclass(frozen=True, slots=True)
class Bid:
    """A sealed auction choice: die on `space` (1-based; 0 = withdraw) and a bid."""

    space: int
    amount: int


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay the piece in hand in the construction zone ('' code for a stone)."""

    code: str
    anchor: int


@dataclass(frozen=True, slots=True)
class ToReserve:
    """Put the won block in the reserve."""


@dataclass(frozen=True, slots=True)
class Relocate:
    """Lift the construction piece on `cell` to lay it again (paid)."""

    cell: int


@dataclass(frozen=True, slots=True)
class Store:
    """Move the construction piece on `cell` to the reserve (paid)."""

    cell: int


@dataclass(frozen=True, slots=True)
class Scrap:
    """Discard the construction piece on `cell` (paid)."""

    cell: int


@dataclass(frozen=True, slots=True)
class Take:
    """Take a reserve block (letter) or 'stone' into construction (paid)."""

    kind: str


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the construction piece on `cell` with reserve block `kind` (paid)."""

    cell: int
    kind: str


@dataclass(frozen=True, slots=True)
class Drop:
    """Discard a reserve block (letter) or a stone, free."""

    kind: str


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim the structure `sid` the construction zone shows."""

    sid: str


@dataclass(frozen=True, slots=True)
class End:
    """End building for this round."""


@dataclass(frozen=True, slots=True)
class Sell:
    """Scrapyard: sell a reserve stone for 3 coins."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Scrapyard: buy an unsold auction block for 3 coins."""

    kind: str


@dataclass(frozen=True, slots=True)
class Donate:
    """Donation Center: 3 coins for 1 prestige."""


@dataclass(frozen=True, slots=True)
class Skip:
    """Do not use this Scrapyard or Donation Center."""


SmMove = Union[
    Direction, Pick, Pair, Tie, Offer, Bid, Lay, ToReserve, Relocate, Store, Scrap,
    Take, Swap, Drop, Claim, End, Sell, Buy, Donate, Skip,
]
END, RES, SELL, DONATE, SKIP = End(), ToReserve(), Sell(), Donate(), Skip()
WITHDRAW = Bid(0, 0)


def format_move(move: object) -> str:
    """The canonical notation of a Square Masons move."""
    if isinstance(move, Lay):
        return cell_name(move.anchor) + move.code
    if isinstance(move, Pick):
        return CARD_TYPES[move.card]
    if isinstance(move, Bid):
        return "withdraw" if move.space == 0 else f"bid{move.space}-{move.amount}"
    if isinstance(move, Relocate):
        return "mv-" + cell_name(move.cell)
    if isinstance(move, Store):
        return "out-" + cell_name(move.cell)
    if isinstance(move, Scrap):
        return "del-" + cell_name(move.cell)
    if isinstance(move, Take):
        return "in-" + move.kind
    if isinstance(move, Swap):
        return f"sw-{cell_name(move.cell)}-{move.kind}"
    if isinstance(move, Drop):
        return "drop-" + move.kind
    if isinstance(move, Claim):
        return "claim-" + move.sid
    if isinstance(move, End):
        return "end"
    if isinstance(move, ToReserve):
        return "res"
    if isinstance(move, Direction):
        return "cw" if move.step == 1 else "ccw"
    if isinstance(move, Pair):
        return "pair-" + move.letters
    if isinstance(move, Tie):
        return f"tie{move.seat + 1}"
    if isinstance(move, Offer):
        return "offer-" + move.blocks
    if isinstance(move, Sell):
        return "sell"
    if isinstance(move, Buy):
        return "buy-" + move.kind
    if isinstance(move, Donate):
        return "donate"
    if isinstance(move, Skip):
        return "skip"
    raise TypeError(f"not a Square Masons move: {move!r}")


_SIMPLE: dict[str, SmMove] = {
    "end": END, "res": RES, "sell": SELL, "donate": DONATE, "skip": SKIP,
    "withdraw": WITHDRAW, "cw": Direction(1), "ccw": Direction(-1),
}
_LAY = re.compile(r"^([a-z][0-9])(" + "|".join(ORIENT_CODES) + r")?$")
_BID = re.compile(r"^bid([1-9])-([0-9]{1,3})$")
_CELL_OP = re.compile(r"^(mv|out|del)-([a-z][0-9])$")
_KIND = "(stone|[" + BLOCK_TYPES.lower() + "])"
_KIND_OP = re.compile(r"^(in|drop|buy)-" + _KIND + "$")
_SWAP = re.compile(r"^sw-([a-z][0-9])-([" + BLOCK_TYPES.lower() + "])$")
_CELL_MOVES: dict[str, Callable[[int], SmMove]] = {"mv": Relocate, "out": Store, "del": Scrap}
_KIND_MOVES: dict[str, Callable[[str], SmMove]] = {"in": Take, "drop": Drop, "buy": Buy}


def _kind(text: str) -> str:
    return STONE_KIND if text == STONE_KIND else text.upper()


_WORDS = (
    tuple(_SIMPLE) + CARD_TYPES + tuple("claim-" + sid for sid in STRUCTURES)
    + tuple(f"tie{n}" for n in range(1, 10)) + ("bid", "pair-", "offer-", "sw-", "mv-", "out-", "del-", "in-", "drop-", "buy-")
)
"""The words a move begins with: text that is the start of one may be an abbreviation."""
_STARTED = re.compile(
    r"^(bid[1-9](-[0-9]{0,3})?|(mv|out|del)-[a-z][0-9]?|(in|drop|buy)-(s|st|sto|ston|[" + BLOCK_TYPES.lower() + r"])"
    r"|sw-[a-z]([0-9](-[" + BLOCK_TYPES.lower() + r"]?)?)?|[a-z]([0-9][rf]?)?|pair-[" + CARD_LETTERS[:4].lower() + r"]+"
    r"|offer-[" + BLOCK_TYPES.lower() + r"]+)$"
)
"""Moves with an argument, cut short."""


def parse_text(text: str) -> SmMove | None:
    """The move `text` spells exactly (any case); None when it is only the
    start of one (an abbreviation); InvalidMoveError when it cannot be
    Square Masons notation."""
    t = "".join(text.split()).lower()
    if t in _SIMPLE:
        return _SIMPLE[t]
    if t in CARD_TYPES:
        return Pick(CARD_TYPES.index(t))
    m = _LAY.match(t)
    if m:
        cell = parse_cell(m.group(1))
        if cell is None:
            raise syntax_error(text)
        return Lay(m.group(2) or "", cell)
    m = _BID.match(t)
    if m:
        return Bid(int(m.group(1)), int(m.group(2)))
    m = _CELL_OP.match(t)
    if m:
        cell = parse_cell(m.group(2))
        if cell is None:
            raise syntax_error(text)
        return _CELL_MOVES[m.group(1)](cell)
    m = _KIND_OP.match(t)
    if m:
        return _KIND_MOVES[m.group(1)](_kind(m.group(2)))
    m = _SWAP.match(t)
    if m:
        cell = parse_cell(m.group(1))
        if cell is None:
            raise syntax_error(text)
        return Swap(cell, m.group(2).upper())
    if t.startswith("tie") and is_number(t[3:]):  # ASCII digits: '²'.isdigit() is true, int('²') fails
        n = number_in(t[3:])  # within bounds: never int() of thousands of digits
        if n is None:
            raise syntax_error(text)
        return Tie(n - 1)
    if t.startswith("pair-") and t[5:] and all(ch in CARD_LETTERS[:4].lower() for ch in t[5:]):
        return Pair("".join(sorted(t[5:].upper(), key=CARD_LETTERS.index)))
    if t.startswith("offer-") and all(ch in BLOCK_TYPES.lower() for ch in t[6:]):
        return Offer("".join(sorted(t[6:].upper(), key=BLOCK_TYPES.index)))
    if t.startswith("claim-") and t[6:] in STRUCTURES:
        return Claim(t[6:])
    if t and (any(w.startswith(t) for w in _WORDS) or _STARTED.match(t)):
        return None
    raise syntax_error(text)


def syntax_error(text: str) -> InvalidMoveError:
    """The error for text that is no Square Masons move at all."""
    return InvalidMoveError(
        f"{text!r} is not Square Masons notation (e.g. cw, money, pair-MS, tie2, offer-IT, "
        "bid2-3, withdraw, b3r1, res, mv-b3, in-T, claim-bank, end, skip; see `tsquare rules square-masons`)"
    )
