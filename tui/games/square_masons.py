"""Square Masons' view: the players' table, your construction zone with a
piece preview, the phase's panel (hand and majorities, auction board, the
structure cards as cell pictures, the other zones) and a list of choices.

Attributes down, messages up: `show()` gets the viewer's view of the state;
every move is posted as `MoveChosen(notation)`. Readable without colour:
blocks are drawn with their letters, stones with '#', the preview with '+'
(fits) or 'x' (does not fit).
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Event
from rulesets.square_masons import data as d
from rulesets.square_masons.data import BLOCK_TYPES, CARD_TYPES, HIDDEN, MARKET, ORDER, STONE
from rulesets.square_masons.describe import coins as _coins
from rulesets.square_masons.geometry import BLOCK_SHAPES, H, ORIENT_CODES, W, cell_name, orient, shape_mask
from rulesets.square_masons.moves import RES, Claim, Lay
from tui.games.base import MoveChosen, arrow_bindings

BLOCK_STYLE = {
    "I": "bold black on cyan", "O": "bold black on yellow", "T": "bold white on magenta",
    "S": "bold black on green", "Z": "bold white on red", "J": "bold white on blue",
    "L": "bold black on bright_white", "stone": "bold white on bright_black",
}
"""Colours only help: every cell also shows its block letter (# for a stone)."""
SEAT_STYLE = ("bold cyan", "bold yellow", "bold magenta", "bold green", "bold red")
OK_STYLE = "bold black on bright_green"
BAD_STYLE = "bold white on red"
SIDE_WIDTH = 42
"""Columns of the side panel (the view is 60 wide, the zone 16)."""
CARD_SHORT = {0: "Mon", 1: "Ord", 2: "Sto", 3: "Mkt", 4: "x2"}

KEYS_HELP = """
## Square Masons keys

| key | does |
|---|---|
| ↑ ↓ Enter | choose from the list (draft pick, pairing, tie, offer, build action, ability) |
| ← → | auction: the space your die points at (0 = withdraw) |
| ↑ ↓ | auction: your bid |
| arrows / h j k l | laying a piece: move it |
| r / f | laying a piece: turn it / flip it over |
| v | put the block you won in your reserve; with a full reserve, go to the list of ways to make room |
| Tab | between your zone and the list of other choices |
| Enter | play the move previewed |
| t | side panel: the phase's panel, the structure cards (pages), the other players' zones |

Table: ★ prestige, $ coins, # stones, res reserve blocks, MOSKX the cards
drafted this round (money, order, stone, market, x2; +n? face-down), owns
the town cards (Scr Don Ban Qua) and sanctuaries. Structure cards list every
set of blocks that builds them (J stands for J or L, S for S or Z); a
structure counts only if no other piece touches it.

Every move can also be typed in notation (`:`); see `tsquare rules square-masons`.
"""


def cell_text(kind: str) -> tuple[str, str]:
    """(two characters, style) for a cell holding `kind`."""
    if kind == "stone":
        return "##", BLOCK_STYLE["stone"]
    return kind + kind.lower(), BLOCK_STYLE[kind]


def structure_lines(sid: str) -> list[str]:
    """A structure's picture, one character per cell ('■' / '·')."""
    return [row.replace("#", "■").replace(".", "·") for row in d.STRUCTURES[sid].picture]


def structure_card(sid: str, width: int) -> list[str]:
    """A structure card in `width` columns: its full name and prestige, then
    its picture with the block sets and the ability beside it."""
    s = d.STRUCTURES[sid]
    pts = d.TOWN_PRESTIGE if s.kind == "town" else d.SANCTUARY_PRESTIGE
    pic = structure_lines(sid)
    pw = max(len(r) for r in pic)
    stones = sum(r.count("#") for r in s.picture) - 4 * s.min_blocks
    blocks = " ".join(s.blocks) + (f" +{stones} stone{'s' if stones > 1 else ''}" if stones else "")
    text = wrap(blocks, width - pw - 2) + wrap(s.brief, width - pw - 2)
    rows = max(len(pic), len(text))
    lines = [f"{s.title} {pts}★"[:width]]
    for r in range(rows):
        left = pic[r] if r < len(pic) else ""
        right = text[r] if r < len(text) else ""
        lines.append(f"{left:<{pw}} {right}".rstrip())
    return lines


def wrap(text: str, width: int) -> list[str]:
    """Words in lines of at most `width` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def owned(b: Any) -> str:
    """A board's town cards and sanctuaries, short ('Ban2 Qua Tow')."""
    parts = [t.title[:3] + (str(n) if n > 1 else "") for t, n in zip(d.TOWNS, b.towns) if n]
    parts += [d.STRUCTURES[sid].title[:3] for sid in b.sanctuaries]
    return " ".join(parts)


class ZoneView(Widget, can_focus=True):
    """Your construction zone with a preview of the piece being laid; also
    builds auction choices by keys. Everything it keeps between keys (the
    preview, the die space and the bid) belongs to one seat in one phase of
    one round, and starts over when any of them changes."""

    DEFAULT_CSS = """
    ZoneView { width: 16; height: 8; }
    ZoneView:focus { background: $boost; }
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
        if context != self.context:
            self.context = context
            self.reset()
        self.state, self.viewer, self.can_act = state, viewer, can_act
        if state.phase == "auction" and viewer is not None:
            self.space = min(self.space, len(state.offer))
            self.amount = min(self.amount, state.boards[viewer].coins)
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
    def shape(self) -> frozenset:
        """The piece in hand in the chosen orientation."""
        kind = self.state.hand_kind
        if kind == "stone":
            return frozenset({(0, 0)})
        return orient(BLOCK_SHAPES[kind], ORIENT_CODES[self.code])

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
                coins = self.state.boards[self.viewer].coins
                self.amount = max(0, min(coins, self.amount - dr))
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
        t = Text()
        if st is None or self.viewer is None:
            return Text("(spectator)")
        b = st.boards[self.viewer]
        grid: list[list[tuple[str, str]]] = [[("· ", "dim")] * W for _ in range(H)]
        for kind, mask in b.construction:
            ch, style = cell_text(kind)
            hi = bool(mask & self.highlight)
            new = bool(mask & self.marked)
            for c in range(W * H):
                if mask >> c & 1:
                    grid[c // W][c % W] = (ch, style + (" reverse" if hi else "") + (" underline" if new else ""))
        if self.laying():
            mask, _, why = self.preview()
            occ = b.occupied()
            for c in range(W * H):
                if mask >> c & 1:
                    bad = why is not None and bool(occ >> c & 1)
                    grid[c // W][c % W] = ("xx" if bad else "++", BAD_STYLE if bad else OK_STYLE)
        t.append("  " + "".join(f"{chr(97 + c)} " for c in range(W)) + "\n", "bold")
        for r in range(H):
            t.append(f"{r + 1} ", "bold")
            for c in range(W):
                ch, style = grid[r][c]
                t.append(ch, style)
            t.append("\n")
        t.append("your zone", "dim")
        return t


class PreviewChanged(Message):
    """The zone's preview or sealed choice changed: redraw the action line."""


class RoomNeeded(Message):
    """`v` with a full reserve: show the ways to make room (and why)."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason
        """Why the block cannot go to the reserve, in the rules' words."""


class GameView(Vertical):
    """Square Masons' board for one seat."""

    KEYS_HELP = KEYS_HELP
    DEFAULT_CSS = """
    GameView { width: 60; height: 1fr; }
    GameView > #sm-top { height: auto; }
    GameView > #sm-mid { height: 8; }
    GameView #sm-side { width: 1fr; padding: 0 0 0 1; }
    GameView > #sm-action { height: auto; max-height: 3; }
    GameView > #sm-choices { height: 1fr; min-height: 3; border: none; }
    """

    BINDINGS = [Binding("t", "toggle_side", "Side panel")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.state: Any = None
        self.viewer: int | None = None
        self.names: Sequence[str] = ()
        self.can_act = False
        self.side_mode = "auto"
        """'auto' (by phase), 'structures:0', 'structures:1' (pages) or 'zones'."""
        self.shown: dict[str, str] = {}
        """The plain text last drawn in each part (for tests and screen readers)."""
        self.pieces: list[list[int]] = []
        """Each seat's construction pieces (cell masks) at the last `show`."""
        self.fresh: dict[int, int] = {}
        """Per seat, the cells of the pieces laid since the show before."""
        self.last_mover: int | None = None
        """The seat whose last move `mark_last` reported."""

    def compose(self) -> ComposeResult:
        yield Static("", id="sm-top")
        with Horizontal(id="sm-mid"):
            yield ZoneView(id="sm-zone")
            yield Static("", id="sm-side")
        yield Static("", id="sm-action")
        yield OptionList(id="sm-choices")

    # ------------------------------------------------------- attributes down
    def show(self, state: Any, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (already `viewer`'s view); offer moves if `can_act`."""
        if viewer != self.viewer:
            self.side_mode = "auto"  # nothing of one person's screen carries to the next
        self.state, self.viewer, self.names, self.can_act = state, viewer, names, can_act
        self._track_pieces()
        zone = self.query_one(ZoneView)
        zone.set_state(state, viewer, can_act)
        zone.marked = self._marked(viewer)
        self._put("#sm-top", self.top_text())
        self._put("#sm-side", self.side_text())
        choices = self.query_one("#sm-choices", OptionList)
        choices.clear_options()
        acting = can_act and viewer is not None and viewer in state.to_act()
        listed = self.listed_moves() if acting else []
        choices.display = bool(listed)
        if listed:
            choices.add_options(
                Option(f"{state.format_move(m):<11} {state.describe_move(m, viewer)}", id=state.format_move(m))
                for m in listed
            )
            choices.highlighted = 0
        if acting:
            (zone if state.phase in ("auction", "lay", "place_won") else choices).focus()
        self.update_action()

    def listed_moves(self) -> list[Any]:
        """The moves offered in the list: all of them, except those built by
        keys in the zone (bids and lays; with a won block the list holds the
        other ways on: the reserve, or making room in a full one)."""
        st = self.state
        if st.phase == "auction":
            return []
        moves = st.legal(self.viewer)
        if st.phase in ("lay", "place_won"):
            return [m for m in moves if type(m) is not Lay]
        return moves

    def mark_last(self, seat: int, notation: str) -> None:
        """The game screen's report of the last move: underline the piece
        that seat laid last (in your zone or the other zones' panel)."""
        self.last_mover = seat
        if self.state is not None:
            self.query_one(ZoneView).marked = self._marked(self.viewer)
            self.query_one(ZoneView).refresh()
            self._put("#sm-side", self.side_text())

    def _track_pieces(self) -> None:
        """Note, per seat, which pieces are new since the last show."""
        now = [[m for _, m in b.construction] for b in self.state.boards]
        if len(now) == len(self.pieces):
            for s, (old, new) in enumerate(zip(self.pieces, now)):
                added = 0
                for m in new:
                    if m not in old:
                        added |= m
                if added:
                    self.fresh[s] = added
                elif s in self.fresh and not any(m & self.fresh[s] == m for m in new):
                    del self.fresh[s]
        self.pieces = now

    def _marked(self, seat: int | None) -> int:
        if seat is None or seat != self.last_mover:
            return 0
        return self.fresh.get(seat, 0)

    def update_action(self) -> None:
        """The line that says what to do and what the previewed move is."""
        st = self.state
        if st is None:
            return
        zone = self.query_one(ZoneView)
        t = Text()
        if st.phase == "over":
            t.append(f"Game over: {Event(st.end_reason).render(self.names)}.", "bold")
        elif self.viewer is None or self.viewer not in st.to_act() or not self.can_act:
            waiting = ", ".join(self._who(s) for s in st.to_act())
            t.append(f"Waiting for {waiting}.", "dim")
        elif zone.bidding():
            t.append(st.describe_move(st.parse_move(zone.choice_text(), self.viewer), self.viewer), "bold")
            t.append(f"\n←→ space (0 = out)  ↑↓ bid (you have {_coins(st.boards[self.viewer].coins)})"
                     "  Enter seal", "dim")
        elif zone.laying():
            _, text, why = zone.preview()
            cost = "free" if st.phase == "place_won" else "paid"
            t.append(f"Lay {st.hand_kind} at {text} ({cost})", "bold")
            t.append("  fits" if why is None else "  does not fit", "green" if why is None else "bold red")
            keys = "\narrows move" + ("" if st.hand_kind == "stone" else "  r turn  f flip") + "  Enter lay"
            if st.phase == "place_won":
                full = st.why_illegal(self.viewer, RES) is not None
                keys += "  v make room (reserve full)" if full else "  v reserve"
            t.append(keys, "dim")
        else:
            t.append(st.prompt(self.viewer), "bold")
            if st.phase == "build":
                t.append("\nA structure counts only with no other piece touching it.", "dim")
        self._put("#sm-action", t)

    def _put(self, where: str, text: Text) -> None:
        self.shown[where] = text.plain
        self.query_one(where, Static).update(text)

    def _who(self, s: int) -> str:
        return self.names[s] if s < len(self.names) else f"Seat {s + 1}"

    # ------------------------------------------------------- texts
    def top_text(self) -> Text:
        st = self.state
        t = Text()
        way = "cw" if st.way == 1 else "ccw"
        order = "-" if st.order_holder is None else str(st.order_holder + 1)
        market = "-" if st.market_holder is None else str(st.market_holder + 1)
        t.append(f"Round {st.round}", "bold")
        t.append(f" · first {st.first + 1} ({way}) · Order {order} · Market {market} · {st.phase.replace('_', ' ')}\n")
        t.append("   name        ★  $  # res MOSKX     now    owns\n", "dim")
        acting = st.to_act()
        for s, b in enumerate(st.boards):
            mark = "▶" if s in acting else " "
            t.append(f"{mark}{s + 1} ")
            t.append(f"{self._who(s)[:10]:<10}", SEAT_STYLE[s % 5])
            res = "".join(ch * k for ch, k in zip(BLOCK_TYPES, b.reserve)) or "-"
            dr = "".join(str(n) for n in b.drafted)
            extra = f"+{len(b.face_down)}?" if b.face_down else ""
            now = ""
            if st.phase == "draft":
                now = "chosen" if b.pick is not None else "…"
            elif st.phase == "auction":
                now = "chosen" if b.bid is not None else "…"
            elif b.won is not None:
                now = f"won {BLOCK_TYPES[b.won]}"
            elif b.lost and st.phase != "direction":
                now = "outbid"
            own = owned(b)
            own = own if len(own) <= 13 else own[:12] + "…"
            t.append(f" {b.prestige:>2} {b.coins:>2} {b.stones:>2} {res:<3} {dr}{extra:<4} {now:<6} {own}\n")
        t.append("★prestige $coins #stones  MOSKX money order stone market x2", "dim")
        return t

    def side_text(self) -> Text:
        st = self.state
        mode = self.side_mode
        if mode == "auto":
            if st.phase in ("direction", "draft", "pair", "tie"):
                return self._draft_text()
            if st.phase in ("market", "auction", "auction_tie"):
                return self._auction_text()
            if st.phase == "over":
                return self._zones_text()
            return self._build_text()
        if mode.startswith("structures"):
            return self._structures_text(int(mode[-1]))
        return self._zones_text()

    def _draft_text(self) -> Text:
        st = self.state
        t = Text()
        if self.viewer is not None:
            b = st.boards[self.viewer]
            hand = " ".join(CARD_SHORT[c] for c in b.hand) if b.hand else "-"
            t.append("Your hand: ", "bold")
            t.append(hand + "\n")
            if b.pick is not None:
                t.append(f"Sealed pick: {CARD_TYPES[b.pick]}\n", "bold green")
            if b.face_down:
                t.append("Face down: " + " ".join(CARD_SHORT[c] for c in b.face_down) + "\n")
        if st.phase == "draft":
            left = len(st.boards[0].hand)
            t.append(f"Pick {st.pick_no}/5 · {left} card{'s' if left != 1 else ''} left in each hand\n")
        t.append("Majority leaders:\n")
        for name, card in (("Order", ORDER), ("Stone", STONE), ("Market", MARKET)):
            counts = [b.effective(card) for b in st.boards]
            top = max(counts)
            lead = [str(s + 1) for s, c in enumerate(counts) if c == top and top > 0]
            t.append(f" {name:<6} {top} by {','.join(lead) or '-'}\n")
        return t

    def _auction_text(self) -> Text:
        st = self.state
        t = Text()
        t.append("Auction board\n", "bold")
        zone = self.query_one(ZoneView)
        for i, bt in enumerate(st.offer):
            kind = BLOCK_TYPES[bt]
            who = st.sold[i] if i < len(st.sold) else None
            sel = zone.bidding() and zone.space == i + 1
            t.append("▶" if sel else " ")
            t.append(f"{i + 1}: ")
            t.append(kind, BLOCK_STYLE[kind])
            t.append(" " + "/".join(d.BLOCK_PICTURES[kind]).replace(".", "·"))
            if who is not None:
                t.append(f"  sold to {who + 1}")
            t.append("\n")
        if st.phase == "auction":
            t.append("Bids stay hidden until all have chosen.\n", "dim")
            t.append("Outbid: you pay half your bid, rounded up.\n", "dim")
        else:
            t.append(self._bids_line())
        t.append(f"Supply: {' '.join(f'{ch}{k}' for ch, k in zip(BLOCK_TYPES, st.supply))}")
        return t

    def _bids_line(self) -> str:
        """The revealed bids, one line: 'Bids (seat:space/$) 1:2/3 2:out'."""
        parts = []
        for s, x in enumerate(self.state.revealed):
            if x is not None:
                parts.append(f"{s + 1}:{'out' if x[0] == 0 else f'{x[0]}/{x[1]}'}")
        if not parts:
            return ""
        line = "Bids (seat:space/$) " + " ".join(parts)
        return (line if len(line) <= SIDE_WIDTH else line[:SIDE_WIDTH - 1] + "…") + "\n"

    def _build_text(self) -> Text:
        """The build phase's panel: the auction's result, then the cards."""
        st = self.state
        t = Text()
        b = st.boards[self.viewer] if self.viewer is not None else None
        if b is not None and b.lost:
            t.append(f"You were outbid and paid {_coins(b.lost_paid)}.\n", "bold")
        else:
            t.append(self._bids_line(), "dim")
        t.append_text(self._structures_text(0, rows=8 - len(t.plain.splitlines())))
        return t

    def structure_pages(self) -> list[list[str]]:
        """The structures still to claim, two a page."""
        st = self.state
        avail = [s.id for i, s in enumerate(d.TOWNS) if st.town_supply[i]]
        avail += [sid for sid in st.sanctuaries if st.sanctuary_owner(sid) is None]
        return [avail[i:i + 2] for i in range(0, len(avail), 2)] or [[]]

    def _structures_text(self, page: int, rows: int = 8) -> Text:
        pages = self.structure_pages()
        page = min(page, len(pages) - 1)
        width = SIDE_WIDTH // 2
        cards = [structure_card(sid, width - 1) for sid in pages[page]]
        t = Text()
        if not cards:
            return Text("No structure is left to claim.")
        height = max(len(c) for c in cards)
        for r in range(min(height, rows - 1)):
            line = "".join(f"{(c[r] if r < len(c) else ''):<{width}}" for c in cards).rstrip()
            t.append(line + "\n", "bold" if r == 0 else "")
        t.append(f"cards {page + 1}/{len(pages)} (t) · J: J or L · S: S or Z", "dim")
        return t

    def _zones_text(self) -> Text:
        st = self.state
        t = Text()
        others = [s for s in range(st.num_players) if s != self.viewer]
        t.append("  ".join(f"{'*' if s == self.last_mover else ' '}{s + 1}:{self._who(s)[:3]:<3}"
                           for s in others).rstrip() + "\n", "bold")
        for r in range(H):
            for s in others:
                row = ["."] * W
                fresh = self._marked(s)
                for kind, mask in st.boards[s].construction:
                    for c in range(W):
                        if mask >> (r * W + c) & 1:
                            row[c] = ("#" if kind == "stone" else kind) + ("_" if mask & fresh else "")
                for ch in row:
                    style = BLOCK_STYLE.get(ch[0], BLOCK_STYLE["stone"] if ch[0] == "#" else "dim")
                    t.append(ch[0], style + (" underline" if len(ch) > 1 else ""))
                t.append("  ")
            t.append("\n")
        t.append("* moved last; its new piece underlined", "dim")
        return t

    # ------------------------------------------------------- messages up
    def on_preview_changed(self, event: PreviewChanged) -> None:
        event.stop()
        self.update_action()
        if self.state is not None and self.state.phase == "auction":
            self._put("#sm-side", self.side_text())

    def on_room_needed(self, event: RoomNeeded) -> None:
        event.stop()
        self.notify(f"{event.reason[0].upper()}{event.reason[1:]}.", timeout=6)
        choices = self.query_one("#sm-choices", OptionList)
        if choices.display:
            choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(MoveChosen(event.option.id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        zone = self.query_one(ZoneView)
        zone.highlight = 0
        st = self.state
        if st is not None and self.viewer is not None and event.option.id:
            move = None
            try:
                move = st.parse_move(event.option.id, self.viewer)
            except ValueError:
                pass
            cell = getattr(move, "cell", None)
            b = st.boards[self.viewer]
            if cell is not None:
                i = b.piece_at(cell)
                if i is not None:
                    zone.highlight = b.construction[i][1]
            if isinstance(move, Claim):
                for sid, idx in st.claimable(b):
                    if sid == move.sid:
                        for i in idx:
                            zone.highlight |= b.construction[i][1]
        zone.refresh()

    def action_toggle_side(self) -> None:
        """Cycle the side panel: by phase, each page of structures, the other zones."""
        if self.state is None:
            return
        order = ["auto"] + [f"structures:{i}" for i in range(len(self.structure_pages()))] + ["zones"]
        at = order.index(self.side_mode) if self.side_mode in order else 0
        self.side_mode = order[(at + 1) % len(order)]
        self._put("#sm-side", self.side_text())
