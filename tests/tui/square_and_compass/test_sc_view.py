"""Square and Compass's own board view, by its keys: a whole 2-player game
against a bot through the action board, the market cards and the choice
list (not the move list); a 5-person hot-seat opening with the pass screen;
pictures of the main screens at 80x24 and 120x40."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from rulesets.square_and_compass.moves import DONE, ChooseArchitect, Place, TakeContract, TakeResource, TakeTech
from tui.app import create_app
from tui.games.square_and_compass import GameView
from tui.games.square_and_compass.board import ActionBoard
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.pass_screen import PassScreen
from tui.widgets.card import CardRow

RS = REGISTRY.get("square-and-compass")
ROWS = {TakeResource: "#sc-res", TakeContract: "#sc-con", TakeTech: "#sc-thp"}


async def press_move(pilot, view: GameView, move) -> None:
    """Build `move` with the view's own keys: the board's cursor, a market
    row's selection, the architect cards or the choice list; then Enter."""
    if move == DONE:
        await pilot.press("d")
        return
    if view.page == "board":
        board = view.query_one(ActionBoard)
        assert move in board.items
        while board.current != move:
            await pilot.press("down")
        await pilot.press("enter")
        return
    if type(move) in ROWS:
        assert view.page == "market"
        row = view.query_one(ROWS[type(move)], CardRow)
        assert row.has_focus
        await pilot.press("home")
        for _ in range(move.stall):
            await pilot.press("right")
        assert row.selected == move.stall
        await pilot.press("enter")
        return
    assert view.page == "choose"
    if isinstance(move, ChooseArchitect):
        row = view.query_one("#sc-archs", CardRow)
        options = [m for m in view.legal if isinstance(m, ChooseArchitect)]
        await pilot.press("home")
        for _ in range(options.index(move)):
            await pilot.press("right")
        await pilot.press("enter")
        return
    index = view.choice_moves.index(move)
    listed = view.query_one("#sc-choices")
    assert listed.has_focus
    while listed.highlighted != index:
        await pilot.press("down")
    await pilot.press("enter")


@pytest.mark.keys
async def test_a_whole_two_player_game_by_the_views_keys(tmp_path):
    roster = [Player("Ana"), Player("Bot 2", "bot:heuristic")]
    # short; still played to its end. Rules version 1: this seed's one card play is the Foreman's,
    # which from version 2 is part of a build (the keys under test are the same)
    record = GameRecord.new(RS, roster, 11, {"rounds": 3}, version=1)
    path = tmp_path / "game.json"
    save(record, path)
    chooser = RS.make_bot("heuristic", 11)  # decides what Ana plays, from her view
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        view = screen.query_one(GameView)
        by_keys, kinds = 0, set()
        for _ in range(2000):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.record.state.is_over():
                break
            if screen.acting_human() != 0:
                continue
            state = screen.record.state
            move = chooser.choose(state.view(0), 0)
            before = screen.record.ply
            await press_move(pilot, view, move)
            await pilot.pause()
            assert screen.record.moves[before] == (0, state.format_move(move))
            by_keys += 1
            kinds.add(type(move).__name__)
        assert screen.record.state.is_over() and by_keys >= 20
        # every kind of key: the board (tiles, perk), each market row, the list (process, play, build)
        assert {"ChooseArchitect", "Place", "Perk", "TakeResource", "TakeContract", "TakeTech",
                "Process", "Play", "Build"} <= kinds
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    assert load(path).moves == screen.record.moves


async def test_a_refused_key_says_why_and_plays_nothing(tmp_path):
    record = GameRecord.new(RS, [Player("Ana"), Player("Ben", "bot:random")], 3, {})
    record.play(0, state_first_architect(record))
    path = tmp_path / "r.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(GameView)
        board = view.query_one(ActionBoard)
        closed = next(m for m in board.items if m not in view.legal)
        while board.current != closed:
            await pilot.press("down")
        ply = screen.record.ply
        await pilot.press("enter")
        await pilot.pause()
        assert screen.record.ply == ply
        detail = str(view.query_one("#sc-detail").render())
        assert detail.startswith("✗") and len(detail) > 4


