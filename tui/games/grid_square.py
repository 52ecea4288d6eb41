"""Grid Square's board, drawn with the widget kit: the 8×8 grid in box
lines, buildings in their placer's theme colour, claimed areas shaded with
the owner's number (▲ on the monument), areas given up marked ×, the last
turn's buildings marked, and a cursor that previews the move being built
(place, slide or claim); beside it both players (PlayerPanel) and the step
at hand in words, under it a Legend of every symbol.

The view draws and asks the state: which moves are legal (`legal`), why a
previewed one is not (`why_illegal`), what a move does (`describe_move`).
"""
from __future__ import annotations

from typing import Any, Sequence, cast

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message

from engine.bits import bits_of
from engine.core import Event
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import DIRECTIONS, PASS, Claim, Pass, Place, Slide, slide_target
from rulesets.grid_square.state import GridSquareState
from rulesets.grid_square.text_board import turn_text
from tui.games import base
from tui.games.base import KeyRefused, MoveChosen, arrow_bindings
from tui.widgets.direct_keys import DirectKeys
from tui.widgets.legend import Legend, LegendEntry
from tui.widgets.palette import PALETTE_CLASSES, PLAYER_MARKS, player_class
from tui.widgets.player_panel import PlayerInfo, PlayerPanel, Resource
from tui.widgets.text_canvas import TextCanvas
from tui.widgets.text_fit import wrap_words

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
"""Why Tab does nothing in the place step."""
LEGEND_KEY = "i"
"""Shows the whole legend (L is the large building)."""

