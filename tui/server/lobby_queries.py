"""What a person's lobby asks of a store, built on the store's own
questions (`rooms_for`, `open_rooms`, `newest_rooms`, `status`): one copy
for the file store and the database store alike."""
from __future__ import annotations

from typing import Iterator, Protocol

from tui.server.records import Room, RoomStatus


class _Rooms(Protocol):
    """The store's own questions the lobby's lists are made of."""

    def rooms_for(self, user: str) -> list[Room]: ...
    def open_rooms(self, page: int = 0) -> list[Room]: ...
    def newest_rooms(self, page: int = 0) -> list[Room]: ...
    def status(self, room: Room, user: str | None) -> RoomStatus | None: ...
    def lobby_rooms(self, user: str, page: int = 0) -> list[Room]: ...


class LobbyQueries:
    """A mixin for a store: the lobby's lists from its room questions."""

    def lobby_rooms(self: _Rooms, user: str, page: int = 0) -> list[Room]:
        """What a person's lobby lists: their rooms, a page of the open
        ones and, of a page of the newest, those without a free seat (each
        room once)."""
        seen: dict[str, Room] = {}
        others = [r for r in self.newest_rooms(page) if not r.open_seats()]  # the open ones have their own pages
        for room in (*self.rooms_for(user), *self.open_rooms(page), *others):
            seen.setdefault(room.id, room)
        return list(seen.values())

    def statuses(self: _Rooms, user: str, page: int = 0) -> Iterator[RoomStatus]:
        """The status of each room `lobby_rooms` lists for `user`."""
        for room in self.lobby_rooms(user, page):
            st = self.status(room, user)
            if st is not None:
                yield st

    def your_turn(self: _Rooms, user: str) -> list[RoomStatus]:
        """The rooms where it is `user`'s turn (reads only the person's rooms)."""
        out = []
        for room in self.rooms_for(user):
            st = self.status(room, user)
            if st is not None and st.your_turn:
                out.append(st)
        return sorted(out, key=lambda s: s.room.id)
