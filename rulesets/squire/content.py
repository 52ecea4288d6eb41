"""Squire's designed content, as data: colours and rarity types, the market's
start, the 55 tiles, the gallery, the four player boards, both maps and the 42
correspondence cards. Each choice is explained in RULES.md."""
from __future__ import annotations

from typing import NamedTuple

EMPTY = -1
"""An empty gallery space or city."""

# ------------------------------------------------------------------ colours
COLOURS = ("r", "y", "g", "p", "b")
"""Colour letters, index 0..4: red, yellow, green, purple, blue."""
RED, YELLOW, GREEN, PURPLE, BLUE = range(5)
COLOUR_NAMES = ("red", "yellow", "green", "purple", "blue")
TYPE_NAMES = ("painting", "map", "sculpture", "book", "ceramic")
"""The rarity type of each tile colour (one item)."""
TYPE_PLURALS = ("paintings", "maps", "sculptures", "books", "ceramics")
EXHIBITABLE = (RED, YELLOW, GREEN, BLUE)
"""Rare books (purple) cannot be exhibited."""

# ------------------------------------------------------------------- market
MARKET_PRICES = (4, 3, 2, 2, 1)
"""The price printed next to each market row, top to bottom."""
MARKET_REGIONS_START = (RED, YELLOW, GREEN, PURPLE, BLUE)
"""Region markers (left side) top to bottom, as in the rulebook's table."""
MARKET_TYPES_START = (YELLOW, PURPLE, RED, GREEN, BLUE)
"""Rarity markers (right side) top to bottom, as in the rulebook's table."""