# Heavy box-drawing junctions by (up, down, left, right).
JUNCTIONS = {
    (0, 0, 0, 0): "·", (1, 0, 0, 0): "╹", (0, 1, 0, 0): "╻", (0, 0, 1, 0): "╸", (0, 0, 0, 1): "╺",
    (1, 1, 0, 0): "┃", (0, 0, 1, 1): "━", (0, 1, 0, 1): "┏", (0, 1, 1, 0): "┓", (1, 0, 0, 1): "┗",
    (1, 0, 1, 0): "┛", (1, 1, 0, 1): "┣", (1, 1, 1, 0): "┫", (0, 1, 1, 1): "┳", (1, 0, 1, 1): "┻",
    (1, 1, 1, 1): "╋",
}

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
claimed cells shown with the owner's number and `▲1` on the monument; the
last turn's buildings are drawn in reverse, with a dashed line where a slid
building stood; `×` marks an enclosed area that was left unclaimed (no one
may claim it unless it is opened and closed again); `?` and `★` mark the
areas you may claim, `★` the one Enter claims. The preview: `◆` fits, `✗`
does not (the panel says why), `○` the building chosen to slide. The panel:
`■` claimed cells (the score), `━━━ ━━ ━` large, middle and small buildings
left, `▲` monuments left.
"""


_STYLES: dict[str, Style] = {}


def _style(style: Style | str | None) -> Style | None:
    """A parsed Style (strings parsed once)."""
    if style is None or isinstance(style, Style):
        return style
    found = _STYLES.get(style)
    if found is None:
        found = _STYLES[style] = Style.parse(style)
    return found


def _runs(line: list[str], row_styles: list[Any]) -> list[tuple[str, Style | None]]:
    """One row of the picture as runs of (text, style), one a run of equal style."""
    runs: list[tuple[str, Style | None]] = []
    start = 0
    width = len(line)
    for c in range(1, width + 1):
        if c == width or row_styles[c] != row_styles[start]:
            runs.append(("".join(line[start:c]), _style(row_styles[start])))
            start = c
    return runs


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


class PreviewChanged(Message):
    """The move being built changed: the panel says what it does now."""


class GridBoard(DirectKeys, TextCanvas, can_focus=True):
    """The board itself; posts MoveChosen when the player confirms. Players'
    buildings and cells take their seat colour from the theme."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES)

    DEFAULT_CSS = """
    GridBoard { width: 36; height: 18; }
    GridBoard.large { width: 52; height: 26; }
    """

    BINDINGS = [
        *arrow_bindings(lambda dx, dy, d: f"arrow('{d}')"),
        Binding("1,s", "size(1)", "Small", show=False),
        Binding("2,m", "size(2)", "Middle", show=False),
        Binding("3,L", "size(3)", "Large", show=False),
        Binding("o,space", "turn", "Turn"),
        Binding("tab", "pick(1)", "Pick"),
        Binding("shift+tab", "pick(-1)", "Prev", show=False),
        # while Tab cannot pick (the place step), it says so and the keys stay
        # on the board, instead of Tab moving them to the log unseen
        Binding("tab,shift+tab", "no_pick", show=False),
        Binding("enter", "confirm", "Play"),
        Binding("p", "pass_step", "Pass"),
        Binding("escape", "reset", "Reset", show=False),
    ]

    def __init__(self, large: bool = False) -> None:
        super().__init__()
        self.state: GridSquareState | None = None
        self.can_act = False
        self.cx, self.cy = 3, 4
        """The cursor point (place phase)."""
        self.piece_size = 2
        self.orient = "h"
        self.pick = 0
        """Index of the chosen building (slide) or area (claim)."""
        self.slide_dir: str | None = None
        self.slide_dist = 0
        self.scale = LARGE if large else SMALL
        """The drawing's size; LARGE when the terminal has room."""
        self.set_class(large, "large")
        self.pass_armed = False
        """True after a first `p` at the claim step: the next `p` gives the area up."""
        self.slide_pieces: list[tuple[int, int, int, str]] = []
        """Buildings that can slide now, in notation order (from the legal moves)."""
        self.reach: dict[tuple[int, int, int, str], dict[str, int]] = {}
        """For each building that can slide: how far, per direction (from the legal moves)."""
        self.claims: list[Claim] = []
        """The legal claims, largest area first."""
        self.given_up: list[int] = []
        """Enclosed areas no one may claim (cell masks), marked ×."""
        self.marks: list[Any] = []
        """The moves of the last turn (marked on the board)."""
        self.marks_seat: int | None = None
        """Who played them."""
        self.seen: tuple[str, int, int] | None = None
        """(phase, seat, moves made) of the position last shown."""
        self.legal_now: frozenset[Any] = frozenset()
        """The legal moves of the position shown, when the viewer may act."""
        self._base: tuple[list[list[str]], list[list[Any]], list[Any]] | None = None
        """The picture without the preview (chars, styles, runs per row): drawn
        once a position (and again when the marks or the chosen area change)."""

    def set_scale(self, large: bool) -> None:
        """Draw cells bigger (or back to the 80×24 size)."""
        scale = LARGE if large else SMALL
        if scale is not self.scale:
            self.scale = scale
            self.set_class(large, "large")
            self._base = None
            self._strips = None
            self.refresh(layout=True)

    # ----------------------------------------------------------- attributes down
    def set_state(self, state: GridSquareState, can_act: bool) -> None:
        """A new position: keep the cursor, reset slide and claim choices."""
        # the state may be the game's own, changed in place: compare what was seen
        seen = self.seen
        if seen is None or seen[:2] != (state.phase, state.seat):
            self.pick = 0
        if seen is not None and state.plies < seen[2]:
            self.marks, self.marks_seat = [], None  # taken back: the marks would show what no longer happened
        self.seen = (state.phase, state.seat, state.plies)
        self.state = state
        self.can_act = can_act
        self.slide_dir, self.slide_dist = None, 0
        self.pass_armed = False
        legal = state.legal(state.seat) if can_act else []
        self.legal_now = frozenset(legal)
        self.reach = {}
        for m in legal:
            if isinstance(m, Slide):
                dirs = self.reach.setdefault(m[:4], {})
                dirs[m.direction] = max(dirs.get(m.direction, 0), m.dist)
        self.slide_pieces = list(self.reach)
        self.claims = sorted((m for m in legal if isinstance(m, Claim)),
                             key=lambda m: -bin(state.area_of(m.cell)).count("1"))
        self.given_up = state.given_up_areas()
        stock = state.stock[state.seat]
        if not stock.get(self.piece_size):
            self.piece_size = next((s for s in (2, 1, 3) if stock.get(s)), self.piece_size)
        self._clamp()
        self._base = None
        self.redraw()
        self.refresh_bindings()

    def mark(self, seat: int | None, notation: str | None) -> None:
        """Remember a move just played, to mark it: a placement starts a new
        turn's marks, a slide or claim adds to them."""
        if self.state is None:
            return
        if notation is None:  # no move yet (the contract's None): nothing to mark
            self.marks = []
            self._base = None
            self.redraw()
            return
        try:
            move = self.state.parse_text(notation)  # the syntax alone: a past move need not be legal now
        except ValueError:
            return
        if move is None:
            return
        if isinstance(move, Place) or seat != self.marks_seat:
            self.marks = []
        self.marks_seat = seat
        if not isinstance(move, Pass):
            self.marks.append(move)
        self._base = None
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys of the step at hand work (and show in the footer)."""
        st = self.state
        phase = st.phase if st is not None and self.can_act else None
        if action in ("turn", "size"):
            return phase == "place"
        if action in ("pick", "pass_step"):
            return phase in ("slide", "claim")
        if action == "confirm":
            return phase is not None
        return True

    # ----------------------------------------------------------- move building
    def _clamp(self) -> None:
        if self.orient == "h":
            self.cx = max(0, min(self.cx, 8 - self.piece_size))
            self.cy = max(0, min(self.cy, 8))
        else:
            self.cx = max(0, min(self.cx, 8))
            self.cy = max(0, min(self.cy, 8 - self.piece_size))

    def chosen_piece(self) -> tuple[int, int, int, str] | None:
        """The building picked to slide (slide phase)."""
        pieces = self.slide_pieces
        return pieces[self.pick % len(pieces)] if pieces else None

    def current_move(self) -> Any:
        """The move the preview shows, or None."""
        st = self.state
        if st is None or st.phase == "over":
            return None
        if st.phase == "place":
            return Place(self.piece_size, self.cx, self.cy, self.orient)
        if st.phase == "slide":
            piece = self.chosen_piece()
            if piece is None or not self.slide_dir or not self.slide_dist:
                return None
            return Slide(*piece, self.slide_dir, self.slide_dist)
        return self.claims[self.pick % len(self.claims)] if self.claims else None

    def why_not(self, move: Any) -> str | None:
        """Why the previewed move cannot be played (None: it can)."""
        st = self.state
        if st is None or move is None:
            return "nothing to play"
        if self.can_act and move in self.legal_now:  # the common case, without asking again
            return None
        return st.why_illegal(st.seat, move)

    # ----------------------------------------------------------- actions
    def action_arrow(self, d: str) -> None:
        st = self.state
        if st is None:
            return
        self.pass_armed = False
        if st.phase == "place":
            dx, dy = DIRECTIONS[d]
            self.cx += dx
            self.cy += dy
            self._clamp()
        elif st.phase == "slide":
            piece = self.chosen_piece()
            if piece is None:
                return
            reach = self.reach[piece].get(d, 0)
            opposite = {"n": "s", "s": "n", "e": "w", "w": "e"}[d]
            if self.slide_dir == d:
                self.slide_dist = min(reach, self.slide_dist + 1)
            elif self.slide_dir == opposite:
                self.slide_dist -= 1
                if self.slide_dist <= 0:
                    self.slide_dir, self.slide_dist = None, 0
            elif reach:
                self.slide_dir, self.slide_dist = d, 1
        elif st.phase == "claim":
            self.action_pick(1 if d in "es" else -1)
            return
        self.redraw()
        self._changed()

    def action_size(self, size: int) -> None:
        self.piece_size = size
        self.pass_armed = False
        self._clamp()
        self.redraw()
        self._changed()

    def action_turn(self) -> None:
        self.orient = "v" if self.orient == "h" else "h"
        self.pass_armed = False
        self._clamp()
        self.redraw()
        self._changed()

    def action_pick(self, step: int) -> None:
        st = self.state
        if st is None:
            return
        self.pass_armed = False
        n = len(self.slide_pieces) if st.phase == "slide" else len(self.claims) if st.phase == "claim" else 0
        if n:
            self.pick = (self.pick + step) % n
            self.slide_dir, self.slide_dist = None, 0
        if st.phase == "claim":
            self._base = None  # the chosen area (★) is part of the picture
        self.redraw()
        self._changed()

    def action_no_pick(self) -> None:
        if self.can_act:
            self.post_message(KeyRefused(NO_PICK))

    def action_confirm(self) -> None:
        st = self.state
        move = self.current_move()
        if not self.can_act or st is None or move is None:
            if self.can_act and st is not None and st.phase == "slide":
                self.notify("Slide with the arrows first, or press p to pass.", timeout=3)
            return
        self.pass_armed = False
        self.post_message(MoveChosen(st.format_move(move)))

    def action_pass_step(self) -> None:
        st = self.state
        if not self.can_act or st is None or st.phase not in ("slide", "claim"):
            return
        if st.phase == "claim" and not self.pass_armed:
            self.pass_armed = True  # giving an area up is for good: ask once more
            self._changed()
            return
        self.pass_armed = False
        self.post_message(MoveChosen(st.format_move(PASS)))

    def action_reset(self) -> None:
        self.slide_dir, self.slide_dist = None, 0
        self.pass_armed = False
        self.redraw()
        self._changed()

    def _changed(self) -> None:
        self.post_message(PreviewChanged())

    # ----------------------------------------------------------- drawing
    def style_key(self) -> Any:
        return (self.rich_style, *(self.get_component_rich_style(player_class(s)) for s in range(2)))

    def style_changed(self) -> None:
        self._base = None  # the players' colours come from the theme
        super().style_changed()

    def draw_runs(self) -> list[list[tuple[str, Style | None]]]:
        """The picture: the position (drawn once, `_draw_base`), with the
        preview laid over copies of the few rows it touches."""
        st = self.state
        if st is None:
            return []
        if self._base is None:
            self._base = self._draw_base(st)
        chars, styles, runs = self._base
        height, width = len(chars), len(chars[0]) if chars else 0
        touched: dict[int, tuple[list[str], list[Any]]] = {}

        def put(r: int, c: int, ch: str, style: Style | str | None = None) -> None:
            if 0 <= r < height and 0 <= c < width:
                if r not in touched:
                    touched[r] = (chars[r][:], styles[r][:])
                touched[r][0][c] = ch
                touched[r][1][c] = style

        move = self.current_move() if self.can_act else None
        if self.can_act and st.phase == "place" and isinstance(move, Place):
            fits = self.why_not(move) is None
            self._draw_piece(put, *move, OK if fits else BAD, start="◆" if fits else "✗")
        if self.can_act and st.phase == "slide":
            piece = self.chosen_piece()
            if piece is not None:
                self._draw_piece(put, *piece, PICKED, start="○")
                if isinstance(move, Slide):
                    self._draw_piece(put, *slide_target(move), OK)
        out = list(runs)
        for r, (line, row_styles) in touched.items():
            out[r] = _runs(line, row_styles)
        return out

    def _draw_base(self, st: GridSquareState) -> tuple[list[list[str]], list[list[Any]], list[Any]]:
        """The position without the preview: chars and styles per cell of
        the picture, and each row as runs of equal style."""
        sc = self.scale
        width, height = sc.width, sc.height
        row, col = sc.row, sc.col
        chars = [[" "] * width for _ in range(height)]
        styles: list[list[Style | str | None]] = [[None] * width for _ in range(height)]

        def put(r: int, c: int, ch: str, style: Style | str | None = None) -> None:
            if 0 <= r < height and 0 <= c < width:
                chars[r][c] = ch
                styles[r][c] = style

        for x in range(9):
            put(0, col(x), chr(97 + x), "bold")
        for y in range(9):
            put(row(y), 0, str(y + 1), "bold")

        def fill_cell(cell: int, text: str, style: Style | str) -> None:
            x, y = cell % 8, cell // 8
            rows = sc.cell_rows(y)
            mid = rows[(len(rows) - 1) // 2]
            text = text.center(sc.cw)
            for r in rows:
                for k in range(sc.cw):
                    put(r, col(x) + 1 + k, text[k] if r == mid else " ", style)

        seat_fg = [BOLD + Style(color=self.get_component_rich_style(player_class(s)).color) for s in range(2)]
        """Buildings by who placed them."""
        seat_bg = [fg + REVERSE for fg in seat_fg]
        """Claimed cells by owner; also the last turn's buildings (reverse: seen without colour)."""
        side_h, side_v = st.side_owners()  # who built each side that carries a building
        # claimed cells, areas given up, then candidate areas in the claim phase
        for region, owner, mc in st.claims:
            for cell in bits_of(region):
                fill_cell(cell, f"{MONUMENT}{owner + 1}" if cell == mc else f"{owner + 1}", seat_bg[owner])
        for region in self.given_up:
            for cell in bits_of(region):
                fill_cell(cell, "×", GIVEN_UP)
        if st.phase == "claim" and self.claims:
            for n, claim in enumerate(self.claims):
                chosen = n == self.pick % len(self.claims)
                for cell in bits_of(st.area_of(claim.cell)):
                    fill_cell(cell, "★" if chosen else "?", OK if chosen else "bold yellow")
        # where the last turn's slides started (under the buildings drawn next)
        for m in self.marks:
            if isinstance(m, Slide):
                self._draw_piece(put, *m[:4], WAS, dashed=True)
        # sides
        for (x, y), owner in side_h.items():
            for k in range(sc.cw):
                put(row(y), col(x) + 1 + k, "━", seat_fg[owner])
        for (x, y), owner in side_v.items():
            for r in sc.cell_rows(y):
                put(r, col(x), "┃", seat_fg[owner])
        # points
        for y in range(9):
            for x in range(9):
                up = (x, y) in side_v
                down = (x, y - 1) in side_v
                left = (x - 1, y) in side_h
                right = (x, y) in side_h
                ch = JUNCTIONS[(int(up), int(down), int(left), int(right))]
                put(row(y), col(x), ch, DIM if ch == "·" else "bold white")
        # the last turn's buildings where they stand now
        on_board = set(st.pieces)
        for m in self.marks:
            piece = m if isinstance(m, Place) else slide_target(m) if isinstance(m, Slide) else None
            if piece is None:
                continue
            key = cast("tuple[int, int, int, str]", tuple(piece))
            if key in on_board:
                owner = st.owners[st.pieces.index(key)]
                self._draw_piece(put, *piece, seat_bg[owner], start=False)
        return chars, styles, [_runs(chars[r], styles[r]) for r in range(height)]

    def _draw_piece(self, put: Any, size: int, x: int, y: int, o: str, style: Style | str,
                    start: str | bool = "◆", dashed: bool = False) -> None:
        """A building's sides in `style`; `start` marks its first point (◆
        fits, ✗ does not, ○ chosen to slide; False: no mark), `dashed` draws
        it as a ghost."""
        sc = self.scale
        if o == "h":
            ch = "╍" if dashed else "━"
            for i in range(size):
                for k in range(sc.cw):
                    put(sc.row(y), sc.col(x + i) + 1 + k, ch, style)
                if i:
                    put(sc.row(y), sc.col(x + i), ch, style)
        else:
            ch = "╏" if dashed else "┃"
            for i in range(size):
                for r in sc.cell_rows(y + i):
                    put(r, sc.col(x), ch, style)
                if i:
                    put(sc.row(y + i), sc.col(x), ch, style)
        if start:
            put(sc.row(y), sc.col(x), str(start), style)


