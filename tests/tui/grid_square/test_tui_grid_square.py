"""Grid Square in the TUI, played by key presses only (Pilot)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from rulesets.grid_square.moves import Claim, Pass, Place, Slide
from tui.app import create_app
from tui.games.grid_square.board import GridBoard
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.menu import MainMenu
from tui.screens.setup import SetupScreen

RS = REGISTRY.get("grid-square")


def new_save(tmp_path: Path, kinds: tuple[str, str], seed: int = 3) -> Path:
    players = [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    record = GameRecord.new(RS, players, seed, {})
    path = tmp_path / "g.json"
    save(record, path)
    return path


async def press_move(pilot, board: GridBoard, move) -> None:
    """Build `move` on the board with keys, then confirm it."""
    if isinstance(move, Place):
        await pilot.press(str(move.size))
        if board.orient != move.orient:
            await pilot.press("o")
        dx, dy = move.x - board.cx, move.y - board.cy
        await pilot.press(*(["right"] * dx if dx > 0 else ["left"] * -dx))
        await pilot.press(*(["up"] * dy if dy > 0 else ["down"] * -dy))
        assert (board.cx, board.cy, board.piece_size, board.orient) == (move.x, move.y, move.size, move.orient)
        await pilot.press("enter")
    elif isinstance(move, Slide):
        target = (move.size, move.x, move.y, move.orient)
        for _ in range(60):
            if board.chosen_piece() == target:
                break
            await pilot.press("tab")
        key = {"n": "up", "s": "down", "e": "right", "w": "left"}[move.direction]
        await pilot.press(*([key] * move.dist))
        await pilot.press("enter")
    elif isinstance(move, Claim):
        for _ in range(10):
            cur = board.current_move()
            region = next(r for r in board.state.claimable if r >> move.cell & 1)
            if cur is not None and region >> cur.cell & 1:
                break
            await pilot.press("tab")
        await pilot.press("enter")
    else:
        assert isinstance(move, Pass)
        await pilot.press("p")
        if board.state.phase == "claim":
            await pilot.press("p")  # giving an area up asks twice


@pytest.mark.keys
async def test_whole_game_against_a_bot_by_keys(tmp_path):
    await _whole_game_by_keys(tmp_path, ("human", "bot:greedy"), {})


@pytest.mark.keys
async def test_whole_hot_seat_game_without_sliding_by_keys(tmp_path):
    await _whole_game_by_keys(tmp_path, ("human", "human"), {"sliding": False})


async def _whole_game_by_keys(tmp_path, kinds, options) -> None:
    players = [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    record = GameRecord.new(RS, players, 3, options)
    path = tmp_path / "g.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(GridBoard)
        chooser = RS.make_bot("greedy", 11)
        slides_by_key = 0
        for _ in range(400):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.record.state.is_over():
                break
            if screen.acting_human() is None:
                continue
            state = screen.record.state
            seat = screen.acting_human()
            move = chooser.choose(state.view(seat), seat)
            before = screen.record.ply
            slides_by_key += isinstance(move, Slide)
            await press_move(pilot, board, move)
            await pilot.pause()
            assert screen.record.ply > before, f"keys did not play {state.format_move(move)}"
        assert screen.record.state.is_over()
        assert (slides_by_key > 0) == options.get("sliding", True)
        if "human" == kinds[1]:  # both seats were played by keys
            assert {seat for seat, _ in screen.record.moves} == {0, 1}
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    # every move was saved as it was made
    saved = load(path)
    assert saved.state.is_over()
    assert saved.moves == screen.record.moves


async def test_hot_seat_quit_and_resume(tmp_path):
    path = new_save(tmp_path, ("human", "human"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "enter")  # P1 places Md5h (cursor starts at d5)
        await pilot.press("1", "o", "left", "up", "enter")  # P2 (the cursor moved off Md5h to d4) places Sc5v
        await pilot.press("p")  # P2 passes the slide
        await pilot.pause()
        assert [t for _, t in app.screen.record.moves] == ["Md5h", "Sc5v", "pass"]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    resumed = create_app(tmp_path, game=path, bot_delay=0)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = resumed.screen
        assert isinstance(screen, GameScreen)
        assert screen.record.ply == 3
        assert screen.acting_human() == 0


async def test_illegal_move_by_keys_is_refused_and_not_saved(tmp_path):
    path = new_save(tmp_path, ("human", "human"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "enter", "2", "up", "enter")  # the same place twice (the cursor had moved off it)
        await pilot.pause()
        assert [t for _, t in app.screen.record.moves] == ["Md5h"]
        assert "overlaps" in str(app.screen.query_one("#message").render())
    assert load(path).ply == 1


async def test_typed_move_and_undo(tmp_path):
    path = new_save(tmp_path, ("human", "bot:greedy"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        await pilot.press(*"La1h", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.record.moves[0] == (0, "La1h")
        assert screen.record.ply >= 2  # the bot replied
        await pilot.press("u")
        await pilot.pause()
        assert screen.record.ply == 0
    assert load(path).ply == 0


async def test_menu_setup_starts_a_saved_game(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # seat 2: bot search -> human (cycle human, random, greedy, planner, search, deep)
        await pilot.press("down", "down", "down", "right", "right")  # rows: players, seat 1, name 1, seat 2
        await pilot.press("down", "down", "down", "4", "2")  # name 2, option, seed 42
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.record.seed == 42
        assert [p.kind for p in screen.record.players] == ["human", "human"]
    assert len(list(tmp_path.glob("grid-square-*.json"))) == 1


async def test_all_moves_picker_plays_a_filtered_move(tmp_path):
    path = new_save(tmp_path, ("human", "human"))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        from tui.screens.move_picker import MovePicker

        assert isinstance(app.screen, MovePicker)
        await pilot.press(*"lh9", "enter")  # nothing starts at h9 going anywhere: no match
        await pilot.pause()
        assert isinstance(app.screen, MovePicker)
        await pilot.press("escape")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.record.moves == []
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"mh7", "enter")  # the one middle building from h7: Mh7v
        await pilot.pause()
        assert game.record.moves == [(0, "Mh7v")]
    assert load(path).moves == [(0, "Mh7v")]


def test_the_move_list_finds_the_typed_words_in_any_order():
    """`small b2` finds 'place a small building on b2–c2' (a plain substring did not)."""
    from tui.screens.move_picker import rank

    state = GameRecord.new(RS, [Player("P1"), Player("P2")], 3, {}).state
    moves = [(state.format_move(m), state.describe_move(m)) for m in state.legal(0)]
    found = [d for _, d in rank(moves, "small b2")]
    assert "place a small building on b2–c2" in found and "place a small building on b2–b3" in found
    assert all("small" in d and "b2" in d for d in found)
    assert rank(moves, "small zz") == []


def game_with(tmp_path: Path, moves: list[str], kinds=("human", "human")) -> Path:
    players = [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    record = GameRecord.new(RS, players, 3, {})
    for text in moves:
        record.play(record.state.to_act()[0], text)
    path = tmp_path / "g.json"
    save(record, path)
    return path


def board_text(board: GridBoard) -> str:
    return "\n".join("".join(t for t, _ in row) for row in board.draw_runs())


CLOSE_A1 = ["Sa1h", "Sa1v", "pass", "Sa2h", "pass", "Sb1v", "pass"]  # P2 closed a1: the claim step


async def test_passing_a_claim_warns_and_asks_twice_then_marks_the_area(tmp_path):
    app = create_app(tmp_path, game=game_with(tmp_path, CLOSE_A1), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one(GridBoard)
        panel = str(screen.query_one("#gs-panel").draw())
        assert screen.record.state.phase == "claim"
        assert "given up" in panel and "for good" in panel
        await pilot.press("p")
        await pilot.pause()
        assert screen.record.ply == len(CLOSE_A1)  # not yet
        assert "Pass: give up this claim for good?" in str(screen.query_one("#gs-panel").draw())
        await pilot.press("escape")  # no
        await pilot.pause()
        assert not board.pass_armed and screen.record.state.phase == "claim"
        await pilot.press("p")
        await pilot.press("tab", "p")  # another key disarms: p asks again
        await pilot.pause()
        assert screen.record.ply == len(CLOSE_A1) and board.pass_armed
        await pilot.press("p")
        await pilot.pause()
        assert screen.record.moves[-1] == (1, "pass")
        assert screen.record.state.given_up_areas() == board.given_up == [1]
        assert "×" in board_text(board)
        assert "× given up" in str(screen.query_one("#gs-panel").draw())


async def test_the_slide_step_passes_with_one_key(tmp_path):
    app = create_app(tmp_path, game=game_with(tmp_path, ["Md5h", "Sc5v"]), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.record.state.phase == "slide"
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.record.moves[-1] == (1, "pass")


async def test_mark_last_marks_the_last_turn_on_the_board(tmp_path):
    app = create_app(tmp_path, game=game_with(tmp_path, ["Md5h", "Sc5v", "Md5h-n2"]), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.query_one("#view")
        board = view.query_one(GridBoard)
        before = board_text(board)
        assert "╍" not in before
        view.mark_last(1, "Sc5v")
        view.mark_last(1, "Md5h-n2")  # P2 slid P1's building away
        await pilot.press("down", "down")  # the cursor's preview off d5
        await pilot.pause()
        text = board_text(board)
        assert "╍" in text  # where Md5h stood
        lines = [row for row in board.draw_runs()]
        reversed_cells = "".join(t for row in lines for t, st in row if st is not None and st.reverse)
        assert reversed_cells.count("━") >= 6 and "│" in reversed_cells  # Md7h (heavy, P1) and Sc5v (light, P2) in reverse
        panel = str(view.query_one("#gs-panel").draw())
        assert "Last turn, P2:\nplaced a small building on c5–c6\nslid the middle building on d5–f5 2 cells north" in panel
        # the next placement starts a new turn's marks
        view.mark_last(0, "Sa1h")
        assert board.marks == [Place(1, 0, 0, "h")] and board.marks_seat == 0
        # a new last move from the screen replaces them (here: an undo's)
        view.mark_last(1, "Sc5v")
        assert board.marks == [Place(1, 2, 4, "v")] and board.marks_seat == 1


async def test_the_placement_preview_asks_the_state(tmp_path):
    """A turn opens on a spot that fits (not on the building just placed,
    under a red ✗); a spot that does not fit says the state's reason."""
    app = create_app(tmp_path, game=game_with(tmp_path, ["Md5h", "Sc5v", "pass"]), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        panel = app.screen.query_one("#gs-panel")
        # the cursor was on d5–f5, where P1's middle building now stands: moved one row down
        assert (board.cx, board.cy, board.piece_size, board.orient) == (3, 3, 2, "h")
        assert "Enter: place a middle building on d4–f4" in str(panel.draw()).replace("\n", " ")
        assert "✗" not in str(panel.draw())
        await pilot.press("up")
        await pilot.pause()
        assert "A middle building on d5–f5 overlaps another" in str(panel.draw())  # the state's reason


async def test_the_log_fits_beside_the_large_board_from_the_start(tmp_path):
    record = GameRecord.new(RS, [Player("Ana"), Player("Ben")], 7, {})
    while record.ply < 40 or record.state.phase != "place":
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat, "greedy"))
    path = tmp_path / "long.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        assert board.has_class("large")
        log = app.screen.query_one("#log")
        width = log.scrollable_content_region.width
        assert width > 10
        assert log.virtual_size.width <= width and log.last_ply == record.ply  # wrapped to its width


