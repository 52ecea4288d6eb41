"""Whole games of every playable game, with seat 1 played by keys only: `a`
opens the list of legal moves, the move is typed as a filter until it is the
first on the list, Enter plays it. The move itself is chosen by the game's strongest bot, from seat 1's view,
so the game ends in a reasonable number of moves."""
from __future__ import annotations

import pytest

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.move_picker import MovePicker

pytestmark = pytest.mark.keys  # whole games by keys: a slow group (tests/conftest.py)

SHORT_SEEDS = {("grid-square", 2): 3, ("squire", 2): 5, ("squire", 4): 6}
"""Seeds whose games are among the shortest of seeds 1-6 (person's steps,
measured headless with the same bots: Grid Square 21 against 29 with seed 2,
Squire 42 against 60, Squire at four 34 against 49); every other game and
table plays seed 2. Any seed is a whole game: these only cost less."""


def _cases() -> list[tuple[str, int, int, dict]]:
    """Every installed game at its fewest players (from the registry, so a new
    game is covered unasked; a round limit of 2, where the game has one, keeps
    the test short while the game still runs through a round's end to its
    own), plus the largest tables of the games that seat many."""
    out = []
    for game in REGISTRY.ids():
        rs = REGISTRY.get(game)
        short = {"rounds": 2} if any(o.name == "rounds" for o in rs.options) else {}
        out.append((game, rs.min_players, SHORT_SEEDS.get((game, rs.min_players), 2), short))
    out += [("squire", 4, SHORT_SEEDS[("squire", 4)], {}), ("square-masons", 5, 1, {"rounds": 2})]
    return out


@pytest.mark.parametrize("game,players,seed,options", _cases())
async def test_a_whole_game_by_keys(tmp_path, game, players, seed, options):
    rs = REGISTRY.get(game)
    level = rs.default_bot_level
    roster = [Player("Ana")] + [Player(f"Bot {i + 1}", f"bot:{level}") for i in range(1, players)]
    record = GameRecord.new(rs, roster, seed, {**rs.default_options(), **options})
    path = tmp_path / "game.json"
    save(record, path)
    chooser = rs.make_bot(level, seed)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        by_keys = 0
        for _ in range(3000):
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
                if listed.get_option_at_index(listed.highlighted).id == text:
                    break
                await pilot.press(ch)
            await pilot.press("enter")
            assert screen.record.ply > before, f"keys did not play {text}"
            assert screen.record.moves[before] == (0, text)
            by_keys += 1
        assert screen.record.state.is_over()
        assert by_keys >= 10
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    saved = load(path)
    assert saved.state.is_over() and saved.moves == screen.record.moves