def state_first_architect(record) -> str:
    state = record.state
    return state.format_move(state.legal(0)[0])


@pytest.mark.keys
async def test_five_people_hot_seat_with_the_pass_screen(tmp_path):
    record = GameRecord.new(RS, [Player(n) for n in ("Ana", "Ben", "Cy", "Di", "Ed")], 4, {})
    path = tmp_path / "s.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        view = game.query_one(GameView)
        passes, seen = 0, []
        for _ in range(40):
            if isinstance(app.screen, PassScreen):
                passes += 1
                assert game.viewer is None  # nobody's hand is drawn beneath it
                assert view.viewer is None and "spectator" in str(view.query_one("#sc-tableau").render())
                await pilot.press("enter")
                await pilot.pause()
                continue
            seat = game.acting_human()
            assert seat is not None and seat == game.viewer == view.viewer
            if game.record.state.phase == "turn":
                # the widget state is this person's own: the cursor starts on a move they may make
                assert view.query_one(ActionBoard).current in view.legal
            seen.append(seat)
            move = game.record.state.legal(seat)[0]
            await press_move(pilot, view, move)
            await pilot.pause()
        assert passes >= 5 and len(set(seen)) == 5
        assert game.record.state.phase != "architect"  # all five chose, sealed, by keys


# ------------------------------------------------------------------ pictures
@pytest.fixture
def folder(tmp_path):
    """The pictures' saves folder: a temporary one (these screens never show
    its path; a fixed /tmp folder was shared with every other checkout's run)."""
    return tmp_path


def sc_game(folder: Path, plies: int, step: str = "turn", players: int = 3) -> Path:
    """A game of Ana against bots, played by the heuristic bot for everyone
    until `plies` moves are made and Ana is to act at a `step` ('turn', or
    the first step of an action such as 'tech' or 'refine2')."""
    roster = [Player("Ana")] + [Player(f"Bot {s + 1}", "bot:heuristic") for s in range(1, players)]
    record = GameRecord.new(RS, roster, 7, {})
    bot = RS.make_bot("heuristic", 7)

    def there() -> bool:
        st = record.state
        now = st.phase if st.phase != "act" else st.parts[0].rstrip("?")
        return record.ply >= plies and 0 in st.to_act() and now in (step, "architect")

    while not there():
        seat = record.state.to_act()[0]
        record.play(seat, record.state.format_move(bot.choose(record.state.view(seat), seat)))
    record.created = record.updated = "2026-11-25T00:00:00+00:00"
    path = folder / "sc.json"
    save(record, path)
    return path


SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES)
class TestPictures:
    def test_architect_choice(self, snap_compare, folder, size):
        app = create_app(folder, game=sc_game(folder, 0), bot_delay=0)
        assert snap_compare(app, terminal_size=SIZES[size])

    def test_action_board(self, snap_compare, folder, size):
        app = create_app(folder, game=sc_game(folder, 30), bot_delay=0)
        assert snap_compare(app, terminal_size=SIZES[size])

    def test_market(self, snap_compare, folder, size):
        app = create_app(folder, game=sc_game(folder, 30), bot_delay=0)
        assert snap_compare(app, press=["tab"], terminal_size=SIZES[size])

    def test_tableau(self, snap_compare, folder, size):
        app = create_app(folder, game=sc_game(folder, 30), bot_delay=0)
        assert snap_compare(app, press=["tab", "tab"], terminal_size=SIZES[size])

    def test_players(self, snap_compare, folder, size):
        app = create_app(folder, game=sc_game(folder, 30), bot_delay=0)
        assert snap_compare(app, press=["tab", "tab", "tab"], terminal_size=SIZES[size])

    def test_taking_from_a_market(self, snap_compare, folder, size):
        app = create_app(folder, game=sc_game(folder, 30, "tech"), bot_delay=0)
        assert snap_compare(app, press=["right"], terminal_size=SIZES[size])

    def test_a_step_chosen_from_a_list(self, snap_compare, folder, size):
        app = create_app(folder, game=sc_game(folder, 20, "refine2"), bot_delay=0)
        assert snap_compare(app, terminal_size=SIZES[size])


