"""An Architects commission board drawn as a maze on a character grid:
column letters a–j above and row numbers 1–7 beside it (the spaces' names in
moves such as `b3`), each space as `kind value area` (4 cells), the lines
between them with their forward direction, colour letter and dashes, the
yellow area's dotted flip links `┊`, areas coloured and marked as `tsquare
show` marks them (small letter open, capital closed: `area_letter`), the
clients as seat marks. Everything reads without colour: symbols and letters
carry the meaning.
"""
from __future__ import annotations

from typing import Iterable

from rich.style import Style

from rulesets.architects.board import COLUMNS, LINE_EFFECT, ROWS, SPACE_EFFECT, Board
from rulesets.architects.text_board import area_letter, flip_columns
from tui.widgets.palette import PALETTE_CLASSES, PLAYER_MARKS, player_class
from tui.widgets.text_canvas import TextCanvas

CELL = 4
"""Columns a space takes: kind mark, value (2), area mark."""
GAP = 2
"""Columns of a horizontal line between two spaces (WIDE_GAP with room)."""
WIDE_GAP = 4
KIND_MARK = {"": " ", "S": "S", "F": "F", "b": "◇", "g": "◈", "r": "○", "k": "±"}
"""A special space's mark (reads without colour)."""
AREA_KIND = {"y": "yellow", "b": "blue", "g": "grey", "p": "purple", "k": "red"}
"""Area letter -> palette kind."""
LINE_KIND = {"b": "blue", "o": "yellow", "g": "green", "r": "red"}
"""Line colour letter -> palette kind (orange lines drawn in the yellow kind, marked 'o')."""
LEFT = 2
"""Columns of the row numbers left of the maze."""
TOP = 1
"""Rows of the column letters above the maze."""
HEIGHT = TOP + 2 * ROWS - 1
FLIP = "┊"
"""A dotted flip link of the yellow area."""


def maze_width(gap: int) -> int:
    """Columns the maze takes with `gap` columns between spaces (row numbers included)."""
    return LEFT + 10 * CELL + 9 * gap


WIDTH = maze_width(GAP)


def area_mark(area: str, flags: Iterable[str]) -> str:
    """'y' for the yellow area (always open), 'g' for an open grey one, 'G'
    while closed, ' ' for none: the same letters as `tsquare show`."""
    return area_letter(area, flags)


