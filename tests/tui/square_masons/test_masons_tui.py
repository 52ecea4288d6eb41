"""The Square Masons view in a tiny Textual app: drawing at 80×24, and
moves built by keys (draft list, sealed bid, laying a piece with a preview)."""
import pytest
from textual.app import App, ComposeResult

from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_INDEX
from tests.rulesets.square_masons.masons_helpers import auction, building, new, play, put_cells, reserve
from tui.games.base import MoveChosen
from tui.games.square_masons import GameView
from tui.games.square_masons.zone import ZoneView
from tui.widgets.card import CardRow
from tui.widgets.player_panel import PlayerInfo, PlayerPanel

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
    parts += [panel.render().plain for panel in app.query(PlayerPanel)]
    parts += [f"{c.face.title} {c.face.value} {c.face.text}" for c in app.query_one("#sm-hand", CardRow).cards
              if not c.face_down]
    return "\n".join(parts)


async def test_draft_pick_from_the_hand_cards_and_nothing_of_others_shown():
    st = new(3, seed=3)
    play(st, 0, "cw")
    play(st, 1, st.format_move(st.legal(1)[-1]))  # seat 2's sealed pick
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        text = screen_text(app)
        hand = app.query_one("#sm-hand", CardRow)
        assert len(hand.cards) == 5 and app.focused is hand  # the hand as cards, picked by keys
        assert "Pick 1 of 5" in text
        assert "✓" in text  # seat 2 has chosen ...
        assert "sealed pick" not in text  # ... but what is not shown
        await pilot.press("right", "enter")
        await pilot.pause()
    assert len(app.chosen) == 1
    assert st.parse_move(app.chosen[0], 0).card == st.boards[0].hand[1]


async def test_the_draft_pick_enter_plays_is_told_in_words_and_follows_the_selection():
    st = new(3, seed=3)
    play(st, 0, "cw")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameView)
        for key in ("", "right", "right"):
            if key:
                await pilot.press(key)
                await pilot.pause()
            move = view.highlighted_move()
            hand = app.query_one("#sm-hand", CardRow)
            assert move.card == st.boards[0].hand[hand.selected]
            assert "▶ " + st.describe_move(move, 0) in view.shown["#sm-action"]
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen == [st.format_move(move)]


