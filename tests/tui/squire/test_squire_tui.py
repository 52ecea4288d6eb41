"""The Squire GameView, driven by keys only in a tiny app (Pilot)."""
from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from engine.record import GameRecord, Player
from rulesets import REGISTRY
from rulesets.squire import content as K
from rulesets.squire.moves import BUY as BUY_MOVE
from rulesets.squire.moves import Done, Go, Space, Trade
from tui.games.base import MoveChosen
from tui.games.squire import GameView
from tui.games.squire.board import SquireBoard
from tui.games.squire.look import SQUIRE_GRID, tile_brief
from tui.games.squire.parts import Painted
from tui.widgets.palette import THEME_PATH

RS = REGISTRY.get("squire")
ARROWS = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}


class ViewApp(App):
    """Mounts one GameView and plays what it posts into a record."""

    def __init__(self, record: GameRecord, human: int) -> None:
        super().__init__()
        self.record = record
        self.human = human
        self.posted: list[str] = []

    def compose(self) -> ComposeResult:
        yield GameView()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        st = self.record.state
        can = not st.is_over() and st.to_act()[0] == self.human
        self.query_one(GameView).show(st.view(self.human), self.human, self.record.names, can)

    def on_move_chosen(self, message: MoveChosen) -> None:
        self.posted.append(message.text)
        self.record.play(self.human, message.text)
        self.bots()
        self.redraw()

    def bots(self) -> None:
        st = self.record.state
        while not st.is_over() and st.to_act()[0] != self.human:
            seat = st.to_act()[0]
            self.record.play_move(seat, self.record.bot_move(seat, "random"))


def arrow_path(board: SquireBoard, target: int) -> list[str]:
    """Keys that bring the map cursor to `target` (breadth-first search)."""
    start = board.cursor
    seen = {start: []}
    todo = [start]
    try:
        while todo:
            c = todo.pop(0)
            if c == target:
                return seen[c]
            for d, key in ARROWS.items():
                board.cursor = c
                nxt = board._nearest(*d)
                if nxt not in seen:
                    seen[nxt] = seen[c] + [key]
                    todo.append(nxt)
    finally:
        board.cursor = start
    raise AssertionError(f"city {target} cannot be reached with the arrows")


async def press_move(pilot, board: SquireBoard, move) -> None:
    """Build `move` with keys."""
    st = board.state
    if isinstance(move, Go):
        keys = arrow_path(board, move.city)
        await pilot.press(*keys, "enter")
    elif isinstance(move, Trade):
        await pilot.press("b" if move.buy else "s")
    elif isinstance(move, Space):
        f, c = divmod(board.space, 4)
        tf, tc = divmod(move.index, 4)
        keys = (["up"] * (tf - f) if tf > f else ["down"] * (f - tf))
        keys += (["right"] * (tc - c) if tc > c else ["left"] * (c - tc))
        await pilot.press(*keys, "enter")
    elif isinstance(move, Done) and st.phase != "exhibit":
        await pilot.press("d")
    else:
        items = board.choices()
        k = items.index(move) - board.pick % len(items)
        await pilot.press(*(["down"] * k if k > 0 else ["up"] * -k), "enter")


