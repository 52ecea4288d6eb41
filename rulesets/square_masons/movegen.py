"""Square Masons' legal moves: `legal` generates them all, `CHECKS` holds the direct check per move
type that `is_legal` and `why_illegal` ask instead (each agrees with
`legal`; a property test compares them)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from rulesets.square_masons import choices
from rulesets.square_masons import content as d
from rulesets.square_masons.board import MasonBoard
from rulesets.square_masons.choices import can_lay, offer_options, pair_options
from rulesets.square_masons.content import BLOCK_INDEX, BLOCK_TYPES
from rulesets.square_masons.geometry import CELLS, FULL, PLACEMENT_AT, PLACEMENTS, components, first_cell, structure_of
from rulesets.square_masons.moves import (
    DONATE,
    END,
    RES,
    SELL,
    SKIP,
    STONE_KIND,
    WITHDRAW,
    Bid,
    Buy,
    Claim,
    Direction,
    Donate,
    Drop,
    End,
    Lay,
    Offer,
    Pair,
    Pick,
    Relocate,
    Scrap,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    Tie,
    ToReserve,
)

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState

DIRECTIONS = (Direction(1), Direction(-1))
_STONE_PLACES = [Lay("", c) for c in range(CELLS)]
_LAYS = {t: [(p.mask, Lay(p.code, p.anchor)) for p in ps] for t, ps in PLACEMENTS.items()}
"""Per block type: (cells, the Lay move) of every placement, made once."""
_PICKS = [Pick(c) for c in range(5)]
_BIDS: dict[tuple[int, int], Bid] = {}


def _bid(space: int, amount: int) -> Bid:
    """The Bid move, made once and reused."""
    key = (space, amount)
    found = _BIDS.get(key)
    if found is None:
        found = _BIDS[key] = Bid(space, amount)
    return found


def legal(st: SquareMasonsState, seat: int) -> list[Any]:
    ph = st.phase
    if ph == "over" or not st.acts(seat):
        return []
    if st.is_view:
        st.require_visible(seat)
    b = st.boards[seat]
    if ph == "draft":
        return [_PICKS[c] for c in sorted(set(b.hand))]
    if ph == "auction":
        out: list[Any] = [_bid(sp + 1, amt) for sp in range(len(st.offer)) for amt in range(b.coins + 1)]
        out.append(WITHDRAW)
        return out
    if ph == "lay" or ph == "place_won":
        occ = b.occupied()
        if st.hand_kind == STONE_KIND:
            out = [_STONE_PLACES[c] for c in range(CELLS) if not occ >> c & 1]
        else:
            out = [mv for mask, mv in _LAYS[st.hand_kind] if not mask & occ]
        if ph == "place_won":
            if b.reserve_blocks < d.RESERVE_BLOCKS:
                out.append(RES)
            else:  # make room: "discard one of your blocks from either zone"
                out += [Drop(t) for i, t in enumerate(BLOCK_TYPES) if b.reserve[i]]
                if b.coins >= d.ACTION_COST and st.rules_version >= 2:  # version 1: the reserve only
                    out += [Scrap(first_cell(pm)) for _, pm in b.construction]
        return out
    if ph == "build":
        return _build_moves(st, b)
    if ph == "ability":
        return ability_moves(st, b)
    if ph == "direction":
        return list(DIRECTIONS)
    if ph == "pair":
        return [Pair(x) for x in pair_options(b)]
    if ph in ("tie", "auction_tie"):
        return [Tie(s) for s in st.tie_seats]
    if ph == "market":
        return [Offer(x) for x in offer_options(st.supply, st.offer_size())]
    return []


def _build_moves(st: SquareMasonsState, b: MasonBoard) -> list[Any]:
    out: list[Any] = [END]
    out += [Claim(sid) for sid in dict.fromkeys(sid for sid, _ in st.claimable(b))]
    occ = b.occupied()
    kinds = [t for i, t in enumerate(BLOCK_TYPES) if b.reserve[i]]
    if b.coins >= d.ACTION_COST:
        room = b.reserve_blocks < d.RESERVE_BLOCKS
        for kind, pm in b.construction:
            cell = first_cell(pm)
            out.append(Relocate(cell))
            if room or kind == STONE_KIND:
                out.append(Store(cell))
            out.append(Scrap(cell))
            rest = occ & ~pm
            out += [Swap(cell, t) for t in kinds if can_lay(t, rest)]
        out += [Take(t) for t in kinds if can_lay(t, occ)]
        if b.stones and occ != FULL:
            out.append(Take(STONE_KIND))
    out += [Drop(t) for t in kinds]
    if b.stones:
        out.append(Drop(STONE_KIND))
    return out


def ability_moves(st: SquareMasonsState, b: MasonBoard) -> list[Any]:
    if st.abilities[0] == "scrap":
        out: list[Any] = []
        if b.stones:
            out.append(SELL)
        if b.coins >= d.SCRAP_PRICE and b.reserve_blocks < d.RESERVE_BLOCKS:
            out += [Buy(BLOCK_TYPES[t]) for t in sorted(set(st.unsold()))]
        return out + [SKIP]
    return [DONATE, SKIP]


def claimable(st: SquareMasonsState, b: MasonBoard) -> list[tuple[str, list[int]]]:
    """(structure id, piece indices) for each structure `b` may claim now."""
    if len(b.construction) < 2:
        return []
    out = []
    for mask, idx in components(b.construction):
        sid = structure_of(mask)
        if sid is None:
            continue
        s = d.STRUCTURES[sid]
        blocks = sum(1 for i in idx if b.construction[i][0] != STONE_KIND)
        if blocks < s.min_blocks:
            continue
        if s.kind == "town":
            if not st.town_supply[d.TOWN_INDEX[sid]]:
                continue
        elif sid not in st.sanctuaries or st.sanctuary_owner(sid) is not None:
            continue
        out.append((sid, idx))
    out.sort()
    return out


# -- the direct checks, one per move type
def _ok_direction(st: SquareMasonsState, b: MasonBoard, move: Direction) -> bool:
    return st.phase == "direction" and move in DIRECTIONS


def _ok_pair(st: SquareMasonsState, b: MasonBoard, move: Pair) -> bool:
    return st.phase == "pair" and move.letters in choices.pair_choices(tuple(b.drafted))


def _ok_offer(st: SquareMasonsState, b: MasonBoard, move: Offer) -> bool:
    return st.phase == "market" and move.blocks in choices.offer_choices(tuple(st.supply), st.offer_size())


def _ok_pick(st: SquareMasonsState, b: MasonBoard, move: Pick) -> bool:
    return st.phase == "draft" and move.card in b.hand


def _ok_bid(st: SquareMasonsState, b: MasonBoard, move: Bid) -> bool:
    if st.phase != "auction":
        return False
    if move.space == 0:
        return move.amount == 0
    return 1 <= move.space <= len(st.offer) and 0 <= move.amount <= b.coins


def _ok_lay(st: SquareMasonsState, b: MasonBoard, move: Lay) -> bool:
    if st.phase not in ("lay", "place_won"):
        return False
    occ = b.occupied()
    if st.hand_kind == STONE_KIND:
        return move.code == "" and 0 <= move.anchor < CELLS and not occ >> move.anchor & 1
    p = PLACEMENT_AT[st.hand_kind].get((move.code, move.anchor))
    return p is not None and p.code == move.code and p.anchor == move.anchor and not p.mask & occ


def _ok_reserve(st: SquareMasonsState, b: MasonBoard, move: ToReserve) -> bool:
    return st.phase == "place_won" and b.reserve_blocks < d.RESERVE_BLOCKS


def _ok_drop(st: SquareMasonsState, b: MasonBoard, move: Drop) -> bool:
    if move.kind == STONE_KIND:
        return st.phase == "build" and b.stones > 0
    if move.kind not in BLOCK_INDEX or not b.reserve[BLOCK_INDEX[move.kind]]:
        return False
    return st.phase == "build" or (st.phase == "place_won" and b.reserve_blocks >= d.RESERVE_BLOCKS)


def _piece(b: MasonBoard, cell: int) -> tuple[str, int] | None:
    """The construction piece whose first cell is `cell`, if any."""
    i = b.piece_at(cell) if isinstance(cell, int) and 0 <= cell < CELLS else None
    if i is None or first_cell(b.construction[i][1]) != cell:
        return None
    return b.construction[i]


def _ok_piece_action(st: SquareMasonsState, b: MasonBoard, move: Any) -> bool:
    if b.coins < d.ACTION_COST:
        return False
    if type(move) is Scrap and st.phase == "place_won":
        if st.rules_version < 2:  # version 1: room was made in the reserve only
            return False
        return b.reserve_blocks >= d.RESERVE_BLOCKS and _piece(b, move.cell) is not None
    if st.phase != "build":
        return False
    piece = _piece(b, move.cell)
    if piece is None:
        return False
    kind, pm = piece
    t = type(move)
    if t is Store:
        return kind == STONE_KIND or b.reserve_blocks < d.RESERVE_BLOCKS
    if t is Swap:
        i = BLOCK_INDEX.get(move.kind)
        return i is not None and b.reserve[i] > 0 and can_lay(move.kind, b.occupied() & ~pm)
    return True  # Relocate, Scrap


def _ok_take(st: SquareMasonsState, b: MasonBoard, move: Take) -> bool:
    if st.phase != "build" or b.coins < d.ACTION_COST:
        return False
    occ = b.occupied()
    if move.kind == STONE_KIND:
        return b.stones > 0 and occ != FULL
    i = BLOCK_INDEX.get(move.kind)
    return i is not None and b.reserve[i] > 0 and can_lay(move.kind, occ)


def _ok_claim(st: SquareMasonsState, b: MasonBoard, move: Claim) -> bool:
    return st.phase == "build" and any(sid == move.sid for sid, _ in st.claimable(b))


def _ok_end(st: SquareMasonsState, b: MasonBoard, move: End) -> bool:
    return st.phase == "build"


def _ok_ability(st: SquareMasonsState, b: MasonBoard, move: Any) -> bool:
    return st.phase == "ability" and move in ability_moves(st, b)


CHECKS: dict[type, Callable[[SquareMasonsState, MasonBoard, Any], bool]] = {
    Direction: _ok_direction,
    Pick: _ok_pick,
    Pair: _ok_pair,
    Offer: _ok_offer,
    Bid: _ok_bid,
    Lay: _ok_lay,
    ToReserve: _ok_reserve,
    Relocate: _ok_piece_action,
    Store: _ok_piece_action,
    Scrap: _ok_piece_action,
    Swap: _ok_piece_action,
    Take: _ok_take,
    Drop: _ok_drop,
    Claim: _ok_claim,
    End: _ok_end,
    Sell: _ok_ability,
    Buy: _ok_ability,
    Donate: _ok_ability,
    Skip: _ok_ability,
}
"""Per move type, the direct legality check (the others ask `legal`)."""
