"""Shared helpers for the Square Masons tests: crafted positions."""
from __future__ import annotations

from rulesets import REGISTRY
from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_INDEX
from rulesets.square_masons.geometry import PLACEMENT_AT, parse_cell
from rulesets.square_masons.moves import STONE_KIND
from rulesets.square_masons.state import SquareMasonsState

RULESET = REGISTRY.get("square-masons")


def new(n: int = 3, seed: int = 1, rounds: int = d.ROUND_LIMIT) -> SquareMasonsState:
    """A fresh game."""
    return RULESET.new_game(n, seed, {"rounds": rounds})


def set_coins(st: SquareMasonsState, coins: list[int]) -> None:
    """Give each seat these coins, the bank keeping the rest of the 90."""
    for b, c in zip(st.boards, coins):
        b.coins = c
    st.bank = d.BANK_COINS - sum(coins)


def play(st: SquareMasonsState, seat: int, text: str) -> list:
    """Parse and play `text` for `seat`; the events."""
    return st.apply(seat, st.parse_move(text, seat))


def last_pick(n: int, drafted: list[dict[int, int]], last: list[int], coins: list[int] | None = None,
              order_holder: int | None = None, first: int = 0) -> SquareMasonsState:
    """A draft at its 5th pick: each seat holds one card `last[s]` and has
    drafted `drafted[s]` (card code -> count) in its first four picks."""
    st = new(n)
    st.first = first
    st.actor = first
    play(st, first, "cw")
    st.pick_no = 5
    st.order_holder = order_holder
    for s, b in enumerate(st.boards):
        b.drafted = [0] * 5
        for card, k in drafted[s].items():
            b.drafted[card] += k
        b.hand = [last[s]]
    if coins:
        set_coins(st, coins)
    return st


def auction(n: int, offer: str, coins: list[int], order_holder: int | None = None) -> SquareMasonsState:
    """A position at the sealed auction with `offer` on the spaces."""
    st = new(n)
    set_coins(st, coins)
    st.order_holder = order_holder
    st.phase = "auction"
    st.offer = [BLOCK_INDEX[ch] for ch in offer]
    st.sold = [None] * len(offer)
    for t in st.offer:
        st.supply[t] -= 1
    for b in st.boards:
        b.bid = None
    return st


def building(n: int = 3, coins: list[int] | None = None, seat: int = 0) -> SquareMasonsState:
    """A position in `seat`'s build turn, nothing won, nothing on offer."""
    st = new(n)
    set_coins(st, coins or [5] * n)
    st.build_order = list(range(n))
    st.build_index = seat
    st.phase = "build"
    st.actor = seat
    return st


def put(st: SquareMasonsState, seat: int, kind: str, where: str) -> None:
    """Put a piece from the supply on `seat`'s construction zone: a block
    as 'b3r1', a stone as 'b3'."""
    b = st.boards[seat]
    if kind == STONE_KIND:
        mask = 1 << parse_cell(where)
        st.stone_supply -= 1
    else:
        mask = PLACEMENT_AT[kind][(where[2:], parse_cell(where[:2]))].mask
        st.supply[BLOCK_INDEX[kind]] -= 1
    assert not b.occupied() & mask, "pieces overlap"
    b.add_piece(kind, mask)


def reserve(st: SquareMasonsState, seat: int, blocks: str = "", stones: int = 0) -> None:
    """Move blocks (letters) and stones from the supply to `seat`'s reserve."""
    b = st.boards[seat]
    for ch in blocks:
        st.supply[BLOCK_INDEX[ch]] -= 1
        b.reserve[BLOCK_INDEX[ch]] += 1
    st.stone_supply -= stones
    b.stones += stones


def notations(st: SquareMasonsState, seat: int) -> list[str]:
    """The legal moves' notation."""
    return [st.format_move(m) for m in st.legal(seat)]


def conserved(st: SquareMasonsState) -> None:
    """Assert blocks, stones, coins, town cards, prestige tokens and draft
    cards are all accounted for."""
    n = st.num_players
    lifted = st.hand_kind if st.phase == "lay" else ""
    for t, letter in enumerate("IOTSZJL"):
        held = st.supply[t] + sum(1 for x, who in zip(st.offer, st.sold) if x == t and who is None)
        held += lifted == letter
        for b in st.boards:
            held += b.reserve[t] + (b.won == t)
            held += sum(1 for k, _ in b.construction if k == letter)
        assert held == d.BLOCKS_PER_TYPE, f"block {letter}: {held}"
    stones = st.stone_supply + (lifted == STONE_KIND)
    stones += sum(b.stones + sum(1 for k, _ in b.construction if k == STONE_KIND) for b in st.boards)
    assert stones == d.STONES
    assert st.bank + sum(b.coins for b in st.boards) == d.BANK_COINS
    assert all(b.coins >= 0 for b in st.boards) and st.bank >= 0
    for i in range(4):
        assert st.town_supply[i] + sum(b.towns[i] for b in st.boards) == n
    assert st.prestige_tokens + sum(b.donations for b in st.boards) == d.PRESTIGE_TOKENS
    cards = len(st.discard) + sum(len(b.hand) + sum(b.drafted) + len(b.face_down) for b in st.boards)
    assert cards in (0, 5 * (n + 1)), cards  # 0 only before the first deal (or in crafted positions)


def put_cells(st: SquareMasonsState, seat: int, kind: str, cells: str) -> None:
    """Put a piece from the supply on exactly these cells ('a1 a2 a3 b3');
    `kind` is a block letter, or 'J/L' / 'S/Z' for whichever of the pair fits."""
    from rulesets.square_masons.geometry import PLACEMENTS

    mask = 0
    for name in cells.split():
        mask |= 1 << parse_cell(name)
    if kind == STONE_KIND:
        assert bin(mask).count("1") == 1
        put(st, seat, STONE_KIND, cells)
        return
    for k in kind.split("/"):
        for p in PLACEMENTS[k]:
            if p.mask == mask:
                put(st, seat, k, f"{cells.split()[0][:0]}{_name(p.anchor)}{p.code}")
                return
    raise AssertionError(f"no {kind} covers {cells}")


def _name(cell: int) -> str:
    from rulesets.square_masons.geometry import cell_name

    return cell_name(cell)