async def test_every_city_is_reachable_with_arrows():
    for key in SQUIRE_GRID:
        record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 1, {"map": key, "abilities": False})
        app = ViewApp(record, human=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.query_one(SquireBoard)
            for target in range(15):
                board.cursor = 0
                arrow_path(board, target)


@pytest.mark.keys
async def test_play_a_whole_game_by_keys():
    players = [Player("Ada", "human"), Player("Bot", "bot:random")]
    record = GameRecord.new(RS, players, 7, {"map": "world", "abilities": True})
    app = ViewApp(record, human=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.bots()
        app.redraw()
        await pilot.pause()
        board = app.query_one(SquireBoard)
        bot = RS.make_bot("heuristic", 3)
        steps = 0
        while not record.state.is_over():
            st = record.state
            assert st.to_act() == (0,)
            move = bot.choose(st.view(0), 0)
            want = st.format_move(move)
            before = len(app.posted)
            await press_move(pilot, board, move)
            await pilot.pause()
            assert app.posted[before:] == [want]
            steps += 1
        assert steps > 20
        assert "· 0 rarities left" in board.plain()


async def test_view_fits_and_hides_other_hands():
    players = [Player("Ada"), Player("Ben"), Player("Cleo")]
    record = GameRecord.new(RS, players, 5, {"map": "british-isles", "abilities": False})
    app = ViewApp(record, human=record.state.to_act()[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(SquireBoard)
        for part in ("#sq-map", "#sq-info", "#sq-gallery", "#sq-market", "#sq-legend"):
            region = board.query_one(part).region
            assert region.height > 0 and board.region.contains_region(region), part  # all of it on screen
        assert "$4" in board.plain() and "price: region $ + rarity $" in board.plain()
        await pilot.press("tab")
        cards = board.plain()
        me = app.human
        mine = record.state.players[me].hand
        assert f"Card {mine[0]} +" in cards and "offer: " in cards and "VP now" in cards  # texts, not numbers
        for s, p in enumerate(record.state.players):
            if s != me and p.hand[0] not in mine:
                assert f"Card {p.hand[0]} +" not in cards
        await pilot.press("tab")
        table = board.plain()
        assert all(f"{n} " in table for n in ("Ada", "Ben", "Cleo")) and "VP now" in table
        await pilot.press("tab")
        # without colour the region suits and tile symbols still tell everything
        assert "♥lon " in board.plain() and "♣dub " in board.plain()


async def test_board_uses_the_width_it_is_given():
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 5, {"map": "world", "abilities": False})
    app = ViewApp(record, human=record.state.to_act()[0])
    async with app.run_test(size=(110, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(SquireBoard)
        assert board.size.width == 110
        graph = board.graph
        drawing = graph.drawing(graph.size.width, graph.size.height)
        assert max(r.x + r.w for r in drawing.placed.values()) > 80


def mid_turn_app() -> ViewApp:
    """Seat 0 (human, world map) at Constantinople on a normal turn with 1
    common ticket; seat 1 a random bot."""
    record = GameRecord.new(RS, [Player("Ada"), Player("Bot", "bot:random")], 3, {"map": "world", "abilities": False})
    app = ViewApp(record, human=0)
    app.bots()
    st = record.state
    while not st.is_over() and (st.players[0].pos < 0 or st.to_act() != (0,) or st.phase != "move" or st.steps):
        seat = st.to_act()[0]
        record.play_move(seat, record.bot_move(seat, "random"))
    con = [c.code for c in st.game_map.cities].index("con")
    st.players[0].pos = st.start = con
    st.players[0].tickets = 1
    return app


def info(board: SquireBoard) -> str:
    """The line under the map."""
    return board.query_one("#sq-info", Painted).plain()


async def shown(app: ViewApp, pilot) -> SquireBoard:
    """Draw the app's position; its board."""
    app.redraw()
    await pilot.pause()
    return app.query_one(SquireBoard)


async def test_the_step_enter_takes_is_described_in_full_under_the_map():
    app = mid_turn_app()
    st = app.record.state
    codes = [c.code for c in st.game_map.cities]
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        assert app.query_one(GameView).highlighted_move() is None  # the cursor on the pawn: Enter goes nowhere
        board.cursor = codes.index("sam")
        board._redraw()
        assert app.query_one(GameView).highlighted_move() == Go(codes.index("sam"))
        assert "Enter: travel to Samarkand by road (Royal ticket)" in info(board)


async def test_a_long_journey_needs_the_target_picked_once():
    app = mid_turn_app()
    codes = [c.code for c in app.record.state.game_map.cities]
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        board.cursor = codes.index("tok")
        board.refresh()
        board._redraw()
        assert "Enter: →1 sam (Royal) →2 tok (ticket)" in info(board)
        nodes = board.graph.nodes  # the journey on the map
        assert nodes["sam"].flags == "→1" and nodes["tok"].flags == "→2"
        await pilot.press("enter")
        await pilot.pause()
        assert board.cursor == codes.index("tok")  # still on the target
        await pilot.press("enter")
        await pilot.pause()
        assert app.posted[-2:] == ["sam", "tok"]


async def test_trade_hint_only_where_the_pawn_stands_and_refusals_say_why():
    app = mid_turn_app()
    codes = [c.code for c in app.record.state.game_map.cities]
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        await pilot.press("b")  # no move made yet
        assert "you must move before you buy or sell" in info(board)
        board.cursor = codes.index("vie")
        await pilot.press("enter")
        await pilot.pause()
        line = info(board)
        assert "[s]ell" in line and "Vienna" in line
        await pilot.press("left")  # another city: b and s would still trade in Vienna
        line = info(board)
        assert board.cursor != codes.index("vie") and "[b]uy" not in line and "[s]ell" not in line


async def test_last_move_is_marked_on_the_map():
    app = mid_turn_app()
    record = app.record
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        app.query_one(GameView).mark_last(1, record.moves[-1][1])
        await pilot.pause()
        where = record.state.game_map.cities[record.state.players[1].pos].code
        assert board.graph.nodes[where].flags.endswith("*")
        assert any(f"{where} " in line and "*" in line for line in board.plain().split("\n"))


async def test_choices_are_described_by_the_state():
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 3, {"map": "world", "abilities": True})
    seat = record.state.to_act()[0]
    app = ViewApp(record, human=seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = app.query_one(SquireBoard).plain()
        assert "take The Badger, connoisseur: pays 1 coin less" in text


async def test_nothing_of_one_persons_screen_carries_to_the_next():
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 3, {"map": "world", "abilities": True})
    app = ViewApp(record, human=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        await pilot.press("tab")
        assert board.panel == "cards"
        board.target = 3
        board.set_state(record.state.view(1), 1, record.names, False)
        assert board.panel == "map" and board.target is None


BOX_DRAWING = range(0x2500, 0x2580)
WORDS_AROUND = set("·…✗★")
"""Marks that stand beside their words: separators, a cut, a refusal, 'VP now'."""


async def test_every_symbol_on_the_board_is_in_the_legend():
    app = mid_turn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        board = await shown(app, pilot)
        app.query_one(GameView).mark_last(1, app.record.moves[-1][1])
        board.cursor = [c.code for c in app.record.state.game_map.cities].index("tok")  # a journey shown
        board._redraw()
        await pilot.pause()
        legend = board.query_one("#sq-legend")
        explained = "".join(e.symbol for e in legend.entries)
        shown_text = board.plain()
        symbols = {ch for ch in shown_text if not ch.isascii() and ord(ch) not in BOX_DRAWING} - WORDS_AROUND
        assert symbols and not {ch for ch in symbols if ch not in explained}
        assert "──" in explained and "┄┄" in explained


class ThemedApp(ViewApp):
    CSS_PATH = [THEME_PATH]


async def test_without_colour_the_symbols_stay_bright(monkeypatch):
    styles = {}
    for no_color in (False, True):
        if no_color:
            monkeypatch.setenv("NO_COLOR", "1")
        app = ThemedApp(mid_turn_app().record, human=0)
        async with app.run_test(size=(80, 24)) as pilot:
            board = await shown(app, pilot)
            market = board.query_one("#sq-market")
            styles[no_color] = {k: market.get_component_rich_style(f"kind-{k}").color for k in ("red", "blue")}
    assert styles[False]["red"] != styles[False]["blue"]  # colours help when there are colours
    assert styles[True]["red"] == styles[True]["blue"]  # without, every symbol is drawn alike, in full


def test_the_pacific_crossing_goes_off_the_edges_not_across_the_map():
    from tui.games.squire.look import map_edges, map_nodes
    from tui.widgets.map_graph import MapGraph

    st = RS.new_game(2, 1, {"map": "world", "abilities": False})
    graph = MapGraph()
    graph.set_graph(map_nodes(st), map_edges("world"))
    for width, height in ((59, 11), (59, 13), (72, 30), (110, 20)):
        drawing = graph.drawing(width, height)
        assert not drawing.unrouted
        sea = {cell for cell, (style, _) in drawing.lines.items() if style == "dotted"}
        assert any(x == 0 for x, _ in sea), (width, height)  # in from the left edge to San Francisco
        assert any(x == width - 1 or y in (0, height - 1) for x, y in sea if x > width // 2)  # out east from Tokyo


async def test_players_panel_names_every_holding_in_words():
    app = mid_turn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        await pilot.press("tab", "tab")
        text = board.query_one("#sq-players").render().plain
        for words in ("coins", "tickets", "cards", "errands", "Royal ticket", "Royal coins", "VP now", "to play"):
            assert words in text, words


async def test_play_keys_are_off_when_the_viewer_cannot_act():
    app = mid_turn_app()
    record = app.record
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        assert board.check_action("choose", ()) and board.check_action("arrow", (1, 0))
        board.set_state(record.state.view(0), 0, record.names, False)  # a replay, or a bot's turn
        before = board.cursor
        await pilot.press("right", "b")
        assert board.cursor == before and not app.posted  # the keys go on to the screen (a replay steps)
        assert not board.check_action("choose", ()) and board.check_action("next_panel", ())


async def test_a_big_hand_keeps_every_cards_text_and_scrolls_by_keys():
    app = mid_turn_app()
    app.record.state.players[0].hand = [3, 9, 14, 21, 30]
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        await pilot.press("tab")
        hand = board.query_one("#sq-hand")
        assert not any(card.compact for card in hand.cards)  # full cards, with their texts, over more rows
        scroll = board.query_one("#sq-cards")
        await pilot.press("down", "down")
        assert scroll.scroll_y > 0


async def test_enter_on_the_offer_step_plays_the_offer_not_done():
    """Selling in Swansea holding card 20 (blue region: 2 tickets): the
    highlighted item is the offer; 'done' says what it gives up."""
    record = GameRecord.new(RS, [Player("Ada"), Player("Bot", "bot:random")], 3,
                            {"map": "british-isles", "abilities": False})
    app = ViewApp(record, human=0)
    app.bots()
    st = record.state
    while not st.is_over() and (st.players[0].pos < 0 or st.to_act() != (0,) or st.phase != "move" or st.steps):
        seat = st.to_act()[0]
        record.play_move(seat, record.bot_move(seat, "random"))
    codes = [c.code for c in st.game_map.cities]
    st.players[0].pos = st.start = codes.index("car")
    hand = st.players[0].hand
    for _ in list(hand):
        st.deck.insert(0, hand.pop())
    st.deck.remove(20)
    hand.append(20)
    record.play(0, "swa")
    record.play(0, "sell")
    assert st.phase == "offer"
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        text = board.plain()
        assert "▶ play card 20's offer" in text
        assert "play no more offers: give up card 20's 2 tickets" in text
        await pilot.press("enter")
        await pilot.pause()
        assert app.posted[-1] == "o20"


async def test_roads_keep_their_shape_at_every_ply():
    """A seeded 3-player game to the end, drawn after every move with the
    journey to a far city and the last move marked: the map's places and
    routed lines never change, and no city's text covers a line."""
    from tui.widgets.map_graph import LINE_STYLES

    players = [Player("Ada", "bot:random"), Player("Ben", "bot:random"), Player("Cy", "bot:random")]
    record = GameRecord.new(RS, players, 11, {"map": "british-isles", "abilities": True})
    app = ViewApp(record, human=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        graph = board.graph
        size = (graph.size.width, graph.size.height)
        first = None
        plies = 0
        while not record.state.is_over():
            seat = record.state.to_act()[0]
            record.play_move(seat, record.bot_move(seat, "random"))
            plies += 1
            st = record.state
            can = not st.is_over() and st.to_act()[0] == 0
            board.set_state(st.view(0), 0, record.names, can)
            board.cursor = (plies * 7) % 15  # the journey to some far city, numbered on the map
            board.mark_last(seat, record.moves[-1][1])
            drawing = graph.drawing(*size)
            picture = (dict(drawing.placed), dict(drawing.lines), dict(drawing.attach))
            first = first or picture
            assert picture == first, f"the map changed at ply {plies}"
            text = [strip.text for strip in graph.render_lines(graph.region.reset_offset)]
            tails = {cell for r in drawing.placed.values() for cell in r.tail_cells()}
            for (x, y), (style, _) in drawing.lines.items():
                if (x, y) in tails:
                    continue  # a line crossing a city's room for its pawns, where there was no other way
                assert text[y][x] in "".join(LINE_STYLES[style].values()), (plies, x, y, text[y])
        assert plies > 100


@pytest.mark.parametrize("key", sorted(SQUIRE_GRID))
def test_every_route_is_drawn_with_room_kept_for_every_pawn(key):
    from tui.games.squire.look import BRIEF_ROOM, map_edges, map_nodes, map_rooms
    from tui.widgets.map_graph import MapGraph

    for players in (2, 3, 4):
        st = RS.new_game(players, 1, {"map": key, "abilities": False})
        for p in st.players:
            p.pos = 0  # every pawn in one city
        tail, contents = map_rooms(players)
        graph = MapGraph()
        graph.set_graph(map_nodes(st, last=0), map_edges(key), tail=tail, contents=contents, brief=BRIEF_ROOM)
        for size in ((59, 11), (59, 12), (80, 19), (59, 30), (100, 20)):
            drawing = graph.drawing(*size)
            assert not drawing.unrouted, (players, size)
            if drawing.mode != "box":
                code = st.game_map.cities[0].code
                room = drawing.placed[code].w - len(graph._name_text(graph.nodes[code], drawing.mode)) - 1
                tail = graph._tail_text(graph.nodes[code], room)
                assert len(tail) <= room and tail.endswith("1234"[:players]), (players, size, tail)


def human_turn(map_key: str = "british-isles", at: str = "car", seed: int = 3) -> ViewApp:
    """Ada (seat 0, human) to travel from `at` on a normal turn; Bot random."""
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben", "bot:random")], seed,
                            {"map": map_key, "abilities": False})
    app = ViewApp(record, human=0)
    app.bots()
    st = record.state
    while not st.is_over() and (st.players[0].pos < 0 or st.to_act() != (0,) or st.phase != "move" or st.steps):
        seat = st.to_act()[0]
        record.play_move(seat, record.bot_move(seat, "random"))
    st.players[0].pos = st.start = [c.code for c in st.game_map.cities].index(at)
    return app


async def test_a_long_journey_is_told_whole_at_80x24():
    app = human_turn(at="car")
    st = app.record.state
    st.players[0].tickets = 3
    codes = [c.code for c in st.game_map.cities]
    async with app.run_test(size=(59, 24)) as pilot:
        board = await shown(app, pilot)
        width = board.size.width
        for target in ("inv", "bel", "yor", "edi"):
            board.cursor = codes.index(target)
            board._redraw()
            rows = info(board).split("\n")
            assert len(rows) == 3  # the others' last turn, the city, what Enter does
            enter = rows[2]
            route = st.route(0, codes.index(target))
            assert len(route) >= 3 and enter.startswith("Enter: "), enter
            assert len(enter) <= width and not enter.endswith("…"), enter
            assert all(f"→{n + 1} {codes[c]}" in enter for n, (c, _) in enumerate(route)), enter


async def test_the_gallery_step_tells_every_bonus_at_80x24():
    app = human_turn()
    st = app.record.state
    async with app.run_test(size=(59, 24)) as pilot:
        board = await shown(app, pilot)
        await pilot.press("right", "enter")  # a neighbour
        await pilot.pause()
        if BUY_MOVE not in st.legal(0):
            st.players[0].coins = 20
            board = await shown(app, pilot)
        await pilot.press("b")
        await pilot.pause()
        while st.phase == "offer":
            await pilot.press("d")
            await pilot.pause()
        assert st.phase == "gallery"
        board.space = 5  # 2b: no hall; 1b (1) has a hall bonus
        board.space = 1
        board._redraw()
        text = info(board)
        assert "hall: 2 coins" in text.replace("\n", " ") and "…" not in text, text
        assert all(len(row) <= board.size.width for row in text.split("\n"))
        assert text.replace("\n", " ").strip().endswith("· Enter")
        said = st.describe_move(board.enter_move(), 0)
        assert board.enter_move() == Space(1) and said in " ".join(text.split()), (said, text)


async def test_exhibition_choices_name_the_players():
    app = human_turn()
    st = app.record.state
    st.token = 0
    st.phase = "exhibit"
    st.players[1].gallery[0] = next(t for t in st.supply if K.TILE_COLOUR[t] == K.BLUE)
    st.supply.remove(st.players[1].gallery[0])
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        text = board.plain()
        assert "Ben gets 2 coins" in text and "Seat " not in text, text
        assert "notation" not in text


async def test_keys_that_do_nothing_in_a_step_leave_the_key_bar():
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 3, {"map": "world", "abilities": True})
    seat = record.state.to_act()[0]
    app = ViewApp(record, human=seat)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        assert record.state.phase == "board"
        assert not board.check_action("trade", (True,)) and not board.check_action("done", ())
        assert board.check_action("choose", ())
    app = human_turn()
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        assert board.check_action("trade", (True,))  # b before moving: refused with the reason
        assert not board.check_action("done", ())


SCREEN_80 = (59, 24)
"""The board's size in the game screen at 80×24 (the side log takes the rest)."""


async def test_list_items_wrap_where_there_is_room():
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 3, {"map": "world", "abilities": True})
    app = ViewApp(record, human=record.state.to_act()[0])
    async with app.run_test(size=SCREEN_80) as pilot:
        board = await shown(app, pilot)
        text = board.query_one("#sq-choices", Painted).plain()
        assert all(len(row) <= board.size.width for row in text.split("\n"))
        assert "…" not in text and "(never less than 1)" in " ".join(text.split())


async def test_the_players_panel_shows_whole_galleries_at_80x24():
    record = GameRecord.new(RS, [Player(n) for n in ("Ada", "Ben", "Cleo", "Dmitri")], 5,
                            {"map": "world", "abilities": True})
    st = record.state
    while st.turns < 36:
        seat = st.to_act()[0]
        record.play_move(seat, record.bot_move(seat, "heuristic"))
    app = ViewApp(record, human=st.to_act()[0])
    async with app.run_test(size=SCREEN_80) as pilot:
        board = await shown(app, pilot)
        await pilot.press("tab", "tab")
        panel = board.query_one("#sq-players")
        lines = panel.render().plain.split("\n")
        assert len(lines) <= panel.size.height
        assert all(len(line.rstrip()) <= panel.size.width for line in lines)
        for p in st.players:
            owned = " ".join(tile_brief(t) for t in p.gallery if t >= 0)
            assert any(line.strip() == f"gallery {owned}" for line in lines), owned
