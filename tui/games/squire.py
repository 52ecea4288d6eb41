"""Squire in the TUI: the map drawn as a graph (cities in region brackets
and colours, the tile in each city, pawns, road · and sea ~ routes), the
market with prices, the gallery, money, cards and the running score.

Keys build a turn step by step: arrows move the cursor over the map (or over
the gallery, or down a list of choices), Enter chooses (a far city: the
route's next step, again and again until there), b / s buy or sell where the
pawn stands, d ends an optional step, Tab shows your cards, then all players.
Everything readable without colour: brackets name the region, letters the
rarity type. Every rule question goes to the state (`legal`,
`describe_move`, `why_illegal`, `route`, `step_ticket`).
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget

from engine.core import seat_name
from rulesets.squire import content as K
from rulesets.squire.moves import BUY, DONE, SELL, Go, Space
from rulesets.squire.state import ADJ, EMPTY, SquireState, errand_text, offer_text, tile_code
from rulesets.squire.state import _n
from tui.games.base import MoveChosen, arrow_bindings

MIN_WIDTH = 57
"""The narrowest board; it uses whatever width it is given beyond that."""
MAP_ROWS = 13
LEFT = 36
"""Width of the gallery column under the map (the market is to its right)."""
BRACKETS = ("()", "{}", "[]", "<>", "||")
"""Region of a city without colour: (red) {yellow} [green] <purple> |blue|."""
REGION_STYLE = ("bold white on dark_red", "bold black on yellow", "bold white on dark_green",
                "bold white on purple", "bold white on blue")
TILE_STYLE = ("bold red", "bold yellow", "bold green", "bold magenta", "bold blue")
SEAT_MARK = "1234"
LAST_MARK = "*"
"""Put after the city where the last move was made."""
CURSOR = Style.parse("bold black on bright_white")
LEGAL = Style.parse("underline")
DIM = Style.parse("bright_black")
PANELS = ("map", "cards", "players")
"""What Tab cycles through."""

LAYOUT = {
    "british-isles": {
        "inv": (24, 0), "gla": (11, 2), "edi": (34, 2), "bel": (0, 4), "man": (24, 5), "yor": (44, 5),
        "dub": (0, 7), "hol": (12, 7), "bir": (30, 8), "cor": (0, 10), "swa": (12, 10), "bri": (28, 11),
        "lon": (44, 9), "car": (14, 12), "can": (45, 12),
    },
    "world": {
        "lon": (22, 0), "nyc": (10, 2), "sfo": (2, 5), "par": (22, 3), "vie": (34, 1), "tok": (46, 0),
        "sam": (46, 3), "con": (33, 4), "tim": (20, 7), "cai": (33, 7), "bag": (46, 6), "rio": (8, 9),
        "cal": (46, 9), "cap": (22, 11), "syd": (36, 12),
    },
}
"""Where each city's label starts on the map canvas (column, row) at the
narrowest width; wider boards spread the columns."""
WRAPPED = {"world": {frozenset(("tok", "sfo"))}}
"""Routes drawn round the edge of the map (across the Pacific): out of the
right edge from the eastern city, in from the left edge to the western one."""

TICKET_SHORT = {"Royal ticket": "Royal", "common ticket": "ticket", "free sea crossing": "free"}

KEYS_HELP = """
## Squire keys

| key | does |
|---|---|
| arrows / h j k l | move the cursor: over the map, the gallery or a list |
| Enter | travel to (or start in) the city under the cursor; for a city further away, take the next step of the route shown (press Enter again for each step: the cursor stays on the target) — or choose the highlighted item |
| b / s | buy / sell the rarity where your pawn stands |
| d | done: end an optional step (offers, errands) |
| Tab | switch between the map, your cards (offers and errands in full) and all players |

