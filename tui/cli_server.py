"""`tsquare serve` and `tsquare server`: the SSH server and its operator's
commands (each imports the server only when run)."""

from pathlib import Path
from typing import Optional

import typer

from tui.cli_base import (
    OptionOpt,
    app,
    fail,
)


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
    web_port: Optional[int] = typer.Option(
        None, "--web-port", help="Also open the web door on this port: the lobby and rooms in a browser, "
        "signed in by a link from `ssh -p PORT HOST link`."
    ),
    web_watch: bool = typer.Option(
        False, "--web-watch", help="Let browsers that have not signed in watch the rooms (never play)."
    ),
    public_url: str = typer.Option(
        "", "--public-url", help="Where browsers reach the web door (behind a TLS proxy: https://games.example.org); "
        "default http://HOST:WEB-PORT."
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
    if web_port is not None and not 0 <= web_port <= 65535:
        fail("--web-port takes 0 to 65535")
    if public_url and (web_port is None or not public_url.startswith(("http://", "https://"))):
        fail("--public-url takes an http:// or https:// address, with --web-port")
    from tui.web_local import is_loopback

    if web_watch and web_port is None:
        fail("--web-watch needs --web-port")
    if web_port is not None and not public_url and not is_loopback(host):
        fail(f"--web-port on {host} needs --public-url: the address browsers use (the sign-in links carry it)")
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
    web = None
    if web_port is not None:
        try:
            import aiohttp  # noqa: F401
            import textual_serve  # noqa: F401
        except ImportError:
            fail("the web door needs textual-serve: pip install textual-serve")
        from tui.server.ssh import WebSettings

        web = WebSettings(web_port, public_url.rstrip("/"), watch=web_watch)
    raise typer.Exit(serve_forever(folder, host, port, limits=limits, bot_workers=bot_workers, db=db, web=web))


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
