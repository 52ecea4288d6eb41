"""Squire in the TUI, drawn with the widget kit: the map as a MapGraph
(cities with their region's suit and their tile, pawns in the seats'
colours, roads solid and sea routes dotted, the cursor, where you can go
underlined and the planned journey numbered), the line under the map (the
city under the cursor and what Enter, b and s would do there), your gallery
and the market; Tab shows your cards (Cards: offer and errand in full) and
then every player (PlayerPanel). A Legend line explains every symbol.

Keys build a turn step by step: arrows move the cursor over the map (or over
the gallery, or down a list of choices), Enter chooses (a far city: the
route's next step, again and again until there), b / s buy or sell where the
pawn stands, d ends an optional step, Tab switches panels, L opens the
legend. Every rule question goes to the state (`legal`, `describe_move`,
`why_illegal`, `route`, `step_ticket`, `price`, `score_now`).
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from engine.core import seat_name, with_names
from rulesets.squire import content as K
from rulesets.squire.content import EMPTY
from rulesets.squire.moves import BUY, DONE, SELL, Go, Space
from rulesets.squire.state import SquireState
from tui.games.base import MoveChosen, arrow_bindings
from tui.games.squire.look import (
    BRIEF_ROOM,
    CARD,
    COIN,
    ERRAND,
    HALL_MARKS,
    KIND_OF,
    REGION_MARKS,
    ROYAL_COIN,
    ROYAL_TICKET,
    TICKET,
    TILE_MARKS,
    errand_face,
    hand_face,
    legend,
    map_edges,
    map_nodes,
    map_rooms,
    player_rows,
    tile_brief,
    tile_kind,
    tile_words,
)
from tui.games.squire.parts import Painted, Row
from tui.games.squire.recap import turn_recap
from tui.widgets.card import CardRow
from tui.widgets.direct_keys import DirectKeys
from tui.widgets.legend import Legend
from tui.widgets.map_graph import MapGraph
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.text_fit import fit_words, wrap_words

PANELS = ("map", "cards", "players")
"""What Tab cycles through."""
TALL = 30
"""From this many rows on, the map panel also shows every player's row."""
MAP_ROWS = 8
"""The map's least height (its CSS min-height)."""
INFO_ROWS = 3
"""The rows under the map: the others' last turn, the city under the cursor, what Enter does."""
BOTTOM_ROWS = 7
"""Your gallery and the market."""
WHOLE = MAP_ROWS + INFO_ROWS + BOTTOM_ROWS + 1
"""Rows the map panel needs to show everything (the legend's line too);
on fewer the gallery and market give way (the map, in the gallery step)."""
GALLERY_WIDTH = 33
"""Columns of your gallery beside the market."""
ROUTE_WORDS = {"solid": "road", "dotted": "sea route"}

KEYS_HELP = """
## Squire keys

| key | does |
|---|---|
| arrows / h j k l | move the cursor: over the map, the gallery or a list; scroll your cards |
| Enter | travel to (or start in) the city under the cursor; for a city further away, take the next step of the route shown (press Enter again for each step: the cursor stays on the target) — or choose the highlighted item |
| b / s | buy / sell the rarity where your pawn stands |
| d | done: end an optional step (offers, errands) |
| Tab | switch between the map, your cards (offers and errands in full) and all players |
| L | the legend: every symbol on the screen, in words |

Map: `♥lon ▣4 12` is London, a city of the ♥ region, holding a painting
worth 4 VP, with the pawns of players 1 and 2 (reversed, in their colours).
Region suits: ♥ red, ♦ yellow, ♣ green, ♠ purple, ● blue (the legend names
each region). Rarities: ▣ painting, ◈ map, ♜ sculpture, ▤ book, ◎ ceramic,
then the VP. Routes: `──` road, `┄┄` sea route (the line round the edge of
the World map is the Pacific crossing). Underlined cities are where you can
go now; `→1 →2` number the steps of the journey to the city under the
cursor; `*` marks the city of the last move. The line under the map says
what Enter does there and which ticket each step takes (Royal: your Royal
ticket, kept; ticket: a common one, spent; free: the Stag's free sea crossing).

Gallery: floors 3 (top) to 1, columns a–d; an empty space shows its hall
bonus (`$2` two coins, `▭1` one ticket). Completing column a gives a Royal
ticket, column d a Royal coin, floor 2 a bigger hand, floor 3 a rarity from
the discard pile. Money: `$` common coins, `✦` Royal coins (kept when used);
`▭` common tickets, `♛` Royal tickets. Market: a rarity's price is the `$`
of its city's region row plus the `$` of its type's row. `VP now` is the
score if the game ended now.
"""


