"""The widget kit on its own: each widget in a tiny host app, as pictures
(pytest-textual-snapshot, 80×24 and 120×40) and by keys (Pilot).

Update the pictures after an intended change:
pytest tests/tui/test_widget_kit.py --snapshot-update
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

import pytest
from rich.color import Color, ColorSystem
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button

from rulesets.squire import content as K
from tui.games.squire.look import REGION_MARKS, SQUIRE_GRID, TILE_MARKS
from tui.widgets.card import Card, CardFace, CardRow
from tui.widgets.legend import Legend, LegendEntry
from tui.widgets.log_panel import LogEntry, LogPanel
from tui.widgets.map_graph import LINE_STYLES, Edge, MapGraph, Node
from tui.widgets.palette import KINDS, MAX_PLAYERS, THEME_PATH, kind_class, player_class
from tui.widgets.player_panel import PlayerInfo, PlayerPanel, Resource
from tui.widgets.status_line import StatusLine

SMALL = (80, 24)
LARGE = (120, 40)


# ------------------------------------------------------------------ data


def squire_graph(key: str) -> tuple[list[Node], list[Edge]]:
    """One of Squire's maps as nodes and edges, a tile in every city, two pawns in one."""
    m = K.MAPS[key]
    nodes = []
    for i, c in enumerate(m.cities):
        col, row = SQUIRE_GRID[key][c.code]
        tile = (i * 7) % 5
        value = 2 + i % 5
        nodes.append(Node(
            c.code, c.name, col, row, short=c.code, mark=REGION_MARKS[c.region], kind=KINDS[c.region],
            contents=f"{TILE_MARKS[tile]} {K.TYPE_NAMES[tile]} {value}", brief=f"{TILE_MARKS[tile]}{value}",
            contents_kind=KINDS[tile], pawns=(0, 1) if c.code == "lon" else (),
        ))
    edges = [Edge(a, b, "solid") for a, b in m.roads] + [Edge(a, b, "dotted") for a, b in m.seas]
    return nodes, edges


HAND = [
    CardFace("Card 7", "3 coins", "buy or sell in the blue region", "blue", "✉", "offer", key="o7"),
    CardFace("Red painting", "5 VP", "bought in London", "red", "▣", "painting", key="t12"),
    CardFace("Bank", "+3 ★", "gain 2 coins at the end of your build", "yellow", "⌂", "town",
             art=("■■■", "■■■", "■■·"), key="bank"),
    CardFace("Money", "", "coins by majority", "green", "$", "money", key="M"),
    CardFace("Order", "", "first player and direction", "purple", "↻", "order", key="O"),
]


def players(n: int = 5, to_act: int = 1) -> list[PlayerInfo]:
    names = ["Ana", "Bot 2", "Bernadette Longname", "Dee", "Eve"]
    return [
        PlayerInfo(
            s, names[s], score=(s * 7) % 13, to_act=s == to_act, you=s == 0,
            resources=(Resource("$", 5 + s, "coins"), Resource("▤", s, "tickets"), Resource("✉", 1, "cards")),
            note="fox: 1 coin more for every sale" if s == 0 else "",
        )
        for s in range(n)
    ]


LEGEND = [
    LegendEntry("♥", "England south", "kind-red"), LegendEntry("♦", "England north", "kind-yellow"),
    LegendEntry("♣", "Ireland", "kind-green"), LegendEntry("♠", "Scotland", "kind-purple"),
    LegendEntry("●", "Wales", "kind-blue"), LegendEntry("──", "road"), LegendEntry("┄┄", "sea route"),
    LegendEntry("1", "Ana's pawn", "player-1", "reverse"), LegendEntry("▶", "whose turn"),
]
LOG = [
    LogEntry(1, "Ana starts in Belfast", 0),
    LogEntry(2, "Bot 2 starts in London", 1),
    LogEntry(3, "Ana buys a yellow map worth 3 in Belfast for 5 coins", 0),
    LogEntry(3, "A purple book worth 5 comes to Belfast", None),
    LogEntry(4, "Bot 2 plays the offer of card 10: buy or sell in the blue region: 3 coins (+3 coins)", 1),
    LogEntry(5, "Bot 2 puts a red painting worth 5 in gallery space 3c", 1),
    LogEntry(5, "Bot 2 gets the hall bonus: 3 coins", 1),
]


