"""The command line's machinery, shared by its command modules (tui/cli.py,
tui/cli_study.py, tui/cli_server.py): the app whose commands are built on
demand, the settings, one-line errors, and the helpers and options the
commands share. Imports nothing of the engine at start-up (see below)."""
# No `from __future__ import annotations` here: Typer reads the annotations of
# every command it builds, and as strings each would be compiled at start-up.

import os
import stat
import sys
import time
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Optional

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:
    from engine.core import Ruleset
    from engine.record import GameRecord
    from engine.session import GameSession

# The engine, the rulesets, Textual and Rich are imported inside the commands
# (and the helpers they call), never here: `tsquare --help` must stay within
# 1.2 times a minimal Typer app's, and each command loads only what it uses
# (`show` never imports Textual). benchmarks/run.py --cli-only measures both.

# Commands are built on demand, with public APIs only: each command is
# declared in a one-command Typer app of its own, turned into its Click
# command by `typer.main.get_command` the first time it is looked up, and
# the root group's `commands` (Click's mapping of name to command) builds
# through it. Building all of them (their parameters read from every
# signature) costs more at start-up than `show` does its work, so `show`
# builds `show` alone; `--help` builds them all.


class _BuiltOnDemand(MutableMapping[str, Any]):
    """The commands of the root group by name, each built from its
    one-command Typer app into a Click command the first time it is looked
    up: running one command builds that one alone, `--help` builds them all."""

    def __init__(self, apps: dict[str, typer.Typer]) -> None:
        self._apps: dict[str, Optional[typer.Typer]] = dict(apps)
        self._built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            sub = self._apps[name]  # KeyError: no such command
            assert sub is not None
            self._built[name] = get_command(sub)
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._apps.setdefault(name, None)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._apps[name]
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._apps)

    def __len__(self) -> int:
        return len(self._apps)


def get_command(sub: typer.Typer) -> Any:
    """The Click command of a one-command Typer app (Typer's public builder)."""
    return typer.main.get_command(sub)


class _OnDemandGroup(TyperGroup):
    """The root group, whose commands are built on demand (`_BuiltOnDemand`)."""

    source: "_OnDemandTyper"
    """The app whose commands these are (set per app)."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.commands = _BuiltOnDemand(self.source.on_demand)

    def list_commands(self, ctx: Any) -> list[str]:
        """Every command's name, in the order declared (none is built here)."""
        return list(self.commands)


class _OnDemandTyper(typer.Typer):
    """A Typer app whose commands are each built only when used (see above)."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(cls=type("Group", (_OnDemandGroup,), {"source": self}), **settings)
        self.settings = settings
        """Settings each command's own app shares (help, errors, markup)."""
        self.on_demand: dict[str, typer.Typer] = {}
        """Every command's one-command app by name, in the order declared (the order --help lists)."""

    def command(  # type: ignore[override]  # Typer's keywords, passed on as they come
        self, name: Optional[str] = None, **settings: Any
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Declare a command, as Typer's own decorator does, to be built when used."""

        def declare(function: Callable[..., Any]) -> Callable[..., Any]:
            sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False,
                              rich_markup_mode=self.settings.get("rich_markup_mode"))
            sub.command(name, **settings)(function)
            self.on_demand[name or function.__name__.lower().replace("_", "-")] = sub  # Typer's own naming
            return function

        return declare


