"""The lobby, for a person connected to a server: their rooms (their turn
first), open rooms to join, games to watch, and making a new room."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.registry import REGISTRY
from tui.server.records import DAMAGED, PAGE, Room, RoomError, RoomStatus, seat_label
from tui.server.sections import sections
from tui.server.store import Store
from tui.widgets.option_list import KeyOptionList, when_on_top

if TYPE_CHECKING:
    from engine.catalogue import CatalogueEntry
    from engine.core import Ruleset
    from tui.screens.setup import SetupForm


def room_notes(store: object, room_ids: list[str], user: str | None = None) -> dict[str, str]:
    """Per room: rated (or void), its clock or result, as `user` sees them
    ('a bot is playing your seat'); a store without a database: none."""
    if not hasattr(store, "db"):
        return {}
    from tui.server.db.room_words import room_notes as notes

    return notes(store, room_ids, user)  # type: ignore[arg-type]

LINE = 76
"""A room's line at most (80 columns less the list's border): a room whose
one line would be longer takes two (its seats and clock on the second),
and a second line longer still ends in '…'."""
REFRESH_SECONDS = 1.0
"""How often the lobby looks at the rooms again: one stat of the index's
change mark, and one per room shown (never per room on the server)."""
EMPTY_LOBBY = "No rooms yet. Press c to make one: against bots, or with open seats."
"""What the list says while the server has no room to show."""


def room_label(st: RoomStatus, user: str, note: str = "") -> Text:
    """One room as a line of the lobby's list (`note`: rated, its clock)."""
    if st.damaged:
        return Text(f"  damaged   {st.room.id}  {st.title:<18} {DAMAGED}")
    mark = "▶ your turn" if st.your_turn else ("  finished " if st.over else "           ")
    seats = ", ".join("you" if s == user else seat_label(s) for s in st.room.seats)
    hints = " · hints on" if st.hints else ""
    note = f"{note} · " if note else ""
    head = f"{mark} {st.room.id}  {st.title:<18} move {st.ply + 1:<4}"
    tail = f"{note}{seats}{hints}"
    if len(head) + 1 + len(tail) <= LINE:
        return Text(f"{head} {tail}")
    second = " " * (len(mark) + 1) + tail  # under the room's id: who plays, the clock, never cut at 80 columns
    return Text(f"{head.rstrip()}\n{second if len(second) <= LINE else second[:LINE - 1] + '…'}")


