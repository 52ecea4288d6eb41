"""The shared screens, for every game: the pass screen before any secret is
drawn, replay stepping by keys, the move line, the log, which keys work,
undo in hot-seat, setup names, the saves list."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Input, Static

import tui.screens.game as game_module
from engine.record import GameRecord, Player
from engine.rng import Rng
from engine.saves import load, save
from rulesets import REGISTRY
from tui.app import TSquareApp, create_app
from tui.screens.game import GameScreen
from tui.screens.move_picker import MovePicker
from tui.screens.pass_screen import PassScreen
from tui.screens.replay import ReplayScreen
from tui.screens.saves import SavesScreen, save_label
from tui.screens.setup import SetupScreen, names_problem
from tui.widgets.key_bar import KeyBar
from tui.widgets.log_panel import LogPanel
from tui.widgets.status_line import StatusLine

GAMES = REGISTRY.ids()
"""Every installed, playable game."""
EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"
"""The example saves that ship with the game."""
CHARACTERS = {"enter": "\r", "escape": "\x1b", "question_mark": "?", "colon": ":"}
"""The character a named key types, where the name is not it."""


def spy_views(monkeypatch) -> list[tuple]:
    """Record every call of the game screen's view: ('show', viewer, can_act)
    and ('mark', seat, notation)."""
    calls: list[tuple] = []
    real = game_module.view_class

    def spying(game_id: str):
        base = real(game_id)

        class Spy(base):  # type: ignore[misc, valid-type]
            def show(self, state, viewer, names, can_act):
                calls.append(("show", viewer, can_act))
                return super().show(state, viewer, names, can_act)

            def mark_last(self, seat, notation):
                calls.append(("mark", seat, notation))
                parent = getattr(super(), "mark_last", None)
                if parent is not None:
                    parent(seat, notation)

        Spy.__name__ = "GameView"  # keep the view's CSS type selectors
        return Spy

    monkeypatch.setattr(game_module, "view_class", spying)
    return calls


def played(game: str, kinds: list[str], plies: int, seed: int = 1, until=None) -> GameRecord:
    """A record of `game` after `plies` random moves (or until `until(state)`)."""
    rs = REGISTRY.get(game)
    players = [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    record = GameRecord.new(rs, players, seed, rs.default_options())
    rng = Rng(seed)
    for _ in range(plies):
        if record.state.is_over() or (until is not None and until(record.state)):
            break
        seat = record.state.to_act()[0]
        record.play_move(seat, rng.choice(record.state.legal(seat)))
    return record


def saved(tmp_path: Path, record: GameRecord, name: str = "game.json") -> Path:
    path = tmp_path / name
    save(record, path)
    return path


def person_to_act(tmp_path: Path, game: str) -> tuple[GameRecord, TSquareApp]:
    """A game where seat 0, a person, is to act (the others random bots),
    saved, and an app opened on it."""
    kinds = ["human"] + ["bot:random"] * (REGISTRY.get(game).min_players - 1)
    record = played(game, kinds, 400, until=lambda s: s.to_act() == (0,))
    return record, create_app(tmp_path, game=saved(tmp_path, record), bot_delay=0)


def menu_with_a_save(tmp_path: Path) -> TSquareApp:
    """An app on the main menu, with one ended Grid Square game saved."""
    import shutil

    shutil.copy(EXAMPLES / "grid-square.json", tmp_path / "g.json")
    return create_app(tmp_path, bot_delay=0)


async def burst(app: TSquareApp, pilot, keys, pauses: int = 5) -> None:
    """Queue `keys` (Textual key names) all at once, as a paste or keys
    coalesced over SSH arrive, then let the app handle them."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, CHARACTERS.get(key, key)))
    for _ in range(pauses):
        await pilot.pause()


async def game_screen_at_rest(app: TSquareApp, pilot) -> GameScreen:
    """The game screen once the bots are done: seat 0's turn."""
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.acting_human() == 0
    return screen


