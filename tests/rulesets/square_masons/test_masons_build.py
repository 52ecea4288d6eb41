"""The build phase: the won block, paid and free actions, exact structure claims."""
import pytest
from masons_helpers import building, conserved, notations, play, put_cells, reserve

from engine.errors import IllegalMoveError
from rulesets.square_masons.content import BLOCK_INDEX

BANK = 2  # town index


def bank_layout(st, seat=0):
    """O on b1 c1 b2 c2 and an L-shape down column a: the Bank's layout exactly."""
    put_cells(st, seat, "O", "b1 c1 b2 c2")
    put_cells(st, seat, "J/L", "a1 a2 a3 b3")


def test_claim_an_exact_layout():
    st = building()
    bank_layout(st)
    assert "claim-bank" in notations(st, 0)
    events = play(st, 0, "claim-bank")
    b = st.boards[0]
    assert b.towns[BANK] == 1 and b.prestige == 3
    assert b.construction == []
    assert st.town_supply[BANK] == 2
    assert st.supply[BLOCK_INDEX["O"]] == 4  # blocks go back to the supply
    assert "claims the Bank" in events[0].text
    conserved(st)


def test_turned_or_mirrored_layout_counts_anywhere():
    st = building()
    # mirrored, and moved to the right-hand side of the zone
    put_cells(st, 0, "O", "d3 e3 d4 e4")
    put_cells(st, 0, "J/L", "f3 f4 f5 e5")
    assert "claim-bank" in notations(st, 0)


def test_near_miss_does_not_count():
    st = building()
    bank_layout(st)
    put_cells(st, 0, "stone", "c3")  # one extra cell touching the layout
    assert "claim-bank" not in notations(st, 0)
    st = building()
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    put_cells(st, 0, "I", "a1 a2 a3 a4")  # 8 cells, but not the Bank's shape
    assert not [m for m in notations(st, 0) if m.startswith("claim")]


def test_pieces_elsewhere_do_not_spoil_a_layout():
    st = building()
    bank_layout(st)
    put_cells(st, 0, "I", "c5 d5 e5 f5")  # not touching the bank
    assert "claim-bank" in notations(st, 0)
    play(st, 0, "claim-bank")
    assert [k for k, _ in st.boards[0].construction] == ["I"]


def test_a_town_needs_two_blocks():
    st = building()
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    for c in ("a1", "a2", "a3", "b3"):
        put_cells(st, 0, "stone", c)
    assert "claim-bank" not in notations(st, 0)


def test_town_supply_is_limited():
    st = building()
    bank_layout(st)
    st.town_supply[BANK] = 0
    st.boards[1].towns[BANK] = 3
    assert "claim-bank" not in notations(st, 0)


def tower(st, seat):
    put_cells(st, seat, "O", "b1 c1 b2 c2")
    put_cells(st, seat, "O", "a3 b3 a4 b4")
    put_cells(st, seat, "O", "c3 d3 c4 d4")


def test_sanctuary_once_only_and_only_if_drawn():
    st = building(seat=0)
    st.sanctuaries = ["tower", "gate", "arch"]
    tower(st, 0)
    assert "claim-tower" in notations(st, 0)
    play(st, 0, "claim-tower")
    assert st.boards[0].prestige == 5 and st.boards[0].sanctuaries == ["tower"]
    play(st, 0, "end")
    tower(st, 1)
    assert st.actor == 1
    assert "claim-tower" not in notations(st, 1)
    st2 = building()
    st2.sanctuaries = ["gate", "arch", "altar"]
    tower(st2, 0)
    assert "claim-tower" not in notations(st2, 0)


