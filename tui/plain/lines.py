"""Lines for a reader: sentences wrapped at words to 80 columns, nothing
but printable text (no escape sequence, no box drawing, no colour)."""
from __future__ import annotations

import re
from typing import Sequence, TextIO

from engine.text import cells, cut, shown

WIDTH = 80
"""The widest line written, in terminal cells (a braille display's lines
are shorter still: it pans, but a line must never be cut by the terminal)."""

PROMPT = "> "
"""What every question ends with, alone on its line."""

_PLAIN = str.maketrans({
    "─": "-", "━": "-", "│": "|", "┃": "|", "┊": "|", "┆": "|", "┄": "-", "┈": "-",
    "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
    "═": "=", "║": "|", "╔": "+", "╗": "+", "╚": "+", "╝": "+",
    "\t": " ",
})
"""Drawing characters a ruleset's text may still hold, as plain ones."""


_RANGE = re.compile(r"(?<=\w)–(?=\w)")
"""An en dash between two words or numbers: a range ('c4–e4', '40–70')."""


_PATH = re.compile(r"\bto (\w+(?:>\w+)+)")
"""A path in a description ('moves to a3>a2'); not a notation example
('a card like 1g>c4', which the person types as it stands)."""
_PLURAL_LOOK = re.compile(r"\b(\d+)s\b")
"""A card code that a speech synthesizer reads as a plural ('13s': 'thirteen z')."""


def spoken(text: str, terms: Sequence[tuple[re.Pattern[str], str]] = ()) -> str:
    """A ruleset's words (an event, a description, a prompt, a position)
    as a screen reader should say them, found by listening to espeak-ng:
    a range's dash as ' to ' ('c4–e4' was said 'c4 e4'), a middle dot
    between items as '; ' (it was silent), the '>' of a path after 'to'
    as ', then ' (it was silent), '13s' as '13 s' (it was said 'thirteen
    z'). `terms`: the game's own short forms in words first
    (`GameState.spoken_terms`: 'T/H/P' was said 'T slash H slash P').
    Never applied to a move's notation, which a person types back."""
    for pattern, words in terms:
        text = pattern.sub(words, text)
    text = _RANGE.sub(" to ", text).replace(" · ", "; ")
    text = _PATH.sub(lambda m: "to " + m.group(1).replace(">", ", then "), text)
    return _PLURAL_LOOK.sub(r"\1 s", text)


def plain(text: str) -> str:
    """`text` as one printable line: box drawing replaced, anything
    unprintable (an escape, a newline) written as its escape code."""
    text = text.translate(_PLAIN)
    if any(0x2500 <= ord(ch) <= 0x257F for ch in text):  # the rest of the block
        text = "".join("+" if 0x2500 <= ord(ch) <= 0x257F else ch for ch in text)
    return text if text.isprintable() else shown(text)


def wrap(text: str, width: int = WIDTH, indent: str = "") -> list[str]:
    """`text` wrapped at spaces into lines of at most `width` cells; the
    text's own leading spaces start its first line, and lines after the
    first start with them and `indent`; a word longer than a line is cut."""
    text = plain(text)
    first = text[:len(text) - len(text.lstrip(" "))][:width // 2]  # a leading indent is kept
    indent = first + indent
    words = text.split()
    if not words:
        return [""]
    out: list[str] = []
    line, used = "", 0
    for word in words:
        w = cells(word)
        lead = indent if out else first
        if line and used + 1 + w <= width:
            line, used = f"{line} {word}", used + 1 + w
            continue
        if line:
            out.append(line)
            lead = indent
        while cells(lead) + w > width:  # a word wider than a line
            head, taken = cut(word, width - cells(lead))
            out.append(lead + head)
            word, w = word[len(head):], w - taken
            lead = indent
        line, used = lead + word, cells(lead) + w
    out.append(line)
    return out


class Lines:
    """The conversation's two ends: `say` writes, `ask` reads a line."""

    def __init__(self, inp: TextIO, out: TextIO, echo: bool = False) -> None:
        self.inp = inp
        self.out = out
        self.echo = echo
        """Write each answer after its prompt (input from a pipe, so that
        the output reads as a transcript)."""

    def say(self, text: str = "", indent: str = "") -> None:
        """Write `text` (one paragraph) wrapped to WIDTH."""
        for line in wrap(text, WIDTH, indent):
            self.out.write(line.rstrip() + "\n")

    def item(self, label: str, text: str) -> None:
        """A list entry: `label` then `text`, later lines indented under it."""
        self.say(f"{label} {text}", indent=" " * min(len(label) + 1, 8))

    def ask(self) -> str | None:
        """Write the prompt and read one answer (None: end of input)."""
        self.out.write(PROMPT)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            self.out.flush()
            return None
        answer = line.rstrip("\r\n")
        if self.echo:
            self.out.write(wrap(answer, WIDTH - len(PROMPT))[0] + "\n")
        self.out.flush()
        return answer

    def flush(self) -> None:
        self.out.flush()