# -------------------------------------------------------------------- tiles
TILE_VALUES = (
    (2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6),  # red paintings
    (2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6),  # yellow maps
    (2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6),  # green sculptures
    (3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6),  # purple books: no exhibition, so worth more
    (2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6),  # blue ceramics
)
"""VP of the 11 tiles of each colour."""
TILES_PER_COLOUR = 11
NUM_TILES = 55
TILE_COLOUR = tuple(t // TILES_PER_COLOUR for t in range(NUM_TILES))
"""Colour of tile id 0..54."""
TILE_VALUE = tuple(TILE_VALUES[t // TILES_PER_COLOUR][t % TILES_PER_COLOUR] for t in range(NUM_TILES))
"""VP of tile id 0..54."""
TILES_TO_BOX = {2: 16, 3: 7, 4: 0}
"""Tiles returned to the box unseen at setup, by player count (stated)."""
CITY_COUNT = 15

# ----------------------------------------------------------------- supplies
START_COINS = 10
START_ROYAL_TICKETS = 1
START_CARDS = 1
BANK_COINS = 50
"""Common coins in the box; the Bank's supply is unlimited all the same (RULES.md)."""
BANK_TICKETS = 30
"""Common tickets in the box; unlimited too."""
BANK_ROYAL_TICKETS = 8
BANK_ROYAL_COINS = 4

# ------------------------------------------------------------------ gallery
FLOORS = 3
COLUMNS = 4
COLUMN_LETTERS = "abcd"
HALLS = {
    1: ("coins", 2),
    2: ("tickets", 1),
    4: ("tickets", 1),
    7: ("coins", 2),
    9: ("tickets", 2),
    10: ("coins", 3),
}
"""Hall bonuses by gallery space (floor * 4 + column; floor 0 is the 1st)."""
FLOOR2_HAND_BONUS = 2
"""Completing the 2nd floor raises the hand limit by this (stated)."""


class Board(NamedTuple):
    """One of the four player boards."""

    key: str
    """Notation and id: fox, badger, owl, stag."""
    name: str
    ability: str
    """The unique ability, in one sentence."""


BOARDS = (
    Board("fox", "The Fox, dealer", "receives 1 extra coin from the Bank for every sale"),
    Board("badger", "The Badger, connoisseur", "pays 1 coin less for every purchase (never less than 1)"),
    Board("owl", "The Owl, correspondent", "has a hand limit 1 higher"),
    Board("stag", "The Stag, voyager", "crosses one sea route a turn without a ticket"),
)
FOX, BADGER, OWL, STAG = range(4)


# --------------------------------------------------------------------- maps
class City(NamedTuple):
    """A city on a map."""

    code: str
    """Three letters, the notation."""
    name: str
    region: int
    """Colour index of its region."""


class GameMap(NamedTuple):
    """One side of the board: 15 cities in 5 regions and their routes."""

    key: str
    title: str
    region_names: tuple[str, ...]
    """By colour index."""
    cities: tuple[City, ...]
    roads: tuple[tuple[str, str], ...]
    seas: tuple[tuple[str, str], ...]


BRITISH_ISLES = GameMap(
    "british-isles",
    "The British Isles",
    ("Southern England (rose)", "Northern England (white rose)", "Ireland (shamrock)",
     "Scotland (thistle)", "Wales (daffodil)"),
    (
        City("lon", "London", RED),
        City("can", "Canterbury", RED),
        City("bri", "Bristol", RED),
        City("bir", "Birmingham", YELLOW),
        City("man", "Manchester", YELLOW),
        City("yor", "York", YELLOW),
        City("dub", "Dublin", GREEN),
        City("cor", "Cork", GREEN),
        City("bel", "Belfast", GREEN),
        City("edi", "Edinburgh", PURPLE),
        City("gla", "Glasgow", PURPLE),
        City("inv", "Inverness", PURPLE),
        City("car", "Cardiff", BLUE),
        City("swa", "Swansea", BLUE),
        City("hol", "Holyhead", BLUE),
    ),
    (
        ("lon", "can"), ("lon", "bri"), ("lon", "bir"), ("lon", "yor"), ("bri", "car"),
        ("bri", "bir"), ("car", "swa"), ("car", "bir"), ("swa", "hol"), ("hol", "man"),
        ("bir", "man"), ("man", "yor"), ("man", "gla"), ("yor", "edi"), ("edi", "gla"),
        ("edi", "inv"), ("gla", "inv"), ("bel", "dub"), ("dub", "cor"),
    ),
    (("can", "yor"), ("swa", "cor"), ("hol", "dub"), ("gla", "bel")),
)
"""The easier side: 23 routes, no city more than 5 moves from another."""

WORLD = GameMap(
    "world",
    "The World",
    ("Europe", "Africa and Oceania", "Asia", "The Orient", "The Americas"),
    (
        City("lon", "London", RED),
        City("par", "Paris", RED),
        City("vie", "Vienna", RED),
        City("tim", "Timbuktu", YELLOW),
        City("cap", "Cape Town", YELLOW),
        City("syd", "Sydney", YELLOW),
        City("sam", "Samarkand", GREEN),
        City("cal", "Calcutta", GREEN),
        City("tok", "Tokyo", GREEN),
        City("con", "Constantinople", PURPLE),
        City("cai", "Cairo", PURPLE),
        City("bag", "Baghdad", PURPLE),
        City("nyc", "New York", BLUE),
        City("rio", "Rio de Janeiro", BLUE),
        City("sfo", "San Francisco", BLUE),
    ),
    (
        ("lon", "par"), ("par", "vie"), ("par", "tim"), ("vie", "con"), ("con", "cai"),
        ("con", "sam"), ("cai", "bag"), ("cai", "tim"), ("cai", "cap"), ("bag", "sam"),
        ("bag", "cal"), ("sam", "tok"), ("sam", "cal"), ("sfo", "nyc"), ("tim", "cap"),
    ),
    (
        ("lon", "nyc"), ("cal", "syd"), ("tok", "sfo"), ("tok", "syd"), ("nyc", "rio"),
        ("rio", "cap"),
    ),
)
"""The harder side: 21 routes, longer journeys (Tokyo is reached through Samarkand)."""

MAPS = {m.key: m for m in (BRITISH_ISLES, WORLD)}


# -------------------------------------------------------------------- cards
class Card(NamedTuple):
    """A correspondence card: an offer (top) and an errand (bottom)."""

    id: int
    """1..42, the notation (o7 plays the offer of card 7, e7 runs its errand)."""
    trigger: str
    """'buy', 'sell' or 'any': which trade the offer answers."""
    cond: str
    """'region' (trade in a city of that region), 'type' (a tile of that colour) or 'any'."""
    colour: str
    """Colour letter for the condition, '' for 'any'."""
    reward: str
    """'coins' or 'tickets', taken from the Bank."""
    amount: int
    errand: str
    """pair, type, floors, columns, variety, masters, humble or wealth (see ERRANDS)."""
    arg: str
    """Colour letters the errand counts ('gb', 'r'), or ''."""


ERRANDS = {
    "pair": "1 VP for each {0} and {1} in your gallery",
    "type": "2 VP for each {0} in your gallery",
    "floors": "3 VP for each complete floor",
    "columns": "2 VP for each complete column",
    "variety": "2 VP for each different type of rarity in your gallery",
    "masters": "2 VP for each rarity worth 5 or 6",
    "humble": "1 VP for each rarity worth 2 or 3",
    "wealth": "1 VP for every 4 coins and tickets (Royal ones too)",
}
"""The errands' end-game scoring, as text templates."""

CARDS = (
    Card(1, 'any', 'region', 'r', 'coins', 3, 'pair', 'gb'),
    Card(2, 'any', 'region', 'y', 'coins', 3, 'type', 'b'),
    Card(3, 'any', 'region', 'g', 'coins', 3, 'variety', ''),
    Card(4, 'any', 'region', 'p', 'coins', 3, 'wealth', ''),
    Card(5, 'any', 'region', 'b', 'coins', 3, 'type', 'r'),
    Card(6, 'any', 'region', 'r', 'coins', 3, 'floors', ''),
    Card(7, 'any', 'region', 'y', 'coins', 3, 'masters', ''),
    Card(8, 'any', 'region', 'g', 'coins', 3, 'pair', 'rg'),
    Card(9, 'any', 'region', 'p', 'coins', 3, 'type', 'g'),
    Card(10, 'any', 'region', 'b', 'coins', 3, 'floors', ''),
    Card(11, 'any', 'region', 'r', 'tickets', 2, 'masters', ''),
    Card(12, 'any', 'region', 'y', 'tickets', 2, 'pair', 'rb'),
    Card(13, 'any', 'region', 'g', 'tickets', 2, 'type', 'b'),
    Card(14, 'any', 'region', 'p', 'tickets', 2, 'columns', ''),
    Card(15, 'any', 'region', 'b', 'tickets', 2, 'humble', ''),
    Card(16, 'any', 'region', 'r', 'tickets', 2, 'pair', 'yp'),
    Card(17, 'any', 'region', 'y', 'tickets', 2, 'type', 'y'),
    Card(18, 'any', 'region', 'g', 'tickets', 2, 'columns', ''),
    Card(19, 'any', 'region', 'p', 'tickets', 2, 'humble', ''),
    Card(20, 'any', 'region', 'b', 'tickets', 2, 'pair', 'gp'),
    Card(21, 'buy', 'type', 'r', 'coins', 2, 'type', 'p'),
    Card(22, 'buy', 'type', 'y', 'coins', 2, 'variety', ''),
    Card(23, 'buy', 'type', 'g', 'coins', 2, 'wealth', ''),
    Card(24, 'buy', 'type', 'p', 'coins', 2, 'pair', 'pb'),
    Card(25, 'buy', 'type', 'b', 'coins', 2, 'floors', ''),
    Card(26, 'buy', 'type', 'r', 'coins', 2, 'variety', ''),
    Card(27, 'buy', 'type', 'y', 'coins', 2, 'pair', 'ry'),
    Card(28, 'buy', 'type', 'g', 'coins', 2, 'type', 'y'),
    Card(29, 'buy', 'type', 'p', 'coins', 2, 'floors', ''),
    Card(30, 'buy', 'type', 'b', 'coins', 2, 'masters', ''),
    Card(31, 'sell', 'type', 'r', 'tickets', 2, 'pair', 'rp'),
    Card(32, 'sell', 'type', 'y', 'tickets', 2, 'type', 'p'),
    Card(33, 'sell', 'type', 'g', 'tickets', 2, 'columns', ''),
    Card(34, 'sell', 'type', 'p', 'tickets', 2, 'masters', ''),
    Card(35, 'sell', 'type', 'b', 'tickets', 2, 'pair', 'yg'),
    Card(36, 'sell', 'type', 'r', 'tickets', 2, 'type', 'r'),
    Card(37, 'sell', 'type', 'y', 'tickets', 2, 'columns', ''),
    Card(38, 'sell', 'type', 'g', 'tickets', 2, 'humble', ''),
    Card(39, 'sell', 'type', 'p', 'tickets', 2, 'pair', 'yb'),
    Card(40, 'sell', 'type', 'b', 'tickets', 2, 'type', 'g'),
    Card(41, 'buy', 'any', '', 'tickets', 1, 'variety', ''),
    Card(42, 'sell', 'any', '', 'coins', 2, 'wealth', ''),
)
"""The 42 correspondence cards (card 1 is the rulebook's example)."""
CARD_BY_ID = {c.id: c for c in CARDS}


# ------------------------------------------------- derived tables
def _adjacency(game_map: GameMap) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Per city: (neighbour, by sea) sorted by the neighbour's code."""
    index = {c.code: i for i, c in enumerate(game_map.cities)}
    adj: list[list[tuple[int, bool]]] = [[] for _ in game_map.cities]
    for routes, sea in ((game_map.roads, False), (game_map.seas, True)):
        for a, b in routes:
            adj[index[a]].append((index[b], sea))
            adj[index[b]].append((index[a], sea))
    return tuple(tuple(sorted(a, key=lambda t: game_map.cities[t[0]].code)) for a in adj)


ADJ = {key: _adjacency(m) for key, m in MAPS.items()}
"""Per map key: the routes out of each city."""
HAS_SEA = {key: tuple(any(s for _, s in a) for a in adj) for key, adj in ADJ.items()}
"""Per map key: whether a sea route leaves each city."""
CITY_ORDER = {key: tuple(sorted(range(15), key=lambda i: m.cities[i].code)) for key, m in MAPS.items()}
ALL_TILES = frozenset(range(NUM_TILES))
ALL_CARDS = tuple(c.id for c in CARDS)
FLOOR_SPACES = tuple(tuple(f * 4 + c for c in range(4)) for f in range(3))
COLUMN_SPACES = tuple(tuple(f * 4 + c for f in range(3)) for c in range(4))
ERRAND_COLOURS = {c.id: frozenset(COLOURS.index(ch) for ch in c.arg) for c in CARDS}
"""Per card: the colours its errand counts (pair, type)."""


CURRENCY_AWARDS = {BLUE: ("coins", 2), YELLOW: ("tickets", 1)}
"""Exhibitions that pay: ceramics pay coins, maps pay tickets. The exhibitor
gets base + 1 for each of that type they own; every other owner gets base."""