# ------------------------------------------------------------------ host
class Host(App[None]):
    """A bare app that shows the given widgets with the theme, and records
    the messages they post."""

    CSS_PATH = THEME_PATH
    CSS = "Horizontal { height: 1fr; } #left { width: 2fr; }"

    def __init__(self, make: Callable[[], list[Widget]]) -> None:
        super().__init__()
        self.make = make
        self.seen: list[object] = []
        """Every kit message that reached the app."""

    def compose(self) -> ComposeResult:
        yield from self.make()

    def on_mount(self) -> None:
        for w in self.query("*"):
            if w.can_focus:
                w.focus()
                break

    def on_card_chosen(self, m: Card.Chosen) -> None:
        self.seen.append(m)

    def on_card_row_highlighted(self, m: CardRow.Highlighted) -> None:
        self.seen.append(m)

    def on_map_graph_node_chosen(self, m: MapGraph.NodeChosen) -> None:
        self.seen.append(m)

    def on_map_graph_node_highlighted(self, m: MapGraph.NodeHighlighted) -> None:
        self.seen.append(m)


def hand_app(faces=HAND, **kw) -> Host:
    return Host(lambda: [CardRow(faces, **kw)])


def map_app(key: str) -> Host:
    return Host(lambda: [MapGraph(*squire_graph(key))])


def table_app() -> Host:
    def make() -> list[Widget]:
        status = StatusLine()
        status.show("Choose a gallery space for your new painting (e.g. 1a)", 0, "Ana")
        status.refuse("2 coins: the painting costs 4")
        left = Vertical(PlayerPanel(players()), Legend(LEGEND), id="left")
        return [status, Horizontal(left, LogPanel(LOG))]

    return Host(make)


def lines_of(widget: Widget) -> list[str]:
    """The widget's rows as plain text."""
    return [widget.render_line(y).text for y in range(widget.size.height)]


# ------------------------------------------------------------------ pictures
class TestPictures:
    @pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
    def test_hand(self, snap_compare, size):
        assert snap_compare(hand_app(), press=["right"], terminal_size=size)

    def test_structure_cards_wrap_with_their_pictures(self, snap_compare):
        from rulesets.square_masons.content import STRUCTURES

        faces = [
            CardFace(st.title, f"+{3 if st.kind == 'town' else 5} ★", st.ability, "yellow" if st.kind == "town"
                     else "purple", "⌂" if st.kind == "town" else "✚", st.kind,
                     art=tuple(r.replace("#", "■").replace(".", "·") for r in st.picture), key=st.id)
            for st in list(STRUCTURES.values())[2:7]
        ]
        assert snap_compare(hand_app(faces, wrap=True), press=["down"], terminal_size=SMALL)

    def test_face_down_and_muted(self, snap_compare):
        def make() -> list[Widget]:
            return [CardRow(HAND[:3], muted=[1]), CardRow(HAND[:4], face_down=True, back="tile")]

        assert snap_compare(Host(make), terminal_size=SMALL)

    @pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
    def test_table(self, snap_compare, size):
        assert snap_compare(table_app(), terminal_size=size)

    @pytest.mark.parametrize("key", ["british-isles", "world"])
    @pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
    def test_squire_map(self, snap_compare, key, size):
        assert snap_compare(map_app(key), press=["left"], terminal_size=size)

    def test_map_without_colour(self, snap_compare, monkeypatch):
        monkeypatch.setenv("NO_COLOR", "1")
        assert snap_compare(map_app("british-isles"), press=["up"], terminal_size=SMALL)

    def test_legend_expanded(self, snap_compare):
        async def expand(pilot):
            pilot.app.query_one(Legend).toggle()
            await pilot.pause()

        assert snap_compare(Host(lambda: [Legend(LEGEND)]), run_before=expand, terminal_size=(60, 8))


