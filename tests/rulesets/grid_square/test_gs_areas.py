"""Areas: enclosure (the board edge is not a wall), nested areas, claims
(one a turn, only what you completed this turn), and claimed areas fixed."""
import re

import pytest
from gs_helpers import cell, cells, legal_texts, mv, play, position, ring, slides_of

from engine.errors import IllegalMoveError
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import Claim, Slide

A1_SIDES = ["Sa1h", "Sa1v", "Sa2h", "Sb1v"]  # bottom, left (both border), top, right


def masks(*texts):
    h = v = 0
    for t in texts:
        p = mv(t)
        m = g.building_mask(p.size, p.x, p.y, p.orient)
        if p.orient == "h":
            h |= m
        else:
            v |= m
    return h, v


# ------------------------------------------------------------------ enclosure
def test_a_ring_in_the_middle_encloses_one_cell():
    assert g.enclosed_regions(*masks(*ring(3, 3, 3, 3))) == [cells("d4")]
    # one side missing: nothing is enclosed
    for i in range(4):
        sides = ring(3, 3, 3, 3)
        del sides[i]
        assert g.enclosed_regions(*masks(*sides)) == []


def test_the_board_edge_is_not_a_wall():
    # a1 with only its two inner sides built touches the open edge
    assert g.enclosed_regions(*masks("Sa2h", "Sb1v")) == []
    assert g.enclosed_regions(*masks("Sa2h", "Sb1v", "Sa1h")) == []
    assert g.enclosed_regions(*masks("Sa2h", "Sb1v", "Sa1v")) == []
    # with both border sides built it is enclosed
    assert g.enclosed_regions(*masks(*A1_SIDES)) == [cells("a1")]


def test_an_area_along_the_edge_needs_every_border_side():
    # cells a1..c1 closed above and on the right; the edge is open
    inner = ["Ma2h", "Sc2h", "Sd1v"]
    border = ["Ma1h", "Sc1h", "Sa1v"]
    for missing in border:
        sides = inner + [b for b in border if b != missing]
        assert g.enclosed_regions(*masks(*sides)) == [], missing
    assert g.enclosed_regions(*masks(*inner, *border)) == [cells("a1", "b1", "c1")]


def test_the_whole_board_enclosed_by_border_buildings():
    border = ["La1h", "Ld1h", "Mg1h", "La9h", "Ld9h", "Mg9h", "La1v", "La4v", "Ma7v", "Li1v", "Li4v", "Mi7v"]
    owners = [0] * 6 + [1] * 6
    s = position(*border[:-1], owners=owners[:-1], seat=1)
    assert g.enclosed_regions(s.h, s.v) == []
    play(s, "Mi7v")
    assert g.enclosed_regions(s.h, s.v) == [g.ALL_CELLS]
    play(s, "pass")  # skip the slide
    assert s.phase == "claim"
    assert legal_texts(s) == ["@a1", "pass"]
    play(s, "@e5")  # any cell of the area names it
    assert s.claims == [(g.ALL_CELLS, 1, 0)]
    assert s.claimed_cells(1) == 64


def test_enclosing_by_a_placement_offers_the_claim():
    s = position("Sa1h", "Sa1v", "Sa2h")
    play(s, "Sb1v")
    assert s.phase == "slide"  # the optional slide comes first
    play(s, "pass")
    assert s.phase == "claim" and s.claimable == (cells("a1"),)
    assert legal_texts(s) == ["@a1", "pass"]
    events = play(s, "@a1")
    assert s.claims == [(cells("a1"), 0, cell("a1"))]
    assert s.monuments == [5, 6]
    assert s.seat == 1 and s.phase == "place"
    assert re.search(r"claimed .*\b1 cell\b.* a1", events[-1].text)


def test_enclosing_by_a_slide_offers_the_claim():
    s = position("Sa1h", "Sa1v", "Sa2h", "Sc1v")
    play(s, "Sh8h")
    assert s.phase == "slide"
    play(s, "Sc1v-w1")
    assert s.phase == "claim" and s.claimable == (cells("a1"),)


def test_the_opponents_buildings_count_for_your_area():
    s = position("Sa1h", "Sa1v", "Sa2h", owners=[1, 1, 1], seat=0)
    play(s, "Sb1v", "pass")
    assert s.claimable == (cells("a1"),)
    play(s, "@a1")
    assert s.claimed_cells(0) == 1 and s.claimed_cells(1) == 0


def test_the_area_size_is_its_number_of_cells():
    # the rulebook's picture: an enclosed place of 6 cells counts 6
    sides = ring(2, 2, 4, 3)  # 3 × 2 cells c3..e4
    s = position(*sides[:-1], owners=[i % 2 for i in range(len(sides) - 1)])
    play(s, sides[-1], "pass", "@c3")
    assert s.claimed_cells(0) == 6
    assert s.claims[0][0] == cells("c3", "d3", "e3", "c4", "d4", "e4")


# --------------------------------------------------------------- nested areas
def test_a_ring_counts_only_its_own_cells():
    inner = ring(3, 3, 3, 3)  # d4
    outer = ring(2, 2, 4, 4)  # around c3..e5
    sides = inner + outer
    owners = [i % 2 for i in range(len(sides))]
    s = position(*sides[:-1], owners=owners[:-1])
    assert s.enclosed_before == frozenset({cells("d4")})
    play(s, sides[-1], "pass")
    ring_cells = cells("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")
    assert s.claimable == (ring_cells,)
    play(s, "@c3")
    assert s.claimed_cells(0) == 8  # not 9: d4 is its own area
    assert not s.claims[0][0] >> cell("d4") & 1


