"""Architects' designed content, as data: the construction cards and their
texts, the architect cards, the bank and the four commission boards. Each
choice is explained in RULES.md."""
from __future__ import annotations

from typing import NamedTuple

PLAYING, FINISHED, BANKRUPT, BIDDING = "playing", "finished", "bankrupt", "bidding"
"""A player's status: walking a maze, arrived, out of the game, or still bidding for a board."""

# ------------------------------------------------------------------- cards
SUITS = ("glass", "stone", "steel", "wood")
"""The four suits, index 0..3."""
GLASS, STONE, STEEL, WOOD = range(4)
SUIT_LETTERS = ("g", "s", "t", "w")
"""Suit letters in notation: g glass, s stone, t steel (s is stone), w wood."""
NUMBERS = tuple(range(1, 16))
DECK_SIZE = 60
HAND_SIZE = 6
"""Cards in a full hand (rule 2, refilled after each play)."""


def card_number(card: int) -> int:
    """1..15 for card id 0..59."""
    return card // 4 + 1


def card_suit(card: int) -> int:
    """Suit index 0..3 of card id 0..59."""
    return card % 4


def card_id(number: int, suit: int) -> int:
    """The id of `number` of `suit`."""
    return (number - 1) * 4 + suit


def card_code(card: int) -> str:
    """'7t' for the 7 of steel."""
    return CARD_CODES[card]


CARD_CODES = tuple(f"{card_number(c)}{SUIT_LETTERS[card_suit(c)]}" for c in range(DECK_SIZE))
"""Every card's code, by id."""


class CardText(NamedTuple):
    """What a single construction card does (numbers 1–8, 10–15; 9 is per suit)."""

    steps: tuple[str, ...]
    """The kinds of the steps: one entry per step ('any', 'advance', 'retreat',
    'ascend', 'descend'; 'a|b' means either)."""
    both: bool
    """AND cards: two steps that must cover both named directions, in either order."""
    paid: str
    """'all' every step pays, 'last' only the last step, 'none' no step pays."""
    client_gain: int
    """Funds the client gains from the bank."""
    architect_pays: int
    """Funds the architect pays to the bank (the client covers a shortfall)."""
    text: str
    """The card's text, as printed."""


CARD_TEXTS: dict[int, CardText] = {
    1: CardText(("ascend|advance",), False, "all", 4, 0, "Ascend OR advance, client gains 4 funds from bank"),
    2: CardText(("retreat|ascend",), False, "all", 4, 0, "Retreat OR ascend, client gains 4 funds from bank"),
    3: CardText(("retreat|descend",), False, "all", 4, 0, "Retreat OR descend, client gains 4 funds from bank"),
    4: CardText(("descend|advance",), False, "all", 4, 0, "Descend OR advance, client gains 4 funds from bank"),
    5: CardText(("ascend|advance",), False, "all", 0, 4, "Ascend OR advance, architect pays 4 to bank"),
    6: CardText(("retreat|ascend",), False, "all", 0, 4, "Retreat OR ascend, architect pays 4 to bank"),
    7: CardText(("retreat|descend",), False, "all", 0, 4, "Retreat OR descend, architect pays 4 to bank"),
    8: CardText(("descend|advance",), False, "all", 0, 4, "Descend OR advance, architect pays 4 to bank"),
    10: CardText(("any", "any"), False, "last", 0, 0, "Move TWO spaces in any direction, pay cost or gain from the second move only"),
    11: CardText(("any", "any", "any"), False, "last", 0, 0, "Move THREE spaces in any direction, pay cost or gain from the third move only"),
    12: CardText(("advance", "descend"), True, "all", 0, 4, "Advance AND descend, architect pays 4 to bank"),
    13: CardText(("retreat", "descend"), True, "all", 0, 4, "Retreat AND descend, architect pays 4 to bank"),
    14: CardText(("advance", "ascend"), True, "all", 0, 4, "Advance AND ascend, architect pays 4 to bank"),
    15: CardText(("retreat", "ascend"), True, "all", 0, 4, "Retreat AND ascend, architect pays 4 to bank"),
}
"""The single-card texts of every number but 9."""

