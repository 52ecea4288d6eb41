"""The saved games in the saves folder: continue one or replay it."""
from __future__ import annotations

import calendar
import time
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.record import GameRecord
from engine.save_folder import scan_folder
from engine.text import cells, shown
from tui.widgets.option_list import KeyOptionList, when_on_top


def when(stamp: str) -> str:
    """An ISO 8601 UTC stamp as local 'YYYY-MM-DD HH:MM' ('' if unreadable)."""
    try:
        utc = calendar.timegm(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S"))
    except ValueError:
        return ""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(utc))


def save_label(rec: GameRecord) -> Text:
    """One line of the list: game, players, last played, whose turn or the result."""
    state = rec.state
    out = state.outcome()
    if out is not None:
        status = "draw" if out.is_draw else f"{' & '.join(rec.names[w] for w in out.winners)} won"
    else:
        status = f"{', '.join(rec.names[s] for s in state.to_act())} to play"
    text = Text(f"{rec.ruleset.title[:13]:<13} ", style="bold")
    players = shown(" v ".join(rec.names), 22)  # cut with an ellipsis, in display cells
    text.append(players + " " * max(1, 23 - cells(players)))
    text.append(f"{when(rec.updated):<16} ", style="dim")
    text.append(status[:24])
    return text


class SavesScreen(Screen[None]):
    """Newest first; Enter continues, v replays."""

    BINDINGS = [
        Binding("enter", "open", "Continue"),
        Binding("v", "replay", "Replay"),
        Binding("escape,q", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        folder: Path = self.app.saves_dir  # type: ignore[attr-defined]
        options = []
        self._records: dict[str, GameRecord] = {}
        for entry in scan_folder(folder, limit=200):  # an unreadable file is marked, never fatal
            f, rec = entry.path, entry.record
            if rec is None:
                options.append(Option(Text(f"{shown(f.name, 36):<36} (unreadable)"), id=str(f), disabled=True))
                continue
            options.append(Option(save_label(rec), id=str(f)))
            self._records[str(f)] = rec
        with Vertical():
            yield Static(Text(f"Saved games in {shown(str(folder))}"), classes="title")
            if options:
                yield Static("Newest first. Enter continues a game · v replays it · Esc goes back", classes="hint")
            else:
                yield Static("No saved games yet. Esc goes back.", classes="hint")
            yield KeyOptionList(*options, id="saves")
        yield Footer()

    def on_mount(self) -> None:
        saves = self.query_one("#saves", OptionList)
        saves.focus()
        if saves.option_count:
            saves.highlighted = 0

    def _path(self) -> Path | None:
        saves = self.query_one("#saves", OptionList)
        if saves.highlighted is None or not saves.option_count:
            return None
        opt = saves.get_option_at_index(saves.highlighted)
        return None if opt.disabled else Path(str(opt.id))

    @when_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        from engine.upgrade import can_upgrade

        path = self._path()
        if path is None:
            return
        record = self._records.get(str(path))
        if record is not None and can_upgrade(record):  # older rules: keep them (default) or upgrade
            from tui.screens.upgrade_offer import UpgradeOfferScreen

            self.app.push_screen(UpgradeOfferScreen(record), lambda choice: self._open(path, choice))
            return
        self._open(path, False)

    def _open(self, path: Path, upgrade: bool | None) -> None:
        """Open the game (None: stay on the list); first move it to the
        newest rules if asked, saying so, or why not (the file then stays)."""
        if upgrade is None:
            return
        if upgrade:
            from engine.errors import SaveError
            from engine.session import GameSession

            try:
                old = GameSession.open(path).upgrade()
            except SaveError as exc:
                self.app.notify(str(exc), title="Not upgraded", severity="warning", timeout=10, markup=False)
            else:
                record = self._records[str(path)]
                self.app.notify(f"Upgraded from rules version {old} to {record.ruleset.version}", markup=False)
        self.app.pop_screen()
        self.app.open_game(path)  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        path = self._path()
        if path is not None:  # over the list: Esc in the replay comes back here
            self.app.open_replay(path)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
