"""The state contract: one position of one game, and what a move is.

A state is plain data; `apply` mutates it; `clone` is cheap.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Hashable, Self, Sequence, TypeVar, final

from engine.capabilities import HiddenInformation, MoveT, Presentation, Search
from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engine.events import Event, Outcome, seat_name

_T = TypeVar("_T")

Move = Hashable
"""A move: a frozen dataclass of the ruleset's own (any hashable value).
A game names its own move type as `GameState[ItsMove]` (`MoveT`); code that
serves every game takes a `GameState[Any]`."""


def copy_with_lists(obj: _T, lists: Sequence[str] = ()) -> _T:
    """A cheap copy of a plain-data object (a dataclass instance): it shares
    the immutable fields and gets its own copy (one level deep) of each list
    named in `lists`. The one way states and their parts clone themselves;
    what needs more (a generator, nested lists, sets) is copied after."""
    c = object.__new__(type(obj))
    fields = c.__dict__
    fields.update(obj.__dict__)
    for name in lists:
        fields[name] = list(fields[name])
    return c


class GameState(Presentation[MoveT], Search[MoveT], HiddenInformation[MoveT], ABC):
    """One position of one game. Subclasses are dataclasses of plain fields.

    The contract is narrow. A game implements the abstract methods below:
    `to_act`, `legal`, `step`, `outcome`, `clone`, `format_move`,
    `parse_text`, `snapshot` and `render` (with its `Ruleset`: the ten things
    of ARCHITECTURE.md's "Adding a game"); a game with hidden information
    also `view` (see engine/capabilities.py). The engine owns the rest:
    `apply` checks once (game over, seat to act, a view's hidden seats,
    legality through `why_illegal`) and then calls `step`; `apply_trusted`
    calls `step` directly, for search rollouts and replays of moves already
    known to be legal; `parse_move` turns a player's text into a legal move
    through the game's `parse_text` (syntax only) and optional
    `canonical_move`. What a game may add (words for people, help for the
    search, hidden information) is in the mixins of engine/capabilities.py,
    with defaults right for a game without it. `is_legal`, `why_illegal`,
    `is_over` and `not_to_act_reason` may be overridden for speed or better
    words, never to change what is legal.
    """

    num_players: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game with hidden information must say what each seat sees."""
        super().__init_subclass__(**kwargs)
        if cls.hidden_information and cls.view is HiddenInformation.view:
            raise TypeError(f"{cls.__name__} has hidden information but no view() of its own")

    rules_version: int = 1
    """The rules version this game is played under (`Ruleset.version`s). A
    state class with version gates sets its newest here, so that a new game
    follows the newest rules; `Ruleset.start` sets an older one for a game
    that began under it. Gates sit next to the rule they change:
    `if self.rules_version < 3: ...` (the old reading)."""

    # ------------------------------------------------ what a game implements
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (several for a sealed simultaneous
        choice); empty once the game is over."""

    @abstractmethod
    def legal(self, seat: int) -> list[MoveT]:
        """Every legal move for `seat` now, sorted by notation; [] if not to act."""

    @abstractmethod
    def step(self, seat: int, move: MoveT) -> list[Event]:
        """The ruleset's own step: play a legal move for `seat` (mutating the
        state, unchecked: `apply` checked it) and return what happened."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on; the result once it has ended."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheap enough for search (never deepcopy)."""

    @abstractmethod
    def format_move(self, move: MoveT) -> str:
        """The one canonical notation of `move`."""

    @abstractmethod
    def parse_text(self, text: str) -> MoveT | None:
        """The game's syntax parser, the same in every game: the move `text`
        spells in full (any case and spacing); None when it is not a whole
        move but may be the start of one (the engine then takes the one legal
        move whose notation begins so, see `parse_by_notation`); and
        InvalidMoveError, the one error it raises, when `text` cannot be this
        game's notation at all (the message gives examples). It never asks
        whether the move is legal here."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (for saves and `show --json`)."""

    @abstractmethod
    def render(self, seat: int | None, names: Sequence[str]) -> str:
        """A plain-text picture of the position as `seat` may see it."""

    # ------------------------------------------------ optional, with defaults
    def canonical_move(self, move: MoveT, seat: int) -> MoveT | None:
        """Optional: the move `move` (as `parse_text` read it) stands for
        here, for `seat` who is to act: e.g. an area named by any of its
        cells becomes the area named by its first. None: read the text as the
        start of a longer move instead. May raise IllegalMoveError when the
        text names nothing here. Default: the move itself."""
        return move

    def is_legal(self, seat: int, move: MoveT) -> bool:
        """Whether `move` is legal for `seat`, who is to act. Rulesets with a
        direct check override this to avoid generating every legal move."""
        return move in self.legal(seat)

    def not_to_act_reason(self, seat: int) -> str:
        """Why `seat` may not move now (it is not among `to_act`)."""
        return f"it is not {seat_name(seat)}'s turn"

    def is_over(self) -> bool:
        """True once the game has ended (override with a cheaper test)."""
        return self.outcome() is not None

    # ------------------------------------------------ the engine's own
    @final
    def apply(self, seat: int, move: MoveT) -> list[Event]:
        """Play `move` for `seat` (mutates the state) and return what happened.
        Raises IllegalMoveError, with the reason, if the move is not legal;
        the state is then unchanged. (A move `parse_move` returned is legal
        already: `apply_trusted` plays it.)"""
        reason = self.why_illegal(seat, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self.step(seat, move)

    @final
    def apply_trusted(self, seat: int, move: MoveT) -> list[Event]:
        """Play a move known to be legal, without checking (a move
        `parse_move` returned, search rollouts)."""
        return self.step(seat, move)

    @final
    def turn_error(self, seat: int) -> str | None:
        """Why `seat` may not move now (the game is over; it is not to act),
        or None: the one turn check."""
        if self.is_over():
            return "the game is over"
        if seat not in self.to_act():
            return self.not_to_act_reason(seat)
        return None

    @final
    def check_turn(self, seat: int) -> None:
        """IllegalMoveError, with the reason, unless `seat` may move now."""
        reason = self.turn_error(seat)
        if reason is not None:
            raise IllegalMoveError(reason)

    @final
    def move_error(self, seat: int, move: MoveT) -> str | None:
        """For `seat`, who is to act (the turn checked): None if `move` is
        legal, else the reason. HiddenInformationError on a view that hides
        `seat`."""
        self.require_visible(seat)
        if self.is_legal(seat, move):
            return None
        return self.explain_illegal(seat, move)

    def why_illegal(self, seat: int, move: MoveT) -> str | None:
        """None if `seat` may play `move` now, else the reason as one sentence
        a player reads: the turn (`turn_error`), then the move (`move_error`).
        The one legality question for CLI, TUI and engine (a ruleset may put
        a fast path for the common case before this)."""
        reason = self.turn_error(seat)
        return reason if reason is not None else self.move_error(seat, move)

    @final
    def parse_move(self, text: str, seat: int, *, turn_checked: bool = False) -> MoveT:
        """The legal move `text` names for `seat`; raises InvalidMoveError
        (not notation), IllegalMoveError (game over, not to act, not legal
        here: with the reason) or AmbiguousMoveError, with a message a player
        reads. The same sequence for every game: `parse_text`, the turn
        (`check_turn`, once; skipped when the caller has checked it:
        `turn_checked`), `canonical_move`, then the move (`move_error`; or,
        for the start of a move, the legal moves' notation). The move it
        returns is legal: play it with `apply_trusted`."""
        if not "".join(text.split()):
            raise InvalidMoveError("empty move")
        move = self.parse_text(text)
        if not turn_checked:
            self.check_turn(seat)
        if move is not None:
            move = self.canonical_move(move, seat)
        if move is None:
            return self._match_notation(text, seat)
        reason = self.move_error(seat, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def parse_by_notation(self, text: str, seat: int) -> MoveT:
        """Match `text` against the legal moves' notation, case- and
        space-insensitively, also as a unique prefix (what `parse_move` does
        with text that `parse_text` reads as the start of a move)."""
        if not "".join(text.split()):
            raise InvalidMoveError("empty move")
        self.check_turn(seat)
        return self._match_notation(text, seat)

    def _match_notation(self, text: str, seat: int) -> MoveT:
        """`parse_by_notation` for text that is not empty, `seat` to act."""
        want = "".join(text.split()).lower()
        legal = self.legal(seat)
        if not legal:
            raise IllegalMoveError(f"{seat_name(seat)} has no move to make now")
        exact = [m for m in legal if "".join(self.format_move(m).split()).lower() == want]
        if exact:
            return exact[0]
        prefix = [m for m in legal if "".join(self.format_move(m).split()).lower().startswith(want)]
        if len(prefix) == 1:
            return prefix[0]
        if len(prefix) > 1:
            sample = ", ".join(self.format_move(m) for m in prefix[:5])
            raise AmbiguousMoveError(f"{text!r} could mean {sample}{' …' if len(prefix) > 5 else ''}")
        raise IllegalMoveError(f"{text!r} is not a legal move now ({self.prompt(seat)})")
