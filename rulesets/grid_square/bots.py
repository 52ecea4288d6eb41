"""Grid Square's greedy bot: claims the largest area it can, and of the moves
that tie, prefers one that leaves the opponent no area to close."""
from __future__ import annotations

from typing import Any

from engine.core import Bot
from engine.memo import Memo
from engine.rng import Rng
from rulesets.grid_square import geometry as g
from rulesets.grid_square.faces import CELLS_BESIDE, POINT_MASK, POINTS_OF, Components, NewAreas, best_new_area, components
from rulesets.grid_square.movegen import ALL_PLACES
from rulesets.grid_square.moves import PASS, Claim, Place, Slide, slide_target
from rulesets.grid_square.state import GridSquareState

__all__ = ["GreedyBot", "PlannerBot", "best_new_area", "best_reply"]

SHORTLIST = 10
"""How many of the best-looking moves get the (costlier) look at replies."""


class _Rows(dict[int, list[tuple[Place, int, int, tuple[int, ...]]]]):
    """Per size, every placement in notation order with its side masks and
    points: (move, h mask, v mask, points); made on first use."""

    def __missing__(self, size: int) -> list[tuple[Place, int, int, tuple[int, ...]]]:
        found = self[size] = [(mv, hm, vm, POINTS_OF[mv]) for mv, hm, vm in ALL_PLACES[size]]
        return found


_ROWS = _Rows()
_PLACE_SIDES: dict[Place, tuple[int, int, tuple[int, ...]]] = {}
"""Every placement: (h mask, v mask, points), filled with `_ROWS`."""


def _place_sides_table() -> dict[Place, tuple[int, int, tuple[int, ...]]]:
    """`_PLACE_SIDES`, filled on first use."""
    if not _PLACE_SIDES:
        for size in (1, 2, 3):
            _PLACE_SIDES.update((m, (hm, vm, pts)) for m, hm, vm, pts in _ROWS[size])
    return _PLACE_SIDES


def _place_sides(mv: Place) -> tuple[int, int, tuple[int, ...]]:
    """(h mask, v mask, points) of a placement."""
    return _place_sides_table()[mv]


class _ByEnds(dict[int, tuple[tuple[int, int, dict[int, tuple[int, int, tuple[int, ...]]]], ...]]):
    """Per size: for h and for v placements, the mask of the points a
    placement may start from (bit y*9+x), the distance (in points) to its
    other end, and each start point's (h mask, v mask, points); made on
    first use."""

    def __missing__(self, size: int) -> tuple[tuple[int, int, dict[int, tuple[int, int, tuple[int, ...]]]], ...]:
        out = []
        for orient, step in (("h", 1), ("v", 9)):
            rows = {pts[0]: (hm, vm, pts) for mv, hm, vm, pts in _ROWS[size] if mv.orient == orient}
            out.append((sum(1 << p for p in rows), size * step, rows))
        found = self[size] = tuple(out)
        return found


_BY_ENDS = _ByEnds()


_REPLIES: Memo[int] = Memo(20_000)  # about 250 bytes each: 5 MB at most
"""`best_reply` by all it reads: the sides, the blocked inner sides,
which building sizes the seat has left and the claimed regions (a seat
with no monument left closes nothing). Shared by every bot: a search's
playouts meet the same boards again (about 40% of the asks in Grid
Square's `deep` playouts are answered here)."""


def best_reply(state: GridSquareState, h: int, v: int, seat: int, comps: Components | None = None) -> int:
    """The largest area `seat` could close with one placement on (h, v)
    (`comps`: the point components of (h, v), where known)."""
    if not state.monuments[seat]:
        return 0
    stock = state.stock[seat]
    key = (h, v, state.inner_h, state.inner_v, bool(stock[3]), bool(stock[2]), bool(stock[1]),
           tuple([r for r, _, _ in state.claims]))
    found = _REPLIES.get(key)
    return _REPLIES.keep(key, _best_reply(state, h, v, seat, comps)) if found is None else found


