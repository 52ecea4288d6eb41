"""Architects on the whole game screen at 80×24 (issue 52, item 5): the
move box shows whole entries, at least three, the one Enter plays said in
full; the hand's codes are explained beside the maze, and `L` keeps the
maze on screen."""
from __future__ import annotations

import sys
from pathlib import Path

from rulesets.architects import content as K
from tui.app import create_app
from tui.games.architects.look import LEGEND, move_cards
from tui.games.architects.view import GameView as ArchitectsView
from tui.games.architects.view import list_entry
from tui.widgets.legend import Legend
from tui.widgets.option_list import ChoiceList

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from screen_checker import new_save, screen_rows, shown_whole  # noqa: E402

MAZE_HEAD = "   a     b     c     d     e     f     g     h     i     j"


async def playing(tmp_path, pilot, app) -> ArchitectsView:
    """Past the auction: Ana to move on her board."""
    for _ in range(10):
        await app.workers.wait_for_complete()
        await pilot.pause()
    view = app.screen.query_one(ArchitectsView)
    for _ in range(10):
        if view.can_act and view.state.phase != "auction":
            break
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
    return view


async def test_the_move_box_shows_three_whole_entries_and_the_highlighted_one_in_full(tmp_path):
    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await playing(tmp_path, pilot, app)
        for key in "123456":  # a card with several plays: long entries
            await pilot.press(key)
            await pilot.pause()
            if len(view.options) >= 2:
                break
            await pilot.press("c")
            await pilot.pause()
        box = view.query_one("#ar-moves")
        assert len(view.options) >= 2
        rows = screen_rows(app)[box.region.y:box.region.bottom]
        entries = [view.entry(view.state, m) for m in view.options]
        for row, text in zip(rows, entries[: box.region.height]):  # one row each, its asides left out if need be
            shown = row[box.region.x + len(ChoiceList.MARK):box.region.right].strip()  # after the ▶ gutter
            assert shown == list_entry(text, view.list_width()).strip(), (shown, text)
            assert shown.endswith(view.state.format_move(view.options[entries.index(text)])), shown
        assert box.region.height >= 3
        assert shown_whole(app, "▶ " + entries[0]), "\n".join(screen_rows(app))
        await pilot.press("c")
        await pilot.pause()
        shown = [m for m in view.options if view.entry(view.state, m) in "\n".join(screen_rows(app))]
        assert len(shown) >= min(3, len(view.options)), "\n".join(screen_rows(app))


async def test_moves_read_words_first_then_notation(tmp_path):
    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await playing(tmp_path, pilot, app)
        move = view.options[0]
        assert view.entry(view.state, move).endswith(" · " + view.state.format_move(move))


async def test_the_hand_codes_are_explained_and_the_legend_keeps_the_maze(tmp_path):
    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await playing(tmp_path, pilot, app)
        card = view.hand()[0]
        said = f"{K.card_code(card)} {K.card_number(card)} {K.SUITS[K.card_suit(card)]}"
        screen = "\n".join(screen_rows(app))
        assert said in screen and "t steel" in screen and MAZE_HEAD in screen, screen
        await pilot.press("L")
        await pilot.pause()
        screen = "\n".join(screen_rows(app))
        assert "g glass s stone t steel w wood" in screen and MAZE_HEAD in screen, screen
        last = LEGEND[-1]
        assert f"{last.symbol} {last.words}" in screen and "(L: one line)" in screen, screen  # every entry, whole
        assert "¢ client funds" in screen and "$ architect funds" in screen, screen  # the hand line's ¢40 $3
        await pilot.press("L")  # the keys stayed in the view: L folds it again, Enter plays
        await pilot.pause()
        assert "(L: one line)" not in "\n".join(screen_rows(app)) and app.focused is view.query_one("#ar-moves")


