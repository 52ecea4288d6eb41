"""The server's lobby line by line (`ssh -p PORT HOST plain`): the rooms as
numbered sentences, a number (or a room's id) to play, join or watch it,
`new` to make a room by questions; a room is then played as a
`RoomConversation`. It uses the store's public methods only, and says
when one of the person's rooms becomes their turn."""
from __future__ import annotations

from engine.errors import SaveError
from engine.numbers import is_number, number_in, said_number
from engine.words import plural
from tui.plain.conversation import Quit
from tui.plain.pushed import PushedLines
from tui.server.db.interface import RoomStore
from tui.server.records import DAMAGED, PAGE, RoomError, RoomStatus
from tui.server.sections import sections

TITLES = ("Your rooms", "Open rooms (a number takes a free seat)", "Other games (a number watches)")
"""The lobby's three lists, as said here."""

HELP = (
    ("list", "list the rooms again"),
    ("a number, or a room's id", "play your seat there, take a free seat, or watch"),
    ("watch NUMBER", "watch that room without taking a seat"),
    ("new", "make a room: the game, the seats and the options, by questions"),
    ("next, back", "the next or the previous page of rooms"),
    ("help", "this list"),
    ("quit", "leave; every game is kept"),
)


class Cancel(Exception):
    """The person gave up making a room."""


