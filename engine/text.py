"""User text: the one check for names (and any text a player may type that
others will see), and the one way to quote untrusted text in an error line.

A user text is accepted only if every character is printable (Python's
`str.isprintable`: no control, format, surrogate, private-use, unassigned,
line- or paragraph-separator character, and no space but U+0020), it does not
start or end with a space, and it fits a limit in terminal cells (a wide
character counts 2, a combining mark 0) and in characters. What is accepted
is safe to print raw; screens still show it as plain text, never as markup.
"""
from __future__ import annotations

NAME_CELLS = 24
"""The widest a player name may be, in terminal cells."""
NAME_CHARS = 48
"""The most characters a name may have (combining marks take no cell)."""
QUOTE_CELLS = 40
"""Untrusted text quoted in an error line is cut to this many cells."""


class UserTextError(ValueError):
    """User text that cannot be accepted; the message says why."""


def char_cells(ch: str) -> int:
    """Terminal cells one printable character takes: 2 wide, 0 combining, else 1."""
    if " " <= ch < "\x7f":
        return 1  # printable ASCII (most names: no need to load the Unicode tables)
    import unicodedata

    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cells(text: str) -> int:
    """Terminal cells `text` takes (for printable text)."""
    return sum(char_cells(ch) for ch in text)


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
    pieces = []
    for ch in text:
        if ch.isprintable():
            pieces.append((ch, char_cells(ch)))
            continue
        piece = ch.encode("unicode_escape", "backslashreplace").decode("ascii")
        if len(piece) == 1:  # a space-like character isprintable() refuses
            piece = f"\\u{ord(ch):04x}"
        pieces.append((piece, len(piece)))
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