# ------------------------------------------------------------------ cards
class TestCards:
    async def test_keys_move_the_selection_and_enter_picks(self):
        app = hand_app()
        async with app.run_test(size=LARGE) as pilot:
            row = app.query_one(CardRow)
            await pilot.press("right", "right", "left")
            assert row.selected == 1
            assert [c.selected for c in row.cards] == [False, True, False, False, False]
            await pilot.press("end", "right", "enter")
            await pilot.pause()
        highlighted = [m for m in app.seen if isinstance(m, CardRow.Highlighted)]
        assert [m.index for m in highlighted] == [1, 2, 1, 4]
        chosen = [m for m in app.seen if isinstance(m, Card.Chosen)]
        assert len(chosen) == 1 and chosen[0].index == 4 and chosen[0].face.key == "O"

    async def test_a_narrow_row_draws_compact_cards_and_a_detail_line(self):
        app = hand_app()
        async with app.run_test(size=SMALL) as pilot:
            row = app.query_one(CardRow)
            assert row.compact and all(c.compact for c in row.cards)
            await pilot.press("right")
            detail = " ".join(lines_of(row.query_one("#detail")))
            assert "Red painting" in detail and "5 VP" in detail and "bought in London" in detail
        async with hand_app(HAND[:3]).run_test(size=SMALL) as pilot:
            assert not pilot.app.query_one(CardRow).compact

    async def test_a_face_down_card_shows_no_face(self):
        app = hand_app(HAND[:3], face_down=True, back="tile")
        async with app.run_test(size=LARGE):
            for card, face in zip(app.query(Card), HAND):
                text = "\n".join(lines_of(card))
                assert "tile" in text
                for secret in (face.title, face.value, face.text, face.kind_word, face.symbol):
                    if secret:
                        assert secret not in text
                assert str(card.border_title or "") in ("", "▶") and card.border_subtitle is None
                assert not any(card.has_class(kind_class(k)) for k in KINDS)
            heights = {c.outer_size.height for c in app.query(Card)}
            assert len(heights) == 1  # a back never tells how much is on the face

    async def test_a_full_card_shows_title_value_text_and_kind_word(self):
        app = Host(lambda: [Card(HAND[0])])
        async with app.run_test(size=SMALL):
            card = app.query_one(Card)
            text = "\n".join(lines_of(card))
            assert "Card 7" in text and "buy or sell in" in text
            assert str(card.border_title) == "✉ offer" and "3 coins" in str(card.border_subtitle)

    async def test_a_wrapping_row_keeps_full_cards_over_rows(self):
        faces = [replace(HAND[2], title=f"Town {i}", key=str(i)) for i in range(5)]
        app = hand_app(faces, wrap=True)
        async with app.run_test(size=SMALL) as pilot:
            row = app.query_one(CardRow)
            await pilot.pause()
            assert not row.compact and row.has_class("-wrap")
            tops = sorted({c.region.y for c in row.cards})
            assert len(tops) == 2  # three cards a row at 80 columns, then two
            await pilot.press("down")
            assert row.selected == 3
            await pilot.press("up", "up")
            assert row.selected == 0

    async def test_the_selected_card_has_a_heavy_frame(self):
        app = hand_app(HAND[:3])
        async with app.run_test(size=LARGE) as pilot:
            await pilot.press("right")
            frames = [c.styles.border_top[0] for c in app.query(Card)]
            assert frames == ["round", "heavy", "round"]  # tells the selection without colour
            assert str(app.query(Card)[1].border_title).startswith("▶")

    async def test_the_cursor_card_shows_as_the_row_takes_the_keys_and_goes_as_it_leaves(self):
        """No key pressed: focus alone marks the card (a hot-seat turn's first
        screen), and blur unmarks it."""
        app = Host(lambda: [Button("elsewhere"), CardRow(HAND[:3])])
        async with app.run_test(size=LARGE) as pilot:
            row = app.query_one(CardRow)
            assert [c.selected for c in row.cards] == [False, False, False]
            row.focus()
            await pilot.pause()
            assert [c.selected for c in row.cards] == [True, False, False]
            app.query_one(Button).focus()
            await pilot.pause()
            assert [c.selected for c in row.cards] == [False, False, False]

    async def test_a_layout_queued_before_the_row_is_removed_does_nothing(self):
        """New cards queue a layout after the next refresh; if the row is
        taken down first (its screen closed by the next key), its parts
        are gone when the layout comes: it used to crash there."""
        app = hand_app(HAND[:2])
        async with app.run_test(size=LARGE) as pilot:
            row = app.query_one(CardRow)
            row.show(HAND)  # another count: the cards are made again, a layout queued
            await row.remove()
            await pilot.pause()
        assert app._exception is None

    async def test_new_cards_replace_the_old_ones(self):
        row = CardRow()
        row.show(HAND[:2])  # before it is mounted: kept for compose
        app = Host(lambda: [row])
        async with app.run_test(size=LARGE) as pilot:
            assert [c.face.key for c in row.cards] == ["o7", "t12"]
            await pilot.press("right")
            row.show(HAND)
            await pilot.pause()
            assert [c.face.key for c in row.cards] == [f.key for f in HAND]
            assert [c.selected for c in row.cards] == [False, True, False, False, False]
            row.show(HAND[2:3])
            await pilot.pause()
            assert [c.face.key for c in row.cards] == ["bank"] and row.selected == 0

    async def test_the_detail_line_wraps_the_whole_text(self):
        long = replace(HAND[0], text="11. Move THREE spaces in any direction, pay 3 to the bank, then draw a card")
        app = Host(lambda: [Horizontal(CardRow([long, *HAND[1:]]), Vertical(), classes="narrow")])
        app.CSS += " .narrow CardRow { width: 40; }"
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            row = app.query_one(CardRow)
            lines = lines_of(row.query_one("#detail"))
            assert len(lines) == 3
            text = " ".join(line.strip() for line in lines)
            assert "then draw a card" in text and "…" not in text

    @pytest.mark.parametrize("count, width, rows", [(5, 60, 1), (5, 58, 1), (6, 60, 2)])
    async def test_a_narrow_row_shows_every_card_whole(self, count, width, rows):
        faces = [replace(HAND[i % len(HAND)], key=str(i)) for i in range(count)]
        app = Host(lambda: [Horizontal(CardRow(faces), Vertical(), classes="narrow")])
        app.CSS += f" .narrow CardRow {{ width: {width}; }}"
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            row = app.query_one(CardRow)
            assert row.compact
            right = row.region.right
            assert all(c.region.width >= 10 and c.region.right <= right for c in row.cards)
            assert len({c.region.y for c in row.cards}) == rows

    async def test_a_row_filled_while_hidden_is_laid_out_when_shown(self):
        app = Host(lambda: [Vertical(CardRow(HAND[:2]), id="page"), Vertical(id="other")])
        async with app.run_test(size=SMALL) as pilot:
            page, row = app.query_one("#page"), app.query_one(CardRow)
            page.display = False
            await pilot.pause()
            row.show(HAND)
            await pilot.pause()
            page.display = True
            await pilot.pause()
            assert row.compact and all(c.compact for c in row.cards)

    async def test_a_click_picks_a_card(self):
        app = hand_app(HAND[:3])
        async with app.run_test(size=LARGE) as pilot:
            await pilot.click(Card, offset=(3, 2))
            await pilot.pause()
        assert [m.index for m in app.seen if isinstance(m, Card.Chosen)] == [0]


