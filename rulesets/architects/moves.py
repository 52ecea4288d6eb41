"""Architects' moves and their notation. A turn is several moves.

- bid:      `II=55`              sealed bid of 55 on board II (the auction)
- step:     `c4`                 move your client one line to space c4
- card:     `1g>c4`              play the 1 of glass on yourself, moving to c4;
            `10w>b4>c4`          the 10 and 11 (and 12–15) name every space passed
- toggle:   `9t:lo`              a 9 played to open/close: here the orange lines
- pair:     `5g+5s@2>e3`         a pair played on seat 2, whose client moves to e3;
            `5g+5s@2`            on seat 2 who cannot obey: no effect, discarded (rules v2)
- group:    `lb:3s+4t+5w`        three to five cards played together for an effect
            (effects: lb lo lg lr ld lines, sb sg sr sk spaces, ab ag ap pk areas,
            yf the yellow flip, run the 5-card run, sw2 swap clients with seat 2)
- discard:  `x7t`                discard the 7 of steel (a replacement is drawn)
- jump:     `j>e5` or `stay`     after landing on an active blue or glass space
- `end`                          end your turn

Cards are their number and suit letter: g glass, s stone, t steel, w wood.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Union

from engine.errors import InvalidMoveError
from rulesets.architects.board import NUMERALS
from rulesets.architects.content import CARD_CODES, SUIT_LETTERS, card_code, card_id


@dataclass(frozen=True, slots=True)
class Bid:
    """A sealed bid of `amount` on board `board` (0-based: 0 is board I)."""

    board: int
    amount: int


@dataclass(frozen=True, slots=True)
class Step:
    """Move the client one line, to the space named `to`."""

    to: str


@dataclass(frozen=True, slots=True)
class Single:
    """Play one card on yourself, moving along `path` (the spaces entered)."""

    card: int
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Toggle:
    """Play a 9 to open or close what effect code `effect` names."""

    card: int
    effect: str


@dataclass(frozen=True, slots=True)
class Pair:
    """Play a pair on seat `target`, whose client moves along `path` (empty:
    the target cannot obey, the cards have no effect; rules version 2 on)."""

    cards: tuple[int, int]
    target: int
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Group:
    """Play 3–5 cards together for `effect` (an effect code, 'yf', 'run' or
    'sw' with `target` the seat whose client is swapped)."""

    effect: str
    cards: tuple[int, ...]
    target: int = -1


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card (a replacement is drawn)."""

    card: int


@dataclass(frozen=True, slots=True)
class Jump:
    """Hyper-jump from the blue or glass space landed on to space `to`."""

    to: str


@dataclass(frozen=True, slots=True)
class Stay:
    """Stay on the blue or glass space landed on."""


@dataclass(frozen=True, slots=True)
class End:
    """End the turn."""


ArchitectsMove = Union[Bid, Step, Single, Toggle, Pair, Group, Discard, Jump, Stay, End]
STAY = Stay()
END = End()


def cards_text(cards: tuple[int, ...]) -> str:
    """'3s+4t+5w'."""
    return "+".join(map(CARD_CODES.__getitem__, cards))


@lru_cache(maxsize=65536)
def format_move(move: object) -> str:
    """The canonical notation of an Architects move."""
    if isinstance(move, Step):
        return move.to
    if isinstance(move, Single):
        return card_code(move.card) + "".join(">" + s for s in move.path)
    if isinstance(move, Toggle):
        return f"{card_code(move.card)}:{move.effect}"
    if isinstance(move, Pair):
        return f"{cards_text(move.cards)}@{move.target + 1}" + "".join(">" + s for s in move.path)
    if isinstance(move, Group):
        code = f"sw{move.target + 1}" if move.effect == "sw" else move.effect
        return f"{code}:{cards_text(move.cards)}"
    if isinstance(move, Discard):
        return "x" + card_code(move.card)
    if isinstance(move, Bid):
        return f"{NUMERALS[move.board]}={move.amount}"
    if isinstance(move, Jump):
        return f"j>{move.to}"
    if move == STAY:
        return "stay"
    if move == END:
        return "end"
    raise TypeError(f"not an Architects move: {move!r}")


_CARD = r"(?:1[0-5]|[1-9])[gstw]"
_SPACE = r"[a-j][1-7]"
_GRAMMAR = (
    (re.compile(rf"^({_SPACE})$"), "step"),
    (re.compile(rf"^({_CARD})((?:>{_SPACE}){{1,3}})$"), "single"),
    (re.compile(rf"^({_CARD}):([a-z]{{2}})$"), "toggle"),
    (re.compile(rf"^({_CARD})\+({_CARD})@([1-4])((?:>{_SPACE}){{0,3}})$"), "pair"),
    (re.compile(rf"^(lb|lo|lg|lr|ld|sb|sg|sr|sk|ab|ag|ap|pk|yf|run|sw[1-4]):({_CARD}(?:\+{_CARD}){{2,4}})$"), "group"),
    (re.compile(rf"^x({_CARD})$"), "discard"),
    (re.compile(r"^(i{1,3}|iv)=(\d{1,3})$"), "bid"),
    (re.compile(rf"^j>({_SPACE})$"), "jump"),
)
_PREFIX = re.compile(r"^([a-j][1-7]?|\d{1,2}[gstw]?[>+:@a-z0-9]*|[lsap][a-z]?.*|yf.*|run.*|sw.*|x.*|i{1,3}v?=?\d*|iv.*|j>?.*|st.*|e.*)$")


def parse_card(text: str) -> int:
    """Card id of '7t'."""
    return card_id(int(text[:-1]), SUIT_LETTERS.index(text[-1]))


def _path(text: str) -> tuple[str, ...]:
    return tuple(p for p in text.split(">") if p)


def parse_text(text: str) -> object | None:
    """The move `text` spells in full, or None when it may be the start of
    one; InvalidMoveError when it cannot be Architects notation."""
    t = "".join(text.split()).lower()
    if t == "end":
        return END
    if t == "stay":
        return STAY
    for rx, kind in _GRAMMAR:
        m = rx.match(t)
        if not m:
            continue
        g = m.groups()
        if kind == "step":
            return Step(g[0])
        if kind == "single":
            return Single(parse_card(g[0]), _path(g[1]))
        if kind == "toggle":
            return Toggle(parse_card(g[0]), g[1])
        if kind == "pair":
            a, b = sorted((parse_card(g[0]), parse_card(g[1])))
            return Pair((a, b), int(g[2]) - 1, _path(g[3]))
        if kind == "group":
            cards = tuple(sorted(parse_card(c) for c in g[1].split("+")))
            if g[0].startswith("sw"):
                return Group("sw", cards, int(g[0][2:]) - 1)
            return Group(g[0], cards)
        if kind == "discard":
            return Discard(parse_card(g[0]))
        if kind == "bid":
            return Bid(NUMERALS.index(g[0].upper()), int(g[1]))
        if kind == "jump":
            return Jump(g[0])
    if t and _PREFIX.match(t):
        return None
    raise InvalidMoveError(
        f"{text!r} is not Architects notation (e.g. c4, 1g>c4, 9t:lo, 5g+5s@2>e3, lb:3s+4t+5w, x7t, II=55, j>e5, stay, end)"
    )