class SidePanel(TextCanvas):
    """Where the game is, the last turn and the step at hand in words;
    repaints without a new layout."""

    DEFAULT_CSS = """
    SidePanel { width: 1fr; height: 1fr; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.content = Text()

    def set_text(self, text: Text) -> None:
        self.content = text
        self.redraw()

    def draw(self) -> Text:
        return self.content


def past(words: str) -> str:
    """A move's description (from `describe_move`) told as done: 'placed a…', 'slid the…'."""
    words = words.split(", completing")[0]
    for now, done in (("place ", "placed "), ("slide ", "slid "), ("claim ", "claimed ")):
        if words.startswith(now):
            return done + words[len(now):]
    return words


def areas_words(state: GridSquareState, seat: int, long: bool = True) -> str:
    """A seat's claimed areas in words, by their monument's cell: 'areas:
    a1 (4 cells), c3 (1 cell)' (`long`) or 'areas: a1 (4), c3 (1)'."""
    areas = [(g.cell_name(cell), bin(region).count("1")) for region, owner, cell in state.claims if owner == seat]
    if not areas:
        return "no area yet"
    if not long:
        return "areas: " + ", ".join(f"{name} ({n})" for name, n in areas)
    return "areas: " + ", ".join(f"{name} ({n} cell{'s' if n != 1 else ''})" for name, n in areas)


