"""The main menu: the five games, resuming a save, the rules, quitting."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.registry import REGISTRY
from tui.widgets.option_list import KeyOptionList, when_on_top

LOGO = "T-Square · builders' board games"


class MainMenu(Screen[None]):
    """Pick a game to start, or resume a saved one."""

    BINDINGS = [
        Binding("enter", "new_game", "New game", show=True),
        Binding("r", "resume", "Resume"),
        Binding("question_mark", "rules", "Rules"),
        Binding("q", "quit_app", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(LOGO, classes="title")
            yield Static("Choose a game and press Enter. r resumes a saved game.", classes="hint")
            options = []
            for entry in REGISTRY.entries():
                players = (
                    f"{entry.min_players}"
                    if entry.min_players == entry.max_players
                    else f"{entry.min_players}–{entry.max_players}"
                )
                playable = REGISTRY.is_playable(entry.id)
                label = f"{entry.title:<20} {players} players" + ("" if playable else "   (coming)")
                options.append(Option(label, id=entry.id, disabled=not playable))
            yield KeyOptionList(*options, id="games")
            yield Static("", id="summary", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.focus()
        games.highlighted = 0
        self._show_summary()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_summary()

    @when_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_new_game()

    def _game_id(self) -> str | None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is None:
            return None
        return games.get_option_at_index(games.highlighted).id

    def _show_summary(self) -> None:
        game = self._game_id()
        text = ""
        if game and REGISTRY.is_playable(game):
            text = REGISTRY.get(game).summary
        elif game:
            text = "Not playable yet."
        self.query_one("#summary", Static).update(text)

    def action_new_game(self) -> None:
        game = self._game_id()
        if game and REGISTRY.is_playable(game):
            from tui.screens.setup import SetupScreen

            self.app.push_screen(SetupScreen(game))

    def action_resume(self) -> None:
        from tui.screens.saves import SavesScreen

        self.app.push_screen(SavesScreen())

    def action_rules(self) -> None:
        game = self._game_id()
        if game and REGISTRY.is_playable(game):
            from tui.screens.rules import RulesScreen, keys_table

            keys = keys_table(
                "Keys on the menu",
                [
                    ("↑ ↓ (j k)", "choose a game"),
                    ("Enter", "set up a new game of it"),
                    ("r", "the saved games: continue or replay one"),
                    ("?", "this help: the keys, then the chosen game's rules"),
                    ("q", "quit"),
                ],
            )
            self.app.push_screen(RulesScreen(game, keys))

    def action_quit_app(self) -> None:
        self.app.exit()
