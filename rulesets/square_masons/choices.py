"""Square Masons' choices that are pure combinatorics of counts: where a
piece still fits, the ways x2 cards may pair, the offers a supply allows.
Made once per input and remembered (the legal moves and the direct checks of
the state ask them at every step of a search)."""
from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Sequence

from rulesets.square_masons.content import BLOCK_TYPES, CARD_LETTERS, X2
from rulesets.square_masons.geometry import FULL, PLACEMENTS
from rulesets.square_masons.moves import STONE_KIND

if TYPE_CHECKING:
    from rulesets.square_masons.board import MasonBoard


def can_lay(kind: str, occ: int) -> bool:
    """True when a piece of `kind` fits somewhere in a zone covered by `occ`."""
    if kind == STONE_KIND:
        return occ != FULL
    for p in PLACEMENTS[kind]:
        if not p.mask & occ:
            return True
    return False


def pair_options(b: MasonBoard) -> list[str]:
    """Every way `b`'s x2 cards may double its other cards (letters, sorted)."""
    return list(pair_choices(tuple(b.drafted)))


@cache
def pair_choices(drafted: tuple[int, ...]) -> tuple[str, ...]:
    """pair_options for the drafted counts (there are few: made once each)."""
    k = min(drafted[X2], sum(drafted[:4]))
    if k == 0:
        return ("",)
    pool = "".join(CARD_LETTERS[i] * drafted[i] for i in range(4))
    return tuple(sorted(set("".join(c) for c in combinations(pool, k)),
                        key=lambda s: [CARD_LETTERS.index(ch) for ch in s]))


def offer_options(supply: Sequence[int], k: int) -> list[str]:
    """Every offer of `k` blocks from `supply`, as different as the supply allows."""
    return list(offer_choices(tuple(supply), k))


@lru_cache(maxsize=4096)
def offer_choices(supply: tuple[int, ...], k: int) -> tuple[str, ...]:
    """offer_options, remembered for the supplies last seen."""
    return tuple(_offers(supply, k))


def _offers(supply: Sequence[int], k: int) -> list[str]:
    if k == 0:
        return [""]
    kinds = [i for i in range(7) if supply[i]]
    if len(kinds) >= k:
        return ["".join(BLOCK_TYPES[i] for i in c) for c in combinations(kinds, k)]
    # fewer kinds than spaces: every kind once, the rest repeated as the supply allows
    extra = "".join(BLOCK_TYPES[i] * (supply[i] - 1) for i in kinds)
    base = "".join(BLOCK_TYPES[i] for i in kinds)
    out = {"".join(sorted(base + "".join(c), key=BLOCK_TYPES.index)) for c in combinations(extra, k - len(kinds))}
    return sorted(out, key=lambda s: [BLOCK_TYPES.index(ch) for ch in s])
