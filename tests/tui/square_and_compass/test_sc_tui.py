"""Square and Compass in the TUI at 80x24: a 5-person hot-seat opening with
the pass screen between people (a whole game by keys through the `a` move
list is in tests/tui/test_tui_whole_games.py, which covers every game)."""
from __future__ import annotations

import pytest

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.pass_screen import PassScreen

RS = REGISTRY.get("square-and-compass")


@pytest.mark.keys
async def test_five_people_hot_seat_with_the_pass_screen(tmp_path):
    record = GameRecord.new(RS, [Player(n) for n in ("Ana", "Ben", "Cy", "Di", "Ed")], 4, {})
    path = tmp_path / "s.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        passes = 0
        for _ in range(30):
            if isinstance(app.screen, PassScreen):
                passes += 1
                assert game.viewer is None  # nobody's hand is drawn beneath it
                await pilot.press("enter")
                await pilot.pause()
                continue
            seat = game.acting_human()
            assert seat is not None and seat == game.viewer
            move = game.record.state.legal(seat)[0]
            await pilot.press("colon")
            await pilot.press(*game.record.state.format_move(move), "enter")
            await pilot.pause()
        assert passes >= 5
        assert game.record.state.phase != "architect"  # all five chose, sealed, by keys
        for ply, events in enumerate(game.record.log, start=1):
            for ev in events:
                if ev.private_to is not None and ev.private_to != game.viewer:
                    lines = [line for p, line in game.record.event_lines(game.viewer) if p == ply]
                    assert ev.render(game.record.names) not in lines
