"""`tsquare`: the command line. Bare `tsquare` opens the TUI's main menu;
the other commands work headless on save files (and never import Textual).

Exit status: 0 done, 1 a failure of the program (a crash writes a report
file and names it), 2 bad input. Errors are one line on stderr. Every change
to a save goes through a game session (`engine.session.GameSession.editing`:
lock, load fresh, check, apply, write), and nothing is printed as played
before it is saved.
"""
# No `from __future__ import annotations` here: Typer reads the annotations of
# every command it builds, and as strings each would be compiled at start-up.

import json
import math
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


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    saves: Optional[str] = typer.Option(
        None, "--saves", envvar="TSQUARE_SAVES", help="Folder for saved games (default: your data folder)."
    ),
) -> None:
    """T-Square: five builders' board games in the terminal."""
    Settings.saves = saves
    if ctx.invoked_subcommand is None:
        from tui.app import run_app

        raise typer.Exit(run_app(saves_dir=_saves_dir()))


@app.command()
def games() -> None:
    """List the games, their player counts, options and bot levels."""
    from engine.registry import REGISTRY

    for entry in REGISTRY.entries():
        players = (
            f"{entry.min_players}" if entry.min_players == entry.max_players else f"{entry.min_players}–{entry.max_players}"
        )
        rs = REGISTRY.get(entry.id)
        print(f"{entry.id:<20} {entry.title:<20} {players} players   bots: {', '.join(rs.bot_levels)}")
        for opt in rs.options:
            choices = f" ({'/'.join(str(c) for c in opt.choices)})" if opt.choices else ""
            default = "yes" if opt.default is True else "no" if opt.default is False else opt.default
            print(f"{'':<20}   option {opt.name}={default}{choices}: {opt.help}")


@app.command()
def rules(
    game: str = typer.Argument(..., help="Game id, e.g. grid-square."),
    no_pager: bool = typer.Option(False, "--no-pager", help="Print straight to the terminal, without a pager."),
) -> None:
    """Show a game's rules, with every interpretation and designed piece.

    In a terminal they open in a pager ($PAGER, or less; q leaves it);
    piped or redirected they are plain text."""
    ruleset = _ruleset(game)
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    text = Markdown(ruleset.rules_markdown())
    if no_pager or not console.is_terminal:
        console.print(text)
        return
    os.environ.setdefault("LESS", "-R")  # less shows the pager's colours instead of their codes
    with console.pager(styles=True):
        console.print(text)