async def test_at_60x20_the_moves_and_the_client_stay_on_screen(tmp_path):
    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        view = await playing(tmp_path, pilot, app)
        box = view.query_one("#ar-moves")
        assert box.region.bottom <= 20 - 2 and box.region.right <= 60, box.region  # above the message and key lines
        move = view.highlighted_move()
        assert move is not None and shown_whole(app, view.entry(view.state, move)), "\n".join(screen_rows(app))
        st = view.state
        board = st.board_of(0)
        row = board.xy[st.players[0].pos][1] + 1
        maze = view.query_one("#ar-maze")
        shown = screen_rows(app)[maze.region.y:maze.region.bottom]
        assert any(r.startswith(f"{row} ") for r in shown), "\n".join(shown)


async def test_the_players_page_names_each_architect_and_where_their_client_is(tmp_path):
    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await playing(tmp_path, pilot, app)
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert view.page == "players"
        screen = "\n".join(screen_rows(app))
        for player in view.state.players:
            architect = K.ARCHITECTS[player.architect].name
            assert architect in screen, screen  # the page has the room for each player in full


async def test_enter_with_nothing_to_play_says_what_to_do(tmp_path):
    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await playing(tmp_path, pilot, app)
        box = view.query_one("#ar-moves")
        view.legal = [m for m in view.legal if move_cards(m)]  # as after a step: only cards to play or discard
        view._draw_options()
        await pilot.pause()
        assert box.highlighted is None and "Pick cards first (1–6)" in box.refusal
        await pilot.press("enter")
        await pilot.pause()
        assert "Pick cards first (1–6)" in app.screen.query_one("#status").refusal
        assert shown_whole(app, box.refusal)  # the status line holds it whole at 80x24


def test_a_long_entry_is_cut_between_words_and_keeps_its_notation():
    from screen_checker import CUT_WORD

    text = ("play three cards (5 of glass, 14 of stone and 14 of wood) to activate the dashed lines on all boards"
            " · ld:5g+14s+14w")
    for width in (56, 40, 30):
        got = list_entry(text, width)
        assert len(got) <= width and got.endswith(" · ld:5g+14s+14w") and not CUT_WORD.search(got), got
    assert list_entry("end your turn · end", 56) == "end your turn · end"


async def test_a_pair_shows_the_board_of_the_client_it_moves(tmp_path):
    from rulesets.architects.moves import Pair

    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 8), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await playing(tmp_path, pilot, app)
        pair = next((m for m in view.legal if isinstance(m, Pair) and m.path), None)
        assert pair is not None, "seed 8 deals no pair to play"
        for card in pair.cards:
            await pilot.press(str(view.hand().index(card) + 1))
            await pilot.pause()
        while view.highlighted() != pair:
            await pilot.press("down")
            await pilot.pause()
        assert view.board_seat() == pair.target != view.viewer  # their board, the path underlined on it
        assert view.query_one("#ar-maze").board is view.state.board_of(pair.target)
        await pilot.press("b")  # b still turns to another board, and back
        await pilot.pause()
        assert view.board_seat() != pair.target
        await pilot.press("b")
        await pilot.pause()
        assert view.board_seat() == pair.target
        view.shown_seat = None  # b's choice stands; without one, c shows yours
        await pilot.press("c")
        await pilot.pause()
        assert view.board_seat() == view.viewer


async def test_the_bid_says_what_it_is_for(tmp_path):
    for size in ((80, 24), (60, 20)):
        app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            for _ in range(5):
                await app.workers.wait_for_complete()
                await pilot.pause()
            view = app.screen.query_one(ArchitectsView)
            for key in ("down", "down", "down"):  # each board's bid, the longest titles among them
                bid = view.highlighted_move()
                said = view.state.describe_move(bid, 0)
                assert shown_whole(app, said + " · the lowest bid wins; your client starts with it"), size
                await pilot.press(key)
                await pilot.pause()


async def test_the_keys_come_back_to_the_moves_when_a_larger_screen_uncovers_them(tmp_path):
    app = create_app(tmp_path, game=new_save(tmp_path, "architects", 3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await playing(tmp_path, pilot, app)
        await pilot.press("L")
        await pilot.pause()
        assert app.focused is view.query_one(Legend)
        await pilot.resize_terminal(120, 40)  # roomy: the legend no longer covers the moves
        for _ in range(3):
            await pilot.pause()
        assert app.focused is view.query_one("#ar-moves"), app.focused
