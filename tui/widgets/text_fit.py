"""Fitting plain text into cells: word wrap and cut with an ellipsis."""
from __future__ import annotations

from rich.cells import cell_len


def wrap_words(text: str, width: int) -> list[str]:
    """The words of `text` in lines of at most `width` cells (a longer word is cut)."""
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for word in text.split():
        while cell_len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif cell_len(line) + 1 + cell_len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def fit(text: str, width: int) -> str:
    """`text` cut to `width` cells, ending in '…' when cut."""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out + "…" if width > 0 else ""
