"""The engine contract: rulesets, states, moves, events and outcomes.

Seats are numbered 0..N-1 inside the code and shown as 1..N to people
(`seat_name`). A state is plain data; `apply` mutates it; `clone` is cheap.
"""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, ClassVar, Hashable, NamedTuple, Sequence, TypeVar, final

from engine.capabilities import HiddenInformation, Presentation, Search
from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

_T = TypeVar("_T")

Move = Hashable
"""A move: a frozen dataclass of the ruleset's own (any hashable value)."""


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


def seat_ref(seat: int) -> str:
    """The placeholder that names `seat` in event texts: '{P1}' for seat 0
    (filled in with the player's name by `Event.render`)."""
    return f"{{P{seat + 1}}}"


_PLACEHOLDER = re.compile(r"\{P(\d)\}")


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

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` may read this event (None: a spectator, who reads
        public events only). The one filter for logs, replays and servers."""
        return self.private_to is None or self.private_to == seat

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


def _short(text: str, most: int = 24) -> str:
    """A person's text as a message repeats it: quoted, at most `most` characters."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}… ({len(text)} characters)"


class OptionSpec(NamedTuple):
    """One game option (a variant or setting) declared as data."""

    name: str
    """The key typed as `--option NAME=VALUE`."""
    default: Any
    """Value used when the option is not given."""
    help: str
    """One line for `tsquare games` and the setup screen."""
    choices: tuple[Any, ...] = ()
    """Allowed values; empty means any value of the default's type."""

    def parse(self, text: str) -> Any:
        """The value for `text`, or ValueError with a clear message."""
        kind = type(self.default)
        if kind is bool:
            low = text.strip().lower()
            if low in ("1", "true", "yes", "on"):
                value: Any = True
            elif low in ("0", "false", "no", "off"):
                value = False
            else:
                raise ValueError(f"option {self.name} takes yes or no, not {_short(text)}")
        elif kind is int:
            from engine.numbers import number_in

            value = number_in(text)
            if value is None:
                raise ValueError(f"option {self.name} takes a whole number, not {_short(text)}")
        else:
            value = text.strip()
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.name} takes one of {allowed}, not {_short(text)}")
        return value


class GameState(Presentation, Search, HiddenInformation, ABC):
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
    def legal(self, seat: int) -> list[Move]:
        """Every legal move for `seat` now, sorted by notation; [] if not to act."""

    @abstractmethod
    def step(self, seat: int, move: Move) -> list[Event]:
        """The ruleset's own step: play a legal move for `seat` (mutating the
        state, unchecked: `apply` checked it) and return what happened."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on; the result once it has ended."""

    @abstractmethod
    def clone(self) -> "GameState":
        """An independent copy, cheap enough for search (never deepcopy)."""

    @abstractmethod
    def format_move(self, move: Move) -> str:
        """The one canonical notation of `move`."""

    @abstractmethod
    def parse_text(self, text: str) -> Move | None:
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
    def canonical_move(self, move: Move, seat: int) -> Move | None:
        """Optional: the move `move` (as `parse_text` read it) stands for
        here, for `seat` who is to act: e.g. an area named by any of its
        cells becomes the area named by its first. None: read the text as the
        start of a longer move instead. May raise IllegalMoveError when the
        text names nothing here. Default: the move itself."""
        return move

    def is_legal(self, seat: int, move: Move) -> bool:
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
    def apply(self, seat: int, move: Move) -> list[Event]:
        """Play `move` for `seat` (mutates the state) and return what happened.
        Raises IllegalMoveError, with the reason, if the move is not legal;
        the state is then unchanged."""
        reason = self.why_illegal(seat, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self.step(seat, move)

    @final
    def apply_trusted(self, seat: int, move: Move) -> list[Event]:
        """Play a move known to be legal, without checking (search, replay)."""
        return self.step(seat, move)

    def why_illegal(self, seat: int, move: Move) -> str | None:
        """None if `seat` may play `move` now, else the reason as one sentence
        a player reads. The one legality question for CLI, TUI and engine
        (a ruleset may put a fast path for the common case before this)."""
        if self.is_over():
            return "the game is over"
        if seat not in self.to_act():
            return self.not_to_act_reason(seat)
        self.require_visible(seat)
        if self.is_legal(seat, move):
            return None
        return self.explain_illegal(seat, move)

    @final
    def parse_move(self, text: str, seat: int) -> Move:
        """The legal move `text` names for `seat`; raises InvalidMoveError
        (not notation), IllegalMoveError (game over, not to act, not legal
        here: with the reason) or AmbiguousMoveError, with a message a player
        reads. The same sequence for every game: `parse_text`, the game-over
        and to-act checks, `canonical_move`, then `why_illegal` (or, for the
        start of a move, the legal moves' notation)."""
        if not "".join(text.split()):
            raise InvalidMoveError("empty move")
        move = self.parse_text(text)
        if self.is_over():
            raise IllegalMoveError("the game is over")
        if seat not in self.to_act():
            raise IllegalMoveError(self.not_to_act_reason(seat))
        if move is not None:
            move = self.canonical_move(move, seat)
        if move is None:
            return self.parse_by_notation(text, seat)
        reason = self.why_illegal(seat, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def parse_by_notation(self, text: str, seat: int) -> Move:
        """Match `text` against the legal moves' notation, case- and
        space-insensitively, also as a unique prefix (what `parse_move` does
        with text that `parse_text` reads as the start of a move)."""
        want = "".join(text.split()).lower()
        if not want:
            raise InvalidMoveError("empty move")
        if self.is_over():
            raise IllegalMoveError("the game is over")
        if seat not in self.to_act():
            raise IllegalMoveError(self.not_to_act_reason(seat))
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


class Ruleset(ABC):
    """A game: its metadata as data, and a factory for its first state."""

    id: ClassVar[str]
    """The CLI id, e.g. 'grid-square'."""
    title: ClassVar[str]
    """The name shown to people."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    summary: ClassVar[str]
    """One paragraph for menus and `tsquare games`."""
    menu_order: ClassVar[int] = 100
    """Where the game stands in menus and listings (lower first, then by id)."""
    version: ClassVar[int] = 1
    """The newest rules version: bumped when a rule change would replay old
    moves differently (the change is then gated on `GameState.rules_version`,
    and tests/golden/ gets saves of the new version)."""
    oldest_version: ClassVar[int] = 1
    """The oldest rules version this program still plays: a save of any
    version from this to `version` loads and goes on under its own rules."""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    bot_levels: ClassVar[tuple[str, ...]] = ("random",)
    """Bot levels, weakest first: the game's own, then the engine's search
    levels (`search`, `deep`), appended to every ruleset by the engine."""
    own_bot_levels: ClassVar[tuple[str, ...]] = ("random",)
    """The game's own levels (as the ruleset declared `bot_levels`)."""
    default_bot_level: ClassVar[str] = "random"
    """The level used when none is named: the strongest that answers well
    under a second (by default the last of the game's own levels)."""
    setup_bot_level: ClassVar[str | None] = None
    """The level the setup screen offers first for a bot seat (None: the
    `default_bot_level`). A game names `search` here once its search level,
    about 1 s a move, is measured to beat its own strongest bot (see
    docs/search-strength.md); scripts keep the faster `default_bot_level`."""
    search_style: ClassVar[str] = "tree"
    """How the `search` and `deep` levels search: "tree" (information-set
    MCTS, scored by `evaluate`) or "rollouts" (a few root moves, each played
    out to the end by `default_bot_level` at every seat). A game names
    "rollouts" where that is measured to play better (see
    docs/search-strength.md)."""
    playout_plies: ClassVar[int | None] = None
    """In the "rollouts" style, the plies the default bot plays before the
    state's `evaluate_all` scores a playout (None: to the end of the game;
    set it where a whole game costs the default bot too long)."""
    search_leaf: ClassVar[str | None] = None
    """In the "tree" style, "module:function" judging a new leaf: called
    with a full sample and the seat whose move made the leaf, it returns
    every seat's reward in [0, 1] (e.g. that seat's turn finished by a
    cheap greedy, then `evaluate_all`). None: `evaluate_all` at once."""
    search_prior_margin: ClassVar[float | None] = None
    """In the "tree" style, how much better (in win share) the search's
    most visited move must look to overrule the default bot's (None: the
    engine's `PRIOR_MARGIN`); 0 with `search_prior_boost` 1 where the
    search's own judgement measured as good as the default bot's."""
    search_prior_boost: ClassVar[float | None] = None
    """In the "tree" style, how much harder the root explores the default
    bot's move (None: the engine's `PRIOR_BOOST`)."""
    search_trees: ClassVar[int | None] = None
    """At most this many processes a search level searches in at once (in
    the "tree" style a tree each, their root statistics added up; in
    "rollouts" a share of the rounds), None: the level's (`deep` one a
    core). 1 where one tree measured stronger than several; a fixed
    iteration budget then gives it one process's share."""
    hidden_information: ClassVar[bool] = False
    """True when some seat's view hides something (hot-seat needs a pass screen)."""
    undo_allowed: ClassVar[bool] = True
    """Whether a player may take back moves (not where it would reveal secrets)."""
    package_dir: ClassVar[Path]
    """The ruleset's package folder (holds RULES.md)."""

    @abstractmethod
    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        """The starting state for `players` seats, all chance from `seed`."""

    def start(self, players: int, seed: int, options: dict[str, Any], version: int | None = None) -> GameState:
        """`new_game` under rules `version` (None: the newest); ValueError for
        a version this program does not play."""
        if version is None:
            version = self.version
        elif not self.oldest_version <= version <= self.version:
            raise ValueError(f"{self.title} rules version {version} is not one this program plays"
                             f" ({self.versions_text()})")
        state = self.new_game(players, seed, options)
        if state.rules_version != version:
            state.rules_version = version
        return state

    def versions_text(self) -> str:
        """'versions 1–3', or 'version 1' when only one is played."""
        if self.oldest_version == self.version:
            return f"version {self.version}"
        return f"versions {self.oldest_version}–{self.version}"

    bot_classes: ClassVar[dict[str, str]] = {}
    """Bot levels other than 'random': level -> 'module:Class' (imported
    lazily; built as Class(seed, level), so one class may serve two levels)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game gets the engine's search levels after its own; the
        default level stays the game's own strongest unless it names one."""
        super().__init_subclass__(**kwargs)
        from engine.bots.levels import SEARCH_LEVELS, SEARCH_STYLES

        if cls.search_style not in SEARCH_STYLES:
            raise TypeError(f"{cls.__name__}.search_style must be one of {', '.join(SEARCH_STYLES)},"
                            f" not {cls.search_style!r}")
        declared = cls.__dict__.get("bot_levels")  # a game that declares none has 'random' and the search levels
        own = tuple(level for level in (declared or cls.bot_levels) if level not in SEARCH_LEVELS)
        cls.own_bot_levels = own
        cls.bot_levels = own + tuple(SEARCH_LEVELS)
        if declared is not None and "default_bot_level" not in cls.__dict__:
            cls.default_bot_level = own[-1]

    def make_bot(self, level: str, seed: int) -> "Bot":
        """A bot of `level` whose own choices are seeded by `seed`."""
        from engine.bots.levels import SEARCH_LEVELS

        if level in SEARCH_LEVELS and level not in self.bot_classes:
            from functools import partial

            from engine.bots.search import SearchBot

            own = self.default_bot_level not in SEARCH_LEVELS
            prior = self.make_bot(self.default_bot_level, seed) if own else None
            policy = partial(self.make_bot, self.default_bot_level if own else "random")
            leaf = None
            if self.search_leaf:
                import importlib

                module, _, name = self.search_leaf.partition(":")
                leaf = getattr(importlib.import_module(module), name)
            return SearchBot(seed, level, prior=prior, style=self.search_style, policy=policy,
                             playout_plies=self.playout_plies, leaf_value=leaf,
                             prior_margin=self.search_prior_margin, prior_boost=self.search_prior_boost,
                             trees=self.search_trees)
        if level == "random":
            from engine.bots.random_bot import RandomBot

            return RandomBot(seed)
        target = self.bot_classes.get(level)
        if target is None:
            raise ValueError(f"unknown bot level {level!r} for {self.id}")
        import importlib

        module, _, name = target.partition(":")
        bot: Bot = getattr(importlib.import_module(module), name)(seed, level)
        return bot

    def default_options(self) -> dict[str, Any]:
        """Every option at its default."""
        return {o.name: o.default for o in self.options}

    def parse_options(self, pairs: Sequence[str]) -> dict[str, Any]:
        """Options from `K=V` texts, over the defaults; ValueError if bad."""
        out = self.default_options()
        specs = {o.name: o for o in self.options}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            key = key.strip()
            if not sep:
                raise ValueError(f"option {pair!r} must look like NAME=VALUE")
            if key not in specs:
                known = ", ".join(specs) or "none"
                raise ValueError(f"{self.id} has no option {key!r} (options: {known})")
            out[key] = specs[key].parse(value)
        return out

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Options read from a file, checked and completed; ValueError if bad."""
        out = self.default_options()
        specs = {o.name: o for o in self.options}
        for key, value in options.items():
            if key not in specs:
                raise ValueError(f"{self.id} has no option {key!r}")
            spec = specs[key]
            if type(value) is not type(spec.default) or (spec.choices and value not in spec.choices):
                raise ValueError(f"option {key} has a bad value {value!r}")
            out[key] = value
        return out

    def rules_markdown(self) -> str:
        """The rules in Markdown (RULES.md of the package)."""
        path = self.package_dir / "RULES.md"
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            return f"# {self.title}\n\n{self.summary}\n"


class Bot(ABC):
    """A player that chooses from its own view of the state."""

    level: str

    @abstractmethod
    def choose(self, state: GameState, seat: int) -> Move:
        """A legal move for `seat`; `state` is that seat's view."""
