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
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rulesets.square_masons import data as d
from rulesets.square_masons.data import BLOCK_TYPES, CARD_TYPES, HIDDEN, MARKET, ORDER, STONE
from rulesets.square_masons.geometry import (
    BLOCK_SHAPES,
    H,
    ORIENT_CODES,
    W,
    cell_name,
    orient,
    shape_mask,
)
from rulesets.square_masons.moves import (
    Buy,
    Claim,
    Direction,
    Donate,
    Drop,
    End,
    Offer,
    Pair,
    Pick,
    Relocate,
    Scrap,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    Tie,
    format_move,
)
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
| v | put the block you won in your reserve |
| Enter | play the move previewed |
| t | side panel: structures ↔ the other players' zones |

Every move can also be typed in notation (`:`); see `tsquare rules square-masons`.
"""


def cell_text(kind: str) -> tuple[str, str]:
    """(two characters, style) for a cell holding `kind`."""
    if kind == "stone":
        return "##", BLOCK_STYLE["stone"]
    return kind + kind.lower(), BLOCK_STYLE[kind]


def _coins(n: int) -> str:
    """'1 coin', '2 coins'."""
    return f"{n} coin{'s' if n != 1 else ''}"


def describe(state: Any, move: Any) -> str:
    """A move in words, with its cost."""
    t = type(move)
    b = state.boards[state.actor] if state.actor < len(state.boards) else None

    def piece(cell: int) -> str:
        if b is None:
            return cell_name(cell)
        i = b.piece_at(cell)
        kind = b.construction[i][0] if i is not None else "?"
        return f"{'stone' if kind == 'stone' else kind} on {cell_name(cell)}"

    if t is Direction:
        return "clockwise (to the next higher seat)" if move.step == 1 else "counter-clockwise"
    if t is Pick:
        card = CARD_TYPES[move.card]
        return f"draft {'an' if card[0] in 'aeiox' else 'a'} {card} card"
    if t is Pair:
        return "x2 doubles " + ", ".join(CARD_TYPES["MOSK".index(ch)] for ch in move.letters)
    if t is Tie:
        return f"give it to seat {move.seat + 1}"
    if t is Offer:
        return "auction " + ", ".join(f"{i + 1}:{ch}" for i, ch in enumerate(move.blocks))
    if t is Relocate:
        return f"relocate/turn/flip {piece(move.cell)} ({_coins(d.ACTION_COST)})"
    if t is Store:
        return f"{piece(move.cell)} to the reserve ({_coins(d.ACTION_COST)})"
    if t is Scrap:
        return f"discard {piece(move.cell)} ({_coins(d.ACTION_COST)})"
    if t is Take:
        return f"bring {move.kind} from the reserve ({_coins(d.ACTION_COST)})"
    if t is Swap:
        return f"swap {piece(move.cell)} with reserve {move.kind} ({_coins(d.ACTION_COST)})"
    if t is Drop:
        return f"discard reserve {move.kind} (free)"
    if t is Claim:
        s = d.STRUCTURES[move.sid]
        return f"claim the {s.title} (+{d.TOWN_PRESTIGE if s.kind == 'town' else d.SANCTUARY_PRESTIGE})"
    if t is End:
        return "end building (town abilities follow)"
    if t is Sell:
        return "Scrapyard: sell a stone for 3"
    if t is Buy:
        return f"Scrapyard: buy the unsold {move.kind} for 3"
    if t is Donate:
        return "Donation Center: 3 coins for 1 prestige"
    if t is Skip:
        return "skip this ability"
    return ""


def structure_lines(sid: str) -> list[str]:
    """A structure's picture, one character per cell ('■' / '·')."""
    return [row.replace("#", "■").replace(".", "·") for row in d.STRUCTURES[sid].picture]


