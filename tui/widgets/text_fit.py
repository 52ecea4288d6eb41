"""Fitting plain text into cells: word wrap and cut with an ellipsis.

Cells are measured and cut by `engine.text` (Rich's measure, whole
graphemes), the one measure of the engine's checks and the screens' drawing.
"""
from __future__ import annotations

import re

from engine.text import cells, cut


def wrap_words(text: str, width: int) -> list[str]:
    """The words of `text` in lines of at most `width` cells. A word too
    long for its line breaks after a '/' ('technician/' then
    'hazard/project'); a part still longer than `width` is cut by cells (a
    wide character in a width of 1 is a line of its own)."""
    width = max(1, width)
    lines: list[str] = []
    line, used = "", 0
    for word in text.split():
        for n, part in enumerate(_SLASH_PARTS.findall(word)):
            size = cells(part)
            sep = 0 if n else 1  # the parts of one word join without a space
            if line and used + sep + size <= width:
                line, used = line + " " * sep + part, used + sep + size
                continue
            if line:
                lines.append(line)
                line, used = "", 0
            while size > width:
                head, taken = cut(part, width)
                lines.append(head)
                part, size = part[len(head):], size - taken
            if part:
                line, used = part, size
    if line:
        lines.append(line)
    return lines


_SLASH_PARTS = re.compile(r"[^/]*/|[^/]+")
"""A word's parts, each ending after a '/': where a long word may break."""


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
    then the last word shortened with a full stop ('Solar P.'), then
    cut between words (`fit_words`); a leading 'The' or 'A' goes
    first ('The Crystal Palace' → 'C.Palace', not 'The …')."""
    if cells(text) <= width:
        return text
    words = text.split()
    if len(words) > 1 and words[0] in ("The", "A", "An"):
        return fit_title(" ".join(words[1:]), width)
    for n in range(1, len(words)):
        if not all(w[:1].isupper() for w in words[:n]):
            break
        for glue in (" ", ""):
            short = " ".join([glue.join(f"{w[0]}." for w in words[:n]), *words[n:]])
            if cells(short) <= width:
                return short
    front = " ".join(words[:-1])
    room = width - cells(front) - 2  # a space, and the full stop
    if len(words) > 1 and room >= 1 and words[-1][:1].isalpha():
        return f"{front} {cut(words[-1], room)[0]}."  # 'Solar Panels' → 'Solar P.'
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