def test_a_sanctuary_needs_three_blocks_and_stones_fill_cells():
    st = building()
    st.sanctuaries = ["abbey", "tower", "gate"]
    # Abbey: #.#.# / ##### / ##### = T + J + I? use three blocks and one stone
    st.sanctuaries = ["abbey", "tower", "gate"]
    put_cells(st, 0, "stone", "a1")
    put_cells(st, 0, "T", "b2 c2 d2 c1")
    put_cells(st, 0, "J/L", "e1 e2 e3 d3")
    put_cells(st, 0, "J/L", "a2 a3 b3 c3")
    assert "claim-abbey" in notations(st, 0)
    play(st, 0, "claim-abbey")
    assert st.stone_supply == 24 and st.boards[0].prestige == 5
    conserved(st)


def test_won_block_is_laid_or_reserved_first_for_free():
    st = building(coins=[0, 0, 0])
    st.boards[0].won = BLOCK_INDEX["T"]
    st.supply[BLOCK_INDEX["T"]] -= 1
    st.phase, st.hand_kind = "place_won", "T"
    moves = notations(st, 0)
    assert "res" in moves and "a1r0" in moves and "end" not in moves
    play(st, 0, "b2r0")
    assert st.phase == "build" and st.boards[0].coins == 0
    assert st.boards[0].construction[0][0] == "T"
    conserved(st)


def test_full_reserve_and_no_room_means_a_discard():
    st = building()
    reserve(st, 0, "IOT")
    for row in "12345":
        for col in "abcdef":
            put_cells(st, 0, "stone", col + row) if st.stone_supply else None
    st.boards[0].won = BLOCK_INDEX["S"]
    st.supply[BLOCK_INDEX["S"]] -= 1
    st.phase, st.hand_kind = "place_won", "S"
    moves = notations(st, 0)
    assert moves[:3] == ["drop-I", "drop-O", "drop-T"]
    assert len(moves) == 3 + 24 and all(m.startswith("del-") for m in moves[3:])  # or a paid discard
    play(st, 0, "drop-O")
    assert notations(st, 0) == ["res"]
    play(st, 0, "res")
    assert st.boards[0].reserve[BLOCK_INDEX["S"]] == 1
    conserved(st)


def test_paid_actions_cost_one_coin_each():
    st = building(coins=[3, 0, 0])
    put_cells(st, 0, "T", "a1 b1 c1 b2")
    reserve(st, 0, "I", stones=1)
    moves = notations(st, 0)
    for m in ("mv-a1", "out-a1", "del-a1", "sw-a1-I", "in-I", "in-stone", "drop-I", "drop-stone", "end"):
        assert m in moves
    play(st, 0, "mv-a1")
    assert st.boards[0].coins == 2 and st.phase == "lay" and st.hand_kind == "T"
    play(st, 0, "a3r2")  # upside down, lower: b3 a4 b4 c4
    assert st.phase == "build"
    assert [c for c in notations(st, 0) if c.startswith("mv-")] == ["mv-b3"]
    play(st, 0, "sw-b3-I")  # the T goes to the reserve, the I comes in hand
    assert st.boards[0].coins == 1 and st.boards[0].reserve[BLOCK_INDEX["T"]] == 1
    play(st, 0, "a5r0")
    play(st, 0, "del-a5")
    assert st.boards[0].coins == 0 and st.supply[BLOCK_INDEX["I"]] == 4
    # broke: only free actions are left
    assert notations(st, 0) == ["end", "drop-T", "drop-stone"]
    with pytest.raises(IllegalMoveError):
        st.parse_move("in-T", 0)
    conserved(st)


def test_store_needs_reserve_room():
    st = building(coins=[3, 0, 0])
    put_cells(st, 0, "T", "a1 b1 c1 b2")
    put_cells(st, 0, "stone", "f5")
    reserve(st, 0, "IOS")
    moves = notations(st, 0)
    assert "out-a1" not in moves and "out-f5" in moves and "sw-a1-I" in moves


