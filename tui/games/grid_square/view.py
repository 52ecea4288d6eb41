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

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region

from engine.core import Event
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import PASS, Place, Slide
from rulesets.grid_square.state import GridSquareState
from rulesets.grid_square.text_board import turn_text
from tui.games import base
from tui.games.grid_square.board import GridBoard, PreviewChanged
from tui.games.grid_square.look import (
    BAD,
    BUILDING_SYMBOLS,
    CLAIMED,
    GIVEN_UP,
    KEYS_HELP,
    LEGEND_KEY,
    LINES,
    MONUMENT,
    OK,
    PICKED,
    SEAT_WEIGHT,
    wants_large,
)
from tui.games.grid_square.panel import Part, SidePanel, areas_words, past
from tui.widgets.legend import Legend, LegendEntry
from tui.widgets.palette import PLAYER_MARKS, player_class
from tui.widgets.player_panel import PlayerInfo, PlayerPanel, Resource
from tui.widgets.redraw_batch import later
from tui.widgets.text_fit import wrap_words


class GameView(base.GameView, Vertical):
    """Board on the left, players and the move being built on the right, the
    legend underneath."""

    KEYS_HELP = KEYS_HELP
    MIN_HEIGHT = 19
    """The small board's rows (letters, 17 rows of points and sides, the
    legend): below 100 columns the log strip takes what is left."""
    DEFAULT_CSS = """
    GameView { width: auto; height: 1fr; overflow-y: auto; scrollbar-size-vertical: 1; }
    GameView > #gs-top { width: auto; height: auto; }
    GameView #gs-side { width: 23; height: 100%; padding: 0 0 0 1; }
    GameView.-large #gs-side { width: 42; }
    GameView #gs-players { height: auto; margin-bottom: 1; }
    GameView #gs-panel { height: 1fr; }
    GameView > #gs-legend { width: 59; height: auto; padding: 0; }
    GameView.-large > #gs-legend { width: 94; }
    GameView.-legend-over > #gs-legend { dock: bottom; border-top: heavy $accent; background: $surface; }
    """

    BINDINGS = [Binding(LEGEND_KEY, "legend", "Legend", show=False)]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.names: Sequence[str] = ()
        self.viewer: int | None = None
        self.after_step: list[tuple[Text, Part]] = []
        """The panel's parts under the step (drawn once a position)."""

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
        self.set_class(False, "-legend-over")
        self.query_one(Legend).expanded = large
        self.query_one(GridBoard).set_scale(large)
        panel = self.query_one(PlayerPanel)
        for name, value in self._panel_form(large).items():
            setattr(panel, name, value)
        panel.redraw()
        panel.refresh(layout=True)

    def follow_cursor(self) -> None:
        """Below 80×24 the board is taller than the view: scroll so the
        cursor's row, and the rows beside it, stay on the screen."""
        cell = self.cursor_cell()
        if cell is not None and self.max_scroll_y:
            x, y = cell
            self.scroll_to_region(Region(0, max(0, y - 2), 1, 5), animate=False, immediate=True)

    def on_resize(self) -> None:
        self.call_after_refresh(self.follow_cursor)

    def on_preview_changed(self, message: PreviewChanged) -> None:
        message.stop()
        self.follow_cursor()
        board = self.query_one(GridBoard)
        if board.state is not None:  # only the words change with the preview
            self.query_one(SidePanel).set_parts(self.side_parts(board, board.state))

    def action_legend(self) -> None:
        """`i`: every entry of the legend. At 80×24 there is no row to spare
        under the board (the log strip has the rest), so the whole legend
        opens over the board's lower rows, as `e` opens the log; `i` again
        closes it."""
        legend = self.query_one(Legend)
        legend.toggle()
        self.set_class(legend.expanded and not self.has_class("-large"), "-legend-over")

    def show(self, state: GridSquareState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state`; let the player build a move if `can_act`."""
        self.names = names
        self.viewer = viewer
        board = self.query_one(GridBoard)
        board.set_state(state, can_act)
        if can_act:
            board.focus()
        self.update_panel()
        self.call_after_refresh(self.follow_cursor)

    def highlighted_move(self) -> Any:
        """The move Enter would play now (the previewed one, if legal), or None."""
        board = self.query_one(GridBoard)
        move = board.current_move() if board.can_act else None
        return move if move is not None and board.why_not(move) is None else None

    def cursor_cell(self) -> tuple[int, int] | None:
        """Where the cursor is drawn in the board (column, row), or None:
        the building being placed, or the one picked to slide."""
        board = self.query_one(GridBoard)
        st = board.state
        if st is None or not board.can_act:
            return None
        if st.phase == "place":
            x, y = board.cx, board.cy
        elif st.phase == "slide" and (piece := board.chosen_piece()) is not None:
            x, y = piece[1], piece[2]
        else:
            return None
        return board.scale.col(x), board.scale.row(y)

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
            line = LINES[SEAT_WEIGHT[s]][0]
            held = tuple(Resource(BUILDING_SYMBOLS[k].replace("━", line), stock[k], g.SIZE_NAMES[k], one=g.SIZE_NAMES[k])
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
        """The players, the side panel and the legend from the board (inside
        `one_redraw()`: once, as it ends, for the position and its last move)."""
        if not later(self, "panel", self._update_panel_now):
            self._update_panel_now()

    def _update_panel_now(self) -> None:
        board = self.query_one(GridBoard)
        st = board.state
        if st is None:
            return
        self.query_one(PlayerPanel).players = self.player_infos(st)
        self.after_step = self._after_step(board, st)
        self.query_one(SidePanel).set_parts(self.side_parts(board, st))
        self.update_legend(board, st)

    def side_parts(self, board: GridBoard, st: GridSquareState) -> list[tuple[Text, Part]]:
        """Where the game is, the step at hand with the preview, the last
        turn: the panel's parts, each with how long it stays when rows run
        short (a `Part`)."""
        t = Text()
        keys = Text()
        if st.phase == "over":
            t.append(f"Game over.\n{Event(st.end_reason).render(self.names)}.\n", "bold")
        elif self.has_class("-large"):
            t.append(f"{turn_text(st)}\n", "dim")
        if st.phase != "over" and board.can_act:
            self._describe_step(t, keys, board, st)
        return [(t, Part.ALWAYS), (keys, Part.KEYS_HINT), *self.after_step]

    def _after_step(self, board: GridBoard, st: GridSquareState) -> list[tuple[Text, Part]]:
        """The panel's parts under the step, which the preview leaves alone:
        areas given up, and the last turn (a part a move, never cut; indented
        when there is room)."""
        out: list[tuple[Text, Part]] = []
        if board.given_up:
            out.append((Text("× given up: no one may claim\n", "dim"), Part.GIVEN_UP))
        if board.marks and board.marks_seat is not None:
            out.append((Text(f"Last turn, {self.player_name(board.marks_seat)}:\n", "dim"), Part.ALWAYS))
            indent = " " if self.has_class("-large") else ""
            for m in board.marks:
                rank = Part.PLACED if isinstance(m, Place) else Part.SLID if isinstance(m, Slide) else Part.ALWAYS
                out.append((Text(f"{indent}{past(st.describe_move(m))}\n", "dim"), rank))
        return out

    def _describe_step(self, t: Text, keys: Text, board: GridBoard, st: GridSquareState) -> None:
        """The step at hand, what Enter and p would do (the state's words) in
        `t`, and its keys' reminder in `keys`."""
        move = board.current_move()
        if self.has_class("-large"):  # the status line says it too
            t.append(f"{st.prompt(st.seat)}\n", "bold")
        if st.phase == "place":
            why = board.why_not(move)
            if why is None:
                t.append(f"Enter: {st.describe_move(move)}\n", "bold")
            else:
                t.append(f"✗ {why[0].upper()}{why[1:]}\n", "bold bright_red")
            keys.append("←↑↓→ move  1 2 3 size\no turn\n", "dim")
        elif st.phase == "slide":
            piece = board.chosen_piece()
            if isinstance(move, Slide):
                t.append(f"Enter: {st.describe_move(move)}\n", "bold")
            elif piece is not None:
                reach = " ".join(f"{'↑→↓←'['nesw'.index(d)]}{r}" for d in "nesw" if (r := board.reach[piece].get(d)))
                t.append(f"○ {st.describe_move(Place(*piece)).replace('place a', 'the', 1)}"
                         f" can go {reach} ({len(board.slide_pieces)} can slide)\n")
            t.append(f"p: {st.describe_move(PASS)}\n", "bold")
            keys.append("Tab pick  ←↑↓→ slide\n", "dim")
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
        e += [LegendEntry(LINES[SEAT_WEIGHT[s]][0] * 2, f"{self.player_name(s)}'s buildings", player_class(s))
              for s in range(2)]
        e.append(LegendEntry(f"{MONUMENT}1", "monument"))
        if board.marks:
            e += [LegendEntry("━", "last turn", style="reverse"), LegendEntry("╍", "slid from")]
        if board.given_up:
            e.append(LegendEntry("×", "given up: no claim", style=str(GIVEN_UP)))
        e += [LegendEntry(MONUMENT, "monuments left"), LegendEntry(CLAIMED, "claimed cells (the score)"),
              LegendEntry("━━━ ━━ ━", "large, middle, small"), LegendEntry("▶", "to play"),
              LegendEntry("·", "a free point")]
        self.query_one(Legend).entries = tuple(e)
