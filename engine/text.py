"""User text: the one check for names (and any text a player may type that
others will see), and the one way to quote untrusted text in an error line.

A user text is accepted only if every character is printable (Python's
`str.isprintable`: no control, format, surrogate, private-use, unassigned,
line- or paragraph-separator character, and no space but U+0020), it does not
start or end with a space, and it fits a limit in terminal cells (a wide
character counts 2, a combining mark 0) and in characters. What is accepted
is safe to print raw; screens still show it as plain text, never as markup.

Cells are measured by one `Measure`. The engine imports no screen library:
on its own it measures with the standard library (`unicodedata`: East Asian
wide and full-width characters 2 cells, combining marks and format
characters 0). The terminal front end installs the measure its screens draw
with (`tui/__init__.py`: Rich's `rich.cells`) through `use_measure`, so
wherever a name is both checked and drawn, the check and the drawing never
differ. Printable ASCII is measured without either (one cell a character).
"""
from __future__ import annotations

import unicodedata
from typing import Callable, NamedTuple

NAME_CELLS = 24
"""The widest a player name may be, in terminal cells."""
NAME_CHARS = 48
"""The most characters a name may have (combining marks take no cell)."""
QUOTE_CELLS = 40
"""Untrusted text quoted in an error line is cut to this many cells."""


class UserTextError(ValueError):
    """User text that cannot be accepted; the message says why."""


class Measure(NamedTuple):
    """How text takes terminal cells (for text that is not printable ASCII)."""

    char_cells: Callable[[str], int]
    """One character's cells on its own."""
    cell_len: Callable[[str], int]
    """A text's cells."""
    graphemes: Callable[[str], list[tuple[str, int]]]
    """A text as (piece, cells): each character with the marks drawn with it."""


def _plain_char_cells(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _plain_graphemes(text: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for ch in text:
        size = _plain_char_cells(ch)
        if size == 0 and out:
            piece, cells_ = out[-1]
            out[-1] = (piece + ch, cells_)
        else:
            out.append((ch, size))
    return out


PLAIN_MEASURE = Measure(_plain_char_cells, lambda text: sum(map(_plain_char_cells, text)), _plain_graphemes)
"""The engine's own measure (standard library only)."""

_loader: Callable[[], Measure] | None = None
_measure: Measure | None = None


def use_measure(loader: Callable[[], Measure] | None) -> None:
    """Measure text with what `loader` returns from now on (called at the
    first measure that needs it, so installing costs nothing); None: the
    engine's own `PLAIN_MEASURE`."""
    global _loader, _measure
    _loader, _measure = loader, None


def measure() -> Measure:
    """The measure in use (see `use_measure`)."""
    global _measure
    if _measure is None:
        _measure = _loader() if _loader is not None else PLAIN_MEASURE
    return _measure


def char_cells(ch: str) -> int:
    """Terminal cells one printable character takes on its own: 2 wide, 0
    combining, else 1 (Rich's measure). Text is measured with `cells` and cut
    with `cut`, which see a character with its marks (an emoji with U+FE0F is
    2 cells, though the emoji alone is 1)."""
    if " " <= ch < "\x7f":
        return 1  # printable ASCII (most names: no need to load the Unicode tables)
    return measure().char_cells(ch)


def cells(text: str) -> int:
    """Terminal cells `text` takes (for printable text; see `measure`)."""
    if text.isascii() and text.isprintable():
        return len(text)  # printable ASCII (most text: no need to load the Unicode tables)
    return measure().cell_len(text)


def graphemes(text: str) -> list[tuple[str, int]]:
    """`text` as (piece, cells): each piece a character with the marks and
    joiners drawn with it (see `measure`), so a cut never parts them."""
    if text.isascii() and text.isprintable():
        return [(ch, 1) for ch in text]
    return measure().graphemes(text)


def cut(text: str, room: int) -> tuple[str, int]:
    """The longest start of `text` that fits `room` cells, and its cells; at
    least one piece when `text` is not empty (a wide character in a room of
    1 comes out whole rather than as nothing, so a loop over cuts always
    moves on). Linear in the length of `text`."""
    if text.isascii() and text.isprintable():
        head = text[: max(1, room)]
        return head, len(head)
    out: list[str] = []
    used = 0
    for piece, size in graphemes(text):
        if used + size > room and out:
            break
        out.append(piece)
        used += size
    return "".join(out), used


def check_user_text(text: object, what: str = "name", max_cells: int = NAME_CELLS, max_chars: int = NAME_CHARS) -> str:
    """`text` if it is acceptable user text; UserTextError (one line) if not."""
    if not isinstance(text, str):
        raise UserTextError(f"{what} must be text")
    if not text:
        raise UserTextError(f"{what} is empty")
    for ch in text:
        if not ch.isprintable():
            import unicodedata

            kind = unicodedata.category(ch)
            raise UserTextError(f"{what} has a character that cannot be shown (U+{ord(ch):04X}, {kind})")
    if text != text.strip(" "):
        raise UserTextError(f"{what} starts or ends with a space")
    if len(text) > max_chars or cells(text) > max_cells:
        raise UserTextError(f"{what} is longer than {max_cells} columns")
    return text


def check_name(name: object) -> str:
    """A player name, checked (see the module docstring)."""
    return check_user_text(name, "name")


def shown(text: str, max_cells: int | None = None) -> str:
    """`text` made safe for one terminal line: every unprintable character
    (an escape, a newline, a lone surrogate from a file name) written as its
    Python escape, and cut to `max_cells` with an ellipsis."""
    pieces: list[tuple[str, int]] = []
    run = 0  # where the current run of printable characters starts
    for i, ch in enumerate(text):
        if ch.isprintable():
            continue
        pieces += graphemes(text[run:i])
        piece = ch.encode("unicode_escape", "backslashreplace").decode("ascii")
        if len(piece) == 1:  # a space-like character isprintable() refuses
            piece = f"\\u{ord(ch):04x}"
        pieces.append((piece, len(piece)))
        run = i + 1
    pieces += graphemes(text[run:])
    if max_cells is None or sum(w for _, w in pieces) <= max_cells:
        return "".join(p for p, _ in pieces)
    out, width = [], 0
    for piece, w in pieces:
        if width + w > max_cells - 1:
            break
        out.append(piece)
        width += w
    return "".join(out) + "…"


def quoted(text: str, max_cells: int = QUOTE_CELLS) -> str:
    """`text` in single quotes for an error line: escaped and cut short."""
    return "'" + shown(text, max_cells) + "'"


def reason(message: str, about: str, max_cells: int = 100) -> str:
    """An error `message` about the user text `about`, for a line that quotes
    `about` already: the text not echoed a second time, and cut short."""
    if about:
        message = message.replace(repr(about), "it").replace(f'"{about}"', "it")
    return shown(message, max_cells)