async def test_sealed_bid_by_keys():
    st = auction(3, "IO", coins=[4, 4, 4])
    app = ViewApp(st, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Auction" in screen_text(app) and "withdraw: +1 coin" in screen_text(app)
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


def won(st, kind):
    """Seat 1 won block `kind` and is to place it."""
    st.boards[0].won = BLOCK_INDEX[kind]
    st.supply[BLOCK_INDEX[kind]] -= 1
    st.phase, st.hand_kind = "place_won", kind


async def test_lay_the_won_block_with_preview_turn_and_flip():
    st = building(coins=[3, 3, 3])
    won(st, "L")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        zone = app.query_one(ZoneView)
        assert zone.laying()
        await pilot.press("right", "down", "r", "f")
        await pilot.pause()
        assert "++" in zone.render().plain  # the preview, readable without colour
        move = app.query_one(GameView).highlighted_move()
        assert move is not None and "▶ " + st.describe_move(move, 0) in screen_text(app)  # where, how turned, free
        await pilot.press("enter")
        await pilot.pause()
    assert len(app.chosen) == 1
    move = st.parse_move(app.chosen[0], 0)  # a legal lay
    st.apply(0, move)
    assert st.phase == "build"


async def test_the_preview_starts_where_the_piece_fits():
    """Laying a block began on a1 as drawn, over the piece laid before: 'xx'
    and a refused Enter for a player who had not moved it yet."""
    st = building(coins=[3, 3, 3])
    put_cells(st, 0, "O", "a1 b1 a2 b2")
    won(st, "O")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "xx" not in app.query_one(ZoneView).render().plain
        await pilot.press("enter")
        await pilot.pause()
    assert len(app.chosen) == 1 and app.chosen[0].startswith("c1")


async def test_a_preview_that_does_not_fit_is_refused():
    st = building(coins=[3, 3, 3])
    put_cells(st, 0, "O", "a1 b1 a2 b2")
    won(st, "O")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("left", "left", "enter")  # on a1, over the O already there
        await pilot.pause()
        assert "xx" in app.query_one(ZoneView).render().plain
        await pilot.press("v")  # to the reserve instead
        await pilot.pause()
    assert app.chosen == ["res"]


async def test_the_hand_has_the_keys_again_after_the_views_come_round():
    st = new(3, seed=3)
    play(st, 0, "cw")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one("#sm-hand", CardRow)
        assert app.focused is hand
        for _ in range(3):  # the structure cards, the other zones, the board again
            await pilot.press("t")
            await pilot.pause()
        assert app.focused is hand, app.focused  # not a hidden zone: Enter and the arrows still act
        assert [c.face.title for c in hand.cards][:2] == ["Money", "Order"]
        await pilot.press("right", "enter")
        await pilot.pause()
    assert app.chosen == ["order"]  # the second card, as the arrow chose


async def test_build_actions_and_structures_shown():
    st = building()
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    put_cells(st, 0, "J/L", "a1 a2 a3 b3")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        text = screen_text(app)
        assert "no other piece touches it" in text
        assert "claim the Bank" in str(app.query_one("#sm-choices").get_option_at_index(1).prompt)
        await pilot.press("down", "enter")
        await pilot.pause()
        view = app.query_one(GameView)
        structs = app.query_one("#sm-structs", CardRow)
        assert not structs.display  # at 80×24 the cards are one key away ...
        await pilot.press("t")
        await pilot.pause()
        assert structs.display and app.focused is structs
        bank = next(c for c in structs.cards if c.face.title == "Bank")
        assert bank.face.value == "3 ★" and bank.face.art == ("███", "▀▀ ")  # its picture, in squares
        assert "J+O or J+S" in bank.face.text and "+2 coins" in bank.face.text
        assert "You can claim it now" in bank.face.text
        await pilot.press(*["right"] * structs.cards.index(bank), "enter")  # a claim from its card
        await pilot.pause()
        await pilot.press("t")  # ... then the other zones
        await pilot.pause()
        assert "2 Bo" in view.shown["#sm-zones"] and "3 Cy" in view.shown["#sm-zones"]
    assert app.chosen == ["claim-bank", "claim-bank"]


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


class HotSeatApp(App):
    """One GameView shown to several people in turn, as the game screen does."""

    def __init__(self):
        super().__init__()
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        yield GameView(id="view")

    def on_move_chosen(self, message: MoveChosen) -> None:
        self.chosen.append(message.text)


async def fresh_screen(state, seat):
    """What `seat` sees of `state` on a screen nobody used before."""
    app = ViewApp(state, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return screen_text(app)


async def test_no_screen_shows_anything_of_anothers_sealed_bid():
    st = auction(3, "IO", coins=[4, 4, 4])
    app = HotSeatApp()
    seen = {}
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameView)
        for seat, keys in ((0, ("right", "up", "up", "up")), (1, ("up",)), (2, ())):
            view.show(st.view(seat), seat, NAMES, True)
            await pilot.pause()
            seen[seat] = screen_text(app)
            await pilot.press(*keys, "enter")
            await pilot.pause()
            play(st, seat, app.chosen[-1])
    assert app.chosen == ["bid2-3", "bid1-1", "bid1-0"]
    fresh = auction(3, "IO", coins=[4, 4, 4])
    play(fresh, 0, "bid2-3")
    assert seen[1] == await fresh_screen(fresh, 1)  # seat 2's screen opened blank: not on space 2, bid 3
    play(fresh, 1, "bid1-1")
    assert seen[2] == await fresh_screen(fresh, 2)


async def test_last_rounds_bid_is_not_carried_into_the_next_auction():
    st = auction(3, "IO", coins=[4, 4, 4])
    app = HotSeatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameView)
        view.show(st.view(0), 0, NAMES, True)
        await pilot.pause()
        await pilot.press("right", "up", "up")
        await pilot.pause()
        nxt = auction(3, "TS", coins=[4, 4, 4])
        nxt.round = 2
        view.show(nxt.view(0), 0, NAMES, True)
        await pilot.pause()
        zone = app.query_one(ZoneView)
        assert (zone.space, zone.amount) == (1, 0)
        assert "bid 0 coins on auction space 1" in view.shown["#sm-action"]


async def test_the_cost_of_losing_is_shown_beside_the_bid():
    st = auction(3, "IO", coins=[4, 4, 4])
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("up", "up", "up")
        await pilot.pause()
        assert "bid 3 coins on auction space 1 (I block); if outbid you pay 2 coins" in screen_text(app)


async def test_a_full_reserve_offers_the_way_out_on_the_screen():
    st = building(coins=[3, 3, 3])
    put_cells(st, 0, "O", "a1 b1 a2 b2")
    reserve(st, 0, "ITS")
    won(st, "L")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameView)
        assert "v make room (reserve full)" in view.shown["#sm-action"]
        choices = app.query_one("#sm-choices")
        ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
        assert sorted(ids) == ["del-a1", "drop-I", "drop-S", "drop-T"]
        assert "discard the I block from your reserve (free)" in str(
            choices.get_option_at_index(ids.index("drop-I")).prompt)
        await pilot.press("v")
        await pilot.pause()
        assert app.focused is choices
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen == [ids[0]]


