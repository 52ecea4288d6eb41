"""Plain mode where every move is a number in a range (Architects' bids):
the ranges are told and a number asked for, never 124 bids read 20 at a
time; a board has one name in the moves and in `look`; Architects' moves
are read words first, notation after (issue 52, item 10)."""
from __future__ import annotations

import re

from tests.plain.script import check_plain, converse, new_session
from tests.plain.test_plain_input import lines_after


def test_the_auction_asks_for_a_board_and_a_bid_in_its_range(tmp_path):
    session = new_session("architects", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["moves", "2", "99", "2", "60", "quit"])
    listed = lines_after(text, "moves")
    assert listed[0] == "124 moves, in 4 ranges." and "20 more" not in text, listed
    assert any(line.startswith("2. board 2, House over the Falls: a bid from 45 to 75") for line in listed), listed
    assert "99 is not a bid here" in " ".join(lines_after(text, "99"))
    assert lines_after(text, "60")[0].startswith("You played bid 60 on board 2")
    assert (0, "II=60") in session.record.moves
    check_plain(text)


def test_a_board_and_its_bid_in_one_answer(tmp_path):
    session = new_session("architects", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["1 41", "quit"])
    assert (0, "I=41") in session.record.moves
    assert "There is no move" not in text


def test_one_name_for_a_board_in_the_moves_and_in_look(tmp_path):
    session = new_session("architects", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["look board", "quit"])
    told = " ".join(lines_after(text, "look board"))
    assert "Board 1, Villa on the Dunes" in told and "Board I," not in told, told


def test_architects_moves_are_read_words_first(tmp_path):
    session = new_session("architects", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["1 40", "moves", "quit"])
    listed = [line for line in lines_after(text, "moves") if re.match(r"\d+\. ", line)]
    assert listed, text
    for line in listed:
        words = line.split(". ", 1)[1]
        assert words.split()[0].isalpha() and not words.split()[0].endswith(":"), line  # 'move your client to a2 ... (a2)'


def test_a_card_draw_is_said_once_to_the_one_who_draws():
    from engine.core import Event

    public = Event("{P1} draws 2 cards", told_privately=0)
    assert not public.visible_to(0) and public.visible_to(1) and public.visible_to(None)


def test_in_a_game_you_hear_your_draw_once(tmp_path):
    from tests.plain.script import cycle

    session = new_session("architects", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, cycle(["1 40", "1"], 40))
    assert "You draw the " in text and "Ana draws" not in text, text
