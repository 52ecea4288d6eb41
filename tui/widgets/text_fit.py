"""Fitting plain text into cells: word wrap and cut with an ellipsis.

Cells are measured and cut by `engine.text` (Rich's measure, whole
graphemes), the one measure of the engine's checks and the screens' drawing.
"""
from __future__ import annotations

from engine.text import cells, cut


def wrap_words(text: str, width: int) -> list[str]:
    """The words of `text` in lines of at most `width` cells (a longer word
    is cut by cells; a wide character in a width of 1 is a line of its own)."""
    width = max(1, width)
    lines: list[str] = []
    line, used = "", 0
    for word in text.split():
        size = cells(word)
        while size > width:
            if line:
                lines.append(line)
                line, used = "", 0
            head, taken = cut(word, width)
            lines.append(head)
            word, size = word[len(head):], size - taken
        if not word:
            continue
        if not line:
            line, used = word, size
        elif used + 1 + size <= width:
            line, used = f"{line} {word}", used + 1 + size
        else:
            lines.append(line)
            line, used = word, size
    if line:
        lines.append(line)
    return lines


def fit(text: str, width: int) -> str:
    """`text` cut to `width` cells, ending in '…' when cut (linear in its length)."""
    if cells(text) <= width:
        return text
    if width <= 0:
        return ""
    head, used = cut(text, width - 1)
    if used > width - 1:  # a wide first character in a width of 1
        head = ""
    return head + "…"
