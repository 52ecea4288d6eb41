"""The review in the TUI: marks in the replay viewer, `n` to the next mark,
and the game-over box's "review this game" (searched in a worker)."""
from __future__ import annotations

import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from textual.widgets import Static

import engine.review as review_mod
from engine.review import MoveReview, Review, game_key, store, summarize
from engine.saves import load
from tui.app import create_app
from tui.screens import game_over
from tui.screens.game_over import GameOverScreen
from tui.screens.replay import ReplayScreen

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


def fake_review(record) -> Review:
    """Plies 3 (a blunder) and 7 (an inaccuracy) marked, 5 not."""
    def mr(ply, played_share, best_share):
        seat, text = record.moves[ply - 1]
        return MoveReview(ply, seat, text, "what was played", "BEST", "the better move in words",
                          played_share, best_share, round(best_share - played_share, 4),
                          "it gives up {P1}'s lead" if best_share > played_share else "")

    moves = [mr(3, 0.2, 0.5), mr(5, 0.5, 0.5), mr(7, 0.4, 0.46)]
    return Review(game_key(record), None, 10, None, tuple(moves), summarize(record, moves, [0, 1]))


def said(screen) -> str:
    return str(screen.query_one("#message", Static).render())


async def test_replay_shows_marks_and_n_jumps_to_the_next(tmp_path):
    record = load(EXAMPLES / "grid-square.json")
    app = create_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReplayScreen(record, 0, review=fake_review(record))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("n")
        assert screen.ply == 3
        text = said(screen)
        assert "?? blunder" in text and "20%" in text and "50%" in text and "the better move in words" in text
        await pilot.press("n")
        assert screen.ply == 7 and "?! inaccuracy" in said(screen)
        await pilot.press("n")
        assert screen.ply == 3  # round again
        await pilot.press("right", "right")
        assert screen.ply == 5 and "?" not in said(screen).split("·")[0]


async def test_replay_without_review_has_no_mark_key(tmp_path):
    record = load(EXAMPLES / "grid-square.json")
    app = create_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(record, 0)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("n")
        assert screen.ply == 0


@pytest.fixture
def ended_game(tmp_path, monkeypatch) -> Path:
    """A finished Architects save whose review is quick: its first two
    decisions, 8 iterations each, in a thread."""
    path = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "architects.json", path)
    real = review_mod.decisions
    monkeypatch.setattr(review_mod, "decisions", lambda record, seat=None: real(record, seat)[:2])
    monkeypatch.setitem(review_mod.DEFAULT_ITERATIONS, "tree", 8)
    monkeypatch.setattr(game_over, "review_executor", lambda: ThreadPoolExecutor(1))
    return path


async def reviewed_replay(app, pilot) -> ReplayScreen:
    """The replay the review opens once its worker is done (nothing timed)."""
    await app.workers.wait_for_complete()
    for _ in range(5):
        if isinstance(app.screen, ReplayScreen):
            break
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ReplayScreen) and screen.review is not None
    return screen


@pytest.mark.search
async def test_game_over_box_reviews_in_a_worker_and_opens_the_marked_replay(tmp_path, ended_game):
    app = create_app(tmp_path, game=ended_game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        screen = await reviewed_replay(app, pilot)
        assert len(screen.review.moves) == 2
    assert review_mod.review_path(ended_game).exists()  # stored beside the save, computed once


@pytest.mark.search
async def test_v_on_the_ended_game_brings_the_box_back_and_reviews(tmp_path, ended_game):
    """Closed to look at the board, the box (result and review) is one key away."""
    app = create_app(tmp_path, game=ended_game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert not isinstance(game, GameOverScreen)
        assert "review" in {b.binding.action for b in game.active_bindings.values() if b.enabled and b.binding.show}
        await pilot.press("v")  # the box's review, which opens the marked replay
        screen = await reviewed_replay(app, pilot)
        assert len(screen.review.moves) == 2


async def test_a_stored_review_marks_the_replay_of_its_save(tmp_path):
    path = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "grid-square.json", path)
    record = load(path)
    assert store(path, record, fake_review(record))
    app = create_app(tmp_path, replay=path, start_ply=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.review is not None
        await pilot.press("n")
        assert screen.ply == 3 and "??" in said(screen)
        box = screen.query_one("#status")
        status = str(box.render())
        assert len(status) <= box.content_size.width and status.endswith(("jump", "mark", "marks")), status
        # the keys' hints whole where they fit: it was cut at 'c: c…'


async def test_a_person_sees_their_own_marks_and_b_shows_the_bots(tmp_path):
    """Seat 2 a person, seat 1 a bot with an earlier blunder: the replay
    opens on the person's first mark, `n` skips the bot's until `b`, and
    `c` hides the chart that shows the marks."""
    from engine.record import Player
    from engine.review_chart import first_mark

    record = load(EXAMPLES / "grid-square.json")
    record.players = [Player("Bot 1", "bot:greedy"), Player("Ann", "human")]
    bot_ply = next(i + 1 for i, (s, _) in enumerate(record.moves) if s == 0)
    ann_ply = next(i + 1 for i, (s, _) in enumerate(record.moves) if s == 1 and i + 1 > bot_ply)

    def mr(ply, low):
        seat, text = record.moves[ply - 1]
        return MoveReview(ply, seat, text, "what was played", "BEST", "better", 0.5 - low, 0.5 + low, low, "why so")

    moves = [mr(bot_ply, 0.3), mr(ann_ply, 0.06)]
    review = Review(game_key(record), None, 10, None, tuple(moves), summarize(record, moves, [0, 1]))
    start = first_mark(review, record)
    assert start == ann_ply
    app = create_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = ReplayScreen(record, start, review=review)
        await app.push_screen(screen)
        await pilot.pause()
        assert "Ann played" in said(screen) and "why: why so" in said(screen)
        chart = str(screen.query_one("#chart", Static).render())
        assert "100%" in chart and "?!" in chart and "??" not in chart  # the bot's blunder hidden
        await pilot.press("n")
        assert screen.ply == ann_ply  # the person's marks only: round again
        await pilot.press("b")
        await pilot.press("n")
        assert screen.ply == bot_ply and "Bot 1 played" in said(screen)
        assert "??" in str(screen.query_one("#chart", Static).render())
        await pilot.press("c")
        assert not screen.query_one("#chart", Static).display
