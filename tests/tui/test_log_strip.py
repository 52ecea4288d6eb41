"""The log at 80 columns: a strip of whole lines under the board where the
view leaves it two rows or more (its `MIN_HEIGHT`), the column beside it
otherwise; at 120 columns always the column. Every registered game."""
from __future__ import annotations

import pytest

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen

GAMES = sorted(REGISTRY.ids())


async def _layout(tmp_path, game: str, size: tuple[int, int], players: int = 0):
    rs = REGISTRY.get(game)
    roster = [Player("Ana")] + [Player(f"Bot {i + 1}", "bot:random")
                                for i in range(1, players or max(2, rs.min_players))]
    path = tmp_path / f"{game}.json"
    save(GameRecord.new(rs, roster, 3, rs.default_options()), path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        log, view = screen.log_widget, screen.view_widget
        await pilot.pause()
        return screen.has_class("-log-strip"), log.region, view.region, getattr(view, "MIN_HEIGHT", 0)


@pytest.mark.parametrize("game", GAMES)
async def test_the_log_is_a_strip_where_the_board_leaves_rows(tmp_path, game):
    strip, log, view, need = await _layout(tmp_path, game, (80, 24))
    rows_left = 24 - 3 - need
    assert strip == (rows_left >= 2), (game, need)
    if strip:  # whole lines under the board, which keeps the rows it needs
        assert log.width == 80 and log.y >= view.bottom and 2 <= log.height <= 4
        assert view.height >= need
    else:  # a column beside the board
        assert log.x >= view.right and log.height > 4
    strip, log, view, _ = await _layout(tmp_path, game, (120, 40))
    assert not strip and log.x >= view.right


async def test_grid_square_at_80x24_gets_the_strip(tmp_path):
    """The 18-column log wrapped a Grid Square entry over 4 lines; the board
    leaves 2 rows under it at 80×24."""
    strip, log, view, _ = await _layout(tmp_path, "grid-square", (80, 24))
    assert strip and log.width == 80 and log.height == 2


async def test_the_replay_places_its_log_as_the_game_screen_does(tmp_path):
    from tui.screens.replay import ReplayScreen

    rs = REGISTRY.get("grid-square")
    record = GameRecord.new(rs, [Player("Ana"), Player("Ben")], 3, rs.default_options())
    for _ in range(4):
        record.play(record.state.to_act()[0], record.state.format_move(record.state.legal(record.state.to_act()[0])[0]))
    app = create_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(record, 4)
        await app.push_screen(screen)
        await pilot.pause()
        log, view = screen.query_one("#log").region, screen.query_one("#view").region
        assert screen.has_class("-log-strip") and log.width == 80 and log.y >= view.bottom


@pytest.mark.parametrize("game", GAMES)
async def test_below_80_columns_without_a_strip_the_log_gives_the_board_its_room(tmp_path, game):
    """At 60×20 a log column (20 wide at least) took the room of a board
    58 wide: Square and Compass was cut on the right, 'Enter: …' with it.
    With no rows for a strip the log is left out there (`e` still opens it)."""
    strip, log, view, _ = await _layout(tmp_path, game, (60, 20))
    assert strip or not log.width, f"{game}: a log column {log.width} wide at 60 columns"
    assert view.right <= 60, f"{game}: the board runs to column {view.right}"
    assert strip or view.width == 60, f"{game}: the board takes {view.width} of the 60 columns the log left"


@pytest.mark.parametrize("players,strip_rows", [(3, 2), (4, 2), (5, 0)])
async def test_square_masons_at_80x24_gets_the_strip_up_to_4(tmp_path, players, strip_rows):
    """The 17-column log beside Square Masons wrapped every entry over 3 or
    4 lines; a game of 3 (the hand drawn compact) or 4 (the players' table
    without its header) leaves 2 rows under the board at 80×24 for whole
    lines; a game of 5 keeps the column."""
    strip, log, view, need = await _layout(tmp_path, "square-masons", (80, 24), players)
    assert need == 19 + (players == 5) and strip == bool(strip_rows), need
    if strip:
        assert log.width == 80 and log.height == strip_rows and view.height >= need


async def test_a_strip_never_starts_inside_an_older_entry():
    """Square Masons' 2-row strip could start with the tail of a long entry
    ('block)'): in a strip an older entry takes one row, cut between words."""
    from textual.app import App, ComposeResult

    from tui.widgets.log_panel import LogEntry, LogPanel

    long = "Bot 2 lays the T block on c3, turned right (already paid) and then the stone block"
    log = LogPanel([LogEntry(1, long, 1), LogEntry(2, "Ana passes.", 0)])
    log.styles.height = 2

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield log

    async with Host().run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        rows = [log.render_line(y).text.rstrip() for y in range(2)]
        assert rows[0].startswith("  1. Bot 2 lays the T block") and rows[0].endswith("…"), rows
        assert rows[1] == "▶ 2. Ana passes.", rows
        log.styles.height = 10  # a column: whole again
        await pilot.pause()
        text = " ".join(log.render_line(y).text.strip() for y in range(10))
        assert long in " ".join(text.split()), text
