"""Squire on the whole game screen (status line, key bar, log strip) at
80×24 and 60×20: what Enter does, the move number, the keys offered and the
others' last turn are on screen (issue 52, items 1 and 8)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tui.app import create_app
from tui.games.squire.board import SquireBoard
from tui.screens.game import GameScreen
from tui.widgets.key_bar import KeyBar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from screen_checker import new_save, screen_rows  # noqa: E402


async def settle(app, pilot) -> None:
    for _ in range(6):
        await app.workers.wait_for_complete()
        await pilot.pause()


def text(app) -> str:
    return "\n".join(screen_rows(app))


async def first_travel(app, pilot) -> SquireBoard:
    """Ana has chosen her board: her first turn, to put her pawn in a city."""
    await settle(app, pilot)
    board = app.screen.query_one(SquireBoard)
    while board.state.phase != "move" or not board.can_act:  # the board choice first
        await pilot.press("enter")
        await settle(app, pilot)
    return board


async def normal_turn(app, pilot) -> SquireBoard:
    """Ana to travel on a later turn (her pawn on the map, no step taken):
    her moves until then are the default bot's, played through the screen."""
    board = await first_travel(app, pilot)
    screen = app.screen
    rs = screen.record.ruleset
    bot = rs.make_bot(rs.default_bot_level, 1)
    for _ in range(60):
        st = screen.record.state
        if st.to_act() == (0,) and st.phase == "move" and st.players[0].pos >= 0 and not st.steps:
            break
        if st.to_act() == (0,):
            screen.play(0, st.format_move(bot.choose(st.view(0), 0)))
        await settle(app, pilot)
    return board


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_what_enter_does_and_the_cursor_are_on_screen(tmp_path, size):
    path = new_save(tmp_path, "squire", 3)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        board = await first_travel(app, pilot)
        screen = text(app)
        city = board.state.game_map.cities[board.cursor]
        assert f"Enter: start in {city.name}" in screen, screen  # the move's own words ('start here' at 60x20 was not)
        assert "▶ " in screen and city.name in screen, screen
        board = await normal_turn(app, pilot)
        st = board.state
        board.cursor = next(c for c in range(len(st.game_map.cities)) if st.route(0, c))  # a city to travel to
        board._redraw()
        await settle(app, pilot)
        screen = text(app)
        assert "Enter: " in screen and ("ticket" in screen or "Royal" in screen or "free" in screen), screen


async def test_the_move_number_stays_whole_in_the_status_line(tmp_path):
    path = new_save(tmp_path, "squire", 3)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await first_travel(app, pilot)
        top = screen_rows(app)[0].rstrip()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert top.endswith(f" · move {screen.record.ply + 1}"), top  # the game's name gives way first
        assert screen.record.state.prompt(screen.record.state.actor) in top or "…" in top, top  # whole, or cut between words


async def test_buy_and_sell_are_offered_only_once_they_are_legal(tmp_path):
    path = new_save(tmp_path, "squire", 3)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await normal_turn(app, pilot)
        keys = {i.key for i in app.screen.query_one(KeyBar).items}
        assert "b" not in keys and "s" not in keys, keys
        assert "enter" not in keys, keys  # the cursor on her own city: Enter would play nothing
        await pilot.press("b")  # still says why
        await settle(app, pilot)
        assert "✗" in text(app)


async def test_the_others_last_turn_is_summed_up_on_the_board(tmp_path):
    path = new_save(tmp_path, "squire", 3)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await first_travel(app, pilot)
        rows = screen_rows(app)
        line = next((r for r in rows if r.startswith("Last turn: ")), None)
        city = board.state.game_map.cities[board.state.players[1].pos].name
        assert line is not None and "Bot 2: " in line and f"→ {city}" in line, "\n".join(rows)
        assert " in 3c" in line or "bought" in line or "sold" in line, line


async def test_the_others_whole_turn_is_read_at_80x24(tmp_path):
    """The last-turn line was one row, cut ('· exhibits sculptures · …'):
    a turn too long for it takes two rows, the city and what Enter does
    sharing the third."""
    from tui.games.squire.recap import turn_recap

    path = new_save(tmp_path, "squire", 3)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await normal_turn(app, pilot)
        turn = list(board.turn)
        while len(turn_recap(board.state, turn, board.names)) <= 69:  # longer than a row: Bot 2's turn again
            turn += board.turn
        board.mark_turn(turn)
        await settle(app, pilot)
        recap = turn_recap(board.state, turn, board.names)
        assert len(recap) < 130, recap
        rows = screen_rows(app)
        at = next(y for y, r in enumerate(rows) if r.startswith("Last turn: "))
        said = " ".join(" ".join(r.split()) for r in rows[at:at + 2])
        assert recap in said and "…" not in said, "\n".join(rows)
        assert "Enter" in rows[at + 2] and board.state.game_map.cities[board.cursor].name in rows[at + 2], rows[at + 2]


async def test_a_new_step_shows_what_enter_acts_on_again(tmp_path):
    """Tab to your cards, then a move: the next step shows the map (or the
    list Enter chooses from), not the cards over an unseen list."""
    path = new_save(tmp_path, "squire", 3)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await normal_turn(app, pilot)
        await pilot.press("tab")
        await settle(app, pilot)
        assert board.panel == "cards"
        st = board.state
        step = next(m for m in st.legal(0))
        app.screen.play(0, st.format_move(step))
        await settle(app, pilot)
        assert board.can_act and board.panel == "map", board.panel
