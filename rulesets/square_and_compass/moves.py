"""Square and Compass's moves and their notation. A turn is a few moves:
place a tile (or use your perk, or pass), then the steps of that action.

- architect:  `hadid` `wright` ...           choose your architect (sealed)
- place:      `hv` `df` `hp` `rf` `ct` `hr` `bd` `sp` `fm` `pm` `sm` `ga`
              (or the action's name, e.g. `harvester`); `perk`; `pass`
- take:       `r1`..`r5` resource stall, `rd` the deck's top;
              `k1`..`k4` contract stall, `kd`; `h1` `h2` T/H/P stall, `hd`
- process:    `pt` a timber card into wood, `pet` a sustainable timber
- convert:    `xt-s` two timber into a block; `xet-s` two sustainable timber
              into a sustainable block; `xbp-c` two blueprints into a brick
- play:       `usv` play a Surveyor (u + the card's code)
- build:      `b12` complete contract 12 (sustainable materials first),
              `b12n` paying normal materials first; `b12+dt` (`b12n+dt`)
              with the Foreman duplicating a normal wood toward it (rules v2)
- effects:    `vt-s` normal wood -> sustainable block (Energy Consultant),
              `dt` duplicate a wood (Foreman), `@2` target seat 2 (Poacher,
              Copyist), `@2r` / `@2h` burn seat 2's resource / T/H/P card,
              `@2et` loot seat 2's sustainable wood
- discard:    `dk12` a contract, `dusv` a T/H/P card (over the hand limit)
- `done`      skip an optional step

Kinds: t timber/wood, s stone/block, i iron/steel, c clay/brick, g sand/glass;
`e` before a kind means sustainable; `bp` a blueprint.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import InvalidMoveError
from rulesets.square_and_compass.content import (
    ACTIONS,
    ARCHITECTS,
    CARDS,
    CONTRACTS,
    KINDS,
    card_code,
)


@dataclass(frozen=True, slots=True)
class ChooseArchitect:
    """Keep one of the two architects dealt to you (sealed)."""

    architect: int


@dataclass(frozen=True, slots=True)
class Place:
    """Put an action tile on an action space."""

    action: int


@dataclass(frozen=True, slots=True)
class Perk:
    """Use your architect's active perk (once a round, no tile)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: no more turns for you this round."""


@dataclass(frozen=True, slots=True)
class Done:
    """Skip an optional step."""


@dataclass(frozen=True, slots=True)
class TakeResource:
    """Take the card on resource stall 0..4, or the deck's top (5)."""

    stall: int


@dataclass(frozen=True, slots=True)
class TakeContract:
    """Take the contract on stall 0..3, or the deck's top (4)."""

    stall: int


@dataclass(frozen=True, slots=True)
class TakeTech:
    """Take the T/H/P card on stall 0..1, or the deck's top (2)."""

    stall: int


@dataclass(frozen=True, slots=True)
class Process:
    """Discard a resource card (code 0..9) for its material."""

    card: int


@dataclass(frozen=True, slots=True)
class Convert:
    """Discard two alike cards (code 0..10) for one material of `kind`
    (sustainable when the cards are)."""

    card: int
    kind: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play a T/H/P card of type `card` from your hand."""

    card: int


@dataclass(frozen=True, slots=True)
class Build:
    """Complete contract `contract` from your hand."""

    contract: int
    normal_first: bool = False
    """Pay with normal materials first (default: sustainable first)."""
    foreman: int = -1
    """Rules version 2: the material kind 0..4 the Foreman duplicates toward
    this contract (one normal token of it you hold counts twice); -1: none."""


@dataclass(frozen=True, slots=True)
class Solar:
    """Turn a normal material of kind `src` into a sustainable one of `dst`."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Dup:
    """Take a copy of one of your normal materials of `kind`."""

    kind: int


@dataclass(frozen=True, slots=True)
class Target:
    """Aim a hazard at `seat`; `what`: -1 none, 0 resources / 1 T/H/P cards
    (Arsonist), or a material code (Looter)."""

    seat: int
    what: int = -1


@dataclass(frozen=True, slots=True)
class DiscardContract:
    """Discard a contract from your hand (over the limit)."""

    contract: int


@dataclass(frozen=True, slots=True)
class DiscardTech:
    """Discard a T/H/P card of type `card` (over the limit)."""

    card: int


DONE = Done()
PASS = Pass()
PERK = Perk()
BURN_RESOURCES, BURN_THP = 0, 1


