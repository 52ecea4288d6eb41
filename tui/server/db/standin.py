"""The bot pool's session of a timed room: a person out of time has their
seat played by the room's stand-in bot (`rated.run_clocks`) until they open
the room again (`rated.person_came`).

`StandInSession` is a `RoomSession` whose bots to act include the stood-in
seats (thinking at the policy's level). The person's return moves the
room's version, so a stand-in's move thought before it fails its commit;
the session reloads (reading the stand-ins again) and the retry refuses a
seat no longer stood in: the person's seat is theirs from their return on.
Each move a stand-in makes is marked in the record (`mark_stand_in`: its
log says so) and in the moves table (`moves.stand_in`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, TypeVar

from engine.session import StaleGameError
from tui.server.db import rated
from tui.server.db.session import RoomSession

if TYPE_CHECKING:
    from engine.bot_turn import BotChoice
    from engine.session import Played
    from tui.server.db.store import DbStore

T = TypeVar("T")


class StandInSession(RoomSession):
    """A room's session for its bots, stand-ins included."""

    stand_ins: dict[int, str]
    _acting: int | None = None

    @classmethod
    def open(cls, store: "DbStore", room_id: str) -> "StandInSession":  # type: ignore[override]
        session = super().open(store, room_id)
        assert isinstance(session, StandInSession)
        session.stand_ins = rated.stand_ins(store, room_id)
        return session

    def reload(self) -> None:
        super().reload()
        self.stand_ins = rated.stand_ins(self.store, self.room_id)

    def bots_to_act(self) -> list[int]:
        return [s for s in self.to_act() if self.record.players[s].is_bot or s in self.stand_ins]

    def stand_in_level(self, seat: int) -> str | None:
        return None if self.record.players[seat].is_bot else self.stand_ins.get(seat)

    def play_choice(self, choice: "BotChoice") -> "Played":
        self._acting = choice.seat
        try:
            return super().play_choice(choice)
        finally:
            self._acting = None

    def _commit(self, change: Callable[[], T], check_disk: bool = True) -> T:
        seat = self._acting
        if seat is None:
            return super()._commit(change, check_disk)

        def guarded() -> T:
            if not (self.record.players[seat].is_bot or seat in self.stand_ins):
                raise StaleGameError(f"room {self.room_id}: seat {seat + 1}'s person is back; nothing played")
            before = self.record.ply
            result = change()
            level = self.stand_in_level(seat)
            if level is not None:  # the person's seat: each move the bot made for them is marked
                for ply in range(before, self.record.ply):
                    if self.record.moves[ply][0] == seat:
                        self.record.mark_stand_in(ply, level)
            return result

        return super()._commit(guarded, check_disk)
