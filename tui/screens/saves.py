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

from engine.record import GameRecord
from engine.save_folder import scan_folder, summary
from engine.text import cells, shown
from tui.widgets.option_list import KeyOptionList, when_on_top

GAP = "  "
"""Between the columns of a row."""


def save_labels(records: list[GameRecord], width: int) -> list[Text]:
    """The list's rows in `width` columns, in columns that line up: game,
    players, the move it is at or the result, last played, and 'old rules
    vN' for a game under older rules than the newest. One line a game
    where every row fits whole, else two (game and players whole on the
    first, the rest under them), so no name is cut where the screen has
    room."""
    sums = [summary(rec) for rec in records]
    players = [" v ".join(sm.players) for sm in sums]
    rests = [f"{sm.progress} · {sm.status}" for sm in sums]
    olds = [f"old rules v{rec.rules_version}" if sm.old_rules else "" for rec, sm in zip(records, sums)]
    tw = max((cells(sm.title) for sm in sums), default=0)
    pw = max((cells(p) for p in players), default=0)
    rw = max((cells(r) for r in rests), default=0)
    ww = max((cells(sm.when) for sm in sums), default=0)
    ow = max((cells(o) for o in olds), default=0)
    one_line = tw + pw + rw + ww + ow + len(GAP) * (4 if ow else 3) <= width

    def pad(text: str, w: int) -> str:
        return text + " " * (w - cells(text))

    rows = []
    for sm, who, rest, old in zip(sums, players, rests, olds):
        text = Text(pad(sm.title, tw), style="bold")
        if one_line:
            text.append(GAP + pad(who, pw) + GAP + pad(rest, rw) + GAP)
        else:  # under the players: the rest, the date and the rules, in columns where they fit
            avail = width - tw - len(GAP)
            tail = ww + (len(GAP) + ow if ow else 0)
            room = avail - tail - len(GAP)
            rest = pad(rest, rw) if rw <= room else shown(rest, max(8, room))
            text.append(GAP + shown(who, max(8, avail)))
            text.append("\n" + " " * (tw + len(GAP)) + rest + GAP)
        text.append(pad(sm.when, ww), style="dim")
        if old:
            text.append(GAP + old, style="yellow")
        rows.append(text)
    return rows


def save_label(rec: GameRecord, width: int = 74) -> Text:
    """One game's row, laid out on its own (`save_labels`)."""
    return save_labels([rec], width)[0]


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
        entries = scan_folder(folder, limit=200)  # an unreadable file is marked, never fatal
        readable = [e.record for e in entries if e.record is not None]
        labels = iter(save_labels(readable, self._row_width()))
        for entry in entries:
            f, rec = entry.path, entry.record
            if rec is None:
                options.append(Option(Text(f"{shown(f.name, 36):<36} (unreadable)"), id=str(f), disabled=True))
                continue
            options.append(Option(next(labels), id=str(f)))
            self._records[str(f)] = rec
        with Vertical():
            yield Static(Text(f"Saved games in {shown(str(folder))}"), classes="title")
            if options:
                yield Static("Newest first. Enter continues a game · v replays it · Esc goes back", classes="hint")
            else:
                yield Static("No saved games yet. Esc goes back.", classes="hint")
            yield KeyOptionList(*options, id="saves")
        yield Footer()

    def _row_width(self) -> int:
        """The columns a row has inside the list's border, padding and scroll bar."""
        return max(20, self.app.size.width - 6)

    def on_resize(self) -> None:
        """Lay the rows out again for the new width (one line each or two)."""
        saves = self.query_one("#saves", OptionList)
        ids = [str(saves.get_option_at_index(i).id) for i in range(saves.option_count)]
        shown_ids = [i for i in ids if i in self._records]
        labels = dict(zip(shown_ids, save_labels([self._records[i] for i in shown_ids], self._row_width())))
        for index, key in enumerate(ids):
            if key in labels:
                saves.replace_option_prompt_at_index(index, labels[key])

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