# ------------------------------------------------------------------ map
class TestChoiceList:
    async def test_the_choice_enter_takes_is_marked_not_by_colour_only(self):
        """Square Masons' direction and build lists marked the choice by
        colour only: a `▶` in the gutter now follows the highlight."""
        from tui.widgets.option_list import ChoiceList

        app = Host(lambda: [ChoiceList("clockwise this round", "counter-clockwise this round")])
        async with app.run_test(size=(40, 6)) as pilot:
            listed = app.query_one(ChoiceList)
            listed.focus()
            listed.highlighted = 0
            await pilot.pause()
            assert [row.rstrip() for row in lines_of(listed)[:2]] == [
                "▶ clockwise this round", "  counter-clockwise this round"]
            await pilot.press("down")
            await pilot.pause()
            assert [row.rstrip() for row in lines_of(listed)[:2]] == [
                "  clockwise this round", "▶ counter-clockwise this round"]


class TestMapGraph:
    @pytest.mark.parametrize("key", ["british-isles", "world"])
    @pytest.mark.parametrize("size,modes", [(SMALL, ("line", "short")), (LARGE, ("box",))])
    async def test_both_squire_maps_draw_every_city_and_route(self, key, size, modes):
        app = map_app(key)
        async with app.run_test(size=size):
            graph = app.query_one(MapGraph)
            drawing = graph.drawing(graph.size.width, graph.size.height)
            assert drawing.mode in modes
            assert drawing.unrouted == ()
            text = "\n".join(lines_of(graph))
            for city in K.MAPS[key].cities:
                assert (city.name if drawing.mode != "short" else city.code) in text
            assert "┄" in text or "┆" in text  # sea routes, dotted
            assert "─" in text or "│" in text  # roads, solid
            rects = list(drawing.placed.values())
            cells = [c for r in rects for c in r.cells()]
            assert len(cells) == len(set(cells))  # no two nodes overlap
            assert not set(cells) & set(drawing.lines)  # no line runs through a node

    @pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
    async def test_a_maze_of_rooms_gets_straight_corridors(self, size):
        rooms = [Node(f"r{c}{r}", f"Room {c}{r}", c, r, short=f"{c}{r}") for c in range(4) for r in range(4)]
        doors = [("r00", "r10"), ("r10", "r20"), ("r20", "r30"), ("r00", "r01"), ("r01", "r02"), ("r02", "r12"),
                 ("r12", "r22"), ("r22", "r21"), ("r21", "r31"), ("r22", "r23"), ("r23", "r33"), ("r03", "r13")]
        app = Host(lambda: [MapGraph(rooms, [Edge(a, b, "heavy") for a, b in doors])])
        async with app.run_test(size=size):
            graph = app.query_one(MapGraph)
            drawing = graph.drawing(graph.size.width, graph.size.height)
            assert drawing.unrouted == ()
            glyphs = {LINE_STYLES["heavy"][bits] for _, bits in drawing.lines.values()}
            assert glyphs <= {"━", "┃"}  # neighbours joined by straight corridors, no bends

    async def test_a_boxed_node_names_its_contents_in_words(self):
        app = map_app("british-isles")
        async with app.run_test(size=LARGE):
            text = "\n".join(lines_of(app.query_one(MapGraph)))
            assert "Inverness" in text and "painting" in text and "12" in text

    async def test_the_map_grows_with_the_room(self):
        sizes = {}
        for size in (SMALL, LARGE):
            app = map_app("world")
            async with app.run_test(size=size):
                graph = app.query_one(MapGraph)
                drawing = graph.drawing(graph.size.width, graph.size.height)
                sizes[size] = max(r.x + r.w for r in drawing.placed.values())
        assert sizes[SMALL] > 60 and sizes[LARGE] > 100

    async def test_keys_move_the_cursor_to_the_nearest_city_that_way(self):
        app = map_app("british-isles")
        async with app.run_test(size=SMALL) as pilot:
            graph = app.query_one(MapGraph)
            graph.set_cursor("lon")
            await pilot.press("up")
            assert graph.cursor == "yor"
            await pilot.press("left", "h")
            assert graph.cursor == "bel"  # yor → man → bel along row 2
            await pilot.press("j", "enter")
            await pilot.pause()
        moved = [m.key for m in app.seen if isinstance(m, MapGraph.NodeHighlighted)]
        assert moved == ["yor", "man", "bel", "dub"]
        assert [m.key for m in app.seen if isinstance(m, MapGraph.NodeChosen)] == ["dub"]

    async def test_no_move_past_the_edge_of_the_map(self):
        app = map_app("british-isles")
        async with app.run_test(size=SMALL) as pilot:
            graph = app.query_one(MapGraph)
            graph.set_cursor("inv")
            await pilot.press("up")
            assert graph.cursor == "inv"
        assert app.seen == []

    async def test_marked_nodes_are_underlined_and_the_cursor_reversed(self):
        app = map_app("british-isles")
        async with app.run_test(size=SMALL) as pilot:
            graph = app.query_one(MapGraph)
            graph.set_cursor("lon", marked=["can", "yor"])
            await pilot.pause()
            segments = [seg for y in range(graph.size.height) for seg in graph.render_line(y)]

            def styled(code: str, attr: str) -> bool:
                return any(code in seg.text and getattr(seg.style, attr) for seg in segments if seg.style)

            assert styled("can", "underline") and styled("yor", "underline") and not styled("bir", "underline")
            assert styled("lon", "reverse") and not styled("can", "reverse")

    def test_bad_graphs_are_refused_in_words(self):
        with pytest.raises(ValueError, match="does not have"):
            MapGraph([Node("a", "A", 0, 0)], [Edge("a", "b")])
        with pytest.raises(ValueError, match="line style"):
            MapGraph([Node("a", "A", 0, 0), Node("b", "B", 1, 0)], [Edge("a", "b", "zigzag")])

    def test_line_styles_differ_without_colour(self):
        straight = {name: (g[1 | 2], g[4 | 8]) for name, g in LINE_STYLES.items()}
        assert len(set(straight.values())) == len(straight)

    def test_legend_names_the_line_styles_used(self):
        graph = MapGraph(*squire_graph("world"))
        entries = graph.legend_entries({"solid": "road", "dotted": "sea route"}, "you can go there", ["Ana", "Ben"])
        assert [(e.symbol, e.words) for e in entries] == [
            ("──", "road"), ("┄┄", "sea route"), ("abc", "you can go there"), ("1", "Ana's pawn"), ("2", "Ben's pawn")]
        assert entries[3].colour == "player-1" and "reverse" in entries[3].style


