"""Notation: one canonical text per move, shell-safe; the three kinds of parse error."""
import re

import pytest
from masons_helpers import auction, building, new, play

from engine.bots import RandomBot
from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

SHELL_SAFE = re.compile(r"^[A-Za-z0-9_.:+=,@%/-]+$")


def test_every_move_seen_in_play_is_shell_safe_and_round_trips():
    seen = set()
    for seed in range(3):
        st = new(3 + seed, seed, rounds=3)
        bots = [RandomBot(seed * 7 + s) for s in range(st.num_players)]
        while not st.is_over():
            s = st.to_act()[0]
            for m in st.legal(s):
                text = st.format_move(m)
                assert SHELL_SAFE.match(text), text
                assert st.parse_move(text, s) == m
                assert st.parse_move(text.upper(), s) == m
                seen.add(type(m).__name__)
            st.apply(s, bots[s].choose(st.view(s), s))
    assert {"Direction", "Pick", "Bid", "Lay", "End"} <= seen


def test_invalid_text():
    st = new(3)
    for text in ("", "hello", "zz9", "claim-castle", "pair-Q", "z9", "mv-z9"):
        with pytest.raises(InvalidMoveError, match="not Square Masons notation|empty"):
            st.parse_move(text, 0)
    # the start of a bid is notation cut short (parse_text's None, as in every
    # game): no legal move begins so before the auction
    with pytest.raises(IllegalMoveError, match="'bid' is not a legal move now"):
        st.parse_move("bid", 0)


def test_illegal_move_and_wrong_seat():
    st = new(3)
    with pytest.raises(IllegalMoveError, match="not Seat 2's turn"):
        st.parse_move("cw", 1)
    with pytest.raises(IllegalMoveError):
        st.parse_move("money", 0)  # a draft pick before the draft


def test_ambiguous_prefix_and_unique_prefix():
    st = new(3, seed=1)
    play(st, 0, "cw")
    st.boards[0].hand = [0, 3, 3, 4, 4]  # money, market, market, x2, x2
    with pytest.raises(AmbiguousMoveError):
        st.parse_move("m", 0)
    assert st.format_move(st.parse_move("mo", 0)) == "money"
    assert st.format_move(st.parse_move("mar", 0)) == "market"


def test_canonical_forms():
    st = auction(3, "IO", coins=[3, 3, 3])
    assert st.format_move(st.parse_move(" BID1-2 ", 0)) == "bid1-2"
    st = building()
    assert st.format_move(st.parse_move("END", 0)) == "end"