NINE_RETREAT = CardText(("retreat",), False, "none", 0, 0, "Retreat at no cost or gain")
"""The movement half of every 9."""
NINE_TOGGLES: dict[int, tuple[str, ...]] = {
    GLASS: ("ab", "ag", "ap", "pk"),
    STONE: ("ap",),
    STEEL: ("lb", "lo", "lg", "lr", "ld"),
    WOOD: ("sb", "sg", "sr", "sk"),
}
"""What each suit's 9 may open or close instead of retreating (effect codes)."""
NINE_TEXTS = {
    GLASS: "GLASS: Retreat at no cost or gain OR open or close any area",
    STONE: "STONE: Retreat at no cost or gain OR open or close the PURPLE area",
    STEEL: "STEEL: Retreat at no cost or gain OR open or close any line",
    WOOD: "WOOD: Retreat at no cost or gain OR open or close any colored space",
}


def card_text(card: int) -> str:
    """The printed text of card id `card`."""
    n = card_number(card)
    if n == 9:
        return "9 " + NINE_TEXTS[card_suit(card)]
    return f"{n}. {CARD_TEXTS[n].text}"


# ----------------------------------------------------------------- effects
EFFECTS: dict[str, str] = {
    "lb": "blue lines",
    "lo": "orange lines",
    "lg": "green lines",
    "lr": "red lines",
    "ld": "dashed lines",
    "sb": "blue spaces",
    "sg": "glass spaces",
    "sr": "red-circled spaces",
    "sk": "±black spaces",
    "ab": "blue areas",
    "ag": "grey area",
    "ap": "purple area",
    "pk": "pink squares",
}
"""The flags a card play turns on or off (effect code -> name)."""
LINE_OF_SUIT = {STONE: "lb", STEEL: "lo", GLASS: "lg", WOOD: "lr"}
"""3-card straight including this suit -> the line colour it toggles."""
SPACE_OF_SUIT = {STONE: "sb", GLASS: "sg", WOOD: "sr", STEEL: "sk"}
"""3-card flush of this suit -> the special spaces it toggles."""
AREA_OF_PAIRS: dict[frozenset[int], str] = {
    frozenset((STONE, WOOD)): "ab",
    frozenset((STONE, STEEL)): "ab",
    frozenset((GLASS, WOOD)): "ag",
    frozenset((GLASS, STEEL)): "ag",
    frozenset((STONE, GLASS)): "ap",
    frozenset((STEEL, WOOD)): "ap",
}
"""Two Two-of-a-Kinds (two cards of one suit each) -> the area they toggle."""
AREA_EFFECTS = ("ab", "ag", "ap", "pk")
"""The effects that open or close areas (closed for good in the endgame)."""
FLIP_GAIN = 4
"""The 4-card flush: the architect gains this from the bank."""
RUN_GAIN = 10
"""The 5-card run: the architect gains this from the bank."""

# -------------------------------------------------------------- architects
class Architect(NamedTuple):
    """An architect card: a real modern architect and the year of birth."""

    name: str
    born: int


ARCHITECTS = (
    Architect("Frank Lloyd Wright", 1867),
    Architect("Eileen Gray", 1878),
    Architect("Walter Gropius", 1883),
    Architect("Ludwig Mies van der Rohe", 1886),
    Architect("Le Corbusier", 1887),
    Architect("Alvar Aalto", 1898),
    Architect("Louis Kahn", 1901),
    Architect("Oscar Niemeyer", 1907),
)
"""Eight cards, oldest first; no two share a year, so every bid tie breaks."""

BANK_FUNDS = 600
"""The central bank's funds at the start (clients' funds come out of it)."""
ROUND_LIMIT = 40
"""Default stall stop: the game ends after this many rounds (option `rounds`)."""

# ------------------------------------------------------------------ boards
class BoardSpec(NamedTuple):
    """A commission board as written data (parsed by rulesets.architects.board).

    Space tokens are `NAME=VALUE[/AREA]`: NAME a column letter a–j and row
    1–7 (row 1 at the top); VALUE a number, or S/F (start, finish), b (blue
    space), g (glass space), r (red-circled, its number) or k (±black) then
    the number; AREA y yellow, b blue, g grey, p purple, k pink square.
    Line tokens are `A>B` (a line, forward from A to B) or `A~B` (a dashed
    line), then optionally `:b` `:o` `:g` `:r` for its colour. Horizontal
    lines always run forward to the right. Flip tokens are `A|B`: the dotted
    links between the yellow area's upper and lower halves.
    """

    numeral: int
    """1..4: turn order and the board's name (I–IV)."""
    title: str
    """The commission."""
    min_bid: int
    max_bid: int
    spaces: str
    lines: str
    flips: str


