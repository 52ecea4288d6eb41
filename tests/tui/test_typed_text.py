"""Every input field takes exactly what it can read: random Unicode typed
into the setup screen's seed and names, a room form's seed and the move
line never raises; what is not taken is said in one line."""
from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from textual._xterm_parser import XTermParser

from engine.numbers import DIGITS, MAX_DIGITS, is_number, number_in, parse_number, said_number
from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import TSquareApp, create_app
from tui.screens.setup import SEED_DIGITS, SEED_NOT_DIGITS, SetupForm, SetupScreen
from tui.widgets.move_line import OPENER

GAMES = REGISTRY.ids()

TYPED = st.characters(blacklist_categories=("Cs", "Cc"))
"""Any character a terminal can send as one typed key (no control
characters: Enter, Esc, Tab and ctrl+c are keys, not text)."""

FORM_KEYS = "hjkl ?"
"""Letters that are keys of the setup form and screen (a row, a value, the
rules), not text, on the seed row."""

SETTINGS = settings(
    max_examples=3,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: each example starts an app
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
"""Each example is a list of texts typed one after the other into one app
(an app a text cost ~2 s each and checked nothing more): 3 drawn lists of up
to 6 texts and the explicit examples."""

TEXTS = 6
"""The most texts one example types."""


def typed(app: TSquareApp, text: str) -> None:
    """Send `text` as the terminal would: parsed into key events by
    Textual's own input parser, all queued at once."""
    for event in XTermParser().feed(text):
        app.post_message(event)


def printable_of(text: str) -> str:
    """What a text field gets of `text`: the characters of its printable keys."""
    return "".join(ev.character for ev in XTermParser().feed(text) if getattr(ev, "is_printable", False))


def digits_of(text: str) -> str:
    return "".join(c for c in text if c in DIGITS)[:SEED_DIGITS]


# ------------------------------------------------------------------ the helper
@given(st.text())
@example("²")
@example("٣")
@example(" 7 ")
@example("1_000")
@example("9" * 4301)
@example("0" * 5000 + "7")
def test_a_number_is_ascii_digits_and_nothing_else(text):
    if is_number(text.strip()) and len(text.strip().lstrip("0")) <= MAX_DIGITS:
        assert parse_number(text, "n") == int(text.strip().lstrip("0") or "0")
    elif is_number(text.strip()):  # read within bounds, never int() of thousands of digits
        assert number_in(text) is None
        try:
            parse_number(text, "the seed")
        except ValueError as exc:
            assert str(exc) == f"the seed must be a number of at most {MAX_DIGITS} digits"
        else:
            raise AssertionError(f"{text!r} was taken")
    else:
        try:
            parse_number(text, "the seed")
        except ValueError as exc:
            assert str(exc) == "the seed must be a number made of digits 0-9"
        else:
            raise AssertionError(f"{text!r} was taken")


def test_a_number_is_read_within_its_bounds_and_repeated_short():
    assert number_in("3", 1, 3) == 3 and number_in("4", 1, 3) is None and number_in("0", 1, 3) is None
    assert number_in(" 007 ", 1, 9) == 7
    assert number_in("9" * 4301, 1, 3) is None  # Python's int() refuses a text this long
    try:
        parse_number("12", "a seat", 1, 4)
    except ValueError as exc:
        assert str(exc) == "a seat must be from 1 to 4"
    assert said_number("0042") == "42"
    assert said_number("9" * 4301) == "999999999999… (4301 digits)"


# ------------------------------------------------------------------ the setup screen
async def _setup_seed(tmp_path: Path, texts: list[str]) -> None:
    from tui.screens.game import GameScreen

    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen("grid-square"))
        await pilot.pause()
        screen = app.screen
        form = screen.query_one(SetupForm)
        form.choices.row = form.row_keys().index("seed")
        for text in texts:
            typed(app, "\x7f" * len(form.choices.seed))  # backspaces, queued at once
            await pilot.pause()
            assert form.choices.seed == ""
            typed(app, text)
            await pilot.pause()
            assert form.choices.seed == digits_of(text)
            last = text[-1:]
            if last and last not in DIGITS:
                assert form.help_line() == SEED_NOT_DIGITS
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), app.screen
        if digits_of(texts[-1]):
            assert app.screen.record.seed == int(digits_of(texts[-1]))
    assert app.crash is None


SEED_TEXT = st.text(TYPED.filter(lambda c: c not in FORM_KEYS), max_size=16)


@SETTINGS
@given(st.lists(SEED_TEXT, min_size=1, max_size=TEXTS))
@example(["²", "٣٤", "①2", "12x"])
def test_the_setup_seed_takes_digits_0_9_and_says_so_for_the_rest(tmp_path, texts):
    asyncio.run(_setup_seed(tmp_path, texts))


async def _setup_name(tmp_path: Path, texts: list[str]) -> None:
    """Each text typed in place of the first name: a refused one is said
    in words after Enter; the last one is entered whatever it is."""
    from tui.screens.game import GameScreen
    from tui.screens.setup import names_problem

    app = create_app(tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen("grid-square"))
        await pilot.pause()
        screen = app.screen
        form = screen.query_one(SetupForm)
        for n, text in enumerate(texts):
            form.choices.row = form.row_keys().index("name:0")
            typed(app, "\x7f" * len(form.choices.names[0]))  # backspaces, queued at once
            await pilot.pause()
            assert form.choices.names[0] == ""
            typed(app, text)
            await pilot.pause()
            name = form.choices.names[0]
            problem = names_problem(form.choices.names)
            if problem is None and n < len(texts) - 1:
                continue  # taken: Enter would start the game; the last text tries it
            await pilot.press("enter")
            await pilot.pause()
            if problem is None:
                assert isinstance(app.screen, GameScreen) and app.screen.record.names[0] == name.strip()
            else:
                assert app.screen is screen and str(screen.query_one("#row-help").render()) == problem
    assert app.crash is None


