"""Notation: every legal move round-trips; errors are of the three kinds."""
import re

import pytest
from squire_helpers import mid_game, play

from engine.bots import RandomBot
from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from rulesets import REGISTRY

SHELL_SAFE = re.compile(r"^[a-z0-9]+$")


@pytest.mark.parametrize("n, mp", [(2, "world"), (3, "british-isles"), (4, "world")])
def test_every_legal_move_round_trips_and_is_sorted(n, mp):
    st = REGISTRY.get("squire").new_game(n, 21, {"map": mp, "abilities": True})
    bot = RandomBot(5)
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal(seat)
        texts = [st.format_move(m) for m in legal]
        assert texts == sorted(texts) and len(set(texts)) == len(texts)
        for m, t in zip(legal, texts):
            assert SHELL_SAFE.match(t), t
            assert st.parse_move(t, seat) == m
            assert st.parse_move(t.upper(), seat) == m
        st.apply(seat, bot.choose(st, seat))


def test_invalid_text():
    st = mid_game()
    for bad in ("", "buy!", "go to paris", "<3", "b9"):
        with pytest.raises(InvalidMoveError):
            st.parse_move(bad, 0)


def test_illegal_move_says_why():
    st = mid_game(at="con")
    with pytest.raises(IllegalMoveError, match="must move"):
        st.parse_move("buy", 0)
    with pytest.raises(IllegalMoveError, match="not possible now"):
        st.parse_move("2b", 0)
    with pytest.raises(IllegalMoveError, match="turn"):
        st.parse_move("sam", 1)
    with pytest.raises(InvalidMoveError):
        st.parse_move("zanzibar", 0)  # no such city on this map
    with pytest.raises(IllegalMoveError):
        st.parse_move("lon", 0)  # a city, but not a neighbour


def test_full_city_names_and_prefixes():
    st = mid_game(at="con")
    assert st.format_move(st.parse_move("Samarkand", 0)) == "sam"
    play(st, "sam")
    assert st.format_move(st.parse_move("se", 0)) == "sell"
    st2 = mid_game(at="con")
    st2.players[0].tickets = 3
    play(st2, "sam")
    with pytest.raises(AmbiguousMoveError):
        st2.parse_move("b", 0)  # bag or buy


def test_exhibition_names():
    st = mid_game(at="vie")
    st.token = 0
    play(st, "par", "sell")
    assert st.format_move(st.parse_move("sculp", 0)) == "sculptures"
    assert st.format_move(st.parse_move("ceramic", 0)) == "ceramics"
    assert st.format_move(st.parse_move("red", 0)) == "paintings"
