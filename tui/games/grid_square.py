"""Grid Square's board: the 8×8 grid drawn with box lines, buildings in their
placer's colour, claimed areas shaded with the owner's number, and a cursor
that previews the move being built (place, slide or claim)."""
from __future__ import annotations

from typing import Any, Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from engine.core import Event
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import DIRECTIONS, PASS, Claim, Place, Slide, format_move
from rulesets.grid_square.state import GridSquareState
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
| p | pass (skip the slide or the claim) |
| Esc | undo the preview |
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

    def __init__(self) -> None:
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
        self.scale = SMALL
        """The drawing's size; LARGE when the terminal has room."""

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
        phase_changed = self.state is None or self.state.phase != state.phase or self.state.seat != state.seat
        self.state = state
        self.can_act = can_act
        if phase_changed:
            self.pick = 0
        self.slide_dir, self.slide_dist = None, 0
        stock = state.stock[state.seat]
        if not stock.get(self.piece_size):
            self.piece_size = next((s for s in (2, 1, 3) if stock.get(s)), self.piece_size)
        self._clamp()
        self.refresh()

    # ----------------------------------------------------------- move building
    def _clamp(self) -> None:
        if self.orient == "h":
            self.cx = max(0, min(self.cx, 8 - self.piece_size))
            self.cy = max(0, min(self.cy, 8))
        else:
            self.cx = max(0, min(self.cx, 8))
            self.cy = max(0, min(self.cy, 8 - self.piece_size))

    def movable(self) -> list[int]:
        """Pieces that can slide at all, in notation order."""
        st = self.state
        if st is None:
            return []
        out = [i for i in st.movable() if any(st.slide_reach(i, d) for d in "nesw")]
        return sorted(out, key=lambda i: format_move(Place(*st.pieces[i])))

    def areas(self) -> list[int]:
        """Claimable areas, largest first."""
        st = self.state
        return sorted(st.claimable, key=lambda r: -bin(r).count("1")) if st else []

    def current_move(self) -> Any:
        """The move the preview shows, or None."""
        st = self.state
        if st is None or st.phase == "over":
            return None
        if st.phase == "place":
            return Place(self.piece_size, self.cx, self.cy, self.orient)
        if st.phase == "slide":
            pieces = self.movable()
            if not pieces or not self.slide_dir or not self.slide_dist:
                return None
            return Slide(*st.pieces[pieces[self.pick % len(pieces)]], self.slide_dir, self.slide_dist)
        areas = self.areas()
        if not areas:
            return None
        region = areas[self.pick % len(areas)]
        return Claim((region & -region).bit_length() - 1)

    def is_legal(self, move: Any) -> bool:
        st = self.state
        if st is None or move is None:
            return False
        if isinstance(move, Place):
            m = g.MASKS.get(tuple(move))
            if m is None or not st.stock[st.seat].get(move.size):
                return False
            if move.orient == "h":
                return not m & (st.h | st.inner_h)
            return not m & (st.v | st.inner_v)
        return True

    # ----------------------------------------------------------- actions
    def action_arrow(self, d: str) -> None:
        st = self.state
        if st is None:
            return
        if st.phase == "place":
            dx, dy = DIRECTIONS[d]
            self.cx += dx
            self.cy += dy
            self._clamp()
        elif st.phase == "slide":
            pieces = self.movable()
            if not pieces:
                return
            i = pieces[self.pick % len(pieces)]
            reach = st.slide_reach(i, d)
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
        self.refresh()
        self._changed()

    def action_size(self, size: int) -> None:
        self.piece_size = size
        self._clamp()
        self.refresh()
        self._changed()

    def action_turn(self) -> None:
        self.orient = "v" if self.orient == "h" else "h"
        self._clamp()
        self.refresh()
        self._changed()

    def action_pick(self, step: int) -> None:
        st = self.state
        if st is None:
            return
        n = len(self.movable()) if st.phase == "slide" else len(self.areas()) if st.phase == "claim" else 0
        if n:
            self.pick = (self.pick + step) % n
            self.slide_dir, self.slide_dist = None, 0
        self.refresh()
        self._changed()

    def action_confirm(self) -> None:
        move = self.current_move()
        if not self.can_act or move is None:
            if self.can_act and self.state is not None and self.state.phase == "slide":
                self.notify("Slide with the arrows first, or press p to pass.", timeout=3)
            return
        self.post_message(MoveChosen(format_move(move)))

    def action_pass_step(self) -> None:
        st = self.state
        if self.can_act and st is not None and st.phase in ("slide", "claim"):
            self.post_message(MoveChosen(format_move(PASS)))

    def action_reset(self) -> None:
        self.slide_dir, self.slide_dist = None, 0
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
        # claimed cells, then candidate areas in the claim phase
        for region, owner, mc in st.claims:
            for cell in g.cells_of(region):
                fill_cell(cell, f"[{owner + 1}]" if cell == mc else f"{owner + 1}", SEAT_BG[owner])
        move = self.current_move() if self.can_act else None
        if st.phase == "claim" and self.can_act:
            areas = self.areas()
            for n, region in enumerate(areas):
                chosen = n == self.pick % len(areas)
                for cell in g.cells_of(region):
                    fill_cell(cell, "★" if chosen else "?", OK if chosen else "bold yellow")
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
        # previews
        if self.can_act and st.phase == "place" and isinstance(move, Place):
            self._draw_piece(put, move.size, move.x, move.y, move.orient, OK if self.is_legal(move) else BAD)
        if self.can_act and st.phase == "slide":
            pieces = self.movable()
            if pieces:
                piece = st.pieces[pieces[self.pick % len(pieces)]]
                self._draw_piece(put, *piece, PICKED)
                if isinstance(move, Slide):
                    dx, dy = DIRECTIONS[move.direction]
                    self._draw_piece(
                        put, move.size, move.x + dx * move.dist, move.y + dy * move.dist, move.orient, OK
                    )
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

    def _draw_piece(self, put: Any, size: int, x: int, y: int, o: str, style: Style) -> None:
        sc = self.scale
        if o == "h":
            for i in range(size):
                for k in range(sc.cw):
                    put(sc.row(y), sc.col(x + i) + 1 + k, "━", style)
                if i:
                    put(sc.row(y), sc.col(x + i), "━", style)
        else:
            for i in range(size):
                for r in sc.cell_rows(y + i):
                    put(r, sc.col(x), "┃", style)
                if i:
                    put(sc.row(y + i), sc.col(x), "┃", style)
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
        yield GridBoard()
        yield SidePanel(id="gs-panel")

    def fit_to(self, width: int, height: int) -> None:
        """Bigger cells when the terminal is at least 100×34."""
        self.query_one(GridBoard).set_scale(width >= 100 and height >= 34)

    def show(self, state: GridSquareState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state`; let the player build a move if `can_act`."""
        self.names = names
        self.viewer = viewer
        board = self.query_one(GridBoard)
        board.set_state(state, can_act)
        if can_act:
            board.focus()
        self.update_panel()

    def update_panel(self) -> None:
        board = self.query_one(GridBoard)
        st = board.state
        if st is None:
            return
        t = Text()
        for s in range(2):
            name = self.names[s] if s < len(self.names) else f"Seat {s + 1}"
            turn = s == st.seat and st.phase != "over"
            t.append("▶ " if turn else "  ")
            t.append(f"{name[:17]}\n", SEAT_FG[s])
            stock = st.stock[s]
            t.append(f"  {st.claimed_cells(s)} cells  [{s + 1}]×{st.monuments[s]}\n")
            t.append(f"  L{stock[3]} M{stock[2]} S{stock[1]}\n")
        t.append("\n")
        if st.phase == "over":
            t.append(f"Game over.\n{Event(st.end_reason).render(self.names)}.\n", "bold")
        elif board.can_act:
            move = board.current_move()
            if st.phase == "place":
                size = g.SIZE_NAMES[board.piece_size]
                way = "east" if board.orient == "h" else "north"
                t.append(f"Place {size}\n{way} from ", "bold")
                t.append(g.point_name(board.cx, board.cy), "bold")
                t.append(f"  {format_move(move)}\n")
                if not board.is_legal(move):
                    t.append("(blocked here)\n", "bold red")
                t.append("\n←↑↓→ move  1 2 3 size\no turn   Enter place\n", "dim")
            elif st.phase == "slide":
                pieces = board.movable()
                if isinstance(move, Slide):
                    t.append(f"Slide {format_move(move)}\n", "bold")
                else:
                    t.append(f"Slide a building?\n({len(pieces)} can move)\n", "bold")
                if pieces:
                    i = pieces[board.pick % len(pieces)]
                    reach = " ".join(
                        f"{'↑→↓←'['nesw'.index(d)]}{r}" for d in "nesw" if (r := st.slide_reach(i, d))
                    )
                    t.append(f"{format_move(Place(*st.pieces[i]))}: {reach}\n")
                t.append("\nTab pick  ←↑↓→ slide\nEnter slide  p pass\n", "dim")
            else:
                t.append(f"Claim an area!\n{format_move(move) if move else ''} ", "bold")
                if move is not None:
                    region = next(r for r in st.claimable if r >> move.cell & 1)
                    n = bin(region).count("1")
                    t.append(f"({n} cell{'s' if n != 1 else ''})")
                t.append("\n\nTab next area\nEnter claim  p pass\n", "dim")
        t.append("\n? help  u undo\nq quit (saved)", "dim")
        self.query_one(SidePanel).set_text(t)
