"""The status line: whose turn it is, what they are asked, and why a key was
refused.

One row: `▶ Ana  Choose a gallery space …  ✗ you have 2 coins, the painting costs 4`.
The player's mark and name are in their colour and reversed; a refusal
starts with '✗' and keeps its whole width, the prompt gives way when both
do not fit: the parts of its tail (' · Squire · move 7') are left out whole,
the move number last of all, and the question is cut between words, never
in one.
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.kept_styles import KeptStyles
from tui.widgets.palette import PALETTE_CLASSES, PLAYER_MARKS, player_class
from tui.widgets.text_fit import fit_words

REFUSAL_MARK = "✗"


class StatusLine(KeptStyles, Widget):
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
    tail = reactive("")
    """After the prompt, kept whole where the prompt is cut (' · Squire · move 7')."""

    def show(self, prompt: str, seat: int | None = None, name: str = "", tail: str = "") -> None:
        """A new prompt and its tail (clears the refusal)."""
        self.prompt, self.seat, self.name, self.tail, self.refusal = prompt, seat, name, tail, ""

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
        tail = ""
        if self.refusal:  # before the prompt; too long for the line, cut between words
            mark = f"  {REFUSAL_MARK} "
            tail = mark + fit_words(self.refusal, max(1, width - cell_len(out.plain) - cell_len(mark)))
        room = max(0, width - cell_len(out.plain) - cell_len(tail))
        out.append(fit_before(self.prompt, self.tail, room))
        if tail:
            out.append(tail, self.get_component_rich_style("status-line--refusal"))
        return out


def fit_before(prompt: str, tail: str, room: int) -> str:
    """`prompt` then `tail` (' · Squire · move 7') in `room` cells: the
    tail's parts give way whole (the game's name before the move number), so
    that the question fits whole; if it still does not, it is cut between
    words and the move number stays while it takes at most half the room.
    A prompt with no tail ('your turn · r0001 · move 7 · Choose…') keeps
    its front and is cut between words at its end."""
    whole = prompt + tail
    if cell_len(whole) <= room:
        return whole
    parts = [p for p in tail.split(" · ") if p.strip()]
    if not parts:
        return fit_prompt(prompt, room)
    for kept_parts in (parts, parts[-1:]):  # the whole tail, then the move number alone
        kept = "".join(" · " + p for p in kept_parts)
        if cell_len(prompt) + cell_len(kept) <= room:
            return prompt + kept
    kept = " · " + parts[-1]
    if 2 * cell_len(kept) <= room:
        return fit_prompt(prompt, room - cell_len(kept)) + kept
    return fit_prompt(prompt, room)


def fit_prompt(prompt: str, room: int) -> str:
    """The question in `room` cells, cut between words (`fit_words`); where
    not even its first word fits with ' …', a lone '…' (never a word
    shortened with a full stop: 'Cho.' for 'Choose …' at 20×6)."""
    if cell_len(prompt) <= room:
        return prompt
    words = prompt.split()
    if len(words) > 1 and cell_len(words[0]) + 2 > room:
        return "…" if room > 0 else ""
    return fit_words(prompt, room)