async def test_mark_last_marks_the_last_tile_placed(tmp_path):
    path = sc_game(tmp_path, 30)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        state = view.state
        a, seats = next((a, b) for a, b in enumerate(state.board) if b)
        view.mark_last(seats[-1], state.format_move(Place(a)))
        view.mark_last(seats[-1], "r2")  # a step of the action: the tile stays marked
        await pilot.pause()
        rows = view.query_one(ActionBoard).render().plain.split("\n")
        marked = [r for r in rows if "◀ last" in r]
        assert len(marked) == 1 and state.format_move(Place(a)) in marked[0]
        view.mark_last(None, None)  # before any move: nothing to mark, nothing breaks
        board = view.query_one(ActionBoard)
        for left, words in [(1, "▮ 1 tile left"), (2, "▮ 2 tiles left")]:  # the head counts the viewer's tiles in words
            me = board.state.players[board.viewer]
            me.used = me.tiles - left
            assert words in board.render().plain.split("\n")[0]


# ------------------------------------------------ readable at 80×24
def detail_text(view: GameView) -> str:
    return " ".join(str(view.query_one("#sc-detail").render()).split())


def screen_text(app) -> str:
    return "\n".join(s.text for s in app.screen._compositor.render_strips())


async def test_the_whole_architect_and_perk_text_shows(tmp_path):
    from rulesets.square_and_compass import content as K
    from rulesets.square_and_compass.moves import PERK

    app = create_app(tmp_path, game=sc_game(tmp_path, 0), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        for i, move in enumerate(m for m in view.legal if isinstance(m, ChooseArchitect)):
            if i:
                await pilot.press("right")
                await pilot.pause()
            words = " ".join(view.describe(view.state, move, 0).split())
            assert detail_text(view) == f"Enter: {words}"
            assert " ".join(words.split()[-3:]) in screen_text(app).replace("\n", " ")
        await press_move(pilot, view, next(m for m in view.legal if isinstance(m, ChooseArchitect)))
        await app.workers.wait_for_complete()
        await pilot.pause()
        board = view.query_one(ActionBoard)
        while board.current != PERK:
            await pilot.press("down")
        await pilot.pause()
        perk = K.PERKS[K.ARCHITECTS[view.state.players[0].architect].perk]
        assert " ".join(perk[1].split()) in detail_text(view)


async def test_the_market_shows_every_card_and_each_contracts_cost_at_80x24(tmp_path):
    from tui.games.square_and_compass.faces import cost_words

    app = create_app(tmp_path, game=sc_game(tmp_path, 30), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        view = app.screen.query_one(GameView)
        assert view.page == "market" and view.market_row() is None  # not a take step
        bottom = view.query_one("#sc-detail").region.y
        for name in ("res", "con", "thp"):
            row = view.query_one(f"#sc-{name}", CardRow)
            assert len(row.cards) == len(row.faces) >= 3
            assert all(c.region.right <= view.region.right and 0 < c.region.bottom <= bottom for c in row.cards)
        con = view.query_one("#sc-con", CardRow)
        shown = " ".join(line.text.strip() for line in map(con.query_one("#detail").render_line, range(2)))
        cid = view.state.con_market[0]
        assert " ".join(cost_words(cid).split()) in shown
        con.focus()
        await pilot.press("right")
        await pilot.pause()
        from rulesets.square_and_compass import content as K
        assert K.CONTRACTS[view.state.con_market[1]].name in detail_text(view)  # whole, where the card cuts it


def test_prompts_speak_words_not_notation():
    record = GameRecord.new(RS, [Player("Ana"), Player("Bot 2", "bot:heuristic")], 5, {"rounds": 2})
    prompts = set()
    while not record.state.is_over():
        st = record.state
        seat = st.to_act()[0]
        prompts.add(st.prompt(seat))
        record.play_move(seat, record.bot_move(seat))
    assert len(prompts) > 5
    for prompt in prompts:
        assert not any(mark in prompt for mark in ("r1-", "k1-", "h1 ", "e.g.", "xt-s", "b +", "(@", "dk12", "vt-s", "(dt)")), prompt


async def test_the_highlighted_move_is_what_enter_plays_and_is_told_in_full(tmp_path):
    app = create_app(tmp_path, game=sc_game(tmp_path, 0), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        options = [m for m in view.legal if isinstance(m, ChooseArchitect)]
        await pilot.press("right")
        await pilot.pause()
        assert view.highlighted_move() == options[1]
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        board = view.query_one(ActionBoard)
        seen = set()
        for _ in range(len(board.items)):
            move = view.highlighted_move()
            assert move == (board.current if board.current in view.legal else None)  # a refused item: nothing
            if move is not None:
                seen.add(move)
                assert view.describe(view.state, move, 0) in detail_text(view)
            await pilot.press("down")
            await pilot.pause()
        assert seen


def _market_step_with_first_card_untakeable(folder: Path) -> Path:
    """A game (bots for everyone) stopped where Ana takes from a market whose
    first card this step cannot take (e.g. a sustainable resource when the
    step takes a normal one)."""
    roster = [Player("Ana"), Player("Bot 2", "bot:heuristic")]
    for seed in range(1, 40):
        record = GameRecord.new(RS, roster, seed, {})
        bot = RS.make_bot("heuristic", seed)
        while not record.state.is_over() and record.ply < 120:
            st = record.state
            seat = st.to_act()[0]
            if seat == 0 and st.phase == "act":
                take = {"take_res": TakeResource, "take_con": TakeContract, "take_thp": TakeTech}
                legal = st.legal(0)
                kinds = {type(m) for m in legal} & set(take.values())
                if len(kinds) == 1:
                    kind = kinds.pop()
                    if kind(0) not in legal and any(isinstance(m, kind) for m in legal):
                        path = folder / "sc.json"
                        save(record, path)
                        return path
            record.play(seat, st.format_move(bot.choose(st.view(seat), seat)))
    pytest.fail("no game reached such a step")


async def test_a_market_step_starts_on_a_card_it_can_take(tmp_path):
    """The cursor started on the first card even where this step cannot take
    it, so Enter was refused at once ('this step takes a normal resource')."""
    app = create_app(tmp_path, game=_market_step_with_first_card_untakeable(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        move = view.highlighted_move()
        assert move is not None and move in view.legal, move


@pytest.mark.parametrize("plies,step,keys", [
    (0, "turn", []), (30, "turn", []), (30, "turn", ["tab"]), (30, "turn", ["tab", "tab"]),
    (30, "turn", ["tab", "tab", "tab"]), (30, "tech", ["right"]), (20, "refine2", []),
])
async def test_no_word_is_cut_mid_word_at_80x24(tmp_path, plies, step, keys):
    """Cards, action rows and the head were cut inside words ('✿timb…',
    'resou…', 'contrac…', '… · Tab:'): now abbreviated on purpose, cut
    between words, or parts left out whole."""
    from tests.tui.screen_checker import check_cut_words

    app = create_app(tmp_path, game=sc_game(tmp_path, plies, step), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        assert not check_cut_words(app), "\n".join(check_cut_words(app))
        head = str(app.screen.query_one("#sc-head").render())
        assert head.endswith("Tab: pages") or "Tab:" not in head, head