class GameView(base.GameView, Vertical):
    """Board on the left, players and the move being built on the right, the
    legend underneath."""

    KEYS_HELP = KEYS_HELP
    MIN_HEIGHT = 19
    """The small board's rows (letters, 17 rows of points and sides, the
    legend): below 100 columns the log strip takes what is left."""
    DEFAULT_CSS = """
    GameView { width: auto; height: 1fr; }
    GameView > #gs-top { width: auto; height: auto; max-height: 1fr; }
    GameView #gs-side { width: 23; height: 100%; padding: 0 0 0 1; }
    GameView.-large #gs-side { width: 42; }
    GameView #gs-players { height: auto; margin-bottom: 1; }
    GameView #gs-panel { height: 1fr; }
    GameView > #gs-legend { width: 59; height: auto; padding: 0; }
    GameView.-large > #gs-legend { width: 94; }
    """

    BINDINGS = [Binding(LEGEND_KEY, "legend", "Legend", show=False)]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.names: Sequence[str] = ()
        self.viewer: int | None = None
        self.after_step = Text()
        """The panel's words under the step (drawn once a position)."""

    def compose(self) -> ComposeResult:
        # the size is known before the first layout, so the log beside the
        # board is laid out (and wrapped) once, at its final width
        large = wants_large(*self.app.size)
        self.set_class(large, "-large")
        with Horizontal(id="gs-top"):
            yield GridBoard(large=large)
            with Vertical(id="gs-side"):
                yield PlayerPanel(id="gs-players", compact=False, **self._panel_form(large))
                yield SidePanel(id="gs-panel")
        legend = Legend(id="gs-legend", key=LEGEND_KEY)
        legend.expanded = large  # room for every entry
        yield legend

    @staticmethod
    def _panel_form(large: bool) -> dict[str, Any]:
        """The players' panel's form: at 80×24 one short line of symbols and
        counts a player (so the step and the last turn fit under it), with
        words when large."""
        return {"resources_per_line": 2 if large else 0, "turn_words": large, "resource_words": large}

    def fit_to(self, width: int, height: int) -> None:
        """Bigger cells and a wider panel when the terminal is at least 100×34."""
        large = wants_large(width, height)
        self.set_class(large, "-large")
        self.query_one(Legend).expanded = large
        self.query_one(GridBoard).set_scale(large)
        panel = self.query_one(PlayerPanel)
        for name, value in self._panel_form(large).items():
            setattr(panel, name, value)
        panel.refresh(layout=True)

    def on_preview_changed(self, message: PreviewChanged) -> None:
        message.stop()
        board = self.query_one(GridBoard)
        if board.state is not None:  # only the words change with the preview
            self.query_one(SidePanel).set_text(self.side_text(board, board.state))

    def action_legend(self) -> None:
        self.query_one(Legend).toggle()

    def show(self, state: GridSquareState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state`; let the player build a move if `can_act`."""
        self.names = names
        self.viewer = viewer
        board = self.query_one(GridBoard)
        board.set_state(state, can_act)
        if can_act:
            board.focus()
        self.update_panel()

    def highlighted_move(self) -> Any:
        """The move Enter would play now (the previewed one, if legal), or None."""
        board = self.query_one(GridBoard)
        move = board.current_move() if board.can_act else None
        return move if move is not None and board.why_not(move) is None else None

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """A move was just played: mark it (and the rest of its turn) on the
        board, so a bot's slide of your building is seen."""
        self.query_one(GridBoard).mark(seat, notation)
        self.update_panel()

    def player_name(self, seat: int) -> str:
        """The name shown for `seat`."""
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    def player_infos(self, st: GridSquareState) -> tuple[PlayerInfo, ...]:
        """Both players: claimed cells as the score, buildings left by size, monuments left."""
        out = []
        for s in range(2):
            stock = st.stock[s]
            to_act = s == st.seat and st.phase != "over"
            held = tuple(Resource(BUILDING_SYMBOLS[k], stock[k], g.SIZE_NAMES[k], one=g.SIZE_NAMES[k])
                         for k in (3, 2, 1))
            held += (Resource(MONUMENT, st.monuments[s], "monuments"),)
            large = self.has_class("-large")
            note, *more = wrap_words(areas_words(st, s, large), 38 if large else 18)
            cells = st.claimed_cells(s)
            out.append(PlayerInfo(s, self.player_name(s), score=cells, score_word="cell" if cells == 1 else "cells",
                                  score_symbol=CLAIMED, to_act=to_act, you=large and s == self.viewer,
                                  resources=held, note=note, more=tuple(more)))
        return tuple(out)

    def update_panel(self) -> None:
        board = self.query_one(GridBoard)
        st = board.state
        if st is None:
            return
        self.query_one(PlayerPanel).players = self.player_infos(st)
        self.after_step = self._after_step(board, st)
        self.query_one(SidePanel).set_text(self.side_text(board, st))
        self.update_legend(board, st)

    def side_text(self, board: GridBoard, st: GridSquareState) -> Text:
        """Where the game is, the step at hand with the preview, the last turn."""
        t = Text()
        if st.phase == "over":
            t.append(f"Game over.\n{Event(st.end_reason).render(self.names)}.\n", "bold")
        elif self.has_class("-large"):
            t.append(f"{turn_text(st)}\n", "dim")
        if st.phase != "over" and board.can_act:
            self._describe_step(t, board, st)
        t.append_text(self.after_step)
        return t

    def _after_step(self, board: GridBoard, st: GridSquareState) -> Text:
        """The panel's words under the step, which the preview leaves alone:
        areas given up, and the last turn."""
        t = Text()
        if board.given_up:
            t.append("× given up: no one may claim\n", "dim")
        if board.marks and board.marks_seat is not None:
            t.append(f"Last turn, {self.player_name(board.marks_seat)}:\n", "dim")
            for m in board.marks:
                t.append(f" {past(st.describe_move(m))}\n", "dim")
        return t

    def _describe_step(self, t: Text, board: GridBoard, st: GridSquareState) -> None:
        """The step at hand, what Enter and p would do (the state's words), and its keys."""
        move = board.current_move()
        if self.has_class("-large"):  # the status line says it too
            t.append(f"{st.prompt(st.seat)}\n", "bold")
        if st.phase == "place":
            why = board.why_not(move)
            if why is None:
                t.append(f"Enter: {st.describe_move(move)}\n", "bold")
            else:
                t.append(f"✗ {why[0].upper()}{why[1:]}\n", "bold bright_red")
            t.append("←↑↓→ move  1 2 3 size\no turn\n", "dim")
        elif st.phase == "slide":
            piece = board.chosen_piece()
            if isinstance(move, Slide):
                t.append(f"Enter: {st.describe_move(move)}\n", "bold")
            elif piece is not None:
                reach = " ".join(f"{'↑→↓←'['nesw'.index(d)]}{r}" for d in "nesw" if (r := board.reach[piece].get(d)))
                t.append(f"○ {st.describe_move(Place(*piece)).replace('place a', 'the', 1)}"
                         f" can go {reach} ({len(board.slide_pieces)} can slide)\n")
            t.append(f"p: {st.describe_move(PASS)}\n", "bold")
            t.append("Tab pick  ←↑↓→ slide\n", "dim")
        else:
            if move is not None:
                t.append(f"Enter: {st.describe_move(move)} (★)\n", "bold")
            if board.pass_armed:
                t.append(f"{st.describe_move(PASS).capitalize()}?\n", "bold bright_red")
                t.append("p again: yes  Esc: no\n", "bold")
            else:
                t.append("p p: pass, the area is given up for good", "dim")
                t.append("  Tab: next area\n" if len(board.claims) > 1 else "\n", "dim")

    def update_legend(self, board: GridBoard, st: GridSquareState) -> None:
        """Every symbol and colour on the board, the step's own first."""
        e: list[LegendEntry] = []
        if board.can_act and st.phase == "place":
            e += [LegendEntry("◆━", "fits", style=str(OK)), LegendEntry("✗━", "does not fit", style=str(BAD))]
        if board.can_act and st.phase == "slide":
            e += [LegendEntry("○━", "to slide", style=str(PICKED)), LegendEntry("◆━", "slides to", style=str(OK))]
        if board.can_act and st.phase == "claim":
            e += [LegendEntry("★", "Enter claims it", style=str(OK)), LegendEntry("?", "may claim (Tab)", style="bold yellow")]
        e += [LegendEntry(f"{PLAYER_MARKS[s]}", f"{self.player_name(s)}'s cells", player_class(s), style="reverse")
              for s in range(2)]
        e += [LegendEntry(f"{MONUMENT}1", "monument"), LegendEntry("━┃", "building, its placer's colour")]
        if board.marks:
            e += [LegendEntry("━", "last turn", style="reverse"), LegendEntry("╍", "slid from")]
        if board.given_up:
            e.append(LegendEntry("×", "given up: no claim", style=str(GIVEN_UP)))
        e += [LegendEntry(MONUMENT, "monuments left"), LegendEntry(CLAIMED, "claimed cells (the score)"),
              LegendEntry("━━━ ━━ ━", "large, middle, small"), LegendEntry("▶", "to play"),
              LegendEntry("·", "a free point")]
        self.query_one(Legend).entries = tuple(e)
