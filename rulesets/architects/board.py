"""Commission boards parsed from their written data (content.BOARD_SPECS):
spaces on a grid, lines with a forward direction, areas and flip links."""
from __future__ import annotations

import re
from dataclasses import dataclass

from rulesets.architects.content import BOARD_SPECS, BoardSpec

COLUMNS = "abcdefghij"
ROWS = 7
NUMERALS = ("I", "II", "III", "IV")
AREA_NAMES = {"": "main", "y": "yellow", "b": "blue", "g": "grey", "p": "purple", "k": "pink"}
AREA_EFFECT = {"b": "ab", "g": "ag", "p": "ap", "k": "pk"}
"""Area letter -> the effect code that opens it (yellow and main are always open)."""
KIND_NAMES = {"": "", "S": "start", "F": "finish", "b": "blue space", "g": "glass space", "r": "red-circled space", "k": "±black space"}
SPACE_EFFECT = {"b": "sb", "g": "sg", "r": "sr", "k": "sk"}
"""Special-space kind -> the effect code that activates it."""
LINE_EFFECT = {"b": "lb", "o": "lo", "g": "lg", "r": "lr"}
"""Line colour -> the effect code that activates it."""
COLOUR_NAMES = {"": "", "b": "blue", "o": "orange", "g": "green", "r": "red"}

_SPACE = re.compile(r"^([a-j])([1-7])=([SFbgrk]?)(\d{1,2})(?:/([ybgpk]))?$")
_LINE = re.compile(r"^([a-j][1-7])([>~])([a-j][1-7])(?::([bogr]))?$")


@dataclass(frozen=True, slots=True)
class Link:
    """One line seen from one end: where it leads and how moving along it counts."""

    to: int
    """The space at the other end."""
    forward: bool
    """Moving this way advances (True) or retreats (False)."""
    vertical: int
    """-1 ascending (up the page), +1 descending, 0 a horizontal line."""
    colour: str
    """'' plain, or b o g r."""
    dashed: bool
    """Crossable only while the dashed lines are open."""


@dataclass(frozen=True)
class Board:
    """A commission board ready for play (indices are space numbers)."""

    numeral: int
    title: str
    min_bid: int
    max_bid: int
    names: tuple[str, ...]
    """Space names ('c4'), in reading order."""
    xy: tuple[tuple[int, int], ...]
    """(column, row) of each space, 0-based, row 0 at the top."""
    values: tuple[int, ...]
    """The printed value of each space."""
    kinds: tuple[str, ...]
    """'' plain, S, F, b (blue), g (glass), r (red-circled), k (±black)."""
    areas: tuple[str, ...]
    """'' main, y yellow, b blue, g grey, p purple, k pink square."""
    links: tuple[tuple[Link, ...], ...]
    """The lines out of each space."""
    flips: dict[int, int]
    """Yellow flip partners (both directions)."""
    start: int
    finish: int
    red_chain: tuple[int, ...]
    """Red-circled spaces by rising number."""

    @property
    def roman(self) -> str:
        """'III'."""
        return NUMERALS[self.numeral - 1]

    def index(self, name: str) -> int:
        """Space number of 'c4'; KeyError if there is none."""
        return self.names.index(name)

    def link(self, a: int, b: int) -> Link | None:
        """The line from a to b, if any."""
        for ln in self.links[a]:
            if ln.to == b:
                return ln
        return None

    def of_kind(self, kind: str) -> tuple[int, ...]:
        """The spaces of a special kind."""
        return tuple(i for i, k in enumerate(self.kinds) if k == kind)

    def next_red(self, space: int) -> int:
        """The red-circled space with the next higher number (12 wraps to the lowest)."""
        chain = self.red_chain
        return chain[(chain.index(space) + 1) % len(chain)]


def parse_board(spec: BoardSpec) -> Board:
    """The Board a spec describes; ValueError naming the bad token."""
    cells: dict[tuple[int, int], tuple[str, str, int, str]] = {}
    for tok in spec.spaces.split():
        m = _SPACE.match(tok)
        if not m:
            raise ValueError(f"board {spec.numeral}: bad space {tok!r}")
        col, row, kind, value, area = m.groups()
        cells[(COLUMNS.index(col), int(row) - 1)] = (f"{col}{row}", kind, int(value), area or "")
    order = sorted(cells, key=lambda xy: (xy[1], xy[0]))
    names = tuple(cells[xy][0] for xy in order)
    idx = {n: i for i, n in enumerate(names)}
    links: list[list[Link]] = [[] for _ in names]
    for tok in spec.lines.split():
        m = _LINE.match(tok)
        if not m or m.group(1) not in idx or m.group(3) not in idx:
            raise ValueError(f"board {spec.numeral}: bad line {tok!r}")
        a, op, b, colour = m.groups()
        ia, ib = idx[a], idx[b]
        (xa, ya), (xb, yb) = order[ia], order[ib]
        if abs(xa - xb) + abs(ya - yb) != 1:
            raise ValueError(f"board {spec.numeral}: line {tok!r} joins spaces that are not neighbours")
        if ya == yb and xb < xa:
            raise ValueError(f"board {spec.numeral}: horizontal line {tok!r} must run forward to the right")
        vert = 0 if ya == yb else (1 if yb > ya else -1)
        dashed = op == "~"
        links[ia].append(Link(ib, True, vert, colour or "", dashed))
        links[ib].append(Link(ia, False, -vert, colour or "", dashed))
    flips: dict[int, int] = {}
    for tok in spec.flips.split():
        a, b = tok.split("|")
        flips[idx[a]] = idx[b]
        flips[idx[b]] = idx[a]
    kinds = tuple(cells[xy][1] for xy in order)
    values = tuple(cells[xy][2] for xy in order)
    reds = sorted((i for i, k in enumerate(kinds) if k == "r"), key=lambda i: values[i])
    return Board(
        numeral=spec.numeral,
        title=spec.title,
        min_bid=spec.min_bid,
        max_bid=spec.max_bid,
        names=names,
        xy=tuple(order),
        values=values,
        kinds=kinds,
        areas=tuple(cells[xy][3] for xy in order),
        links=tuple(tuple(sorted(ls, key=lambda ln: names[ln.to])) for ls in links),
        flips=flips,
        start=kinds.index("S"),
        finish=kinds.index("F"),
        red_chain=tuple(reds),
    )


BOARDS: tuple[Board, ...] = tuple(parse_board(s) for s in BOARD_SPECS)
"""The commission boards I–IV."""
SPACE_INDEX = tuple({n: i for i, n in enumerate(b.names)} for b in BOARDS)
"""Each board's space numbers by name."""
