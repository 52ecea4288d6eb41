"""A game's RULES.md as plain paragraphs: no markup, no drawings, tables
read row by row ("column: value; column: value")."""
from __future__ import annotations

import re

_INLINE = re.compile(r"\*\*|__|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")

DRAWING_NOTE = "(A drawing is left out here; in a game, look describes the position in words.)"


def _inline(text: str) -> str:
    return _INLINE.sub("", _LINK.sub(r"\1", text)).strip()


def _cells(row: str) -> list[str]:
    return [_inline(c) for c in row.strip().strip("|").split("|")]


def rules_paragraphs(markdown: str) -> list[str]:
    """The rules as paragraphs to wrap: headings alone on their own, list
    items starting with '- ' (or their number), a table row as one item."""
    out: list[str] = []
    para: list[str] = []
    header: list[str] | None = None
    in_code = False

    def flush() -> None:
        if para:
            out.append(" ".join(para))
            para.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        if line.startswith("```"):
            flush()
            if not in_code:
                out.append(DRAWING_NOTE)
            in_code = not in_code
            continue
        if in_code:
            continue
        if not line:
            flush()
            header = None
            continue
        if line.startswith("|"):
            flush()
            cells = _cells(line)
            if all(set(c) <= set("-: ") for c in cells):
                continue  # the row under the header
            if header is None:
                header = cells
                continue
            pairs = [f"{h}: {c}" if h else c for h, c in zip(header, cells) if c]
            out.append("- " + "; ".join(pairs) + ".")
            continue
        heading = re.match(r"#+\s*(.*)", line)
        if heading:
            flush()
            out.append("")
            out.append(_inline(heading.group(1)) + ".")
            continue
        if re.match(r"([-*+]|\d+\.)\s", line):
            flush()
            mark, _, rest = line.partition(" ")
            para.append(("-" if mark in "-*+" else mark) + " " + _inline(rest))
            continue
        para.append(_inline(line))
    flush()
    while out and not out[0]:
        out.pop(0)
    return out
