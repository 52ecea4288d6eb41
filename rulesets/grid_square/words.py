"""Grid Square in words: the prompt, what a move does, why a move is not
legal, and the events a move makes (the Presentation the screens, the move
list, the plain-text mode and the CLI say)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event, Outcome, seat_ref
from engine.words import a_or_an, plural
from rulesets.grid_square import geometry as g
from rulesets.grid_square.movegen import anchor, slide_reach
from rulesets.grid_square.moves import (
    DIRECTIONS,
    Claim,
    Pass,
    Place,
    Slide,
    cells_text,
    format_move,
    slide_target,
    span_text,
)

if TYPE_CHECKING:
    from rulesets.grid_square.state import GridSquareState

DIR_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}

PROMPTS = {
    "place": "Place a building",
    "slide": "Slide a building, or pass",
    "claim": "Claim an area you completed, or pass",
    "over": "The game is over",
}
"""What to do now, by phase."""


def prompt(state: GridSquareState) -> str:
    """What the seat to act does now."""
    return PROMPTS[state.phase]


def describe_move(state: GridSquareState, move: object) -> str:
    """What `move` does, in words (and the areas it would complete)."""
    if isinstance(move, Place):
        text = f"place a {g.SIZE_NAMES[move.size]} building on {span_text(*move)}"
    elif isinstance(move, Slide):
        text = (f"slide the {g.SIZE_NAMES[move.size]} building on {span_text(*move[:4])} "
                f"{plural(move.dist, 'cell')} {DIR_NAMES[move.direction]}, to {span_text(*slide_target(move))}")
    elif isinstance(move, Claim):
        region = state.area_of(move.cell)
        size = f"{bin(region).count('1')}-cell " if region else ""
        return f"claim the {size}area at {g.cell_name(move.cell)}"
    elif isinstance(move, Pass):
        if state.phase == "claim":
            n = len(state.claimable)
            return f"pass: give up {'this claim' if n == 1 else 'these claims'} for good"
        return "pass: no slide this turn"
    else:
        return format_move(move)
    if state.phase in ("place", "slide") and state.is_legal(state.seat, move):
        done = sorted(bin(r).count("1") for r in state.completed_by(move))
        if done:
            text += f", completing {' and '.join(a_or_an(f'{n}-cell area') for n in done)}"
    return text


def explain_illegal(state: GridSquareState, seat: int, move: object) -> str:
    """Why `move` is not legal for `seat` now, in one line."""
    step_now = prompt(state).lower()
    if isinstance(move, Place):
        if state.phase != "place":
            return f"no placement now: {step_now}"
        if (move.size, move.orient) not in g.PLACEMENTS or not g.fits(*move):
            return f"{format_move(move)} would stick out of the board"
        if not state.stock[seat].get(move.size):
            return f"no {g.SIZE_NAMES[move.size]} buildings left"
        m = g.MASKS[move]
        built = state.h if move.orient == "h" else state.v
        if m & built:  # where, in words: the notation is what was typed or built by keys
            return f"a {g.SIZE_NAMES[move.size]} building on {span_text(*move)} overlaps another"
        return f"a {g.SIZE_NAMES[move.size]} building on {span_text(*move)} would divide a claimed area"
    if isinstance(move, Slide):
        if state.phase != "slide":
            return f"no slide now: {step_now}"
        name = f"the {g.SIZE_NAMES[move.size]} building on {span_text(*move[:4])}" if move[:4] in g.MASKS \
            else format_move(move)
        i = state.piece_index(move)
        if i is None:
            return f"there is no such building ({name})" if move[:4] not in g.MASKS else f"there is no {name[4:]}"
        if state.is_fixed(state.pieces[i]):
            return f"{name} bounds a claimed area and cannot move"
        reach = slide_reach(state, i, move.direction) if move.direction in DIRECTIONS else 0
        way = DIR_NAMES.get(move.direction, move.direction)
        if not reach:
            return f"{name} cannot slide {way}"
        return f"{name} can slide {cells_text(reach)} {way}, not {move.dist}"
    if isinstance(move, Claim):
        if state.phase != "claim":
            return "there is no area to claim now"
        region = state.area_of(move.cell)
        if not region:
            return f"{g.cell_name(move.cell)} is not in an area you completed this turn"
        return f"name the area by its lowest cell, @{g.cell_name(anchor(region))}"
    if isinstance(move, Pass):
        return "you must place a building first"
    return f"not a Grid Square move: {move!r}"


class _MoveEvents(dict[tuple[int, Place | Slide], Event]):
    """(seat, place or slide) -> its event, made on first use: events are
    immutable, and the same few hundred recur in every game."""

    def __missing__(self, key: tuple[int, Place | Slide]) -> Event:
        seat, move = key
        who = seat_ref(seat)
        if isinstance(move, Place):  # in words, as `describe_move` says it (notation stays in ':' and 'a')
            found = Event(f"{who} placed a {g.SIZE_NAMES[move.size]} building on {span_text(*move)}")
        else:
            found = Event(f"{who} slid the {g.SIZE_NAMES[move.size]} building on {span_text(*move[:4])}"
                          f" {plural(move.dist, 'cell')} {DIR_NAMES[move.direction]},"
                          f" to {span_text(*slide_target(move))}")
        self[key] = found
        return found


MOVE_EVENTS = _MoveEvents()
"""The event of each place and slide, by (seat, move)."""


def claim_event(seat: int, region: int, cell: int) -> Event:
    """`seat` claimed `region`, its monument on `cell`."""
    return Event(f"{seat_ref(seat)} claimed {cells_text(bin(region).count('1'))} at {g.cell_name(cell)}")


def no_slide_event(seat: int) -> Event:
    """`seat` passed the slide step."""
    return Event(f"{seat_ref(seat)}: no slide")


def gave_up_event(seat: int, claimable: tuple[int, ...]) -> Event:
    """`seat` passed the claim step: the areas are given up for good."""
    given = ", ".join(f"{cells_text(bin(r).count('1'))} at {g.cell_name(anchor(r))}"
                      for r in sorted(claimable, key=anchor))
    return Event(f"{seat_ref(seat)} gave up the claim ({given}) for good")


def skip_event(skipped: int, again: int) -> Event:
    """`skipped` cannot place; `again` plays on."""
    return Event(f"{seat_ref(skipped)} cannot place a building and skips the turn; {seat_ref(again)} plays again")


def game_over_event(reason: str, out: Outcome) -> Event:
    """The game's end: why, and who won by how much."""
    if out.is_draw:
        result = f"a draw at {plural(out.scores[0], 'cell')} each"
    else:
        w = out.winners[0]
        result = f"{seat_ref(w)} wins, {plural(out.scores[w], 'cell')} to {out.scores[1 - w]}"
    return Event(f"Game over: {reason}; {result}")
