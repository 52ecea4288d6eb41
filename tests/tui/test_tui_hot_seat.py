"""Hot-seat games with hidden information: the opaque pass screen stands
between two people, and the screen beneath shows only public information."""
from __future__ import annotations

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.pass_screen import PassScreen


def hot_seat_app(tmp_path, game: str):
    """The app on a new game of `game` between two people, Ana and Ben."""
    rs = REGISTRY.get(game)
    record = GameRecord.new(rs, [Player("Ana"), Player("Ben")], 5, rs.default_options())
    path = tmp_path / "s.json"
    save(record, path)
    return create_app(tmp_path, game=path, bot_delay=0)


async def test_pass_screen_between_people_in_squire(tmp_path):
    app = hot_seat_app(tmp_path, "squire")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        seen_passes = 0
        for _ in range(12):
            if isinstance(app.screen, PassScreen):
                seen_passes += 1
                # while the pass screen is up, nobody's hand is drawn beneath it
                assert game.viewer is None
                await pilot.press("enter")
                await pilot.pause()
                continue
            seat = game.acting_human()
            assert seat is not None and seat == game.viewer
            move = game.record.state.legal(seat)[0]
            await pilot.press("colon")
            await pilot.press(*game.record.state.format_move(move), "enter")
            await pilot.pause()
        assert seen_passes >= 2
        # the log a seat sees holds no private event of the other seat
        for ply, events in enumerate(game.record.log, start=1):
            for ev in events:
                if ev.private_to is not None and ev.private_to != game.viewer:
                    lines = [line for p, line in game.record.event_lines(game.viewer) if p == ply]
                    assert ev.render(game.record.names) not in lines


def test_pass_screen_is_opaque():
    # a ModalScreen would let the hand beneath show through
    from textual.screen import ModalScreen

    assert not issubclass(PassScreen, ModalScreen)


async def test_the_first_turn_after_the_pass_shows_the_cursor_card(tmp_path):
    """Square and Compass's architects are the first cards of the game: the
    one under the cursor is marked before any key moves it."""
    from tui.widgets.card import CardRow

    app = hot_seat_app(tmp_path, "square-and-compass")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        row = app.focused
        assert isinstance(row, CardRow)
        assert [c.selected for c in row.cards] == [i == row.selected for i in range(len(row.cards))]
