"""The Architects board view: whole games by the view's own keys (cards
picked by number, moves from the list), the hot-seat pass screen with closed
hands, and pictures at 80×24 and 120×40."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.hidden import is_hidden
from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from rulesets.architects.moves import Bid
from tui.app import create_app
from tui.games.architects import GameView, move_cards
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.pass_screen import PassScreen


def new_game(folder: Path, players: list[Player], seed: int, **options: object) -> Path:
    rs = REGISTRY.get("architects")
    record = GameRecord.new(rs, players, seed, {**rs.default_options(), **options})
    path = folder / "a.json"
    save(record, path)
    return path


async def play_by_keys(pilot, view: GameView, move) -> None:
    """Press the view's keys that build `move`: cards by number, then the list."""
    if isinstance(move, Bid):
        boards = [m.board for m in view.options]
        ol = view.query_one("#ar-moves")
        while ol.highlighted != boards.index(move.board):
            await pilot.press("down" if ol.highlighted < boards.index(move.board) else "up")
        await pilot.press(*str(move.amount))
        assert view.options[ol.highlighted] == move
        await pilot.press("enter")
        return
    hand = view.hand()
    for c in move_cards(move):
        await pilot.press(str(hand.index(c) + 1))
    assert move in view.options, f"{move} not offered for the picked cards"
    ol = view.query_one("#ar-moves")
    target = view.options.index(move)
    while ol.highlighted != target:
        await pilot.press("down")
    await pilot.press("enter")


async def test_a_whole_two_player_game_against_auto_by_the_views_keys(tmp_path):
    rs = REGISTRY.get("architects")
    path = new_game(tmp_path, [Player("Ana"), Player("Bot", "bot:auto")], 4, rounds=5)
    chooser = rs.make_bot("auto", 9)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        view = screen.query_one(GameView)
        by_keys = 0
        for _ in range(2000):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.record.state.is_over():
                break
            if screen.acting_human() != 0:
                continue
            move = chooser.choose(screen.record.state.view(0), 0)
            before = screen.record.ply
            await play_by_keys(pilot, view, move)
            await pilot.pause()
            assert screen.record.ply > before and screen.record.moves[before] == (0, screen.record.state.format_move(move))
            by_keys += 1
        assert screen.record.state.is_over() and by_keys >= 10
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_three_person_hot_seat_opening_with_closed_hands(tmp_path):
    path = new_game(tmp_path, [Player("Ana"), Player("Ben"), Player("Cy")], 7)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        passes = plays = 0
        for _ in range(30):
            if isinstance(app.screen, PassScreen):
                passes += 1
                assert game.viewer is None
                await pilot.press("enter")
                await pilot.pause()
                continue
            seat = game.acting_human()
            assert seat is not None
            view = game.query_one(GameView)
            shown = view.state
            # the view holds the viewer's hand only; the others' are face down
            for s, p in enumerate(shown.players):
                assert all(is_hidden(c) for c in p.hand) == (s != seat and not shown.hands_open) or not p.hand
            move = game.record.state.legal(seat)[0]
            await play_by_keys(pilot, view, move)
            await pilot.pause()
            plays += 1
            if game.record.state.phase == "turn" and plays >= 8:
                break
        assert passes >= 3 and plays >= 4


def test_the_composer_offers_only_moves_of_exactly_the_picked_cards(tmp_path):
    rs = REGISTRY.get("architects")
    st = rs.new_game(2, 3, rs.default_options())
    st.apply(0, Bid(0, 50))
    st.apply(1, Bid(1, 50))
    legal = st.legal(st.to_act()[0])
    hand = st.players[st.to_act()[0]].hand
    for c in hand:
        picked = [m for m in legal if sorted(move_cards(m)) == [c]]
        assert picked and all(c in move_cards(m) for m in picked)


SNAP = Path(__file__).parent


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_turn(snap_compare, tmp_path, size):
    rs = REGISTRY.get("architects")
    record = GameRecord.new(rs, [Player("Ana"), Player("Bot", "bot:auto")], 3, rs.default_options())
    while not (record.state.to_act() == (0,) and record.state.phase == "turn" and record.state.round >= 2):
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat) if seat else record.state.legal(0)[0])
    save(record, tmp_path / "a.json")
    app = create_app(tmp_path, game=tmp_path / "a.json", bot_delay=0)
    assert snap_compare(app, terminal_size=size)


def test_snapshot_auction(snap_compare, tmp_path):
    app = create_app(tmp_path, game=new_game(tmp_path, [Player("Ana"), Player("Bot", "bot:auto")], 3), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), press=["down", "5", "5"])