class PlainLobby:
    """One person's lobby: `run()` until they leave or input ends."""

    def __init__(self, store: RoomStore, user: str, lines: PushedLines) -> None:
        self.store = store
        self.user = user
        self.lines = lines
        self.listed: list[RoomStatus] = []
        """The rooms as last numbered."""
        self.page = 0
        self.waiting: set[str] | None = None
        """Rooms where it was this person's turn at the last look."""

    def say(self, text: str = "", indent: str = "") -> None:
        self.lines.say(text, indent)

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        self.say(f"T-Square lobby, line by line. You are {self.user}. Type help for the commands.")
        self.show()
        try:
            while True:
                self.lines.idle = self.poll
                answer = self.lines.ask()
                if answer is None:
                    self.say("End of input. Goodbye; every game is kept.")
                    return 0
                self.answer(answer.strip())
        except Quit:
            self.say("Goodbye; every game is kept.")
            return 0

    def answer(self, text: str) -> None:
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if not text:
            self.say("Nothing typed. Type a room's number, list, new or help.")
        elif word in ("list", "rooms", "l", "r"):
            self.show()
        elif word in ("help", "h", "?"):
            self.say("Commands:")
            for name, what in HELP:
                self.lines.item(f"{name}:", what)
        elif word in ("quit", "q", "exit"):
            raise Quit
        elif word in ("next", "more", "n"):
            self.turn_page(1)
        elif word in ("back", "prev", "p"):
            self.turn_page(-1)
        elif word == "new":
            self.create()
        elif word in ("watch", "w"):
            st = self.find(rest)
            if st is not None:
                self.watch(st)
        elif word in ("join", "open", "play") and rest:
            st = self.find(rest)
            if st is not None:
                self.open(st)
        else:
            st = self.find(text)
            if st is not None:
                self.open(st)

    # ------------------------------------------------------------ the rooms
    def statuses(self) -> list[RoomStatus]:
        return list(self.store.statuses(self.user, self.page))

    def show(self) -> None:
        """Every room of this page, numbered, in the lobby's three lists."""
        try:
            groups = sections(self.statuses(), self.user)
        except RoomError as exc:
            self.say(f"{exc}.")
            return
        self.listed = []
        for title, (_, group) in zip(TITLES, groups):
            if not group:
                continue
            self.say(f"{title}, {len(group)}:")
            for st in group:
                self.listed.append(st)
                self.lines.item(f"{len(self.listed)}.", self.room_words(st))
        if not self.listed:
            self.say("No rooms yet. Type new to make one.")
        pages = self.pages()
        if pages > 1:
            self.say(f"Page {self.page + 1} of {pages}: type next or back for more rooms.")
        self.waiting = {st.room.id for st in self.listed if st.your_turn}

    def room_words(self, st: RoomStatus) -> str:
        """One room in a sentence."""
        if st.damaged:
            return f"Room {st.room.id}, {st.title}: {DAMAGED}."
        state = ", your turn" if st.your_turn else (", finished" if st.over else "")
        seats = ", ".join(self.seat_words(i, s) for i, s in enumerate(st.room.seats))
        hints = "; hints on" if st.hints else ""
        return f"{st.title}, room {st.room.id}, move {st.ply + 1}{state}; seats: {seats}{hints}."

    def seat_words(self, i: int, who: str | None) -> str:
        if who is None:
            return "open"
        if who == self.user:
            return "you"
        if who.startswith("bot:"):
            return f"a bot ({who[4:]})"
        return who

    def pages(self) -> int:
        try:
            return max(1, -(-max(self.store.open_count(), self.store.room_count()) // PAGE))
        except RoomError:
            return 1

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages() - 1, self.page + step))
        if page == self.page:
            self.say("No more pages that way.")
            return
        self.page = page
        self.show()

    def find(self, ref: str) -> RoomStatus | None:
        """The room a person named by its number in the list or its id."""
        if not ref:
            self.say("Which room? Type its number in the list.")
            return None
        if is_number(ref):
            n = number_in(ref, 1, len(self.listed))
            if n is not None:
                return self.listed[n - 1]
            self.say(f"There is no room {said_number(ref)} in the list" + (f": the rooms are numbered 1 to {len(self.listed)}."
                                                            if self.listed else ".") + " Type list to see them.")
            return None
        ref = ref.lower()
        try:
            room = self.store.room(ref)
            st = self.store.status(room, self.user)
        except (RoomError, ValueError):
            st = None
        if st is None:
            self.say(f"Unknown command or room: {ref}. Type help for the commands.")
        return st

    def poll(self) -> bool:
        """Between keys: say when a room becomes this person's turn."""
        try:
            now = {st.room.id: st for st in self.store.your_turn(self.user)}
        except RoomError:
            return False
        new = [now[r] for r in sorted(now) if self.waiting is not None and r not in self.waiting]
        self.waiting = set(now)
        if not new:
            return False
        self.lines.say("")  # off the prompt's line
        for st in new:
            self.say(f"Your turn in room {st.room.id}, {st.title}, move {st.ply + 1}.")
        return True

    # ------------------------------------------------------------ entering
    def open(self, st: RoomStatus) -> None:
        """Play your seat, take the first free one, or watch."""
        if st.damaged:
            self.say(f"Room {st.room.id}: {DAMAGED}; the server's operator has been told.")
            return
        if st.seat is not None:
            return self.enter(st.room.id, st.seat)
        free = st.room.open_seats()
        if not free or st.over:
            return self.watch(st)
        try:
            self.store.join(st.room.id, free[0], self.user)
        except RoomError as exc:
            self.say(f"Room {st.room.id}: {exc}.")
            return
        self.say(f"You sit at seat {free[0] + 1} of room {st.room.id}.")
        self.enter(st.room.id, free[0])

    def watch(self, st: RoomStatus) -> None:
        try:
            self.store.watch(st.room.id, self.user)
        except RoomError as exc:
            self.say(f"Room {st.room.id}: {exc}.")
            return
        self.enter(st.room.id, st.seat)

    def enter(self, room_id: str, seat: int | None) -> None:
        """Play (or, seat None, watch) the room line by line, then list the rooms again."""
        from tui.plain.room import RoomConversation

        try:
            session = self.store.open_game(room_id)
        except SaveError as exc:
            self.store.log(f"room {room_id}: {DAMAGED}: {exc}")
            self.say(f"Room {room_id}: {DAMAGED}; the server's operator has been told.")
            return
        except RoomError as exc:  # the database cannot be reached now
            self.say(f"Room {room_id} not opened: {exc}.")
            return
        still_mine = release = None
        if seat is not None:
            try:
                token = self.store.claim_seat(room_id, seat)
            except RoomError as exc:
                self.say(f"Room {room_id} not opened: {exc}.")
                return
            still_mine = lambda: self.store.holds_seat(room_id, seat, token)  # noqa: E731
            release = lambda: self.store.release_seat(room_id, seat, token)  # noqa: E731

        def moved() -> None:
            self.store.record_change(room_id, session.record)  # the lobbies' summary of the room

        def seats() -> list[str | None]:
            return self.store.room(room_id).seats

        try:
            code = RoomConversation(session, self.lines, seat, room_id, moved, still_mine, seats).run()
        finally:
            if release is not None:
                release()
        if code:
            self.store.log(f"room {room_id}: {DAMAGED} (found by a player in the room)")
        if not self.lines.ended:
            self.show()

    # ------------------------------------------------------------ a new room
    def create(self) -> None:
        try:
            self._create()
        except Cancel:
            self.say("No room made.")

    def question(self, text: str) -> str:
        """Ask `text`; the answer (Cancel on 'cancel', Quit at end of input)."""
        self.lines.idle = None  # no news in the middle of a form
        self.say(text)
        answer = self.lines.ask()
        if answer is None:
            raise Quit
        answer = answer.strip()
        if answer.lower() in ("cancel", "q", "quit"):
            raise Cancel
        return answer

    def _create(self) -> None:
        from engine.registry import REGISTRY

        entries = [e for e in REGISTRY.entries() if REGISTRY.is_playable(e.id)]
        self.say("New room. Type cancel at any question to give up.")
        for i, e in enumerate(entries, 1):
            players = f"{e.min_players}" if e.min_players == e.max_players else f"{e.min_players} to {e.max_players}"
            self.lines.item(f"{i}.", f"{e.title}, {players} players.")
        while True:
            answer = self.question("Which game? Type its number.")
            pick = [e for i, e in enumerate(entries, 1) if answer == str(i) or answer.lower() in (e.id, e.title.lower())]
            if pick:
                break
            self.say(f"No game {answer!r}: type a number from 1 to {len(entries)}.")
        ruleset = REGISTRY.get(pick[0].id)
        n = ruleset.min_players
        if ruleset.max_players > ruleset.min_players:
            while True:
                answer = self.question(f"How many players, {ruleset.min_players} to {ruleset.max_players}?"
                                       f" Enter: {n}.")
                if not answer:
                    break
                count = number_in(answer, ruleset.min_players, ruleset.max_players)
                if count is not None:
                    n = count
                    break
                self.say(f"Type a number from {ruleset.min_players} to {ruleset.max_players}.")
        seats: list[str | None] = [self.user]
        levels = list(ruleset.bot_levels)
        for seat in range(1, n):
            while True:
                answer = self.question(f"Seat {seat + 1}: type person (left open for someone to join) or a bot"
                                       f" level: {', '.join(levels)}. Enter: person.").lower()
                if answer in ("", "person", "p", "human"):
                    seats.append(None)
                    break
                if answer in levels:
                    seats.append(f"bot:{answer}")
                    break
                self.say(f"No such choice: {answer}.")
        options = {}
        for spec in ruleset.options:
            choices = f" Choices: {', '.join(map(str, spec.choices))}." if spec.choices else ""
            default = ("yes" if spec.default else "no") if isinstance(spec.default, bool) else spec.default
            while True:
                answer = self.question(f"Option {spec.name}: {spec.help}.{choices} Enter: {default}.")
                if not answer:
                    break
                try:
                    options[spec.name] = spec.parse(answer)
                    break
                except ValueError as exc:
                    self.say(f"{exc}.")
        hints = False
        if sum(1 for s in seats if s is None or not s.startswith("bot:")) > 1:
            hints = self.question("Allow hints between the people here? yes or no. Enter: no.").lower() in ("yes", "y")
        try:
            room = self.store.create_room(ruleset.id, seats, options, None, hints=hints)
        except (RoomError, ValueError) as exc:
            self.say(f"No room made: {exc}.")
            return
        self.say(f"Room {room.id} made: {ruleset.title}, {plural(n, 'player')}; you sit at seat 1.")
        self.enter(room.id, 0)
