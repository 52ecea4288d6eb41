"""The screen checker: plays a game by keys, as a newcomer would, and at
every step of the person's looks at what the screen shows.

A game is opened on the game screen at a terminal size (seat 1 a person,
named "Ana", the others the game's default bot); at each step where Ana is
to act the checker looks at the screen, then plays the move the game's own
default bot would choose for her, by keys only (`a`, the move typed as a
filter until it is highlighted, Enter), looking at the move list too.

The checks (each names the game, the size, the step and what is wrong):

- `log`: the log's last entry is the last move played (the entries the
  viewer may read, as `log_entries` builds them), and its end is in view:
  scrolled to the bottom, inside the screen.
- `highlighted`: the highlighted choice's full description is on the
  screen, in one widget (wrapped lines read as one): the move list's
  highlighted move, and the view's, where it says which (`highlighted_move`).
- `placeholder`: no raw placeholder on the screen (`<card>`, `{P1}`,
  `Seat 2`).
- `keys`: every key on the key bar works now: enabled, applying in this
  step (`key_applies`), with an action to run; and a key of the board,
  pressed once for each new set of keys, changes something (the screen,
  the game, the screen on top) without being refused.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from engine.core import with_names
from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app
from tui.screens.game import GameScreen
from tui.screens.move_picker import MovePicker
from tui.screens.played import log_entries
from tui.widgets.key_bar import KeyBar, key_applies
from tui.widgets.status_line import StatusLine

CHECKS = ("log", "highlighted", "placeholder", "keys")
"""Every check's name, as a Problem names it."""

SIZES = ((80, 24), (120, 40))
"""The terminal sizes every game is checked at: the one most terminals open
with, and a roomy one."""

PLACEHOLDER = re.compile(r"<[a-z][a-z _-]*>|\{P\d\}|\bSeat \d\b")
"""Text a screen must never show: a template's hole left unfilled."""

PLAYS_OR_LEAVES = {"confirm", "quit_game", "help", "log", "all_moves", "type_move", "hint", "replay", "escape", "undo",
                   "legend"}
"""Actions the key probe does not press: they play, leave, open another
screen or fold the layout (each has its own tests); their keys are checked
statically only."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong on one screen."""

    game: str
    size: tuple[int, int]
    step: int
    """The person's step (0: their first turn)."""
    check: str
    """One of CHECKS."""
    what: str

    def __str__(self) -> str:
        return f"{self.game} at {self.size[0]}x{self.size[1]}, step {self.step}: [{self.check}] {self.what}"


@dataclass
class Report:
    """What one game's run found."""

    game: str
    size: tuple[int, int]
    steps: int = 0
    """The person's steps looked at."""
    problems: list[Problem] = field(default_factory=list)

    def of(self, check: str) -> list[Problem]:
        return [p for p in self.problems if p.check == check]


# ------------------------------------------------------------------ what the screen shows
def screen_rows(app: Any) -> list[str]:
    """The top screen as the terminal shows it, one string a row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def widget_texts(app: Any) -> list[str]:
    """The text of each visible widget of the top screen, its wrapped rows
    read as one line (so a description wrapped in a side panel reads whole)."""
    rows = screen_rows(app)
    out = []
    for widget in app.screen.walk_children():
        region = widget.scrollable_content_region  # without its border, padding and scrollbars
        if not widget.display or not region.width or not region.height:
            continue
        lines = [rows[y][region.x:region.right] for y in range(region.y, min(region.bottom, len(rows)))]
        text = _squeeze(" ".join(lines))
        if text:
            out.append(text)
    return out


def shown_whole(app: Any, text: str) -> bool:
    """`text` is on the top screen in full, within one widget."""
    want = _squeeze(text)
    return any(want in t for t in widget_texts(app))


# ------------------------------------------------------------------ the checks
def check_log(screen: GameScreen) -> list[str]:
    """The log ends with the last move's entries and shows its end."""
    out = []
    log = screen.log_widget
    want = log_entries(screen.record, screen.viewer)
    if want and (not log.entries or log.entries[-1] != want[-1]):
        got = log.entries[-1] if log.entries else None
        out.append(f"the log ends with {got and (got.ply, got.text)!r}, not the last move's "
                   f"{(want[-1].ply, want[-1].text)!r} (move {screen.record.ply})")
    if log.entries and log.scroll_offset.y < log.max_scroll_y:
        out.append(f"the log is not scrolled to its end ({log.scroll_offset.y} of {log.max_scroll_y}): "
                   f"its last line, move {log.entries[-1].ply}, is out of view")
    region, size = log.region, screen.size
    if log.entries and (not region.height or region.bottom > size.height):
        out.append(f"the log's end is off the screen (its rows {region.y}..{region.bottom - 1} of {size.height})")
    return out


def check_placeholders(app: Any) -> list[str]:
    found = sorted({m.group(0) for row in screen_rows(app) for m in PLACEHOLDER.finditer(row)})
    return [f"a raw placeholder on the screen: {', '.join(found)}"] if found else []


def check_view_highlight(app: Any, screen: GameScreen) -> list[str]:
    """The view's highlighted move, described in full somewhere on screen."""
    view = screen.view_widget
    ask = getattr(view, "highlighted_move", None)
    if ask is None:
        return [f"the view ({type(view).__module__}) does not say which choice is highlighted (no highlighted_move)"]
    move = ask()
    seat = screen.acting_human()
    if move is None or seat is None:
        return []
    state = screen.record.state.view(seat)
    said = with_names(state.describe_move(move, seat), screen.record.names)
    if not shown_whole(app, said):
        return [f"the highlighted {state.format_move(move)}: its description {said!r} is not on the screen in full"]
    return []


