"""What the game screen and the replay viewer show of the moves played:
the last move (marked on the board) and the log's entries."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import GameState
from engine.record import GameRecord
from tui.games.protocol import GameView
from tui.widgets.log_panel import LogEntry


@dataclass(frozen=True)
class LastMove:
    """The last move played, as the screen shows it."""

    seat: int
    """Who played it."""
    notation: str
    description: str
    """In words, from the position before it (`describe_move`)."""
    sealed: bool
    """Hidden from the other seats (`is_sealed`)."""

    def notation_for(self, viewer: int | None) -> str | None:
        """The notation if `viewer` may see it, else None."""
        return None if self.sealed and viewer != self.seat else self.notation


def last_move_of(before: GameState[Any], seat: int, notation: str) -> LastMove:
    """A LastMove from the state before it was played."""
    move = before.parse_move(notation, seat)
    return LastMove(seat, notation, before.describe_move(move, seat), before.is_sealed(seat, move))


def log_entries(record: GameRecord, viewer: int | None, upto: int | None = None) -> list[LogEntry]:
    """The log lines `viewer` may read (None: public ones), up to ply `upto`."""
    names = record.names
    return [
        LogEntry(ply, ev.render(names), seat)
        for ply, ((seat, _), events) in enumerate(zip(record.moves, record.log), start=1)
        if upto is None or ply <= upto
        for ev in events
        if ev.visible_to(viewer)
    ]


def tell_last(view: GameView, last: LastMove | None, viewer: int | None) -> None:
    """Tell the view the last move, as `viewer` may see it (`mark_last`)."""
    view.mark_last(None if last is None else last.seat, None if last is None else last.notation_for(viewer))


RECENT_MOST = 24
"""The most moves kept for "since my last move" (a turn is a few)."""


def recent_moves(record: GameRecord) -> list[LastMove]:
    """The record's last RECENT_MOST moves as LastMoves, oldest first
    (one replay): what `others_last_turn` reads."""
    moves = record.moves
    start = max(0, len(moves) - RECENT_MOST)
    if start == len(moves):
        return []
    state = record.state_at(start).clone()
    out = []
    for seat, notation in moves[start:]:
        out.append(last_move_of(state, seat, notation))
        state.apply_trusted(seat, state.parse_move(notation, seat))
    return out


def keep_recent(recent: list[LastMove], last: LastMove) -> list[LastMove]:
    """`recent` with the move just played, the oldest dropped past RECENT_MOST."""
    return [*recent, last][-RECENT_MOST:]


def others_last_turn(recent: list[LastMove], viewer: int | None) -> list[tuple[int, str | None]]:
    """The moves the other seats made between `viewer`'s last two runs of
    moves (their turn that came before the viewer's run now under way, or
    since the viewer last moved), oldest first, as `viewer` may see them (a
    sealed one's notation is None)."""
    if viewer is None:
        return []
    moves = list(recent)
    while moves and moves[-1].seat == viewer:
        moves.pop()
    out: list[tuple[int, str | None]] = []
    for m in reversed(moves):
        if m.seat == viewer:
            break
        out.append((m.seat, m.notation_for(viewer)))
    return out[::-1]


def tell_turn(view: GameView, recent: list[LastMove], viewer: int | None) -> None:
    """Tell the view the other seats' last turn as `viewer` saw it
    (`mark_turn`, where the view has it)."""
    mark_turn = getattr(view, "mark_turn", None)
    if mark_turn is not None:
        mark_turn(others_last_turn(recent, viewer))


def record_last_move(record: GameRecord) -> LastMove | None:
    """The record's last move (replays up to the ply before it), or None."""
    if not record.ply:
        return None
    seat, notation = record.moves[-1]
    return last_move_of(record.state_at(record.ply - 1), seat, notation)