@SETTINGS
@given(st.lists(st.text(TYPED, max_size=20), min_size=1, max_size=TEXTS))
@example(["²", "Ana\u202e", "Bo"])
def test_a_name_typed_in_setup_is_taken_or_refused_in_words(tmp_path, texts):
    asyncio.run(_setup_name(tmp_path, texts))


# ------------------------------------------------------------------ a room's form
async def _room_seed(tmp_path: Path, texts: list[str]) -> None:
    from tui.server.player import LobbyApp
    from tui.server.screens.lobby import RoomSetupScreen
    from tui.server.store import Store

    store = Store(tmp_path / "data")
    store.make()
    app = LobbyApp(store.root, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        made: list[str | None] = []
        app.push_screen(RoomSetupScreen(store, "alice", "grid-square"), made.append)
        await pilot.pause()
        screen = app.screen
        form = screen.query_one(SetupForm)
        form.choices.row = form.row_keys().index("seed")
        for text in texts:
            typed(app, "\x7f" * len(form.choices.seed))  # backspaces, queued at once
            await pilot.pause()
            assert form.choices.seed == ""
            typed(app, text)
            await pilot.pause()
            assert form.choices.seed == digits_of(text)
            last = text[-1:]
            if last and last not in DIGITS:
                assert str(screen.query_one("#message").render()) == SEED_NOT_DIGITS
        await pilot.press("enter")
        await pilot.pause()
        assert made and made[0]  # the room was made
        if digits_of(texts[-1]):
            from engine.saves import load

            assert load(store.room_path(made[0])).seed == int(digits_of(texts[-1]))
    assert app.crash is None


@SETTINGS
@given(st.lists(SEED_TEXT, min_size=1, max_size=TEXTS))
@example(["²", "٣"])
def test_a_rooms_seed_takes_digits_0_9_and_says_so_for_the_rest(tmp_path, texts):
    asyncio.run(_room_seed(tmp_path, texts))


# ------------------------------------------------------------------ the move line
async def _move_line(tmp_path: Path, game: str, texts: list[str]) -> None:
    """Each text typed on a fresh move line and entered, until one is a move."""
    from tui.screens.game import GameScreen

    rs = REGISTRY.get(game)
    kinds = ["human"] + [f"bot:{rs.bot_levels[0]}"] * (rs.min_players - 1)
    record = GameRecord.new(rs, [Player(f"P{i + 1}", k) for i, k in enumerate(kinds)], 5, rs.default_options())
    path = tmp_path / f"{game}.json"
    save(record, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        if screen.acting_human() is None:
            return  # a bot moves first in this game: nothing to type into yet
        ply = screen.record.ply
        box = screen.query_one("#move-input")
        for text in texts:
            if box.has_class("visible"):
                await pilot.press("escape")
                await pilot.pause()
            assert not box.has_class("visible")
            await pilot.press("colon")
            typed(app, text)
            await pilot.pause()
            expected = printable_of(text)
            if expected.startswith(OPENER):  # a ':' first on a fresh line is the opening key's echo: dropped
                expected = expected[len(OPENER):]
            assert box.value == expected
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen or not isinstance(app.screen, GameScreen)
            if screen.record.ply != ply:
                break  # a move: played
            # not a move: said why, the text kept to correct it
            assert box.has_class("visible") and box.value == expected
            assert str(screen.query_one("#message").render()).strip()
    assert app.crash is None


@SETTINGS
@given(st.sampled_from(GAMES), st.lists(st.text(TYPED, min_size=1, max_size=16), min_size=1, max_size=TEXTS))
@example("grid-square", ["La²h", "L٣1h"])
@example("square-and-compass", ["ĺ.e", ":ě.Þxß"])
def test_the_move_line_takes_any_text_and_plays_or_says_why_not(tmp_path, game, texts):
    asyncio.run(_move_line(tmp_path, game, texts))


# ------------------------------------------------------------------ the CLI's seats
def test_a_seat_in_other_digits_is_refused_in_words():
    import pytest

    from engine.setup import parse_bot_specs, parse_name_specs

    rs = REGISTRY.get("grid-square")
    for seat in ("²", "٢", "２"):
        with pytest.raises(ValueError, match="give SEAT=LEVEL"):
            parse_bot_specs(rs, 2, [f"{seat}=random"])
        with pytest.raises(ValueError, match="give SEAT=NAME"):
            parse_name_specs(2, [f"{seat}=Bob"])
    assert parse_bot_specs(rs, 2, [" 2 =random"]) == {1: "random"}


# ------------------------------------------------------------------ every game's notation
ODD_DIGITS = ("²", "٣", "①", "３")
"""Characters `isdigit` or `int` take that are not ASCII digits."""


def test_every_game_reads_other_digits_in_a_move_as_a_move_error():
    """A legal move's text with each digit swapped for another kind of
    digit is read (as the same move) or refused in words: never a crash.
    ('tie²' in Square Masons was an internal error.)"""
    from engine.errors import MoveError

    for game in GAMES:
        rs = REGISTRY.get(game)
        record = GameRecord.new(rs, [Player(f"P{i}") for i in range(rs.min_players)], 1, rs.default_options())
        state = record.state
        seat = state.to_act()[0]
        texts = {state.format_move(m) for m in state.legal(seat)} | {"tie1", "bid2-3", "9g:ab", "La1h"}
        for text in sorted(texts)[:40]:
            for odd in ODD_DIGITS:
                typed_text = "".join(odd if c in DIGITS else c for c in text)
                try:
                    state.parse_move(typed_text, seat)
                except MoveError:
                    pass
