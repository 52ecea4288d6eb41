"""Hints in the TUI (Shift+H, on the key bar where it may be used): shown against bots, refused between people
unless everyone agreed at setup (the Hints row), and that agreement saved."""
from __future__ import annotations

import pytest
from textual.widgets import Static

import tui.screens.hint as hint_module
from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.hint import HintScreen
from tui.screens.setup import SetupForm, SetupScreen
from tui.widgets.key_bar import KeyBar
from tui.widgets.status_line import StatusLine


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    monkeypatch.setattr(hint_module, "HINT_SECONDS", 0.05)


def grid_save(tmp_path, kinds, hints=False):
    rs = REGISTRY.get("grid-square")
    players = [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    path = tmp_path / "g.json"
    save(GameRecord.new(rs, players, 5, rs.default_options(), hints=hints), path)
    return path


async def press_hint(tmp_path, kinds, hints=False):
    """Open a Grid Square game of these seats, press Shift+H; return the
    screen on top and the status line's refusal."""
    app = create_app(tmp_path, game=grid_save(tmp_path, kinds, hints), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        shown_hint = any(item.description == "Hint" for item in game.query_one(KeyBar).items)
        await pilot.press("H")
        await pilot.pause()
        top = app.screen
        body = ""
        if isinstance(top, HintScreen):
            await app.workers.wait_for_complete()
            await pilot.pause()
            body = str(top.query_one("#hint-body", Static).render())
        return top, body, game.query_one("#status", StatusLine).refusal, shown_hint


async def test_against_a_bot_shift_h_shows_three_legal_moves(tmp_path):
    top, body, _, shown = await press_hint(tmp_path, ["human", "bot:greedy"])
    assert isinstance(top, HintScreen) and shown  # "H Hint" on the key bar
    lines = [ln for ln in body.splitlines() if ln[:2] in ("1.", "2.", "3.")]
    facts = [ln.strip() for ln in body.splitlines() if "win share" in ln]
    assert len(lines) == 3 and len(facts) == 3
    assert all(ln.split()[1] == "place" for ln in lines)  # words first (the notation was first)
    legal = {str(n) for n in (load(tmp_path / "g.json").state.format_move(m)
                              for m in load(tmp_path / "g.json").state.legal(0))}
    assert all(f.split(" · ")[0] in legal for f in facts)  # then the notation, and the win share


async def test_between_people_without_agreement_no_hint_and_it_says_why(tmp_path):
    top, _, refusal, shown = await press_hint(tmp_path, ["human", "human"])
    assert isinstance(top, GameScreen) and not shown
    assert "hints are off" in refusal.lower()


async def test_between_people_who_agreed_shift_h_shows_the_hint(tmp_path):
    top, body, _, shown = await press_hint(tmp_path, ["human", "human"], hints=True)
    assert isinstance(top, HintScreen) and "1." in body and shown


async def test_setup_asks_for_hints_only_between_people_and_saves_the_answer(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("grid-square"))
        await pilot.pause()
        form = app.screen.query_one(SetupForm)
        assert "hints" not in form.row_keys()  # you against a bot: hints are always on
        await pilot.press("down", "down", "down")  # seat 2's row
        for _ in range(len(form.kind_cycle())):
            if form.choices.kinds[1] == "human":
                break
            await pilot.press("left")  # down the levels to a person
        await pilot.pause()
        assert form.choices.kinds == ["human", "human"]
        rows = form.row_keys()
        assert "hints" in rows
        await pilot.press(*["down"] * (rows.index("hints") - form.choices.row))
        await pilot.pause()
        assert "everyone agrees" in str(app.screen.query_one("#row-help", Static).render())
        assert "off" in str(form.render())
        await pilot.press("right")
        assert "on: everyone agrees" in str(form.render())
        await pilot.press("enter")
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.record.hints is True
        assert load(game.path).hints is True


# ------------------------------------------------------------------ the order of the list
def _stat(move, visits, value):
    from engine.bots.search import MoveStat

    return MoveStat(move, visits, value)


def test_the_pick_comes_first_then_the_others_by_win_share_and_it_says_why(monkeypatch):
    """A pick with a lower share than one below it (its bot's move, kept
    unless clearly beaten) says so, and the others come by share, not by
    visits (the list read '1. Sc1v (44%) 2. Sa8v (46%)' with no reason)."""
    from engine.bots import hint as hint_module_engine
    from engine.bots.search import SearchBot

    rs = REGISTRY.get("grid-square")
    state = GameRecord.new(rs, [Player("A"), Player("B")], 5, rs.default_options()).state
    legal = state.legal(0)[:4]
    stats = [_stat(legal[0], 50, 0.44), _stat(legal[1], 30, 0.46), _stat(legal[2], 10, 0.60), _stat(legal[3], 5, 0.1)]

    def analyse(self, view, seat):
        self.prior_move = legal[0]
        return stats

    monkeypatch.setattr(SearchBot, "analyse", analyse)
    found = hint_module_engine.hints(rs, state, 0, seconds=0.01)
    assert [h.move for h in found] == [legal[0], legal[2], legal[1]]
    assert "its bot's move" in found[0].why and "not clearly beaten" in found[0].why
    assert [h.why for h in found[1:]] == ["", ""]


def test_a_pick_with_the_best_share_says_so():
    from engine.bots.hint import why_picked

    assert why_picked(_stat("a", 9, 0.7), [_stat("b", 3, 0.5)], "b") == "the best win share"
    assert "tried most" in why_picked(_stat("a", 9, 0.5), [_stat("b", 3, 0.6)], None)
