"""Architects in the TUI's generic view at 80x24: a whole game by keys
against `auto` (seat 1 types each move into the `a` list; the move is the
heuristic bot's choice from seat 1's view), and the pass screen between two
people with closed hands."""
from __future__ import annotations

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets.architects import RULESET
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.move_picker import MovePicker


async def test_a_whole_game_by_keys_against_auto(tmp_path):
    roster = [Player("Ana"), Player("Bot 2", "bot:auto")]
    record = GameRecord.new(RULESET, roster, 4, {**RULESET.default_options(), "rounds": 4})
    path = tmp_path / "game.json"
    save(record, path)
    chooser = RULESET.make_bot("heuristic", 4)
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
            assert screen.record.moves[before] == (0, text), f"keys did not play {text}"
            by_keys += 1
        assert screen.record.state.is_over() and by_keys >= 8
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    assert load(path).moves == screen.record.moves
