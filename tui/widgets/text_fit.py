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


def fit_words(text: str, width: int) -> str:
    """`text` cut to `width` cells between words, ending in ' …' when cut
    (a single word too long for the width is cut by cells, as `fit`)."""
    if cells(text) <= width:
        return text
    head, _ = cut(text, max(0, width - 2))
    if len(head) < len(text) and text[len(head)] != " " and " " in head.strip():
        head = head[:head.rstrip().rfind(" ")]
    head = head.rstrip()
    return f"{head} …" if " " in text.strip() and head else fit(text, width)


def fit_parts(text: str, width: int, sep: str = " · ") -> str:
    """`text` made of parts joined by `sep`, in `width` cells: parts that do
    not fit are left out whole, the first one kept first, then the last
    (a move number), then those between in order; no part cut in the middle
    of a word (the first, alone too long, is cut between words)."""
    if cells(text) <= width:
        return text
    parts = text.split(sep)
    keep = {0}
    used = cells(parts[0])
    order = [len(parts) - 1, *range(1, len(parts) - 1)] if len(parts) > 1 else []
    for i in order:
        size = cells(sep) + cells(parts[i])
        if used + size <= width:
            keep.add(i)
            used += size
    if used > width:
        return fit_words(parts[0], width)
    return sep.join(parts[i] for i in sorted(keep))
