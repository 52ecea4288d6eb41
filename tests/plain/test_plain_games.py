"""Every registered game played to its end through the plain-text mode,
by standard input (a person in seat 1, bots in the others), and the
checks every transcript passes: no escape byte, no box drawing, no line
over 80 cells, no other seat's private information."""
from __future__ import annotations

import re

import pytest

from engine.registry import REGISTRY
from engine.session import GameSession
from tests.plain.script import check_plain, converse, cycle, new_session, secrets_kept
from tui.plain.conversation import COMMANDS

GAMES = REGISTRY.ids()

PATTERN = ["1", "look", "1", "m", "1", "log", "1", "more", "1"]
"""What the scripted person answers: mostly the first legal move, with
every kind of question in between."""


ASKED_A_NUMBER = re.compile(r"a number from (\d+) to (\d+)")
ANSWERED = re.compile(r"^> \S.*$", re.MULTILINE)


def person(pattern: list[str], limit: int):
    """Answers `pattern` over and over, at most `limit` times; asked for a
    number in a range (an Architects bid), the lowest."""
    answers = cycle(pattern, limit)

    def answer(said: str) -> str | None:
        answered = [m.end() for m in ANSWERED.finditer(said)]
        asked = " ".join(said[answered[-1] if answered else 0:].split())  # since the last answer
        found = ASKED_A_NUMBER.findall(asked)
        if found:
            return found[-1][0]
        return next(answers, None)

    return answer


@pytest.mark.keys
@pytest.mark.parametrize("game_id", GAMES)
def test_whole_game_by_standard_input(game_id, tmp_path):
    """A game to its end against the game's first bot level (random in
    every game here): what is said is the same for any bot, and the default
    bots' thinking took most of the time."""
    level = REGISTRY.get(game_id).bot_levels[0]
    session = new_session(game_id, humans=1, path=tmp_path / "g.json", level=level)
    code, text = converse(session, person(PATTERN, 20_000))
    assert code == 0
    assert session.is_over(), text[-2000:]
    assert "The game is over." in text
    assert "1st:" in text
    assert f"type: tsquare review {tmp_path / 'g.json'}" in " ".join(text.split())  # how to review it
    check_plain(text)
    secrets_kept(session, [0], text)
    assert GameSession.open(tmp_path / "g.json").is_over()  # saved to the end
    assert not re.search(r"\b[A-Z]/[A-Z]\b|\bVP\b", text), "letters a screen reader spells"


@pytest.mark.parametrize("game_id", GAMES)
def test_prompts_stand_on_their_own_line(game_id, tmp_path):
    session = new_session(game_id, humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["look", "m", "help"])
    lines = text.splitlines()
    prompts = [line for line in lines if line.startswith("> ")]
    assert prompts == ["> look", "> m", "> help", "> "]  # echoed answers; then end of input
    assert not any("> " in line and not line.startswith("> ") for line in lines if line.endswith("> "))


@pytest.mark.parametrize("game_id", GAMES)
def test_no_notation_is_a_command_word(game_id, tmp_path):
    """A command word never hides a move: no legal move of the first few
    turns is spelled like one."""
    session = new_session(game_id, humans=1, path=tmp_path / "g.json")
    seat = session.to_act()[0]
    view = session.view(seat)
    for move in view.legal(seat):
        assert view.format_move(move).lower() not in COMMANDS


@pytest.mark.parametrize("game_id", [g for g in GAMES if REGISTRY.get(g).hidden_information])
def test_hot_seat_passes_before_each_person_and_keeps_secrets(game_id, tmp_path):
    """Two people at one screen: a pass line, and Enter, before the other
    person's turn; what is said to each is only theirs to read."""
    session = new_session(game_id, humans=2, path=tmp_path / "g.json")
    code, text = converse(session, cycle(["1", "40", "look"], 180))  # '1' then '40': a bid where a number is asked
    assert code == 0
    assert "Pass to Ben." in text and "Pass to Ana." in text
    check_plain(text)
    # split the transcript at the pass lines: each piece is one person's
    pieces = text.split("Pass to ")
    seat_of = {"Ana": 0, "Ben": 1}
    assert "Your turn" not in pieces[0]  # a pass line before the first person's turn too
    secrets_kept(session, [], pieces[0])
    for piece in pieces[1:]:
        secrets_kept(session, [seat_of[piece.split(".", 1)[0]]], piece)
    assert "End of input." in text and "tsquare resume" in text
    assert GameSession.open(tmp_path / "g.json").ply == session.ply  # every move kept


@pytest.mark.parametrize("game_id", GAMES)
def test_the_conversation_reads_only_views(game_id, tmp_path, monkeypatch):
    """The conversation never reads the full state (only `view(seat)`),
    so another seat's secrets cannot reach its lines."""
    session = new_session(game_id, humans=1, path=tmp_path / "g.json")

    def refuse(self):
        raise AssertionError("the plain mode read the full state")

    monkeypatch.setattr(GameSession, "state", property(refuse))
    code, text = converse(session, cycle(PATTERN, 60))
    assert code == 0 and "Your turn, Ana." in text
