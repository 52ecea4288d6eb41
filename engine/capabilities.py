"""The optional capabilities of a game state, one small mixin each.

`GameState` (engine/state.py) is the contract every game keeps; these mixins
are what a game *may* add, each with a default that is right for a game
without it. `GameState` inherits all three, so a caller never asks whether a
state has one: it calls the method and gets the default.

- `Presentation`: words for people. The TUI's board views, the move list,
  the plain-text mode and the CLI's `show`/`moves` say what a move does
  (`describe_move`), why it cannot be played (`explain_illegal`), what to do
  now (`prompt`), the position in sentences (`position_parts`,
  `describe_position`) and how its short forms are said (`spoken_terms`).
  Defaults: the notation, "X is not legal now", "Choose a move", the
  `render()` text line by line, no spoken forms; a game names its module of
  position words (`position_words`) and gets its parts and spoken forms.
- `Search`: help for the engine's bots and the arena. The search bot scores
  a leaf by `evaluate_all` (or plays rollouts to the end when it is None);
  the arena reports win rates by `content_tags`. Defaults: no evaluation, no
  tags.
- `HiddenInformation`: what a seat may see. The session, the TUI and the
  server show each person only `view(seat)`; `determinize` gives the search
  a complete state consistent with a view; `is_sealed` keeps a sealed
  choice out of the other seats' logs; `shows_secrets_of` is the one rule a
  text board asks before showing a hand. Defaults: perfect information (a
  view is a marked clone that hides no seat, a determinized view is a plain
  clone, nothing is sealed).

A ruleset overrides only what its game has; the engine and the TUI work the
same with or without each override.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, Sequence, TypeVar

from engine.hidden import HiddenInformationError

if TYPE_CHECKING:
    from types import ModuleType

MoveT = TypeVar("MoveT")
"""A game's move type: `GameState[MoveT]` (engine.state) takes and gives
moves of it. Unbounded and without a default: a state class that names no
move type is a `GameState[Any]`."""


def _seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class _Contract(Generic[MoveT]):
    """What the defaults below use of the contract (declared for the type
    checker only: `GameState` defines them)."""

    if TYPE_CHECKING:
        num_players: int
        is_view: bool
        view_seat: int | None

        @property
        def viewer(self) -> int | None: ...

        def format_move(self, move: MoveT) -> str: ...

        def render(self, seat: int | None, names: Sequence[str]) -> str: ...

        def clone(self) -> Self: ...


@dataclass(frozen=True)
class MoveRange:
    """Moves that differ only by a number (Architects' bids on a board:
    31 amounts), so that the plain-text mode asks for the number instead
    of reading each move."""

    label: str
    """What the number is for, in words ('board 1, Villa on the Dunes')."""
    low: int
    high: int
    """The numbers allowed, both ends included; every one is a legal move."""
    notation: str
    """The move's notation with `{}` for the number ('I={}')."""
    words: str
    """What the number is, in a word or two ('bid')."""

    def move_text(self, number: int) -> str:
        """The notation of the move for `number`."""
        return self.notation.format(number)


class Presentation(_Contract[MoveT]):
    """Optional words for people (the defaults need only the contract)."""

    position_words: ClassVar[str | None] = None
    """The dotted name of the game's module of position words (its
    `position.py`), imported when first asked: playing never needs it. It
    holds PARTS (part name -> describer, in the order a listener hears
    them; `engine.position.describe_part` reads it), and may hold LOOK_ALL
    (the parts a whole `look` reads, where some are read only on demand)
    and SPOKEN (`spoken_terms`). None: the defaults below."""

    def _position_words(self) -> ModuleType | None:
        name = type(self).position_words
        if name is None:
            return None
        import importlib  # here: a command that plays never asks for words by part

        return importlib.import_module(name)

    def describe_move(self, move: MoveT, seat: int | None = None) -> str:
        """What `move` does, in words a player reads ("buy the red painting
        in London for 4 coins"), from this position; `seat` is the mover
        (default: the seat to act). Default: the notation."""
        return self.format_move(move)

    def explain_illegal(self, seat: int, move: MoveT) -> str:
        """Why a move that `is_legal` refused is not legal, in a player's words."""
        try:
            text = self.format_move(move)
        except Exception:  # a move of another game, or malformed
            text = repr(move)
        return f"{text} is not legal now ({self.prompt(seat)})"

    def prompt(self, seat: int) -> str:
        """What `seat` is asked to do now, in a few words."""
        return "Choose a move"

    def position_parts(self) -> tuple[str, ...]:
        """The parts a whole `look` reads ('board', 'players', 'hand', ...),
        in the order a listener hears them (`describe_position` may know
        more, named in its own sentences, e.g. a long list of spaces read
        only on demand). Default: the module `position_words` names (its
        LOOK_ALL, else its PARTS), else one part, 'position', the `render()`
        text."""
        words = self._position_words()
        if words is not None:
            return tuple(getattr(words, "LOOK_ALL", words.PARTS))
        return ("position",)

    def describe_position(self, part: str) -> list[str]:
        """One part of the position (see `position_parts`) in sentences, one
        a line, never a drawing: for the plain-text mode (screen readers,
        braille, pipes). Call it on `view(seat)`: it tells what that seat
        may see. Seats are named 'Seat N' (`with_names` fills in names).
        Default: the describers of `position_words`, else the lines of
        `render()`; ValueError for an unknown part."""
        words = self._position_words()
        if words is not None:
            from engine.position import describe_part

            return describe_part(self, part, words.PARTS)
        if part not in self.position_parts():
            raise ValueError(f"no part {part!r} (parts: {', '.join(self.position_parts())})")
        seat = self.viewer
        text = self.render(seat, [_seat_name(i) for i in range(self.num_players)])
        return [line.strip() for line in text.splitlines() if line.strip()]

    def move_ranges(self, seat: int) -> list[MoveRange]:
        """Where every legal move of `seat`'s is one number in one of these
        ranges, the ranges (a plain-text listener is asked for the range and
        the number instead of hearing each move); else none (the default)."""
        return []

    def spoken_terms(self) -> Sequence[tuple[re.Pattern[str], str]]:
        """The game's short forms as a listener should hear them,
        (pattern, replacement) pairs applied in order to its words (events,
        prompts, descriptions, `describe_position`) by the plain-text mode
        ('T/H/P' is read 'T slash H slash P'); never to a move's notation,
        which a person types back. Default: the SPOKEN of
        `position_words`, else none."""
        words = self._position_words()
        return () if words is None else tuple(getattr(words, "SPOKEN", ()))


