"""What a change costs on screen, counted (not timed): the frames a move
draws, the layouts it asks for, the widgets it repaints (issue 55: a frame
spent only on what changed). Speed itself is in benchmarks/room_cpu.py."""
from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

import tui.app  # noqa: F401  (installs the quiet focus, as every T-Square app has it)
from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app
from tui.widgets.card import Card, CardFace, CardRow
from tui.widgets.log_panel import LogEntry, LogPanel
from tui.widgets.player_panel import PlayerInfo, PlayerPanel, Resource
from tui.widgets.redraw_batch import one_redraw
from tui.widgets.text_canvas import TextCanvas


class Counts:
    """Frames drawn, screen layouts and one widget's repaints while counting."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.frames = self.layouts = 0
        render, layout = Compositor.render_update, Screen._refresh_layout

        def counted_render(compositor, *args, **kw):  # type: ignore[no-untyped-def]
            self.frames += 1
            return render(compositor, *args, **kw)

        def counted_layout(screen, *args, **kw):  # type: ignore[no-untyped-def]
            self.layouts += 1
            return layout(screen, *args, **kw)

        monkeypatch.setattr(Compositor, "render_update", counted_render)
        monkeypatch.setattr(Screen, "_refresh_layout", counted_layout)

    def reset(self) -> None:
        self.frames = self.layouts = 0


class Painted(Widget, can_focus=True):
    """Counts its repaints."""

    def __init__(self) -> None:
        super().__init__()
        self.painted = 0

    def render(self) -> Text:
        self.painted += 1
        return Text("a picture")


class Host(App[None]):
    def __init__(self, *widgets: Widget) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        yield from self.widgets


async def test_focusing_the_focused_widget_repaints_nothing():
    picture = Painted()
    async with Host(picture).run_test(size=(40, 10)) as pilot:
        picture.focus()
        await pilot.pause()
        before = picture.painted
        for _ in range(3):
            picture.focus()
            await pilot.pause()
        assert picture.painted == before
        assert picture.has_focus


async def test_the_last_of_two_focus_calls_still_wins():
    first, second = Painted(), Painted()
    async with Host(first, second).run_test(size=(40, 10)) as pilot:
        first.focus()
        await pilot.pause()
        second.focus()
        first.focus()  # has the focus until the queued change: still the last word
        await pilot.pause()
        assert first.has_focus


def entries(n: int, start: int = 1) -> list[LogEntry]:
    return [LogEntry(p, f"Player {p % 2 + 1} played move {p}.", p % 2) for p in range(start, start + n)]


async def test_a_new_log_entry_is_one_frame_and_no_layout(monkeypatch):
    log = LogPanel(entries(30))
    counts = Counts(monkeypatch)
    async with Host(log).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        counts.reset()
        log.add(*entries(1, start=31), follow=True)
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_offset.y == log.max_scroll_y  # followed, in the same repaint
        assert (counts.frames, counts.layouts) == (1, 0)


async def test_the_same_log_shown_again_repaints_nothing(monkeypatch):
    log = LogPanel(entries(30))
    counts = Counts(monkeypatch)
    async with Host(log).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        counts.reset()
        log.show(entries(30))
        await pilot.pause()
        assert counts.frames == 0


async def test_the_players_panel_lays_out_only_when_its_height_changes(monkeypatch):
    def rows(turn: int, note: str = "") -> tuple[PlayerInfo, ...]:
        return tuple(PlayerInfo(s, f"P{s}", to_act=s == turn, note=note if s == 0 else "") for s in range(2))

    panel = PlayerPanel(rows(0), compact=False)
    counts = Counts(monkeypatch)
    async with Host(panel).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        height = panel.size.height
        counts.reset()
        panel.players = rows(1)  # the turn moves on: same rows
        await pilot.pause()
        assert (counts.frames, counts.layouts) == (1, 0)
        panel.players = rows(1, note="a note more")  # one row more: laid out again
        await pilot.pause()
        assert counts.layouts >= 1
        assert panel.size.height == height + 1


class CountedPanel(PlayerPanel):
    """Notes the rows it is asked to paint."""

    asked: list[int] = []

    def render_line(self, y: int) -> Strip:
        self.asked.append(y)
        return super().render_line(y)


async def test_the_turn_moving_on_repaints_the_players_panel_rows_it_changed():
    def rows(turn: int) -> tuple[PlayerInfo, ...]:
        return tuple(PlayerInfo(s, f"P{s}", to_act=s == turn, resources=(Resource("$", 3, "coins"),))
                     for s in range(2))

    panel = CountedPanel(rows(0), compact=False)
    async with Host(panel).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert panel.size.height == 4  # a row of name and score, a row of coins, each
        panel.asked = []
        panel.players = rows(1)  # the marks move: the rows of coins stay as they were
        await pilot.pause()
        assert sorted(set(panel.asked)) == [0, 2]
        assert "▶" in panel.render_line(2).text and "▶" not in panel.render_line(0).text


class Themed(Host):
    CSS_PATH = str(Path(__file__).resolve().parents[2] / "tui" / "theme.tcss")


async def test_a_card_dimmed_again_matches_its_component_styles_once(monkeypatch):
    card = Card(CardFace("Bank", "3 coins", "Take two coins."))
    async with Themed(card).run_test(size=(40, 10)) as pilot:
        card.muted = True
        await pilot.pause()
        card.muted = False
        await pilot.pause()
        applied: list[object] = []
        apply = Stylesheet.apply

        def counted(sheet, node, **kw):  # type: ignore[no-untyped-def]
            applied.append(node)
            return apply(sheet, node, **kw)

        monkeypatch.setattr(Stylesheet, "apply", counted)
        card.muted = True  # the same place as before: its parts' styles are known
        await pilot.pause()
        assert applied == [card]  # Textual matched each of its five parts against every rule again


async def test_kept_component_styles_follow_each_cards_own_look():
    first, second = (Card(CardFace(f"Card {n}", "1 coin")) for n in (1, 2))
    async with Themed(first, second).run_test(size=(60, 20)) as pilot:
        first.selected = True  # its background changes: its parts draw on it
        await pilot.pause()
        for card in (first, second):
            assert card.get_component_rich_style("card--text").bgcolor == card.rich_style.bgcolor
        assert first.rich_style.bgcolor != second.rich_style.bgcolor


async def test_a_row_given_a_card_more_or_less_keeps_the_cards_it_had():
    faces = [CardFace(f"Card {n}", f"{n} coins") for n in range(1, 5)]
    row = CardRow(faces[:3])
    async with Themed(row).run_test(size=(80, 12)) as pilot:
        await pilot.pause()
        before = row.cards
        row.show(faces)  # a card drawn: one more is mounted, the three there stay
        await pilot.pause()
        assert row.cards[:3] == before and len(row.cards) == 4
        row.show(faces[1:3])
        await pilot.pause()
        assert row.cards == before[:2]
        assert [c.face.title for c in row.cards] == ["Card 2", "Card 3"]


class Canvas(TextCanvas):
    def __init__(self) -> None:
        super().__init__()
        self.drawn = 0
        self.words = "one"

    def draw(self) -> Text:
        self.drawn += 1
        return Text(self.words)


async def test_a_canvas_told_twice_in_one_batch_draws_once():
    canvas = Canvas()
    async with Host(canvas).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        canvas.redraw()  # drawn now: its strips are there to compare with
        await pilot.pause()
        before = canvas.drawn
        with one_redraw():
            canvas.words = "two"
            canvas.redraw()
            canvas.words = "three"
            canvas.redraw()
            assert canvas.drawn == before  # not yet: once, as the batch ends
        assert canvas.drawn == before + 1
        await pilot.pause()
        assert canvas.render_line(0).text.startswith("three")


class Fitted(TextCanvas):
    """A picture fitted to its height: one row for each row it has."""

    def draw(self) -> Text:
        return Text("\n".join(f"row {y + 1} of {self.size.height}" for y in range(self.size.height)))


async def test_a_canvas_drawn_for_another_height_is_drawn_again(monkeypatch):
    """Squire's map, drawn for 17 rows while it was laid out at 16 (no Resize
    came), kept that drawing till a key redrew it: Tab round its views
    changed the map at 120×40."""
    canvas = Fitted()
    async with Host(canvas).run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        canvas.redraw()
        assert canvas.render_line(0).text.startswith("row 1 of 10")
        monkeypatch.setattr(Fitted, "size", property(lambda self: Size(40, 9)))  # laid out again, no Resize
        assert canvas.render_line(0).text.startswith("row 1 of 9")


@pytest.fixture
def grid_save(tmp_path: Path) -> Path:
    rs = REGISTRY.get("grid-square")
    record = GameRecord.new(rs, [Player("Ana", "human"), Player("Ben", "human")], 1, {})
    path = tmp_path / "g.json"
    save(record, path)
    return path


async def test_a_move_on_the_game_screen_is_one_frame(monkeypatch, grid_save):
    counts = Counts(monkeypatch)
    app = create_app(grid_save.parent, game=grid_save, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        frames = []
        for _ in range(8):
            seat = screen.acting_human()
            state = screen.record.state
            counts.reset()
            assert screen.play(seat, state.format_move(state.legal(seat)[0]))
            await pilot.pause()
            await pilot.pause()
            frames.append(counts.frames)
        assert screen.log_widget.show_vertical_scrollbar
        assert frames[4:] == [1, 1, 1, 1]  # once the log's scrollbar is there (its coming is laid out)