@app.command()
def new(
    game: str = typer.Argument(..., help="Game id, e.g. grid-square."),
    output: str = typer.Option(..., "--output", "-o", help="The save file to create."),
    players: Optional[int] = PlayersOpt,
    bot: list[str] = BotOpt,
    seed: Optional[int] = SeedOpt,
    option: list[str] = OptionOpt,
    name: list[str] = NameOpt,
    hints_: bool = HintsOpt,
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Create a save for a new game, without a screen."""
    from engine.text import shown

    path = Path(output).expanduser()
    if path.exists() and not force:
        fail(f"{path}: already exists (use --force to overwrite)")
    record = _make_record(game, players, bot, seed, option, name, hints_)
    _create(record, path, force)
    print(f"created {shown(str(path))} ({record.ruleset.title}, seed {record.seed})")


@app.command()
def moves(file: str = typer.Argument(..., help="A save file."), as_: Optional[int] = AsOpt) -> None:
    """List the legal moves, one notation a line."""
    record, _ = _load(file)
    if record.state.is_over():
        fail("the game is over")
    seat = _seat(record, as_)
    state = record.state
    legal = state.legal(seat)
    if not legal:
        fail(f"seat {seat + 1} has no move to make now (to act: {', '.join(str(s + 1) for s in state.to_act())})")
    for m in legal:
        print(state.format_move(m))


@app.command()
def move(
    file: str = typer.Argument(..., help="A save file."),
    notation: list[str] = typer.Argument(..., metavar="MOVE...", help="Moves in notation, played in order."),
    as_: Optional[int] = AsOpt,
) -> None:
    """Play moves and save; all of them or, on any error, none."""
    from engine.errors import MoveError
    from engine.text import quoted, reason

    with _editing(file) as session:
        seat = None if as_ is None else _seat_number(session, as_)
        try:
            per_move = session.play_many([(seat, text) for text in notation])
        except MoveError as exc:
            about = notation[0] if len(notation) == 1 else ""
            where = f"{quoted(notation[0])}: " if len(notation) == 1 else ""
            fail(f"{where}{reason(str(exc), about)} (nothing saved)")
        for (who, _), events in zip(session.record.moves[-len(per_move):], per_move):
            for ev in events:  # printed only now that the moves are saved
                if ev.visible_to(who):
                    print(ev.render(session.names))


@app.command()
def bot(
    file: str = typer.Argument(..., help="A save file."),
    level: Optional[str] = typer.Option(None, "--level", "-l", help="Bot level (default: the seat's, else the strongest)."),
    all_: bool = typer.Option(False, "--all", help="Play every move until the game ends."),
    as_: Optional[int] = AsOpt,
) -> None:
    """Let a bot make the next move (or all of them), and save."""
    from engine.errors import MoveError
    from engine.text import quoted

    with _editing(file, locked=False) as session:  # bots think holding no lock; each move is saved under it
        levels = session.ruleset.bot_levels
        if level is not None and level not in levels:
            fail(f"unknown bot level {quoted(level)} (levels: {', '.join(levels)})")
        seat = None if as_ is None else _seat_number(session, as_)
        try:
            played = session.play_bots(seat, level, until_over=all_ and as_ is None)
        except MoveError as exc:
            fail(f"--as {as_}: {exc}" if as_ is not None else str(exc))
        for p in played:  # printed only now that the moves are saved
            print(f"{session.names[p.seat]}: {p.notation}")
            for ev in p.events:
                if ev.visible_to(None):
                    print("  " + ev.render(session.names))


def _public_json(
    record: "GameRecord", state: Any, seat: Optional[int], ply: int, revealed: bool = False
) -> dict[str, Any]:
    out = state.outcome()
    return {
        "game": record.ruleset.id,
        "ply": ply,
        "players": [{"seat": i + 1, "name": p.name, "kind": p.kind} for i, p in enumerate(record.players)],
        "as": None if seat is None else seat + 1,
        "revealed": revealed,
        "to_act": [s + 1 for s in state.to_act()],
        "state": state.snapshot(),
        "result": out.to_json() if out else None,
    }


@app.command()
def show(
    file: str = typer.Argument(..., help="A save file."),
    at: Optional[int] = typer.Option(None, "--at", help="Show the position after this many moves."),
    as_: Optional[int] = AsOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the state as JSON."),
    reveal: bool = typer.Option(
        False, "--reveal", help="Show everything, hidden cards too (a finished game, bots only, or --force)."
    ),
    force: bool = typer.Option(False, "--force", help="With --reveal: reveal a game people are still playing."),
) -> None:
    """Show the game as a spectator sees it (--as: as a seat sees it;
    --reveal: everything): the board as text, or the state as JSON."""
    from engine.text import shown

    record, _ = _load(file)
    ply = record.ply if at is None else at
    if not 0 <= ply <= record.ply:
        fail(f"--at {at}: the game has plies 0–{record.ply}")
    seat = None
    if as_ is not None:
        if not 1 <= as_ <= len(record.players):
            fail(f"--as {as_}: the game has seats 1–{len(record.players)}")
        seat = as_ - 1
    if reveal:
        if seat is not None:
            fail("--reveal shows every seat's secrets: leave out --as")
        people = not all(p.is_bot for p in record.players)
        if people and not record.state.is_over() and not force:
            fail("--reveal: the game is in progress and people play it; add --force to see every secret")
    state = record.state if ply == record.ply else record.state_at(ply)
    view = state if reveal else state.view(seat)
    if as_json:
        print(json.dumps(_public_json(record, view, seat, ply, reveal), indent=1, ensure_ascii=False))
        return
    newest = record.ruleset.version
    rules = f"rules v{record.rules_version}" + (f" (newest v{newest})" if record.rules_version < newest else "")
    print(f"{record.ruleset.title} · {shown(Path(file).name, 40)} · after {ply} of {record.ply} moves · {rules}")
    print(view.render(seat, record.names))
    out = view.outcome()
    if out is not None:
        for i, name in enumerate(record.names):
            parts = ", ".join(f"{k} {v}" for k, v in out.breakdown[i].items()) or "nothing"
            print(f"  {name}: {out.scores[i]} (rank {out.ranks[i]}) — {parts}")


MAX_DELAY = 60.0
"""The longest pause `replay --delay` takes between plies, in seconds."""


@app.command()
def replay(
    file: str = typer.Argument(..., help="A save file."),
    from_: int = typer.Option(0, "--from", help="First ply to show."),
    to: Optional[int] = typer.Option(None, "--to", help="Last ply to show."),
    delay: float = typer.Option(0.0, "--delay", help="Seconds between plies."),
    tui: bool = typer.Option(False, "--tui", help="Step through it in the replay viewer."),
) -> None:
    """Replay a game ply by ply (text), or open it in the replay viewer."""
    record, path = _load(file)
    end = record.ply if to is None else to
    if not 0 <= from_ <= end <= record.ply:
        fail(f"--from/--to: give 0 ≤ from ≤ to ≤ {record.ply}")
    if not (math.isfinite(delay) and 0 <= delay <= MAX_DELAY):
        fail(f"--delay must be from 0 to {MAX_DELAY:g} seconds")
    if tui:
        from tui.app import run_app

        raise typer.Exit(run_app(saves_dir=_saves_dir(), replay=path, start_ply=from_))
    print(f"Ply {from_}")
    print(record.state_at(from_).view(None).render(None, record.names))
    for step in record.replay(from_, end, seat=None):  # the public view, as a spectator sees it
        if delay:
            time.sleep(delay)
        print()
        print(f"Ply {step.ply} · {record.names[step.seat]}: {step.notation} — {step.description}")
        for line in step.events:
            print("  " + line)
        print(step.state.view(None).render(None, record.names))


@app.command()
def verify(file: str = typer.Argument(..., help="A save file.")) -> None:
    """Replay a save and check it; exit 0 if sound, 2 if not."""
    from engine.text import shown

    record, path = _load(file)
    status = "finished" if record.state.is_over() else "in progress"
    rules = "" if record.rules_version == record.ruleset.version else f" · rules version {record.rules_version}"
    print(f"ok: {shown(str(path))} · {record.ruleset.title} · {record.ply} moves · {status}{rules}"
          " · snapshot hash matches")


@app.command()
def upgrade(file: str = typer.Argument(..., help="A save file.")) -> None:
    """Move a game in progress to the newest rules, if its moves so far play
    the same under them (else say which move differs and leave the file)."""
    from engine.upgrade import UpgradeRefused

    with _editing(file) as session:
        try:
            old = session.upgrade()
        except UpgradeRefused as exc:
            fail(f"{_path(file)}: cannot upgrade: {exc} (the file is unchanged)")
        print(f"upgraded {_path(file)}: {session.ruleset.title} rules version {old} → {session.record.rules_version}")


@app.command("list")
def list_saves(
    as_json: bool = typer.Option(False, "--json", help="One JSON object a game, in a list."),
) -> None:
    """List the saved games in the saves folder, newest first: game,
    players, the move it is at (or the result), when it was last played and
    its rules version (a file that cannot be read is marked unreadable, and
    the list goes on)."""
    from engine.save_folder import scan_folder, summary
    from engine.text import cells, shown

    folder = _saves_dir()
    entries = scan_folder(folder)
    if as_json:
        rows: list[dict[str, Any]] = []
        for entry in entries:
            if entry.record is None:
                rows.append({"file": str(entry.path), "unreadable": entry.problem})
                continue
            sm, rec = summary(entry.record), entry.record
            rows.append({"file": str(entry.path), "game": rec.ruleset.id, "title": sm.title, "players": list(sm.players),
                         "ply": rec.ply, "over": rec.state.is_over(), "progress": sm.progress, "status": sm.status,
                         "updated": rec.updated, "rules_version": rec.rules_version,
                         "newest_rules_version": rec.ruleset.version})
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    if not entries:
        print(f"no saved games in {shown(str(folder))}")
        return
    names = [shown(e.path.name, 40) for e in entries]  # a file name may hold any byte but "/"
    rows_: list[list[str]] = []
    for name, entry in zip(names, entries):
        if entry.record is None:
            rows_.append([name, f"unreadable: {entry.problem}"])
            continue
        sm = summary(entry.record)
        rows_.append([name, sm.title, ", ".join(shown(n, 24) for n in sm.players), sm.progress, sm.status, sm.when,
                      sm.rules])
    widths = [max((cells(r[i]) for r in rows_ if len(r) > 2), default=0) for i in range(7)]
    widths[0] = max(cells(n) for n in names)
    for row in rows_:
        if len(row) == 2:
            print(f"{row[0]}{' ' * (widths[0] - cells(row[0]))}  {row[1]}")
            continue
        cols = [c + " " * (w - cells(c)) for c, w in zip(row[:-1], widths)]  # columns line up, in display cells
        print("  ".join(cols + [row[-1]]))


@app.command()
def play(
    game: str = typer.Argument(..., help="Game id, e.g. grid-square."),
    players: Optional[int] = PlayersOpt,
    bot: list[str] = BotOpt,
    seed: Optional[int] = SeedOpt,
    option: list[str] = OptionOpt,
    name: list[str] = NameOpt,
    hints_: bool = HintsOpt,
    plain: bool = PlainOpt,
) -> None:
    """Start a new game in the TUI (saved as you play)."""
    from engine.paths import new_save_path

    record = _make_record(game, players, bot, seed, option, name, hints_)
    path = new_save_path(_saves_dir(), record.ruleset.id)
    _create(record, path)
    if plain:
        _play_plain(path)
    from tui.app import run_app

    raise typer.Exit(run_app(saves_dir=_saves_dir(), game=path))


def _play_plain(path: Path) -> NoReturn:
    """Play the save at `path` line by line (tui/plain: no Textual)."""
    from engine.errors import SaveError
    from tui.plain import run_plain

    try:
        code = run_plain(path)
    except SaveError as exc:
        fail(str(exc))
    raise typer.Exit(code)


@app.command()
def resume(
    file: str = typer.Argument(..., help="A save file (or its name in the saves folder)."),
    plain: bool = PlainOpt,
) -> None:
    """Continue a saved game in the TUI."""
    _, path = _load(file)
    if plain:
        _play_plain(path)
    from tui.app import run_app

    raise typer.Exit(run_app(saves_dir=_saves_dir(), game=path))


@app.command()
def selfplay(
    game: str = typer.Argument(..., help="Game id, e.g. grid-square."),
    games_: int = typer.Option(..., "--games", "-g", help="How many games to play."),
    players: Optional[int] = PlayersOpt,
    bot: list[str] = BotOpt,
    seed_: str = typer.Option("0", "--seed", help="Seed of the first game (game k uses seed+k), or `random`: "
                              "a seed drawn now and printed (fresh games a setting was never tuned on)."),
    option: list[str] = OptionOpt,
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print the results as JSON: game, games, players, seed, swap, options, search_iterations, seats "
        "(per --bot seat: level, wins, draws, games, win_rate with its Wilson 95% interval win_rate_low/high, "
        "avg_score, ms_per_decision), seat_wins (outright wins by seat: the first-seat advantage), content "
        "(win rates per board, architect or map, as arena --json), avg_length, seconds.",
    ),
    swap: bool = typer.Option(False, "--swap", help="Rotate the seats' bots each game (fairer comparisons)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Play games in this many parallel processes."),
    iterations: Optional[int] = IterationsOpt,
    results_file: Optional[Path] = typer.Option(
        None, "--results", metavar="FILE",
        help="Keep every finished game in FILE, written as each game ends; run again with the same FILE "
        "(and settings) to play only the games it lacks, e.g. after Ctrl+C or with a larger --games. "
        "With --seed random, a FILE that exists gives its seed."),
) -> None:
    """Bots play each other; prints wins (with 95% intervals), scores and lengths per bot."""
    from engine.arena import MatchSpec, run_match
    from engine.errors import SaveError
    from engine.match_file import MatchFileError
    from engine.setup import check_player_count, parse_bot_specs

    ruleset = _ruleset(game)
    if games_ < 1:
        fail("--games must be at least 1")
    kept_seed = None
    if results_file is not None and seed_.strip().lower() == "random":
        from engine.match_file import kept_seed as seed_in

        kept_seed = seed_in(results_file)
        if kept_seed is not None:
            print(f"seed {kept_seed} (from {results_file}, the match it keeps)", file=sys.stderr)
    seed = kept_seed if kept_seed is not None else _seed_arg(seed_, games_)
    if not 1 <= jobs <= 64:
        fail("--jobs takes 1 to 64 processes")
    _check_iterations(iterations)
    try:
        n = check_player_count(ruleset, players)
        chosen = parse_bot_specs(ruleset, n, bot)
        opts = ruleset.parse_options(option)
    except ValueError as exc:
        fail(str(exc))
    levels = tuple(chosen.get(s, ruleset.default_bot_level) for s in range(n))
    spec = MatchSpec(ruleset.id, levels, games_, seed, opts, swap, iterations)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn(f"{ruleset.title}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
        disable=not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task("games", total=games_)
        tick = lambda done: progress.update(task, completed=done)  # noqa: E731
        try:
            if results_file is None:
                result = run_match(spec, jobs=jobs, progress=tick)
            else:
                from engine.match_file import run_kept

                result = run_kept(spec, results_file, jobs=jobs, progress=tick)
        except (MatchFileError, SaveError, OSError) as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            if results_file is not None:
                print(f"tsquare: the games finished are kept in {results_file}; the same command plays the rest",
                      file=sys.stderr)
            raise
    doc = result.to_json()
    if as_json:
        print(json.dumps(doc, indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{ruleset.title}: {games_} games{' (seats rotated)' if swap else ''}")
    for col in ("seat", "bot", "wins", "draws", "win %", "95% interval", "avg score", "ms/decision"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for r in doc["seats"]:
        table.add_row(
            str(r["seat"]),
            r["level"],
            str(r["wins"]),
            str(r["draws"]),
            f"{100 * r['win_rate']:.0f}",
            f"{100 * r['win_rate_low']:.0f}–{100 * r['win_rate_high']:.0f}",
            f"{r['avg_score']:.1f}",
            f"{r['ms_per_decision']:.2f}",
        )
    Console().print(table)
    seat_wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(doc["seat_wins"]))
    print(f"average length: {doc['avg_length']:.1f} plies · outright wins by seat: {seat_wins}")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(2222, "--port", help="TCP port for SSH."),
    data: Optional[str] = typer.Option(
        None, "--data", help="Folder for the host key, users and rooms (default: your data folder/server)."
    ),
    max_sessions: Optional[int] = typer.Option(
        None, "--max-sessions", help="Terminal sessions at once, everyone together (default: from memory, "
        "about 25 MiB each with a quarter of RAM left free)."
    ),
    first_logins: int = typer.Option(
        10, "--first-logins-per-minute", help="New keys (first logins) one address may bring in a minute."
    ),
    rooms_per_person: int = typer.Option(20, "--rooms-per-person", help="Unfinished rooms one person may have made."),
    max_rooms: int = typer.Option(10_000, "--max-rooms", help="Rooms on the server (finished ones count)."),
    bot_workers: Optional[int] = typer.Option(
        None, "--bot-workers", help="Processes the bots think in, rooms in parallel (default: four a core)."
    ),
    db: str = typer.Option(
        "sqlite", "--db", help="Where rooms and players live: sqlite (a file in the data folder), sqlite:///PATH, "
        "or postgresql://USER@HOST/NAME (several servers share its rooms)."
    ),
) -> None:
    """Host games over SSH: people join with `ssh -p PORT HOST`, each on their own terminal
    (`ssh -p PORT HOST plain`: line by line, for screen readers and scripts)."""
    if not 0 <= port <= 65535:
        fail("--port takes 0 to 65535")
    for flag, value, lo in (("--max-sessions", max_sessions, 1), ("--first-logins-per-minute", first_logins, 0),
                            ("--rooms-per-person", rooms_per_person, 0), ("--max-rooms", max_rooms, 0)):
        if value is not None and not lo <= value <= 1_000_000:
            fail(f"{flag} takes {lo} to 1000000")
    if bot_workers is not None and not 1 <= bot_workers <= 32:
        fail("--bot-workers takes 1 to 32")
    _check_db_url(db)
    try:
        from tui.server.ssh import serve_forever
    except ImportError:
        fail("the server needs asyncssh: pip install 'tsquare[server]'")
    if data:
        folder = Path(data).expanduser()
    else:
        from platformdirs import user_data_dir

        folder = Path(user_data_dir("tsquare", appauthor=False)) / "server"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"{folder}: cannot use it for the server: {exc.strerror or exc}")
    import dataclasses

    from tui.server.ssh import Limits

    limits = Limits(first_logins_per_minute=first_logins, rooms_per_person=rooms_per_person, max_rooms=max_rooms)
    if max_sessions is not None:
        limits = dataclasses.replace(limits, max_sessions=max_sessions)
    raise typer.Exit(serve_forever(folder, host, port, limits=limits, bot_workers=bot_workers, db=db))


def _check_db_url(db: str) -> None:
    """Fail (one line) unless `db` names a database the server can use."""
    from tui.server.db.backends import open_database

    if db == "files":
        return  # the data folder's own files (the server before the database)
    try:
        open_database(db, Path("."))
    except ValueError as exc:
        fail(f"--db: {exc}")


@app.command()
def server(
    action: str = typer.Argument(..., help="new-room GAME, rooms, ratings, players, or export ROOM."),
    args: Optional[list[str]] = typer.Argument(None, help="new-room: the game; export: the room (e.g. r0042)."),
    data: str = typer.Option(..., "--data", help="The server's data folder."),
    output: str = typer.Option("", "--output", "-o", help="export: the save file to write."),
    db: str = typer.Option("sqlite", "--db", help="The server's database (as `serve --db`)."),
    seat: Optional[list[str]] = typer.Option(None, "--seat", help="new-room: a seat (the name of someone who has logged in once, open, or bot:LEVEL; repeat)."),
    option: Optional[list[str]] = OptionOpt,
    rated: bool = typer.Option(False, "--rated", help="new-room: the game's end updates ratings."),
    limit: str = typer.Option("", "--limit", help="new-room: time for each move (90s, 10m, 2h, 3d)."),
    when_out: str = typer.Option("loss", "--when-out", help="new-room: a person out of time: loss, or bot:LEVEL "
                                 "plays their seat until they come back."),
    game: str = typer.Option("", "--game", help="ratings: one game's ladder."),
    as_json: bool = typer.Option(False, "--json", help="rooms, ratings, players: JSON for tools."),
    seed: Optional[int] = typer.Option(None, "--seed", help="new-room: the game's seed."),
) -> None:
    """The operator's command line on a server's rooms (safe while `tsquare serve` runs): new-room, rooms,
    ratings, players, export."""
    from tui.server.operator import OperatorError, Request, run

    _check_db_url(db)
    req = Request(action, list(args or []), Path(data).expanduser(), db, list(seat or []), list(option or []),
                  rated, limit, when_out, game, as_json, output, seed)
    try:
        lines = run(req)
    except OperatorError as exc:
        fail(str(exc))
    for line in lines:
        print(line)


@app.command()
def hint(
    file: str = typer.Argument(..., help="A save file."),
    as_: Optional[int] = AsOpt,
    time_: float = typer.Option(1.0, "--time", "-t", help="Seconds to think (0.05 to 60)."),
) -> None:
    """The search level's top three moves for a seat, from its own view only."""
    from engine.bots.hint import hints

    if not 0.05 <= time_ <= 60:
        fail("--time takes 0.05 to 60 seconds")
    record, _ = _load(file)
    if record.state.is_over():
        fail("the game is over")
    refusal = record.hints_refusal()
    if refusal:
        fail(f"{refusal} (tsquare new --hints)")
    seat = _seat(record, as_)
    view = record.state.view(seat)
    if not view.legal(seat):
        fail(f"seat {seat + 1} has no move to make now")
    found = hints(record.ruleset, view, seat, time_, seed=record.seed + record.ply)
    print(f"{record.names[seat]} (seat {seat + 1}); 1 is what the search level would play, then the others by win share:")
    for i, h in enumerate(found, 1):
        why = f" [its pick: {h.why}]" if h.why else ""
        print(f"{i}. {h.notation:<14} {100 * h.win_share:3.0f}% win share{why}  {h.description}")


@app.command()
def review(
    file: str = typer.Argument(..., help="A save file."),
    as_: Optional[int] = typer.Option(None, "--as", help="Review only this seat's moves (1..N); a game in "
                                      "progress can only be reviewed this way."),
    iterations: Optional[int] = typer.Option(None, "--iterations", help="Search iterations a decision "
                                             "(default: the game's review budget): the same review on any "
                                             "machine and any --jobs."),
    time_: Optional[float] = typer.Option(None, "--time", "-t", help="Seconds a decision instead (0.05 to 60; "
                                          "not repeatable)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Review decisions in this many parallel processes."),
    as_json: bool = typer.Option(False, "--json", help="Print the review as JSON: format, game, key, seat, "
                                 "plies, budget, thresholds, moves (ply, seat, played, played_words, best, "
                                 "best_words, played_share, best_share, loss, mark, symbol) and players (seat, "
                                 "name, decisions, accuracy, inaccuracies, mistakes, blunders, turning_point)."),
) -> None:
    """Review a game: each decision judged by the search from its mover's own view, marked ?! ? ??."""
    from engine.review import review_or_stored

    if iterations is not None and time_ is not None:
        fail("give --iterations or --time, not both")
    _check_iterations(iterations)
    if time_ is not None and not (math.isfinite(time_) and 0.05 <= time_ <= 60):
        fail("--time takes 0.05 to 60 seconds")
    if not 1 <= jobs <= 64:
        fail("--jobs takes 1 to 64 processes")
    record, path = _load(file)
    seat = None if as_ is None else as_ - 1
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn(f"Reviewing {record.ruleset.title}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True, disable=not sys.stderr.isatty()) as progress:
        task = progress.add_task("decisions", total=None)
        try:
            result, _old = review_or_stored(path, record, seat, iterations, time_, jobs,
                                            progress=lambda done, total: progress.update(task, completed=done,
                                                                                         total=total))
        except ValueError as exc:
            fail(str(exc))
    doc = result.to_json(record)
    if as_json:
        print(json.dumps(doc, indent=1, ensure_ascii=False))
        return
    from engine.text import shown
    from engine.words import plural

    budget = doc["budget"]
    said = f"{budget['iterations']} iterations" if "iterations" in budget else f"{budget['seconds']:g} s"
    print(f"{record.ruleset.title} · {record.ply} moves · {len(result.moves)} decisions reviewed "
          f"({said} each, from each mover's own view)")
    for m in result.moves:
        if m.mark:
            print(f"ply {m.ply:>3} {shown(record.names[m.seat], 24)}: {m.played} {m.symbol} {m.mark}, "
                  f"{100 * m.played_share:.0f}% win share; better {m.best} {100 * m.best_share:.0f}%: {m.best_words}")
    for p in result.players:
        tp = p.turning_point
        turning = f"ply {tp.ply} (−{100 * tp.loss:.0f}%)" if tp else "none"
        marks = ", ".join(plural(p.counts[k], k, "inaccuracies" if k == "inaccuracy" else None)
                          for k in ("inaccuracy", "mistake", "blunder"))
        print(f"{shown(p.name, 24)} (seat {p.seat + 1}): accuracy {100 * p.accuracy:.0f}% · {marks} · "
              f"turning point: {turning}")


@app.command()
def arena(
    game: str = typer.Argument(..., help="Game id, e.g. grid-square."),
    levels: Optional[str] = typer.Option(None, "--levels", "-l", help="Bot levels, comma-separated "
                                         "(default: the game's own levels)."),
    games_: int = typer.Option(20, "--games", "-g", help="Games for each pairing of levels."),
    players: Optional[int] = PlayersOpt,
    seed_: str = typer.Option("0", "--seed", help="Seed of the first game, or `random`: a seed drawn now "
                              "and printed (fresh games a setting was never tuned on)."),
    option: list[str] = OptionOpt,
    jobs: int = typer.Option(1, "--jobs", "-j", help="Play games in this many parallel processes."),
    iterations: Optional[int] = IterationsOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON: game, players, levels, "
                                 "ladder (level, rating, rating_low/high, score_mean/sd/min/max), matches "
                                 "(as selfplay --json), seat_wins, content (per tag and value of the content "
                                 "seats played with, e.g. board or architect, overall and per level: games, "
                                 "wins, win_rate, win_rate_low/high), length_mean/min/max, seconds."),
) -> None:
    """A round robin of bot levels, seats rotated: a ladder of ratings.

    Also the win rate of each piece of content a game deals out (board,
    architect, map, where the game has them), with 95% intervals."""
    from engine.arena import pairings, run_ladder
    from engine.setup import check_player_count

    ruleset = _ruleset(game)
    if games_ < 1:
        fail("--games must be at least 1")
    if not 1 <= jobs <= 64:
        fail("--jobs takes 1 to 64 processes")
    _check_iterations(iterations)
    chosen = [x.strip() for x in levels.split(",")] if levels else list(ruleset.own_bot_levels)
    try:
        n = check_player_count(ruleset, players)
        opts = ruleset.parse_options(option)
        for lv in chosen:
            if lv not in ruleset.bot_levels:
                raise ValueError(f"unknown bot level {lv!r} (levels: {', '.join(ruleset.bot_levels)})")
        if len(set(chosen)) != len(chosen) or len(chosen) < 2:
            raise ValueError("--levels: name at least two different levels, each once")
    except ValueError as exc:
        fail(str(exc))
    total = games_ * len(pairings(chosen, n))
    seed = _seed_arg(seed_, 100_000 * len(pairings(chosen, n)) + games_)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn(f"{ruleset.title}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True, disable=not sys.stderr.isatty()) as progress:
        task = progress.add_task("games", total=total)
        ladder = run_ladder(ruleset.id, chosen, games_, n, seed, opts, jobs,
                            progress=lambda done, _total: progress.update(task, completed=done),
                            search_iterations=iterations)
    doc = ladder.to_json()
    if as_json:
        print(json.dumps(doc, indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{ruleset.title}, {n} players: {total} games, seats rotated")
    for col in ("rank", "level", "rating", "95% interval", "avg score", "sd", "min–max"):
        table.add_column(col, justify="left" if col == "level" else "right")
    for i, r in enumerate(doc["ladder"], 1):
        table.add_row(str(i), r["level"], f"{r['rating']:+.0f}", f"{r['rating_low']:+.0f} to {r['rating_high']:+.0f}",
                      f"{r['score_mean']:.1f}", f"{r['score_sd']:.1f}", f"{r['score_min']}–{r['score_max']}")
    Console().print(table)
    for m in doc["matches"]:
        print("  " + " vs ".join(f"{s['level']} {100 * s['win_rate']:.0f}% "
                                 f"({100 * s['win_rate_low']:.0f}–{100 * s['win_rate_high']:.0f}%)"
                                 for s in m["seats"][:2])
              + ("" if n == 2 else f" (and {n - 2} more {m['seats'][1]['level']})"))
    content = [c for c in doc["content"] if c["level"] == "all"]
    if content:
        print("wins by content (all levels): " + "; ".join(
            f"{c['tag']} {c['value']} {100 * c['win_rate']:.0f}% of {c['games']} "
            f"({100 * c['win_rate_low']:.0f}–{100 * c['win_rate_high']:.0f}%)" for c in content))
    seat_wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(doc["seat_wins"]))
    print(f"outright wins by seat: {seat_wins}")
    print(f"game length: {doc['length_mean']:.1f} plies (from {doc['length_min']} to {doc['length_max']})")


def main() -> None:
    """Console entry point: runs the app, turning crashes into one line, exit 1."""
    # Click's exception base (typer vendors Click in newer versions)
    ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
    assert issubclass(ClickException, Exception)
    try:
        code = app(standalone_mode=False)
    except ClickException as caught:  # usage errors: one line, not Click's usage block
        from engine.text import shown

        exc: Any = caught  # Click's own class, found above: format_message, ctx, exit_code
        message = shown(" ".join(exc.format_message().split()), ERROR_CELLS)
        ctx = getattr(exc, "ctx", None)
        hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        print(f"tsquare: {message}{hint}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Abort:
        print("tsquare: aborted", file=sys.stderr)
        sys.exit(1)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        print("tsquare: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # a bug: one line and a report file, never a traceback on screen
        from engine.crash import crash_line, write_report

        try:
            folder = _saves_dir()
        except Exception:  # noqa: BLE001 - the report then goes to the temp folder
            import tempfile

            folder = Path(tempfile.gettempdir())
        print(crash_line(exc, write_report(exc, folder)), file=sys.stderr)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
