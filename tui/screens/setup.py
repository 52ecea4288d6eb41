"""New-game setup: players, who plays each seat, options and seed, by keys."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from engine.core import Ruleset
from engine.numbers import digits_message, is_digit, parse_number
from engine.record import default_player, hints_need_agreement
from engine.registry import REGISTRY
from engine.text import NAME_CHARS as NAME_MAX  # the typing limit; names are checked by engine.text

ROW_HELP = {
    "players": "How many players: ←→ changes it.",
    "seat": "Who plays this seat: a person at this keyboard, or a bot (weakest first; "
            "search and deep think about 1 s and 5 s a move).",
    "name": "Type the player's name; Backspace erases.",
    "hints": "Between people, Shift+H hints (the search level's advice) only if everyone agrees: ←→ turns them on.",
    "seed": "Type digits 0-9 to replay the same shuffle and dice; empty means a new one.",
    "start": "Enter starts the game; it is saved after every move.",
}
"""The hint under the form for each kind of row."""

SEED_DIGITS = 12
"""The longest seed the form takes."""

SEED_NOT_DIGITS = digits_message("The seed") + "."
"""Said when something else than a digit is typed on the seed row."""


def parse_seed(text: str) -> int | None:
    """The seed typed in the form (None: empty, a seed from the clock);
    ValueError with SEED_NOT_DIGITS for anything but ASCII digits."""
    if not text:
        return None
    try:
        return parse_number(text, "the seed")
    except ValueError:
        raise ValueError(SEED_NOT_DIGITS) from None


def names_problem(names: list[str]) -> str | None:
    """Why these player names cannot be used (the one user-text check of
    engine.text, or twice the same name), or None."""
    from engine.text import UserTextError, check_name

    seen: set[str] = set()
    for i, raw in enumerate(names):
        name = raw.strip()
        try:
            check_name(name)
        except UserTextError as exc:
            return f"Seat {i + 1}'s {exc}."
        if name.casefold() in seen:
            return f"Two seats are named {name!r}: give each player a different name."
        seen.add(name.casefold())
    return None


@dataclass
class SetupChoices:
    """What the setup form has chosen so far."""

    players: int
    kinds: list[str]
    """Per seat: 'human' or 'bot:LEVEL'."""
    names: list[str]
    """Per seat: the player's name as typed."""
    options: dict[str, Any]
    seed: str = ""
    """Digits typed for the seed; empty means a seed from the clock."""
    hints: bool = False
    """The people at the table agree to hints (asked only with two or more)."""
    row: int = 0
    """The row with the cursor."""
    rows: list[str] = field(default_factory=list)