Map: `(lon r4)12` is London, a city of the red region, holding a red
painting worth 4, with the pawns of players 1 and 2. Region brackets:
`(red)` `{yellow}` `[green]` `<purple>` `|blue|`. Routes: `·` road, `~` sea;
`~»` and `»~` at the edges are one sea route round the world. `*` marks the
city of the last move. Tiles: `r` painting, `y` map, `g` sculpture, `p` book,
`b` ceramic, then the VP. The route line shows each step and the ticket it
takes (Royal: your Royal ticket, kept; ticket: a common one, spent; free: the
Stag's free sea crossing).

Gallery: floors 3 (top) to 1, columns a–d; an empty space shows its hall
bonus (`$2` two coins, `t1` one ticket). Completing column a gives a Royal
ticket, column d a Royal coin, floor 2 a bigger hand, floor 3 a rarity from
the discard pile. Money: `coins 10+1 Royal` is 10 common coins and 1 Royal
coin (Royal ones are kept when used). Market (`region $ rarity`): a
rarity's price is the `$` of its city's region row plus the `$` of its
type's row. The head line gives your VP if the game ended now.
"""


def _line(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Cells of a straight line (Bresenham)."""
    out = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        out.append((x0, y0))
        if x0 == x1 and y0 == y1:
            return out
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


class SquireBoard(Widget, can_focus=True):
    """Map, market, gallery and choices in one widget; posts MoveChosen."""

    BINDINGS = [
        *arrow_bindings(lambda dx, dy, d: f"arrow({dx},{dy})"),
        Binding("enter", "choose", "Choose"),
        Binding("b", "trade(True)", "Buy"),
        Binding("s", "trade(False)", "Sell"),
        Binding("d", "done", "Done"),
        Binding("tab", "toggle", "Map/Cards/Players"),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.state: SquireState | None = None
        self.viewer: int | None = None
        self.names: Sequence[str] = ()
        self.can_act = False
        self.cursor = 0
        """City under the map cursor."""
        self.target: int | None = None
        """The far city a journey is under way to (Enter takes its next step)."""
        self.space = 0
        """Gallery space under the cursor (gallery step)."""
        self.pick = 0
        """Highlighted item of a choice list."""
        self.panel = "map"
        """What is shown above the gallery: the map, your cards or all players."""
        self.note = ""
        """Why the last key was refused (shown until the next key)."""
        self.last: tuple[int, str] | None = None
        """The last move made: (seat, notation)."""

    # --------------------------------------------------------------- state
    def set_state(self, state: SquireState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """New position to draw."""
        if viewer != self.viewer:  # another person's screen: nothing of the last one's carries over
            self.panel, self.target = "map", None
        self.state, self.viewer, self.names, self.can_act = state, viewer, names, can_act
        self.pick = 0
        self.note = ""
        pos = state.players[viewer].pos if viewer is not None else -1
        travelling = (
            self.target is not None and can_act and state.phase == "move" and pos != self.target
            and state.route(viewer, self.target)
        )
        if travelling:
            self.cursor = self.target  # Enter goes on along the route
        else:
            self.target = None
            if pos >= 0:
                self.cursor = pos
        if can_act and state.phase == "gallery":
            free = [i for i in range(12) if state.players[viewer].gallery[i] == EMPTY]
            self.space = free[0] if free else 0
        self.refresh()

    def mark_last(self, seat: int, notation: str) -> None:
        """The last move was `seat`'s `notation`: mark its city on the map
        (seat None: no move yet, nothing to mark)."""
        self.last = None if seat is None else (seat, notation)
        self.refresh()

    def legal(self) -> list[Any]:
        """The viewer's legal moves (none when not acting)."""
        if not self.can_act or self.state is None or self.viewer is None:
            return []
        return self.state.legal(self.viewer)

    def choices(self) -> list[Any]:
        """The list shown in a list step (not move or gallery)."""
        st = self.state
        if st is None or st.phase in ("move", "gallery", "over"):
            return []
        return self.legal()

    def _post(self, move: Any) -> None:
        assert self.state is not None
        self.post_message(MoveChosen(self.state.format_move(move)))

    def _refuse(self, move: Any) -> None:
        """Ring and say why `move` is not possible now."""
        st = self.state
        self.app.bell()
        if st is not None and self.viewer is not None and self.can_act:
            self.note = st.why_illegal(self.viewer, move) or ""
        elif st is not None:
            self.note = "not your turn to decide" if not st.is_over() else "the game is over"
        self.refresh()

    # ------------------------------------------------------------- actions
    def action_arrow(self, dx: int, dy: int) -> None:
        st = self.state
        if st is None:
            return
        self.note = ""
        if st.phase == "gallery" and self.can_act and self.panel == "map":
            f, c = divmod(self.space, 4)
            f = min(2, max(0, f - dy))  # up is a higher floor
            c = min(3, max(0, c + dx))
            self.space = f * 4 + c
        elif self.choices():
            self.pick = (self.pick + (dy or dx)) % len(self.choices())
        else:
            self.cursor = self._nearest(dx, dy)
            self.target = None
        self.refresh()

    def _nearest(self, dx: int, dy: int) -> int:
        st = self.state
        assert st is not None
        pos = LAYOUT[st.map_key]
        codes = [c.code for c in st.game_map.cities]
        x0, y0 = pos[codes[self.cursor]]
        best, best_d = self.cursor, None
        for i, code in enumerate(codes):
            x, y = pos[code]
            ax, ay = (x - x0), (y - y0) * 3  # rows are taller than columns
            along = ax * dx + ay * dy
            if along <= 0:
                continue
            d = along + 2 * abs(ax * dy + ay * dx)
            if best_d is None or d < best_d:
                best, best_d = i, d
        return best

    def action_choose(self) -> None:
        st = self.state
        legal = self.legal()
        if st is None or not legal:
            if st is not None:
                self._refuse(DONE)
            return
        if st.phase == "move":
            mv = Go(self.cursor)
            if mv in legal:
                self._post(mv)
                return
            route = st.route(self.viewer, self.cursor) if self.viewer is not None else []
            if route:  # a city further away: the route's next step; the cursor stays on the target
                self.target = self.cursor
                self._post(Go(route[0][0]))
            else:
                self._refuse(mv)
        elif st.phase == "gallery":
            mv = Space(self.space)
            if mv in legal:
                self._post(mv)
            else:
                self._refuse(mv)
        else:
            items = self.choices()
            if items:
                self._post(items[self.pick % len(items)])

    def action_trade(self, buy: bool) -> None:
        mv = BUY if buy else SELL
        if mv in self.legal():
            self._post(mv)
        else:
            self._refuse(mv)

    def action_done(self) -> None:
        if DONE in self.legal():
            self._post(DONE)
        else:
            self._refuse(DONE)

    def action_toggle(self) -> None:
        self.panel = PANELS[(PANELS.index(self.panel) + 1) % len(PANELS)]
        self.refresh()

    # -------------------------------------------------------------- render
    @property
    def _cols(self) -> int:
        """The columns the board may use: all it is given."""
        return max(MIN_WIDTH, self.size.width)

    def render(self) -> Text:
        st = self.state
        if st is None:
            return Text("")
        rows: list[Text] = []
        if self.panel == "players":  # the whole height: every player's table
            rows += self._table_rows()
        elif self.panel == "cards":
            rows += self._card_rows()
        elif self.choices():
            rows += self._choice_rows()
        else:
            rows += self._map_rows()
            rows.append(self._info_row())
        if self.panel != "players":
            rows += self._bottom_rows()
        out = Text()
        height = max(21, self.size.height)
        for i, r in enumerate(rows[:height]):
            if i:
                out.append("\n")
            r.truncate(self._cols)
            out.append_text(r)
        return out

    def _who(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else seat_name(seat)

    def _last_city(self) -> int:
        """Where the last move was made: its player's pawn (-1 if none)."""
        st = self.state
        if st is None or self.last is None or not 0 <= self.last[0] < st.num_players:
            return -1
        return st.players[self.last[0]].pos

    def _label(self, i: int) -> Text:
        st = self.state
        assert st is not None
        c = st.game_map.cities[i]
        o, cl = BRACKETS[c.region]
        t = Text()
        t.append(o + c.code, REGION_STYLE[c.region])
        t.append(" ")
        tile = st.cities[i]
        coloured = isinstance(tile, int) and tile >= 0
        t.append(tile_code(tile), TILE_STYLE[K.TILE_COLOUR[tile]] if coloured else "")
        t.append(cl, REGION_STYLE[c.region])
        pawns = "".join(SEAT_MARK[s] for s, p in enumerate(st.players) if p.pos == i)
        t.append(pawns, "bold reverse")
        if i == self._last_city():
            t.append(LAST_MARK, "bold")
        return t

    def _xs(self) -> dict[str, int]:
        """Each city's label column at this width (the map spreads out)."""
        st = self.state
        assert st is not None
        room = min(self._cols, 90) - 13
        return {code: x * room // 44 for code, (x, _) in LAYOUT[st.map_key].items()}

    def _map_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        w = self._cols
        xs = self._xs()
        pos = {code: (xs[code], y) for code, (_, y) in LAYOUT[st.map_key].items()}
        codes = [c.code for c in st.game_map.cities]
        wrapped = WRAPPED.get(st.map_key, set())
        grid = [[" "] * w for _ in range(MAP_ROWS)]
        for a in range(15):
            for b, sea in ADJ[st.map_key][a]:
                if b < a:
                    continue
                (xa, ya), (xb, yb) = pos[codes[a]], pos[codes[b]]
                mark = "~" if sea else "·"
                if frozenset((codes[a], codes[b])) in wrapped:
                    (xe, ye), (xw, yw) = ((xa, ya), (xb, yb)) if xa > xb else ((xb, yb), (xa, ya))
                    cells = [(x, ye) for x in range(xe + 4, w)] + [(x, yw) for x in range(0, xw + 4)]
                    grid[ye][w - 1] = grid[yw][0] = "»"
                else:
                    cells = _line(xa + 4, ya, xb + 4, yb)
                for x, y in cells:
                    if 0 <= x < w and 0 <= y < MAP_ROWS and grid[y][x] == " ":
                        grid[y][x] = mark
        texts = [Text("".join(r), DIM) for r in grid]
        go = {m.city for m in self.legal() if isinstance(m, Go)}
        for i, code in enumerate(codes):
            x, y = pos[code]
            lab = self._label(i)
            if i == self.cursor:
                lab.stylize(CURSOR, 0, len(lab))
            elif i in go:
                lab.stylize(LEGAL, 0, len(lab))
            row = texts[y]
            new = Text()
            new.append_text(row[:x])
            new.append_text(lab)
            new.append_text(row[x + len(lab):])
            new.truncate(w)
            texts[y] = new
        return texts

    def _info_row(self) -> Text:
        """The city under the cursor, and what Enter, b and s would do."""
        st = self.state
        assert st is not None
        t = Text()
        if self.note:
            t.append(f"✗ {self.note}", "bold")
            return t
        legal = self.legal()
        if st.phase == "gallery" and self.can_act and self.viewer is not None:
            t.append(st.describe_move(Space(self.space), self.viewer).capitalize() + " · Enter", "bold")
            return t
        c = st.game_map.cities[self.cursor]
        tile = st.cities[self.cursor]
        t.append(f"▸{c.name} {BRACKETS[c.region][0]}{K.COLOUR_NAMES[c.region]}{BRACKETS[c.region][1]} ")
        if isinstance(tile, int) and tile >= 0:
            t.append(f"{K.TYPE_NAMES[K.TILE_COLOUR[tile]]} {K.TILE_VALUE[tile]}VP ", TILE_STYLE[K.TILE_COLOUR[tile]])
        me = self.viewer
        here = me is not None and st.players[me].pos == self.cursor
        if here and (BUY in legal or SELL in legal):  # only where the pawn stands: b and s trade here
            buy = f"[b]uy {st.price(me, self.cursor, True)}" if BUY in legal else "(cannot buy)"
            t.append(f" {buy} [s]ell {st.price(me, self.cursor, False)}", "bold")
        if st.phase != "move" or me is None or not legal:
            return t
        mv = Go(self.cursor)
        if mv in legal:
            if st.players[me].pos < 0:
                t.append(" Enter: start here", "bold")
            else:  # a step: say which ticket it takes
                t.append(f" Enter: go ({TICKET_SHORT[st.step_ticket(me, self.cursor)]})", "bold")
        elif not here:
            route = st.route(me, self.cursor)
            if route:  # further away: the route and each step's ticket
                steps = " ".join(f"{st.game_map.cities[c].code}:{TICKET_SHORT[k]}" for c, k in route)
                reached = route[-1][0] == self.cursor
                t.append(f" route {steps}{'' if reached else ' …'}", "bold")
        return t

    def _choice_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        me = self.viewer if self.viewer is not None else st.actor
        rows = [Text(st.prompt(st.actor), "bold")]
        items = self.choices()
        sel = self.pick % len(items)
        for k, mv in enumerate(items[: MAP_ROWS - 4]):
            r = Text(("▶ " if k == sel else "  ") + st.describe_move(mv, me))
            if k == sel:
                r.stylize(CURSOR)
            rows.append(r)
        rows.append(Text(""))
        full = f"{st.describe_move(items[sel], me)} (notation: {st.format_move(items[sel])})"
        rows += [Text(line) for line in _wrap(full, self._cols)[:3]]
        while len(rows) < MAP_ROWS + 1:
            rows.append(Text(""))
        return rows[: MAP_ROWS + 1]

    def _card_rows(self) -> list[Text]:
        """The viewer's cards in full, with what each errand scores now."""
        st = self.state
        assert st is not None
        rows = []
        if self.viewer is None:
            rows.append(Text("Hands are hidden from spectators.", "bold"))
        else:
            p = st.players[self.viewer]
            rows.append(Text(f"Your cards ({len(p.hand)} of {st.hand_limit(self.viewer)}): "
                             "use the offer on a trade, or the errand at a sculpture exhibition", "bold"))
            for c in p.hand:
                card = K.CARD_BY_ID[c]
                rows.append(Text(f"card {c} offer: {offer_text(card)}"))
                rows.append(Text(f"   or errand: {errand_text(card)} ({st.errand_points(c, self.viewer)} VP now)"))
            if p.errands:
                rows.append(Text(f"Errands you run ({len(p.errands)} of {st.errand_limit(self.viewer)}):", "bold"))
                rows += [Text(f"  {c}: {errand_text(K.CARD_BY_ID[c])} ({st.errand_points(c, self.viewer)} VP now)")
                         for c in p.errands]
        while len(rows) < MAP_ROWS + 1:
            rows.append(Text(""))
        return rows[: MAP_ROWS + 1]

    def _gallery_rows(self, seat: int) -> list[Text]:
        st = self.state
        assert st is not None
        p = st.players[seat]
        rows = []
        placing = st.phase == "gallery" and self.can_act and seat == self.viewer
        for f in (2, 1, 0):
            r = Text(f"{f + 1}")
            for c in range(4):
                i = f * 4 + c
                t = p.gallery[i]
                hall = K.HALLS.get(i)
                if t >= 0:
                    cell = Text(f" {tile_code(t)} ", TILE_STYLE[K.TILE_COLOUR[t]])
                elif hall:
                    cell = Text(f" {'$' if hall[0] == 'coins' else 't'}{hall[1]} ", DIM)
                else:
                    cell = Text(" .. ", DIM)
                if placing and i == self.space:
                    cell.stylize(CURSOR)
                r.append("|")
                r.append_text(cell)
            r.append("|")
            rows.append(r)
        rows.append(Text("   a    b    c    d  $=coin t=ticket", DIM))
        return rows

    def _money(self, seat: int) -> str:
        """'coins 5+1 Royal tickets 0+1 Royal'."""
        p = self.state.players[seat]  # type: ignore[union-attr]
        return f"coins {p.coins}+{p.royal_coins} Royal  tickets {p.tickets}+{p.royal_tickets} Royal"

    def _bottom_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        seat = self.viewer if self.viewer is not None else st.seat
        p = st.players[seat]
        board = K.BOARDS[p.board].name.split(",")[0].removeprefix("The ") if p.board >= 0 else "plain board"
        head = Text(f"{SEAT_MARK[seat]} {self._who(seat)[:12]} · {board} · {st.score_now(seat)} VP now", "bold")
        if st.token == seat:
            head.append(" · Exhibition token", "bold reverse")
        head.append(f" · supply {len(st.supply)}")
        left = self._gallery_rows(seat)
        left.append(Text(self._money(seat)))
        hand = f"cards {len(p.hand)} of {st.hand_limit(seat)} (Tab)" if self.viewer is not None else f"cards {len(p.hand)}"
        left.append(Text(f"{hand} · errands {len(p.errands)} of {st.errand_limit(seat)}"))
        right = [Text("region   $ rarity", "bold")]
        for row, price in enumerate(K.MARKET_PRICES):
            r, t = st.market_regions[row], st.market_types[row]
            line = Text()
            line.append(f"{BRACKETS[r][0]}{K.COLOUR_NAMES[r]:<6}{BRACKETS[r][1]}", REGION_STYLE[r])
            line.append(f" {price} ")
            line.append(f"{K.COLOURS[t]} {K.TYPE_PLURALS[t]}", TILE_STYLE[t])
            right.append(line)
        rows = [head]
        for k in range(max(len(left), len(right))):
            a = left[k].copy() if k < len(left) else Text("")
            a.truncate(LEFT, pad=True)
            if k < len(right):
                a.append_text(right[k])
            rows.append(a)
        return rows

    def _table_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        rows = []
        for s, p in enumerate(st.players):
            board = K.BOARDS[p.board].key if p.board >= 0 else "plain"
            where = st.game_map.cities[p.pos].code if p.pos >= 0 else "-"
            turn = "▶" if s == st.seat and st.phase != "over" else " "
            tok = " · Exhibition token" if s == st.token else ""
            rows.append(Text(f"{turn}{SEAT_MARK[s]} {self._who(s)[:10]} {board} at {where} · {st.score_now(s)} VP"
                             f" · {_n(len(p.hand), 'card')}{tok}", "bold"))
            rows.append(Text("   gallery " + "  ".join(
                f"{f + 1}:" + " ".join(tile_code(t) if t >= 0 else ".." for t in p.gallery[f * 4:f * 4 + 4])
                for f in (2, 1, 0))))
            rows.append(Text(f"   {self._money(s)}"))
            rows += [Text(f"   errand {c}: {errand_text(K.CARD_BY_ID[c])} ({st.errand_points(c, s)} VP now)")
                     for c in p.errands]
        return rows


def _wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


class GameView(Vertical):
    """The Squire board view the game screen mounts."""

    KEYS_HELP = KEYS_HELP
    DEFAULT_CSS = """
    GameView { width: 2fr; min-width: 59; max-width: 100%; height: 1fr; }
    SquireBoard { width: 1fr; height: 1fr; min-width: 57; }
    """

    def compose(self) -> ComposeResult:
        yield SquireBoard()

    def show(self, state: SquireState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (already `viewer`'s view); keys act if `can_act`."""
        board = self.query_one(SquireBoard)
        board.set_state(state, viewer, names, can_act)
        if can_act:
            board.focus()

    def mark_last(self, seat: int, notation: str) -> None:
        """Mark the last move (`seat` played `notation`) on the map."""
        self.query_one(SquireBoard).mark_last(seat, notation)
