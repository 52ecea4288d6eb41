"""Grid Square's board: the 8×8 grid drawn with box lines, buildings in their
placer's colour, claimed areas shaded with the owner's number, areas given
up marked ×, the last turn's buildings marked, and a cursor that previews the
move being built (place, slide or claim).

The view draws and asks the state: which moves are legal (`legal`), why a
previewed one is not (`why_illegal`), what a move does (`describe_move`).
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from engine.core import Event
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import DIRECTIONS, PASS, Claim, Pass, Place, Slide, cells_text, slide_target
from rulesets.grid_square.state import GridSquareState
from rulesets.grid_square.text_board import turn_text
from tui.games.base import MoveChosen, arrow_bindings
from tui.widgets.text_canvas import TextCanvas

SEAT_FG = ("bold bright_cyan", "bold bright_yellow")
"""Buildings by who placed them."""
SEAT_BG = ("bold white on blue", "bold black on yellow")
"""Claimed cells by owner."""
OK = Style.parse("bold black on green")
BAD = Style.parse("bold white on red")
PICKED = Style.parse("bold black on bright_white")
DIM = Style.parse("bright_black")
LAST = ("bold reverse bright_cyan", "bold reverse bright_yellow")
"""Buildings placed or slid in the last turn (reverse video: seen without colour too)."""
WAS = Style.parse("bright_black")
"""Where a building slid from in the last turn (dashed)."""
GIVEN_UP = Style.parse("bold red")
"""Cells of an enclosed area no one may claim any more."""

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

On the board: the last turn's buildings are drawn in reverse, with a dashed
line where a slid building stood; `×` marks an enclosed area that was left
unclaimed (no one may claim it unless it is opened and closed again); `?`
and `★` mark the areas you may claim, `★` the one Enter claims.
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


class GridBoard(TextCanvas, can_focus=True):
    """The board itself; posts MoveChosen when the player confirms."""

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

    def set_scale(self, large: bool) -> None:
        """Draw cells bigger (or back to the 80×24 size)."""
        scale = LARGE if large else SMALL
        if scale is not self.scale:
            self.scale = scale
            self.set_class(large, "large")
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
        self.refresh()
        self.refresh_bindings()

    def mark(self, seat: int, notation: str) -> None:
        """Remember a move just played, to mark it: a placement starts a new
        turn's marks, a slide or claim adds to them."""
        if self.state is None:
            return
        if notation is None:  # no move yet (the contract's None): nothing to mark
            self.marks = []
            self.refresh()
            return
        try:
            move = self.state.unchecked_move(notation)
        except ValueError:
            return
        if isinstance(move, Place) or seat != self.marks_seat:
            self.marks = []
        self.marks_seat = seat
        if not isinstance(move, Pass):
            self.marks.append(move)
        self.refresh()

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
        self.refresh()
        self._changed()

    def action_size(self, size: int) -> None:
        self.piece_size = size
        self.pass_armed = False
        self._clamp()
        self.refresh()
        self._changed()

    def action_turn(self) -> None:
        self.orient = "v" if self.orient == "h" else "h"
        self.pass_armed = False
        self._clamp()
        self.refresh()
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
        self.refresh()
        self._changed()

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
        self.refresh()
        self._changed()

    def _changed(self) -> None:
        parent = self.parent
        if parent is not None and hasattr(parent, "update_panel"):
            parent.update_panel()

    # ----------------------------------------------------------- drawing
    def refresh(self, *args: Any, **kw: Any) -> Any:
        self._strips = None  # every change of the board or cursor repaints it
        return super().refresh(*args, **kw)

    def draw_runs(self) -> list[list[tuple[str, Style | None]]]:
        st = self.state
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

        if st is None:
            return []
        side_owner_h: dict[int, int] = {}
        side_owner_v: dict[int, int] = {}
        for (size, x, y, o), owner in zip(st.pieces, st.owners):
            for i in range(size):
                if o == "h":
                    side_owner_h[g.hbit(x + i, y)] = owner
                else:
                    side_owner_v[g.vbit(x, y + i)] = owner
        h, v = st.h, st.v
        # claimed cells, areas given up, then candidate areas in the claim phase
        for region, owner, mc in st.claims:
            for cell in g.cells_of(region):
                fill_cell(cell, f"[{owner + 1}]" if cell == mc else f"{owner + 1}", SEAT_BG[owner])
        for region in self.given_up:
            for cell in g.cells_of(region):
                fill_cell(cell, "×", GIVEN_UP)
        move = self.current_move() if self.can_act else None
        if st.phase == "claim" and self.claims:
            for n, claim in enumerate(self.claims):
                chosen = n == self.pick % len(self.claims)
                for cell in g.cells_of(st.area_of(claim.cell)):
                    fill_cell(cell, "★" if chosen else "?", OK if chosen else "bold yellow")
        # where the last turn's slides started (under the buildings drawn next)
        for m in self.marks:
            if isinstance(m, Slide):
                self._draw_piece(put, *m[:4], WAS, dashed=True)
        # sides
        for y in range(9):
            for x in range(8):
                bit = g.hbit(x, y)
                if h & bit:
                    for k in range(sc.cw):
                        put(row(y), col(x) + 1 + k, "━", SEAT_FG[side_owner_h.get(bit, 0)])
        for x in range(9):
            for y in range(8):
                bit = g.vbit(x, y)
                if v & bit:
                    for r in sc.cell_rows(y):
                        put(r, col(x), "┃", SEAT_FG[side_owner_v.get(bit, 0)])
        # points
        for y in range(9):
            for x in range(9):
                up = y < 8 and bool(v & g.vbit(x, y))
                down = y > 0 and bool(v & g.vbit(x, y - 1))
                left = x > 0 and bool(h & g.hbit(x - 1, y))
                right = x < 8 and bool(h & g.hbit(x, y))
                ch = JUNCTIONS[(int(up), int(down), int(left), int(right))]
                put(row(y), col(x), ch, DIM if ch == "·" else "bold white")
        # the last turn's buildings where they stand now
        on_board = set(st.pieces)
        for m in self.marks:
            piece = m if isinstance(m, Place) else slide_target(m) if isinstance(m, Slide) else None
            if piece is not None and tuple(piece) in on_board:
                owner = st.owners[st.pieces.index(tuple(piece))]
                self._draw_piece(put, *piece, LAST[owner], start=False)
        # previews
        if self.can_act and st.phase == "place" and isinstance(move, Place):
            self._draw_piece(put, *move, OK if self.why_not(move) is None else BAD)
        if self.can_act and st.phase == "slide":
            piece = self.chosen_piece()
            if piece is not None:
                self._draw_piece(put, *piece, PICKED)
                if isinstance(move, Slide):
                    self._draw_piece(put, *slide_target(move), OK)
        out = []
        for r in range(height):
            line, row_styles = chars[r], styles[r]
            runs: list[tuple[str, Style | None]] = []
            start = 0
            for c in range(1, width + 1):  # one segment per run of equal style
                if c == width or row_styles[c] != row_styles[start]:
                    runs.append(("".join(line[start:c]), _style(row_styles[start])))
                    start = c
            out.append(runs)
        return out

    def _draw_piece(self, put: Any, size: int, x: int, y: int, o: str, style: Style | str,
                    start: bool = True, dashed: bool = False) -> None:
        """A building's sides in `style`; `start` marks its first point ◆,
        `dashed` draws it as a ghost."""
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
            put(sc.row(y), sc.col(x), "◆", style)


