"""A room's game, for one connected person: the game screen of local play
(`GameScreen`) with the seat fixed to theirs (or the public view when
watching). Other people's moves and the server's bots arrive through the
save file: the screen looks at it often and reloads; the server, never this
screen, plays the bots."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from engine.errors import SaveError
from engine.saves import load
from engine.session import GameSession, stat_key
from tui.screens.game import GameScreen
from tui.server.records import not_played


def without_paths(text: str, path: Path, room_id: str) -> str:
    """`text` with the save's path (as given or resolved) said as the room,
    and any other path under the server's data folder as that folder."""
    import os
    import re

    room = f"room {room_id}" if room_id else "this room"
    for p in {str(path), os.path.realpath(path)}:
        text = text.replace(p, room)
    for folder in {str(path.parent.parent), os.path.realpath(path.parent.parent)}:
        text = re.sub(re.escape(folder) + r"[^\s:;,()]*", "the server's data folder", text)
    return text


class RoomScreen(GameScreen):
    """Plays one seat of a room's game (seat None: watches it)."""

    DISK_CHECK_TICKS = 1
    """Others' moves are the game here: looked for at every tick."""

    def tick_seconds(self) -> float:
        """The clock (a room's bots think on the server: no spinner here): the
        local one, or once a second where the server pushes each change
        (`LobbyApp.pushed`), so fifty idle connections cost the server
        little between moves."""
        return 1.0 if getattr(self.app, "pushed", False) else self.TICK_SECONDS

    LEAVES_TO = "lobby"
    RELOADED = ""
    """Another person's move is the normal course of a room: nothing to say."""

    def __init__(
        self, game: Path | GameSession, seat: int | None, room_id: str = "", still_mine: Callable[[], bool] | None = None
    ) -> None:
        """`game`: the room's save, or its session as the store opened it
        (`open_game`: a room kept in a database commits through its own)."""
        if isinstance(game, GameSession):
            super().__init__(game.record, game.path or Path(room_id))
            self.session = game
        else:
            seen = stat_key(game)
            super().__init__(load(game), game)
            if stat_key(game) != seen:
                self.session.reload()  # moved on while it was read: the stat must be of what was read
        self.seat = seat
        """The person's seat, fixed (None: a spectator)."""
        self.viewer = seat
        self.hot_seat_hidden = False  # one person per screen: never a pass screen
        self.room_id = room_id
        self.still_mine = still_mine
        """Asked now and then: False once the person opened this seat on
        another connection (the newer one plays; this one goes back)."""
        self.release: Callable[[], None] | None = None
        """Called once as the screen goes (drops the connection's seat claim)."""
        self.my_turn = False
        """Whether the seat was to act at the last draw (for the bell)."""
        self.seen_stat = self.session.stored_mark()
        """The stored game's mark when its players' names were last compared."""

    def reviewer(self) -> int | None:
        """The review opens on this connection's person's first mark."""
        return self.seat

    def on_unmount(self) -> None:
        release, self.release = self.release, None
        if release is not None:
            release()

    def show_message(self, text: str) -> None:
        """The line under the board, naming the room where a message would
        name a file of the server's (a remote player never sees its paths)."""
        super().show_message(without_paths(text, self.path, self.room_id))

    def not_played(self, error: SaveError) -> str:
        """The server's one wording (plain mode says the same)."""
        return not_played(error)

    # ------------------------------------------------------------- flow
    def advance(self) -> None:
        """Draw the seat's view; the server's bot runner plays bot seats and
        other people play on their own connections."""
        if self.record.state.is_over():
            self.my_turn = False
            super().advance()  # the result, once
            return
        can_act = self.acting_human() is not None
        self._draw(can_act=can_act)
        if can_act and not self.my_turn:
            self.app.bell()  # it became your turn
        self.my_turn = can_act

    def _draw(self, can_act: bool) -> None:
        super()._draw(can_act)
        box = self.query_one("#move-input")
        if box.has_class("visible"):
            box.focus()  # a move being typed keeps the keys when others' moves redraw the view

    def focus_while_waiting(self) -> None:
        """Waiting may be long: the view's pages stay at hand (the view keeps
        the keys, and the focus does not move on every turn)."""
        view = self.view_widget
        keys = next((w for w in self.focus_chain if w is view or view in w.ancestors), None)
        if keys is None:
            super().focus_while_waiting()
        elif self.focused is not keys and (self.focused is None or view not in self.focused.ancestors):
            keys.focus()

    def check_disk(self) -> None:
        """Look at the save: another's move, a seat taken, the seat opened
        on a newer connection (every tick, and at once when the server
        pushes a change)."""
        if self.is_attached and self.check_seat():  # names first: a seat taken is told as such, not as a move
            super().check_disk()

    def check_seat(self) -> bool:
        """Leave if a newer connection took this seat; redraw if a seat was
        taken or renamed since (the save changed, not its moves). True while
        this connection holds its seat."""
        if self.still_mine is not None and not self.still_mine():
            self.still_mine = None
            self.generation += 1
            self.app.notify("You opened this seat on another connection: it plays there now.", timeout=8)
            while self.app.screen is not self and len(self.app.screen_stack) > 2:
                self.app.pop_screen()  # the result, the move list, the help
            self.app.pop_screen()
            return False
        key = self.session.stored_mark()
        if key != self.seen_stat:
            self.seen_stat = key
            on_disk = self.session.stored_game()
            if on_disk is None and key is not None:
                self.damaged()
                return True
            names = None if on_disk is None else on_disk.names
            if names is not None and names != self.record.names:
                before = self.record.names
                try:
                    self.session.reload()
                except SaveError:
                    self.damaged()
                    return True
                joined = [n for i, n in enumerate(self.record.names) if i < len(before) and n != before[i]]
                self._reloaded(f"{', '.join(joined)} sat down." if joined else "")
        return True

    def damaged(self) -> None:
        """The save can no longer be read: say so (the operator's log gets the details)."""
        from tui.server.records import DAMAGED

        store = getattr(self.app, "store", None)
        if store is not None:
            store.log(f"{self.path}: {DAMAGED} (found by a player in the room)")
        self.show_message(f"Room {self.room_id}: {DAMAGED}; the server's operator has been told.")

    # ------------------------------------------------------------- moves
    def play(self, seat: int, text: str) -> bool:
        """Play for the person's seat, if this connection still holds it."""
        if not self.check_seat():
            return False
        played = super().play(seat, text)
        store = getattr(self.app, "store", None)
        if played and store is not None and self.room_id:  # the lobbies' summary of the room, once drawn
            self.call_after_refresh(store.record_change, self.room_id, self.record)
        return played

    def play_refusal(self) -> str | None:
        if self.seat is None and not self.record.state.is_over():
            return "You are watching this game."
        return super().play_refusal()

    # ------------------------------------------------------------- status
    def heading(self) -> str:
        rec = self.record
        return f"{rec.ruleset.title} · {self.room_id} · move {rec.ply + 1}"

    def turn_text(self, seat: int) -> str:
        return f"your turn · {self.room_id} · move {self.record.ply + 1} · {self.record.state.prompt(seat)}"

    def turn_tail(self) -> str:
        return ""  # the move number is in `turn_text` already

    def waiting_text(self) -> str:
        who = "watching" if self.seat is None else f"you: {self.record.names[self.seat]}"
        return f"{who} · {super().waiting_text()}"

    def help_keys(self) -> str:
        return super().help_keys().replace("quit to the menu", "back to the lobby")
