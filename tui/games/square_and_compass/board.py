"""The Square and Compass action board: the 12 spaces with the tiles on them
(each player's mark in their colour), the room left, the late actions still
closed and the order they open in, then your perk and pass. A cursor moves
over them with the arrows; Enter posts the move under it (a `Place`, the
perk or pass — only ever one of `state.legal(seat)`), so nothing here
decides a rule."""
from __future__ import annotations

from typing import Any, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from engine.words import plural
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.moves import PASS, PERK, Place
from tui.games.base import MoveChosen, arrow_bindings
from tui.games.square_and_compass.faces import resource_word
from tui.widgets.direct_keys import DirectKeys
from tui.widgets.palette import PALETTE_CLASSES, PLAYER_MARKS, player_class
from tui.widgets.text_fit import fit_parts, fit_words

ORDINALS = ("1st", "2nd", "3rd")
CURSOR = "▶"
ROOM = "·"
CLOSED = "✗"
LAST = "◀ last"


class ActionBoard(DirectKeys, Widget, can_focus=True):
    """The action spaces, your perk and pass, one a row; a cursor over them."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {"action-board--cursor", "action-board--muted", "action-board--head", "action-board--legal"}
    DEFAULT_CSS = """
    ActionBoard { height: 1fr; width: 1fr; text-wrap: nowrap; text-overflow: clip; }
    ActionBoard > .action-board--cursor { text-style: bold reverse; }
    ActionBoard > .action-board--muted { color: $text-muted; }
    ActionBoard > .action-board--head { text-style: bold; }
    ActionBoard > .action-board--legal { text-style: bold; color: $text; }
    """
    BINDINGS = [
        *arrow_bindings(lambda dx, dy, d: f"move({dy or dx})"),
        Binding("enter", "choose", "Place / choose"),
    ]

    class Highlighted(Message):
        """The cursor moved onto `move` (a Place, the perk or pass)."""

        def __init__(self, move: Any) -> None:
            super().__init__()
            self.move = move
            """The move under the cursor."""

    class Refused(Message):
        """Enter on a move that is not legal now."""

        def __init__(self, move: Any) -> None:
            super().__init__()
            self.move = move
            """The move refused."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.state: Any = None
        self.viewer: int | None = None
        self.legal: list[Any] = []
        """The viewer's legal moves now (empty when not acting)."""
        self.cursor = 0
        """Row under the cursor: 0..11 the actions, 12 the perk, 13 pass."""
        self.last_action: int | None = None
        """The action space of the last tile placed (marked)."""
        self.last_seat: int | None = None

    @property
    def items(self) -> list[Any]:
        """The moves of the rows, top to bottom."""
        return [Place(a) for a in range(len(K.ACTIONS))] + [PERK, PASS]

    @property
    def current(self) -> Any:
        """The move under the cursor."""
        return self.items[self.cursor]

    def set_state(self, state: Any, viewer: int | None, legal: Sequence[Any]) -> None:
        """A new position to draw."""
        self.state, self.viewer, self.legal = state, viewer, list(legal)
        self.refresh()

    def reset(self) -> None:
        """Back to the first row (another person's turn)."""
        self.cursor = 0
        if self.legal:
            self.cursor = next((i for i, m in enumerate(self.items) if m in self.legal), 0)

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.items)
        self.refresh()
        self.post_message(self.Highlighted(self.current))

    def action_choose(self) -> None:
        if self.state is None:
            return
        move = self.current
        if move in self.legal:
            self.post_message(MoveChosen(self.state.format_move(move)))
        else:
            self.post_message(self.Refused(move))

    # ------------------------------------------------------------ drawing
    def _tiles(self, a: int) -> Text:
        st = self.state
        style = self.get_component_rich_style
        t = Text()
        for s in st.board[a]:
            t.append(PLAYER_MARKS[s], style(player_class(s)) + style("action-board--cursor"))
            t.append(" ")
        t.append(f"{ROOM} " * st.room(a), style("action-board--muted"))
        return t

    def _row(self, i: int, move: Any, width: int) -> Text:
        st = self.state
        style = self.get_component_rich_style
        p = st.players[self.viewer] if self.viewer is not None else None
        t = Text(f"{CURSOR if i == self.cursor and self.has_focus else ' '} ", style("action-board--muted"))
        muted = bool(self.legal) and move not in self.legal
        name_style = style("action-board--muted") if muted else style("action-board--legal") if self.legal else ""
        if isinstance(move, Place):
            a = move.action
            act = K.ACTIONS[a]
            t.append(f"{act.code} {act.name:<20}", name_style)
            if a in st.open_actions():
                t.append_text(self._tiles(a))
                if a == self.last_action and self.last_seat is not None and self.last_seat in st.board[a]:
                    t.append(" " + LAST, style(player_class(self.last_seat)))
                pad = max(0, 2 * self.state.num_players + 1 - cell_len(self._tiles(a).plain))
                rest = width - cell_len(t.plain) - pad
                if rest > 20:
                    t.append(" " * pad + fit_words(act.text, rest), style("action-board--muted"))
            else:
                order = ORDINALS[st.late_order.index(a) - st.late_open] if a in st.late_order else "?"
                t.append(f"{CLOSED} closed, opens {order}", style("action-board--muted"))
        elif move == PERK:
            name = "perk: each architect's own, once a round, no tile"
            if p is not None and p.architect >= 0:
                perk = K.PERKS[K.ARCHITECTS[p.architect].perk]
                name = f"perk {perk[0]}" + (" (used this round)" if p.perk_used else f": {perk[1]}")
            t.append(fit_words(f"★  {name}", width - 2), name_style)
        else:
            t.append("—  pass: no more turns this round", name_style)
        if i == self.cursor and self.has_focus:
            t.stylize(style("action-board--cursor"), 0, cell_len(t.plain))
        return t

    def render(self) -> Text:
        st = self.state
        if st is None:
            return Text("")
        width = max(40, self.content_size.width)
        style = self.get_component_rich_style
        head = f"Action board · room: {st.num_players} tiles a space"
        if self.viewer is not None:
            head += f" · ▮ {plural(st.players[self.viewer].tiles_left, 'tile')} left"
        rows = [Text(fit_parts(head, width), style("action-board--head"))]
        rows += [self._row(i, m, width) for i, m in enumerate(self.items)]
        stalls = ", ".join(resource_word(c) for c in st.res_market if c >= 0)
        rows.append(Text(fit_parts(f"Resources: {stalls} · deck {len(st.res_deck)}", width),
                         style("action-board--muted")))
        out = Text()
        for i, r in enumerate(rows):
            if i:
                out.append("\n")
            out.append_text(r)
        return out

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
