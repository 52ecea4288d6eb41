"""What the state tells a player: prompts named from the legal moves (no
notation), and what a "done" gives up, said in its words and in the log."""
from __future__ import annotations

import re

import pytest
from squire_helpers import give_hand, mid_game, play, put_tile, tile_of

from engine.rng import Rng
from rulesets.squire import content as K
from rulesets.squire.moves import BUY, DONE, SELL, Drop, Exhibit, Go, Offer
from rulesets.squire.state import SquireState

NOTATION = re.compile(r"<card>|\be\.g\.|\b[oex]\d+\b|\b[1-3][a-d]\b")
"""Notation a prompt must not show (it belongs to `:` and `a`)."""


def fox_at_swansea_without_tickets() -> SquireState:
    """The Fox at Cardiff with its Royal ticket only, card 20 (buy or sell in
    the blue region: 2 tickets) in hand; it travels to Swansea."""
    st = mid_game(map_key="british-isles", abilities=True, at="car")
    st.players[0].board = K.FOX
    st.players[0].tickets = 0
    give_hand(st, 0, [20])
    play(st, "swa")
    return st


def test_the_prompt_offers_no_travel_without_a_ticket():
    st = fox_at_swansea_without_tickets()
    assert not any(isinstance(m, Go) for m in st.legal(0))
    text = st.prompt(0)
    assert "travel" not in text.lower(), text
    assert text == f"Buy for {st.price(0, st.players[0].pos, True)} or sell for {st.price(0, st.players[0].pos, False)} here"


def test_the_prompt_offers_no_buy_the_player_cannot_pay():
    st = mid_game(map_key="british-isles", at="car")
    st.players[0].coins = 0
    play(st, "swa")
    assert BUY not in st.legal(0)
    text = st.prompt(0)
    assert "buy" not in text.lower() and text.startswith("Sell for"), text


def named_actions(text: str) -> set[str]:
    """The kinds of move a prompt offers, by its words."""
    low = text.lower()
    out = {w for w in ("buy", "sell", "travel") if re.search(rf"\b{w}\b", low)}
    if "sail on" in low:
        out.add("travel")
    if "offer" in low:
        out.add("offer")
    if low.startswith("exhibit"):
        out |= {p for p in K.TYPE_PLURALS if p in low}
    if "swap" in low:
        out.add("drop")
    return out


def kinds_legal(st: SquireState, seat: int) -> set[str]:
    legal = st.legal(seat)
    out = set()
    if BUY in legal:
        out.add("buy")
    if SELL in legal:
        out.add("sell")
    if st.phase == "move" and any(isinstance(m, Go) for m in legal) and st.players[seat].pos >= 0:
        out.add("travel")
    if any(isinstance(m, Offer) for m in legal):
        out.add("offer")
    out |= {K.TYPE_PLURALS[m.colour] for m in legal if isinstance(m, Exhibit)}
    if any(isinstance(m, Drop) for m in legal):
        out.add("drop")
    return out


@pytest.mark.parametrize("players, map_key, seed", [(2, "british-isles", 3), (3, "world", 5), (4, "british-isles", 8)])
def test_every_action_a_prompt_names_is_legal(players, map_key, seed):
    """Random play to the end: at every position the prompt names only kinds
    of move that are legal there, and shows no notation."""
    st = SquireState.setup(players, seed, map_key, abilities=True)
    rng = Rng(seed)
    positions = 0
    while not st.is_over():
        seat = st.to_act()[0]
        text = st.prompt(seat)
        named = named_actions(text)
        assert named <= kinds_legal(st, seat), (st.phase, text)
        assert not NOTATION.search(text), text
        legal = st.legal(seat)
        st.apply(seat, legal[rng.below(len(legal))])
        positions += 1
    assert positions > 50


def test_done_on_an_offer_says_what_it_gives_up():
    st = fox_at_swansea_without_tickets()
    play(st, "sell")
    assert st.phase == "offer"
    mine = st.view(0)
    assert mine.gives_up(0, DONE) == "card 20's 2 tickets"
    assert mine.describe_move(DONE, 0) == "play no more offers: give up card 20's 2 tickets"
    assert mine.gives_up(0, Offer(20)) == ""
    for other in (st, st.view(1), st.view(None)):  # the last move and replays are read by everyone
        assert "20" not in other.describe_move(DONE, 0)
        assert other.describe_move(DONE, 0).startswith("play no more offers: give up")


def test_done_on_an_offer_is_logged_and_the_card_named_only_to_its_owner():
    st = fox_at_swansea_without_tickets()
    play(st, "sell")
    events = play(st, "done")
    public = [e.text for e in events if e.visible_to(1)]
    mine = [e.text for e in events if e.visible_to(0)]
    assert "{P1} plays no more offers" in public
    assert not any("20" in t for t in public)
    assert any("give up card 20's 2 tickets" in t for t in mine)
    assert st.players[0].hand == [20] and st.players[0].tickets == 0


def test_running_no_errand_says_what_it_gives_up():
    st = mid_game(at="vie")
    st.token = 0
    give_hand(st, 0, [3])
    put_tile(st, "par", tile_of(K.PURPLE, 3))
    play(st, "par", "sell")
    if st.phase == "offer":
        play(st, "done")
    play(st, "sculptures")
    assert st.phase == "errand"
    assert "give up this exhibition's errand" in st.describe_move(DONE, 0)
    events = play(st, "done")
    assert any("runs no errand" in e.text for e in events)


def test_prompts_fit_a_header_at_80_columns():
    """The prompt shares the header with the player and the game: at most 48
    cells, over random play on both maps."""
    longest = ""
    for players, map_key, seed in ((2, "british-isles", 3), (4, "world", 9)):
        st = SquireState.setup(players, seed, map_key, abilities=True)
        rng = Rng(seed)
        while not st.is_over():
            seat = st.to_act()[0]
            longest = max(longest, st.prompt(seat), key=len)
            legal = st.legal(seat)
            st.apply(seat, legal[rng.below(len(legal))])
    assert len(longest) <= 48, longest


def test_the_stags_free_crossing_is_named_when_no_ticket_is_left():
    st = mid_game(map_key="british-isles", abilities=True, at="car")
    st.players[0].board = K.STAG
    st.players[0].tickets = 0
    play(st, "swa")  # the Royal ticket; Swansea–Cork is a sea route
    assert Go(next(i for i, c in enumerate(st.game_map.cities) if c.code == "cor")) in st.legal(0)
    assert st.prompt(0).endswith(", or sail on for free"), st.prompt(0)


def test_a_one_ticket_hall_bonus_is_logged_in_the_singular():
    st = mid_game(at="vie")
    st.players[0].coins = 20
    play(st, "par", "buy")
    if st.phase == "offer":
        play(st, "done")
    events = play(st, "1c")  # hall: 1 ticket
    assert "{P1} gets the hall bonus: 1 ticket" in [e.text for e in events]


def test_a_one_ticket_offer_is_logged_in_the_singular():
    st = mid_game(at="vie")
    give_hand(st, 0, [41])  # buy anything: 1 ticket
    st.players[0].coins = 20
    play(st, "par", "buy")
    events = play(st, "o41")
    assert any(e.text.endswith("(+1 ticket)") for e in events), [e.text for e in events]