@pytest.fixture
def bots_held(monkeypatch):
    """Bots that think until the test lets them go (set the event), instead
    of a long `bot_delay`: a paced bot's thread held the app's exit for the
    whole delay (30 s a test)."""
    release = threading.Event()
    real = GameScreen._think

    def held(bot, view, seat, generation, delay):
        release.wait(60)
        return real(bot, view, seat, generation, 0.0)

    monkeypatch.setattr(GameScreen, "_think", staticmethod(held))
    yield release
    release.set()


def grid_app(tmp_path: Path, kinds=("human", "human"), bot_delay: float = 0):
    """An app opening a new Grid Square game of these seats."""
    return create_app(tmp_path, game=saved(tmp_path, played("grid-square", list(kinds), 0)), bot_delay=bot_delay)


def describe_as_does(monkeypatch) -> type:
    """Make Grid Square describe every move as 'does <notation>'."""
    state_class = type(played("grid-square", ["human", "human"], 0).state)
    monkeypatch.setattr(state_class, "describe_move", lambda self, move, seat=None: f"does {self.format_move(move)}")
    return state_class


def shown_keys(screen) -> set[str]:
    """The actions the footer shows now."""
    return {b.binding.action for b in screen.active_bindings.values() if b.binding.show}


def message(screen) -> str:
    return str(screen.query_one("#message", Static).render())


def refusal(screen) -> str:
    """Why the last key was refused, as the status line shows it."""
    status = screen.query_one("#status", StatusLine)
    assert status.refusal in str(status.render())
    return status.refusal


# ------------------------------------------------------------------ item 2
async def test_a_new_hot_seat_squire_game_opens_on_the_pass_screen(tmp_path, monkeypatch):
    calls = spy_views(monkeypatch)
    path = saved(tmp_path, played("squire", ["human", "human"], 0))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert calls and all(c[1] is None for c in calls if c[0] == "show"), calls
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.viewer == game.record.state.to_act()[0]
        assert calls[-2][:2] == ("show", game.viewer) or calls[-1][:2] == ("show", game.viewer)