class MazeCanvas(TextCanvas):
    """One commission board: set `show(board, flags, clients, marked)`."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES)
    DEFAULT_CSS = f"""
    MazeCanvas {{ width: {WIDTH}; height: {HEIGHT}; }}
    """

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)
        self.board: Board | None = None
        self.flags: frozenset[str] = frozenset()
        self.clients: dict[int, int] = {}
        """Space -> seat whose client stands there."""
        self.marked: tuple[int, ...] = ()
        """Spaces of the move being considered (underlined)."""
        self.gap = GAP
        """Columns between two spaces: GAP, or WIDE_GAP when there is room."""
        self.window = HEIGHT
        """Rows drawn (a small screen: fewer, the column letters and the rows
        round `focus`)."""
        self.focus_space: int | None = None
        """The space kept in view when rows are left out (the move's, or your client's)."""

    def set_window(self, rows: int) -> None:
        """Draw only `rows` rows (at least 3, at most the whole maze)."""
        rows = max(3, min(HEIGHT, rows))
        if rows != self.window:
            self.window = rows
            self.styles.height = rows
            self.redraw()

    def set_gap(self, gap: int) -> None:
        """Spread the spaces further apart (or back)."""
        self.gap = gap
        self.styles.width = maze_width(gap)
        self.redraw()

    def show(self, board: Board, flags: Iterable[str], clients: dict[int, int], marked: Iterable[int] = (),
             focus: int | None = None) -> None:
        """Draw `board` with these effects on, these clients and marked
        spaces; `focus` (a space) stays in view when rows are left out."""
        self.board, self.flags, self.clients, self.marked = board, frozenset(flags), dict(clients), tuple(marked)
        self.focus_space = focus
        self.redraw()

    def _cut(self, grid: list[list[tuple[str, Style | None]]]) -> list[list[tuple[str, Style | None]]]:
        """The column letters and the `window - 1` rows round the focus."""
        if self.window >= len(grid) or self.board is None:
            return grid
        keep = self.window - 1
        y = TOP + 2 * self.board.xy[self.focus_space][1] if self.focus_space is not None else TOP
        first = max(TOP, min(len(grid) - keep, y - keep // 2))
        return [grid[0], *grid[first:first + keep]]

    def _kind(self, kind: str) -> Style:
        return self.get_component_rich_style(f"kind-{kind}")

    def draw_runs(self) -> list[list[tuple[str, Style | None]]] | None:
        b = self.board
        if b is None:
            return [[("", None)]]
        gap = self.gap
        grid: list[list[tuple[str, Style | None]]] = [[(" ", None)] * maze_width(gap) for _ in range(HEIGHT)]

        def put(x: int, y: int, text: str, style: Style | None) -> None:
            for i, ch in enumerate(text):
                grid[y][x + i] = (ch, style)

        dim = Style(dim=True)
        label = Style(dim=True, bold=True)
        step = CELL + gap
        for cx, letter in enumerate(COLUMNS):
            put(LEFT + cx * step + 1, 0, letter, label)
        for cy in range(ROWS):
            put(0, TOP + 2 * cy, str(cy + 1), label)
        for i, (cx, cy) in enumerate(b.xy):
            x, y = LEFT + cx * step, TOP + 2 * cy
            kind, area = b.kinds[i], b.areas[i]
            mark = area_mark(area, self.flags)
            style = self._kind(AREA_KIND[area]) if area else Style()
            if area and mark.isupper():
                style += dim
            km = KIND_MARK[kind]
            kstyle = style + Style(bold=kind in SPACE_EFFECT and SPACE_EFFECT[kind] in self.flags)
            if i in self.clients:
                seat = self.clients[i]
                pstyle = self.get_component_rich_style(player_class(seat)) + Style(reverse=True, bold=True)
                put(x, y, f"{PLAYER_MARKS[seat]}:{b.values[i]:<2}", pstyle)
            else:
                put(x, y, km, kstyle)
                put(x + 1, y, f"{b.values[i]:>2}", style)
                put(x + 3, y, mark, style)
            if i in self.marked:
                for k in range(CELL):
                    ch, st = grid[y][x + k]
                    grid[y][x + k] = (ch, (st or Style()) + Style(underline=True, bold=True))
            for link in b.links[i]:
                if not link.forward:
                    continue
                tx, ty = b.xy[link.to]
                on = link.colour and LINE_EFFECT[link.colour] in self.flags
                lstyle = self._kind(LINE_KIND[link.colour]) if link.colour else Style()
                if not on and link.colour:
                    lstyle += dim
                if link.dashed and "ld" not in self.flags:
                    lstyle += dim
                if ty == cy:  # horizontal, forward to the right
                    dash = "┄" if link.dashed else "─"
                    put(x + CELL, y, dash * (gap - 1) + (link.colour or dash), lstyle)
                else:
                    arrow = ("⇣" if link.dashed else "↓") if ty > cy else ("⇡" if link.dashed else "↑")
                    put(x + 1, TOP + min(cy, ty) * 2 + 1, arrow + (link.colour or " "), lstyle)
        flip = self._kind(AREA_KIND["y"])
        for cx, (top, bottom) in flip_columns(b).items():
            x = LEFT + cx * step + 1
            for y in range(TOP + 2 * top + 1, TOP + 2 * bottom):
                if grid[y][x][0] == " ":
                    grid[y][x] = (FLIP, flip)
        return self._cut(grid)