def test_an_area_inside_a_claimed_area_is_its_own_area():
    inner = ["Sd4h", "Se4h", "Sd5h", "Se5h", "Sd4v", "Sf4v"]  # d4+e4
    outer = ["Mc3h", "Me3h", "Mc6h", "Me6h", "Mc3v", "Sc5v", "Mg3v", "Sg5v"]  # c3..f5
    s = position(*inner, *outer[:-1], owners=[0] * 6 + [1] * 7)
    play(s, outer[-1], "pass")
    (region,) = s.claimable
    assert bin(region).count("1") == 12 - 2
    play(s, "@c3")
    assert s.claimed_cells(0) == 10
    # seat 2 may still build inside the inner area: it is not part of the claim
    assert "Se4v" in legal_texts(s)
    play(s, "Se4v")  # every building on the board is fixed now: no slide step
    assert s.phase == "claim"
    assert set(s.claimable) == {cells("d4"), cells("e4")}
    play(s, "@e4")
    assert s.claimed_cells(1) == 1


# ---------------------------------------------------------------------- claims
BOX = ["Sd4h", "Se4h", "Sd5h", "Se5h", "Sd4v", "Sf4v"]  # d4+e4, no divider


def test_two_areas_completed_at_once_one_claim_only():
    s = position(*BOX, "Sa1h", "Sa1v", "Sa2h", owners=[0] * 6 + [1] * 3)
    assert s.enclosed_before == frozenset({cells("d4", "e4")})
    play(s, "Se4v", "pass")  # divides the enclosed box into two new areas
    assert set(s.claimable) == {cells("d4"), cells("e4")}
    assert legal_texts(s) == ["@d4", "@e4", "pass"]
    play(s, "@d4")
    assert s.phase == "place" and s.seat == 1 and s.monuments[0] == 5
    # the opponent completes an area of their own: e4 is not theirs to claim
    play(s, "Sb1v", "pass")
    assert s.claimable == (cells("a1"),)
    with pytest.raises(IllegalMoveError, match="not in an area you completed"):
        s.parse_move("@e4", 1)
    play(s, "pass")
    # later turns: nobody may claim e4 while it stays closed
    play(s, "Sh8h", "pass")
    assert s.phase == "place"
    play(s, "Sh1h", "pass")
    assert s.phase == "place"
    # reopened (a wall slides away) and closed again by seat 2: now claimable
    play(s, "Sa8h", "Se4h-s1")
    assert s.phase == "place" and s.seat == 1
    play(s, "Sb8h", "Se3h-n1")
    assert s.phase == "claim" and s.claimable == (cells("e4"),)
    play(s, "@e4")
    assert s.claimed_cells(1) == 1


def test_an_unclaimed_area_cannot_be_claimed_later():
    s = position("Sa1h", "Sa1v", "Sa2h")
    play(s, "Sb1v", "pass", "pass")  # closed a1 but did not claim it
    assert s.claims == [] and s.seat == 1
    play(s, "Sh8h", "pass")  # the opponent's turn: no claim step
    assert s.seat == 0 and s.phase == "place"
    play(s, "Sg8h", "pass")  # nor in the closer's next turn
    assert s.seat == 1 and s.phase == "place"
    with pytest.raises(IllegalMoveError):
        s.parse_move("@a1", 1)


def test_claim_only_in_the_claim_step():
    s = position(*A1_SIDES)
    assert not any(isinstance(m, Claim) for m in s.legal(0))
    with pytest.raises(IllegalMoveError, match="no area to claim"):
        s.parse_move("@a1", 0)


def test_no_claim_step_without_monuments_left():
    s = position("Sa1h", "Sa1v", "Sa2h")
    s.monuments[0] = 0
    play(s, "Sb1v", "pass")
    # the claim step is skipped and the game ends (seat 1 has placed them all)
    assert s.phase == "over"


# ------------------------------------------------------ claimed areas are fixed
def test_claimed_area_cannot_be_divided_nor_its_buildings_moved():
    s = position("Lc4h", "Sd5h", "Se5h", "Sd4v", owners=[0, 1, 1, 1])
    play(s, "Sf4v")  # closes d4+e4
    play(s, "pass", "@d4")
    assert s.claims[0][0] == cells("d4", "e4")
    # seat 2: no placement on the inside side e4-e5
    assert "Se4v" not in legal_texts(s)
    with pytest.raises(IllegalMoveError, match="divide a claimed area"):
        s.parse_move("Se4v", 1)
    # a large building stands below the divider line, reaching e3
    play(s, "Le1v")
    # none of the area's buildings may move; Lc4h lies only partly on it
    for wall in ("Lc4h", "Sd5h", "Se5h", "Sd4v", "Sf4v"):
        assert slides_of(s, wall) == [], wall
        with pytest.raises(IllegalMoveError, match="bounds a claimed area"):
            s.parse_move(f"{wall}-n1", 1)
    # the large building may not slide onto the inside side either
    assert "Le1v-n1" not in legal_texts(s)
    with pytest.raises(IllegalMoveError):
        s.parse_move("Le1v-n1", 1)
    assert slides_of(s, "Le1v")  # it can still move elsewhere
    assert any(isinstance(m, Slide) for m in s.legal(1))


def test_a_closed_but_unclaimed_area_may_be_opened():
    s = position(*A1_SIDES)
    play(s, "Sh8h")
    assert "Sb1v-e1" in slides_of(s, "Sb1v")
    play(s, "Sb1v-e1")
    # a1 and b1 now form one area, open to the edge below b1
    assert g.enclosed_regions(s.h, s.v) == []
    assert s.phase == "place" and s.seat == 1
