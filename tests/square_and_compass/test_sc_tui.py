"""Square and Compass in the TUI's generic view at 80x24, by keys only: a
whole game against a bot through the `a` move list, and a 5-person hot-seat
opening with the pass screen between people."""
from __future__ import annotations

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.move_picker import MovePicker
from tui.screens.pass_screen import PassScreen

RS = REGISTRY.get("square-and-compass")


async def test_a_whole_two_player_game_by_keys(tmp_path):
    roster = [Player("Ana"), Player("Bot 2", "bot:heuristic")]
    record = GameRecord.new(RS, roster, 11, {"rounds": 3})  # short; still played to its end
    path = tmp_path / "game.json"
    save(record, path)
    chooser = RS.make_bot("heuristic", 11)  # decides what Ana types, from her view
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        by_keys = 0
        for _ in range(2000):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.record.state.is_over():
                break
            if screen.acting_human() != 0:
                continue
            state = screen.record.state
            text = state.format_move(chooser.choose(state.view(0), 0))
            before = screen.record.ply
            await pilot.press("a")
            picker = app.screen
            assert isinstance(picker, MovePicker)
            listed = picker.query_one("#moves")
            for ch in text:
                if str(listed.get_option_at_index(listed.highlighted).prompt) == text:
                    break
                await pilot.press(ch)
            await pilot.press("enter")
            assert screen.record.moves[before] == (0, text)
            by_keys += 1
        assert screen.record.state.is_over() and by_keys >= 20
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    assert load(path).moves == screen.record.moves


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
