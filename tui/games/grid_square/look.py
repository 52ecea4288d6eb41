"""Grid Square's look: the styles and symbols of the board, its two
scales, the junctions of its grid lines and the keys' help."""
from __future__ import annotations

from rich.style import Style

OK = Style.parse("bold reverse green")
"""A preview that can be played (reverse: seen without colour too, with ◆ at its start)."""
BAD = Style.parse("bold reverse bright_red")
"""A preview that cannot be played (✗ at its start)."""
PICKED = Style.parse("bold reverse bright_white")
"""The building chosen to slide (○ at its start)."""
DIM = Style.parse("bright_black")
WAS = Style.parse("bright_black")
"""Where a building slid from in the last turn (dashed)."""
GIVEN_UP = Style.parse("bold red")
"""Cells of an enclosed area no one may claim any more."""
BOLD = Style(bold=True)
REVERSE = Style(bold=True, reverse=True)

BUILDING_SYMBOLS = {3: "━━━", 2: "━━", 1: "━"}
"""Each size's symbol in the players' panel: as long as the building."""
MONUMENT = "▲"
"""A monument: on the board it stands on a claimed area with its owner's mark (▲1)."""
CLAIMED = "■"
"""The score: claimed cells."""
NO_PICK = "Tab is for the slide and claim steps; now place a building."
ONE_PICK = "There is only one to choose: Tab has nothing else to pick."
"""Why Tab does nothing in the place step."""
LEGEND_KEY = "i"
"""Shows the whole legend (L is the large building)."""

HEAVY, LIGHT = 2, 1
"""Line weights: the first seat builds in heavy lines, the second in light
ones, so a building's placer shows without colour too."""
SEAT_WEIGHT = (HEAVY, LIGHT)
LINES = {HEAVY: ("━", "┃"), LIGHT: ("─", "│")}
"""(east–west, north–south) line of each weight."""


def _junctions() -> dict[tuple[int, int, int, int], str]:
    """Every box-drawing point by the weight (0 none, 1 light, 2 heavy) of
    its (up, down, left, right) arms, read from the characters' Unicode
    names ("BOX DRAWINGS UP LIGHT AND DOWN HORIZONTAL HEAVY")."""
    import unicodedata

    arms = {"UP": (0,), "DOWN": (1,), "LEFT": (2,), "RIGHT": (3,), "VERTICAL": (0, 1), "HORIZONTAL": (2, 3)}
    out = {(0, 0, 0, 0): "·"}
    for code in range(0x2500, 0x2580):
        ch = chr(code)
        words = unicodedata.name(ch).removeprefix("BOX DRAWINGS ").split()
        if not set(words) <= {"LIGHT", "HEAVY", "AND", *arms}:
            continue  # double, dashed, arcs, diagonals
        weights = [0, 0, 0, 0]
        for part in " ".join(words).split(" AND "):
            named = [w for w in part.split() if w in ("LIGHT", "HEAVY")]
            if named:
                weight = HEAVY if named[0] == "HEAVY" else LIGHT
            for w in part.split():
                for arm in arms.get(w, ()):
                    weights[arm] = weight
        out.setdefault((weights[0], weights[1], weights[2], weights[3]), ch)
    return out


JUNCTIONS = _junctions()
"""A point's character by the weight of its (up, down, left, right) arms."""

KEYS_HELP = """
## Grid Square keys

| key | does |
|---|---|
| arrows / h j k l | move the cursor point (place); slide the chosen building (slide) |
| 1 2 3 (or s m l) | small, middle, large building |
| o or space | turn the building (east ↔ north) |
| Tab / Shift+Tab | next / previous building to slide, or area to claim |
| Enter | place, slide or claim as previewed |
| p | pass: skip the slide; at the claim, press p twice (the area is given up for good) |
| Esc | undo the preview |
| i | the whole legend (every symbol on the board), or one line again |

On the board: each player's buildings and claimed cells in their colour,
the first player's buildings in heavy lines (━), the second's in light ones
(─); claimed cells shown with the owner's number and `▲1` on the monument; the
last turn's buildings are drawn in reverse, with a dashed line where a slid
building stood; `×` marks an enclosed area that was left unclaimed (no one
may claim it unless it is opened and closed again); `?` and `★` mark the
areas you may claim, `★` the one Enter claims. The preview: `◆` fits, `✗`
does not (the panel says why), `○` the building chosen to slide. The panel:
`■` claimed cells (the score), `━━━ ━━ ━` large, middle and small buildings
left, `▲` monuments left.
"""


class Scale:
    """How big a cell is drawn: `cw` characters wide, `ch` rows tall."""

    def __init__(self, cw: int, ch: int) -> None:
        self.cw = cw
        self.ch = ch
        self.width = 4 + 8 * (cw + 1)
        """Columns the board takes (row labels included)."""
        self.height = 2 + 8 * (ch + 1)
        """Rows the board takes (column letters included)."""

    def row(self, y: int) -> int:
        """Screen row of grid line y (line 9 at the top, after the letters)."""
        return 1 + (8 - y) * (self.ch + 1)

    def col(self, x: int) -> int:
        """Screen column of grid point column x."""
        return 3 + x * (self.cw + 1)

    def cell_rows(self, y: int) -> range:
        """Screen rows inside the cells of row y."""
        return range(self.row(y + 1) + 1, self.row(y))


SMALL = Scale(3, 1)
"""Fits 80×24."""
LARGE = Scale(5, 2)
"""For terminals of at least 100×34."""


def wants_large(width: int, height: int) -> bool:
    """Whether a terminal of this size has room for the bigger cells."""
    return width >= 100 and height >= 34
