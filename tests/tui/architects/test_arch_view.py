"""The Architects board view: whole games by the view's own keys (cards
picked by number, moves from the list), the hot-seat pass screen with closed
hands, and pictures at 80×24 and 120×40."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.hidden import is_hidden
from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from rulesets.architects import content as K
from rulesets.architects.moves import Bid
from tui.app import create_app
from tui.games.architects import GameView
from tui.games.architects.look import move_cards
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.pass_screen import PassScreen


def new_game(folder: Path, players: list[Player], seed: int, **options: object) -> Path:
    rs = REGISTRY.get("architects")
    record = GameRecord.new(rs, players, seed, {**rs.default_options(), **options})
    path = folder / "a.json"
    save(record, path)
    return path


async def play_by_keys(pilot, view: GameView, move) -> None:
    """Press the view's keys that build `move`: cards by number, then the list."""
    if isinstance(move, Bid):
        boards = [m.board for m in view.options]
        ol = view.query_one("#ar-moves")
        while ol.highlighted != boards.index(move.board):
            await pilot.press("down" if ol.highlighted < boards.index(move.board) else "up")
        await pilot.press(*str(move.amount))
        assert view.options[ol.highlighted] == move
        await pilot.press("enter")
        return
    hand = view.hand()
    for c in move_cards(move):
        await pilot.press(str(hand.index(c) + 1))
    assert move in view.options, f"{move} not offered for the picked cards"
    ol = view.query_one("#ar-moves")
    target = view.options.index(move)
    while ol.highlighted != target:
        await pilot.press("down")
    await pilot.press("enter")


@pytest.mark.keys
async def test_a_whole_two_player_game_against_auto_by_the_views_keys(tmp_path):
    rs = REGISTRY.get("architects")
    path = new_game(tmp_path, [Player("Ana"), Player("Bot", "bot:auto")], 4, rounds=5)
    chooser = rs.make_bot("auto", 9)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        view = screen.query_one(GameView)
        by_keys = 0
        for _ in range(2000):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.record.state.is_over():
                break
            if screen.acting_human() != 0:
                continue
            move = chooser.choose(screen.record.state.view(0), 0)
            before = screen.record.ply
            await play_by_keys(pilot, view, move)
            await pilot.pause()
            assert screen.record.ply > before and screen.record.moves[before] == (0, screen.record.state.format_move(move))
            by_keys += 1
        assert screen.record.state.is_over() and by_keys >= 10
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


@pytest.mark.keys
async def test_three_person_hot_seat_opening_with_closed_hands(tmp_path):
    path = new_game(tmp_path, [Player("Ana"), Player("Ben"), Player("Cy")], 7)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        passes = plays = 0
        for _ in range(30):
            if isinstance(app.screen, PassScreen):
                passes += 1
                assert game.viewer is None
                await pilot.press("enter")
                await pilot.pause()
                continue
            seat = game.acting_human()
            assert seat is not None
            view = game.query_one(GameView)
            shown = view.state
            # the view holds the viewer's hand only; the others' are face down
            for s, p in enumerate(shown.players):
                assert all(is_hidden(c) for c in p.hand) == (s != seat and not shown.hands_open) or not p.hand
            move = game.record.state.legal(seat)[0]
            await play_by_keys(pilot, view, move)
            await pilot.pause()
            plays += 1
            if game.record.state.phase == "turn" and plays >= 8:
                break
        assert passes >= 3 and plays >= 4


def test_the_composer_offers_only_moves_of_exactly_the_picked_cards(tmp_path):
    rs = REGISTRY.get("architects")
    st = rs.new_game(2, 3, rs.default_options())
    st.apply(0, Bid(0, 50))
    st.apply(1, Bid(1, 50))
    legal = st.legal(st.to_act()[0])
    hand = st.players[st.to_act()[0]].hand
    for c in hand:
        picked = [m for m in legal if sorted(move_cards(m)) == [c]]
        assert picked and all(c in move_cards(m) for m in picked)


SNAP = Path(__file__).parent


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_turn(snap_compare, tmp_path, size):
    rs = REGISTRY.get("architects")
    record = GameRecord.new(rs, [Player("Ana"), Player("Bot", "bot:auto")], 3, rs.default_options())
    while not (record.state.to_act() == (0,) and record.state.phase == "turn" and record.state.round >= 2):
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat) if seat else record.state.legal(0)[0])
    save(record, tmp_path / "a.json")
    app = create_app(tmp_path, game=tmp_path / "a.json", bot_delay=0)
    assert snap_compare(app, terminal_size=size)


