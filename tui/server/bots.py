"""The server's bot runner: bot seats move in every room, connected or not."""
from __future__ import annotations

from engine.errors import MoveError, SaveError
from engine.session import GameSession
from tui.server.store import RoomError, Store


class BotRunner:
    """Plays the bot seats of a server's rooms, one move per room per pass;
    each bot chooses from its own seat's view (the session's `bot_move`)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._sessions: dict[str, GameSession] = {}

    def step(self) -> int:
        """One pass over the rooms with bots; returns how many moves were made."""
        moved = 0
        try:
            rooms = self.store.rooms()
        except RoomError:
            return 0
        for room in rooms:
            if not any(s and s.startswith("bot:") for s in room.seats):
                continue
            try:
                session = self._session(room.id)
                if session.is_over():
                    continue
                bots = session.bots_to_act()
                if bots:
                    session.play_bots(bots[0])
                    moved += 1
            except (SaveError, MoveError, RoomError):
                self._sessions.pop(room.id, None)  # stale or unreadable: read afresh next pass
        return moved

    def _session(self, room_id: str) -> GameSession:
        session = self._sessions.get(room_id)
        if session is None:
            session = GameSession.open(self.store.room_path(room_id))
            self._sessions[room_id] = session
        elif session.changed_on_disk():
            session.reload()
        return session
