"""A terminal too small to draw in: the app's screens are laid out at
`SMALLEST` at least, and the terminal shows one message instead of them
until it is large enough again (see `TSquareApp`). No screen is ever laid
out at a size its widgets cannot take (a box of width 0 made Rich fail)."""
from __future__ import annotations

from textual.geometry import Size

from tui.widgets.text_fit import wrap_words

SMALLEST = Size(20, 6)
"""The smallest terminal the screens are drawn on (columns, rows). Below
it, in either direction, the terminal shows `small_frame` instead."""


def fitted(size: Size) -> Size:
    """The size the screens are laid out at for a terminal of `size`."""
    return Size(max(size.width, SMALLEST.width), max(size.height, SMALLEST.height))


def too_small(size: Size) -> bool:
    """True if a terminal of `size` cannot show the screens."""
    return size.width < SMALLEST.width or size.height < SMALLEST.height


def small_message(size: Size) -> str:
    """What a terminal too small shows."""
    return f"make the window larger (now {size.width}×{size.height})"


def small_frame(size: Size) -> list[str]:
    """The message wrapped into `size` (words kept whole where they fit,
    cut where a word is wider than the terminal), at most `size.height`
    lines of at most `size.width` characters; empty for a size of 0."""
    if size.width <= 0 or size.height <= 0:
        return []
    return wrap_words(small_message(size), size.width)[: size.height]


def frame_text(lines: list[str]) -> str:
    """The terminal output that clears the screen and draws `lines` from
    its top left corner (each line placed by the cursor: no line feed that
    could scroll a terminal of one row)."""
    return "\x1b[0m\x1b[2J" + "".join(f"\x1b[{y};1H{line}" for y, line in enumerate(lines, start=1)) + "\x1b[H"
