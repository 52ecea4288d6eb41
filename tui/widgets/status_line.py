"""The status line: whose turn it is, what they are asked, and why a key was
refused.

One row: `▶ Ana  Choose a gallery space …  ✗ you have 2 coins, the painting costs 4`.
The player's mark and name are in their colour and reversed; a refusal
starts with '✗' and keeps its whole width, the prompt gives way when both
do not fit: its parts (' · ') are left out whole, the move number last of
all, and the question alone is cut between words, never in one.
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.palette import PALETTE_CLASSES, PLAYER_MARKS, player_class
from tui.widgets.text_fit import fit_parts

REFUSAL_MARK = "✗"


class StatusLine(Widget):
    """Set with `show(prompt, seat, name)`; `refuse(reason)` until the next `show`."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {"status-line--turn", "status-line--refusal"}
    DEFAULT_CSS = """
    StatusLine { height: 1; width: 1fr; padding: 0 1; }
    """

    prompt = reactive("")
    """What the player to act is asked."""
    seat: reactive[int | None] = reactive(None)
    """Whose turn (0-based), None for nobody (game over, a spectator's wait)."""
    name = reactive("")
    """That player's name."""
    refusal = reactive("")
    """Why the last key did nothing ('' for none)."""

    def show(self, prompt: str, seat: int | None = None, name: str = "") -> None:
        """A new prompt (clears the refusal)."""
        self.prompt, self.seat, self.name, self.refusal = prompt, seat, name, ""

    def refuse(self, reason: str) -> None:
        """Say why a key was refused (shown until the next `show` or `clear_refusal`)."""
        self.refusal = reason

    def clear_refusal(self) -> None:
        """Take the refusal away."""
        self.refusal = ""

    def render(self) -> Text:
        width = max(1, self.content_size.width)
        out = Text(no_wrap=True, overflow="ellipsis")
        if self.seat is not None:
            style = self.get_component_rich_style("status-line--turn") + self.get_component_rich_style(
                player_class(self.seat))
            out.append(f"▶ {PLAYER_MARKS[self.seat]} {self.name}".rstrip(), style)
            out.append("  ")
        tail = f"  {REFUSAL_MARK} {self.refusal}" if self.refusal else ""
        room = max(0, width - cell_len(out.plain) - cell_len(tail))
        out.append(fit_parts(self.prompt, room))
        if tail:
            out.append(tail, self.get_component_rich_style("status-line--refusal"))
        return out
