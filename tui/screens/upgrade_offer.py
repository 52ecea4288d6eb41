"""Opening a game started under older rules: keep them (the default) or move
it to the newest rules (`engine.upgrade`, the same as `tsquare upgrade`)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.record import GameRecord
from engine.rules_versions import changes_since


class UpgradeOfferScreen(ModalScreen["bool | None"]):
    """Enter keeps the game's rules version, u upgrades it, Esc goes back;
    dismissed with False, True or None."""

    DEFAULT_CSS = """
    UpgradeOfferScreen { align: center middle; background: $background 50%; }
    UpgradeOfferScreen > Vertical {
        width: 66; max-width: 100%; height: auto; max-height: 100%;
        border: heavy $accent; padding: 0 1; background: $panel;
    }
    UpgradeOfferScreen .changes { margin-top: 1; }
    """

    BINDINGS = [
        Binding("enter", "keep", "Keep its rules"),
        Binding("u", "upgrade", "Upgrade"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record

    def compose(self) -> ComposeResult:
        rs, old = self.record.ruleset, self.record.rules_version
        with Vertical():
            yield Static(Text(f"{rs.title}: a game under rules version {old}"), classes="title")
            yield Static(Text(
                f"This game began under rules version {old}; the newest is {rs.version}. It goes on"
                f" under version {old} unless you upgrade it, which works only if every move so far"
                " plays the same under the newest rules (else nothing changes)."))
            yield Static(Text("What changed since:\n" + "\n".join(
                f"• version {v}: {words}" for v, words in changes_since(rs, old))), classes="changes")
            yield Static(Text(f"Enter: keep playing under version {old} · u: upgrade to version {rs.version}"
                              " · Esc: back"), classes="hint")

    def action_keep(self) -> None:
        self.dismiss(False)

    def action_upgrade(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(None)
