"""A room's game session kept in the database: the ordinary `GameSession`
(rules checked by the engine, per-seat views, watchers, bots' choices and
their stale check) whose commit is a database transaction instead of a
locked write of a save file.

A commit writes only if the room is still at the version this session last
read (`DbStore.commit_game`: optimistic, the moves' (room, ply) unique):
if another front door, a bot worker or another connection wrote first,
nothing is written, the session reloads and raises `StaleGameError`,
exactly as the file-backed session does when its save moved on. The game
screen, the bots' `play_choice` and the CLI-shaped callers need no change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar

from engine.errors import NotPlayedError, SaveError
from engine.session import GameOnDisk, GameSession, StaleGameError, UndoRefusedError
from tui.server.db.backends import DatabaseDown, DatabaseStalled
from tui.server.db.rooms import GameMovedOn

if TYPE_CHECKING:
    from engine.record import GameRecord
    from tui.server.db.store import DbStore

T = TypeVar("T")


class NotSaved(SaveError):
    """The database could not take the change: nothing was played (the
    message is the player's line: "the server cannot save right now …")."""


class NotAnswering(NotSaved, NotPlayedError):
    """The database did not answer in time: the change was given up (and
    can never be written later); the message is the player's sentence."""

    def __init__(self) -> None:
        super().__init__("The server's database is not answering; your move was not played.")


def not_saved(exc: DatabaseDown) -> NotSaved:
    """What a session raises when the database failed its change."""
    return NotAnswering() if isinstance(exc, DatabaseStalled) else NotSaved(str(exc))


class RoomSession(GameSession):
    """One room's game, read from and committed to the server's database."""

    def __init__(self, store: "DbStore", room_id: str, record: "GameRecord", version: int) -> None:
        super().__init__(record, store.room_path(room_id))  # the path: where its reviews are kept
        self.store = store
        self.room_id = room_id
        self.version = version
        """The room's change counter as this session last read or wrote it."""
        self.rated = False
        """A rated room: no move is taken back (its screen offers no undo)."""

    @classmethod
    def open(cls, store: "DbStore", room_id: str) -> "RoomSession":  # type: ignore[override]
        """The session of a room's game (SaveError if it cannot be read)."""
        from tui.server.db.rated import terms

        record, version = store.load_game(room_id)
        session = cls(store, room_id, record, version)
        found = terms(store, [room_id]).get(room_id)
        session.rated = bool(found and found.rated)
        return session

    def undo_point(self, seat: int | None) -> int:
        """As a game's (UndoRefusedError if none), and never in a rated room."""
        if self.rated:
            raise UndoRefusedError("no undo in a rated game")
        return super().undo_point(seat)

    def _commit(self, change: Callable[[], T], check_disk: bool = True) -> T:
        """Run `change` on the record and commit it in one transaction; on
        any error the record is as before and nothing is written."""
        if check_disk:
            self._check_disk()
        rec = self.record
        before = (list(rec.moves), list(rec.log), rec.state.clone(), rec.updated, dict(rec.stand_ins))
        try:
            result = change()
            keep = 0
            for old, new in zip(before[0], self.record.moves):
                if old != new:
                    break
                keep += 1
            self.version = self.store.commit_game(self.room_id, self.record, self.version, keep)
        except DatabaseDown as exc:
            self._put_back(rec, before)
            raise not_saved(exc) from None
        except GameMovedOn:
            self._put_back(rec, before)
            self.reload()
            raise StaleGameError(f"room {self.room_id}: the game was changed by another tsquare; reloaded it, "
                                 "nothing played") from None
        except BaseException:
            self._put_back(rec, before)
            raise
        return result

    def _put_back(self, rec: "GameRecord", before: tuple[Any, ...]) -> None:
        moves, log, state, updated, stand_ins = before
        self.record = rec
        rec.moves[:], rec.log[:], rec.state, rec.updated, rec.stand_ins = moves, log, state, updated, stand_ins

    def _check_disk(self) -> None:
        try:
            version = self.store.game_version(self.room_id)
        except DatabaseDown as exc:
            raise not_saved(exc) from None
        if version != self.version:
            self.reload()
            raise StaleGameError(f"room {self.room_id}: the game was changed by another tsquare; reloaded it, "
                                 "nothing played")

    def reload(self) -> None:
        """Read the game again and tell every watcher to redraw."""
        try:
            self.record, self.version = self.store.load_game(self.room_id)
        except DatabaseDown as exc:
            raise NotSaved(str(exc)) from None
        self._notify((), reloaded=True)

    def changed_on_disk(self) -> bool:
        """True when the room's game moved on since this session read it."""
        try:
            version = self.store.game_version(self.room_id)
        except DatabaseDown:
            return False  # cannot tell now; the next look (or the move's commit) will
        return version is not None and version != self.version

    def stored_mark(self) -> object:
        try:
            return self.store.game_version(self.room_id)
        except DatabaseDown:
            return self.version

    def stored_game(self) -> GameOnDisk | None:
        try:
            return self.store.stored_game(self.room_id)
        except DatabaseDown:
            return None
