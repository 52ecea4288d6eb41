"""Grid Square's board widget: the 8×8 grid in box lines, buildings in
their placer's theme colour, claimed areas shaded with the owner's number
(▲ on the monument), areas given up marked ×, the last turn's buildings
marked, and a cursor that previews the move being built (place, slide or
claim). It draws and asks the state: which moves are legal (`legal`), why a
previewed one is not (`why_illegal`), what a move does (`describe_move`)."""
from __future__ import annotations

from typing import Any, Callable, cast

from rich.style import Style
from textual.binding import Binding
from textual.message import Message

from engine.bits import bits_of
from rulesets.grid_square.moves import DIRECTIONS, PASS, Claim, Pass, Place, Slide, slide_target
from rulesets.grid_square.state import GridSquareState
from tui.games.base import KeyRefused, MoveChosen, arrow_bindings
from tui.games.grid_square.look import (
    BAD,
    BOLD,
    DIM,
    GIVEN_UP,
    JUNCTIONS,
    LARGE,
    LINES,
    MONUMENT,
    NO_PICK,
    OK,
    ONE_PICK,
    PICKED,
    REVERSE,
    SEAT_WEIGHT,
    SMALL,
    WAS,
)
from tui.widgets.direct_keys import DirectKeys
from tui.widgets.palette import PALETTE_CLASSES, player_class
from tui.widgets.text_canvas import TextCanvas

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
        if can_act and state.phase == "place":
            self._to_nearest_legal()
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
        if action == "pick":  # only where there is another to pick
            many = len(self.slide_pieces) if phase == "slide" else len(self.claims) if phase == "claim" else 0
            return many > 1
        if action == "pass_step":
            return phase in ("slide", "claim")
        if action == "confirm":  # in the slide step, once a slide is built (p passes)
            return phase is not None and (phase != "slide" or self.current_move() is not None)
        return True

    # ----------------------------------------------------------- move building
    def _clamp(self) -> None:
        if self.orient == "h":
            self.cx = max(0, min(self.cx, 8 - self.piece_size))
            self.cy = max(0, min(self.cy, 8))
        else:
            self.cx = max(0, min(self.cx, 8))
            self.cy = max(0, min(self.cy, 8 - self.piece_size))

    def _to_nearest_legal(self) -> None:
        """A turn opens on a spot that fits: when the cursor's building does
        not (it sits on the one just built), move it to the nearest legal
        placement, of its size and direction if any, else of any."""
        here = Place(self.piece_size, self.cx, self.cy, self.orient)
        places = [m for m in self.legal_now if isinstance(m, Place)]
        if here in self.legal_now or not places:
            return
        same = [m for m in places if (m.size, m.orient) == (self.piece_size, self.orient)]
        near = min(same or places, key=lambda m: (abs(m.x - self.cx) + abs(m.y - self.cy), m.y, m.x, -m.size, m.orient))
        self.piece_size, self.cx, self.cy, self.orient = near.size, near.x, near.y, near.orient

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
        st = self.state
        if self.can_act and st is not None:
            if self.pass_armed:  # like any other key, it takes back a first `p`
                self.pass_armed = False
                self._changed()
            self.post_message(KeyRefused(NO_PICK if st.phase == "place" else ONE_PICK))

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
        self.refresh_bindings()  # Enter comes and goes with a slide built

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
            self._draw_piece(put, *move, OK if fits else BAD, start="◆" if fits else "✗", weight=SEAT_WEIGHT[st.seat])
        if self.can_act and st.phase == "slide":
            piece = self.chosen_piece()
            if piece is not None:
                weight = SEAT_WEIGHT[st.owners[st.pieces.index(piece)]] if piece in st.pieces else SEAT_WEIGHT[st.seat]
                self._draw_piece(put, *piece, PICKED, start="○", weight=weight,
                                 points=lambda r, c: chars[r][c])  # standing: its junctions
                if isinstance(move, Slide):
                    self._draw_piece(put, *slide_target(move), OK, weight=weight)
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
        # sides, in the placer's colour and line weight
        for (x, y), owner in side_h.items():
            for k in range(sc.cw):
                put(row(y), col(x) + 1 + k, LINES[SEAT_WEIGHT[owner]][0], seat_fg[owner])
        for (x, y), owner in side_v.items():
            for r in sc.cell_rows(y):
                put(r, col(x), LINES[SEAT_WEIGHT[owner]][1], seat_fg[owner])
        # points: where two buildings meet end to end in one line, the point
        # is drawn as the first one's end (╸ or ╹), so they read as two
        piece_h, piece_v = st.side_pieces()

        def weight(sides: dict[tuple[int, int], int], at: tuple[int, int]) -> int:
            return SEAT_WEIGHT[sides[at]] if at in sides else 0

        for y in range(9):
            for x in range(9):
                up, down = weight(side_v, (x, y)), weight(side_v, (x, y - 1))
                left, right = weight(side_h, (x - 1, y)), weight(side_h, (x, y))
                if left and right and not (up or down) and piece_h.get((x - 1, y)) != piece_h.get((x, y)):
                    right = 0
                elif up and down and not (left or right) and piece_v.get((x, y)) != piece_v.get((x, y - 1)):
                    down = 0
                ch = JUNCTIONS[(up, down, left, right)]
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
                self._draw_piece(put, *piece, seat_bg[owner], start=False, weight=SEAT_WEIGHT[owner],
                                 points=lambda r, c: chars[r][c])  # junctions kept as drawn
        return chars, styles, [_runs(chars[r], styles[r]) for r in range(height)]

    def _draw_piece(self, put: Any, size: int, x: int, y: int, o: str, style: Style | str,
                    start: str | bool = "◆", dashed: bool = False,
                    points: Callable[[int, int], str] | None = None, weight: int = SEAT_WEIGHT[0]) -> None:
        """A building's sides in `style`; `start` marks its first point (◆
        fits, ✗ does not, ○ chosen to slide; False: no mark), `dashed` draws
        it as a ghost; `points` (row, column → the character there) keeps
        the junctions already drawn at its inner points (a crossing
        building's ┻ is not overdrawn as ━); `weight` is its placer's line."""
        sc = self.scale
        if o == "h":
            ch = "╍" if dashed else LINES[weight][0]
            for i in range(size):
                for k in range(sc.cw):
                    put(sc.row(y), sc.col(x + i) + 1 + k, ch, style)
                if i:
                    r, c = sc.row(y), sc.col(x + i)
                    put(r, c, points(r, c) if points else ch, style)
        else:
            ch = "╏" if dashed else LINES[weight][1]
            for i in range(size):
                for r in sc.cell_rows(y + i):
                    put(r, sc.col(x), ch, style)
                if i:
                    r, c = sc.row(y + i), sc.col(x)
                    put(r, c, points(r, c) if points else ch, style)
        if start:
            put(sc.row(y), sc.col(x), str(start), style)