def check_picker_highlight(app: Any, picker: MovePicker) -> list[str]:
    listed = picker.query_one("#moves")
    if listed.highlighted is None:
        return []
    notation = str(listed.get_option_at_index(listed.highlighted).id)
    said = dict(picker.moves).get(notation, "")
    if said and not shown_whole(app, said):
        return [f"in the move list, the highlighted {notation}: its description {said!r} is not on the screen in full"]
    return []


def _action_name(action: str) -> str:
    return action.split("(", 1)[0].rsplit(".", 1)[-1]


def static_key_problems(app: Any) -> list[str]:
    """Each key on the top screen's key bar: enabled, applying, with an action."""
    out = []
    for bar in app.screen.query(KeyBar):
        if not bar.display:
            continue
        for item in bar.items:
            active = app.screen.active_bindings.get(item.key)
            if active is None:
                out.append(f"key {item.display!r} ({item.description}) is on the bar but bound to nothing")
                continue
            node, binding, enabled, _ = active
            name = _action_name(binding.action)
            if not enabled or not key_applies(node, binding.action):
                out.append(f"key {item.display!r} ({item.description}) is on the bar but does not work now")
            elif not callable(getattr(node, f"action_{name}", None)) and not callable(getattr(app, f"action_{name}", None)):
                out.append(f"key {item.display!r} ({item.description}) is on the bar but {name!r} is no action")
    return out


async def probe_view_keys(app: Any, pilot: Any, screen: GameScreen) -> list[str]:
    """Press each board key on the bar once (not those that play or leave)
    and see that it changes something without being refused."""
    out = []
    view = screen.view_widget
    bar = screen.query_one(KeyBar)
    for item in list(bar.items):
        active = screen.active_bindings.get(item.key)
        if active is None:
            continue
        node, binding, _, _ = active
        if _action_name(binding.action) in PLAYS_OR_LEAVES or not (node is view or view in node.ancestors):
            continue
        before = (screen_rows(app), screen.record.ply, app.screen)
        status = screen.query_one("#status", StatusLine)
        status.refusal = ""
        await pilot.press(item.key)
        await pilot.pause()
        after = (screen_rows(app), screen.record.ply, app.screen)
        if app.screen is not screen:  # a key that opened a screen did something; close it
            app.pop_screen()
            await pilot.pause()
        if status.refusal:
            out.append(f"key {item.display!r} ({item.description}) is on the bar but refused: {status.refusal!r}")
        elif before == after:
            out.append(f"key {item.display!r} ({item.description}) is on the bar but pressing it changed nothing")
        if screen.record.ply != before[1] or screen.acting_human() is None:
            break  # it played: the step is over
    return out


# ------------------------------------------------------------------ playing
def new_save(folder: Path, game: str, seed: int) -> Path:
    """A new game of `game`: Ana (a person) against the default bots."""
    rs = REGISTRY.get(game)
    level = rs.default_bot_level
    roster = [Player("Ana")] + [Player(f"Bot {i + 1}", f"bot:{level}") for i in range(1, rs.min_players)]
    record = GameRecord.new(rs, roster, seed, rs.default_options())
    path = folder / f"{game}-{seed}.json"
    save(record, path)
    return path


async def check_game(folder: Path, game: str, size: tuple[int, int], steps: int = 24, seed: int = 1,
                     probe_keys: bool = True, on_step: Callable[[Any, int], None] | None = None) -> Report:
    """Play `steps` of the person's steps of `game` at `size` by keys,
    checking each; the Report lists what was wrong."""
    rs = REGISTRY.get(game)
    chooser = rs.make_bot(rs.default_bot_level, seed)
    path = new_save(folder, game, seed)
    report = Report(game, size)
    app = create_app(folder, game=path, bot_delay=0)
    probed: set[tuple[str, ...]] = set()

    def found(step: int, check: str, whats: list[str]) -> None:
        report.problems += [Problem(game, size, step, check, w) for w in whats]

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen), f"{game}: the game screen did not open ({screen!r})"
        step = 0
        for _ in range(steps * 20):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.record.state.is_over() or step >= steps:
                break
            if app.screen is not screen or screen.acting_human() != 0:
                continue
            for _ in range(10):  # the log's queued scroll lands after a refresh or two
                if not check_log(screen):
                    break
                await pilot.pause()
            found(step, "log", check_log(screen))
            found(step, "placeholder", check_placeholders(app))
            found(step, "highlighted", check_view_highlight(app, screen))
            found(step, "keys", static_key_problems(app))
            if on_step is not None:
                on_step(app, step)
            if probe_keys:
                keys = tuple(i.key for i in screen.query_one(KeyBar).items)
                if keys not in probed:
                    probed.add(keys)
                    found(step, "keys", await probe_view_keys(app, pilot, screen))
                    await app.workers.wait_for_complete()
                    await pilot.pause()
                    if screen.acting_human() != 0 or app.screen is not screen:
                        step += 1
                        continue  # the probe played a move
            state = screen.record.state
            text = state.format_move(chooser.choose(state.view(0), 0))
            await pilot.press("a")
            picker = app.screen
            assert isinstance(picker, MovePicker), f"{game}: `a` opened {picker!r}"
            listed = picker.query_one("#moves")
            for ch in text:
                if listed.highlighted is not None and listed.get_option_at_index(listed.highlighted).id == text:
                    break
                await pilot.press(ch)
            await pilot.pause()
            found(step, "highlighted", check_picker_highlight(app, picker))
            found(step, "placeholder", check_placeholders(app))
            before = screen.record.ply
            await pilot.press("enter")
            await pilot.pause()
            assert screen.record.ply > before, f"{game}: keys did not play {text}"
            step += 1
        report.steps = step
    return report