class SidePanel(TextCanvas):
    """Players and the move being built; repaints without a new layout."""

    DEFAULT_CSS = """
    SidePanel { width: 22; height: 1fr; padding: 0 0 0 1; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.content = Text()

    def set_text(self, text: Text) -> None:
        self.content = text
        self.redraw()

    def draw(self) -> Text:
        return self.content


class GameView(Horizontal):
    """Board on the left, players and the move being built on the right."""

    KEYS_HELP = KEYS_HELP
    DEFAULT_CSS = """
    GameView { width: auto; height: 1fr; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.names: Sequence[str] = ()
        self.viewer: int | None = None

    def compose(self) -> ComposeResult:
        # the size is known before the first layout, so the log beside the
        # board is laid out (and wrapped) once, at its final width
        yield GridBoard(large=wants_large(*self.app.size))
        yield SidePanel(id="gs-panel")

    def fit_to(self, width: int, height: int) -> None:
        """Bigger cells when the terminal is at least 100×34."""
        self.query_one(GridBoard).set_scale(wants_large(width, height))

    def show(self, state: GridSquareState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state`; let the player build a move if `can_act`."""
        self.names = names
        self.viewer = viewer
        board = self.query_one(GridBoard)
        board.set_state(state, can_act)
        if can_act:
            board.focus()
        self.update_panel()

    def mark_last(self, seat: int, notation: str) -> None:
        """A move was just played: mark it (and the rest of its turn) on the
        board, so a bot's slide of your building is seen."""
        self.query_one(GridBoard).mark(seat, notation)
        self.update_panel()

    def player_name(self, seat: int) -> str:
        """The name shown for `seat`."""
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    def update_panel(self) -> None:
        board = self.query_one(GridBoard)
        st = board.state
        if st is None:
            return
        t = Text()
        for s in range(2):
            turn = s == st.seat and st.phase != "over"
            t.append("▶ " if turn else "  ")
            t.append(f"{self.player_name(s)[:17]}\n", SEAT_FG[s])
            stock = st.stock[s]
            t.append(f"  {cells_text(st.claimed_cells(s))}  [{s + 1}]×{st.monuments[s]}\n")
            t.append(f"  L{stock[3]} M{stock[2]} S{stock[1]}\n")
        if st.phase == "over":
            t.append(f"\nGame over.\n{Event(st.end_reason).render(self.names)}.\n", "bold")
        else:
            t.append(f"{turn_text(st)}\n", "dim")
        if board.marks and board.marks_seat is not None:
            done = ", ".join(st.format_move(m) for m in board.marks)
            t.append(f"Last: {self.player_name(board.marks_seat)[:10]} {done}\n", "dim")
        t.append("\n")
        if st.phase != "over" and board.can_act:
            self._describe_step(t, board, st)
        if board.given_up:
            t.append("× given up: no claim\n", "dim")
        self.query_one(SidePanel).set_text(t)

    def _describe_step(self, t: Text, board: GridBoard, st: GridSquareState) -> None:
        """The move being built, in words, and the keys for this step."""
        move = board.current_move()
        if st.phase == "place":
            why = board.why_not(move)
            if why is None:
                t.append(f"{st.describe_move(move).capitalize()}\n", "bold")
            else:
                t.append(f"{why[0].upper()}{why[1:]}\n", "bold red")
            t.append("←↑↓→ move  1 2 3 size\no turn   Enter place\n", "dim")
        elif st.phase == "slide":
            piece = board.chosen_piece()
            if isinstance(move, Slide):
                t.append(f"{st.describe_move(move).capitalize()}\n", "bold")
            elif piece is not None:
                n = len(board.slide_pieces)
                t.append(f"Slide a building? {n} can move\n", "bold")
                reach = " ".join(f"{'↑→↓←'['nesw'.index(d)]}{r}" for d in "nesw" if (r := board.reach[piece].get(d)))
                t.append(f"{st.format_move(Place(*piece))}: {reach}\n")
            t.append("Tab pick  ←↑↓→ slide\nEnter slide  p pass\n", "dim")
        else:
            if move is not None:
                t.append(f"{st.describe_move(move).capitalize()}!\n", "bold")
            if board.pass_armed:
                t.append(f"{st.describe_move(PASS).capitalize()}?\n", "bold red")
                t.append("p again: yes  Esc: no\n", "bold")
            else:
                t.append("Tab next  Enter claim\np pass: area given up\nfor good\n", "dim")