async def test_resuming_square_masons_mid_draft_opens_on_the_pass_screen(tmp_path, monkeypatch):
    record = played("square-masons", ["human"] * 3, 400, seed=2, until=lambda s: s.phase == "draft" and s.round >= 1)
    seat = record.state.to_act()[0]
    record.play_move(seat, record.state.legal(seat)[0])  # one pick made: mid-draft
    assert record.state.phase == "draft"
    calls = spy_views(monkeypatch)
    app = create_app(tmp_path, game=saved(tmp_path, record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert all(c[1] is None for c in calls if c[0] == "show"), calls
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.viewer is None and game.acting_human() is None



async def test_the_pass_screen_has_a_key_bar_and_a_way_out(tmp_path):
    from tui.screens.menu import MainMenu

    path = saved(tmp_path, played("squire", ["human", "human"], 0))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        bar = app.screen.query_one(KeyBar)
        await pilot.pause()
        keys = {i.key: app.screen.active_bindings[i.key].binding.action for i in bar.items}
        assert keys.get("enter") == "ready" and keys.get("escape") == "menu", keys
        assert "Menu" in bar.render_line(0).text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:  # q means what it means on the board: leave the game
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        quits: list[object] = []
        app.exit = lambda *a, **k: quits.append(a)  # type: ignore[method-assign]
        await pilot.press("q")
        await pilot.pause()
        assert not quits, "q on the pass screen quit the program; on the board it goes to the menu"
        assert isinstance(app.screen, MainMenu)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)


async def test_without_secrets_no_pass_screen(tmp_path):
    path = saved(tmp_path, played("grid-square", ["human", "human"], 3))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.acting_human() is not None


# ------------------------------------------------------------------ item 3
@pytest.mark.parametrize("game", GAMES)
async def test_replay_steps_by_keys_with_each_move_described(tmp_path, game):
    rs = REGISTRY.get(game)
    record = played(game, ["bot:random"] * rs.min_players, 12)
    app = create_app(tmp_path, replay=saved(tmp_path, record), start_ply=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("tab")  # even if something took the focus, the replay keys work
        await pilot.press("right", "right", "right", "left")
        assert screen.ply == 2
        before = record.state_at(1)
        seat, text = record.moves[1]
        move = before.parse_move(text, seat)
        said = message(screen)
        assert record.names[seat] in said
        events = [ev.render(record.names) for ev in record.log[1] if ev.visible_to(None)]
        if before.is_sealed(seat, move):
            assert "(sealed)" in said
        elif events:  # what the log says, in the third person (not 'use your perk' for a bot)
            assert events[0] in said and "(sealed)" not in said
        else:
            assert before.describe_move(move, seat) in said and "(sealed)" not in said
        await pilot.press("end")
        assert screen.ply == record.ply
        await pilot.press("home")
        assert screen.ply == 0
        await pilot.press("l", "l", "h")
        assert screen.ply == 1
        assert not {"type_move", "all_moves", "undo"} & shown_keys(screen)


async def test_replay_says_sealed_only_for_sealed_moves(tmp_path, monkeypatch):
    record = played("grid-square", ["bot:random", "bot:random"], 6)
    state_class = describe_as_does(monkeypatch)
    monkeypatch.setattr(state_class, "is_sealed", lambda self, seat, move: seat == 1)
    app = create_app(tmp_path, replay=saved(tmp_path, record), start_ply=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for ply in range(1, record.ply + 1):
            await pilot.press("right")
            seat, text = record.moves[ply - 1]
            said = message(screen)
            if seat == 1:
                assert "(sealed)" in said and text not in said
            else:
                event = record.log[ply - 1][0].render(record.names)
                assert event in said and "(sealed)" not in said  # the log's words, third person


# ------------------------------------------------------------------ item 4
@pytest.mark.parametrize("size", [(80, 24), (100, 34)])
@pytest.mark.parametrize("game", GAMES)
async def test_the_move_line_shows_its_text_completion_and_error(tmp_path, game, size):
    record, app = person_to_act(tmp_path, game)
    async with app.run_test(size=size) as pilot:
        screen = await game_screen_at_rest(app, pilot)
        state = screen.record.state
        first = state.format_move(state.legal(0)[0])
        await pilot.press("colon", *first[:-1])
        await pilot.pause()
        box = screen.query_one("#move-input", Input)
        footer = screen.query_one(KeyBar)
        said = screen.query_one("#message", Static)
        assert box.value == first[:-1]
        assert box.region.height == 1 and said.region.height >= 1
        for widget in (box, said):
            assert not widget.region.overlaps(footer.region)
            assert widget.region.bottom <= size[1]
        assert message(screen)  # what the typed text would play, or how many moves start so
        await pilot.press("ctrl+u", *"zz?", "enter")  # not a move
        await pilot.pause()
        assert box.has_class("visible") and message(screen)
        assert screen.record.ply == record.ply


async def test_keys_typed_at_once_after_the_colon_all_reach_the_move_line(tmp_path):
    """Over SSH (or a fast typist) `:` and the move arrive in one burst: the
    letters queued behind the colon go to the move line, not to the board."""

    game = "squire"  # its board has keys of its own for letters (s sells, b buys)
    record, app = person_to_act(tmp_path, game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen_at_rest(app, pilot)
        await burst(app, pilot, ["colon", "s", "b"], pauses=2)
        assert screen.query_one("#move-input", Input).value == "sb"
        assert screen.record.ply == record.ply


# ------------------------------------------------------------------ move list
async def test_the_move_list_shows_what_each_move_does(tmp_path, monkeypatch):
    describe_as_does(monkeypatch)
    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        picker = app.screen
        assert isinstance(picker, MovePicker)
        listed = picker.query_one("#moves")
        option = listed.get_option_at_index(0)
        assert str(option.prompt) == f"does {option.id}  · {option.id}"  # words first, then what to type
        await pilot.press(*"does Mh7")  # words of the description filter too
        assert listed.get_option_at_index(listed.highlighted).id.startswith("Mh7")



async def test_a_move_list_filter_with_no_match_says_so(tmp_path):
    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        picker = app.screen
        assert isinstance(picker, MovePicker)
        note = picker.query_one("#no-match", Static)
        assert not note.display or not str(note.render()).strip()
        await pilot.press(*"zz[q")
        await pilot.pause()
        assert picker.query_one("#moves").option_count == 0
        said = str(note.render())
        assert note.display and "No legal move matches 'zz[q'" in said
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await pilot.pause()
        assert picker.query_one("#moves").option_count > 0 and not note.display


# ------------------------------------------------------------------ log
async def test_the_log_opens_on_the_last_turn_and_scrolls_by_keys(tmp_path, monkeypatch):
    calls = spy_views(monkeypatch)
    count = iter(range(1000))  # 40 plies at least, then up to seat 1's turn
    record = played("grid-square", ["human", "bot:random"], 200, until=lambda s: next(count) >= 40 and s.to_act() == (0,))
    assert record.ply >= 40 and record.state.to_act() == (0,)
    app = create_app(tmp_path, game=saved(tmp_path, record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one("#log", LogPanel)
        assert log.last_ply == record.ply
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        seat, text = record.moves[-1]
        assert ("mark", seat, text) in calls  # the view is told the last move on resume
        await pilot.press("e")
        await pilot.pause()
        assert log.has_class("expanded") and screen.focused is log
        assert log.region.width == 80 and log.region.height >= 10
        end = log.scroll_y
        await pilot.press("up", "up")
        assert log.scroll_y < end
        await pilot.press("escape")
        await pilot.pause()
        assert not log.has_class("expanded") and screen.focused is not log



async def test_the_side_log_follows_every_move_even_after_keys_sent_while_waiting(tmp_path, bots_held):
    """While a bot thinks the keys go to the side log, so arrows meant for the
    board scroll it back; the next move brings it to the end again (it used
    to stop following for the rest of the game)."""
    count = iter(range(1000))
    record = played("grid-square", ["human", "bot:random"], 200, until=lambda s: next(count) >= 30 and s.to_act() == (0,))
    app = create_app(tmp_path, game=saved(tmp_path, record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one("#log", LogPanel)
        state = screen.record.state
        screen.play(0, state.format_move(state.legal(0)[0]))
        while screen.thinking is None:  # Player 1's turn may go on (a slide after a placing)
            state = screen.record.state
            screen.play(0, state.format_move(state.legal(0)[0]))
        await pilot.pause()
        assert screen.focused is log
        await pilot.press("up", "up", "up", "left")  # meant for the board
        assert log.scroll_y < log.max_scroll_y
        screen.generation += 1  # the bot's slow answer is dropped; play its move now
        screen.workers.cancel_group(screen, "bot")
        screen.thinking = None
        seat = screen.record.state.to_act()[0]
        screen.play(seat, screen.record.state.format_move(screen.record.state.legal(seat)[0]))
        for _ in range(20):
            await pilot.pause()
            if log.scroll_y == log.max_scroll_y:
                break
        assert log.last_ply == screen.record.ply
        assert log.scroll_y == log.max_scroll_y, "the side log stopped following"
        screen.generation += 1
        screen.workers.cancel_group(screen, "bot")
        bots_held.set()


# ------------------------------------------------------------------ keys
async def test_play_keys_leave_the_footer_while_a_bot_thinks_and_say_why(tmp_path, bots_held):
    app = grid_app(tmp_path, ("human", "bot:greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert {"all_moves", "help", "quit_game"} <= shown_keys(screen)
        await pilot.press("colon", *"Md5h", "enter")
        await pilot.pause()
        assert screen.thinking == 1
        assert not {"all_moves", "type_move", "replay"} & shown_keys(screen)
        await pilot.press("a")
        assert not isinstance(app.screen, MovePicker)
        assert "thinking" in refusal(screen)
        screen.generation += 1  # drop the bot's answer
        screen.workers.cancel_group(screen, "bot")
        bots_held.set()


@pytest.mark.parametrize("game", GAMES)
async def test_undo_is_offered_only_where_the_game_allows_it(tmp_path, game):
    rs = REGISTRY.get(game)
    kinds = ["human"] + ["bot:random"] * (rs.min_players - 1)
    record = played(game, kinds, 400, until=lambda s: s.to_act() == (0,) and len(s.legal(0)) > 0)
    app = create_app(tmp_path, game=saved(tmp_path, record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        state = screen.record.state
        await pilot.press("colon", *state.format_move(state.legal(0)[0]), "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        help_text = screen.help_keys()
        if rs.undo_allowed:
            assert "| u |" in help_text
        else:
            assert "| u |" not in help_text and "undo" not in shown_keys(screen)
            before = screen.record.ply
            await pilot.press("u")
            assert screen.record.ply == before and "No undo" in refusal(screen)


async def test_hot_seat_undo_takes_back_only_your_own_move(tmp_path):
    path = saved(tmp_path, played("grid-square", ["human", "human"], 0))
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen

        async def typed(move: str) -> None:
            await pilot.press("colon", *move, "enter")
            await pilot.pause()

        await typed("Md5h")  # P1 places; P2 to act
        assert screen.acting_human() == 1 and "undo" not in shown_keys(screen)
        await pilot.press("u")
        assert screen.record.ply == 1 and "no move yet" in refusal(screen)
        for move in ("Sa1h", "pass", "Lh1v", "pass"):  # P2's turn, then P1's
            await typed(move)
        assert screen.acting_human() == 1 and "undo" not in shown_keys(screen)
        await pilot.press("u")  # P1 moved since P2's last move: refused
        assert screen.record.ply == 5 and "P1" in refusal(screen)
        await typed("Sb1h")  # P2 places, then may slide
        assert screen.acting_human() == 1 and "undo" in shown_keys(screen)
        await pilot.press("u")
        await pilot.pause()
        assert screen.record.ply == 5 and screen.acting_human() == 1
    assert load(path).ply == 5


async def test_undo_against_a_bot_takes_the_bots_replies_too(tmp_path):
    app = grid_app(tmp_path, ("human", "bot:greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("colon", *"La1h", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.record.ply >= 2 and screen.acting_human() == 0
        await pilot.press("u")
        await pilot.pause()
        assert screen.record.ply == 0


# ------------------------------------------------------------------ help
async def test_help_opens_with_the_keys_of_the_screen(tmp_path):
    from tui.screens.rules import RulesScreen

    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        page = app.screen
        assert isinstance(page, RulesScreen)
        text = page.page_text()
        assert text.startswith("## Keys on the game screen")
        assert text.index("| a |") < text.index(REGISTRY.get("grid-square").rules_markdown()[:40])


# ------------------------------------------------------------------ setup, saves, words
async def test_setup_takes_player_names_and_explains_options(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # Square Masons (menu order)
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        rows = setup.query_one("SetupForm").row_keys()
        await pilot.press("down", "down", *["backspace"] * 8, *"Jo hkl")  # seat 1's name, vi letters too
        await pilot.press(*["down"] * (rows.index("option:rounds") - 2))
        await pilot.pause()
        hint = str(setup.query_one("#row-help", Static).render())
        assert "rounds" in hint and "0 = none" in hint
        await pilot.press("enter")
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.record.names[0] == "Jo hkl"


def test_names_are_checked():
    assert names_problem(["Ana", "Ben"]) is None
    assert "different" in names_problem(["Ana", "ana"])
    assert "name is empty" in names_problem(["Ana", "  "])
    assert "longer than 24 columns" in names_problem(["x" * 25, "Ben"])
    assert "longer than 24 columns" in names_problem(["漢" * 13, "Ben"])  # wide characters take two columns
    assert "cannot be shown" in names_problem(["Ana\x1b]0;x\a", "Ben"])
    assert names_problem(["[/]", "Bob [the builder]"]) is None  # shown as plain text, never markup


async def test_the_saves_list_shows_whole_names_and_tells_like_games_apart(tmp_path):
    import shutil

    from tests.tui.screen_checker import screen_rows

    golden = Path(__file__).resolve().parents[1] / "golden"
    shutil.copyfile(golden / "squire-v1-in-progress.json", tmp_path / "a.json")
    shutil.copyfile(golden / "squire-v3-in-progress.json", tmp_path / "b.json")
    rs = REGISTRY.get("square-and-compass")
    names = ["Vitruvius Pollio", "Hypatia of Alexandria", "Imhotep"]
    rec = GameRecord.new(rs, [Player(n) for n in names], 3, rs.default_options())
    saved(tmp_path, rec, "c.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        text = "\n".join(screen_rows(app))
        assert "Square and Compass" in text and " v ".join(names) in text  # nothing cut at 80 columns
        squire = [line for line in text.splitlines() if "move 13" in line]
        assert len(squire) == 2 and "old rules v1" in squire[0] + squire[1]  # the two Squire games differ
        assert sum("old rules" in line for line in text.splitlines()) == 1


async def test_the_saves_list_gives_date_turn_and_result(tmp_path):
    going = played("grid-square", ["human", "human"], 3)
    going.updated = "2026-11-25T10:00:00+00:00"
    done = played("grid-square", ["bot:random", "bot:random"], 1000)
    assert done.state.is_over()
    label = save_label(going).plain
    assert "2026-11-2" in label and f"{going.names[going.state.to_act()[0]]} to play" in label
    out = done.state.outcome()
    assert ("draw" if out.is_draw else "won") in save_label(done).plain
    saved(tmp_path, going, "a.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert "Enter continues" in " ".join(str(s.render()) for s in app.screen.query(Static))



async def test_esc_in_a_replay_opened_from_the_saves_list_goes_back_to_the_list(tmp_path):
    saved(tmp_path, played("grid-square", ["bot:random", "bot:random"], 6), "a.json")
    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen), "Esc left the replay for another screen than the saves list"


# ------------------------------------------------------------------ the generic view (games still to come)
async def test_the_generic_view_plays_by_keys_and_steps_in_replay(tmp_path, monkeypatch):
    import tui.screens.replay as replay_module
    from tui.games.generic import GameView

    monkeypatch.setattr(game_module, "view_class", lambda game_id: GameView)
    monkeypatch.setattr(replay_module, "view_class", lambda game_id: GameView)
    describe_as_does(monkeypatch)
    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        listed = screen.query_one("#legal")
        first = listed.get_option_at_index(0)
        assert str(first.prompt) == f"does {first.id}  · {first.id}"  # words first
        await pilot.press("j", "enter")  # the second move of the list
        await pilot.pause()
        second = screen.record.state_at(0).legal(0)[1]
        assert screen.record.moves == [(0, screen.record.state_at(0).format_move(second))]
        await pilot.press("enter", "enter")  # seat 2 places, then plays the first slide step listed
        await pilot.pause()
        assert screen.record.ply == 3
    replay = create_app(tmp_path, replay=tmp_path / "game.json", start_ply=0)
    async with replay.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right")
        assert replay.screen.ply == 2 and "P2 placed" in message(replay.screen)


async def test_a_view_refusing_a_key_says_why_in_the_status_line(tmp_path):
    from tui.games.base import KeyRefused

    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#view").post_message(KeyRefused("It does not fit there."))
        await pilot.pause()
        assert refusal(screen) == "It does not fit there."
        await pilot.press("colon", *"Md5h", "enter")  # the next move clears it
        await pilot.pause()
        assert not screen.query_one("#status", StatusLine).refusal


async def test_keys_typed_just_after_quit_on_the_menu_do_nothing(tmp_path):
    """`q` then `r` arriving together (typing "quare" fast, or a paste):
    the `r` used to open the saves list on an app already closing, which
    crashed it. Both keys are queued before the first is handled."""

    from tui.screens.menu import MainMenu

    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await burst(app, pilot, "qr", pauses=1)
        assert app.leaving and not any(isinstance(s, SavesScreen) for s in app.screen_stack)
    assert app.crash is None and app.return_code == 0


@pytest.mark.parametrize("keys", [("r", "enter", "v"), ("r", "enter", "enter", "q"), ("r", "enter", "q")])
async def test_a_burst_of_keys_through_the_saves_list_never_crashes(tmp_path, keys):
    """Keys queued together (a paste, a fast typist over SSH): the Enter that
    opens a save is a message the list handles later, so a `v` (replay) or
    `q` behind it used to act first, and the open then popped the wrong
    screen (the replay, not yet mounted: a crash). The list now opens
    nothing once it is no longer on top."""
    app = menu_with_a_save(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await burst(app, pilot, keys)
        names = [type(s).__name__ for s in app.screen_stack]
        assert names[1] == "MainMenu" and len(names) == len(set(names))  # no screen twice, the menu kept
    assert app.crash is None


@pytest.mark.parametrize("keys, opens", [(("question_mark", "escape"), "RulesScreen"), (("r", "escape"), "SavesScreen")])
async def test_a_screen_opened_and_closed_in_one_burst_leaves_the_stack_as_it_was(tmp_path, keys, opens):
    """The key that opens a screen and the key that closes it, queued
    together: the second acts on the screen the first opened, and the
    stack ends as it began, with no crash."""
    app = menu_with_a_save(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = [type(s).__name__ for s in app.screen_stack]
        seen: list[str] = []
        app.screen_change_signal.subscribe(app, lambda screen: seen.append(type(screen).__name__))
        await burst(app, pilot, keys)
        assert opens in seen  # it did open...
        assert [type(s).__name__ for s in app.screen_stack] == before  # ...and close
    assert app.crash is None


@pytest.mark.parametrize("keys", [("a", "enter"), ("a", "down", "enter"), ("a", "escape")])
async def test_keys_behind_the_one_that_opens_the_move_list_never_act_on_the_board(tmp_path, keys):
    """`a` then Enter queued together (a paste; keys coalesced over SSH):
    the board takes its own keys at once while `a` bubbles up to the
    screen's binding, so the Enter used to overtake it and play the
    board's cursor move the person never chose. Now each key is handled
    whole, in order, and a key that reaches the board after `a` covered it
    is dropped: the list is open and nothing is played."""
    record, app = person_to_act(tmp_path, "grid-square")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen_at_rest(app, pilot)
        await burst(app, pilot, keys)
        assert screen.record.ply == record.ply
        assert isinstance(app.screen, MovePicker)
    assert app.crash is None


async def test_esc_right_behind_enter_in_the_move_list_closes_only_the_list(tmp_path):
    """In the move list, Enter in the filter line is a message the list
    handles later; an Esc queued behind it closed the list first, and the
    late Enter then dismissed the screen under it: the game itself, back
    to the menu. Now the late Enter is dropped: the game stays, unplayed."""
    record, app = person_to_act(tmp_path, "grid-square")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen_at_rest(app, pilot)
        await pilot.press("a")
        assert isinstance(app.screen, MovePicker)
        await burst(app, pilot, ["enter", "escape"])
        assert app.screen is screen and screen.record.ply == record.ply
    assert app.crash is None
