"""Every legal move as a list: type to filter, Enter to play. Reached with
`a` from any game screen, so no move ever needs to be typed in notation."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option


class MovePicker(ModalScreen[str | None]):
    """Dismisses with the chosen notation, or None (Esc)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("down", "move(1)", "Down", show=False),
        Binding("up", "move(-1)", "Up", show=False),
    ]
    DEFAULT_CSS = """
    MovePicker { align: center middle; background: $background 50%; }
    MovePicker > Vertical {
        width: 60; max-width: 100%; height: 20; max-height: 100%;
        border: heavy $accent; background: $panel; padding: 0 1;
    }
    MovePicker OptionList { height: 1fr; }
    """

    def __init__(self, moves: list[str], prompt: str) -> None:
        super().__init__()
        self.moves = moves
        self.prompt_text = prompt

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.prompt_text} — {len(self.moves)} legal moves", classes="title")
            yield Input(placeholder="type to filter, ↑↓ choose, Enter plays, Esc closes", id="filter")
            yield OptionList(*[Option(m) for m in self.moves], id="moves")

    def on_mount(self) -> None:
        self.query_one("#filter", Input).focus()
        moves = self.query_one("#moves", OptionList)
        if moves.option_count:
            moves.highlighted = 0

    def on_input_changed(self, event: Input.Changed) -> None:
        want = "".join(event.value.split()).lower()
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        found = [m for m in self.moves if want in m.lower()]
        # the exact move first, then those that start with the text
        found.sort(key=lambda m: (m.lower() != want, not m.lower().startswith(want)))
        moves.add_options([Option(m) for m in found])
        if moves.option_count:
            moves.highlighted = 0

    def action_move(self, step: int) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.action_cursor_down() if step > 0 else moves.action_cursor_up()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._choose()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose()

    def _choose(self) -> None:
        moves = self.query_one("#moves", OptionList)
        if moves.highlighted is None or not moves.option_count:
            return
        self.dismiss(str(moves.get_option_at_index(moves.highlighted).prompt))

    def action_cancel(self) -> None:
        self.dismiss(None)