class SquireBoard(DirectKeys, Vertical, can_focus=True):
    """Map, line under it, gallery, market, cards and players; posts MoveChosen.
    It holds the keys; its kit widgets only draw (they never take focus)."""

    DEFAULT_CSS = f"""
    SquireBoard {{ width: 1fr; height: 1fr; min-width: 57; }}
    SquireBoard > #sq-mapbox {{ height: 1fr; }}
    SquireBoard #sq-map {{ height: 1fr; min-height: {MAP_ROWS}; }}
    SquireBoard #sq-info {{ height: auto; }}
    SquireBoard > #sq-choices {{ height: 1fr; }}
    SquireBoard > #sq-cards {{ height: 1fr; scrollbar-size-vertical: 1; }}
    SquireBoard > #sq-players {{ height: 1fr; }}
    SquireBoard > #sq-bottom {{ height: auto; }}
    SquireBoard #sq-gallery {{ width: {GALLERY_WIDTH}; }}
    SquireBoard #sq-market {{ width: 1fr; }}
    SquireBoard > #sq-scores {{ height: auto; margin-top: 1; }}
    SquireBoard > Legend {{ padding: 0; }}
    """

    BINDINGS = [
        *arrow_bindings(lambda dx, dy, d: f"arrow({dx},{dy})"),
        Binding("enter", "choose", "Choose"),
        Binding("b", "trade(True)", "Buy"),
        Binding("s", "trade(False)", "Sell"),
        Binding("d", "done", "Done"),
        Binding("tab", "next_panel", "Views"),  # map, cards, players in turn (the key bar is full)
        Binding("L", "legend", "Legend", show=False),
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
        """What is shown: the map, your cards or all players."""
        self.note = ""
        """Why the last key was refused (shown until the next key)."""
        self.last: tuple[int, str | None] | None = None
        """The last move made: (seat, notation)."""
        self.turn: list[tuple[int, str | None]] = []
        """What the others did in their last turn (`mark_turn`)."""
        self._map_key: tuple[str, int] = ("", 0)
        """The map the graph was given, and the player count its rooms were kept for."""
        self._legend_opened = False
        """Whether the legend was opened for a tall screen (once; L toggles it after)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="sq-mapbox"):
            yield MapGraph(id="sq-map")
            yield Painted(id="sq-info")
        yield Painted(id="sq-choices")
        with VerticalScroll(id="sq-cards"):
            yield Painted(id="sq-cards-head")
            yield CardRow(id="sq-hand", detail=False, wrap=True)
            yield Painted(id="sq-errands-head")
            yield CardRow(id="sq-errands", detail=False, wrap=True)
        yield PlayerPanel(id="sq-players", compact=False)
        with Horizontal(id="sq-bottom"):
            yield Painted(id="sq-gallery")
            yield Painted(id="sq-market")
        yield PlayerPanel(id="sq-scores", compact=True)
        yield Legend(id="sq-legend", key="L")

    def on_mount(self) -> None:
        for w in self.query("MapGraph, CardRow, VerticalScroll"):
            w.can_focus = False  # the board holds the keys
        self._redraw()

    def on_resize(self) -> None:
        self._redraw()

    @property
    def graph(self) -> MapGraph:
        """The map widget."""
        return self.query_one("#sq-map", MapGraph)

    # --------------------------------------------------------------- state
    def set_state(self, state: SquireState, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """New position to draw."""
        if viewer != self.viewer:  # another person's screen: nothing of the last one's carries over
            self.panel, self.target = "map", None
        elif can_act and self.panel != "map":  # a new step: back to what Enter acts on (the map or the list)
            self.panel = "map"
        self.state, self.viewer, self.names, self.can_act = state, viewer, names, can_act
        self.refresh_bindings()  # the footer shows the play keys only when they work
        self.pick = self._default_pick()
        self.note = ""
        pos = state.players[viewer].pos if viewer is not None else -1
        target = self.target
        if (
            target is not None and viewer is not None and can_act and state.phase == "move" and pos != target
            and state.route(viewer, target)
        ):
            self.cursor = target  # Enter goes on along the route
        else:
            self.target = None
            if pos >= 0:
                self.cursor = pos
        if can_act and viewer is not None and state.phase == "gallery":
            free = [i for i in range(12) if state.players[viewer].gallery[i] == EMPTY]
            self.space = free[0] if free else 0
        self._redraw()

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """The last move was `seat`'s `notation`: mark its city on the map
        (seat None: no move yet, nothing to mark)."""
        self.last = None if seat is None else (seat, notation)
        self._redraw()

    def mark_turn(self, moves: Sequence[tuple[int, str | None]]) -> None:
        """The others' last turn: summed up under the map."""
        self.turn = list(moves)
        self._redraw()

    def key_applies(self, action: str) -> bool:
        """The key bar offers b and s only where one of them is legal now
        (before the pawn has moved this turn they still say why not), and
        Enter only where it plays a move (`enter_move`)."""
        if action == "choose":  # Enter: where it plays something (not on your own pawn's city)
            return self.enter_move() is not None or not self.can_act
        if not action.startswith("trade"):  # 'trade(True)', 'trade(False)'
            return True
        legal = self.legal()
        return BUY in legal or SELL in legal

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

    def _default_pick(self) -> int:
        """The item first highlighted in a list step: the first that gives
        nothing up (`gives_up`), so Enter never silently forgoes a bonus."""
        st, items = self.state, self.choices()
        if st is None or self.viewer is None:
            return 0
        return next((k for k, m in enumerate(items) if not st.gives_up(self.viewer, m)), 0)

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
        self._redraw()

    # ------------------------------------------------------------- actions
    PLAY_ACTIONS = frozenset({"arrow", "choose", "trade", "done"})
    """Actions for building a move: off (and out of the footer) when the
    viewer cannot act, so those keys reach the screen (a replay's ←/→)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "arrow" and self.panel == "cards":
            return True  # the arrows scroll your cards, whoever's turn it is
        if action in self.PLAY_ACTIONS and not self.can_act:
            return False
        st = self.state
        if action == "trade":  # b and s: in the travel step, once the pawn is on the map (a refusal says why not yet)
            return st is not None and st.phase == "move" and self.viewer is not None and st.players[self.viewer].pos >= 0
        if action == "done":  # d: only where a step may be ended
            return DONE in self.legal()
        return True

    def action_arrow(self, dx: int, dy: int) -> None:
        st = self.state
        if st is None:
            return
        self.note = ""
        if self.panel == "cards":  # more cards than fit: the arrows scroll them
            self.query_one("#sq-cards", VerticalScroll).scroll_relative(y=(dy or dx) * 4, animate=False)
            return
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
        self._redraw()

    def _codes(self) -> list[str]:
        assert self.state is not None
        return [c.code for c in self.state.game_map.cities]

    def _nearest(self, dx: int, dy: int) -> int:
        """The city the map's cursor goes to that way from `self.cursor`."""
        codes = self._codes()
        graph = self.graph
        if self._map_key != (self.state.map_key, self.state.num_players):  # type: ignore[union-attr]
            self._sync_graph()
        here = graph.cursor
        graph.cursor = codes[self.cursor]
        try:
            key = graph.nearest(dx, dy)
        finally:
            graph.cursor = here
        return codes.index(key) if key is not None else self.cursor

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
            space = Space(self.space)
            if space in legal:
                self._post(space)
            else:
                self._refuse(space)
        else:
            items = self.choices()
            if items:
                self._post(items[self.pick % len(items)])

    def enter_move(self) -> Any:
        """The move Enter would play now (a far city: the route's next
        step), or None where Enter plays nothing."""
        st, legal = self.state, self.legal()
        if st is None or not legal:
            return None
        if st.phase == "move":
            if Go(self.cursor) in legal:
                return Go(self.cursor)
            route = st.route(self.viewer, self.cursor) if self.viewer is not None else []
            return Go(route[0][0]) if route else None
        if st.phase == "gallery":
            return Space(self.space) if Space(self.space) in legal else None
        items = self.choices()
        return items[self.pick % len(items)] if items else None

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

    def action_next_panel(self) -> None:
        self.panel = PANELS[(PANELS.index(self.panel) + 1) % len(PANELS)]
        self._redraw()

    def action_legend(self) -> None:
        self.query_one(Legend).toggle()
        self._redraw()

    # -------------------------------------------------------------- drawing
    def _who(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else seat_name(seat)

    def _last_city(self) -> int:
        """Where the last move was made: its player's pawn (-1 if none)."""
        st = self.state
        if st is None or self.last is None or not 0 <= self.last[0] < st.num_players:
            return -1
        return st.players[self.last[0]].pos

    def _route(self) -> list[tuple[int, str]]:
        """The journey to the city under the cursor, if one is planned."""
        st, me = self.state, self.viewer
        if st is None or me is None or not self.legal() or st.phase != "move":
            return []
        if Go(self.cursor) in self.legal():
            return []
        return st.route(me, self.cursor)

    def _sync_graph(self) -> None:
        st = self.state
        assert st is not None
        nodes = map_nodes(st, self._last_city(), [c for c, _ in self._route()])
        graph = self.graph
        if self._map_key != (st.map_key, st.num_players):  # a map's drawing is set once for the game
            tail, contents = map_rooms(st.num_players)
            graph.set_graph(nodes, map_edges(st.map_key), tail=tail, contents=contents, brief=BRIEF_ROOM)
            self._map_key = (st.map_key, st.num_players)
        else:
            graph.update_nodes(nodes)
        go = {self._codes()[m.city] for m in self.legal() if isinstance(m, Go)}
        graph.set_cursor(self._codes()[self.cursor], marked=go)

    def _redraw(self) -> None:
        """Give every part its data and show the panel asked for."""
        st = self.state
        if st is None or not self.is_mounted:
            return
        choosing = bool(self.choices())
        on_map = self.panel == "map"
        self.query_one("#sq-mapbox").display = on_map and not choosing
        self.query_one("#sq-choices").display = on_map and choosing
        self.query_one("#sq-cards").display = self.panel == "cards"
        self.query_one("#sq-players").display = self.panel == "players"
        tall = self.size.height >= TALL
        legend_box = self.query_one(Legend)
        if tall and not self._legend_opened:  # room enough: every symbol explained from the start
            self._legend_opened = True
            legend_box.expanded = True
        bottom = on_map or (tall and self.panel == "cards")  # tall screens: the gallery and market under the cards too
        short = self.size.height < WHOLE  # a small terminal: what Enter acts on keeps its room
        placing = st.phase == "gallery" and self.can_act
        self.query_one("#sq-bottom").display = (bottom and (tall or not legend_box.expanded)  # the map keeps its room
                                                and (placing or not short))
        self.graph.display = not (short and placing)  # placing a rarity on a small screen: the gallery, not the map
        self.query_one("#sq-scores").display = on_map and tall
        self._sync_graph()
        self.query_one("#sq-info", Painted).paint(self._info_rows())
        if choosing:
            self.query_one("#sq-choices", Painted).paint(self._choice_rows())
        seat = self.viewer if self.viewer is not None else st.seat
        self.query_one("#sq-gallery", Painted).paint(self._gallery_rows(seat))
        self.query_one("#sq-market", Painted).paint(self._market_rows())
        rows = player_rows(st, self.names, self.viewer)
        self.query_one("#sq-players", PlayerPanel).players = tuple(rows)
        self.query_one("#sq-scores", PlayerPanel).players = tuple(rows)
        if self.panel == "cards":
            self._show_cards()
        graph_words = self.graph.legend_entries(ROUTE_WORDS, marked="you can go",
                                                pawns=[self._who(s) for s in range(st.num_players)])
        self.query_one(Legend).entries = tuple(legend(st, graph_words, last=self._last_city() >= 0))

    def _info_rows(self) -> list[Row]:
        """Three rows under the map (always three, so the map keeps its size
        and its drawing): the others' last turn in short; the city under the
        cursor with what b and s would do there; what Enter would do. Or the
        gallery space under the cursor with its bonuses, or why the last key
        was refused, in the last two."""
        st = self.state
        assert st is not None
        width = max(20, self.size.width)
        recap = turn_recap(st, self.turn, [self._who(s) for s in range(st.num_players)])
        first: list[Row] = [[("Last turn: ", "muted"), (fit_words(recap, width - 11), "")]] if recap else [[]]
        if self.note:
            return first + _wrapped(f"✗ {self.note}", "warn", width)
        me = self.viewer
        if st.phase == "gallery" and self.can_act and me is not None:
            return first + _wrapped("▶ " + st.describe_move(Space(self.space), me) + " · Enter", "bold", width)
        c = st.game_map.cities[self.cursor]
        tile = st.cities[self.cursor]
        trade = self._trade()
        enter = self._enter(width)

        def city_row(words: str) -> Row:
            row: Row = [("▶ ", "bold"), (REGION_MARKS[c.region], f"kind-{KIND_OF[c.region]}"), (f"{c.name}", "bold"),
                        (" · ", ""), (words, f"kind-{tile_kind(tile)}" if tile_kind(tile) else "")]
            return row + ([(" · " + trade, "bold")] if trade else [])

        full = city_row(tile_words(tile, colour=False) + (" VP" if tile_kind(tile) else ""))
        row = full if _cells(full) <= width else city_row(tile_brief(tile))  # what b and s do matters more
        lines = wrap_words(recap, width - 11)
        if len(lines) > 1 and enter:  # the others' turn over two rows where the city and Enter share one
            together = next((r + [(" · ", ""), (enter, "bold")] for r in (full, city_row(tile_brief(tile)))
                             if _cells(r) + 3 + cell_len(enter) <= width), None)
            if together is not None:
                rest = fit_words(" ".join(lines[1:]), width - 11)
                return [[("Last turn: ", "muted"), (lines[0], "")], [(" " * 11, ""), (rest, "")], together]
        return first + [row, [(enter, "bold")] if enter else []]

    def _trade(self) -> str:
        """What b and s would do: only where the pawn stands, when they may."""
        st, me, legal = self.state, self.viewer, self.legal()
        assert st is not None
        if me is None or st.players[me].pos != self.cursor or not (BUY in legal or SELL in legal):
            return ""
        buy = f"[b]uy ${st.price(me, self.cursor, True)}" if BUY in legal else "(cannot buy)"
        return f"{buy} [s]ell ${st.price(me, self.cursor, False)}"

    def _enter(self, width: int) -> str:
        """What Enter would do at the city under the cursor, in words, in
        `width` cells: a far city's journey step by step, or in short when
        that does not fit (the map numbers the steps)."""
        st, me, legal = self.state, self.viewer, self.legal()
        assert st is not None
        if me is None or not legal or st.phase != "move":
            return ""
        here = st.players[me].pos == self.cursor
        if Go(self.cursor) in legal:
            if st.players[me].pos < 0:
                return "Enter: " + st.describe_move(Go(self.cursor), me)  # "start in London"
            return "Enter: " + st.describe_move(Go(self.cursor), me)  # a step: where, by road or sea, which ticket
        if here:  # nowhere to go (the first turn's trade): b and s
            if not any(isinstance(m, Go) for m in legal):
                return "Trade here: b buys, s sells"  # the city's line says for how much
            return "Your pawn is here: arrows pick a city, Enter goes"
        route = st.route(me, self.cursor)
        if not route:
            return "Out of reach now"
        cities = st.game_map.cities
        short = route[-1][0] != self.cursor
        tail = " … (tickets run out)" if short else ""
        full = "Enter: " + " ".join(f"→{n + 1} {cities[c].code} ({_ticket(k)})" for n, (c, k) in enumerate(route)) + tail
        if len(full) <= width:
            return full
        kinds: dict[str, int] = {}
        for _, k in route:
            kinds[_ticket(k)] = kinds.get(_ticket(k), 0) + 1
        words = {"Royal": "Royal", "ticket": "ticket", "free": "free crossing"}
        paid = ", ".join(f"{n} {word if word == 'Royal' else _s(n, words.get(word, word))}" for word, n in kinds.items())
        shorter = (
            "Enter: " + " ".join(f"→{n + 1} {cities[c].code}" for n, (c, _) in enumerate(route)) + f" ({paid}){tail}",
            f"Enter: {len(route)} steps to {cities[route[-1][0]].name} ({paid}){tail}",
        )
        return next((text for text in shorter if len(text) <= width), fit_words(shorter[-1], width))

    def _choice_rows(self) -> list[Row]:
        st = self.state
        assert st is not None
        me = self.viewer if self.viewer is not None else st.actor
        rows: list[Row] = [[(with_names(st.prompt(st.actor), self.names), "heading")]]
        items = self.choices()
        sel = self.pick % len(items)
        room = max(3, self.size.height - 12)
        width = max(20, self.size.width)
        texts = [with_names(st.describe_move(m, me), self.names) for m in items]
        wrapped = [_hanging(t, width) for t in texts]
        if sum(len(w) for w in wrapped) <= room:  # room for every item in full
            for k, lines in enumerate(wrapped):
                style, mark = ("cursor", "▶ ") if k == sel else ("", "  ")
                rows += [[(mark + line, style)] if n == 0 else [("    " + line, style)] for n, line in enumerate(lines)]
            rows.append([])
            rows.append([("↑↓ pick · Enter chooses the highlighted item", "bold")])
            return rows
        first = max(0, min(sel - room // 2, len(items) - room))
        for k in range(first, min(len(items), first + room)):  # one row each, cut; the one picked in full below
            text = fit_words(texts[k], width - 2)
            rows.append([("▶ " + text, "cursor")] if k == sel else [("  " + text, "")])
        rows.append([])
        rows += [r for r in _wrapped(f"{texts[sel]} · Enter chooses", "bold", width, 3) if r]
        return rows

    def _gallery_rows(self, seat: int) -> list[Row]:
        st = self.state
        assert st is not None
        p = st.players[seat]
        placing = st.phase == "gallery" and self.can_act and seat == self.viewer
        whose = "Your" if seat == self.viewer else f"{self._who(seat)}'s"
        rows: list[Row] = [[(f"{whose} gallery", "heading"), (f"  ★ {st.score_now(seat)} VP now", "bold")]]
        rows.append([("   " + "".join(f" {letter}   " for letter in K.COLUMN_LETTERS), "muted")])
        for f in (2, 1, 0):
            row: Row = [(f"{f + 1} │", "muted")]
            for c in range(4):
                i = f * 4 + c
                t = p.gallery[i]
                hall = K.HALLS.get(i)
                if isinstance(t, int) and t >= 0:
                    cell, style = tile_brief(t), f"kind-{tile_kind(t)}"
                elif hall:
                    cell, style = f"{HALL_MARKS[hall[0]]}{hall[1]}", "muted"
                else:
                    cell, style = "·", "muted"
                mark = " "
                if placing and i == self.space:
                    style, mark = "cursor", "▶"
                row += [(f"{mark}{cell:<2} ", style), ("│", "muted")]
            rows.append(row)
        rows.append([(f"{COIN} {p.coins} {_s(p.coins, 'coin')} {ROYAL_COIN} {p.royal_coins} · "
                      f"{TICKET} {p.tickets} {_s(p.tickets, 'ticket')} {ROYAL_TICKET} {p.royal_tickets}", "")])
        rows.append([(f"{CARD} {len(p.hand)} of {st.hand_limit(seat)} cards  "
                      f"{ERRAND} {len(p.errands)} of {st.errand_limit(seat)} errands", "")])
        return rows

    def _market_rows(self) -> list[Row]:
        st = self.state
        assert st is not None
        rows: list[Row] = [[("Market", "heading"), (f" · {len(st.supply)} rarities left", "muted")]]
        for n, price in enumerate(K.MARKET_PRICES):
            r, t = st.market_regions[n], st.market_types[n]
            rows.append([(f"${price} ", "bold"), (REGION_MARKS[r], f"kind-{KIND_OF[r]}"),
                         (f" {K.COLOUR_NAMES[r]:<7}", f"kind-{KIND_OF[r]}"),
                         (TILE_MARKS[t], f"kind-{KIND_OF[t]}"), (f" {K.TYPE_PLURALS[t]}", f"kind-{KIND_OF[t]}")])
        rows.append([("price: region $ + rarity $", "muted")])
        return rows

    def _show_cards(self) -> None:
        """The cards panel: your hand and your errands as cards."""
        st = self.state
        assert st is not None
        head = self.query_one("#sq-cards-head", Painted)
        hand, errands = self.query_one("#sq-hand", CardRow), self.query_one("#sq-errands", CardRow)
        ehead = self.query_one("#sq-errands-head", Painted)
        me = self.viewer
        if me is None:
            head.paint([[("Hands are hidden from spectators.", "heading")]])
            hand.display = errands.display = ehead.display = False
            return
        p = st.players[me]
        width = max(20, self.size.width)
        text = (f"Your cards ({len(p.hand)} of {st.hand_limit(me)}): play a card's offer when you trade "
                "(its reward on the frame), or run its errand at a sculpture exhibition"
                + (" · ↑↓ scroll" if len(p.hand) > 2 else ""))
        head.paint([[(line, "heading" if n == 0 else "")] for n, line in enumerate(wrap_words(text, width))])
        hand.display = bool(p.hand)
        hand.show([hand_face(st, c, me) for c in p.hand])
        ehead.paint([[(f"Errands you run ({len(p.errands)} of {st.errand_limit(me)}): scored at the end",
                       "heading")]] if p.errands else [[("No errands run yet.", "muted")]])
        ehead.display = True
        errands.display = bool(p.errands)
        errands.show([errand_face(st, c, me) for c in p.errands])

    def plain(self) -> str:
        """What the shown panel says, without styles (for tests)."""
        st = self.state
        if st is None:
            return ""
        parts: list[str] = []
        if self.panel == "map":
            if self.choices():
                parts.append(self.query_one("#sq-choices", Painted).plain())
            else:
                graph = self.graph
                parts += [strip.text for strip in graph.render_lines(graph.region.reset_offset)]
                parts.append(self.query_one("#sq-info", Painted).plain())
            parts += [self.query_one("#sq-gallery", Painted).plain(), self.query_one("#sq-market", Painted).plain()]
        elif self.panel == "cards":
            parts.append(self.query_one("#sq-cards-head", Painted).plain())
            for row in self.query(CardRow):
                parts += [f"{f.title} {f.value} {f.text}" for f in row.faces] if row.display else []
            parts.append(self.query_one("#sq-errands-head", Painted).plain())
        else:
            parts += [f"{p.name} {p.score} {p.score_word} {p.note}" for p in self.query_one("#sq-players", PlayerPanel).players]
        return "\n".join(parts)


def _wrapped(text: str, style: str, width: int, rows: int = 2) -> list[Row]:
    """`text` in `rows` rows of `width` cells (the last cut with '…' if it
    does not fit), padded to `rows`."""
    lines = wrap_words(text, width)
    if len(lines) > rows:
        lines = lines[: rows - 1] + [fit_words(" ".join(lines[rows - 1:]), width)]
    out: list[Row] = [[(line, style)] for line in lines]
    return out + [[] for _ in range(rows - len(out))]


def _hanging(text: str, width: int) -> list[str]:
    """A list item's lines: the first after its 2-cell mark, the others
    indented 2 more (each without its indent)."""
    first = wrap_words(text, width - 2)
    return first[:1] + wrap_words(" ".join(first[1:]), width - 4)


def _cells(row: Row) -> int:
    """The cells a row takes."""
    return sum(cell_len(text) for text, _ in row)


def _s(n: int, word: str) -> str:
    """'coin' or 'coins' for `n`."""
    return word if n == 1 else word + "s"


def _ticket(kind: str) -> str:
    """A step's ticket in a word or two: 'Royal', 'ticket', 'free'."""
    return {"Royal ticket": "Royal", "common ticket": "ticket", "free sea crossing": "free"}.get(kind, kind)