# ------------------------------------------------------------------ panels
class TestPanels:
    async def test_five_players_fit_80x24_in_words(self):
        app = table_app()
        async with app.run_test(size=SMALL):
            panel = app.query_one(PlayerPanel)
            assert panel.is_compact()
            rows = [r.rstrip() for r in lines_of(panel) if r.strip()]
            assert len(rows) == 6  # a header and a row a player
            assert all(len(r) <= panel.size.width for r in rows)
            assert "coins" in rows[0] and "tickets" in rows[0] and "VP" in rows[0]
            turn = [r for r in rows if r.startswith("▶")]
            assert len(turn) == 1 and "Bot 2" in turn[0]

    async def test_the_full_form_names_every_count(self):
        app = table_app()
        async with app.run_test(size=LARGE):
            panel = app.query_one(PlayerPanel)
            assert not panel.is_compact()
            text = "\n".join(lines_of(panel))
            assert "$ 5 coins" in text and "▤ 1 ticket " in text and "to play" in text
            assert "fox: 1 coin more" in text

    async def test_the_legend_fits_one_line_and_opens_by_toggle(self):
        app = Host(lambda: [Legend(LEGEND)])
        async with app.run_test(size=(60, 8)) as pilot:
            legend = app.query_one(Legend)
            rows = [r for r in lines_of(legend) if r.strip()]
            assert len(rows) == 1 and rows[0].rstrip().endswith("more (L)")
            legend.toggle()
            await pilot.pause()
            text = " ".join(lines_of(legend))
            for e in LEGEND:
                assert e.words in text

    async def test_the_status_line_keeps_the_refusal_whole(self):
        app = table_app()
        async with app.run_test(size=SMALL) as pilot:
            status = app.query_one(StatusLine)
            row = lines_of(status)[0]
            assert "▶ 1 Ana" in row and row.rstrip().endswith("✗ 2 coins: the painting costs 4")
            assert "…" in row  # the prompt gave way
            status.show("Your move", 1, "Bot 2")
            await pilot.pause()
            row = lines_of(status)[0]
            assert "▶ 2 Bot 2" in row and "Your move" in row and "✗" not in row
            status.refuse("Pick cards first (1–6) to play or discard them, and more words than the line holds")
            await pilot.pause()
            row = lines_of(status)[0].rstrip()
            assert "✗ Pick cards first" in row and row.endswith(" …"), row  # cut between words, not 'disca…'

    async def test_the_log_marks_the_last_move_and_reads_back_by_keys(self):
        app = Host(lambda: [LogPanel(LOG * 4)])
        async with app.run_test(size=(40, 10)) as pilot:
            log = app.query_one(LogPanel)
            for _ in range(20):  # the first scroll to the end comes after a refresh or two
                await pilot.pause()
                if log.max_scroll_y and log.scroll_offset.y == log.max_scroll_y:
                    break
            rows = lines_of(log)
            marked = [r for r in rows if r.lstrip().startswith("▶")]
            assert marked and all(" 5. " in r for r in marked)
            bottom = log.scroll_offset.y
            assert bottom == log.max_scroll_y > 0
            await pilot.press("left_square_bracket")
            assert log.scroll_offset.y < bottom
            await pilot.press("home")
            assert log.scroll_offset.y == 0
            log.add(LogEntry(6, "Ana passes", 0))
            await pilot.pause()
            assert log.scroll_offset.y == 0  # a reader who scrolled back is not pulled down
            await pilot.press("end")
            log.add(LogEntry(7, "Bot 2 passes", 1))
            for _ in range(20):
                await pilot.pause()
                if log.scroll_offset.y == log.max_scroll_y:
                    break
            assert log.scroll_offset.y == log.max_scroll_y
            assert lines_of(log)[-1].lstrip().startswith("▶ 7. Bot 2 passes") or any(
                r.lstrip().startswith("▶ 7.") for r in lines_of(log))

    async def test_the_log_follows_a_burst_of_moves(self):
        """Entries added faster than the screen refreshes (bots' moves in a
        row) keep the log at its end: each `add` knows a scroll to the end
        is still on its way."""
        app = Host(lambda: [LogPanel(LOG)])
        async with app.run_test(size=(40, 10)) as pilot:
            log = app.query_one(LogPanel)
            await pilot.pause()
            for ply in range(6, 40):
                log.add(LogEntry(ply, f"Bot 2 plays move {ply}", 1))
                if ply % 3 == 0:
                    await pilot.pause()  # some refreshes come between, most do not
            for _ in range(20):
                await pilot.pause()
                if log.scroll_offset.y == log.max_scroll_y:
                    break
            assert log.scroll_offset.y == log.max_scroll_y > 0
            assert lines_of(log)[-1].lstrip().startswith("▶ 39. Bot 2 plays move 39")

    async def test_the_log_stays_at_its_end_when_it_gets_narrower(self):
        """A log that fit its panel is laid out narrower (the board beside it
        took its width, or a scrollbar a column): its lines wrap longer and
        its end stays in view (it stayed at the top)."""
        words = "Bot 2 buys a yellow map worth 3 in Belfast for 5 coins"
        app = Host(lambda: [LogPanel([LogEntry(p, words, 1) for p in range(1, 4)])])
        async with app.run_test(size=(60, 10)) as pilot:
            log = app.query_one(LogPanel)
            for _ in range(6):
                await pilot.pause()
            assert log.max_scroll_y == 0  # all in view
            await pilot.resize_terminal(24, 10)
            for _ in range(10):
                await pilot.pause()
                if log.max_scroll_y and log.scroll_offset.y == log.max_scroll_y:
                    break
            assert log.max_scroll_y > 0 and log.scroll_offset.y == log.max_scroll_y
            assert lines_of(log)[-1].strip().endswith("coins")

