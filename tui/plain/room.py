"""A server room played line by line: the same conversation as `--plain`
for one seat (or watched, seat None), with others' moves told as they
happen. The server plays the bots; other people play on their own
connections; the save is the only channel, as for the full-screen room
(`tui/server/screens/lobby_room.py`). Nothing here names a file of the server's."""
from __future__ import annotations

from typing import Callable

from engine.core import Move
from engine.errors import NotPlayedError, SaveError
from engine.session import GameSession, StaleGameError
from tui.plain.conversation import COMMANDS, HELP, Conversation, Quit, sentence
from tui.plain.pushed import PushedLines

ROOM_HELP = tuple((name, "back to the lobby; the room keeps the game" if name == "quit" else what)
                  for name, what in HELP)
"""`help` in a room: `quit` goes back to the lobby."""

WHILE_WAITING = {"look", "l", "log", "help", "h", "?", "rules", "undo", "quit", "q", "exit"}
"""The commands that mean something when it is not your turn."""


WATCHED_LOG = 4
"""Moves a spectator hears again with `log`."""


RETRIES = 3
"""Times an answer is played again when another's move landed first and
the answer still stands."""


class Moved(Exception):
    """The room's game changed so that the question asked no longer stands
    (the turn came or went, the game ended, the seat went elsewhere)."""


