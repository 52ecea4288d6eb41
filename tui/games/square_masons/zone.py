"""Square Masons' construction zone: your pieces, the preview of the piece
being laid (moved, turned and flipped by keys) and the auction's die and bid
by keys; it posts the move, or a message the view answers."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from rulesets.square_masons.geometry import BLOCK_SHAPES, ORIENT_CODES, H, W, cell_name, orient, shape_mask
from rulesets.square_masons.moves import RES
from tui.games.base import MoveChosen, arrow_bindings
from tui.games.square_masons.draw import SMALL, ZoneLook, zone_lines
from tui.widgets.direct_keys import DirectKeys
from tui.widgets.palette import PALETTE_CLASSES, player_class


class PreviewChanged(Message):
    """The zone's preview or sealed choice changed: redraw the action line."""


class RoomNeeded(Message):
    """`v` with a full reserve: show the ways to make room (and why)."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason
        """Why the block cannot go to the reserve, in the rules' words."""


class ZoneView(DirectKeys, Widget, can_focus=True):
    """Your construction zone with a preview of the piece being laid; also
    builds auction choices by keys. Everything it keeps between keys (the
    preview, the die space and the bid) belongs to one seat in one phase of
    one round, and starts over when any of them changes."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {"zone--grid", "zone--ok", "zone--bad"}
    DEFAULT_CSS = """
    ZoneView { width: 21; height: 11; }
    ZoneView.-large { width: 33; height: 16; }
    ZoneView > .zone--grid { color: $foreground-muted; }
    ZoneView > .zone--ok { color: black; background: $success; text-style: bold; }
    ZoneView > .zone--bad { color: white; background: $error; text-style: bold; }
    """

    BINDINGS = [
        *arrow_bindings(lambda dx, dy, d: f"arrow({dy}, {dx})"),  # (row step, column step)
        Binding("r", "turn", "Turn"),
        Binding("f", "flip", "Flip"),
        Binding("v", "reserve", "Reserve / make room"),
        Binding("enter", "confirm", "Confirm"),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.state: Any = None
        self.viewer: int | None = None
        self.can_act = False
        self.context: tuple[Any, ...] = ()
        """(viewer, round, phase) the kept choices belong to."""
        self.highlight = 0
        """Cells to highlight (the piece an action in the list names)."""
        self.marked = 0
        """Cells of the last piece laid in this zone (underlined)."""
        self.look: ZoneLook = SMALL
        """The drawing's size (LARGE when the screen has room)."""
        self.reset()

    def reset(self) -> None:
        """Forget every choice in progress (a new seat, phase or round)."""
        self.row, self.col = 0, 0
        """The preview's anchor: the top-left of the piece's bounding box."""
        self.code = 0
        """Index into ORIENT_CODES."""
        self.space = 1
        """Auction: the space the die points at (0 = withdraw)."""
        self.amount = 0
        """Auction: the bid."""
        self.highlight = 0

    # ------------------------------------------------------- attributes down
    def set_state(self, state: Any, viewer: int | None, can_act: bool) -> None:
        """A new position to draw."""
        context = (viewer, state.round, state.phase)
        fresh = context != self.context
        if fresh:
            self.context = context
            self.reset()
        self.state, self.viewer, self.can_act = state, viewer, can_act
        if fresh and self.laying():
            self._first_fit()
        if state.phase == "auction" and viewer is not None:
            self.space = min(self.space, len(state.offer))
            self.amount = min(self.amount, state.max_bid(viewer))
        self._clamp()
        self.refresh()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer only the keys that work now."""
        if action in ("turn", "flip"):
            return self.laying() and self.state.hand_kind != "stone"
        if action == "reserve":
            return self.laying() and self.state.phase == "place_won"
        if action == "confirm":
            return self.laying() or self.bidding()
        return True

    def laying(self) -> bool:
        """True while the viewer lays a piece by keys."""
        st = self.state
        return bool(st and self.can_act and st.phase in ("lay", "place_won") and st.actor == self.viewer)

    def bidding(self) -> bool:
        """True while the viewer builds a sealed auction choice."""
        st = self.state
        return bool(st and self.can_act and st.phase == "auction" and self.viewer in st.to_act())

    def choice_text(self) -> str:
        """The sealed auction choice being built, in notation."""
        return "withdraw" if self.space == 0 else f"bid{self.space}-{self.amount}"

    # ------------------------------------------------------- the piece preview
    def shape(self) -> frozenset[tuple[int, int]]:
        """The piece in hand in the chosen orientation."""
        kind = self.state.hand_kind
        if kind == "stone":
            return frozenset({(0, 0)})
        return orient(BLOCK_SHAPES[kind], ORIENT_CODES[self.code])

    def _first_fit(self) -> None:
        """Start the preview where the piece fits, the first place and way
        round in reading order (a1 over a piece laid before said 'xx' first);
        where it fits nowhere, on a1 as drawn."""
        for code in range(1 if self.state.hand_kind == "stone" else len(ORIENT_CODES)):
            self.code = code
            for row in range(H):
                for col in range(W):
                    self.row, self.col = row, col
                    self._clamp()
                    if (self.row, self.col) == (row, col) and self.preview()[2] is None:
                        return
        self.row, self.col, self.code = 0, 0, 0

    def _clamp(self) -> None:
        if not self.laying():
            return
        sh = self.shape()
        hgt = 1 + max(r for r, _ in sh)
        wid = 1 + max(c for _, c in sh)
        self.row = max(0, min(self.row, H - hgt))
        self.col = max(0, min(self.col, W - wid))

    def preview(self) -> tuple[int, str, str | None]:
        """(cells, notation, why it may not be laid there or None) of the
        piece as previewed; the state answers whether it fits."""
        anchor = self.row * W + self.col
        mask = shape_mask(self.shape(), anchor) or 0
        code = "" if self.state.hand_kind == "stone" else ORIENT_CODES[self.code]
        text = cell_name(anchor) + code
        try:
            self.state.parse_move(text, self.viewer)
        except ValueError as exc:
            return mask, text, str(exc)
        return mask, text, None

    # ------------------------------------------------------- actions
    def action_arrow(self, dr: int, dc: int) -> None:
        if self.bidding():
            if dc:
                self.space = (self.space + dc) % (len(self.state.offer) + 1)
            else:
                self.amount = max(0, min(self.state.max_bid(self.viewer), self.amount - dr))
        elif self.laying():
            self.row += dr
            self.col += dc
            self._clamp()
        self._changed()

    def action_turn(self) -> None:
        if self.laying():
            flip = self.code >= 4
            self.code = (self.code + 1) % 4 + (4 if flip else 0)
            self._clamp()
            self._changed()

    def action_flip(self) -> None:
        if self.laying():
            self.code = (self.code + 4) % 8
            self._clamp()
            self._changed()

    def action_reserve(self) -> None:
        if not (self.laying() and self.state.phase == "place_won"):
            return
        reason = self.state.why_illegal(self.viewer, RES)
        if reason is None:
            self.post_message(MoveChosen("res"))
        else:
            self.post_message(RoomNeeded(reason))

    def action_confirm(self) -> None:
        if self.bidding():
            self.post_message(MoveChosen(self.choice_text()))
        elif self.laying():
            _, text, why = self.preview()
            if why is None:
                self.post_message(MoveChosen(text))
            else:
                self.notify(f"Not there: {why}. Move, turn or flip it.", timeout=4)

    def _changed(self) -> None:
        self.refresh()
        self.post_message(PreviewChanged())

    # ------------------------------------------------------- drawing
    def render(self) -> Text:
        st = self.state
        if st is None or self.viewer is None:
            return Text("(spectator: every zone is below)")
        b = st.boards[self.viewer]
        preview = (0, 0)
        if self.laying():
            mask, _, why = self.preview()
            preview = (mask, mask & b.occupied() if why is not None else 0)
            if why is not None and not preview[1]:
                preview = (mask, mask)  # e.g. a claim's neighbour: the whole piece is refused
        style = self.get_component_rich_style
        lines = zone_lines(b.construction, style, style(player_class(self.viewer % 5)), self.look,
                           preview=preview, highlight=self.highlight, marked=self.marked,
                           grid=style("zone--grid"))
        return Text("\n").join(lines)