async def test_the_panel_counts_in_words_and_the_board_takes_the_theme_colours(tmp_path):
    from tui.widgets.legend import Legend
    from tui.widgets.palette import player_class
    from tui.widgets.player_panel import PlayerPanel

    path = game_with(tmp_path, CLOSE_A1 + ["@a1"])
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one("#view")
        panel = view.query_one(PlayerPanel)
        text = str(panel.render())
        # narrow: one line of symbols and counts a player (the legend names
        # them), so the step and the last turn fit under it; areas in words
        assert "───4  ──8  ─10  ▲5\n" in text  # P2's buildings in P2's light line
        assert "■ 1 cell" in text and "areas: a1 (1)" in text and "to play" not in text
        assert "L4" not in text and "M8" not in text
        board = view.query_one(GridBoard)
        colour = board.get_component_rich_style(player_class(1)).color
        claimed = [st for row in board.draw_runs() for t, st in row if "▲2" in t]
        assert claimed and claimed[0].color == colour and claimed[0].reverse  # Ben's colour from the theme
        words = " · ".join(e.words for e in view.query_one(Legend).entries)
        assert "monument" in words and "P2's cells" in words and "does not fit" in words
        assert "━━ P1's buildings" in " · ".join(f"{e.symbol} {e.words}" for e in view.query_one(Legend).entries)
        await pilot.press("i")
        assert view.query_one(Legend).expanded
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(PlayerPanel)
        text = str(panel.render())
        assert "◀ to play" in text and "━━━ 4 large   ━━ 8 middle\n" in text  # roomier: two counts a line


