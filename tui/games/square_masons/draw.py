"""Square Masons drawn with the widget kit's look: the construction zone as a
board of framed block pieces, the draft and structure cards as card faces,
the blocks as small pictures, and the legend's entries. Pure drawing (Rich
text from data); the view asks the state for every rule.

Readable without colour: every piece shows its block letter inside its own
frame (a stone '■'), a preview cell '++' (fits) or 'xx' (does not fit),
cards carry their symbol and word.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from rich.style import Style
from rich.text import Text

from rulesets.square_masons import content as d
from rulesets.square_masons.content import CARD_TYPES
from rulesets.square_masons.geometry import H, W
from tui.widgets.card import CardFace

STONE = "stone"
"""The construction's kind for a single stone."""

BLOCK_KIND = {"I": "cyan", "O": "yellow", "T": "purple", "S": "green", "Z": "red",
              "J": "blue", "L": "white", STONE: "grey"}
"""Each block's palette kind colour (colour only helps: the letter is drawn too)."""

BLOCK_ROW = {"I": "▀▀▀▀", "O": "██", "T": "▀█▀", "S": "▄█▀", "Z": "▀█▄", "J": "█▄▄", "L": "▄▄█"}
"""Each block's picture in one text row (half blocks: one square a cell)."""


@dataclass(frozen=True)
class CardLook:
    """How a draft card type is drawn."""

    symbol: str
    """One cell on the card's frame and in the tables."""
    title: str
    """Its name on the card."""
    kind: str
    """Palette kind colour."""
    text: str
    """What it gives, in a few words."""


CARD_LOOK: dict[str, CardLook] = {
    "money": CardLook("$", "Money", "yellow", "1 coin after the draft"),
    "order": CardLook("♛", "Order", "purple", "most: the Order marker (breaks ties)"),
    "stone": CardLook("■", "Stone", "grey", "most: 1 stone to your reserve"),
    "market": CardLook("◆", "Market", "green", "most: choose the blocks on auction"),
    "x2": CardLook("×", "Double", "cyan", "doubles another card you drafted"),
}
"""The five draft card types' looks, by CARD_TYPES name."""

TOWN_SYMBOL, SANCTUARY_SYMBOL = "⌂", "†"
"""The symbols of town and sanctuary structure cards."""


def card_face(card: int, key: str = "") -> CardFace:
    """Draft card `card` (a CARD_TYPES index) as a face."""
    name = CARD_TYPES[card]
    look = CARD_LOOK[name]
    return CardFace(look.title, "", look.text, kind=look.kind, symbol=look.symbol,
                    kind_word="draft", key=key or name)


def half_block_picture(rows: Sequence[str]) -> tuple[str, ...]:
    """A '#'/'.' picture drawn with half blocks: two picture rows a text row."""
    out = []
    for i in range(0, len(rows), 2):
        top = rows[i]
        low = rows[i + 1] if i + 1 < len(rows) else "." * len(top)
        line = ""
        for a, b in zip(top.ljust(len(low), "."), low.ljust(len(top), ".")):
            line += {("#", "#"): "█", ("#", "."): "▀", (".", "#"): "▄"}.get((a, b), " ")
        out.append(line)
    return tuple(out)


def structure_stones(sid: str) -> int:
    """Stones a structure needs beside its blocks (cells the blocks leave)."""
    s = d.STRUCTURES[sid]
    return sum(r.count("#") for r in s.picture) - 4 * s.min_blocks


MOST_SETS = 3
"""Block sets a card lists; more are counted ('or 6 more ways')."""


def structure_blocks(sid: str) -> str:
    """The sets of blocks that build a structure, in words: 'J+O or J+S, +1 stone'."""
    s = d.STRUCTURES[sid]
    sets = " or ".join("+".join(b) for b in s.blocks[:MOST_SETS])
    if len(s.blocks) > MOST_SETS:
        sets += f" or {len(s.blocks) - MOST_SETS} more ways"
    n = structure_stones(sid)
    return sets + (f", +{n} stone{'s' if n > 1 else ''}" if n else "")


