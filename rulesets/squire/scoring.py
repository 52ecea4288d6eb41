"""Squire's scoring: what each errand scores, what a tile would add to it, a
seat's running score by parts and what an exhibition would give."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.words import plural
from rulesets.squire import content as K
from rulesets.squire.content import TILE_COLOUR as TC
from rulesets.squire.content import TILE_VALUE as TV

if TYPE_CHECKING:
    from rulesets.squire.state import SquireState


def errand_points(state: SquireState, card_id: int, seat: int) -> int:
    """What an errand scores for `seat` with the gallery as it stands."""
    card = K.CARD_BY_ID.get(card_id)
    if card is None:
        return 0
    p = state.players[seat]
    gallery = p.gallery
    kind = card.errand
    if kind == "pair" or kind == "type":
        want = K.ERRAND_COLOURS[card_id]
        count = sum(1 for t in gallery if t >= 0 and TC[t] in want)
        return count if kind == "pair" else 2 * count
    if kind == "floors":
        return 3 * sum(1 for sp in K.FLOOR_SPACES if all(gallery[i] >= 0 for i in sp))
    if kind == "columns":
        return 2 * sum(1 for sp in K.COLUMN_SPACES if all(gallery[i] >= 0 for i in sp))
    if kind == "variety":
        return 2 * len({TC[t] for t in gallery if t >= 0})
    if kind == "masters":
        return 2 * sum(1 for t in gallery if t >= 0 and TV[t] >= 5)
    if kind == "humble":
        return sum(1 for t in gallery if t >= 0 and TV[t] <= 3)
    if kind == "wealth":
        return p.wealth() // 4
    return 0


def errand_gain(state: SquireState, card_id: int, seat: int, space: int, tile: int) -> int:
    """What putting `tile` in `seat`'s empty gallery `space` adds to the
    errand `card_id` (`errand_points` after less before, worked out
    without placing it; "wealth" does not change with a tile: 0)."""
    card = K.CARD_BY_ID.get(card_id)
    if card is None:
        return 0
    gallery = state.players[seat].gallery
    kind = card.errand
    if kind == "pair" or kind == "type":
        if TC[tile] not in K.ERRAND_COLOURS[card_id]:
            return 0
        return 1 if kind == "pair" else 2
    if kind == "floors" or kind == "columns":
        lines = K.FLOOR_SPACES if kind == "floors" else K.COLUMN_SPACES
        done = sum(1 for sp in lines if space in sp and all(gallery[i] >= 0 for i in sp if i != space))
        return (3 if kind == "floors" else 2) * done
    if kind == "variety":
        colour = TC[tile]
        return 0 if any(t >= 0 and TC[t] == colour for t in gallery) else 2
    if kind == "masters":
        return 2 if TV[tile] >= 5 else 0
    if kind == "humble":
        return 1 if TV[tile] <= 3 else 0
    return 0


def score_parts(state: SquireState, seat: int) -> dict[str, int]:
    """The named parts of `seat`'s score."""
    p = state.players[seat]
    return {
        "rarities": sum(TV[t] for t in p.tiles()),
        "errands": sum(state.errand_points(c, seat) for c in p.errands),
        "coins and tickets": p.wealth() // 5,
    }


def score_now(state: SquireState, seat: int) -> int:
    """`seat`'s VP if the game ended now (the running score)."""
    return sum(state.score_parts(seat).values())


def exhibition_awards(state: SquireState, seat: int, colour: int) -> tuple[str, list[tuple[int, str]]]:
    """What an exhibition of `colour` held by `seat` now would give: the
    exhibitor's award and each other owner's, from the left, in words."""
    p = state.players[seat]
    others = [o for o in state.others(seat) if state.players[o].count(colour)]
    if colour == K.RED:
        left = len(state.deck)
        mine = max(0, min(state.hand_limit(seat) - len(p.hand), left))
        left -= mine
        theirs = []
        for o in others:
            gets = 1 if left and len(state.players[o].hand) < state.hand_limit(o) else 0
            left -= gets
            theirs.append((o, f"draws {plural(gets, 'card')}"))
        return f"you draw {plural(mine, 'card')} (to your hand limit)", theirs
    if colour in K.CURRENCY_AWARDS:
        what, base = K.CURRENCY_AWARDS[colour]
        word = what[:-1]
        return f"you get {plural(base + p.count(colour), word)}", [(o, f"gets {plural(base, word)}") for o in others]
    can = p.hand and len(p.errands) < state.errand_limit(seat)
    mine_text = (
        f"you may run an errand ({len(p.errands)} of {state.errand_limit(seat)} running)"
        if can else "you cannot run an errand (no card or at the limit)"
    )
    theirs = [(o, "may swap an errand") for o in others if state.players[o].hand and state.players[o].errands]
    return mine_text, theirs