def _all_moves() -> list[tuple[object, str]]:
    out: list[tuple[object, str]] = [(DONE, "done"), (PASS, "pass"), (PERK, "perk")]
    out += [(ChooseArchitect(i), a.key) for i, a in enumerate(ARCHITECTS)]
    out += [(Place(i), a.code) for i, a in enumerate(ACTIONS)]
    out += [(TakeResource(i), f"r{i + 1}") for i in range(5)] + [(TakeResource(5), "rd")]
    out += [(TakeContract(i), f"k{i + 1}") for i in range(4)] + [(TakeContract(4), "kd")]
    out += [(TakeTech(i), f"h{i + 1}") for i in range(2)] + [(TakeTech(2), "hd")]
    out += [(Process(c), "p" + card_code(c)) for c in range(10)]
    for c in range(11):
        out += [(Convert(c, k), f"x{card_code(c)}-{KINDS[k]}") for k in range(5)]
    out += [(Play(i), "u" + c.code) for i, c in enumerate(CARDS)]
    for i in range(len(CONTRACTS)):
        out += [(Build(i), f"b{i + 1}"), (Build(i, True), f"b{i + 1}n"), (DiscardContract(i), f"dk{i + 1}")]
        out += [(Build(i, n, k), f"b{i + 1}{'n' if n else ''}+d{KINDS[k]}") for n in (False, True) for k in range(5)]
    out += [(DiscardTech(i), "du" + c.code) for i, c in enumerate(CARDS)]
    out += [(Solar(a, b), f"v{KINDS[a]}-{KINDS[b]}") for a in range(5) for b in range(5)]
    out += [(Dup(k), "d" + KINDS[k]) for k in range(5)]
    for s in range(5):
        out.append((Target(s), f"@{s + 1}"))
        out += [(Target(s, BURN_RESOURCES), f"@{s + 1}r"), (Target(s, BURN_THP), f"@{s + 1}h")]
        out += [(Target(s, 10 + m), f"@{s + 1}{card_code(m)}") for m in range(10)]
    return out


TEXT: dict[object, str] = {}
"""Every move -> its canonical notation."""
PARSE: dict[str, object] = {}
"""Every accepted spelling (lower case, no spaces) -> its move."""
for _mv, _text in _all_moves():
    TEXT[_mv] = _text
    PARSE[_text] = _mv
for _i, _a in enumerate(ACTIONS):
    PARSE["".join(_a.name.lower().split())] = Place(_i)
for _i, _c in enumerate(CARDS):
    PARSE["play" + _c.code] = Play(_i)

FOREMAN = next(i for i, c in enumerate(CARDS) if c.code == "fo")
"""The Foreman's card type: rules version 1 plays it as an action (`ufo`,
then `dt`); from version 2 it is used when completing a contract (`b12+dt`)."""
LOOT_BASE = 10
"""Target.what of the Looter is LOOT_BASE + material code."""

# Every move built once, and the orders that list them by notation: legal
# move generation picks from these tables and needs no sort.
PLACES = tuple(Place(a) for a in range(len(ACTIONS)))
TAKE_RESOURCE = tuple(TakeResource(i) for i in range(6))
TAKE_CONTRACT = tuple(TakeContract(i) for i in range(5))
TAKE_TECH = tuple(TakeTech(i) for i in range(3))
PROCESSES = tuple(Process(c) for c in range(10))
CONVERTS = tuple(tuple(Convert(c, k) for k in range(5)) for c in range(11))
PLAYS = tuple(Play(i) for i in range(len(CARDS)))
SOLARS = tuple(tuple(Solar(a, b) for b in range(5)) for a in range(5))
DUPS = tuple(Dup(k) for k in range(5))
TARGETS = tuple(Target(s) for s in range(5))
BURNS = tuple((Target(s, BURN_RESOURCES), Target(s, BURN_THP)) for s in range(5))
"""Per seat, the two Arsonist moves, indexed by `what`."""
LOOTS = tuple(tuple(Target(s, LOOT_BASE + m) for m in range(10)) for s in range(5))

TURN_ORDER: tuple[object, ...] = tuple(sorted((*PLACES, PASS, PERK), key=TEXT.__getitem__))
"""The moves of a turn's start, in notation order."""
KIND_ORDER = tuple(sorted(range(5), key=KINDS.__getitem__))
"""Material kinds 0..4 in notation order (c g i s t)."""
CARD_ORDER = tuple(sorted(range(11), key=card_code))
"""Resource card codes 0..10 in notation order (bp c ec eg ...)."""
CARD_RANK = tuple(CARD_ORDER.index(c) for c in range(11))
"""A resource card code's place in CARD_ORDER."""
PLAY_RANK = tuple(sorted(range(len(CARDS)), key=lambda i: CARDS[i].code).index(i) for i in range(len(CARDS)))
"""A T/H/P card type's place in notation order."""


def format_move(move: object) -> str:
    """The canonical notation of a Square and Compass move."""
    try:
        return TEXT[move]
    except KeyError:
        raise TypeError(f"not a Square and Compass move: {move!r}") from None


def parse_text(text: str) -> object | None:
    """The move `text` spells exactly, or None when it may be a prefix of
    one; InvalidMoveError when it cannot be this game's notation at all."""
    t = "".join(text.split()).lower()
    found = PARSE.get(t)
    if found is not None:
        return found
    if not t or not any(k.startswith(t) for k in PARSE):
        raise InvalidMoveError(
            f"{text!r} is not Square and Compass notation (e.g. hv, pass, r2, kd, pt, xbp-c, usv, b12, dk12, done)"
        )
    return None
