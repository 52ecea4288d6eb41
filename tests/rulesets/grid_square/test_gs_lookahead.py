"""The bots' fast look-ahead (faces.py: areas searched only where a building
closes a face) answers what a flood after every building answers: at many
positions of seeded games, every placement, every slide and the replies of
the shortlist are checked against plain versions written without it (the
bots' code before the speed-up)."""
from __future__ import annotations

import pytest
from gs_helpers import RULESET

from engine.record import GameRecord, Player
from engine.rng import Rng
from rulesets.grid_square import geometry as g
from rulesets.grid_square.bots import _after_comps, _best_slide, _place_sides, best_reply
from rulesets.grid_square.faces import NewAreas, best_new_area, components
from rulesets.grid_square.movegen import ALL_PLACES
from rulesets.grid_square.moves import Slide, slide_target


def plain_touching(h, v, x, y):
    return bool((x < 8 and h & g.hbit(x, y)) or (x > 0 and h & g.hbit(x - 1, y))
                or (y < 8 and v & g.vbit(x, y)) or (y > 0 and v & g.vbit(x, y - 1)))


def plain_ends(size, x, y, orient):
    return ((x, y), (x + size, y)) if orient == "h" else ((x, y), (x, y + size))


def plain_best_reply(state, h, v, seat):
    """best_reply as it was: a flood for every placement met at both ends."""
    if not state.monuments[seat]:
        return 0
    known = set(g.enclosed_regions(h, v)) | {r for r, _, _ in state.claims}
    bh, bv = h | state.inner_h, v | state.inner_v
    best = 0
    for size in (3, 2, 1):
        if not state.stock[seat][size]:
            continue
        for mv, hm, vm in ALL_PLACES[size]:
            if hm & bh or vm & bv:
                continue
            (ax, ay), (bx, by) = plain_ends(*mv)
            if plain_touching(h, v, ax, ay) and plain_touching(h, v, bx, by):
                best = max(best, best_new_area(h | hm, v | vm, known))
    return best


def positions(seed, sliding=True):
    """Every position of a seeded game of planners, mixed with random moves
    (so that areas are left unclaimed and buildings border them)."""
    record = GameRecord.new(RULESET, [Player("A", "bot:planner"), Player("B", "bot:planner")], seed,
                            {"sliding": sliding})
    rng = Rng(seed)
    while not record.state.is_over():
        yield record.state.clone()
        seat = record.state.to_act()[0]
        legal = record.state.legal(seat)
        move = rng.choice(legal) if rng.random() < 0.3 else record.bot_move(seat)
        record.play_move(seat, move)


def known_of(state):
    return set(state.enclosed_before) | {r for r, _, _ in state.claims}


def claimed_of(state):
    return sum(r for r, _, _ in state.claims)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_placements_and_slides_find_the_areas_a_flood_finds(seed):
    closing = slides = 0
    for state in positions(seed):
        if state.phase not in ("place", "slide"):
            continue
        known = known_of(state)
        areas = NewAreas(state.h, state.v, known, claimed_of(state))
        comps = components(state.h, state.v)
        before = g.enclosed_regions(state.h, state.v)
        for mv in state.legal(state.seat):
            h, v = state.sides_after(mv)
            want = best_new_area(h, v, known)
            if isinstance(mv, Slide):
                slides += 1
                assert areas.slid(mv[:4], slide_target(mv)) == want, mv
            elif mv in g.MASKS:
                hm, vm, pts = _place_sides(mv)
                assert areas.placed(hm, vm, pts) == want, mv
                closes = g.enclosed_regions(h, v) != before
                assert comps.closes(pts) == closes, mv
                closing += closes
                step = 1 if mv.orient == "h" else 9
                assert bool(comps.closing(mv.size, step) >> pts[0] & 1) == closes, mv
                after = _after_comps(areas, mv)
                fresh = components(h, v)
                assert after.touched == fresh.touched and sorted(after.current_groups()) == sorted(fresh.current_groups())
                assert all(after.closes(p) == fresh.closes(p) for p in (pts, (0, 80)))
        if state.phase == "slide":
            legal = [m for m in state.legal(state.seat) if isinstance(m, Slide)]
            touched = components(state.h, state.v).touched
            want = max([areas.base()] + [best_new_area(*state.sides_after(m), known) for m in legal])
            assert _best_slide(NewAreas(state.h, state.v, known, claimed_of(state)), legal, touched) == want
            assert _best_slide(NewAreas(state.h, state.v, known), legal, touched) == want
    assert closing and slides > 100  # both answers were asked


@pytest.mark.parametrize("seed", [4, 5])
def test_best_reply_is_the_plain_one(seed):
    asked = 0
    for k, state in enumerate(positions(seed)):
        if state.phase not in ("place", "slide") or k % 3:
            continue
        seat = state.seat
        areas = NewAreas(state.h, state.v, known_of(state), claimed_of(state))
        legal = state.legal(seat)
        for mv in legal[::15] + legal[-1:]:  # (a slide step's last move: pass)
            h, v = state.sides_after(mv)
            want = plain_best_reply(state, h, v, 1 - seat)
            assert best_reply(state, h, v, 1 - seat) == want, mv
            assert best_reply(state, h, v, 1 - seat, _after_comps(areas, mv)) == want, mv
            asked += want > 0
    assert asked  # some replies close an area


def test_a_reply_whose_far_end_meets_nothing_is_still_not_looked_at():
    # a1 has its bottom, left and right sides; Ma2h (a2-c2) would close it
    # through its middle point b2 while its end c2 meets nothing: the reply
    # look-ahead passes it over, as it always did (only Sa2h is seen, and
    # seat 1 has no small building left)
    from gs_helpers import position

    s = position("Sa1h", "Sa1v", "Sb1v")
    s.stock[1] = {1: 0, 2: 1, 3: 0}
    assert plain_best_reply(s, s.h, s.v, 1) == 0
    assert best_reply(s, s.h, s.v, 1) == 0
    s.stock[1] = {1: 1, 2: 1, 3: 0}
    assert best_reply(s, s.h, s.v, 1) == plain_best_reply(s, s.h, s.v, 1) == 1