class RoomConversation(Conversation):
    """One seat of a room (None: watching), until the person goes back to
    the lobby or the game ends."""

    HELP = ROOM_HELP
    STALE = "The game moved on before your answer arrived; nothing was played."

    def __init__(self, session: GameSession, lines: PushedLines, seat: int | None, room_id: str,
                 on_move: Callable[[], None] | None = None, still_mine: Callable[[], bool] | None = None,
                 seats: Callable[[], list[str | None]] | None = None) -> None:
        super().__init__(session, lines)
        self.seat = seat
        """The person's seat, fixed (None: a spectator)."""
        self.room_id = room_id
        self.on_move = on_move
        """Called after each move played here (the lobby's summary of the room)."""
        self.still_mine = still_mine
        """False once the person opened this seat on another connection."""
        self.seats = seats
        """The room's seats as its index has them (None: open), for the roster."""
        lines.idle = self.poll

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play or watch until the game ends or the person leaves; 0, or 1
        if the room's save could not be read or written."""
        s = self.session
        who = "watching" if self.seat is None else f"seat {self.seat + 1}, {s.names[self.seat]}"
        self.say(f"Room {self.room_id}: {s.ruleset.title}, move {s.ply + 1}; you are {who}.")
        self.say(f"Players: {self._roster()}.")
        self.say("Type help for the commands, quit to go back to the lobby.")
        self.seen[self.seat] = self._after_own_move(self.seat) if self.seat is not None else max(0, s.ply - 1)
        try:
            while True:
                try:
                    if s.is_over():
                        self.game_over()
                        return 0
                    if self.seat is not None and self.seat in s.to_act():
                        self.turn(self.seat)
                    else:
                        self.wait()
                except Moved:
                    continue
        except Quit:
            self.say("Back to the lobby; the room keeps the game.")
            return 0
        except SaveError:
            self.say(f"Room {self.room_id}: this room's save cannot be read; the server's operator has been told.")
            return 1

    def wait(self) -> None:
        """Not this person's turn: what happened, who is to act, and answers
        to the commands that make sense meanwhile, until the game moves."""
        s = self.session
        self.tell_news(self.seat)
        names = [s.names[i] for i in s.to_act()]
        self.say(f"Waiting for {', '.join(names)} (move {s.ply + 1}).")
        while True:
            answer = self.lines.ask()
            if answer is None:
                self.say("End of input.")
                raise Quit
            text = answer.strip()
            word = text.partition(" ")[0].lower()
            if word in WHILE_WAITING:
                if COMMANDS[word](self, self.seat, text.partition(" ")[2].strip()):  # type: ignore[arg-type]
                    raise Moved  # undone: the turn may be this person's again
            elif not text:
                self.say("Nothing typed. Type help for the commands.")
            elif self.seat is None:
                self.say("You are watching this game; type look, log or quit.")
            else:
                self.say(f"Not your turn: waiting for {', '.join(names)}.")

    def poll(self) -> bool:
        """Between keys: tell what others did since; True if anything was
        said. Moved when the question no longer stands."""
        s = self.session
        if self.still_mine is not None and not self.still_mine():
            self.lines.say("")
            self.say("You opened this seat on another connection: it plays there now.")
            raise Quit
        if not s.changed_on_disk():
            return False
        before = (self.seat in s.to_act(), s.is_over(), list(s.names))
        s.reload()
        self.lines.say("")  # off the prompt's line
        joined = [n for i, n in enumerate(s.names) if i < len(before[2]) and n != before[2][i]]
        if joined:
            self.say(f"{', '.join(joined)} sat down.")
        if before != (self.seat in s.to_act(), s.is_over(), list(s.names)):
            raise Moved
        self.tell_news(self.seat)
        return True

    # ------------------------------------------------------------ overrides
    def answer(self, seat: int, text: str) -> bool:
        """Act on an answer after hearing what others did since the question
        (a sealed pick of theirs): the answer still stands when this seat is
        still to act, and its number too when the list of moves is the same."""
        listing = self.listing
        try:
            moved = self.poll()
        except Moved:
            if text and text.partition(" ")[0].lower() not in COMMANDS:
                self.say(self.STALE)
            raise
        if moved and listing is not None and listing.moves == self.session.view(seat).legal(seat):
            listing.ply = self.session.ply  # the same moves: the numbers still stand
        return super().answer(seat, text)

    def play(self, seat: int, move: Move | str) -> bool:
        if self.still_mine is not None and not self.still_mine():
            self.say("You opened this seat on another connection: it plays there now.")
            raise Quit
        from tui.server.records import not_played

        try:
            played = self._play_standing(seat, move)
        except StaleGameError:
            raise  # the turn's loop says so and reads the game again
        except NotPlayedError as exc:  # the storage's own sentence (a stalled database)
            self.say(str(exc))
            return False
        except SaveError as exc:  # a full disk, a database that cannot be written, a busy lock: nothing played
            self.say(sentence(not_played(exc), self.session.names))
            return False
        if played and self.on_move is not None:
            self.on_move()
        return played

    def _roster(self) -> str:
        try:
            seats = self.seats() if self.seats is not None else None
        except (ValueError, OSError):  # the index cannot be read: the save's names
            seats = None
        if seats is None or len(seats) != len(self.session.names):
            return super()._roster()
        out = []
        for i, who in enumerate(seats):
            if who is None:
                words = "open"
            elif who.startswith("bot:"):
                words = f"{self.session.names[i]}, a bot ({who[4:]})"
            else:
                words = f"{who}{' (you)' if i == self.seat else ''}"
            out.append(f"seat {i + 1}, {words}")
        return "; ".join(out)

    def _play_standing(self, seat: int, move: Move | str) -> bool:
        """Play; if another's move landed first (a sealed pick made at the
        same moment) and this seat's choices are just as they were, what
        came is told and the answer played on the new position (at most
        RETRIES times); else StaleGameError."""
        for tries in range(RETRIES + 1):
            before = self.session.view(seat).legal(seat)
            try:
                return super().play(seat, move)
            except StaleGameError:  # the session has read the save again
                s = self.session
                if tries == RETRIES or s.is_over() or seat not in s.to_act() or s.view(seat).legal(seat) != before:
                    raise
                self.tell_news(seat)
        return False

    def listener(self) -> int | None:
        return self.seat

    def kept_line(self) -> str:
        return f"Room {self.room_id} keeps the game. Back to the lobby."

    def _needs_pass(self) -> bool:
        return False  # one person per connection: nobody else reads this

    def cmd_undo(self, seat: int | None, rest: str) -> bool:
        if seat is None:
            self.say("You are watching this game.")
            return False
        return super().cmd_undo(seat, rest)

    def cmd_log(self, seat: int | None, rest: str) -> bool:
        if seat is None:  # a spectator has no last move: the last few
            self.seen[None] = max(0, self.session.ply - WATCHED_LOG)
            self.tell_news(None)
            return False
        return super().cmd_log(seat, rest)

    def say_saved(self) -> None:
        pass  # the room keeps the game; no server path is ever said