class Search(_Contract[MoveT]):
    """Optional help for the search bot and the arena."""

    def evaluate(self, seat: int) -> float | None:
        """How good the position is for `seat`, from 0 (lost) to 1 (won),
        for search bots that cut rollouts short; None if the ruleset offers
        no evaluation (rollouts then play to the end)."""
        return None

    def evaluate_all(self) -> list[float] | None:
        """Every seat's `evaluate` at once (None if the ruleset offers no
        evaluation); override where one pass serves all seats."""
        values = [self.evaluate(s) for s in range(self.num_players)]
        return None if any(v is None for v in values) else [float(v) for v in values if v is not None]

    def content_tags(self, seat: int) -> dict[str, str]:
        """The content `seat` played with, as name -> value (e.g.
        {"board": "II", "architect": "Eileen Gray"}), read once the game is
        over; the arena reports win rates per tag. Default: none."""
        return {}


class HiddenInformation(_Contract[MoveT]):
    """What each seat may see; the defaults are perfect information. A game
    that hides something sets `hidden_information = True` (as its Ruleset
    does) and defines `view` (GameState refuses the class otherwise), and
    where it helps `determinize` and `is_sealed`."""

    hidden_information: ClassVar[bool] = False
    """True when some seat's view hides something (cards in hand, a deck's
    order, a sealed choice): `hidden_seats` then names the others in a view."""

    is_view: bool = False
    """True for a state returned by `view()`: some information is redacted."""
    view_seat: int | None = None
    """The seat a view was made for (None: a spectator); meaningless unless
    `is_view`."""

    @property
    def viewer(self) -> int | None:
        """The seat whose view this is (None: the whole state, or a
        spectator's view): what a describer may show as 'yours'."""
        return self.view_seat if self.is_view else None

    def shows_secrets_of(self, owner: int, seat: int | None) -> bool:
        """Whether a text picture of this state drawn for `seat` shows
        `owner`'s hidden parts (hand, sealed bid): a seat sees its own; a
        state that is not a view, drawn for no seat, is the whole truth
        (`tsquare show --reveal`) and shows every seat's."""
        return owner == seat or (seat is None and not self.is_view)

    def view(self, seat: int | None) -> Self:
        """What `seat` may see (None: a spectator who sees only public
        information), a copy marked `is_view` with `view_seat`; a game with
        hidden information redacts its hidden parts in it (engine.hidden.HIDDEN).
        Default (perfect information): a marked clone."""
        c = self.clone()
        c.is_view = True
        c.view_seat = seat
        return c

    def hidden_seats(self) -> tuple[int, ...]:
        """In a view, the seats whose information it hides (so `legal` and
        `apply` for them would answer wrongly): every other seat in a game
        with hidden information; () on a full state or in a
        perfect-information game."""
        if not self.is_view or not self.hidden_information:
            return ()
        return tuple(s for s in range(self.num_players) if s != self.view_seat)

    def require_visible(self, seat: int) -> None:
        """Raise HiddenInformationError when this is a view that hides
        `seat`'s information: asking it for `seat`'s moves would be a guess."""
        if self.is_view and seat in self.hidden_seats():
            who = "a spectator" if self.view_seat is None else _seat_name(self.view_seat)
            raise HiddenInformationError(
                f"this view (for {who}) hides {_seat_name(seat)}'s information; use determinize() to sample a full state"
            )

    def is_sealed(self, seat: int, move: MoveT) -> bool:
        """Whether `move`, played by `seat` from this position, stays hidden
        from the other seats (a sealed pick or bid). Decided per move: most
        moves of every game are public."""
        return False

    def determinize(self, observer: int | None, rng: Any) -> Self:
        """A complete, playable state consistent with everything `observer`
        has seen: hidden cards redistributed among the places they could be,
        others' pending sealed choices resampled, the chance generator
        reseeded from `rng` (an engine.rng.Rng). Works on `observer`'s own
        view, so a bot using it cannot peek. Perfect-information games
        return a clone (no longer marked as a view: nothing was hidden)."""
        sample = self.clone()
        sample.is_view = False
        sample.view_seat = None
        return sample