def test_snapshot_auction(snap_compare, tmp_path):
    app = create_app(tmp_path, game=new_game(tmp_path, [Player("Ana"), Player("Bot", "bot:auto")], 3), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), press=["down", "5", "5"])


# ------------------------------------------------ readable at 80×24
def turn_save(tmp_path: Path) -> Path:
    """A save where Ana (seat 1, six cards) is to move on her board in round 1."""
    rs = REGISTRY.get("architects")
    record = GameRecord.new(rs, [Player("Ana"), Player("Bot", "bot:auto")], 3, rs.default_options())
    while not (record.state.to_act() == (0,) and record.state.phase == "turn"):
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat) if seat else record.state.legal(0)[0])
    save(record, tmp_path / "a.json")
    return tmp_path / "a.json"


def canvas_lines(canvas) -> list[str]:
    return [canvas.render_line(y).text for y in range(canvas.size.height)]


async def test_the_maze_names_its_columns_and_rows_and_draws_the_flip_links(tmp_path):
    from rulesets.architects.board import COLUMNS, ROWS
    from rulesets.architects.text_board import flip_columns
    from tui.games.architects.maze import LEFT, MazeCanvas

    app = create_app(tmp_path, game=turn_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        lines = canvas_lines(view.query_one(MazeCanvas))
        assert lines[0].split() == list(COLUMNS)  # the letters moves use (a2, b3)
        assert [line[:LEFT].strip() for line in lines[1::2]] == [str(r + 1) for r in range(ROWS)]
        board = view.state.board_of(0)
        flips = flip_columns(board)
        assert flips  # every board has its yellow flip links
        for col, (top, bottom) in flips.items():
            x = lines[0].index(COLUMNS[col])
            assert all(lines[y][x] in "┊↓↑⇣⇡" for y in range(2 + 2 * top, 1 + 2 * bottom))
            assert "┊" in [lines[y][x] for y in range(2 + 2 * top, 1 + 2 * bottom)]


@pytest.mark.parametrize("flags", [set(), {"ag", "ab"}, {"ap", "pk", "ab", "ag"}])
async def test_the_maze_and_tsquare_show_mark_areas_alike(tmp_path, flags):
    """One convention: small letter open, capital closed (the legend says so)."""
    from rulesets.architects.board import BOARDS
    from rulesets.architects.text_board import draw_board
    from tui.games.architects.maze import CELL, LEFT, TOP, MazeCanvas

    app = create_app(tmp_path, game=turn_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        maze = app.screen.query_one(GameView).query_one(MazeCanvas)
        board = BOARDS[0]
        maze.show(board, flags, {})
        await pilot.pause()
        lines = canvas_lines(maze)
        shown = [line.ljust(60) for line in draw_board(board, flags)]
        for i, (cx, cy) in enumerate(board.xy):
            on_screen = lines[TOP + 2 * cy][LEFT + cx * (CELL + maze.gap) + 3]
            in_text = shown[1 + 2 * cy][2 + cx * 5 + 3]
            assert on_screen == in_text, board.names[i]
        assert any(e.symbol == "y" and "small letter open, CAPITAL closed" in e.words
                   for e in app.screen.query_one(GameView).query_one("Legend").entries)


async def test_every_card_of_the_hand_shows_whole_at_80x24(tmp_path):
    from tui.widgets.card import CardRow

    app = create_app(tmp_path, game=turn_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        view = app.screen.query_one(GameView)
        row = view.query_one("#ar-cards", CardRow)
        assert len(row.cards) == 6
        for card in row.cards:
            assert card.region.width >= 10 and card.region.right <= view.region.right
            assert card.region.bottom <= view.query_one("#ar-compose").region.y
        longest = max(view.hand(), key=lambda c: len(K.card_text(c)))
        row.selected = view.hand().index(longest)
        row._layout_cards()
        await pilot.pause()
        detail = " ".join(line.strip() for line in canvas_lines(row.query_one("#detail")))
        assert K.card_text(longest) in detail


def test_prompts_and_header_speak_words_not_notation():
    rs = REGISTRY.get("architects")
    record = GameRecord.new(rs, [Player("Ana"), Player("Bot", "bot:auto")], 5, {**rs.default_options(), "rounds": 4})
    seen = set()
    while not record.state.is_over() and len(seen) < 40:
        st = record.state
        for seat in st.to_act():
            seen.add(st.prompt(seat))
        seat = st.to_act()[0]
        record.play_move(seat, record.bot_move(seat))
    for prompt in seen:
        assert not any(mark in prompt for mark in ("<", ">", "=", "e.g.", "(x")), prompt


async def test_the_header_fits_the_width_with_every_effect_on(tmp_path):
    app = create_app(tmp_path, game=turn_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        view.state.flags = set(K.EFFECTS)
        view.state.endgame = True
        view.mark_last(1, "end")
        await pilot.pause()
        head = view.query_one("#ar-head")
        lines = [line.rstrip() for line in canvas_lines(head)]
        assert len(lines) == 2 and all(len(line) <= head.size.width for line in lines)
        assert "…" not in lines[0] and lines[1].startswith("ENDGAME: gains halved · On: blue areas, ")
        assert lines[1].endswith("more")
        view.state.flags = {"ab"}
        view.mark_last(1, "end")
        await pilot.pause()
        assert canvas_lines(head)[1].rstrip() == "ENDGAME: gains halved · On: blue areas · last move: Bot"


async def test_the_bid_enter_seals_is_told_in_full_and_b_is_not_offered_while_bidding(tmp_path):
    from rulesets.architects.board import BOARDS
    from tui.widgets.key_bar import KeyBar

    app = create_app(tmp_path, game=new_game(tmp_path, [Player("Ana"), Player("Bot", "bot:auto")], 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        for keys in ((), ("down",), ("right", "right")):
            await pilot.press(*keys)
            await pilot.pause()
            move = view.highlighted_move()
            assert isinstance(move, Bid) and move == view.options[view.query_one("#ar-moves").highlighted]
            said = view.describe(view.state, move, 0)
            assert said in " ".join(str(view.query_one("#ar-head").render()).split())
        assert move.amount == BOARDS[move.board].min_bid + 2  # the amount keys follow
        assert "b" not in [i.key for i in app.screen.query_one(KeyBar).items]  # no board to look at yet
        assert not view.key_applies("boards") and view.key_applies("page")


async def test_enter_with_cards_that_make_no_play_says_why_from_the_state(tmp_path):
    """Two cards of different numbers make no play: the list says why and
    Enter says it again in the message line (it did nothing, silently)."""
    path = new_game(tmp_path, [Player("Ana"), Player("Bot", "bot:auto")], 4)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(GameView)
        for _ in range(50):
            await app.workers.wait_for_complete()
            await pilot.pause()
            state = screen.record.state
            if screen.acting_human() == 0 and state.phase == "turn":
                break
            if screen.acting_human() == 0:
                await play_by_keys(pilot, view, state.legal(0)[0])
        hand = view.hand()
        a = 0
        b = next(i for i, c in enumerate(hand) if K.card_number(c) != K.card_number(hand[a]))
        await pilot.press(str(a + 1), str(b + 1))
        assert view.options == []
        before = screen.record.ply
        await pilot.press("enter")
        await pilot.pause()
        said = screen.refusal
        assert said == "No play: a pair needs two cards of the same number", said
        assert screen.record.ply == before


async def test_while_waiting_the_list_names_the_player_not_the_seat(tmp_path):
    """'Wait for Ana', never the raw 'Wait for Seat 1'."""
    path = new_game(tmp_path, [Player("Ana"), Player("Bot", "bot:auto")], 4)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        for _ in range(50):  # to the turns (the auction waits for 'the other sealed bids')
            await app.workers.wait_for_complete()
            await pilot.pause()
            state = app.screen.record.state
            if state.phase == "turn" and app.screen.acting_human() == 0:
                break
            if app.screen.acting_human() == 0:
                await play_by_keys(pilot, view, state.legal(0)[0])
        assert state.to_act() == (0,)
        view.show(state.view(1), 1, app.screen.record.names, False)  # Bot's eyes while Ana moves
        await pilot.pause()
        listed = str(view.query_one("#ar-moves").get_option_at_index(0).prompt)
        assert listed == "Wait for Ana", listed
