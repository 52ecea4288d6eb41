"""One player's board: cards, money, reserve, construction zone and
structures (the state holds one per seat)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import copy_with_lists
from rulesets.square_masons import content as d
from rulesets.square_masons.content import CARD_LETTERS
from rulesets.square_masons.geometry import cell_name


@dataclass
class MasonBoard:
    """One player's cards, money, pieces and structures."""

    coins: int = d.START_COINS
    """Coins in hand."""
    stones: int = 0
    """Stones in the reserve."""
    reserve: list[int] = field(default_factory=lambda: [0] * 7)
    """Blocks in the reserve, per block type (I O T S Z J L)."""
    construction: list[tuple[str, int]] = field(default_factory=list)
    """Pieces in the construction zone: (block letter or 'stone', cell mask), sorted by first cell."""
    towns: list[int] = field(default_factory=lambda: [0] * 4)
    """Town structure cards owned, per type (Scrapyard, Donation Center, Bank, Quarry)."""
    sanctuaries: list[str] = field(default_factory=list)
    """Sanctuary ids claimed."""
    donations: int = 0
    """Prestige gained by donating."""
    hand: list[Any] = field(default_factory=list)
    """Draft cards still to pick from (card codes; HIDDEN in other seats' views)."""
    drafted: list[int] = field(default_factory=lambda: [0] * 5)
    """Face-up cards drafted this round, per card type."""
    face_down: list[Any] = field(default_factory=list)
    """The Order holder's face-down picks of this draft (card codes)."""
    pick: Any = None
    """The sealed pick of this pick round (HIDDEN in other views), None until chosen."""
    doubled: str = ""
    """Card letters this round's x2 cards double."""
    bid: Any = None
    """The sealed (space, coins) auction choice, space 0 = withdraw; None until chosen."""
    won: int | None = None
    """The block type won at auction, until it is laid or stored."""
    lost: bool = False
    """True when outbid in this round's auction."""
    lost_paid: int = 0
    """Coins paid this round for being outbid (Donation Centers refund only when it is not 0)."""

    def clone(self) -> "MasonBoard":
        """An independent copy."""
        return copy_with_lists(self, ("reserve", "construction", "towns", "sanctuaries", "hand", "drafted", "face_down"))

    @property
    def prestige(self) -> int:
        """Prestige points: towns, sanctuaries and donations."""
        return d.TOWN_PRESTIGE * sum(self.towns) + d.SANCTUARY_PRESTIGE * len(self.sanctuaries) + self.donations

    @property
    def reserve_blocks(self) -> int:
        """Blocks in the reserve."""
        return sum(self.reserve)

    def occupied(self) -> int:
        """The construction zone's covered cells."""
        m = 0
        for _, pm in self.construction:
            m |= pm
        return m

    def piece_at(self, cell: int) -> int | None:
        """Index of the construction piece covering `cell`, or None."""
        bit = 1 << cell
        for i, (_, pm) in enumerate(self.construction):
            if pm & bit:
                return i
        return None

    def take_piece(self, cell: int) -> tuple[str, int]:
        """Take the construction piece covering `cell` out of the zone: its
        (kind, cells). A checked move names a covered cell; any other is a
        ValueError."""
        found = self.piece_at(cell)
        if found is None:
            raise ValueError(f"no piece covers {cell_name(cell)}")
        return self.construction.pop(found)

    def add_piece(self, kind: str, mask: int) -> None:
        """Put a piece in the construction zone (kept sorted by first cell)."""
        self.construction.append((kind, mask))
        self.construction.sort(key=lambda p: p[1] & -p[1])

    def effective(self, card: int) -> int:
        """Drafted count of `card` including x2 doubling (face-down picks count once revealed)."""
        return self.drafted[card] + self.doubled.count(CARD_LETTERS[card])
