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
- `enter`: while the person is to act, Enter is on the key bar when the
  view says which move it would play (`highlighted_move`), and only then;
  that move's description is on the screen (`highlighted`).
- `cut`: no word cut in the middle (a letter then '…') on the screen.
- `view_keys`: after each key that shows another part and comes back
  (TOGGLE_ACTIONS: the legend's `L`/`i`, the log's `e`, `t`, Tab's pages),
  pressed until the screen is back as it was, Enter acts on the same move
  as before.
- `cursor`: the part that has the keys is on the screen, and the view's
  cursor (`cursor_cell`, where a view says it) is inside its visible region.

Below 80×24 a game may show less: at 60×20 (SMALL_SIZE) only what Enter
does and where the cursor is are checked (SMALL_CHECKS).
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

CHECKS = ("log", "highlighted", "placeholder", "keys", "enter", "cut", "view_keys", "cursor")
"""Every check's name, as a Problem names it."""

SMALL_SIZE = (60, 20)
"""Smaller than most terminals open with: a game may show less there."""
SMALL_CHECKS = ("highlighted", "enter", "cursor")
"""What must still hold at SMALL_SIZE: what Enter does, and the cursor, on the screen."""

SIZES = ((80, 24), (120, 40), SMALL_SIZE)
"""The terminal sizes every game is checked at: the one most terminals open
with, a roomy one, and a small one (SMALL_CHECKS only)."""


def checks_at(size: tuple[int, int]) -> tuple[str, ...]:
    """The checks that apply at `size`."""
    return SMALL_CHECKS if size == SMALL_SIZE else CHECKS


CUT_WORD = re.compile(r"[^\W\d_]*(?<!ing)(?<=[^\W\d_])…")
"""A word cut in the middle: letters straight before an ellipsis ('✿timb…',
'move…'); '… more (L)' and a lone '…' are not cuts, nor a whole '-ing'
word whose ellipsis means 'still going' ('Bot 2 is picking…', 'thinking…')."""

TOGGLE_ACTIONS = {"legend", "log", "toggle_side", "page", "boards", "next_panel", "turn"}
"""Actions that show another part (or turn the piece) and come back when
pressed again, or again in turn (checked by `view_keys`): the legend, the
big log, Square Masons' `t`, the pages of Square and Compass, Architects
and Squire, Grid Square's `o`."""

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


def check_cut_words(app: Any) -> list[str]:
    """Words cut in the middle, with their rows."""
    out = []
    for y, row in enumerate(screen_rows(app)):
        for m in CUT_WORD.finditer(row):
            out.append(f"a word cut in row {y}: {m.group(0)!r} in {row.strip()!r}")
    return out


def enter_item(app: Any) -> Any:
    """The key bar's Enter item on the top screen, or None."""
    for bar in app.screen.query(KeyBar):
        if bar.display:
            for item in bar.items:
                if item.key in ("enter", "return"):
                    return item
    return None


def check_enter(app: Any, screen: GameScreen) -> list[str]:
    """While the person is to act, Enter is on the bar when the view says
    what it plays, and only then (an Enter that does nothing is not offered)."""
    ask = getattr(screen.view_widget, "highlighted_move", None)
    if ask is None:
        return []
    move, item = ask(), enter_item(app)
    if move is not None and item is None:
        focused = type(app.screen.focused).__name__
        return [f"Enter is not on the key bar, though the view highlights {move!r} (the keys are on {focused})"]
    if move is None and item is not None:
        return [f"Enter ({item.description}) is on the key bar but would play nothing: the view highlights no move"]
    return []


def check_cursor(app: Any, screen: GameScreen) -> list[str]:
    """The widget with the keys, and the view's cursor in it, are on the screen."""
    focused = app.screen.focused
    if focused is None:
        return ["no part of the screen has the keys"]
    try:
        geometry = app.screen.find_widget(focused)
    except Exception:  # not laid out: not on the screen
        return [f"{type(focused).__name__} has the keys but is not on the screen"]
    visible = geometry.region.intersection(geometry.clip).intersection(app.screen.region)
    if not visible.area:
        return [f"{type(focused).__name__} has the keys but none of it is on the screen"]
    cell = getattr(screen.view_widget, "cursor_cell", lambda: None)()
    if cell is not None:
        x, y = cell
        at = geometry.region.offset + (x, y)
        if not visible.contains(*at):
            return [f"the cursor (at {x},{y} in {type(focused).__name__}) is off the screen: "
                    f"{type(focused).__name__} shows only rows {visible.y - geometry.region.y}.."
                    f"{visible.bottom - 1 - geometry.region.y}"]
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


def view_toggle_keys(screen: GameScreen) -> list[tuple[str, str]]:
    """(key, description) of the keys that show another part and come back
    (TOGGLE_ACTIONS), one key an action, shown on the bar or not."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for key, (_, binding, enabled, _) in screen.active_bindings.items():
        name = _action_name(binding.action)
        if enabled and name in TOGGLE_ACTIONS and name not in seen:
            seen.add(name)
            out.append((key, binding.description or name))
    return out


async def probe_view_toggles(app: Any, pilot: Any, screen: GameScreen) -> list[str]:
    """Each key that shows another part, pressed until the screen is as
    it was (at most 6 times): then Enter is still on the bar, and acts on
    the same move as before."""
    out = []
    ask = getattr(screen.view_widget, "highlighted_move", lambda: None)
    for key, what in view_toggle_keys(screen):
        start, move, ply, had_enter = screen_rows(app), ask(), screen.record.ply, enter_item(app) is not None
        back = False
        presses = 0
        while presses < 6:
            presses += 1
            await pilot.press(key)
            await pilot.pause()
            if app.screen is not screen:  # it opened a screen: close it
                app.pop_screen()
                await pilot.pause()
            if screen.record.ply != ply:
                return out  # it played: the step is over
            if screen_rows(app) == start:
                back = True
                break
        if not back:
            out.append(f"key {key!r} ({what}) pressed 6 times never brought the screen back as it was")
        if had_enter and enter_item(app) is None:
            out.append(f"after {key!r} × {presses} ({what}), Enter is not on the key bar")
        elif back and ask() != move:  # a key that picks among many (Tab) need not come back
            out.append(f"after {key!r} × {presses} ({what}), Enter would play {ask()!r}, not {move!r}")
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
    checking each (those `checks_at` the size); the Report lists what was wrong."""
    rs = REGISTRY.get(game)
    chooser = rs.make_bot(rs.default_bot_level, seed)
    path = new_save(folder, game, seed)
    report = Report(game, size)
    app = create_app(folder, game=path, bot_delay=0)
    probed: set[tuple[str, ...]] = set()

    wanted = checks_at(size)
    toggled: set[tuple[str, ...]] = set()

    def found(step: int, check: str, whats: list[str]) -> None:
        if check in wanted:
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
            found(step, "enter", check_enter(app, screen))
            found(step, "cut", check_cut_words(app))
            found(step, "cursor", check_cursor(app, screen))
            if on_step is not None:
                on_step(app, step)
            keys = tuple(i.key for i in screen.query_one(KeyBar).items)
            played = False
            for check, seen, probe in (("view_keys", toggled, probe_view_toggles), ("keys", probed, probe_view_keys)):
                if played or not probe_keys or check not in wanted or keys in seen:
                    continue
                seen.add(keys)
                found(step, check, await probe(app, pilot, screen))
                await app.workers.wait_for_complete()
                await pilot.pause()
                played = screen.acting_human() != 0 or app.screen is not screen  # a key played a move
            if played:
                step += 1
                continue
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
