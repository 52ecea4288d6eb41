"""Grid Square on the engine contract: the checked apply (is_legal agrees
with legal, reasons in a player's words), describe_move, views, evaluate,
the given-up areas, the move count, and saves of an older ruleset."""
from __future__ import annotations

import random

import pytest
from gs_helpers import RULESET, cells, mv, new_state, play, position

from engine.errors import IllegalMoveError, SaveError
from engine.record import GameRecord, Player
from engine.saves import from_json, to_json
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import PASS, Claim, Place, Slide


def candidate_moves(state):
    """Legal moves plus near misses: every placement, slides of every
    building a cell or two too far, claims of every cell, pass."""
    out = [Place(size, x, y, o) for (size, o), rows in g.PLACEMENTS.items() for x, y, _ in rows]
    for p in state.pieces:
        for d in "nesw":
            out += [Slide(*p, d, k) for k in (1, 2, 8)]
    out += [Claim(c) for c in range(64)] + [PASS]
    return out


def random_positions(seed: int, count: int):
    rng = random.Random(seed)
    s = RULESET.new_game(2, seed, {"sliding": True})
    seen = 0
    while not s.is_over() and seen < count:
        yield s
        seen += 1
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal(seat)))


@pytest.mark.parametrize("seed", [1, 2])
def test_is_legal_agrees_with_legal_and_every_refusal_has_a_reason(seed):
    for s in random_positions(seed, 60):
        seat = s.seat
        legal = set(s.legal(seat))
        for m in candidate_moves(s):
            assert s.is_legal(seat, m) == (m in legal), (s.format_move(m), s.phase)
            reason = s.why_illegal(seat, m)
            assert (reason is None) == (m in legal)
            if reason is not None:
                assert reason and "\n" not in reason and "not legal now" not in reason


def test_apply_refuses_an_illegal_move_and_changes_nothing():
    s = position("Sd4h")
    before = s.snapshot()
    for m in (mv("Sd4h"), mv("pass"), mv("@a1"), mv("Sd4h-e1"), Place(3, 7, 0, "h"), ("not", "a move")):
        with pytest.raises(IllegalMoveError):
            s.apply(0, m)
        assert s.snapshot() == before
    with pytest.raises(IllegalMoveError, match="not Seat 2's turn"):
        s.apply(1, mv("Sa1h"))


def test_reasons_in_words():
    s = position("Sd4h", "Ld3v")  # Ld3v crosses line 4 at d4, Sd4h's west end
    assert s.why_illegal(0, mv("Sd4h")) == "a small building on d4–e4 overlaps another"  # where, not the notation
    assert s.why_illegal(0, Place(3, 7, 0, "h")) == "Lh1h would stick out of the board"
    s.stock[0][3] = 0
    assert s.why_illegal(0, mv("La1h")) == "no large buildings left"
    play(s, "Sa1h")
    assert s.phase == "slide"
    assert s.why_illegal(0, mv("Sd4h-w1")) == "the small building on d4–e4 cannot slide west"
    assert s.why_illegal(0, mv("Sd4h-n8")) == "the small building on d4–e4 can slide 5 cells north, not 8"
    assert s.why_illegal(0, mv("Mb2h-e1")) == "there is no middle building on b2–d2"


def test_parse_reports_the_reason():
    s = position("Sd4h")
    with pytest.raises(IllegalMoveError, match="^a small building on d4–e4 overlaps another$"):
        s.parse_move("sd4h", 0)


def test_describe_move_in_words():
    s = position("Sa1h", "Sa1v", "Sa2h", "Md5h")
    assert s.describe_move(mv("Mc4h")) == "place a middle building on c4–e4"
    assert s.describe_move(mv("Sb1v")) == "place a small building on b1–b2, completing a 1-cell area"
    play(s, "Sh8h")
    assert s.describe_move(mv("Md5h-n2")) == "slide the middle building on d5–f5 2 cells north, to d7–f7"
    assert s.describe_move(PASS) == "pass: no slide this turn"
    play(s, "pass")
    s2 = position("Sa1h", "Sa1v", "Sa2h")
    play(s2, "Sb1v", "pass")
    assert s2.phase == "claim"
    assert s2.describe_move(Claim(0)) == "claim the 1-cell area at a1"
    assert s2.describe_move(PASS) == "pass: give up this claim for good"
    for m in s2.legal(0):
        assert s2.describe_move(m, 0)


def test_describe_names_every_area_a_move_completes():
    box = ["Sd4h", "Se4h", "Sd5h", "Se5h", "Sd4v", "Sf4v"]  # d4+e4, enclosed before
    s = position(*box)
    assert s.describe_move(mv("Se4v")) == (
        "place a small building on e4–e5, completing a 1-cell area and a 1-cell area"
    )