class SetupForm(Widget, can_focus=True):
    """A list of rows; up/down picks a row, left/right changes its value."""

    DEFAULT_CSS = """
    SetupForm { height: auto; margin: 1 0; }
    """

    BINDINGS = [
        Binding("up,k", "row(-1)", "Up", show=False),
        Binding("down,j", "row(1)", "Down", show=False),
        Binding("left,h", "change(-1)", "Change", show=False),
        Binding("right,l,space", "change(1)", "Change"),
        Binding("backspace", "erase", "Erase digit", show=False),
    ]

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__()
        self.ruleset = ruleset
        n = ruleset.min_players
        kinds = ["human"] + [f"bot:{self.first_level()}"] * (n - 1)
        names = [default_player(i, k).name for i, k in enumerate(kinds)]
        self.choices = SetupChoices(n, kinds, names, ruleset.default_options())
        self.problem = ""
        """Why the last key typed was not taken (shown instead of the row's
        help until the next change)."""

    def first_level(self) -> str:
        """The bot level a new bot seat starts at: the strongest that
        answers within about a second."""
        return self.ruleset.setup_bot_level or self.ruleset.default_bot_level

    def kind_cycle(self) -> list[str]:
        return ["human"] + [f"bot:{lvl}" for lvl in self.ruleset.bot_levels]

    def row_keys(self) -> list[str]:
        rows = ["players"]
        for i in range(self.choices.players):
            rows += [f"seat:{i}", f"name:{i}"]
        rows += [f"option:{o.name}" for o in self.ruleset.options if isinstance(o.default, (bool, int)) or o.choices]
        rows.append("seed")
        if hints_need_agreement(self.choices.kinds):  # against bots hints are always on
            rows.append("hints")
        return rows + ["start"]

    def chosen_hints(self) -> bool:
        """Hints agreed, as the game will record it (only asked between people)."""
        return self.choices.hints and hints_need_agreement(self.choices.kinds)

    def render(self) -> Text:
        c = self.choices
        text = Text()
        for i, key in enumerate(self.row_keys()):
            label, value = self._row(key)
            mark = "▶ " if i == c.row else "  "
            style = "reverse" if i == c.row else ""
            text.append(mark)
            text.append(f"{label:<22}", style="bold" if key == "start" else "")
            if value:
                text.append(f"◀ {value} ▶" if i == c.row and key not in ("start",) else f"  {value}  ", style=style)
            text.append("\n")
        return text

    def _row(self, key: str) -> tuple[str, str]:
        c = self.choices
        if key == "players":
            return "Players", str(c.players)
        if key.startswith("seat:"):
            i = int(key[5:])
            kind = c.kinds[i]
            return f"Seat {i + 1}", "Human" if kind == "human" else f"Bot ({kind[4:]})"
        if key.startswith("name:"):
            i = int(key[5:])
            return "  name (type it)", c.names[i] + ("▏" if self.row_keys()[c.row] == key else "")
        if key.startswith("option:"):
            name = key[7:]
            value = c.options[name]
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            return f"Option {name}", shown
        if key == "hints":
            return "Hints", "on: everyone agrees" if c.hints else "off"
        if key == "seed":
            return "Seed (type digits)", c.seed or "random"
        return "[ Start the game ]", ""

    class Changed(Message):
        """A row or a value changed (the screen updates its hint)."""

    def _changed(self) -> None:
        """Repaint, and tell the screen (it explains the row under the cursor)."""
        self.refresh(layout=True)
        self.post_message(self.Changed())

    def action_row(self, step: int) -> None:
        self.problem = ""
        self.choices.row = (self.choices.row + step) % len(self.row_keys())
        self._changed()

    def action_change(self, step: int) -> None:
        self.problem = ""
        c = self.choices
        key = self.row_keys()[c.row]
        if key == "players":
            lo, hi = self.ruleset.min_players, self.ruleset.max_players
            c.players = lo + (c.players - lo + step) % (hi - lo + 1)
            while len(c.kinds) < c.players:
                c.kinds.append(f"bot:{self.first_level()}")
                c.names.append(default_player(len(c.names), c.kinds[-1]).name)
            del c.kinds[c.players :]
            del c.names[c.players :]
        elif key.startswith("seat:"):
            i = int(key[5:])
            cycle = self.kind_cycle()
            was_default = c.names[i] == default_player(i, c.kinds[i]).name
            c.kinds[i] = cycle[(cycle.index(c.kinds[i]) + step) % len(cycle)]
            if was_default:  # "Player 2" becomes "Bot 2" and back, a typed name stays
                c.names[i] = default_player(i, c.kinds[i]).name
        elif key == "hints":
            c.hints = not c.hints
        elif key.startswith("option:"):
            spec = next(o for o in self.ruleset.options if o.name == key[7:])
            value = c.options[spec.name]
            if spec.choices:
                values = list(spec.choices)
                c.options[spec.name] = values[(values.index(value) + step) % len(values)]
            elif isinstance(value, bool):
                c.options[spec.name] = not value
            elif isinstance(value, int):
                c.options[spec.name] = max(0, value + step)  # counts and limits: never below 0
        self._changed()

    def action_erase(self) -> None:
        self.problem = ""
        c = self.choices
        key = self.row_keys()[c.row]
        if key.startswith("name:"):
            i = int(key[5:])
            c.names[i] = c.names[i][:-1]
        else:
            c.seed = c.seed[:-1]
        self._changed()

    def on_key(self, event: Any) -> None:
        # typed text goes to the seed or name row before any key binding
        c = self.choices
        key = self.row_keys()[c.row]
        char = event.character
        if key == "seed" and is_digit(char):  # ASCII digits only: '²' is a digit to isdigit(), not to int()
            self.problem = "" if len(c.seed) < SEED_DIGITS else f"The seed has at most {SEED_DIGITS} digits."
            c.seed = (c.seed + char)[:SEED_DIGITS]
        elif key == "seed" and char and event.key not in self.screen.active_bindings:
            self.problem = SEED_NOT_DIGITS  # a letter that is no key here, or any other character
        elif key.startswith("name:") and char and char.isprintable() and event.key not in ("enter", "tab"):
            self.problem = ""
            i = int(key[5:])
            if len(c.names[i]) < NAME_MAX:
                c.names[i] += char
        else:
            return
        event.stop()
        event.prevent_default()
        self._changed()

    def help_line(self) -> str:
        """What the row under the cursor means (or why the last key typed
        was not taken)."""
        if self.problem:
            return self.problem
        key = self.row_keys()[self.choices.row]
        if key.startswith("option:"):
            spec = next(o for o in self.ruleset.options if o.name == key[7:])
            return f"{spec.name}: {spec.help}"
        return ROW_HELP.get(key.split(":")[0], "")

    def names_problem(self) -> str | None:
        """Why the typed names cannot be used, or None."""
        return names_problem(self.choices.names)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.row_keys())


