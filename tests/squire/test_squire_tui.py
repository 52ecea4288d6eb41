"""The Squire GameView, driven by keys only in a tiny app (Pilot)."""
from __future__ import annotations

from textual.app import App, ComposeResult

from engine.record import GameRecord, Player
from rulesets import REGISTRY
from rulesets.squire.moves import Done, Go, Space, Trade
from tui.games.base import MoveChosen
from tui.games.squire import LAYOUT, GameView, SquireBoard

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
        assert len(lines) <= 21 and max(len(x) for x in lines) <= 57
        assert "Market" in board.render().plain
        await pilot.press("tab")
        table = board.render().plain
        me = app.human
        mine = record.state.players[me].hand
        assert f"card {mine[0]}" in table
        for s, p in enumerate(record.state.players):
            if s != me:
                assert f"card {p.hand[0]} " not in table
        await pilot.press("tab")
        # without colour the region brackets and tile letters still tell everything
        assert "(lon " in board.render().plain and "[dub " in board.render().plain