async def test_mark_last_underlines_the_piece_just_laid():
    st = building(coins=[3, 3, 3])
    put_cells(st, 1, "O", "a1 b1 a2 b2")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameView)
        st2 = st.clone()
        put_cells(st2, 1, "J/L", "d1 d2 d3 e3")
        view.show(st2.view(0), 0, NAMES, True)
        view.mark_last(1, "d1r0")
        await pilot.pause()
        text = view._zones_text()
        assert "▁ 2 Bo" in text.plain  # who moved last ...
        under = "".join(text.plain[s.start:s.end] for s in text.spans if "underline" in str(s.style))
        assert under.count("J") == 4 and "O" not in under  # ... and the four cells of the new block, not the O


SYMBOLS = set("★$■▤⌂†♛◆×●?✓…✗↻↺▶▁")
"""The marks the Masons screen draws besides letters, digits, frames and pictures."""


@pytest.mark.parametrize("where", ["draft", "auction", "build"])
async def test_the_legend_explains_every_symbol_on_the_screen(where):
    if where == "draft":
        st = new(3, seed=3)
        play(st, 0, "cw")
        play(st, 1, st.format_move(st.legal(1)[-1]))
    elif where == "auction":
        st = auction(3, "IO", coins=[4, 4, 4])
        play(st, 1, "bid1-1")
    else:
        st = building(coins=[3, 3, 3])
        put_cells(st, 0, "O", "a1 b1 a2 b2")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(GameView)
        on_screen = set(screen_text(app).replace(view.shown["#sm-legend"], "")) & SYMBOLS
        explained = {ch for e in app.query_one("#sm-legend").entries for ch in e.symbol}
        assert on_screen and on_screen <= explained, on_screen - explained


def test_the_zone_is_a_board_of_framed_pieces():
    from rich.style import Style

    from rulesets.square_masons.geometry import parse_cell
    from tui.games.square_masons.draw import LARGE, SMALL, zone_lines

    def mask(cells):
        return sum(1 << parse_cell(c) for c in cells.split())

    pieces = [("O", mask("a1 b1 a2 b2")), ("stone", mask("c1"))]
    small = [t.plain for t in zone_lines(pieces, lambda name: Style(), Style(), SMALL)]
    assert small[0] == "  ┌a──b─┬c─┬d─┬e─┬f─┐"  # the column letters on the frame; the O is one piece
    assert small[1] == "1 │O  O │■ │  │  │  │" and small[2] == "  │     ├──┼──┼──┼──┤"
    assert "·" not in "".join(small) and len(small) == SMALL.height
    assert len(zone_lines(pieces, lambda name: Style(), Style(), LARGE)) == LARGE.height


async def test_compact_player_rows_end_in_their_note_only_when_asked():
    class PanelApp(App):
        def compose(self) -> ComposeResult:
            yield PlayerPanel([PlayerInfo(0, "Ana", note="✓ chose")], compact=True, id="plain")
            yield PlayerPanel([PlayerInfo(0, "Ana", note="✓ chose")], compact=True, notes_in_compact=True, id="noted")

    app = PanelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "✓ chose" not in app.query_one("#plain", PlayerPanel).render().plain  # the kit's default is kept
        assert "✓ chose" in app.query_one("#noted", PlayerPanel).render().plain