class LobbyScreen(Screen[None]):
    """Rooms on the server, as one person sees them."""

    DEFAULT_CSS = """
    LobbyScreen #rooms { height: 1fr; }
    """
    """The list takes the room left and scrolls: the message line under it stays in view."""

    BINDINGS = [
        Binding("enter", "open", "Play / join", show=True),
        Binding("w", "watch", "Watch"),
        Binding("c", "create", "New room"),
        Binding("l", "ladder", "Ladders"),
        Binding("y", "profile", "You"),
        Binding("r", "refresh", "Refresh", show=False),
        Binding("n", "page(1)", "More rooms", show=False),
        Binding("p", "page(-1)", "Back a page", show=False),
        Binding("q", "quit_app", "Quit"),
    ]

    HINT = "Enter plays or joins · w watches · c makes a room · q leaves"
    """The line under the title."""

    def __init__(self, store: Store, user: str) -> None:
        super().__init__()
        self.store = store
        self.user = user
        """Who is connected (their name on this server)."""
        self.statuses: dict[str, RoomStatus] = {}
        """The rooms drawn, by id."""
        self.drawn = False
        self.storage_down = False
        """The message line says the storage could not be read (cleared once it can)."""
        """Whether the list has been drawn once (an empty lobby too)."""
        self.waiting: set[str] | None = None
        """Rooms where it was this person's turn at the last look."""
        self.page = 0
        """Which page of the open rooms and of the newest games is shown."""
        self.pages = 1
        self.listed: list[Room] = []
        """The rooms listed (read again only when the index's change mark moves)."""
        self.mark: object = ()
        """The index's change mark at the last listing."""
        self.notes: dict[str, str] = {}
        """Per room shown: rated, its clock or result (`tui.server.db.room_words.room_notes`)."""

    def title_text(self) -> str:
        """The lobby's first line."""
        return f"T-Square lobby · you are {self.user}"

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(Text(self.title_text()), classes="title")
            yield Static(self.HINT, classes="hint", id="lobby-hint")
            yield KeyOptionList(id="rooms")
            yield Static("", id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh()
        self.set_interval(REFRESH_SECONDS, self.action_refresh)
        self.query_one("#rooms", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.action_refresh()

    def action_refresh(self, relist: bool = False) -> None:
        """Look again: the listing only if the index changed (or `relist`),
        then the shown rooms' saves (a stat each; a save is read only if it
        changed); the list is drawn again only if something shown changed."""
        if not self.is_active:
            return  # under a room's screen (or any other): that screen watches its own game
        try:
            mark = self.store.change_mark()
            if relist or mark != self.mark or not self.listed:
                self.mark = mark
                self.listed = self.store.lobby_rooms(self.user, self.page)
                self.pages = max(1, -(-max(self.store.open_count(), self.store.room_count()) // PAGE))
            statuses = [st for st in (self.store.status(r, self.user) for r in self.listed) if st is not None]
            notes = room_notes(self.store, [r.id for r in self.listed], self.user)
        except RoomError as exc:
            self.say(str(exc))
            self.storage_down = True
            return
        if self.storage_down:  # it answers again: its complaint goes
            self.storage_down = False
            self.say("")
        if relist or not self.drawn or statuses != list(self.statuses.values()) or notes != self.notes:
            self.notes = notes
            self._draw(statuses)

    def _draw(self, statuses: list[RoomStatus]) -> None:
        self.statuses = {s.room.id: s for s in statuses}
        self.drawn = True
        waiting = {s.room.id for s in statuses if s.your_turn}
        if self.waiting is not None and waiting - self.waiting:
            self.app.bell()  # a room became your turn
        self.waiting = waiting
        paging = f" · n/p: page {self.page + 1}/{self.pages}" if self.pages > 1 else ""
        self.query_one("#lobby-hint", Static).update(
            f"Enter plays or joins · w watches · c makes a room · q leaves{paging}")
        rooms = self.query_one("#rooms", OptionList)
        keep = self._room_id()
        options: list[Option] = []
        for title, group in sections(statuses, self.user):
            options.append(Option(Text(f"── {title} ({len(group)})", style="bold"), disabled=True))
            options += [Option(room_label(s, self.user, self.notes.get(s.room.id, "")), id=s.room.id) for s in group]
        if not statuses:  # not three empty headings
            options = [Option(Text(EMPTY_LOBBY, style="dim"), disabled=True)]
        rooms.clear_options()
        rooms.add_options(options)
        ids = [o.id for o in options]
        if keep is not None and keep in ids:
            rooms.highlighted = ids.index(keep)
        else:
            first = next((i for i, o in enumerate(options) if o.id), None)
            rooms.highlighted = first

    def action_page(self, step: int) -> None:
        """Another page of the open rooms and of the newest games."""
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.action_refresh(relist=True)

    def _room_id(self) -> str | None:
        rooms = self.query_one("#rooms", OptionList)
        if rooms.highlighted is None or rooms.option_count == 0:
            return None
        return rooms.get_option_at_index(rooms.highlighted).id

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(Text(text))

    @when_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        st = self.statuses.get(self._room_id() or "")
        if st is None:
            return
        if st.damaged:
            return self.say(f"Room {st.room.id}: {DAMAGED}; the server's operator has been told.")
        if st.seat is not None:
            return self.enter(st.room.id, st.seat)
        free = st.room.open_seats()
        if not free or st.over:
            return self.action_watch()
        try:
            self.store.join(st.room.id, free[0], self.user)
        except RoomError as exc:
            self.say(str(exc))
            self.action_refresh()
            return
        self.enter(st.room.id, free[0])

    def action_watch(self) -> None:
        room_id = self._room_id()
        if room_id is None:
            return
        st = self.statuses[room_id]
        try:
            self.store.watch(room_id, self.user)
        except RoomError as exc:
            self.say(str(exc))
            return
        self.enter(room_id, st.seat)

    def enter(self, room_id: str, seat: int | None) -> None:
        """Open the room's game as `seat` (None: watching)."""
        from engine.errors import SaveError
        from tui.server.screens.lobby_room import RoomScreen

        token = ""
        if seat is not None:  # claimed before the game is read: a claim may end a stand-in bot (a timed room)
            try:
                token = self.store.claim_seat(room_id, seat)
            except RoomError as exc:
                self.say(f"Room {room_id} not opened: {exc}.")
                return
        try:
            screen = RoomScreen(self.store.open_game(room_id), seat, room_id)
        except (SaveError, RoomError) as exc:
            if seat is not None:
                self.store.release_seat(room_id, seat, token)
            if isinstance(exc, SaveError):
                self.store.log(f"room {room_id}: {DAMAGED}: {exc}")
                self.say(f"Room {room_id}: {DAMAGED}; the server's operator has been told.")
                self.action_refresh(relist=True)
            else:  # the database cannot be reached now
                self.say(f"Room {room_id} not opened: {exc}.")
            return
        if seat is not None:
            screen.still_mine = lambda: self.store.holds_seat(room_id, seat, token)
            screen.release = lambda: self.store.release_seat(room_id, seat, token)
        self.say("")
        self.app.push_screen(screen)

    def action_create(self) -> None:
        def made(room_id: str | None) -> None:
            self.action_refresh()
            if room_id:
                self.enter(room_id, 0)

        self.app.push_screen(NewRoomScreen(self.store, self.user), made)

    def action_ladder(self) -> None:
        if not hasattr(self.store, "db"):
            return self.say("Ratings need the server's database.")
        from tui.server.screens.ratings import LadderScreen

        self.app.push_screen(LadderScreen(self.store, self.user))

    def action_profile(self) -> None:
        if not hasattr(self.store, "db"):
            return self.say("Ratings need the server's database.")
        from tui.server.screens.ratings import ProfileScreen

        self.app.push_screen(ProfileScreen(self.store, self.user, self.user))

    def action_quit_app(self) -> None:
        self.app.exit()


class NewRoomScreen(Screen[str | None]):
    """Pick a game, then its seats and options; you take seat 1."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, store: Store, user: str) -> None:
        super().__init__()
        self.store = store
        self.user = user

    def title_text(self) -> str:
        """The lobby's first line."""
        return f"T-Square lobby · you are {self.user}"

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static("New room: which game?", classes="title")
            yield Static("Enter picks the game · Esc goes back", classes="hint")
            options = [
                Option(f"{e.title:<20} {_players(e)} players", id=e.id)
                for e in REGISTRY.entries()
                if REGISTRY.is_playable(e.id)
            ]
            yield KeyOptionList(*options, id="new-games")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#new-games", OptionList)
        games.highlighted = 0
        games.focus()

    @when_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = event.option.id
        assert game is not None
        self.app.push_screen(RoomSetupScreen(self.store, self.user, game), self._made)

    def _made(self, room_id: str | None) -> None:
        if room_id:
            self.dismiss(room_id)

    def action_back(self) -> None:
        self.dismiss(None)


def room_form(ruleset: Ruleset, user: str = "you", terms: bool = False) -> SetupForm:
    """The local setup form without name rows (in a room, people's names
    are their user names and bots get theirs from their seat); seat 1 is
    the maker's, shown by name and not changed. `terms`: with the rated and
    time limit rows (`tui.server.screens.room_terms`; a server with a database)."""
    from tui.screens.setup import SetupForm
    from tui.server.screens.room_terms import TermsRows

    class RoomForm(*((TermsRows,) if terms else ()), SetupForm):  # type: ignore[misc]
        def row_keys(self) -> list[str]:
            return [k for k in super().row_keys() if not k.startswith("name:")]

        def _row(self, key: str) -> tuple[str, str]:
            return ("Seat 1", f"{user} (you)") if key == "seat:0" else super()._row(key)

        def action_change(self, step: int) -> None:
            if self.row_keys()[self.choices.row] != "seat:0":
                super().action_change(step)

    return RoomForm(ruleset)


class RoomSetupScreen(Screen[str | None]):
    """Seats and options of a new room (the local setup form: 'Human'
    seats other than yours stay open for people to join)."""

    BINDINGS = [Binding("enter", "start", "Make the room"), Binding("escape", "back", "Back")]

    def __init__(self, store: Store, user: str, game: str) -> None:
        super().__init__()
        self.store = store
        self.user = user
        self.ruleset = REGISTRY.get(game)

    def compose(self) -> ComposeResult:

        with Vertical():
            yield Static(f"New room: {self.ruleset.title}", classes="title")
            yield Static(
                "Seat 1 is yours; other Human seats stay open. ↑↓ row · ←→ change · Enter: make",
                classes="hint",
            )
            yield room_form(self.ruleset, self.user, terms=hasattr(self.store, "db"))
            yield Static("", id="message")
        yield Footer()

    def on_mount(self) -> None:
        from tui.screens.setup import SetupForm

        self.query_one(SetupForm).focus()

    def on_setup_form_changed(self) -> None:
        from tui.screens.setup import SetupForm

        self.query_one("#message", Static).update(Text(self.query_one(SetupForm).problem))  # a key not taken, and why

    def action_start(self) -> None:
        from tui.screens.setup import SetupForm, parse_seed

        form = self.query_one(SetupForm)
        c = form.choices
        seats: list[str | None] = [self.user, *(k if k.startswith("bot:") else None for k in c.kinds[1:])]
        terms = {"terms": form.terms()} if hasattr(form, "terms") else {}
        try:
            room = self.store.create_room(self.ruleset.id, seats, c.options, parse_seed(c.seed),
                                          hints=form.chosen_hints(), **terms)
        except (RoomError, ValueError) as exc:
            self.query_one("#message", Static).update(Text(str(exc)))
            return
        self.dismiss(room.id)

    def action_back(self) -> None:
        self.dismiss(None)


def _players(entry: CatalogueEntry) -> str:
    """'2' or '2–4': how many may play a game."""
    lo, hi = entry.min_players, entry.max_players
    return f"{lo}" if lo == hi else f"{lo}–{hi}"
