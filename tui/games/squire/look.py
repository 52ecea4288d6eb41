"""How Squire looks in the widget kit, as data: where each city sits on the
map's lattice, the symbol of each region and rarity type, the palette kind of
each colour, and the builders that turn a state into kit widgets' data
(map nodes and edges, cards, player rows, legend entries).

Everything here only reads the state and asks it (`score_now`,
`errand_points`, `hand_limit`); no rule is decided here.
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.hidden import HIDDEN
from rulesets.squire import content as K
from rulesets.squire.state import SquireState
from rulesets.squire.words import errand_text, offer_text
from tui.widgets.card import CardFace
from tui.widgets.legend import LegendEntry
from tui.widgets.map_graph import Edge, Node
from tui.widgets.player_panel import PlayerInfo, Resource

SQUIRE_GRID = {
    "british-isles": {
        "inv": (2, 0), "gla": (1, 1), "edi": (3, 1), "bel": (0, 2), "man": (2, 2), "yor": (4, 2),
        "dub": (0, 3), "hol": (1, 3), "bir": (2, 3), "lon": (4, 3), "cor": (0, 4), "swa": (1, 4),
        "bri": (3, 4), "can": (4, 4), "car": (2, 5),
    },
    "world": {
        "lon": (2, 0), "vie": (3, 0), "tok": (4, 0), "nyc": (1, 1), "par": (2, 1), "sam": (4, 1),
        "sfo": (0, 2), "con": (3, 2), "tim": (2, 3), "cai": (3, 3), "bag": (4, 3), "rio": (1, 4),
        "cal": (4, 4), "cap": (2, 5), "syd": (3, 5),
    },
}
"""Where each Squire city sits on the map's lattice (column, row)."""

REGION_MARKS = ("♥", "♦", "♣", "♠", "●")
"""A suit per region colour (red, yellow, green, purple, blue): a city's
region reads without colour."""
TILE_MARKS = ("▣", "◈", "♜", "▤", "◎")
"""A symbol per rarity type (painting, map, sculpture, book, ceramic)."""
KIND_OF = K.COLOUR_NAMES
"""The palette kind of each colour index: Squire's five colours are the
theme's kind names (red, yellow, green, purple, blue)."""
AROUND = {"world": {frozenset(("tok", "sfo"))}}
"""Routes drawn round the back of the map (across the Pacific): off the right
edge from the eastern city and off the left edge from the western one."""
LINES = {"road": "solid", "sea": "dotted"}
"""How each kind of route is drawn: roads solid ──, sea routes dotted ┄┄."""
LAST_MARK = "*"
"""After the contents of the city where the last move was made."""
ROUTE_MARK = "→"
"""Before each step's number on the cities of the planned journey."""
HALL_MARKS = {"coins": "$", "tickets": "▭"}
"""An empty gallery space's hall bonus: `$2` two coins, `▭1` one ticket."""
COIN, ROYAL_COIN, TICKET, ROYAL_TICKET, CARD, ERRAND = "$", "✦", "▭", "♛", "✉", "✎"
"""Symbols of what a player holds."""


def tile_words(tile: Any, colour: bool = True) -> str:
    """'▣ red painting 5' ('▣ painting 5' without `colour`), 'hidden tile', 'no tile'."""
    if tile is HIDDEN:
        return "hidden tile"
    if not isinstance(tile, int) or tile < 0:
        return "no tile"
    c = K.TILE_COLOUR[tile]
    return f"{TILE_MARKS[c]} {K.COLOUR_NAMES[c] + ' ' if colour else ''}{K.TYPE_NAMES[c]} {K.TILE_VALUE[tile]}"


def tile_brief(tile: Any) -> str:
    """'▣5', '??' for a hidden tile, '·' for none."""
    if tile is HIDDEN:
        return "??"
    if not isinstance(tile, int) or tile < 0:
        return "·"
    return f"{TILE_MARKS[K.TILE_COLOUR[tile]]}{K.TILE_VALUE[tile]}"


def tile_kind(tile: Any) -> str:
    """The palette kind of a tile ('' for none or hidden)."""
    if tile is HIDDEN or not isinstance(tile, int) or tile < 0:
        return ""
    return KIND_OF[K.TILE_COLOUR[tile]]


def map_edges(key: str) -> list[Edge]:
    """A map's routes: roads solid, sea routes dotted."""
    m = K.MAPS[key]
    around = AROUND.get(key, set())
    return [Edge(a, b, LINES["road"]) for a, b in m.roads] + [
        Edge(a, b, LINES["sea"], around=frozenset((a, b)) in around) for a, b in m.seas]


def map_nodes(st: SquireState, last: int = -1, route: Sequence[int] = ()) -> list[Node]:
    """Every city: its region's suit and colour, its tile, the pawns there;
    `last` (a city index) gets the last-move mark, `route` the step numbers."""
    grid = SQUIRE_GRID[st.map_key]
    steps = {city: n + 1 for n, city in enumerate(route)}
    out = []
    for i, c in enumerate(st.game_map.cities):
        col, row = grid[c.code]
        tile = st.cities[i]
        flags = (f"{ROUTE_MARK}{steps[i]}" if i in steps else "") + (LAST_MARK if i == last else "")
        words = tile_words(tile) + (f" {flags}" if flags else "")
        pawns = tuple(s for s, p in enumerate(st.players) if p.pos == i)
        out.append(Node(c.code, c.name, col, row, short=c.code, mark=REGION_MARKS[c.region],
                        kind=KIND_OF[c.region], contents=words, brief=tile_brief(tile), flags=flags,
                        contents_kind=tile_kind(tile), pawns=pawns))
    return out