# ------------------------------------------------------------------ theme
def theme_colours() -> dict[str, str]:
    text = THEME_PATH.read_text()
    return dict(re.findall(r"^\$([a-z0-9-]+):\s*(#[0-9a-fA-F]{6});", text, flags=re.M))


class TestTheme:
    def test_players_and_kinds_stay_apart_in_16_colours(self):
        colours = theme_colours()
        seats = [Color.parse(colours[player_class(s)]).downgrade(ColorSystem.STANDARD).number
                 for s in range(MAX_PLAYERS)]
        kinds = [Color.parse(colours[kind_class(k)]).downgrade(ColorSystem.STANDARD).number for k in KINDS]
        assert len(set(seats)) == MAX_PLAYERS
        assert len(set(kinds)) == len(KINDS)
        assert not set(seats) & set(kinds)

    def test_every_palette_name_has_a_rule(self):
        text = THEME_PATH.read_text()
        for name in [player_class(s) for s in range(MAX_PLAYERS)] + [kind_class(k) for k in KINDS]:
            assert re.search(rf"^\.{name} {{ color: \${name}; }}", text, flags=re.M), name

    def test_palette_names_are_checked(self):
        with pytest.raises(ValueError):
            player_class(MAX_PLAYERS)
        with pytest.raises(ValueError):
            kind_class("orange")

    async def test_without_colour_every_symbol_and_word_stays(self, monkeypatch):
        async def text_and_styles() -> tuple[list[str], bool]:
            app = map_app("british-isles")
            async with app.run_test(size=SMALL):
                graph = app.query_one(MapGraph)
                graph.set_cursor("lon")
                strips = [graph.render_line(y) for y in range(graph.size.height)]
                reverse = any(seg.style and seg.style.reverse and "lon" in seg.text
                              for s in strips for seg in s)
                return [s.text for s in strips], reverse

        coloured, _ = await text_and_styles()
        monkeypatch.setenv("NO_COLOR", "1")
        assert map_app("world").no_color
        plain, reverse = await text_and_styles()
        assert plain == coloured
        assert reverse  # the cursor is shown by reversing, not by a colour