def test_views_are_marked_and_hide_no_one():
    s = position("Sd4h")
    for seat in (0, 1, None):
        v = s.view(seat)
        assert v.is_view and v.view_seat == seat and v.hidden_seats() == ()
        assert v.snapshot() == s.snapshot()
        assert v.legal(0) == s.legal(0)  # a view of perfect information answers for anyone
    assert not s.is_view and s.hidden_seats() == ()
    v = s.view(1)
    v.apply(0, mv("Sa1h"))
    assert (1, 0, 0, "h") not in s.pieces  # the view is a copy


def test_determinize_is_a_clone():
    from engine.rng import Rng

    s = position("Sd4h")
    d = s.view(1).determinize(1, Rng(3))
    assert d.snapshot() == s.snapshot() and not d.is_view
    d.apply(0, mv("Sa1h"))
    assert len(s.pieces) == 1


def test_evaluate():
    s = position("Sa1h", "Sa1v", "Sa2h")
    assert s.evaluate(0) == s.evaluate(1) == 0.5
    play(s, "Sb1v", "pass")
    assert s.phase == "claim"
    assert s.evaluate(0) > 0.5 > s.evaluate(1)  # an area about to be claimed
    play(s, "@a1")
    lead = s.evaluate(0)
    assert 0.5 < lead < 1 and s.evaluate(1) == pytest.approx(1 - lead)
    s.claims.append((cells("h8", "g8"), 1, 62))
    assert s.evaluate(0) < 0.5


def test_evaluate_at_the_end():
    s = position("Sa1h", "Sa1v", "Sa2h")
    s.monuments[0] = 1
    play(s, "Sb1v", "pass", "@a1")
    assert s.is_over() and s.evaluate(0) == 1.0 and s.evaluate(1) == 0.0


def test_given_up_areas():
    s = position("Sa1h", "Sa1v", "Sa2h")
    play(s, "Sb1v", "pass")
    assert s.given_up_areas() == []  # still claimable this turn
    play(s, "pass")
    assert s.given_up_areas() == [cells("a1")]
    play(s, "Sh8h", "pass")
    assert s.given_up_areas() == [cells("a1")]


def test_no_slide_step_when_nothing_can_move():
    # a late board: every side built but a1's bottom (and, the second time,
    # b1's bottom); the building put on a1's bottom is the only one that
    # could move
    full = (1 << 72) - 1
    for free, slide_step in (((0,), False), ((0, 1), True)):
        s = new_state()
        s.h = full & ~sum(g.hbit(x, 0) for x in free)
        s.v = full
        s.turns = 40
        s.enclosed_before = frozenset(g.enclosed_regions(s.h, s.v))
        play(s, "Sa1h")
        assert s.can_slide() == slide_step
        assert s.phase == ("slide" if slide_step else "claim")  # a1 closed: straight to the claim


def test_moves_and_turns_are_counted():
    s = new_state()
    assert s.plies == 0 and "Move 1 (turn 1): A — Place a building." in s.render(None, ["A", "B"])
    play(s, "Sd4h", "Sa1h")
    assert s.phase == "slide" and s.plies == 2 and s.turns == 1
    assert "Move 3 (turn 2): B — Slide a building, or pass." in s.render(None, ["A", "B"])
    assert s.snapshot()["plies"] == 2


def test_a_save_of_ruleset_version_1_loads_under_version_1_and_a_newer_one_is_refused():
    rec = GameRecord.new(RULESET, [Player("A"), Player("B")], 1, {})
    rec.play(0, "Sd4h")
    doc = to_json(rec)
    doc["ruleset_version"] = 1
    old = from_json(doc, "old.json")
    assert old.ply == 1 and old.rules_version == old.state.rules_version == 1
    doc["ruleset_version"] = 3
    with pytest.raises(SaveError, match="Grid Square rules version 3, newer than this program"):
        from_json(doc, "future.json")
    assert from_json(to_json(rec), "new.json").rules_version == 2


def test_side_owners_are_the_sides_that_carry_a_building():
    """The view's read method agrees with the state's own bitboards (which
    the view no longer reads)."""
    for state in random_positions(17, 40):
        h, v = state.side_owners()
        assert sum(g.hbit(x, y) for x, y in h) == state.h
        assert sum(g.vbit(x, y) for x, y in v) == state.v
        for (size, x, y, o), owner in zip(state.pieces, state.owners):
            sides = h if o == "h" else v
            assert all(sides[(x + i, y) if o == "h" else (x, y + i)] == owner for i in range(size))