def _best_reply(state: GridSquareState, h: int, v: int, seat: int, comps: Components | None) -> int:
    """`best_reply` worked out."""
    if comps is None:
        comps = components(h, v)
    touched = comps.touched
    known = None
    bh, bv = h | state.inner_h, v | state.inner_v
    best = 0
    stock = state.stock[seat]
    for size in (3, 2, 1):
        if not stock[size]:
            continue
        for starts, reach, rows in _BY_ENDS[size]:
            # only placements with a built side at both ends (one that meets
            # nothing at an end closes nothing), and of those the ones that
            # close a face: one that closes none leaves the areas of (h, v),
            # all known, and its best new area is 0, which `best` already is
            # (faces.py)
            ends = starts & touched & (touched >> reach) & comps.closing(size, reach // size)
            while ends:
                low = ends & -ends
                ends ^= low
                hm, vm, pts = rows[low.bit_length() - 1]
                if hm & bh or vm & bv:
                    continue
                if known is None:
                    claimed = sum(r for r, _, _ in state.claims)
                    known = set(g.enclosed_regions(h, v, claimed)) | {r for r, _, _ in state.claims}
                best = max(best, best_new_area(h | hm, v | vm, known, claimed))
    return best


def _new_area(areas: NewAreas, state: GridSquareState, mv: object) -> tuple[int, int, int]:
    """(best new area, h, v) after a place or slide (or pass: no change)
    by `state`'s seat, as `best_new_area(*state.sides_after(mv), known)`."""
    if type(mv) is Place:
        hm, vm, pts = _place_sides(mv)
        return areas.placed(hm, vm, pts), state.h | hm, state.v | vm
    h, v = state.sides_after(mv)
    if type(mv) is Slide:
        return areas.slid(mv[:4], slide_target(mv)), h, v
    return areas.base(), h, v


def _after_comps(areas: NewAreas | None, mv: object) -> Components | None:
    """The point components after `mv` where they follow from the
    position's (a placement joins what it meets; a slide, what its target
    meets without the slid building), else None."""
    if areas is None:
        return None
    if type(mv) is Place:
        return areas.comps.with_building(_place_sides(mv)[2])
    if type(mv) is Slide:
        return areas.without(mv[:4]).with_building(POINTS_OF[slide_target(mv)])
    return areas.comps


def _best_slide(areas: NewAreas, slides: list[Slide], touched: int) -> int:
    """max(areas.base(), the best new area after each slide): as
    `areas.slid`, which answers `base` unless the slid building borders an
    enclosed cell or two of the target's points meet sides left built (here
    first asked of all the sides, `touched`: if not two there, not two
    without the slid building either)."""
    best = areas.base()
    enclosed = areas.enclosed()
    info = _SLIDE_INFO
    for s in slides:
        # by the slide's id (cheaper than hashing it), the slide kept with
        # its row so that the id cannot be another's
        found = info.get(id(s))
        if found is None or found[0] is not s:
            piece, target = s[:4], slide_target(s)
            found = info.keep(id(s), (s, piece, target, CELLS_BESIDE[piece], POINT_MASK[target]))
        _, piece, target, beside, points = found
        met = points & touched
        if beside & enclosed or met & (met - 1) and (points & areas.touched_without(piece)).bit_count() > 1:
            best = max(best, areas.slid(piece, target))
    return best


_SLIDE_INFO: Memo[tuple[Slide, tuple[int, int, int, str], tuple[int, int, int, str], int, int]] = Memo(100_000)
"""Per slide, by its id: (the slide, its building, its target, the cells
beside the building, the target's points), made on first use (the state's
slides are made once, in its tables)."""


THREAT_WEIGHT = 0.6
"""What an area the bot could close itself next turn is worth, per cell,
against one closed now (1.0): its own threat after the move, weighed with
the opponent's reply. Was 0 until the game review's study
(docs/review-mistakes.md) found slides and placements its most common
mistakes; with PASS_BONUS the two won 62.8% of 400 games on tuning seeds
against the old planner."""
PASS_BONUS = 0.5
"""Not sliding is worth this much more than a slide that gains the same:
a slide that closes nothing mostly takes a building from where it stood
(was 0)."""


class GreedyBot(Bot):
    """Greedy: the largest claim now, minus what the opponent could close next."""

    level = "greedy"

    def __init__(self, seed: int = 0, level: str = "greedy") -> None:
        self.rng = Rng(seed)
        self.threat_weight = 0.0
        """Per cell of the bot's own best closure next turn (the planner's THREAT_WEIGHT)."""
        self.pass_bonus = 0.0
        """Added to not sliding (the planner's PASS_BONUS)."""

    def choose(self, state: Any, seat: int) -> Any:
        legal = state.legal(seat)
        if state.phase == "claim":
            return max(
                (m for m in legal if isinstance(m, Claim)),
                key=lambda m: bin(state.area_of(m.cell)).count("1"),
            )
        known = set(state.enclosed_before) | {r for r, _, _ in state.claims}
        scored = []
        rng = self.rng
        areas = None
        if state.monuments[seat]:
            areas = NewAreas(state.h, state.v, known, sum(r for r, _, _ in state.claims))
            for mv in legal:
                gain, h, v = _new_area(areas, state, mv)
                scored.append((gain, rng.random(), mv, h, v))
        else:
            for mv in legal:
                h, v = state.sides_after(mv)
                scored.append((0, rng.random(), mv, h, v))
        scored.sort(key=lambda t: (-t[0], -1.0 if (self.pass_bonus and t[2] == PASS) else t[1]))
        best, best_value = scored[0][2], None
        for gain, _, mv, h, v in scored[:SHORTLIST]:
            value: float = gain - best_reply(state, h, v, 1 - seat, _after_comps(areas, mv))
            if mv == PASS:
                value += self.pass_bonus
            if self.threat_weight:
                value += self.threat_weight * best_reply(state, h, v, seat, _after_comps(areas, mv))
            if best_value is None or value > best_value:
                best, best_value = mv, value
        return best


FOLLOW_UPS = 40
"""How many placements the planner tries every slide after."""


class PlannerBot(GreedyBot):
    """Plans the whole turn: a placement together with the slide after it
    (areas closed in two steps), then, like greedy, avoids handing the
    opponent an area to close."""

    level = "planner"

    def __init__(self, seed: int = 0, level: str = "planner") -> None:
        super().__init__(seed, level)
        self.threat_weight = THREAT_WEIGHT
        self.pass_bonus = PASS_BONUS

    def choose(self, state: Any, seat: int) -> Any:
        if state.phase != "place" or not state.monuments[seat] or not state.slides_allowed or state.turns == 0:
            return super().choose(state, seat)
        known = set(state.enclosed_before) | {r for r, _, _ in state.claims}
        scored = []
        h0, v0 = state.h, state.v
        claimed = sum(r for r, _, _ in state.claims)
        areas = NewAreas(h0, v0, known, claimed)
        touched = areas.comps.touched
        rng = self.rng
        closes = areas.comps.closes
        sides = _place_sides_table()
        for mv in state.legal(seat):
            hm, vm, pts = sides[mv]
            # how many of its ends a built side meets, 0..2
            touch = (touched >> pts[0] & 1) + (touched >> pts[-1] & 1)
            # `areas.placed`: the areas before it where it closes no face
            area = best_new_area(h0 | hm, v0 | vm, known, claimed) if closes(pts) else areas.base()
            scored.append([area, touch, rng.random(), mv, h0 | hm, v0 | vm])
        scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
        for row in scored[:FOLLOW_UPS]:
            after = state.clone()
            after.apply_trusted(seat, row[3])
            if after.phase == "slide":
                # the placement's areas are row[0]; where it closed no face,
                # the enclosed cells are those before it
                pts = _place_sides(row[3])[2]
                follow_areas = NewAreas(after.h, after.v, known, claimed, areas.comps.with_building(pts), base=row[0],
                                        enclosed=None if areas.comps.closes(pts) else areas.enclosed(),
                                        sides=areas.placed_sides(row[3]), parent=areas, placed_piece=tuple(row[3]))
                row[0] = _best_slide(follow_areas, after.slides(), touched | POINT_MASK[row[3]])
        scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
        best, best_value = scored[0][3], None
        for gain, _, _, mv, h, v in scored[:SHORTLIST]:
            value = gain - best_reply(state, h, v, 1 - seat, _after_comps(areas, mv))
            if self.threat_weight:
                value += self.threat_weight * best_reply(state, h, v, seat, _after_comps(areas, mv))
            if best_value is None or value > best_value:
                best, best_value = mv, value
        return best
