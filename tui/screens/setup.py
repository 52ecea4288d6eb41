"""New-game setup: players, who plays each seat, options and seed, by keys."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from engine.core import Ruleset
from rulesets import REGISTRY


@dataclass
class SetupChoices:
    """What the setup form has chosen so far."""

    players: int
    kinds: list[str]
    """Per seat: 'human' or 'bot:LEVEL'."""
    options: dict[str, Any]
    seed: str = ""
    """Digits typed for the seed; empty means a seed from the clock."""
    row: int = 0
    """The row with the cursor."""
    rows: list[str] = field(default_factory=list)


class SetupForm(Widget, can_focus=True):
    """A list of rows; up/down picks a row, left/right changes its value."""

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
        kinds = ["human"] + [f"bot:{ruleset.default_bot_level}"] * (n - 1)
        self.choices = SetupChoices(n, kinds, ruleset.default_options())

    def kind_cycle(self) -> list[str]:
        return ["human"] + [f"bot:{lvl}" for lvl in self.ruleset.bot_levels]

    def row_keys(self) -> list[str]:
        rows = ["players"] + [f"seat:{i}" for i in range(self.choices.players)]
        rows += [f"option:{o.name}" for o in self.ruleset.options if isinstance(o.default, (bool, int)) or o.choices]
        return rows + ["seed", "start"]

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
        if key.startswith("option:"):
            name = key[7:]
            value = c.options[name]
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            return f"Option {name}", shown
        if key == "seed":
            return "Seed (type digits)", c.seed or "random"
        return "[ Start the game ]", ""

    def action_row(self, step: int) -> None:
        self.choices.row = (self.choices.row + step) % len(self.row_keys())
        self.refresh(layout=True)

    def action_change(self, step: int) -> None:
        c = self.choices
        key = self.row_keys()[c.row]
        if key == "players":
            lo, hi = self.ruleset.min_players, self.ruleset.max_players
            c.players = lo + (c.players - lo + step) % (hi - lo + 1)
            while len(c.kinds) < c.players:
                c.kinds.append(f"bot:{self.ruleset.default_bot_level}")
            del c.kinds[c.players :]
        elif key.startswith("seat:"):
            i = int(key[5:])
            cycle = self.kind_cycle()
            c.kinds[i] = cycle[(cycle.index(c.kinds[i]) + step) % len(cycle)]
        elif key.startswith("option:"):
            spec = next(o for o in self.ruleset.options if o.name == key[7:])
            value = c.options[spec.name]
            if spec.choices:
                values = list(spec.choices)
                c.options[spec.name] = values[(values.index(value) + step) % len(values)]
            elif isinstance(value, bool):
                c.options[spec.name] = not value
            elif isinstance(value, int):
                c.options[spec.name] = value + step
        self.refresh(layout=True)

    def action_erase(self) -> None:
        self.choices.seed = self.choices.seed[:-1]
        self.refresh()

    def on_key(self, event: Any) -> None:
        if self.row_keys()[self.choices.row] == "seed" and event.character and event.character.isdigit():
            if len(self.choices.seed) < 12:
                self.choices.seed += event.character
            event.stop()
            self.refresh()

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
            yield Static("↑↓ choose a row · ←→ change it · Enter starts · Esc goes back", classes="hint")
            yield SetupForm(self.ruleset)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(SetupForm).focus()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.ruleset.id))

    def action_start(self) -> None:
        import time

        from engine.errors import SaveError
        from engine.paths import new_save_path
        from engine.record import GameRecord, default_player
        from engine.saves import save
        from tui.screens.game import GameScreen

        c = self.query_one(SetupForm).choices
        players = [default_player(i, kind) for i, kind in enumerate(c.kinds)]
        seed = int(c.seed) if c.seed else int(time.time() * 1000) % 1_000_000_007
        try:
            record = GameRecord.new(self.ruleset, players, seed, c.options)
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
