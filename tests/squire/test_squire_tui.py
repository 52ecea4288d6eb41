"""The Squire GameView, driven by keys only in a tiny app (Pilot)."""
from __future__ import annotations

from textual.app import App, ComposeResult

from engine.record import GameRecord, Player
from rulesets import REGISTRY
from rulesets.squire.moves import Done, Go, Space, Trade
from tui.games.base import MoveChosen
from tui.games.squire import LAYOUT, MAP_ROWS, GameView, SquireBoard

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
        k = items.index(move)
        await pilot.press(*(["down"] * k), "enter")


def test_every_city_is_reachable_with_arrows():
    for key in LAYOUT:
        st = RS.new_game(2, 1, {"map": key, "abilities": False})
        board = SquireBoard()
        board.state, board.viewer = st, 0
        for target in range(15):
            board.cursor = 0
            arrow_path(board, target)


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
        text = board.render().plain
        assert "supply 0" in text


async def test_view_fits_and_hides_other_hands():
    players = [Player("Ada"), Player("Ben"), Player("Cleo")]
    record = GameRecord.new(RS, players, 5, {"map": "british-isles", "abilities": False})
    app = ViewApp(record, human=record.state.to_act()[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(SquireBoard)
        lines = board.render().plain.split("\n")
        assert len(lines) <= 21 and max(len(x) for x in lines) <= board.size.width
        assert "region   $ rarity" in board.render().plain
        await pilot.press("tab")
        cards = board.render().plain
        me = app.human
        mine = record.state.players[me].hand
        assert f"card {mine[0]} offer: " in cards and "VP now" in cards  # the card's texts, not its number alone
        for s, p in enumerate(record.state.players):
            if s != me:
                assert f"card {p.hand[0]} " not in cards
        await pilot.press("tab")
        table = board.render().plain
        assert all(f"{n} " in table for n in ("Ada", "Ben", "Cleo")) and "VP" in table
        await pilot.press("tab")
        # without colour the region brackets and tile letters still tell everything
        assert "(lon " in board.render().plain and "[dub " in board.render().plain


async def test_board_uses_the_width_it_is_given():
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 5, {"map": "world", "abilities": False})
    app = ViewApp(record, human=record.state.to_act()[0])
    async with app.run_test(size=(110, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(SquireBoard)
        assert board.size.width == 110
        assert max(len(x) for x in board.render().plain.split("\n")) > 80


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


async def shown(app: ViewApp, pilot) -> SquireBoard:
    """Draw the app's position; its board."""
    app.redraw()
    await pilot.pause()
    return app.query_one(SquireBoard)


async def test_a_long_journey_needs_the_target_picked_once():
    app = mid_turn_app()
    codes = [c.code for c in app.record.state.game_map.cities]
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        board.cursor = codes.index("tok")
        board.refresh()
        assert "route sam:Royal tok:ticket" in board.render().plain
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
        assert "you must move before you buy or sell" in board.render().plain
        board.cursor = codes.index("vie")
        await pilot.press("enter")
        await pilot.pause()
        info = board.render().plain.split("\n")[MAP_ROWS]
        assert "[s]ell" in info and "Vienna" in info
        await pilot.press("left")  # another city: b and s would still trade in Vienna
        info = board.render().plain.split("\n")[MAP_ROWS]
        assert board.cursor != codes.index("vie") and "[b]uy" not in info and "[s]ell" not in info


async def test_last_move_is_marked_on_the_map():
    app = mid_turn_app()
    record = app.record
    async with app.run_test(size=(80, 24)) as pilot:
        board = await shown(app, pilot)
        app.query_one(GameView).mark_last(1, record.moves[-1][1])
        await pilot.pause()
        where = record.state.game_map.cities[record.state.players[1].pos].code
        assert any(where in line and "*" in line for line in board.render().plain.split("\n")[:MAP_ROWS])


async def test_choices_are_described_by_the_state():
    record = GameRecord.new(RS, [Player("Ada"), Player("Ben")], 3, {"map": "world", "abilities": True})
    seat = record.state.to_act()[0]
    app = ViewApp(record, human=seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = app.query_one(SquireBoard).render().plain
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
