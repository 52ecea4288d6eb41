"""Squire's moves and their notation. A turn is several moves (steps).

- board:      `fox` `badger` `owl` `stag`        choose a player board (setup)
- travel:     `lon`                               go to (first turn: start in) a city, by its code
- trade:      `buy` / `sell`                      the rarity in the city you end in
- offer:      `o7`                                play card 7's offer on this trade
- gallery:    `2b`                                put the new rarity on floor 2, column b
- salvage:    `r5`                                3rd-floor bonus: a red 5 from the discard pile
- exhibition: `paintings` `ceramics` `sculptures` `maps`
- errand:     `e7`                                run card 7 as an errand
- drop:       `x7`                                give up running errand 7 (to run another)
- `done`                                          end an optional step (offers, errands)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from engine.errors import InvalidMoveError
from rulesets.squire.content import (
    BOARDS,
    COLOUR_NAMES,
    COLOURS,
    COLUMN_LETTERS,
    EXHIBITABLE,
    MAPS,
    TYPE_NAMES,
    TYPE_PLURALS,
    GameMap,
)


@dataclass(frozen=True, slots=True)
class ChooseBoard:
    """Take a player board (setup)."""

    board: int


@dataclass(frozen=True, slots=True)
class Go:
    """Travel to a neighbouring city (or, on the first turn, start there)."""

    city: int


@dataclass(frozen=True, slots=True)
class Trade:
    """Buy (True) or sell (False) the rarity in the city you stand in."""

    buy: bool


@dataclass(frozen=True, slots=True)
class Offer:
    """Play a card's offer on this turn's trade."""

    card: int


@dataclass(frozen=True, slots=True)
class Done:
    """End an optional step."""


@dataclass(frozen=True, slots=True)
class Space:
    """Put the new rarity in gallery space `index` (floor * 4 + column)."""

    index: int


@dataclass(frozen=True, slots=True)
class Salvage:
    """Take a tile of this colour and value from the discard pile."""

    colour: int
    value: int


@dataclass(frozen=True, slots=True)
class Exhibit:
    """Hold an exhibition of this rarity colour."""

    colour: int


@dataclass(frozen=True, slots=True)
class Errand:
    """Run a card from your hand as an errand."""

    card: int


@dataclass(frozen=True, slots=True)
class Drop:
    """Discard one of your running errands (only to run another)."""

    card: int


SquireMove = Union[ChooseBoard, Go, Trade, Offer, Done, Space, Salvage, Exhibit, Errand, Drop]

DONE = Done()
BUY = Trade(True)
SELL = Trade(False)
CHOOSE = tuple(ChooseBoard(i) for i in range(len(BOARDS)))
GO = tuple(Go(i) for i in range(15))
OFFER = {i: Offer(i) for i in range(1, 43)}
ERRAND = {i: Errand(i) for i in range(1, 43)}
DROP = {i: Drop(i) for i in range(1, 43)}
SPACE = tuple(Space(i) for i in range(12))
EXHIBIT = {c: Exhibit(c) for c in EXHIBITABLE}
BOOKS = Exhibit(3)
"""An exhibition of rare books: named so it can be refused with a reason."""
SALVAGE = {(c, v): Salvage(c, v) for c in range(5) for v in range(2, 7)}


def space_name(index: int) -> str:
    """'2b' for floor 2, column b."""
    return f"{index // 4 + 1}{COLUMN_LETTERS[index % 4]}"


_FIXED: dict[object, str] = {DONE: "done", BUY: "buy", SELL: "sell"}
_FIXED.update({m: BOARDS[m.board].key for m in CHOOSE})
_FIXED.update({m: f"o{k}" for k, m in OFFER.items()})
_FIXED.update({m: f"e{k}" for k, m in ERRAND.items()})
_FIXED.update({m: f"x{k}" for k, m in DROP.items()})
_FIXED.update({m: space_name(m.index) for m in SPACE})
_FIXED.update({m: TYPE_PLURALS[c] for c, m in EXHIBIT.items()})
_FIXED.update({m: f"{COLOURS[c]}{v}" for (c, v), m in SALVAGE.items()})

TEXTS: dict[str, dict[object, str]] = {}
"""Per map key: notation of every move (city codes differ between maps)."""
PARSE: dict[str, dict[str, object]] = {}
"""Per map key: every accepted spelling (lower case, no spaces) → move."""
for _key, _map in MAPS.items():
    _t = dict(_FIXED)
    _t.update({GO[i]: c.code for i, c in enumerate(_map.cities)})
    TEXTS[_key] = _t
    _p = {text: mv for mv, text in _t.items()}
    for i, c in enumerate(_map.cities):
        _p["".join(c.name.lower().split())] = GO[i]
    for _kind in EXHIBITABLE:
        _p[TYPE_NAMES[_kind]] = EXHIBIT[_kind]
        _p[COLOUR_NAMES[_kind]] = EXHIBIT[_kind]
    _t[BOOKS] = "books"  # never legal: parsed so the refusal can say why
    _p["books"] = _p["book"] = BOOKS
    PARSE[_key] = _p

_SHAPE = re.compile(r"^([oex]\d{1,2}|[123][a-d]|[rygpb][2-6]|[a-z]+)$")


def format_move(move: object, game_map: GameMap) -> str:
    """The canonical notation of a Squire move."""
    try:
        return TEXTS[game_map.key][move]
    except KeyError:
        raise TypeError(f"not a Squire move: {move!r}") from None


def parse_text(text: str, game_map: GameMap) -> object | None:
    """The move `text` spells exactly, or None when it may be a prefix;
    InvalidMoveError when it cannot be Squire notation at all."""
    t = "".join(text.split()).lower()
    found = PARSE[game_map.key].get(t)
    if found is not None:
        return found
    if not t or not _SHAPE.match(t) or (t.isalpha() and not any(k.startswith(t) for k in PARSE[game_map.key])):
        raise InvalidMoveError(
            f"{text!r} is not Squire notation (a city code like {game_map.cities[0].code}, buy, sell, "
            "o7, e7, x7, 2b, r5, paintings, done)"
        )
    return None
