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
    """`text` cut to `width` cells between words (after a space or a '/'),
    ending in ' …' when cut, never inside a word; a text of one word too
    long for the width is abbreviated on purpose ('blueprint' → 'bluepr.')."""
    if cells(text) <= width:
        return text
    head, _ = cut(text, max(0, width - 1))
    breaks = [i for i in range(1, len(head) + 1)
              if (i < len(text) and text[i] == " ") or text[i - 1] in "/ "]
    for at in reversed(breaks):
        kept = head[:at].rstrip()
        end = "…" if kept.endswith("/") else " …"
        if kept and cells(kept) + cells(end) <= width:
            return kept + end
    return abbreviate(text, width)


def abbreviate(word: str, width: int) -> str:
    """One word in `width` cells, shortened with a full stop ('timber' →
    'timb.'); too narrow for that, cut by cells (`fit`)."""
    if cells(word) <= width:
        return word
    head, _ = cut(word, max(0, width - 1))
    if len(head.strip()) >= 3:
        return head.rstrip() + "."
    return fit(word, width)


def fit_title(text: str, width: int) -> str:
    """A name or title in `width` cells: its first words made initials
    before anything is cut ('Karl Friedrich Schinkel' → 'K. F. Schinkel'),
    then cut between words (`fit_words`)."""
    if cells(text) <= width:
        return text
    words = text.split()
    for n in range(1, len(words)):
        if not all(w[:1].isupper() for w in words[:n]):
            break
        for glue in (" ", ""):
            short = " ".join([glue.join(f"{w[0]}." for w in words[:n]), *words[n:]])
            if cells(short) <= width:
                return short
    return fit_words(text, width)


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
