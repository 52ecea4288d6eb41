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
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Optional

import typer

if TYPE_CHECKING:
    from engine.record import GameRecord

from tui.cli_base import (
    ERROR_CELLS,
    AsOpt,
    BotOpt,
    HintsOpt,
    NameOpt,
    OptionOpt,
    PlainOpt,
    PlayersOpt,
    SeedOpt,
    Settings,
    _create,
    _editing,
    _load,
    _make_record,
    _path,
    _ruleset,
    _saves_dir,
    _seat,
    _seat_number,
    app,
    fail,
)


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
            parts = ", ".join(f"{k} {v}" for k, v in out.scored(i).items()) or "nothing"
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


# The study and server commands register themselves on `app` when imported (in
# this order in --help).
import tui.cli_server  # noqa: E402,F401
import tui.cli_study  # noqa: E402,F401
import tui.cli_web  # noqa: E402,F401


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
