"""The Square Masons view in a tiny Textual app: drawing at 80×24, and
moves built by keys (draft list, sealed bid, laying a piece with a preview)."""
import pytest
from textual.app import App, ComposeResult

from rulesets.square_masons.state import BLOCK_INDEX
from tui.games.base import MoveChosen
from tui.games.square_masons import GameView, ZoneView

from masons_helpers import auction, building, new, play, put_cells

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


class ViewApp(App):
    """Mounts one GameView and records the moves it posts."""

    def __init__(self, state, viewer, can_act=True):
        super().__init__()
        self.state, self.viewer, self.can_act = state, viewer, can_act
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        yield GameView(id="view")

    def on_mount(self) -> None:
        self.query_one(GameView).show(self.state.view(self.viewer), self.viewer, NAMES, self.can_act)

    def on_move_chosen(self, message: MoveChosen) -> None:
        self.chosen.append(message.text)


def screen_text(app) -> str:
    view = app.query_one(GameView)
    parts = list(view.shown.values())
    parts.append(app.query_one(ZoneView).render().plain)
    return "\n".join(parts)


async def test_draft_pick_from_the_list_and_nothing_of_others_shown():
    st = new(3, seed=3)
    play(st, 0, "cw")
    play(st, 1, st.format_move(st.legal(1)[-1]))  # seat 2's sealed pick
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        text = screen_text(app)
        assert "Your hand" in text
        assert "chosen" in text  # seat 2 has chosen ...
        assert "Sealed pick" not in text  # ... but what is not shown
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen == [st.format_move(st.legal(0)[0])]


async def test_sealed_bid_by_keys():
    st = auction(3, "IO", coins=[4, 4, 4])
    app = ViewApp(st, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Auction board" in screen_text(app)
        await pilot.press("right", "up", "up", "up", "enter")  # from space 1 to 2, bid 3
        await pilot.pause()
    assert app.chosen == ["bid2-3"]


async def test_withdraw_by_keys():
    st = auction(3, "IO", coins=[4, 4, 4])
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("left", "enter")  # space 0 = withdraw
        await pilot.pause()
    assert app.chosen == ["withdraw"]


async def test_lay_the_won_block_with_preview_turn_and_flip():
    st = building(coins=[3, 3, 3])
    st.boards[0].won = BLOCK_INDEX["L"]
    st.supply[BLOCK_INDEX["L"]] -= 1
    st.phase, st.hand_kind = "place_won", "L"
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        zone = app.query_one(ZoneView)
        assert zone.laying()
        await pilot.press("right", "down", "r", "f")
        await pilot.pause()
        assert "++" in zone.render().plain  # the preview, readable without colour
        assert "Lay L at" in screen_text(app) and "free" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
    assert len(app.chosen) == 1
    move = st.parse_move(app.chosen[0], 0)  # a legal lay
    st.apply(0, move)
    assert st.phase == "build"


async def test_a_preview_that_does_not_fit_is_refused():
    st = building(coins=[3, 3, 3])
    put_cells(st, 0, "O", "a1 b1 a2 b2")
    st.boards[0].won = BLOCK_INDEX["O"]
    st.supply[BLOCK_INDEX["O"]] -= 1
    st.phase, st.hand_kind = "place_won", "O"
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # on a1, over the O already there
        await pilot.pause()
        assert "xx" in app.query_one(ZoneView).render().plain
        await pilot.press("v")  # to the reserve instead
        await pilot.pause()
    assert app.chosen == ["res"]


async def test_build_actions_and_structures_shown():
    st = building()
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    put_cells(st, 0, "J/L", "a1 a2 a3 b3")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        text = screen_text(app)
        assert "Bank" in text and "■" in text  # the structure cards as cell pictures
        assert "claim the Bank" in str(app.query_one("#sm-choices").get_option_at_index(1).prompt)
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.press("t", "t", "t")  # side panel: structures pages, then the other zones
        await pilot.pause()
        assert "2:Bo" in app.query_one(GameView).shown["#sm-side"]
    assert app.chosen == ["claim-bank"]


@pytest.mark.parametrize("n", [3, 5])
async def test_fits_80x24_for_spectator_and_players(n):
    st = new(n, seed=1)
    app = ViewApp(st, None, can_act=False)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameView)
        assert view.region.width <= 80 and view.region.height <= 24
        for w in view.query("Static"):
            assert w.region.right <= 80
        await pilot.pause()
