"""The saved games in the saves folder: continue one or replay it."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.saves import scan_folder
from engine.text import shown
from tui.widgets.option_list import KeyOptionList


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
        for entry in scan_folder(folder, limit=200):  # an unreadable file is marked, never fatal
            f, rec = entry.path, entry.record
            if rec is None:
                options.append(Option(Text(f"{shown(f.name, 36):<36} (unreadable)"), id=str(f), disabled=True))
                continue
            status = "finished" if rec.state.is_over() else f"move {rec.ply + 1}"
            label = f"{rec.ruleset.title:<14} {' v '.join(rec.names)[:34]:<34} {status}"
            options.append(Option(Text(label), id=str(f)))  # names are plain text, never markup
        with Vertical():
            yield Static(Text(f"Saved games in {shown(str(folder))}"), classes="title")
            if not options:
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

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        path = self._path()
        if path is not None:
            self.app.pop_screen()
            self.app.open_game(path)  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        path = self._path()
        if path is not None:
            self.app.pop_screen()
            self.app.open_replay(path)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