class ZoneView(Widget, can_focus=True):
    """Your construction zone with a preview of the piece being laid; also
    builds auction choices by keys."""

    DEFAULT_CSS = """
    ZoneView { width: 16; height: 8; }
    ZoneView:focus { background: $boost; }
    """

    BINDINGS = [
        *arrow_bindings(lambda dx, dy, d: f"arrow({dy}, {dx})"),  # (row step, column step)
        Binding("r", "turn", "Turn"),
        Binding("f", "flip", "Flip"),
        Binding("v", "reserve", "To reserve"),
        Binding("enter", "confirm", "Confirm"),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.state: Any = None
        self.viewer: int | None = None
        self.can_act = False
        self.row, self.col = 0, 0
        """The preview's anchor: the top-left of the piece's bounding box."""
        self.code = 0
        """Index into ORIENT_CODES."""
        self.space = 1
        """Auction: the space the die points at (0 = withdraw)."""
        self.amount = 0
        """Auction: the bid."""
        self.highlight = 0
        """Cells to highlight (the piece an action in the list names)."""

    # ------------------------------------------------------- attributes down
    def set_state(self, state: Any, viewer: int | None, can_act: bool) -> None:
        """A new position to draw."""
        self.state, self.viewer, self.can_act = state, viewer, can_act
        if state.phase == "auction" and viewer is not None:
            self.space = min(self.space, len(state.offer))
            self.amount = min(self.amount, state.boards[viewer].coins)
        self._clamp()
        self.refresh()

    def laying(self) -> bool:
        """True while the viewer lays a piece by keys."""
        st = self.state
        return bool(st and self.can_act and st.phase in ("lay", "place_won") and st.actor == self.viewer)

    def bidding(self) -> bool:
        """True while the viewer builds a sealed auction choice."""
        st = self.state
        return bool(st and self.can_act and st.phase == "auction" and self.viewer in st.to_act())

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

    def preview(self) -> tuple[int, bool, str]:
        """(cells, fits, notation) of the piece as previewed."""
        anchor = self.row * W + self.col
        mask = shape_mask(self.shape(), anchor) or 0
        occ = self.state.boards[self.viewer].occupied()
        code = "" if self.state.hand_kind == "stone" else ORIENT_CODES[self.code]
        return mask, not mask & occ, cell_name(anchor) + code

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
        if self.laying() and self.state.phase == "place_won":
            self.post_message(MoveChosen("res"))

    def action_confirm(self) -> None:
        if self.bidding():
            text = "withdraw" if self.space == 0 else f"bid{self.space}-{self.amount}"
            self.post_message(MoveChosen(text))
        elif self.laying():
            _, fits, text = self.preview()
            if fits:
                self.post_message(MoveChosen(text))
            else:
                self.notify("It does not fit there: move, turn or flip it.", timeout=3)

    def _changed(self) -> None:
        self.refresh()
        view = self.parent
        while view is not None and not isinstance(view, GameView):
            view = view.parent
        if view is not None:
            view.update_action()

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
            for c in range(W * H):
                if mask >> c & 1:
                    grid[c // W][c % W] = (ch, style + (" reverse" if hi else ""))
        if self.laying():
            mask, fits, _ = self.preview()
            occ = b.occupied()
            for c in range(W * H):
                if mask >> c & 1:
                    bad = bool(occ >> c & 1)
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
        self.state, self.viewer, self.names, self.can_act = state, viewer, names, can_act
        zone = self.query_one(ZoneView)
        zone.set_state(state, viewer, can_act)
        self._put("#sm-top", self.top_text())
        self._put("#sm-side", self.side_text())
        choices = self.query_one("#sm-choices", OptionList)
        choices.clear_options()
        acting = can_act and viewer is not None and viewer in state.to_act()
        by_keys = state.phase in ("auction", "lay", "place_won")
        choices.display = acting and not by_keys
        if acting and not by_keys:
            opts = []
            for m in state.legal(viewer):
                text = format_move(m)
                opts.append(Option(f"{text:<11} {describe(state, m)}", id=text))
            choices.add_options(opts)
            choices.highlighted = 0 if opts else None
            choices.focus()
        elif acting:
            zone.focus()
        self.update_action()

    def update_action(self) -> None:
        """The line that says what to do and what the previewed move is."""
        st = self.state
        if st is None:
            return
        zone = self.query_one(ZoneView)
        t = Text()
        if st.phase == "over":
            t.append(f"Game over: {st.end_reason}.", "bold")
        elif self.viewer is None or self.viewer not in st.to_act() or not self.can_act:
            waiting = ", ".join(self._who(s) for s in st.to_act())
            t.append(f"Waiting for {waiting}.", "dim")
        elif zone.bidding():
            coins = st.boards[self.viewer].coins
            if zone.space == 0:
                t.append(f"Withdraw (+{_coins(d.WITHDRAW_COINS)})", "bold")
            else:
                blk = BLOCK_TYPES[st.offer[zone.space - 1]]
                t.append(f"Space {zone.space} ({blk}), bid {zone.amount} of {coins}", "bold")
            t.append("\n←→ space (0 withdraw)  ↑↓ bid  Enter seal", "dim")
        elif zone.laying():
            _, fits, text = zone.preview()
            cost = "free" if st.phase == "place_won" else "paid"
            t.append(f"Lay {st.hand_kind} at {text} ({cost})", "bold")
            t.append("  fits" if fits else "  does not fit", "green" if fits else "bold red")
            keys = "\narrows move  r turn  f flip  Enter lay"
            t.append(keys + ("  v reserve" if st.phase == "place_won" else ""), "dim")
        else:
            t.append(st.prompt(self.viewer), "bold")
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
        t.append(f" · first {st.first + 1} {way} · Order {order} · Market {market} · {st.phase}\n")
        t.append("   name        ★  $  #  res  drafted M O S K X\n", "dim")
        acting = st.to_act()
        for s, b in enumerate(st.boards):
            mark = "▶" if s in acting else " "
            t.append(f"{mark}{s + 1} ")
            t.append(f"{self._who(s)[:10]:<10}", SEAT_STYLE[s % 5])
            res = "".join(ch * k for ch, k in zip(BLOCK_TYPES, b.reserve)) or "-"
            dr = " ".join(str(n) for n in b.drafted)
            extra = f"+{len(b.face_down)}?" if b.face_down else ""
            state = ""
            if st.phase == "draft":
                state = "chosen" if b.pick is not None else "…"
            elif st.phase == "auction":
                state = "chosen" if b.bid is not None else "…"
            elif b.won is not None:
                state = f"won {BLOCK_TYPES[b.won]}"
            t.append(f" {b.prestige:>2} {b.coins:>2} {b.stones:>2}  {res:<4} {dr}{extra} {state}\n")
        return t

    def side_text(self) -> Text:
        st = self.state
        mode = self.side_mode
        if mode == "auto":
            if st.phase in ("direction", "draft", "pair", "tie"):
                return self._draft_text()
            if st.phase in ("market", "auction", "auction_tie"):
                return self._auction_text()
            return self._structures_text(0)
        if mode.startswith("structures"):
            return self._structures_text(int(mode[-1]))
        return self._zones_text()

    def _draft_text(self) -> Text:
        st = self.state
        t = Text()
        if self.viewer is not None:
            b = st.boards[self.viewer]
            hand = " ".join(CARD_SHORT[c] if c != HIDDEN else "?" for c in b.hand) or "-"
            t.append("Your hand: ", "bold")
            t.append(hand + "\n")
            if b.pick is not None and b.pick != HIDDEN:
                t.append(f"Sealed pick: {CARD_TYPES[b.pick]}\n", "bold green")
            if b.face_down:
                t.append("Face down: " + " ".join(CARD_SHORT[c] for c in b.face_down if c != HIDDEN) + "\n")
        t.append(f"Pick {st.pick_no}/5 · leaders:\n" if st.phase == "draft" else "Majority leaders:\n")
        for name, card in (("Order", ORDER), ("Stone", STONE), ("Market", MARKET)):
            counts = [b.effective(card) for b in st.boards]
            top = max(counts)
            lead = [str(s + 1) for s, c in enumerate(counts) if c == top and top > 0]
            t.append(f" {name:<6} {top} by {','.join(lead) or '-'}\n")
        t.append("Structures: t", "dim")
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
        if st.revealed and st.phase != "auction":
            parts = []
            for s, x in enumerate(st.revealed):
                if x is None or x[0] == HIDDEN:
                    continue
                parts.append(f"{s + 1}:{'out' if x[0] == 0 else f'{x[0]}/{x[1]}'}")
            t.append("Bids: " + " ".join(parts) + "\n", "dim")
        elif st.phase == "auction":
            t.append("Dice and bids are hidden until all have chosen\n", "dim")
        t.append(f"Supply: {' '.join(f'{ch}{k}' for ch, k in zip(BLOCK_TYPES, st.supply))}")
        return t

    def structure_pages(self) -> list[list[str]]:
        """The structures still to claim, in pages that fit the side panel."""
        st = self.state
        avail = [s.id for i, s in enumerate(d.TOWNS) if st.town_supply[i]]
        avail += [sid for sid in st.sanctuaries if st.sanctuary_owner(sid) is None]
        pages: list[list[str]] = [[]]
        used = 0
        for sid in avail:
            w = max(5, max(len(r) for r in d.STRUCTURES[sid].picture)) + 1
            if used + w > SIDE_WIDTH and pages[-1]:
                pages.append([])
                used = 0
            pages[-1].append(sid)
            used += w
        return pages

    def _structures_text(self, page: int) -> Text:
        pages = self.structure_pages()
        page = min(page, len(pages) - 1)
        band = [(sid, structure_lines(sid)) for sid in pages[page]]
        widths = [max(5, max(len(r) for r in pic)) + 1 for _, pic in band]
        t = Text()
        t.append("".join(f"{d.STRUCTURES[sid].title[:w - 1]:<{w}}" for (sid, _), w in zip(band, widths)).rstrip(),
                 "bold")
        t.append("\n")
        rows = max((len(p) for _, p in band), default=0)
        for r in range(rows):
            line = "".join(f"{(p[r] if r < len(p) else ''):<{w}}" for (_, p), w in zip(band, widths))
            t.append(line.rstrip() + "\n")
        if len(pages) > 1:
            t.append(f"page {page + 1}/{len(pages)} (t: next)", "dim")
        return t

    def _zones_text(self) -> Text:
        st = self.state
        t = Text()
        others = [s for s in range(st.num_players) if s != self.viewer]
        t.append("  ".join(f"{s + 1}:{self._who(s)[:4]:<4}" for s in others) + "\n", "bold")
        for r in range(H):
            for s in others:
                row = ["."] * W
                for kind, mask in st.boards[s].construction:
                    for c in range(W):
                        if mask >> (r * W + c) & 1:
                            row[c] = "#" if kind == "stone" else kind
                for ch in row:
                    t.append(ch, BLOCK_STYLE.get(ch, BLOCK_STYLE["stone"] if ch == "#" else "dim"))
                t.append("  ")
            t.append("\n")
        return t

    # ------------------------------------------------------- messages up
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
            if cell is not None:
                i = st.boards[self.viewer].piece_at(cell)
                if i is not None:
                    zone.highlight = st.boards[self.viewer].construction[i][1]
            if isinstance(move, Claim):
                for sid, idx in st.claimable(st.boards[self.viewer]):
                    if sid == move.sid:
                        for i in idx:
                            zone.highlight |= st.boards[self.viewer].construction[i][1]
        zone.refresh()

    def action_toggle_side(self) -> None:
        """Cycle the side panel: by phase, each page of structures, the other zones."""
        if self.state is None:
            return
        order = ["auto"] + [f"structures:{i}" for i in range(len(self.structure_pages()))] + ["zones"]
        at = order.index(self.side_mode) if self.side_mode in order else 0
        self.side_mode = order[(at + 1) % len(order)]
        self._put("#sm-side", self.side_text())
