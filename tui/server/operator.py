"""The operator's command line, `tsquare server ACTION --data DIR …`: rooms,
players and ratings of a server's database, safe while `tsquare serve`
runs on it (every change is one transaction, as a player's is).

- `new-room GAME --seat SEAT…` (the name of a person who has logged in
  once, `open` or `bot:LEVEL`: an unknown name is refused, never held for
  whoever takes that name next; a room of bots only is played by the
  server's bots), `--rated`, `--limit 10m`, `--when-out bot:LEVEL|loss`,
  `-O NAME=VALUE`. On a folder or database no server has used yet it makes
  what is needed first, so rooms can be prepared before the first start;
- `rooms`, `ratings [--game GAME]`, `players` (each `--json` for tools);
- `export ROOM -o FILE`.

Each failure is one line (`OperatorError`), never a traceback.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ACTIONS = ("new-room", "rooms", "ratings", "players", "export")


class OperatorError(Exception):
    """What the operator is told, in one line."""


@dataclass
class Request:
    """One `tsquare server` command line, parsed."""

    action: str
    args: list[str]
    data: Path
    db: str = "sqlite"
    seats: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    rated: bool = False
    limit: str = ""
    when_out: str = "loss"
    game: str = ""
    json: bool = False
    output: str = ""
    seed: int | None = None


def open_server_store(data: Path, db: str, prepare: bool = False) -> Any:
    """The store of a server's data folder (OperatorError if it has none);
    `prepare`: make the folder and the database if no server has yet."""
    from tui.server.db import migrations, open_store

    if prepare and db != "files" and not data.exists():
        try:
            data.mkdir(parents=True, mode=0o700)
        except OSError as exc:
            raise OperatorError(f"{data}: cannot make the data folder ({exc.strerror or exc})") from None
    if not data.is_dir():
        raise OperatorError(f"{data}: no such data folder")
    if db == "sqlite" and not prepare and not (data / "tsquare.db").is_file():
        raise OperatorError(f"{data}: no server database here (start `tsquare serve --data {data}` once)")
    store = open_store(data, db)
    if db != "files":
        have = migrations.current(store.db)
        if have is None and not prepare:
            raise OperatorError(f"{data}: no server database here (start `tsquare serve --data {data}` once)")
        if have is None or have < migrations.latest():
            store.make()  # a new database, or a server started before rated play: the schema brought up to date
    return store


def run(req: Request) -> list[str]:
    """Do what `req` asks; the lines to print."""
    from engine.errors import SaveError
    from tui.server.db.backends import DatabaseDown
    from tui.server.records import RoomError

    if req.action not in ACTIONS:
        raise OperatorError(f"no server action {req.action!r} (there are: {', '.join(ACTIONS)})")
    wanted = {"new-room": 1, "export": 1}.get(req.action, 0)
    if len(req.args) != wanted:
        what = {"new-room": "a game", "export": "a room"}.get(req.action)
        raise OperatorError(f"server {req.action} takes {what}" if what else f"server {req.action} takes no argument")
    try:
        store = open_server_store(req.data, req.db, prepare=req.action == "new-room")
    except DatabaseDown as exc:
        raise OperatorError(f"cannot use the database: {exc.detail}") from None
    try:
        if req.db == "files" and req.action != "export":
            raise OperatorError(f"server {req.action} needs the database (not --db files)")
        return ACTION_FUNCS[req.action](store, req)
    except DatabaseDown as exc:
        raise OperatorError(f"cannot use the database: {exc.detail}") from None
    except (RoomError, SaveError, OSError, ValueError) as exc:
        raise OperatorError(str(exc)) from None
    finally:
        closing = getattr(store, "close", None)
        if closing is not None:
            closing()


def _seat(text: str) -> str | None:
    return None if text == "open" else text


def _people(store: Any, seats: list[str]) -> list[str | None]:
    """The seats as the room keeps them: each name as its person spells it;
    OperatorError for a name nobody has taken on this server."""
    out: list[str | None] = []
    for text in seats:
        seat = _seat(text)
        if seat is not None and not seat.startswith("bot:"):
            rows = store._q("SELECT name FROM users WHERE name_key = ?", (seat.lower(),))
            if not rows:
                raise OperatorError(f"no player {seat!r} here (a seat is a name of someone who has logged in "
                                    "once, open, or bot:LEVEL)")
            seat = str(rows[0][0])
        out.append(seat)
    return out


def new_room(store: Any, req: Request) -> list[str]:
    from engine.registry import REGISTRY
    from tui.server.db.rated import LOSS, RoomTerms, parse_limit

    game = req.args[0]
    if game not in REGISTRY.ids():
        raise OperatorError(f"no game {game!r} (there are: {', '.join(REGISTRY.ids())})")
    ruleset = REGISTRY.get(game)
    if not req.seats:
        raise OperatorError("name each seat with --seat (a player's name, open, or bot:LEVEL)")
    options = ruleset.parse_options(req.options) if req.options else None
    seconds = parse_limit(req.limit) if req.limit else 0
    if req.when_out != LOSS and not req.when_out.startswith("bot:"):
        raise OperatorError("--when-out is loss or bot:LEVEL")
    terms = RoomTerms(rated=req.rated, move_seconds=seconds, policy=req.when_out)
    room = store.create_room(game, _people(store, req.seats), options, seed=req.seed, terms=terms)
    words = [w for w in ("rated" if req.rated else "", terms.limit_words()) if w]
    return [f"{room.id}: {ruleset.title}, {', '.join(_seat_words(s) for s in room.seats)}"
            + (f" ({'; '.join(words)})" if words else "")]


def _seat_words(seat: str | None) -> str:
    from tui.server.records import seat_label

    return seat_label(seat)


def rooms(store: Any, req: Request) -> list[str]:
    from tui.server.db.room_words import rooms_now

    listed = store.rooms()
    all_now = rooms_now(store, [r.id for r in listed])
    docs = []
    for room in listed:
        st = store.status(room, None)
        now = all_now.get(room.id)
        t = now.terms if now else None
        turn = [] if st is None or st.over else [room.seats[s] or f"open seat {s + 1}" for s in st.to_act]
        docs.append({"id": room.id, "game": room.game, "seats": room.seats, "turn": turn,
                     "over": bool(st and st.over), "ply": st.ply if st else 0, "rated": bool(t and t.rated),
                     "void": t.void if t else "", "clock": now.clock() if now and now.terms.timed else "",
                     "limit": t.limit_words() if t else ""})
    if req.json:
        return [json.dumps(docs, indent=1)]
    if not docs:
        return ["no rooms yet"]
    lines = []
    for d in docs:
        state = "over" if d["over"] else "to move: " + ", ".join(_seat_words(s) for s in d["turn"])
        extra = [w for w in (f"void: {d['void']}" if d["void"] else "rated" if d["rated"] else "", d["clock"]) if w]
        lines.append(f"{d['id']}  {d['game']:<18} {', '.join(_seat_words(s) for s in d['seats'])}  ·  {state}"
                     + (f"  ·  {', '.join(extra)}" if extra else ""))
    return lines


def ratings(store: Any, req: Request) -> list[str]:
    from engine.registry import REGISTRY
    from tui.server.db.rated import ladder

    if req.game and req.game not in REGISTRY.ids():
        raise OperatorError(f"no game {req.game!r} (there are: {', '.join(REGISTRY.ids())})")
    rows = ladder(store, req.game or None)
    if req.json:
        return [json.dumps([r.to_json() for r in rows], indent=1)]
    if not rows:
        return ["no rated games yet"]
    return [f"{r.game:<18} {r.player:<16} {r.rating:7.1f} ±{r.rd:5.1f}  {r.games} game{'s' if r.games != 1 else ''}"
            for r in rows]


def players(store: Any, req: Request) -> list[str]:
    rows = store._q("SELECT name, first_seen, last_seen FROM users ORDER BY name_key")
    docs = [{"name": str(n), "first_seen": str(f), "last_seen": str(s)} for n, f, s in rows]
    if req.json:
        return [json.dumps(docs, indent=1)]
    if not docs:
        return ["no players yet"]
    return [f"{d['name']:<16} first seen {d['first_seen']}, last seen {d['last_seen']}" for d in docs]


def export(store: Any, req: Request) -> list[str]:
    from engine.saves import SaveWriteError, write_atomic

    if not req.output:
        raise OperatorError("server export takes -o FILE")
    room, out = req.args[0], Path(req.output)
    if not out.parent.is_dir():  # never a folder made on the operator's behalf
        raise OperatorError(f"{req.output}: the folder {out.parent} does not exist")
    if out.is_dir():
        raise OperatorError(f"{req.output}: is a folder; give a file name")
    text = store.export(room)
    try:
        write_atomic(out, text)
    except (OSError, SaveWriteError) as exc:
        raise OperatorError(f"{req.output}: cannot write: {exc}") from None
    return [f"{room}: saved to {req.output}"]


ACTION_FUNCS = {"new-room": new_room, "rooms": rooms, "ratings": ratings, "players": players, "export": export}
