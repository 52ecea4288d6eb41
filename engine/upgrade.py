"""Moving a game in progress to the newest rules (`tsquare upgrade`).

A save keeps the rules version it was started under and always replays under
it (saves/FORMAT.md, "Rules versions"). A game may move to the newest rules
only when that changes nothing already played: every move so far is legal
under the newest rules, in the same notation, and leaves the same state
(compared on the snapshot fields both versions write). Otherwise the upgrade
is refused with the first move that differs, and the save stays as it was.
"""
from __future__ import annotations

from engine.core import seat_name
from engine.errors import MoveError, SaveError
from engine.record import GameRecord
from engine.snapshot_diff import first_difference, shared_fields
from engine.text import quoted, reason


class UpgradeRefused(SaveError):
    """A game that cannot move to the newest rules; the message says why."""


def can_upgrade(record: GameRecord) -> bool:
    """Whether the game is in progress under rules older than the newest."""
    return record.rules_version < record.ruleset.version and not record.state.is_over()


def upgraded(record: GameRecord) -> GameRecord:
    """A copy of `record` under the newest rules, its moves replayed under
    them; UpgradeRefused (one line) if any move plays differently there, if
    the game is over, or if it already follows the newest rules."""
    ruleset = record.ruleset
    newest = ruleset.version
    if record.rules_version >= newest:
        raise UpgradeRefused(f"already played under the newest {ruleset.title} rules (version {newest})")
    if record.state.is_over():
        raise UpgradeRefused(f"the game is over: it keeps the rules it was played under (version {record.rules_version})")
    new = GameRecord.new(ruleset, record.players, record.seed, record.options, hints=record.hints, version=newest)
    new.created = record.created
    old = ruleset.start(len(record.players), record.seed, record.options, record.rules_version)
    for i, (seat, text) in enumerate(record.moves, start=1):
        where = f"move {i} ({seat_name(seat)} {quoted(text)})"
        try:
            new.play(seat, text)
        except MoveError as exc:
            raise UpgradeRefused(f"{where} is not legal under rules version {newest}: {reason(str(exc), text)}") from None
        if new.moves[-1][1] != text:
            raise UpgradeRefused(f"{where} is written {quoted(new.moves[-1][1])} under rules version {newest}")
        old.apply_trusted(seat, old.parse_move(text, seat))
        before, after = old.snapshot(), new.state.snapshot()
        before, after = shared_fields(before, after), shared_fields(after, before)
        if before != after:
            raise UpgradeRefused(f"{where} plays differently under rules version {newest}"
                                 f" (the position differs at {first_difference(before, after) or 'the root'})")
    for ply, level in record.stand_ins.items():  # a server room's stand-in moves stay marked
        new.mark_stand_in(ply, level)
    return new