FLAG_ROOM = 3
"""Cells a boxed city keeps for its marks: a journey step and the last move,
`→2*`. A one-row city keeps none: its marks show where its pawns leave room."""


BRIEF_ROOM = 2
"""Cells of a city's tile on the map ('▣5', '??'; '·' when the city is empty)."""


def map_rooms(players: int) -> tuple[int, int]:
    """The room each city keeps on the map for the whole game, from the
    player count only (so the roads never move): one-row cities' tail (tile,
    marks, pawns) and boxed cities' contents (tile in words, marks, pawns)."""
    words = max(len(tile_words(t)) for t in range(K.NUM_TILES))
    pawns = 1 + players
    return BRIEF_ROOM + pawns, words + 1 + FLAG_ROOM + pawns


def hand_face(st: SquireState, card_id: Any, seat: int) -> CardFace:
    """A correspondence card: its offer as the value and title, its errand and
    what that scores now as the text; the offer's colour as the kind."""
    if card_id is HIDDEN:
        return CardFace("hidden", kind="grey", symbol=CARD)
    card = K.CARD_BY_ID[card_id]
    kind = KIND_OF[K.COLOURS.index(card.colour)] if card.colour else "grey"
    return CardFace(
        f"Card {card_id}", f"+{card.amount} {card.reward}",
        f"offer: {offer_text(card)} · errand: {errand_text(card)} = {st.errand_points(card_id, seat)} VP now",
        kind=kind, symbol=CARD, kind_word="card", key=f"c{card_id}",
    )


def errand_face(st: SquireState, card_id: int, seat: int) -> CardFace:
    """An errand being run: what it scores at the end, and what it would now."""
    card = K.CARD_BY_ID[card_id]
    return CardFace(f"Errand {card_id}", f"{st.errand_points(card_id, seat)} VP now", errand_text(card),
                    kind="white", symbol=ERRAND, kind_word="errand", key=f"e{card_id}")


def player_rows(st: SquireState, names: Sequence[str], viewer: int | None) -> list[PlayerInfo]:
    """Every player: running score, whose turn, what each holds in words."""
    rows = []
    over = st.phase == "over"
    for s, p in enumerate(st.players):
        board = K.BOARDS[p.board].name.split(",")[0] if p.board >= 0 else "no board yet"
        where = f"at {st.game_map.cities[p.pos].name}" if p.pos >= 0 else "not on the map yet"
        owned = " ".join(tile_brief(t) for t in p.gallery if isinstance(t, int) and t >= 0) or "empty"
        note = f"{board} · {where}"
        if st.token == s:
            note += " · holds the Exhibition token"
        royal = (f"{ROYAL_COIN} {p.royal_coins} Royal {'coin' if p.royal_coins == 1 else 'coins'} · "
                 f"{ROYAL_TICKET} {p.royal_tickets} Royal {'ticket' if p.royal_tickets == 1 else 'tickets'}")
        rows.append(PlayerInfo(
            s, names[s] if s < len(names) else f"Seat {s + 1}", score=st.score_now(s), score_word="VP now",
            to_act=not over and s == st.actor, you=s == viewer,
            resources=(
                Resource(COIN, p.coins, "coins"), Resource(TICKET, p.tickets, "tickets"),
                Resource(CARD, len(p.hand), "cards"), Resource(ERRAND, len(p.errands), "errands"),
            ),
            note=note, more=(royal, f"gallery {owned}"),
        ))
    return rows


def legend(st: SquireState, graph_entries: Sequence[LegendEntry], last: bool = True) -> list[LegendEntry]:
    """Every symbol the Squire screen draws, most needed first (the
    last-move mark only if `last`: a move is marked)."""
    regions = [LegendEntry(REGION_MARKS[r], f"{K.COLOUR_NAMES[r]}: {st.game_map.region_names[r].split(' (')[0]}",
                           f"kind-{KIND_OF[r]}")
               for r in range(5)]
    tiles = [LegendEntry(TILE_MARKS[c], K.TYPE_NAMES[c], f"kind-{KIND_OF[c]}") for c in range(5)]
    marks = [
        *([LegendEntry(LAST_MARK, "last move")] if last else []), LegendEntry(f"{ROUTE_MARK}1", "journey step"),
        LegendEntry(f"{HALL_MARKS['coins']}2 {HALL_MARKS['tickets']}1", "hall bonus"),
        LegendEntry("▶", "cursor, whose turn"), LegendEntry(ROYAL_COIN, "Royal coin"),
        LegendEntry(ROYAL_TICKET, "Royal ticket"), LegendEntry(CARD, "card"), LegendEntry(ERRAND, "errand"),
    ]
    lines = [e for e in graph_entries if e.symbol in ("──", "┄┄")]
    marked = [e for e in graph_entries if e.style == "underline"]
    pawns = [e for e in graph_entries if e not in lines and e not in marked]
    return [*lines, *pawns, *marked, *marks, *tiles, *regions]
