"""Squire in the TUI: the map drawn as a graph (cities in region brackets
and colours, the tile in each city, pawns, road · and sea ~ routes), the
market with prices, the galleries, the player's hand, money and the token.

Keys build a turn step by step: arrows move the cursor over the map (or over
the gallery, or down a list of choices), Enter chooses, b / s buy or sell
where the pawn stands (the prices are shown), d ends an optional step, Tab
switches between the map and the table of all players. Everything readable
without colour: brackets name the region, letters the rarity type.
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget

from rulesets.squire import content as K
from rulesets.squire.moves import BUY, DONE, SELL, Go, Space, space_name
from rulesets.squire.state import ADJ, EMPTY, SquireState, errand_text, offer_text, tile_code
from tui.games.base import MoveChosen, arrow_bindings

WIDTH = 57
MAP_ROWS = 13
BRACKETS = ("()", "{}", "[]", "<>", "||")
"""Region of a city without colour: (red) {yellow} [green] <purple> |blue|."""
REGION_STYLE = ("bold white on dark_red", "bold black on yellow", "bold white on dark_green",
                "bold white on purple", "bold white on blue")
TILE_STYLE = ("bold red", "bold yellow", "bold green", "bold magenta", "bold blue")
SEAT_MARK = "1234"
CURSOR = Style.parse("bold black on bright_white")
LEGAL = Style.parse("underline")
DIM = Style.parse("bright_black")

LAYOUT = {
    "british-isles": {
        "inv": (24, 0), "gla": (11, 2), "edi": (34, 2), "bel": (0, 4), "man": (24, 5), "yor": (44, 5),
        "dub": (0, 7), "hol": (12, 7), "bir": (30, 8), "cor": (0, 10), "swa": (12, 10), "bri": (28, 11),
        "lon": (44, 9), "car": (14, 12), "can": (45, 12),
    },
    "world": {
        "lon": (22, 0), "nyc": (10, 2), "sfo": (0, 5), "par": (22, 3), "vie": (34, 1), "tok": (46, 0),
        "sam": (46, 3), "con": (33, 4), "tim": (20, 7), "cai": (33, 7), "bag": (46, 6), "rio": (8, 9),
        "cal": (46, 9), "cap": (22, 11), "syd": (36, 12),
    },
}
"""Where each city's label starts on the map canvas (column, row)."""

