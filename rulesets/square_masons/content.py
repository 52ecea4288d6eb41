"""Square Masons' designed content, as data (see RULES.md, "Interpretations
and designed content"): cards, blocks, zones, structures and bank limits."""
from __future__ import annotations

from typing import NamedTuple

from engine.hidden import HIDDEN  # noqa: F401  (what a view shows for a card or choice it hides)

# ------------------------------------------------------------------ the cards
CARD_TYPES = ("money", "order", "stone", "market", "x2")
"""The five draft card types, in display order (index = card code)."""
MONEY, ORDER, STONE, MARKET, X2 = range(5)
CARD_LETTERS = "MOSKX"
"""One letter per card type, used in the pairing notation (K = marKet)."""
HAND_SIZE = 5
"""Cards dealt to each player every round (and so picks per draft)."""

# ----------------------------------------------------------------- the blocks
BLOCK_TYPES = "IOTSZJL"
"""The seven tetromino blocks (index = block code)."""
BLOCK_INDEX = {t: i for i, t in enumerate(BLOCK_TYPES)}
"""Each block letter's code."""
BLOCKS_PER_TYPE = 4
"""Blocks of each type in the box (28 in all)."""
BLOCK_PICTURES: dict[str, tuple[str, ...]] = {
    "I": ("####",),
    "O": ("##", "##"),
    "T": ("###", ".#."),
    "S": (".##", "##."),
    "Z": ("##.", ".##"),
    "J": ("#..", "###"),
    "L": ("..#", "###"),
}
"""Each block's cells in its first orientation (r0), '#' = a cell."""
STONES = 24
"""Construction stones in the box: single cells."""

# ------------------------------------------------------------------ the board
ZONE_COLS = 6
"""Construction zone width: columns a–f."""
ZONE_ROWS = 5
"""Construction zone height: rows 1–5 (row 1 at the top)."""
RESERVE_BLOCKS = 3
"""Blocks the reserve zone holds (stones lie beside them, without limit)."""

# --------------------------------------------------------------- money, score
START_COINS = 1
"""Coins each player starts with."""
BANK_COINS = 90
"""Coins in the box (30 × 1 and 12 × 5): the bank pays out no more than it holds."""
PRESTIGE_TOKENS = 20
"""Prestige tokens in the box, gained by Donation Centers only."""
WIN_PRESTIGE = 13
"""Prestige that ends the game at the end of that round's build phase."""
TOWN_PRESTIGE = 3
"""Prestige of a town structure card."""
SANCTUARY_PRESTIGE = 5
"""Prestige of a sanctuary card."""
WITHDRAW_COINS = 1
"""Coins for withdrawing from the auction."""
ACTION_COST = 1
"""Coins per paid construction action."""
SCRAP_PRICE = 3
"""Coins a Scrapyard pays for a stone, or charges for an unsold block."""
DONATION_PRICE = 3
"""Coins a Donation Center takes for 1 prestige."""
DONATION_REFUND = 1
"""Coins a Donation Center refunds after a lost auction."""
BANK_INCOME = 2
"""Coins a Bank pays."""
ROUND_LIMIT = 0
"""Default of option `rounds`: 0 = no round limit (the rulebook ends only at 13 prestige)."""
STALL_ROUNDS = 10
"""A game ends when this many rounds in a row pass with nobody gaining prestige (a
designed stop for games that make no progress, e.g. between random bots)."""


class Structure(NamedTuple):
    """One structure card's design: its id, kind and cell layout."""

    id: str
    """The name typed in `claim-ID`."""
    title: str
    """The name shown to people."""
    kind: str
    """'town' or 'sanctuary'."""
    picture: tuple[str, ...]
    """The layout, '#' = a cell that must be covered."""
    min_blocks: int
    """Blocks the claim needs at least (2 for a town, 3 for a sanctuary)."""
    ability: str
    """What a town card does at the end of its owner's build turn ('' for sanctuaries)."""
    blocks: tuple[str, ...] = ()
    """Every set of blocks that builds it ('J' stands for J or L, 'S' for S or Z);
    the cells the blocks leave are stones."""
    brief: str = ""
    """The ability in a few words, for the board view's structure cards."""


TOWNS: tuple[Structure, ...] = (
    Structure("scrapyard", "Scrapyard", "town", ("#..#", "#..#", "####"), 2,
              "sell a stone for 3 coins, or buy an unsold auction block for 3 coins",
              ("JJ",), "sell a stone for 3, or buy an unsold block for 3"),
    Structure("donation", "Donation Center", "town", (".##.", "####", ".##."), 2,
              "donate 3 coins for 1 prestige; 1 coin back after a lost auction",
              ("SS", "TT"), "donate 3 for 1 prestige; 1 back if outbid"),
    Structure("bank", "Bank", "town", ("###", "###", "##."), 2, "gain 2 coins", ("JO", "JS"), "+2 coins"),
    Structure("quarry", "Quarry", "town", ("##..", "###.", ".###"), 2, "gain 1 stone", ("OT",), "+1 stone"),
)
"""The four town structures, in their order of activation."""

SANCTUARIES: tuple[Structure, ...] = (
    Structure("cloister", "Cloister", "sanctuary", ("####", "#..#", "#..#", "####"), 3, "", ("IJJ",)),
    Structure("chapel", "Chapel", "sanctuary", ("..#..", ".###.", "#####", ".###.", "..#.."), 3, "", ("ITT", "STT")),
    Structure("tower", "Tower", "sanctuary", (".##.", ".##.", "####", "####"), 3, "", ("IIO", "IJJ", "JJO", "JJS", "OOO")),
    Structure("altar", "Altar", "sanctuary", ("######", ".####.", "..##.."), 3, "", ("ISS", "OTT")),
    Structure("abbey", "Abbey", "sanctuary", ("#.#.#", "#####", "#####"), 3, "", ("IJT", "JJT", "JOT", "JST", "JTT", "TTT")),
    Structure("temple", "Temple", "sanctuary", (".####.", "######", "#.##.#"), 3, "",
              ("IJJ", "IJS", "JJS", "JOS", "JSS", "JST", "OSS", "SSS", "SST")),
    Structure("gate", "Gate", "sanctuary", ("##.##", "#####", "##.##"), 3, "", ("JJJ",)),
    Structure("arch", "Arch", "sanctuary", ("#####", "#####", "#...#"), 3, "", ("IJT", "JJT", "JST", "TTT")),
)
"""The eight sanctuaries; as many as players are drawn at random."""

STRUCTURES: dict[str, Structure] = {s.id: s for s in TOWNS + SANCTUARIES}
"""Every structure by id."""
TOWN_INDEX: dict[str, int] = {s.id: i for i, s in enumerate(TOWNS)}
"""Town id -> its index in TOWNS (activation order)."""