def structure_face(sid: str, note: str = "") -> CardFace:
    """A structure card: its full name, prestige, picture, block sets and ability."""
    s = d.STRUCTURES[sid]
    town = s.kind == "town"
    pts = d.TOWN_PRESTIGE if town else d.SANCTUARY_PRESTIGE
    text = "blocks " + structure_blocks(sid) + (f". {s.brief[0].upper()}{s.brief[1:]}" if s.brief else "")
    if note:
        text += f". {note}"
    return CardFace(s.title, f"{pts} ★", text, kind="yellow" if town else "purple",
                    symbol=TOWN_SYMBOL if town else SANCTUARY_SYMBOL, kind_word=s.kind,
                    art=half_block_picture(s.picture), key=sid)


# ------------------------------------------------------------ the zone board
JUNCTION = {
    # (up, down, left, right) -> box-drawing character
    (0, 0, 1, 1): "─", (1, 1, 0, 0): "│", (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "│", (0, 1, 0, 0): "│", (0, 0, 1, 0): "─", (0, 0, 0, 1): "─",
}
"""Line junctions by the arms they join."""


def ink_on(colour: object) -> str:
    """Black or white, whichever reads on a `colour` background."""
    r, g, b = colour.get_truecolor()  # type: ignore[attr-defined]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b >= 110 else "white"


@dataclass(frozen=True)
class ZoneLook:
    """The sizes of a drawn zone: cells `inner_w` × `inner_h` inside their frames."""

    inner_w: int = 2
    inner_h: int = 1

    @property
    def width(self) -> int:
        """Columns drawn, the row numbers included."""
        return 2 + W * (self.inner_w + 1) + 1

    @property
    def height(self) -> int:
        """Rows drawn."""
        return H * (self.inner_h + 1) + 1


SMALL, LARGE = ZoneLook(2, 1), ZoneLook(4, 2)
"""The zone at 80×24 (21×11) and with room (33×16)."""


def zone_lines(
    pieces: Sequence[tuple[str, int]],
    style: Callable[[str], Style],
    frame: Style,
    look: ZoneLook = SMALL,
    preview: tuple[int, int] = (0, 0),
    highlight: int = 0,
    marked: int = 0,
    grid: Style | None = None,
) -> list[Text]:
    """A construction zone: each piece a framed shape (frame in `frame`, the
    owner's colour) filled with its letter in its kind's colour; empty cells a
    faint grid; `preview` (cells, of which do not fit) drawn '++' / 'xx';
    `highlight` reversed, `marked` (the last piece laid) underlined.
    `style(name)` gives a palette class's style ('kind-red')."""
    iw, ih = look.inner_w, look.inner_h
    owner = [[-1] * W for _ in range(H)]
    for i, (_, mask) in enumerate(pieces):
        for c in range(W * H):
            if mask >> c & 1:
                owner[c // W][c % W] = i
    grid = grid or Style(dim=True)

    def who(r: int, c: int) -> int:
        """Piece index, -1 empty, -2 outside."""
        return owner[r][c] if 0 <= r < H and 0 <= c < W else -2

    def split(a: int, b: int) -> bool:
        """Whether a line is drawn between two cells' ids."""
        return a != b or a == -1

    def line_style(a: int, b: int) -> Style:
        return frame if max(a, b) >= 0 else grid

    rows = look.height
    cols = W * (iw + 1) + 1
    chars = [[" "] * cols for _ in range(rows)]
    styles: list[list[Style]] = [[Style()] * cols for _ in range(rows)]

    def fill(i: int) -> Style:
        kind = pieces[i][0]
        colour = style(f"kind-{BLOCK_KIND[kind]}").color
        s = Style(bold=True, color=ink_on(colour), bgcolor=colour) if colour else Style(bold=True)
        mask = pieces[i][1]
        if mask & highlight:
            s += Style(reverse=True)
        if mask & marked:
            s += Style(underline=True)
        return s

    for r in range(H):
        for c in range(W):
            y0, x0 = r * (ih + 1), c * (iw + 1)
            me = who(r, c)
            # the cell's inside
            for y in range(y0 + 1, y0 + 1 + ih):
                for x in range(x0 + 1, x0 + 1 + iw):
                    if me >= 0:
                        styles[y][x] = fill(me)
            if me >= 0:
                kind = pieces[me][0]
                chars[y0 + 1 + (ih - 1) // 2][x0 + 1 + (iw - 1) // 2] = "■" if kind == STONE else kind
            # the line above and the line to the left
            up, left = who(r - 1, c), who(r, c - 1)
            for x in range(x0 + 1, x0 + 1 + iw):
                if split(up, me):
                    chars[y0][x], styles[y0][x] = "─", line_style(up, me)
                elif me >= 0:
                    styles[y0][x] = fill(me)
            for y in range(y0 + 1, y0 + 1 + ih):
                if split(left, me):
                    chars[y][x0], styles[y][x0] = "│", line_style(left, me)
                elif me >= 0:
                    styles[y][x0] = fill(me)
    # the outer right and bottom edges
    for r in range(H):
        y0 = r * (ih + 1)
        for y in range(y0 + 1, y0 + 1 + ih):
            chars[y][cols - 1], styles[y][cols - 1] = "│", line_style(who(r, W - 1), -2)
    for c in range(W):
        x0 = c * (iw + 1)
        for x in range(x0 + 1, x0 + 1 + iw):
            chars[rows - 1][x], styles[rows - 1][x] = "─", line_style(who(H - 1, c), -2)
    # the junctions
    for r in range(H + 1):
        for c in range(W + 1):
            nw, ne, sw, se = who(r - 1, c - 1), who(r - 1, c), who(r, c - 1), who(r, c)
            arms = (split(nw, ne), split(sw, se), split(nw, sw), split(ne, se))
            y, x = r * (ih + 1), c * (iw + 1)
            if any(arms):
                chars[y][x] = JUNCTION[tuple(int(a) for a in arms)]  # type: ignore[index]
                near = max(nw, ne, sw, se)
                styles[y][x] = frame if near >= 0 else grid
            elif se >= 0:
                styles[y][x] = fill(se)
    # the preview over it all
    cells, bad = preview
    for c in range(W * H):
        if cells >> c & 1:
            r, k = divmod(c, W)
            y0, x0 = r * (ih + 1), k * (iw + 1)
            wrong = bool(bad >> c & 1)
            s = style("zone--bad" if wrong else "zone--ok")
            for y in range(y0 + 1, y0 + 1 + ih):
                for x in range(x0 + 1, x0 + 1 + iw):
                    chars[y][x] = "x" if wrong else "+"
                    styles[y][x] = s
    # the column letters on the top frame, the row numbers on the left
    for c in range(W):
        chars[0][c * (iw + 1) + 1 + (iw - 1) // 2] = chr(97 + c)
        styles[0][c * (iw + 1) + 1 + (iw - 1) // 2] = Style(bold=True)
    out = []
    for y in range(rows):
        t = Text(no_wrap=True)
        r, inner = divmod(y, ih + 1)
        label = str(r + 1) if inner == 1 + (ih - 1) // 2 and r < H else " "
        t.append(f"{label} ", Style(bold=True))
        for x in range(cols):
            t.append(chars[y][x], styles[y][x])
        out.append(t)
    return out


def side_by_side(blocks: Sequence[list[Text]], gap: int = 2) -> Text:
    """Blocks of lines next to each other (each block padded to its widest line)."""
    widths = [max((len(t.plain) for t in b), default=0) for b in blocks]
    height = max((len(b) for b in blocks), default=0)
    out = Text(no_wrap=True)
    for y in range(height):
        if y:
            out.append("\n")
        for i, (b, w) in enumerate(zip(blocks, widths)):
            t = b[y] if y < len(b) else Text("")
            out.append_text(t)
            if i < len(blocks) - 1:
                out.append(" " * (w - len(t.plain) + gap))
    return out


