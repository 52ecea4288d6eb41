"""The engine contract: rulesets, states, moves, events and outcomes.

A `Ruleset` is a game: its metadata as data and a factory for its first
state (and its bots, built by `engine.bots.factory`). The rest of the
contract lives one floor down, so that bots can import it without the
ruleset that builds them: `GameState` and `Move` in `engine.state`, seats,
`Event` and `Outcome` in `engine.events`, `Bot` in `engine.bots.base`. They
are all named here too, the one import a game needs.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Sequence

from engine.bots.base import Bot
from engine.events import (
    TIE_BREAK_SUFFIX,
    Event,
    Outcome,
    points_in,
    ranks_from_keys,
    seat_name,
    seat_ref,
    with_names,
)
from engine.state import GameState, Move, copy_with_lists

__all__ = [
    "TIE_BREAK_SUFFIX",
    "Bot",
    "Event",
    "GameState",
    "Move",
    "OptionSpec",
    "Outcome",
    "Ruleset",
    "copy_with_lists",
    "points_in",
    "ranks_from_keys",
    "seat_name",
    "seat_ref",
    "with_names",
]


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
    review_candidates: ClassVar[int] = 3
    """In the "rollouts" style, how many moves a review's first pass
    compares at a decision (the played one, its bot's, then others), each in
    as many sampled worlds as with 3 (`engine.review.first_pass_budget`).
    More where a decision has few moves and a playout is cheap (Squire), so
    the better move is among them; 3 where a playout costs (Grid Square)."""
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
    def new_game(self, players: int, seed: int, options: dict[str, Any]) -> GameState[Any]:
        """The starting state for `players` seats, all chance from `seed`."""

    def start(self, players: int, seed: int, options: dict[str, Any], version: int | None = None) -> GameState[Any]:
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

    def make_bot(self, level: str, seed: int) -> Bot:
        """A bot of `level` whose own choices are seeded by `seed` (built by
        `engine.bots.factory`: the game's own classes, `random`, the search
        levels)."""
        from engine.bots.factory import make_bot  # the search code, loaded when a bot is first asked for

        return make_bot(self, level, seed)

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
