"""Seats, events and outcomes: how a game tells people what happened.

Seats are numbered 0..N-1 inside the code and shown as 1..N to people
(`seat_name`); event texts name them by placeholders ({P1}..) that
`Event.render` fills in with the players' names.
"""
from __future__ import annotations

import re
from typing import Any, NamedTuple, Sequence

from engine.words import about


def seat_name(seat: int) -> str:
    """How a seat is named to a person: 'Seat 1' for seat 0."""
    return f"Seat {seat + 1}"


_SEAT_NAME = re.compile(r"\bSeat (\d+)\b")


def with_names(text: str, names: Sequence[str]) -> str:
    """`text` (a description, prompt or reason from a ruleset, which names
    seats with `seat_name`) with each 'Seat N' replaced by that player's
    name, for a screen that knows the names."""

    def name(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)

    return _SEAT_NAME.sub(name, text) if "Seat " in text else text


def for_reader(text: str, actor: int, reader: int | None, names: Sequence[str] | None = None) -> str:
    """The one wording of a ruleset's text for whoever reads it. Rulesets
    write descriptions, prompts and reasons to the seat that acts ('you
    draw 2 cards (to your hand limit); Seat 2 draws 1 card'); anyone else
    (`reader`: another seat, or None for a log, a replay or a spectator)
    reads them about that seat ('Bot 1 draws 2 cards (to their hand
    limit); Bot 2 draws 1 card'). Seats are named from `names`, or by the
    placeholders that `Event.render` fills in when there are none (for a
    text that goes into an event)."""
    if reader != actor:
        if names is None:
            name = seat_ref(actor)
        else:
            name = names[actor] if 0 <= actor < len(names) else seat_name(actor)
        text = about(text, name)
    if names is None:
        return _SEAT_NAME.sub(lambda m: f"{{P{m.group(1)}}}", text) if "Seat " in text else text
    return with_names(text, names)


def seat_ref(seat: int) -> str:
    """The placeholder that names `seat` in event texts: '{P1}' for seat 0
    (filled in with the player's name by `Event.render`)."""
    return f"{{P{seat + 1}}}"


_PLACEHOLDER = re.compile(r"\{P(\d)\}")


class Event(NamedTuple):
    """A human-readable happening, for the log, replays and bot debugging.

    `text` names players as {P1}..{P5} (seat 0..4); `render` fills in names.
    (A NamedTuple rather than a frozen dataclass: as immutable and typed,
    and much cheaper to define when a one-shot command starts.)
    """

    text: str
    """The message, with {P1}.. placeholders for players."""
    private_to: int | None = None
    """If set, only this seat may read the event (e.g. a card drawn)."""
    told_privately: int | None = None
    """If set, this seat does not read this public event: a private one tells
    it the same in full ('Ana draws 2 cards' to the others, 'You draw the 3
    of steel and the 7 of wood' to Ana), so a draw is said once."""

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` may read this event (None: a spectator, who reads
        public events only). The one filter for logs, replays and servers."""
        if self.private_to is not None:
            return self.private_to == seat
        return self.told_privately is None or self.told_privately != seat

    def render(self, names: Sequence[str]) -> str:
        """The text with player names filled in."""

        def name(m: re.Match[str]) -> str:
            i = int(m.group(1)) - 1
            return names[i] if 0 <= i < len(names) else m.group(0)

        return _PLACEHOLDER.sub(name, self.text)


class Outcome(NamedTuple):
    """The end of a game: scores, ranks and where every point came from."""

    scores: tuple[int, ...]
    """Final score per seat."""
    ranks: tuple[int, ...]
    """1 for the winner(s); equal ranks mean a tie that the rules did not break."""
    breakdown: tuple[dict[str, int], ...]
    """Per seat, named parts that add up to the score. A part whose name ends
    in TIE_BREAK_SUFFIX is shown for information and is not points (e.g.
    the money that breaks a tie)."""
    termination: str
    """Why the game ended, in a short sentence ({P1}.. name players)."""

    def describe(self, names: Sequence[str]) -> str:
        """The termination with player names filled in."""
        return Event(self.termination).render(names)

    def scored(self, seat: int) -> dict[str, int]:
        """`seat`'s breakdown without the parts worth nothing, for reading
        ('contracts 30, style bonus 6', not nine parts of which six are 0);
        a tie-breaker is kept whatever its value."""
        return {k: v for k, v in self.breakdown[seat].items() if v or k.endswith(TIE_BREAK_SUFFIX)}

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first."""
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)

    @property
    def is_draw(self) -> bool:
        """True when more than one seat shares first place."""
        return len(self.winners) > 1

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "breakdown": [dict(b) for b in self.breakdown],
            "termination": self.termination,
        }


TIE_BREAK_SUFFIX = "(breaks ties)"
"""Breakdown parts named with this ending are not counted in the score."""


def points_in(breakdown: dict[str, int]) -> int:
    """The points of a breakdown: every part but the tie-breakers."""
    return sum(v for k, v in breakdown.items() if not k.endswith(TIE_BREAK_SUFFIX))


def ranks_from_keys(keys: Sequence[Sequence[float]]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3) from per-seat sort keys, higher is better."""
    return tuple(1 + sum(1 for other in keys if tuple(other) > tuple(k)) for k in keys)