KEYS_HELP = """
## Squire keys

| key | does |
|---|---|
| arrows / h j k l | move the cursor: over the map, the gallery or a list |
| Enter | travel to (or start in) the city under the cursor — for a city further away, take the first step of the route shown (`route sam:R tok:t`: each step and its ticket, R Royal, t common, free sea) — or choose the highlighted item |
| b / s | buy / sell the rarity where your pawn stands |
| d | done: end an optional step (offers, errands) |
| Tab | switch between the map and the table of all players |

Map: `(lon r4)12` is London, a red region city (brackets: (red) {yellow}
[green] <purple> |blue|), holding a red painting worth 4, with pawns of
players 1 and 2. Routes: `·` road, `~` sea. Tiles: r painting, y map,
g sculpture, p book, b ceramic, then the VP.
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

    DEFAULT_CSS = """
    SquireBoard { width: 58; height: 21; }
    """

    BINDINGS = [
        *arrow_bindings(lambda dx, dy, d: f"arrow({dx},{dy})"),
        Binding("enter", "choose", "Choose"),
        Binding("b", "trade(True)", "Buy"),
        Binding("s", "trade(False)", "Sell"),
        Binding("d", "done", "Done"),
        Binding("tab", "toggle", "Map/Table"),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.state: SquireState | None = None
        self.viewer: int | None = None
        self.names: Sequence[str] = ()
        self.can_act = False
        self.cursor = 0
        """City under the map cursor."""
        self.space = 0
        """Gallery space under the cursor (gallery step)."""
        self.pick = 0
        """Highlighted item of a choice list."""
        self.table = False
        """Show the table of all players instead of the map."""

    # --------------------------------------------------------------- state
    def set_state(self, state: SquireState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """New position to draw."""
        self.state, self.viewer, self.names, self.can_act = state, viewer, names, can_act
        self.pick = 0
        if viewer is not None and state.players[viewer].pos >= 0:
            self.cursor = state.players[viewer].pos
        if can_act and state.phase == "gallery":
            free = [i for i in range(12) if state.players[viewer].gallery[i] == EMPTY]
            self.space = free[0] if free else 0
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

    # ------------------------------------------------------------- actions
    def action_arrow(self, dx: int, dy: int) -> None:
        st = self.state
        if st is None:
            return
        if st.phase == "gallery" and self.can_act:
            f, c = divmod(self.space, 4)
            f = min(2, max(0, f - dy))  # up is a higher floor
            c = min(3, max(0, c + dx))
            self.space = f * 4 + c
        elif self.choices():
            self.pick = (self.pick + (dy or dx)) % len(self.choices())
        else:
            self.cursor = self._nearest(dx, dy)
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
            return
        if st.phase == "move":
            mv = Go(self.cursor)
            route = st.route(self.viewer, self.cursor) if self.viewer is not None else []
            if mv in legal:
                self._post(mv)
            elif route:  # a city further away: take the first step of the route
                self._post(Go(route[0][0]))
            elif self.viewer is not None and st.players[self.viewer].pos == self.cursor and SELL in legal:
                self.app.bell()
        elif st.phase == "gallery":
            mv = Space(self.space)
            if mv in legal:
                self._post(mv)
            else:
                self.app.bell()
        else:
            items = self.choices()
            if items:
                self._post(items[self.pick % len(items)])

    def action_trade(self, buy: bool) -> None:
        mv = BUY if buy else SELL
        if mv in self.legal():
            self._post(mv)
        else:
            self.app.bell()

    def action_done(self) -> None:
        if DONE in self.legal():
            self._post(DONE)

    def action_toggle(self) -> None:
        self.table = not self.table
        self.refresh()

    # -------------------------------------------------------------- render
    def render(self) -> Text:
        st = self.state
        if st is None:
            return Text("")
        rows: list[Text] = []
        if self.table:
            rows += self._table_rows()
        elif self.choices():
            rows += self._choice_rows()
        else:
            rows += self._map_rows()
            rows.append(self._info_row())
        rows += self._bottom_rows()
        out = Text()
        for i, r in enumerate(rows[:21]):
            if i:
                out.append("\n")
            r.truncate(WIDTH)
            out.append_text(r)
        return out

    def _label(self, i: int) -> Text:
        st = self.state
        assert st is not None
        c = st.game_map.cities[i]
        o, cl = BRACKETS[c.region]
        t = Text()
        t.append(o + c.code, REGION_STYLE[c.region])
        t.append(" ")
        tile = st.cities[i]
        t.append(tile_code(tile), TILE_STYLE[K.TILE_COLOUR[tile]] if tile >= 0 else "")
        t.append(cl, REGION_STYLE[c.region])
        pawns = "".join(SEAT_MARK[s] for s, p in enumerate(st.players) if p.pos == i)
        t.append(pawns, "bold reverse")
        return t

    def _map_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        pos = LAYOUT[st.map_key]
        codes = [c.code for c in st.game_map.cities]
        grid = [[" "] * WIDTH for _ in range(MAP_ROWS)]
        for a in range(15):
            for b, sea in ADJ[st.map_key][a]:
                if b < a:
                    continue
                (xa, ya), (xb, yb) = pos[codes[a]], pos[codes[b]]
                for x, y in _line(xa + 4, ya, xb + 4, yb):
                    if 0 <= x < WIDTH and 0 <= y < MAP_ROWS:
                        grid[y][x] = "~" if sea else "·"
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
            plain = row.plain
            new = Text()
            new.append_text(row[:x])
            new.append_text(lab)
            new.append_text(row[x + len(lab):])
            new.truncate(WIDTH)
            texts[y] = new if len(plain) else lab
        return texts

    def _info_row(self) -> Text:
        st = self.state
        assert st is not None
        c = st.game_map.cities[self.cursor]
        tile = st.cities[self.cursor]
        t = Text()
        t.append(f"▸{c.name} {BRACKETS[c.region][0]}{K.COLOUR_NAMES[c.region]}{BRACKETS[c.region][1]} ")
        if tile >= 0:
            t.append(f"{K.TYPE_NAMES[K.TILE_COLOUR[tile]]} {K.TILE_VALUE[tile]}VP ", TILE_STYLE[K.TILE_COLOUR[tile]])
            seat = self.viewer if self.viewer is not None else st.seat
            t.append(f"buy {st.price(seat, self.cursor, True)} sell {st.price(seat, self.cursor, False)}")
        legal = self.legal()
        if BUY in legal or SELL in legal:
            t.append("  [b]uy [s]ell", "bold")
        elif st.phase == "move" and self.viewer is not None and Go(self.cursor) in legal:
            if st.players[self.viewer].pos >= 0:  # a step: say which ticket it takes
                t.append(f"  Enter: go ({st.step_ticket(self.viewer, self.cursor)})", "bold")
        elif st.phase == "move" and self.viewer is not None:
            route = st.route(self.viewer, self.cursor)
            if route:  # further away: the route and each step's ticket
                short = {"Royal ticket": "R", "common ticket": "t", "free sea crossing": "free"}
                steps = " ".join(f"{st.game_map.cities[c].code}:{short[k]}" for c, k in route)
                reached = route[-1][0] == self.cursor
                t.append(f"  route {steps}{'' if reached else ' …'}", "bold")
        return t

    def _choice_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        rows = [Text(st.prompt(st.actor), "bold")]
        items = self.choices()
        for k, mv in enumerate(items[:MAP_ROWS]):
            text = st.format_move(mv)
            desc = self._describe(mv)
            r = Text(("▶ " if k == self.pick % len(items) else "  ") + f"{text:<11}{desc}")
            if k == self.pick % len(items):
                r.stylize(CURSOR)
            rows.append(r)
        while len(rows) < MAP_ROWS + 1:
            rows.append(Text(""))
        return rows

    def _describe(self, mv: Any) -> str:
        st = self.state
        assert st is not None
        text = st.format_move(mv)
        if text == "done":
            return "finish this step"
        if text[0] in "oex" and text[1:].isdigit():
            card = K.CARD_BY_ID[int(text[1:])]
            if text[0] == "o":
                return offer_text(card)
            return errand_text(card) + (" (give up)" if text[0] == "x" else "")
        if text in K.TYPE_PLURALS:
            return {
                "paintings": "you draw to your hand limit",
                "ceramics": "2 coins + 1 per ceramic",
                "maps": "1 ticket + 1 per map",
                "sculptures": "run an errand",
            }[text]
        for b in K.BOARDS:
            if b.key == text:
                return b.ability
        return ""

    def _gallery_rows(self, seat: int, width: int) -> list[Text]:
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
        rows.append(Text("   a    b    c    d  a:RT d:RC", DIM))
        return rows

    def _bottom_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        seat = self.viewer if self.viewer is not None else st.seat
        p = st.players[seat]
        name = self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"
        board = K.BOARDS[p.board].key if p.board >= 0 else "plain"
        head = Text(f"{SEAT_MARK[seat]} {name[:10]} ({board})", "bold")
        if st.token == seat:
            head.append(" ✉EXH", "bold reverse")
        left = [head]
        left += self._gallery_rows(seat, 28)
        left.append(Text(f"${p.coins}+{p.royal_coins}R t{p.tickets}+{p.royal_tickets}R "
                         f"c{len(p.hand)}/{st.hand_limit(seat)} e{len(p.errands)}/{st.errand_limit(seat)}"))
        if st.phase == "gallery" and self.can_act and st.pending >= 0:
            hall = K.HALLS.get(self.space)
            left.append(Text(f"place {tile_code(st.pending)} in {space_name(self.space)}"
                             + (f" (+{hall[1]} {hall[0]})" if hall else "") + " · Enter", "bold"))
        right = [Text(f"Market  $  supply {len(st.supply)}", "bold")]
        for row, price in enumerate(K.MARKET_PRICES):
            r, t = st.market_regions[row], st.market_types[row]
            line = Text()
            line.append(f"{BRACKETS[r][0]}{K.COLOUR_NAMES[r][:6]:<6}{BRACKETS[r][1]}", REGION_STYLE[r])
            line.append(f" {price} ")
            line.append(f"{K.COLOURS[t]} {K.TYPE_PLURALS[t][:9]}", TILE_STYLE[t])
            right.append(line)
        right.append(Text(f"hand {' '.join(str(c) for c in p.hand) or '-'}"[:26]))
        rows = []
        for k in range(max(len(left), len(right))):
            a = left[k] if k < len(left) else Text("")
            b = right[k] if k < len(right) else Text("")
            a = a.copy()
            a.truncate(31, pad=True)
            line = Text()
            line.append_text(a)
            line.append_text(b)
            rows.append(line)
        return rows

    def _table_rows(self) -> list[Text]:
        st = self.state
        assert st is not None
        rows = []
        for s, p in enumerate(st.players):
            name = self.names[s] if s < len(self.names) else f"Seat {s + 1}"
            board = K.BOARDS[p.board].key if p.board >= 0 else "plain"
            where = st.game_map.cities[p.pos].code if p.pos >= 0 else "-"
            turn = "▶" if s == st.seat and st.phase != "over" else " "
            tok = " ✉EXH" if s == st.token else ""
            rows.append(Text(f"{turn}{SEAT_MARK[s]} {name[:10]} {board} @{where} ${p.coins}+{p.royal_coins}R "
                             f"t{p.tickets}+{p.royal_tickets}R cards {len(p.hand)}{tok}", "bold"))
            gal = Text("   ")
            for f in (2, 1, 0):
                gal.append(" ".join(tile_code(t) if t >= 0 else ".." for t in p.gallery[f * 4:f * 4 + 4]))
                gal.append(" / " if f else "")
            rows.append(gal)
            if p.errands:
                rows.append(Text("   errands: " + "; ".join(f"{c} {errand_text(K.CARD_BY_ID[c])}" for c in p.errands)))
        if self.viewer is not None:
            for c in st.players[self.viewer].hand:
                card = K.CARD_BY_ID[c]
                rows.append(Text(f"  card {c} offer: {offer_text(card)}"))
                rows.append(Text(f"     errand: {errand_text(card)}"))
        while len(rows) < MAP_ROWS + 1:
            rows.append(Text(""))
        return rows[: MAP_ROWS + 1]


class GameView(Vertical):
    """The Squire board view the game screen mounts."""

    KEYS_HELP = KEYS_HELP
    DEFAULT_CSS = """
    GameView { width: 59; height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield SquireBoard()

    def show(self, state: SquireState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (already `viewer`'s view); keys act if `can_act`."""
        board = self.query_one(SquireBoard)
        board.set_state(state, viewer, names, can_act)
        if can_act:
            board.focus()
