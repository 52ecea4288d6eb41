"""The lobby of a browser that has not signed in, where the operator lets
such browsers watch (`tsquare serve --web-watch`): every room opens as a
spectator's (the public view), nothing is written, and anything else asks
the person to sign in."""
from __future__ import annotations

from textual.binding import Binding

from tui.server.records import DAMAGED
from tui.server.screens.lobby import LobbyScreen

SIGN_IN = "Watching only: to play, sign in with a link (ssh -p PORT HOST link)."


class WatchLobbyScreen(LobbyScreen):
    """The lobby for watching only (its user is nobody's name: no room is theirs)."""

    HINT = "Enter watches a room · n/p pages · q leaves · sign in to play"
    BINDINGS = [
        Binding("enter", "open", "Watch", show=True),
        Binding("w", "watch", "Watch", show=False),
        Binding("c", "create", "New room", show=False),
        Binding("y", "profile", "You", show=False),
    ]

    def title_text(self) -> str:
        return "T-Square lobby · watching (not signed in)"

    def action_open(self) -> None:
        self.action_watch()

    def action_watch(self) -> None:
        room_id = self._room_id()
        st = self.statuses.get(room_id or "")
        if room_id is None or st is None:
            return
        if st.damaged:
            return self.say(f"Room {room_id}: {DAMAGED}.")
        self.enter(room_id, None)  # not noted among the room's watchers: nobody's name

    def action_create(self) -> None:
        self.say(SIGN_IN)

    def action_profile(self) -> None:
        self.say(SIGN_IN)