async def test_at_80x24_the_last_turn_of_the_bot_fits_under_the_step(tmp_path):
    """The players' panel takes a line a player at 80×24, so the panel's
    'Last turn, Bot 2:' and its moves stay on the screen under the step (they
    were pushed off the bottom)."""
    from engine.rng import Rng
    from tests.tui.screen_checker import shown_whole

    players = [Player("P1"), Player("Bot 2", "bot:random")]
    record = GameRecord.new(RS, players, 3, {})
    rng = Rng(3)
    while record.ply < 20 or record.state.to_act() != (0,) or [s for s, _ in record.moves[-2:]] != [1, 1]:
        seat = record.state.to_act()[0]
        record.play_move(seat, rng.choice(record.state.legal(seat)))
    path = tmp_path / "g.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from tui.games.grid_square.panel import past

        board = app.screen.query_one(GridBoard)
        assert board.marks and board.marks_seat == 1
        assert shown_whole(app, "Last turn, Bot 2:")
        for move in board.marks:
            said = past(board.state.describe_move(move))
            assert shown_whole(app, said), f"{said!r} is not on the screen"


async def test_i_at_80x24_shows_the_whole_legend_and_i_again_closes_it(tmp_path):
    """At 80×24 the legend's rows were taken by the log strip: `i` opened it
    in a view without the height for it, and nothing changed on screen."""
    from tests.tui.screen_checker import screen_rows, shown_whole
    from tui.widgets.legend import Legend

    app = create_app(tmp_path, game=game_with(tmp_path, ["Md5h", "Sc5v", "pass"]), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        legend = app.screen.query_one(Legend)
        closed = screen_rows(app)
        assert not all(shown_whole(app, f"{e.symbol} {e.words}") for e in legend.entries)
        await pilot.press("i")
        await pilot.pause()
        for e in legend.entries:
            assert shown_whole(app, f"{e.symbol} {e.words}"), f"{e.words!r} is not on the screen"
        assert shown_whole(app, "(i: one line)")
        await pilot.press("i")
        await pilot.pause()
        assert screen_rows(app) == closed


async def test_at_80x24_the_last_turn_keeps_the_bots_claim_whole(tmp_path):
    """A bot's turn of a placement, a slide and a claim: the claim was cut
    (' claimed the area at', its cell under the panel's last row). The keys'
    reminder gives way first; every line left is whole."""
    from engine.rng import Rng
    from tests.tui.screen_checker import shown_whole
    from tui.games.grid_square.panel import past

    for seed in range(1, 40):
        record = GameRecord.new(RS, [Player("P1"), Player("Bot 2", "bot:random")], seed, {})
        rng = Rng(seed)
        while not record.state.is_over():
            seat = record.state.to_act()[0]
            record.play_move(seat, rng.choice(record.state.legal(seat)))
            last = [(s, t) for s, t in record.moves[-3:]]
            if (record.state.to_act() == (0,) and record.state.phase == "place" and len(last) == 3
                    and all(s == 1 for s, _ in last) and last[-1][1].startswith("@") and last[1][1] != "pass"):
                break
        else:
            continue
        break
    path = tmp_path / "g.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one("#view")
        for seat, text in record.moves[-3:]:  # as the screen marks a bot's moves as they come
            view.mark_last(seat, text)
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        assert len(board.marks) == 3 and isinstance(board.marks[-1], Claim)
        assert shown_whole(app, "Last turn, Bot 2:")
        for move in board.marks:
            said = past(board.state.describe_move(move))
            assert shown_whole(app, said), f"{said!r} is not on the screen"
        assert shown_whole(app, f"Enter: {board.state.describe_move(board.current_move())}")


async def test_at_60x20_the_board_scrolls_to_the_cursor(tmp_path):
    """At 60×20 rows 1–2 were cut off while the panel said 'Enter: place a
    middle building on d1–f1': the cursor was off the screen."""
    from tests.tui.screen_checker import shown_whole

    def check_cursor(app, screen) -> list[str]:
        board = screen.query_one(GridBoard)
        where = app.screen.find_widget(board)
        visible = where.region.intersection(where.clip)
        at = where.region.offset + (board.scale.col(board.cx), board.scale.row(board.cy))
        return [] if visible.contains(*at) else [f"the cursor at {at} is outside {visible}"]

    app = create_app(tmp_path, game=new_save(tmp_path, ("human", "human")), bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not check_cursor(app, screen)
        await pilot.press(*["down"] * 5)
        await pilot.pause()
        assert screen.query_one(GridBoard).cy == 0
        assert not check_cursor(app, screen), check_cursor(app, screen)
        assert shown_whole(app, "Enter: place a middle building on d1–f1")
        await pilot.press(*["up"] * 8)
        await pilot.pause()
        assert not check_cursor(app, screen), check_cursor(app, screen)


async def test_tab_leaves_the_key_bar_when_there_is_only_one_to_pick(tmp_path):
    """A claim step with one area: Tab (Pick) was on the bar and did nothing."""
    from tui.widgets.key_bar import KeyBar

    app = create_app(tmp_path, game=game_with(tmp_path, CLOSE_A1), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        assert board.state.phase == "claim" and len(board.claims) == 1
        assert "tab" not in [i.key for i in app.screen.query_one(KeyBar).items]
        await pilot.press("tab")
        await pilot.pause()
        assert "only one to choose" in str(app.screen.query_one("#status").render())


async def test_buildings_end_to_end_read_as_two_and_a_marked_one_keeps_its_junctions(tmp_path):
    """Two buildings end to end in one line were drawn as one long line; a
    building of the last turn was redrawn over a junction at its inner
    point (`┣━━━┃━━━`); who placed a building showed by colour alone (now
    P1 builds in heavy lines, P2 in light ones)."""
    moves = ["Sa1h", "Sb1h", "pass", "Md1v", "pass", "Sc2h", "pass"]
    app = create_app(tmp_path, game=game_with(tmp_path, moves), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one("#view")
        view.mark_last(0, "Md1v")
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        sc = board.scale

        def line(y: int) -> str:
            return board_text(board).split("\n")[sc.row(y)][sc.col(0):sc.col(3) + 1]

        assert line(0) == "╺━━━╸───╴   ╹"  # a1–b1 (P1) and b1–c1 (P2): two buildings, not one line
        assert line(1) == "·   ·   ╶───┨"  # c2–d2 (P2) meets d1–d3 (P1, marked) at its inner point: ┨, not ┃
        view.mark_last(1, "Sb1h")
        await pilot.pause()
        assert line(0) == "╺━━━╸───╴   ╹"  # marked: the point between them kept


async def test_the_building_picked_to_slide_keeps_the_junctions_at_its_inner_points(tmp_path):
    """The large building d4–d7 picked to slide (○) was drawn over the point
    d5 where P2's building starts: `┃───`, not `┠───`."""
    app = create_app(tmp_path, game=game_with(tmp_path, ["Sa1h", "Md5h", "pass", "Ld4v"]), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        assert board.state.phase == "slide"
        for _ in range(10):
            if board.chosen_piece() == (3, 3, 3, "v"):
                break
            await pilot.press("tab")
        await pilot.pause()
        assert board.chosen_piece() == (3, 3, 3, "v")
        sc = board.scale
        row = board_text(board).split("\n")[sc.row(4)]
        assert row[sc.col(3):sc.col(3) + 4] == "┠───", row
