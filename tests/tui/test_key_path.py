"""What a key press does on the game screen, and what it leaves alone: the
key bar (the footer), the board's own keys, repainting only the rows a
cursor move changed. Speed itself is measured in benchmarks/, not here."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer

from tests.tui.grid_square.test_tui_grid_square import game_with
from tui.app import create_app
from tui.games.grid_square.board import GridBoard
from tui.games.grid_square.look import NO_PICK
from tui.widgets.key_bar import KeyBar
from tui.widgets.status_line import StatusLine
from tui.widgets.text_canvas import TextCanvas


def grid_save(tmp_path: Path, moves: tuple[str, ...] = (), second: str = "bot:greedy") -> Path:
    """A Grid Square save (a person against `second`) after `moves`."""
    return game_with(tmp_path, list(moves), ("human", second))


def bar_text(bar: KeyBar) -> str:
    return "".join(seg.text for seg in bar.render_line(0))


async def test_the_key_bar_shows_the_keys_that_work_now_and_follows_the_step(tmp_path):
    app = create_app(tmp_path, game=grid_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        shown = [item.description for item in bar.items]
        assert shown[:2] == ["Turn", "Play"] and "Pick" not in shown  # the place step
        assert bar_text(bar).startswith(" o Turn  ⏎ Play ")
    app = create_app(tmp_path, game=grid_save(tmp_path, ("Md5h", "Sc5v"), "human"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        assert app.screen.query_one(GridBoard).state.phase == "slide"
        shown = [item.description for item in bar.items]
        assert "Pick" in shown and "Turn" not in shown


async def test_a_key_bar_too_narrow_for_every_key_leaves_out_whole_keys(tmp_path):
    app = create_app(tmp_path, game=grid_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(30, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar_text(bar).rstrip()
        words = [f" {item.display} {item.description} " for item in bar.items]
        assert sum(len(w) for w in words) > 30  # more keys than fit
        assert any(text == "".join(words[:k]).rstrip() for k in range(1, len(words)))  # a cut between keys


async def test_a_click_on_the_key_bar_presses_the_key(tmp_path):
    app = create_app(tmp_path, game=grid_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        assert board.orient == "h"
        await pilot.click(KeyBar, offset=(2, 0))  # ' o Turn '
        await pilot.pause()
        assert board.orient == "v"


class TwoFooters(App[None]):
    """The same bindings under Textual's Footer and under the key bar."""

    BINDINGS = [Binding("o", "noop", "Turn"), Binding("x", "hidden", "Hidden", show=False),
                Binding("p", "play", "Play"), Binding("u", "off", "Undo")]

    def compose(self) -> ComposeResult:
        yield Footer(show_command_palette=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(KeyBar).styles.dock = "top"  # both on screen, one above the other

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "off"  # hidden from both

    def action_noop(self) -> None:
        pass

    def action_play(self) -> None:
        pass


async def test_the_key_bar_draws_what_the_footer_draws():
    app = TwoFooters()
    async with app.run_test(size=(60, 4)) as pilot:
        await pilot.pause(0.2)  # the Footer composes its keys after a refresh
        strips = app.screen._compositor.render_strips()
        footer, bar = app.query_one(Footer), app.query_one(KeyBar)
        assert footer.region.y != bar.region.y
        def look(seg):  # what a terminal shows of a segment
            st = seg.style
            return seg.text, st.color, st.bgcolor, st.bold, st.dim, st.italic, st.reverse, st.underline
        drawn = [[look(seg) for seg in strips[w.region.y].simplify()] for w in (footer, bar)]
        assert drawn[0] == drawn[1]  # same text, same colours
        assert bar_text(bar).rstrip() == " o Turn  p Play"  # neither the hidden binding nor the one off now



class StepKeys(App[None]):
    """Keys that apply in some steps only: `key_applies` hides one from the
    bar (it still works if pressed), a disabled one (check_action None) is
    not offered either."""

    BINDINGS = [Binding("o", "noop", "Turn"), Binding("p", "play", "Play"), Binding("d", "dim", "Dim")]
    step = "place"
    pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def key_applies(self, action: str) -> bool:
        return action != "noop" or self.step == "place"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "dim" else True

    def action_noop(self) -> None:
        self.pressed.append("noop")

    def action_play(self) -> None:
        pass


async def test_a_key_that_does_not_apply_in_this_step_leaves_the_bar():
    app = StepKeys()
    async with app.run_test(size=(60, 4)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        assert [i.description for i in bar.items] == ["Turn", "Play"]  # 'Dim' does nothing now: not offered
        app.step = "slide"
        app.refresh_bindings()
        await pilot.pause()
        assert [i.description for i in bar.items] == ["Play"]
        assert bar_text(bar).rstrip() == " p Play"
        await pilot.press("o")
        assert app.pressed == ["noop"]  # hidden, not disabled


async def test_tab_in_the_place_step_says_what_it_is_for_and_keeps_the_keys_on_the_board(tmp_path):
    app = create_app(tmp_path, game=grid_save(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(GridBoard)
        assert app.focused is board and board.state.phase == "place"
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is board
        assert app.screen.query_one(StatusLine).refusal == NO_PICK
        await pilot.press("right")
        assert board.cx == 4  # the arrows still move the cursor


class Rows(TextCanvas):
    """Five rows of text; `rows` says what each holds."""

    DEFAULT_CSS = "Rows { width: 10; height: 5; }"

    def __init__(self) -> None:
        super().__init__()
        self.rows = ["a", "b", "c", "d", "e"]

    def draw_runs(self):
        return [[(r, None)] for r in self.rows]


class Lines(TextCanvas):
    DEFAULT_CSS = "Lines { width: 10; height: 6; }"

    def __init__(self) -> None:
        super().__init__()
        self.text = Text("one\ntwo words wrap\nthree")

    def draw(self) -> Text:
        return self.text


class Canvases(App[None]):
    def compose(self) -> ComposeResult:
        yield Rows()
        yield Lines()


async def test_a_redraw_repaints_only_the_rows_that_changed():
    app = Canvases()
    async with app.run_test(size=(20, 12)) as pilot:
        await pilot.pause()
        rows = app.query_one(Rows)
        rows.render_line(0)  # drawn at its size (a resize draws everything again)
        asked: list = []
        rows.refresh = lambda *regions, **kw: asked.append(regions)  # what the redraw asks to repaint
        rows.rows[1], rows.rows[2], rows.rows[4] = "B", "C", "E"
        rows.redraw()
        assert [[(r.y, r.height) for r in regions] for regions in asked] == [[(1, 2)], [(4, 1)]]
        assert [rows.render_line(y).text.rstrip() for y in range(5)] == ["a", "B", "C", "d", "E"]


async def test_text_lines_are_wrapped_as_the_whole_text_would_be():
    app = Canvases()
    async with app.run_test(size=(20, 12)) as pilot:
        await pilot.pause()
        lines = app.query_one(Lines)
        drawn = [lines.render_line(y).text.rstrip() for y in range(6)]
        console = app.console
        whole = console.render_lines(lines.text, console.options.update_width(10), pad=True)
        assert drawn[:len(whole)] == ["".join(s.text for s in line).rstrip() for line in whole]
        assert drawn[:4] == ["one", "two words", "wrap", "three"]