def test_lay_must_fit():
    st = building(coins=[3, 0, 0])
    put_cells(st, 0, "O", "a1 b1 a2 b2")
    reserve(st, 0, "I")
    play(st, 0, "in-I")
    with pytest.raises(IllegalMoveError, match=r"the I block does not fit on a1, as drawn \(a1r0\)"):
        st.parse_move("a1r0", 0)  # in words first (it said 'a1r0 does not fit')
    with pytest.raises(IllegalMoveError, match="does not fit"):
        st.parse_move("d1r0", 0)  # would stick out
    play(st, 0, "c1r0")
    # equivalent codes name the same placement (O looks the same turned)
    st2 = building(coins=[3, 0, 0])
    reserve(st2, 0, "O")
    play(st2, 0, "in-O")
    assert st2.parse_move("a1r3", 0) == st2.parse_move("a1r0", 0)



# ---------------------------------------------------------------- audit additions


def full_zone_and_reserve(coins):
    """Seat 1 won an I; the reserve holds I O T, the construction zone an I on
    a1-d1 and stones on every cell of rows 2-5: no room anywhere."""
    st = building(coins=[coins, 0, 0])
    reserve(st, 0, "IOT")
    put_cells(st, 0, "I", "a1 b1 c1 d1")
    for row in "2345":
        for col in "abcdef":
            put_cells(st, 0, "stone", col + row)
    st.boards[0].won = BLOCK_INDEX["I"]
    st.supply[BLOCK_INDEX["I"]] -= 1
    st.phase, st.hand_kind = "place_won", "I"
    return st


def test_no_room_anywhere_allows_discarding_a_construction_piece_too():
    # "If you don't have enough space to place it in either zone you must discard
    # one of your blocks from either zone": a construction piece may go (1 coin,
    # the paid discard), as well as a reserve block (free).
    st = full_zone_and_reserve(coins=1)
    moves = notations(st, 0)
    assert "del-a1" in moves and "del-e2" in moves
    assert {"drop-I", "drop-O", "drop-T"} <= set(moves)
    assert not [m for m in moves if m.startswith(("mv-", "out-", "in-", "sw-", "end"))]
    play(st, 0, "del-a1")  # the I goes back to the supply: row 1 is free again
    assert st.boards[0].coins == 0 and st.phase == "place_won"
    assert st.supply[BLOCK_INDEX["I"]] == 2  # 4, less the reserve's I and the won I
    moves = notations(st, 0)
    assert "a1r0" in moves and not [m for m in moves if m.startswith("del-")]
    play(st, 0, "a1r0")
    assert st.phase == "build" and st.boards[0].won is None
    conserved(st)


def test_construction_discard_for_room_needs_a_coin():
    st = full_zone_and_reserve(coins=0)
    assert notations(st, 0) == ["drop-I", "drop-O", "drop-T"]


def test_a_piece_is_named_by_any_cell_it_covers():
    st = building(coins=[5, 0, 0])
    put_cells(st, 0, "T", "a1 b1 c1 b2")
    reserve(st, 0, "I")
    for text, canonical in (("mv-b2", "mv-a1"), ("del-c1", "del-a1"), ("out-b1", "out-a1"),
                            ("sw-b2-I", "sw-a1-I")):
        assert st.format_move(st.parse_move(text, 0)) == canonical
    with pytest.raises(IllegalMoveError, match="no piece on f5"):
        st.parse_move("mv-f5", 0)


def test_two_equal_layouts_give_one_claim_move():
    st = building()
    bank_layout(st)  # a1-c3 without c3
    put_cells(st, 0, "O", "e3 f3 e4 f4")  # the Bank turned half round at d3-f5 without d3
    put_cells(st, 0, "J/L", "d4 d5 e5 f5")
    moves = notations(st, 0)
    assert moves.count("claim-bank") == 1
    assert len(st.legal(0)) == len(set(st.legal(0)))
    play(st, 0, "claim-bank")
    assert st.boards[0].towns[BANK] == 1 and len(st.boards[0].construction) == 2
    assert notations(st, 0).count("claim-bank") == 1  # the other one, next
    play(st, 0, "claim-bank")
    assert st.boards[0].towns[BANK] == 2 and st.boards[0].construction == []
    conserved(st)