async def test_a_wait_names_only_the_others():
    """While the bots seal their draft picks, Ana read 'Waiting for Ana, Bot 3.'."""
    st = new(3)
    st.apply(0, st.legal(0)[0])  # the direction: the draft, everyone to pick
    assert set(st.to_act()) == {0, 1, 2}
    app = ViewApp(st, 0, can_act=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = app.query_one(GameView).shown["#sm-action"]
    assert said.startswith("Waiting for Bo, Cy.") and "Ana" not in said, said


async def test_a_game_of_4_has_its_players_table_without_a_header_row():
    """A row less for the log strip at 80×24: each cell its symbol and count,
    columns apart ('Bot 2  ★ 3  $ 1'); a game of 3 keeps the header of words."""
    for n, header in ((4, False), (3, True)):
        app = ViewApp(new(n), 0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            rows = app.query_one("#sm-players", PlayerPanel).render().plain.splitlines()
        assert (len(rows) == n + 1) == header and ("prestige" in rows[0]) == header, rows
        if not header:
            assert all("  ★ 0  $ " in r and "  ■ 0  ▤ 0" in r for r in rows), rows


# ------------------------------------------------ readable at 80×24
def lines_on_screen(app) -> list[str]:
    return [s.text for s in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("picks, mine", [(0, False), (2, False), (2, True), (3, True)])
async def test_the_whole_hand_and_every_drafted_row_show_at_80x24_with_five(tmp_path, picks, mine):
    from engine.record import GameRecord, Player
    from engine.saves import save
    from rulesets import REGISTRY
    from tui.app import create_app

    rs = REGISTRY.get("square-masons")
    roster = [Player("Ana")] + [Player(f"Bot {s}", "bot:heuristic") for s in range(2, 6)]
    record = GameRecord.new(rs, roster, 9, rs.default_options())
    record.play(0, "cw")
    for _ in range(picks):
        for s in range(5):
            record.play(s, record.state.format_move(record.state.legal(s)[-1]))
    if mine:  # Ana has sealed her pick and waits for the others
        record.play(0, record.state.format_move(record.state.legal(0)[0]))
    save(record, tmp_path / "m.json")
    app = create_app(tmp_path, game=tmp_path / "m.json", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(GameView)
        hand = view.query_one("#sm-hand", CardRow)
        await app.workers.wait_for_complete()  # the bots pick too (after Ana's sealed pick, the next round of picks)
        await pilot.pause()
        assert len(hand.cards) == len(view.state.boards[0].hand) >= 5 - picks - mine
        assert all(c.region.right <= view.region.right and c.region.width >= 10 for c in hand.cards)
        shown = "\n".join(lines_on_screen(app))
        for word in ("Money", "Order", "Stone", "Market", "Double"):
            assert f" {word} " in shown.split("Drafted")[1], word


async def test_the_key_bar_names_enter_on_a_list_step():
    from textual.widgets import OptionList

    from tui.widgets.key_bar import KeyBar

    class WithKeys(ViewApp):
        def compose(self) -> ComposeResult:
            yield from super().compose()
            yield KeyBar()

    st = new(3, seed=3)
    app = WithKeys(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.focused, OptionList)  # the direction: a list step
        bar = app.query_one(KeyBar)
        bar.update_keys()
        assert any(item.display == "⏎" for item in bar.items), [i.display for i in bar.items]


def test_a_sealed_bid_is_told_back_in_words():
    st = auction(3, "TZ", [5, 5, 5])
    seat = st.to_act()[0]
    bid = next(m for m in st.legal(seat) if m.space and m.amount)
    events = st.apply(seat, bid)
    mine = [e.text for e in events if e.private_to == seat]
    assert mine and mine[0].startswith("You bid ") and "auction space" in mine[0]
    assert st.format_move(bid) not in " ".join(mine)


def test_the_state_answers_the_views_questions():
    st = new(3, seed=3)
    assert st.open_structures() == [t.id for t in d.TOWNS] + list(st.sanctuaries)
    st.boards[1].coins = 7
    assert st.max_bid(1) == 7
    st.boards[2].sanctuaries.append("x")
    st.boards[0].coins, st.boards[2].coins = 9, 3
    order = st.standings()
    assert order[0] in (0, 2) and order == sorted(range(3), key=lambda s: (-st.boards[s].prestige, -st.boards[s].coins, s))
    assert "half" in st.auction_rule()


def test_a_lay_is_logged_in_words():
    from rulesets.square_masons.moves import Lay

    st = building(coins=[3, 3, 3])
    won(st, "L")
    lay = next(m for m in st.legal(0) if isinstance(m, Lay))
    text = " ".join(e.text for e in st.apply(0, lay))
    assert st.format_move(lay) not in text and "lays the L block on a1, " in text, text


async def test_the_legend_names_draft_cards_as_they_are_printed():
    """The Double card is '× Double' on the card and in the legend, not '× x2'
    (the notation word)."""
    st = new(3, seed=3)
    play(st, 0, "cw")
    app = ViewApp(st, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        words = [e.words for e in app.query_one("#sm-legend").entries]
        assert "Double" in words and "x2" not in words, words


async def test_the_market_step_shows_no_bids_of_last_round():
    """At the market step the auction panel still listed last round's bids
    ('Bo: 2 coins on space 1'), as if they were this round's."""
    from engine.record import GameRecord, Player
    from rulesets import REGISTRY

    rs = REGISTRY.get("square-masons")
    record = GameRecord.new(rs, [Player(n, "bot:random") for n in NAMES[:3]], 3, rs.default_options())
    while not (record.state.phase == "market" and record.state.round >= 2):
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat, "random"))
    st = record.state
    assert any(x is not None for x in st.revealed)  # last round's, still in the state
    seat = st.to_act()[0]
    app = ViewApp(st, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        side = app.query_one(GameView).shown["#sm-side"]
        assert "Auction" in side
        assert "withdrew" not in side and " on space " not in side, side