# ------------------------------------------------------------------ text fitting
class TestTextFit:
    def test_words_wrap_whole_and_long_words_are_cut(self):
        from tui.widgets.text_fit import wrap_words

        assert wrap_words("buy or sell in the blue region", 12) == ["buy or sell", "in the blue", "region"]
        assert wrap_words("Constantinople", 5) == ["Const", "antin", "ople"]
        assert wrap_words("", 5) == []

    def test_a_title_keeps_its_meaning(self):
        """Card titles read 'The …' and 'Solar …'."""
        from tui.widgets.text_fit import fit_title

        assert fit_title("The Crystal Palace", 8) == "Crystal."
        assert fit_title("The Crystal Palace", 14) == "Crystal Palace"
        assert fit_title("Solar Panels", 8) == "Solar P."
        assert fit_title("Solar Panels", 10) == "S. Panels"  # initials first, as for names
        assert fit_title("Karl Friedrich Schinkel", 14) == "K. F. Schinkel"

    def test_a_long_word_breaks_after_a_slash_not_inside_a_word(self):
        """Square and Compass's architect card read 'technician/hazar' then
        'd/project card'."""
        from tui.widgets.text_fit import wrap_words

        assert wrap_words("perk: take 1 technician/hazard/project card", 16) == [
            "perk: take 1", "technician/", "hazard/project", "card"]
        assert wrap_words("take technician/hazard", 40) == ["take technician/hazard"]  # whole when it fits

    def test_a_prompt_gives_way_by_whole_parts_and_words(self):
        """The status line cut 'counter-cl…' and '· Square Masons · mov…':
        parts are left out whole (the move number kept longest), the
        question alone cut between words."""
        from tui.widgets.text_fit import fit_parts, fit_title, fit_words

        long = "Choose a block and a bid (sealed), or withdraw · Square Masons · move 12"
        assert fit_parts(long, 80) == long
        assert fit_parts(long, 68) == "Choose a block and a bid (sealed), or withdraw · move 12"
        assert fit_parts(long, 40) == "Choose a block and a bid (sealed), or …"
        assert fit_words("clockwise or counter-clockwise", 25) == "clockwise or …"
        assert fit_words("Constantinople", 6) == "Const."  # one word: abbreviated on purpose
        assert fit_words("take 1 resource of any kind", 24) == "take 1 resource of any …"
        assert fit_title("Karl Friedrich Schinkel", 16) == "K. F. Schinkel"

    def test_a_status_line_too_narrow_for_a_word_shows_an_ellipsis(self):
        """At 20×6 the status line said 'Cho.' for 'Choose the direction…':
        a question is cut between words or shown as '…', never abbreviated."""
        from tui.widgets.status_line import fit_before

        prompt = "Choose the direction of play for this round"
        assert fit_before(prompt, " · Square Masons · move 1", 4) == "…"
        assert fit_before(prompt, " · Square Masons · move 1", 10) == "Choose …"
        assert fit_before(prompt, "", 0) == ""
        assert fit_before("Withdraw", "", 5) == "With."  # one word: abbreviated on purpose, as fit_words does

    def test_fit_ends_a_cut_in_an_ellipsis(self):
        from tui.widgets.text_fit import fit

        assert fit("Bernadette", 20) == "Bernadette"
        assert fit("Bernadette", 6) == "Berna…"
        assert fit("★★★", 2) == "★…"