class SetupScreen(Screen[None]):
    """Set up a new game, then start it (Enter)."""

    BINDINGS = [
        Binding("enter", "start", "Start"),
        Binding("escape", "back", "Back"),
        Binding("question_mark", "rules", "Rules"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.ruleset = REGISTRY.get(game_id)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"New game: {self.ruleset.title}", classes="title")
            yield Static("↑↓ choose a row · ←→ change it · type names and the seed · Enter starts", classes="hint")
            yield SetupForm(self.ruleset)
            yield Static("", id="row-help", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(SetupForm).focus()
        self.update_help()

    def on_setup_form_changed(self, event: "SetupForm.Changed") -> None:
        self.update_help()

    def update_help(self) -> None:
        """Explain the row under the cursor (an option's help, for one)."""
        form = self.query_one(SetupForm)
        self.query_one("#row-help", Static).update(form.help_line())

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen, keys_table

        keys = keys_table(
            "Keys on the setup screen",
            [
                ("↑ ↓", "choose a row"),
                ("← →", "change its value"),
                ("letters, digits", "type a name (on a name row) or the seed (on the seed row)"),
                ("Backspace", "erase the last character typed"),
                ("Enter", "start the game"),
                ("Esc", "back to the menu"),
            ],
        )
        self.app.push_screen(RulesScreen(self.ruleset.id, keys))

    def action_start(self) -> None:
        import time

        from engine.errors import SaveError
        from engine.paths import new_save_path
        from engine.record import GameRecord, Player
        from engine.saves import save
        from tui.screens.game import GameScreen

        form = self.query_one(SetupForm)
        c = form.choices
        problem = form.names_problem()
        if problem:
            self.query_one("#row-help", Static).update(problem)
            self.notify(problem, severity="error")
            return
        players = [Player(name.strip(), kind) for name, kind in zip(c.names, c.kinds)]
        try:
            seed = parse_seed(c.seed)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        if seed is None:
            seed = int(time.time() * 1000) % 1_000_000_007
        try:
            record = GameRecord.new(self.ruleset, players, seed, c.options, hints=form.chosen_hints())
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        path = new_save_path(self.app.saves_dir, self.ruleset.id)  # type: ignore[attr-defined]
        try:
            save(record, path)
        except SaveError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.app.switch_screen(GameScreen(record, path))
