"""Every legal move as a list, each with what it does: type to filter,
Enter to play. Reached with `a` from any game screen, so no move ever needs
to be typed in notation."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static

from engine.words import plural
from tui.games.generic import move_option
from tui.widgets.option_list import when_on_top


def rank(moves: list[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """The (notation, description) pairs `typed` matches: the exact move
    first, then notations that start with it, that hold it, then the moves
    whose description holds it, and last those whose description holds each
    of its words, in any order ('small b2' finds 'a small building on b2')."""
    want = "".join(typed.split()).lower()
    words = typed.strip().lower()
    each = words.split()
    scored = []
    for notation, description in moves:
        key = "".join(notation.split()).lower()
        if key == want:
            score = 0
        elif key.startswith(want):
            score = 1
        elif want in key:
            score = 2
        elif words in description.lower():
            score = 3
        elif each and all(w in description.lower() for w in each):
            score = 4
        else:
            continue
        scored.append((score, notation, description))
    scored.sort(key=lambda t: t[0])  # stable: the game's order within a score
    return [(n, d) for _, n, d in scored]


SHARED_NAME = "move-picker"
"""The installed move list's screen name."""


class MovePicker(ModalScreen[str | None]):
    """Dismisses with the chosen notation, or None (Esc)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("down", "move(1)", "Down", show=False),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
    ]
    DEFAULT_CSS = """
    MovePicker { align: center middle; background: $background; }
    MovePicker > Vertical {
        width: 78; max-width: 100%; height: 20; max-height: 100%;
        border: heavy $accent; background: $panel; padding: 0 1;
    }
    MovePicker OptionList { height: 1fr; scrollbar-gutter: stable; }  /* a scrollbar that comes and goes re-wraps the options: the highlighted one lost its last line */
    MovePicker #no-match { display: none; color: $warning; }
    MovePicker #no-match.shown { display: block; }
    """

    def __init__(self, moves: list[tuple[str, str]], prompt: str) -> None:
        super().__init__()
        self.moves = moves
        """(notation, description) of every legal move, in the game's order."""
        self.prompt_text = prompt

    @classmethod
    def shared(cls, app: App[Any], moves: list[tuple[str, str]], prompt: str) -> str:
        """The app's one move list, loaded with `moves`; its screen name for
        `push_screen`. It is made once and kept (installed): a screen made
        and removed again on every move costs a connection two more whole
        repaints and all its widgets built anew."""
        if not app.is_screen_installed(SHARED_NAME):
            app.install_screen(cls(moves, prompt), SHARED_NAME)
        else:
            picker = app.get_screen(SHARED_NAME)
            assert isinstance(picker, cls)
            picker.load(moves, prompt)
        return SHARED_NAME

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._title(), classes="title", id="picker-title")
            yield Input(placeholder="type to filter (notation or words) · ↑↓ · Enter plays · Esc closes", id="filter")
            yield Static("", id="no-match")
            yield OptionList(*[move_option(n, d) for n, d in self.moves], id="moves")

    def _title(self) -> str:
        return f"{self.prompt_text} — {plural(len(self.moves), 'legal move')}"

    def load(self, moves: list[tuple[str, str]], prompt: str) -> None:
        """Show another position's moves (the kept list, opened again)."""
        self.moves, self.prompt_text = moves, prompt
        if not self.is_mounted:
            return  # compose() will show them
        self.query_one("#picker-title", Static).update(self._title())
        box = self.query_one("#filter", Input)
        with box.prevent(Input.Changed):
            box.value = ""
        self._fill(moves, "")
        self.query_one("#filter", Input).focus()

    def on_mount(self) -> None:
        self.query_one("#filter", Input).focus()
        moves = self.query_one("#moves", OptionList)
        if moves.option_count:
            moves.highlighted = 0

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(rank(self.moves, event.value), event.value)

    def _fill(self, shown: list[tuple[str, str]], typed: str) -> None:
        """List `shown` (notation, description) with the first highlighted;
        say so when the filter `typed` matches no move."""
        note = self.query_one("#no-match", Static)
        empty = not shown and bool(typed.strip())
        note.set_class(empty, "shown")
        note.update(Text(f"No legal move matches {typed.strip()!r} (in notation or words): "
                         "Backspace widens the filter, Esc closes." if empty else ""))  # typed text is never markup
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.add_options([move_option(n, d) for n, d in shown])
        if moves.option_count:
            moves.highlighted = 0

    def action_move(self, step: int) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.action_cursor_down() if step > 0 else moves.action_cursor_up()

    def action_page(self, step: int) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.action_page_down() if step > 0 else moves.action_page_up()  # type: ignore[no-untyped-call]  # Textual leaves them unannotated

    @when_on_top
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._choose()

    @when_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose()

    def _choose(self) -> None:
        moves = self.query_one("#moves", OptionList)
        if moves.highlighted is None or not moves.option_count:
            return
        self.dismiss(str(moves.get_option_at_index(moves.highlighted).id))

    def action_cancel(self) -> None:
        self.dismiss(None)
