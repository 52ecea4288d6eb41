"""Ladders and profiles in a server's lobby (rated play, `tui.server.db.rated`):

- `LadderScreen`: one game's ladder (rating, deviation, games), best first;
  ←→ another game, Enter a player's profile.
- `ProfileScreen`: a player's ratings, their recent rated games with the
  result and rating change, and their open rooms.

Both only read the store and draw lines that fit 80 columns."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.registry import REGISTRY
from tui.server.records import RoomError, seat_label
from tui.widgets.option_list import KeyOptionList, when_on_top


def ladder_line(place: int, player: str, rating: float, rd: float, games: int) -> str:
    return f"{place:>3}. {player:<18} {rating:7.1f}  ±{rd:5.1f}  {games:>4} game{'s' if games != 1 else ''}"


class LadderScreen(Screen[None]):
    """One game's ladder."""

    DEFAULT_CSS = "LadderScreen #ladder { height: 1fr; }"
    BINDINGS = [
        Binding("left", "game(-1)", "Game"),
        Binding("right", "game(1)", "Game", show=False),
        Binding("enter", "profile", "Profile"),
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]

    def __init__(self, store: Any, user: str, game: str | None = None) -> None:
        super().__init__()
        self.store = store
        self.user = user
        self.games = REGISTRY.ids()
        self.game = game if game in self.games else self.games[0]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", classes="title", id="ladder-title")
            yield Static("←→ another game · Enter: the player's profile · Esc: back", classes="hint")
            yield KeyOptionList(id="ladder")
            yield Static("", id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()
        self.query_one("#ladder", OptionList).focus()

    def draw(self) -> None:
        from tui.server.db.rated import ladder

        title = REGISTRY.get(self.game).title
        self.query_one("#ladder-title", Static).update(Text(f"Ladder · {title}"))
        listing = self.query_one("#ladder", OptionList)
        listing.clear_options()
        try:
            rows = ladder(self.store, self.game, limit=200)
        except RoomError as exc:
            self.query_one("#message", Static).update(Text(str(exc)))
            return
        listing.add_option(Option(Text(f"{'':>5}{'player':<18} {'rating':>7}  {'dev.':>6}  games",
                                       style="bold"), disabled=True))
        if not rows:
            listing.add_option(Option(Text("     no rated games of this game yet"), disabled=True))
        for i, r in enumerate(rows, 1):
            mark = Text(ladder_line(i, r.player, r.rating, r.rd, r.games), style="bold" if r.player == self.user else "")
            listing.add_option(Option(mark, id=r.player))
        if rows:
            listing.highlighted = 1

    def action_game(self, step: int) -> None:
        self.game = self.games[(self.games.index(self.game) + step) % len(self.games)]
        self.draw()

    def action_profile(self) -> None:
        listing = self.query_one("#ladder", OptionList)
        if listing.highlighted is None:
            return
        who = listing.get_option_at_index(listing.highlighted).id
        if who:
            self.app.push_screen(ProfileScreen(self.store, self.user, who))

    @when_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_profile()

    def action_back(self) -> None:
        self.dismiss(None)


def profile_lines(store: Any, who: str, user: str) -> list[str]:
    """A player's profile as lines of at most 80 columns."""
    from tui.server.db.rated import ratings_of, recent_games

    lines = ["Ratings"]
    standings = ratings_of(store, who)
    for r in standings:
        lines.append(f"  {REGISTRY.get(r.game).title:<20} {r.rating:7.1f}  ±{r.rd:5.1f}  {r.games:>4} rated "
                     f"game{'s' if r.games != 1 else ''}")
    if not standings:
        lines.append("  no rated game yet")
    if who.startswith("bot:"):
        return lines
    lines += ["", "Recent rated games"]
    games = recent_games(store, who, limit=6)
    for g in games:
        others = ", ".join(str(r[0]) for r in g.results if str(r[0]).lower() != who.lower())
        lines.append(f"  {g.room}  {REGISTRY.get(g.game).title:<20} {g.result_for(who):<10} with {others}"[:80])
    if not games:
        lines.append("  none yet")
    lines += ["", "Open rooms"]
    rooms = []
    for room in store.rooms_for(who):
        st = store.status(room, who)
        if st is not None and not st.over and room.seat_of(who) is not None:
            seats = ", ".join("you" if s == user else seat_label(s) for s in room.seats)
            rooms.append(f"  {room.id}  {st.title:<20} move {st.ply + 1:<4} {seats}"[:80])
    lines += rooms[:5] or ["  none"]
    return lines


class ProfileScreen(Screen[None]):
    """A player's ratings, recent rated games and open rooms."""

    BINDINGS = [Binding("escape", "back", "Back"), Binding("q", "back", "Back", show=False)]

    def __init__(self, store: Any, user: str, who: str) -> None:
        super().__init__()
        self.store = store
        self.user = user
        self.who = who

    def compose(self) -> ComposeResult:
        whose = "Your profile" if self.who.lower() == self.user.lower() else f"Profile · {self.who}"
        with Vertical():
            yield Static(Text(whose), classes="title")
            try:
                text = "\n".join(profile_lines(self.store, self.who, self.user))
            except RoomError as exc:
                text = str(exc)
            yield Static(Text(text), id="profile")
        yield Footer()

    def action_back(self) -> None:
        self.dismiss(None)
