"""Grid Square's greedy bot: claims the largest area it can, and of the moves
that tie, prefers one that leaves the opponent no area to close."""
from __future__ import annotations

from typing import Any

from engine.core import Bot
from engine.rng import Rng
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import Claim
from rulesets.grid_square.state import _ALL_PLACES, GridSquareState

SHORTLIST = 10
"""How many of the best-looking moves get the (costlier) look at replies."""


def _touching(h: int, v: int, x: int, y: int) -> bool:
    """True when a built side meets point (x, y)."""
    return bool(
        (x < 8 and h & g.hbit(x, y))
        or (x > 0 and h & g.hbit(x - 1, y))
        or (y < 8 and v & g.vbit(x, y))
        or (y > 0 and v & g.vbit(x, y - 1))
    )


def _ends(size: int, x: int, y: int, orient: str) -> tuple[tuple[int, int], tuple[int, int]]:
    return ((x, y), (x + size, y)) if orient == "h" else ((x, y), (x, y + size))


def best_new_area(h: int, v: int, known: set[int]) -> int:
    """Cells in the largest enclosed area of (h, v) that is not in `known`."""
    return max((bin(r).count("1") for r in g.enclosed_regions(h, v) if r not in known), default=0)


def best_reply(state: GridSquareState, h: int, v: int, seat: int) -> int:
    """The largest area `seat` could close with one placement on (h, v)."""
    if not state.monuments[seat]:
        return 0
    known = set(g.enclosed_regions(h, v)) | {r for r, _, _ in state.claims}
    bh, bv = h | state.inner_h, v | state.inner_v
    best = 0
    stock = state.stock[seat]
    for size in (3, 2, 1):
        if not stock[size]:
            continue
        for mv, hm, vm in _ALL_PLACES[size]:
            if hm & bh or vm & bv:
                continue
            (ax, ay), (bx, by) = _ends(*mv)
            if not (_touching(h, v, ax, ay) and _touching(h, v, bx, by)):
                continue  # a building that meets nothing at one end closes nothing
            best = max(best, best_new_area(h | hm, v | vm, known))
    return best


class GreedyBot(Bot):
    """Greedy: the largest claim now, minus what the opponent could close next."""

    level = "greedy"

    def __init__(self, seed: int = 0, level: str = "greedy") -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any, seat: int) -> Any:
        legal = state.legal(seat)
        if state.phase == "claim":
            return max(
                (m for m in legal if isinstance(m, Claim)),
                key=lambda m: bin(state.area_of(m.cell)).count("1"),
            )
        known = set(state.enclosed_before) | {r for r, _, _ in state.claims}
        scored = []
        for mv in legal:
            h, v = state.sides_after(mv)
            gain = best_new_area(h, v, known) if state.monuments[seat] else 0
            scored.append((gain, self.rng.random(), mv, h, v))
        scored.sort(key=lambda t: (-t[0], t[1]))
        best, best_value = scored[0][2], None
        for gain, _, mv, h, v in scored[:SHORTLIST]:
            value = gain - best_reply(state, h, v, 1 - seat)
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

    def choose(self, state: Any, seat: int) -> Any:
        if state.phase != "place" or not state.monuments[seat] or not state.slides_allowed or state.turns == 0:
            return super().choose(state, seat)
        known = set(state.enclosed_before) | {r for r, _, _ in state.claims}
        scored = []
        for mv in state.legal(seat):
            h, v = state.sides_after(mv)
            (ax, ay), (bx, by) = _ends(*mv)
            touch = _touching(state.h, state.v, ax, ay) + _touching(state.h, state.v, bx, by)
            scored.append([best_new_area(h, v, known), touch, self.rng.random(), mv, h, v])
        scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
        for row in scored[:FOLLOW_UPS]:
            after = state.clone()
            after.apply_trusted(seat, row[3])
            if after.phase == "slide":
                follow = max((best_new_area(*after.sides_after(s), known) for s in after.slides()), default=0)
                row[0] = max(row[0], follow)
        scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
        best, best_value = scored[0][3], None
        for gain, _, _, mv, h, v in scored[:SHORTLIST]:
            value = gain - best_reply(state, h, v, 1 - seat)
            if best_value is None or value > best_value:
                best, best_value = mv, value
        return best