BOARD_SPECS: tuple[BoardSpec, ...] = (
    BoardSpec(
        1, "Villa on the Dunes", 40, 70,
        spaces="""
            d1=8/b e1=b9/b f1=10/b g1=9/b
            a2=2 b2=3 c2=r4 d2=4 e2=5 f2=k6 g2=4 h2=5 i2=3
            a3=S1/y b3=1/y c3=2/y d3=r2 e3=7/g f3=g6/g g3=3/k h3=4 i3=8/p j3=9/p
            d4=3 e4=6/g f4=9/g g4=4 h4=5 i4=6 j4=F10
            a5=1/y b5=2/y c5=2/y d5=r7 e5=b7/g f5=8/g g5=3 h5=4 i5=8/p j5=9/p
            a6=2 b6=3 c6=4 d6=3 e6=k5 f6=4 g6=r12 h6=5/k i6=g5
            d7=b8/b e7=9/b f7=10/b g7=g8/b
        """,
        lines="""
            d1>e1 e1>f1 f1>g1
            a2>b2 b2>c2:o c2>d2 d2>e2 e2>f2:b f2>g2 g2>h2 h2>i2:g
            a3>b3 b3>c3 c3>d3 d3>e3 e3>f3 f3>g3 g3>h3 h3>i3 i3>j3
            d4>e4 e4>f4 f4>g4 g4>h4 h4>i4:r i4>j4
            a5>b5 b5>c5 c5>d5 d5>e5 e5>f5 f5>g5:g g5>h5 h5>i5 i5>j5
            a6>b6 b6>c6:b c6>d6 d6>e6:o e6>f6 f6>g6 g6>h6 h6>i6:r
            d7>e7 e7>f7 f7>g7
            a3>a2 b3~b2 d2>d1 g1>g2 e2>e3 h2>h3 i2>i3
            d3>d4 e3>e4 f3>f4 g3>g4 h3>h4 i3>i4 j3>j4
            d5>d4 e4>e5 f5>f4 g5~g4 h5>h4 i5>i4 j5>j4
            a5>a6 c5>c6 d6>d5 f6>f5 g5>g6 h6>h5 i6>i5
            d6>d7 g7>g6
        """,
        flips="a3|a5 b3|b5 c3|c5",
    ),
    BoardSpec(
        2, "House over the Falls", 45, 75,
        spaces="""
            e1=9/b f1=b10/b g1=9/b h1=8/b
            a2=3 b2=2 c2=4 d2=r3 e2=5 f2=6 g2=k7 h2=5 i2=4 j2=3
            a3=1/y b3=2/y c3=2/y d3=4 e3=8/g f3=7/g g3=g9/g h3=4 i3=g6 j3=5
            d4=5/k e4=b8/g f4=9/g g4=7/g h4=3 i4=9/p j4=10/p
            a5=S1/y b5=1/y c5=3/y d5=4 e5=5 f5=r8 g5=4 h5=5 i5=7/p j5=F12
            a6=2 b6=3 c6=r2 d6=5 e6=4 f6=3 g6=k6 h6=r12 i6=9 j6=7
            c7=g7/b d7=9/b e7=10/b f7=b8/b
        """,
        lines="""
            e1>f1 f1>g1 g1>h1
            a2>b2 b2>c2 c2>d2:g d2>e2 e2>f2 f2>g2:o g2>h2 h2>i2 i2>j2:b
            a3>b3 b3>c3 c3>d3 d3>e3 e3>f3 f3>g3 g3>h3 h3>i3:r i3>j3
            d4>e4 e4>f4 f4>g4 g4>h4 h4>i4 i4>j4
            a5>b5 b5>c5 c5>d5 d5>e5:b e5>f5 f5>g5 g5>h5:o h5>i5 i5>j5
            a6>b6 b6>c6 c6>d6:r d6>e6 e6>f6 f6>g6:g g6>h6 h6>i6 i6>j6
            c7>d7 d7>e7 e7>f7
            a3>a2 c3~c2 e2>e1 h1>h2 d2>d3 e2>e3 g2~g3 h2>h3 j2>j3
            d3>d4 e3>e4 f4>f3 h3>h4 j3>j4
            d5>d4 g5>g4 h4~h5 i4>i5 j4>j5
            a5>a6 c6>c5 d6>d5 h6>h5 j6>j5
            c7>c6 d6>d7 f6>f7
        """,
        flips="a3|a5 b3|b5 c3|c5",
    ),
    BoardSpec(
        3, "Glass Pavilion", 40, 70,
        spaces="""
            d1=b8/b e1=8/b f1=9/b g1=g8/b
            a2=2 b2=3 c2=4 d2=3 e2=k5 f2=4 g2=r7 h2=5/k i2=g5
            a3=2/y b3=3/y c3=3/y d3=r12 e3=b7/g f3=8/g g3=4 h3=5 i3=8/p j3=8/p
            d4=4 e4=6/g f4=8/g g4=5 h4=5 i4=6 j4=F9
            a5=S2/y b5=2/y c5=3/y d5=r2 e5=7/g f5=g6/g g5=4/k h5=5 i5=8/p j5=8/p
            a6=2 b6=3 c6=r4 d6=4 e6=4 f6=k6 g6=4 h6=5 i6=4
            d7=8/b e7=b8/b f7=9/b g7=8/b
        """,
        lines="""
            d7>e7 e7>f7 f7>g7 a6>b6 b6>c6:r c6>d6 d6>e6 e6>f6:g f6>g6 g6>h6
            h6>i6:o a5>b5 b5>c5 c5>d5 d5>e5 e5>f5 f5>g5 g5>h5 h5>i5 i5>j5
            d4>e4 e4>f4 f4>g4 g4>h4 h4>i4:b i4>j4 a3>b3 b3>c3 c3>d3 d3>e3
            e3>f3 f3>g3:o g3>h3 h3>i3 i3>j3 a2>b2 b2>c2:g c2>d2 d2>e2:r e2>f2
            f2>g2 g2>h2 h2>i2:b d1>e1 e1>f1 f1>g1 a5>a6 b5~b6 d6>d7 g7>g6
            e6>e5 h6>h5 i6>i5 d5>d4 e5>e4 f5>f4 g5>g4 h5>h4 i5>i4 j5>j4
            d3>d4 e4>e3 f3>f4 g3~g4 h3>h4 i3>i4 j3>j4 a3>a2 c3>c2 d2>d3
            f2>f3 g3>g2 h2>h3 i2>i3 d2>d1 g1>g2
        """,
        flips="a5|a3 b5|b3 c5|c3",
    ),
    BoardSpec(
        4, "Tower by the Lake", 45, 75,
        spaces="""
            c1=g7/b d1=9/b e1=10/b f1=b8/b
            a2=3 b2=4 c2=r2 d2=5 e2=4 f2=4 g2=k7 h2=r12 i2=9 j2=7
            a3=S1/y b3=1/y c3=4/y d3=4 e3=5 f3=r8 g3=4 h3=5 i3=7/p j3=F12
            d4=5/k e4=b8/g f4=9/g g4=7/g h4=4 i4=9/p j4=10/p
            a5=1/y b5=3/y c5=3/y d5=4 e5=8/g f5=7/g g5=g9/g h5=4 i5=g7 j5=5
            a6=4 b6=3 c6=4 d6=r3 e6=5 f6=7 g6=k7 h6=5 i6=4 j6=4
            e7=9/b f7=b10/b g7=9/b h7=8/b
        """,
        lines="""
            e7>f7 f7>g7 g7>h7 a6>b6 b6>c6 c6>d6:o d6>e6 e6>f6 f6>g6:r g6>h6
            h6>i6 i6>j6:g a5>b5 b5>c5 c5>d5 d5>e5 e5>f5 f5>g5 g5>h5 h5>i5:b
            i5>j5 d4>e4 e4>f4 f4>g4 g4>h4 h4>i4 i4>j4 a3>b3 b3>c3 c3>d3
            d3>e3:g e3>f3 f3>g3 g3>h3:r h3>i3 i3>j3 a2>b2 b2>c2 c2>d2:b d2>e2
            e2>f2 f2>g2:o g2>h2 h2>i2 i2>j2 c1>d1 d1>e1 e1>f1 a5>a6 c5~c6
            e6>e7 h7>h6 d6>d5 e6>e5 g6~g5 h6>h5 j6>j5 d5>d4 e5>e4 f4>f5
            h5>h4 j5>j4 d3>d4 g3>g4 h4~h3 i4>i3 j4>j3 a3>a2 c2>c3 d2>d3
            h2>h3 j2>j3 c1>c2 d2>d1 f2>f1
        """,
        flips="a5|a3 b5|b3 c5|c3",
    ),
)
"""The four commission boards, I–IV (III and IV began as I and II turned upside
down, then took other values, line colours and bids; see RULES.md)."""
