"""Helpers for the plain-mode tests: a scripted standard input, a game
played through the conversation, and the checks every transcript passes."""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Callable, Iterable, Iterator

from engine.record import Player
from engine.session import GameSession
from engine.text import cells
from tui.plain.conversation import Conversation, sentence
from tui.plain.lines import Lines, spoken

ESC = "\x1b"
BOX = re.compile("[\u2500-\u257f]")


class Script(io.TextIOBase):
    """A standard input that answers from an iterator, then ends (EOF)."""

    def __init__(self, answers: Iterable[str]) -> None:
        self._answers: Iterator[str] = iter(answers)
        self.read_lines = 0

    def readline(self, size: int = -1) -> str:  # noqa: ARG002
        try:
            line = next(self._answers)
        except StopIteration:
            return ""
        self.read_lines += 1
        return line + "\n"

    def isatty(self) -> bool:
        return False


def cycle(pattern: list[str], limit: int) -> Iterator[str]:
    """`pattern` over and over, at most `limit` answers (then end of input)."""
    for i in range(limit):
        yield pattern[i % len(pattern)]


def new_session(game_id: str, humans: int, path: Path, seed: int = 5, level: str | None = None) -> GameSession:
    """A game of `game_id` at its fewest seats (at least two): the first
    `humans` seats people (Ana, Ben, ...), the others bots of `level` (its
    default bot unless given)."""
    from rulesets import REGISTRY

    rs = REGISTRY.get(game_id)
    level = level or rs.default_bot_level
    n = max(2, rs.min_players, humans)
    names = ["Ana", "Ben", "Cleo", "Dov", "Eli"]
    players = [Player(names[i]) if i < humans else Player(f"Bot {i + 1}", f"bot:{level}")
               for i in range(n)]
    return GameSession.create(rs, players, seed, None, path)


def converse(session: GameSession, answers: Iterable[str] | Callable[[str], str | None],
             hint_seconds: float = 0.05) -> tuple[int, str]:
    """Run the conversation on `answers`: a list of them, or a person who
    answers from what was said so far (None: the end of input); (exit code,
    everything written)."""
    out = io.StringIO()
    if callable(answers):
        person = answers
        answers = iter(lambda: person(out.getvalue()), None)
    code = Conversation(session, Lines(Script(answers), out, echo=True), hint_seconds).run()
    return code, out.getvalue()


def check_plain(text: str) -> None:
    """No escape byte, no box drawing, no line wider than 80 cells."""
    assert ESC not in text
    found = BOX.search(text)
    assert found is None, f"box drawing {found.group()!r} in: {text[max(0, found.start() - 60):found.end() + 20]!r}"
    for line in text.splitlines():
        assert cells(line) <= 80, line


def squash(text: str) -> str:
    """`text` with every run of white space one space (lines re-joined)."""
    return " ".join(text.split())


def secrets_kept(session: GameSession, seats: Iterable[int], text: str) -> None:
    """No event private to a seat outside `seats` appears in `text`, unless
    the same words were also shown to one of `seats` (each event is
    looked for as the sentence the conversation makes of it)."""
    seats = set(seats)
    names = session.names
    shown = {squash(ev.render(names)) for evs in session.record.log for ev in evs
             if any(ev.visible_to(s) for s in seats)}
    flat = squash(text)
    terms = session.record.state.spoken_terms()
    for evs in session.record.log:
        for ev in evs:
            if ev.private_to is None or ev.private_to in seats:
                continue
            words = squash(ev.render(names))
            if words in shown:
                continue
            said = squash(sentence(spoken(words, terms), names))  # as the conversation says an event
            assert said not in flat, f"private to seat {ev.private_to + 1}: {words!r}"
