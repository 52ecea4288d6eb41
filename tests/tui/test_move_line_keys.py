"""The `:` that opens the move line is never text in it. Over SSH it once
landed inside (`:x14t`): the line kept the keys while closed (a focus
given to it late, after it had closed), and a focused Input takes every
printable key before the screen's bindings, the `:` among them. Each test
makes one of those orders happen on purpose, without waiting in between."""
from __future__ import annotations

from pathlib import Path

from textual import events
from textual._xterm_parser import XTermParser

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen


def typed(app, text: str) -> None:
    """`text` as one burst from the terminal: every key queued at once."""
    for event in XTermParser().feed(text):
        app.post_message(event)


def grid_app(tmp_path: Path):
    rs = REGISTRY.get("grid-square")
    record = GameRecord.new(rs, [Player("Ana"), Player("Ben")], 1, rs.default_options())
    path = tmp_path / "g.json"
    save(record, path)
    return create_app(tmp_path, game=path, bot_delay=0)


async def test_the_opening_colon_delivered_to_the_new_line_too_is_not_text(tmp_path):
    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        box = screen.query_one("#move-input")
        app.post_message(events.Key("colon", ":"))  # the screen's binding opens the line ...
        app.call_later(box.post_message, events.Key("colon", ":"))  # ... then the same key reaches it too
        typed(app, "x14t")
        await pilot.pause()
        assert box.has_class("visible") and box.value == "x14t"


async def test_a_closed_line_given_the_focus_late_does_not_take_the_next_colon(tmp_path):
    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        box = screen.query_one("#move-input")
        typed(app, ":La1h\r")
        await pilot.pause()
        await pilot.pause()
        assert screen.record.ply == 1 and not box.has_class("visible")
        box.focus()  # asked while the line was open (a room's screen does on a redraw), given now
        typed(app, ":x14t")  # the next move, at once
        await pilot.pause()
        assert box.has_class("visible") and box.value == "x14t"
        assert screen.focused is box


async def test_keys_reaching_a_closed_line_are_not_its_text(tmp_path):
    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        box = screen.query_one("#move-input")
        for ch in "x1":  # keys forwarded to the line as it closed
            box.post_message(events.Key(ch, ch))
        await pilot.pause()
        assert box.value == "" and not box.has_class("visible")
        typed(app, ":La1h")
        await pilot.pause()
        assert box.value == "La1h"


async def test_a_colon_typed_right_after_enter_opens_the_next_line(tmp_path):
    app = grid_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        box = screen.query_one("#move-input")
        typed(app, ":La1h\r:x")  # Enter and the next colon in one burst
        for _ in range(4):
            await pilot.pause()
        assert screen.record.ply == 1
        assert box.has_class("visible") and box.value == "x"