app = _OnDemandTyper(
    name="tsquare",
    help="T-Square: five builders' board games in the terminal. Run with no command for the menu.",
    add_completion=False,
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Settings:
    """Options given before the command."""

    saves: Optional[str] = None


ERROR_CELLS = 400
"""An error line is cut to this many cells (user text in it is cut shorter)."""


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one line to stderr and exit (2: bad input)."""
    from engine.text import shown

    print(f"tsquare: {shown(message, ERROR_CELLS)}", file=sys.stderr)
    raise typer.Exit(code)


def _ruleset(game: str) -> "Ruleset":
    from engine.registry import REGISTRY, UnknownGameError

    try:
        return REGISTRY.get(game)
    except UnknownGameError as exc:
        fail(str(exc))


def _saves_dir() -> Path:
    from engine.paths import saves_dir

    return saves_dir(Settings.saves)


def _path(file: str) -> Path:
    """The save a command names: the path as given, else by name in the saves folder."""
    from engine.paths import resolve_save

    return resolve_save(file, _saves_dir)


def _load(file: str) -> tuple["GameRecord", Path]:
    from engine.errors import SaveError
    from engine.saves import load

    path = _path(file)
    try:
        return load(path), path
    except SaveError as exc:
        fail(str(exc))


@contextmanager
def _editing(file: str, locked: bool = True) -> Iterator["GameSession"]:
    """The game session of a save, loaded and changed under its lock for the
    whole command (`locked` False: each change takes the lock for itself,
    e.g. a bot's move after it has thought); a SaveError ends the command
    with one line (a refused or failed write: exit 2 or 1), and nothing is
    written."""
    from engine.errors import SaveError
    from engine.saves import SaveWriteError, check_regular
    from engine.session import GameSession

    try:
        if locked:
            with GameSession.editing(_path(file)) as session:
                yield session
        else:
            path = _path(file)
            check_regular(path, str(path))
            yield GameSession.open(path)
    except SaveWriteError as exc:
        fail(str(exc), 2 if exc.refused else 1)
    except SaveError as exc:
        fail(str(exc))


def _create(record: "GameRecord", path: Path, force: bool = False) -> None:
    """Write a new game to `path` (saying so if its folder had to be made);
    an existing file only with `force`, and only a regular one."""
    from engine.errors import SaveError
    from engine.lock import save_lock
    from engine.paths import make_folder
    from engine.saves import SaveWriteError, dangling_link, is_save_file, save
    from engine.text import shown

    if dangling_link(path):
        fail(f"{path}: a symbolic link to a missing file; a save is never written through it")
    try:
        made = make_folder(path)
    except OSError as exc:
        fail(f"{path}: cannot create its folder: {exc.strerror or exc}")
    if made is not None:
        print(f"created folder {shown(str(made))}")
    try:
        with save_lock(path):
            try:
                st = os.stat(path)
            except FileNotFoundError:
                st = None
            except OSError as exc:
                fail(f"{path}: {exc.strerror or exc}")
            if st is not None and not force:
                fail(f"{path}: already exists (use --force to overwrite)")
            if st is not None and not stat.S_ISREG(st.st_mode):
                fail(f"{path}: not a regular file; a save is never written over it")
            if st is not None and not is_save_file(path):
                fail(f"{path}: not a T-Square save; --force replaces only a save")
            if dangling_link(path):  # made dangling since the first look
                fail(f"{path}: a symbolic link to a missing file; a save is never written through it")
            save(record, path, clean=True)
    except SaveWriteError as exc:
        fail(str(exc), 2 if exc.refused else 1)
    except SaveError as exc:
        fail(str(exc))


def _seat_number(session: "GameSession", as_seat: int) -> int:
    """--as SEAT (1-based) as a 0-based seat of the session's game."""
    n = len(session.record.players)
    if not 1 <= as_seat <= n:
        fail(f"--as {as_seat}: the game has seats 1–{n}")
    return as_seat - 1


def _seat(record: "GameRecord", as_seat: Optional[int]) -> int:
    """The 0-based seat to act for: --as, or the only seat to act."""
    n = len(record.players)
    if as_seat is not None:
        if not 1 <= as_seat <= n:
            fail(f"--as {as_seat}: the game has seats 1–{n}")
        return as_seat - 1
    acting = record.state.to_act()
    if not acting:
        fail("the game is over")
    if len(acting) > 1:
        fail("several seats choose now (" + ", ".join(str(s + 1) for s in acting) + "): name one with --as")
    return acting[0]


def _make_record(
    game: str,
    players: Optional[int],
    bots: list[str],
    seed: Optional[int],
    options: list[str],
    names: list[str],
    hints: bool = False,
) -> "GameRecord":
    """A new game record from the command line's setup options."""
    from engine.record import GameRecord, Player, default_player
    from engine.setup import check_player_count, parse_bot_specs, parse_name_specs
    from engine.text import UserTextError, check_name, quoted

    ruleset = _ruleset(game)
    try:
        n = check_player_count(ruleset, players)
        levels = parse_bot_specs(ruleset, n, bots)
        given = parse_name_specs(n, names)
    except ValueError as exc:
        fail(str(exc))
    for seat, name in given.items():
        try:
            check_name(name)
        except UserTextError as exc:
            fail(f"--name {seat + 1}={quoted(name)}: {exc}")
    kinds = [f"bot:{levels[i]}" if i in levels else "human" for i in range(n)]
    roster = []
    for i, kind in enumerate(kinds):
        player = default_player(i, kind)
        roster.append(Player(given.get(i, player.name), kind))
    try:
        opts = ruleset.parse_options(options)
    except ValueError as exc:
        fail(str(exc))
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000_007
    _check_seed(seed)
    try:
        return GameRecord.new(ruleset, roster, seed, opts, hints=hints)
    except ValueError as exc:  # an option value the rules refuse (rounds=-5)
        fail(str(exc))


def _check_iterations(iterations: Optional[int]) -> None:
    """Exit 2 unless `iterations` is None or a sane budget."""
    if iterations is not None and not 1 <= iterations <= 10_000_000:
        fail("--iterations takes 1 to 10000000")


def _seed_arg(text: str, span: int = 1) -> int:
    """The first seed of a run of `span` seeds: a number, or `random` (a seed
    drawn now, so a measurement cannot be fitted to the seeds it is made on;
    it is printed on standard error, and is in the JSON's `seed`)."""
    from engine.numbers import parse_number
    from engine.saves import SEED_LIMIT

    if text.strip().lower() == "random":
        import secrets

        seed = secrets.randbelow(SEED_LIMIT - span)
        print(f"seed {seed} (drawn at random; --seed {seed} plays the same games again)", file=sys.stderr)
        return seed
    try:
        seed = parse_number(text, "--seed")
    except ValueError as exc:
        fail(f"{exc}, or the word random")
    _check_seed(seed, span)
    return seed


def _check_seed(seed: int, games: int = 1) -> None:
    """Seeds run from 0 to 2**64 - 1, as in a save (SEED_LIMIT)."""
    from engine.saves import SEED_LIMIT

    if not (0 <= seed and seed + games - 1 < SEED_LIMIT):
        fail("--seed must be from 0 to 2**64 - 1" + (" (and so must seed + games - 1)" if games > 1 else ""))


# Shared option declarations -------------------------------------------------
PlayersOpt = typer.Option(None, "--players", "-n", help="Number of players.")
BotOpt = typer.Option([], "--bot", "-b", help="Make a seat a bot: SEAT=LEVEL (repeatable).")
SeedOpt = typer.Option(None, "--seed", help="Seed for all chance (default: from the clock).")
OptionOpt = typer.Option([], "--option", "-O", help="Game option NAME=VALUE (repeatable; see `tsquare games`).")
NameOpt = typer.Option([], "--name", help="Name a seat: SEAT=NAME (repeatable).")
AsOpt = typer.Option(None, "--as", help="Seat (1..N) to act or look as.")
HintsOpt = typer.Option(False, "--hints", help="Everyone at the table agrees to hints (the search level's "
                        "advice, Shift+H or `tsquare hint`); without it a game between people has none. "
                        "A game with one person always allows them.")
PlainOpt = typer.Option(False, "--plain", help="Play line by line on standard input and output (screen "
                        "readers, braille displays, pipes): no full-screen display.")
IterationsOpt = typer.Option(None, "--iterations", help="The search levels think a fixed number of iterations "
                             "a decision (deep: 8 times as many, in two trees; 4 times where a game searches one tree) instead of their seconds: the same results on "
                             "any machine, however busy.")
