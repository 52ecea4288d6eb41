"""Save files: JSON with a header, the seed, the move list and a snapshot.

Writes are atomic (temp file in the same folder, flush, fsync, rename); loads
replay the moves from the seed and check the snapshot and its hash. Every
problem is a SaveError whose message is one line naming the file.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.errors import SaveError

try:  # the interpreter's built-in SHA-256: same digest, without loading OpenSSL (~5 ms)
    from _sha2 import sha256  # Python 3.12+
except ImportError:  # pragma: no cover - depends on the Python version
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        from hashlib import sha256
from engine.record import GameRecord, Player

FORMAT = "tsquare-save"
FORMAT_VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
"""A save larger than this is refused unread."""


def state_hash(snapshot: dict[str, Any]) -> str:
    """sha256 of the snapshot's canonical JSON."""
    data = json.dumps(snapshot, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return sha256(data.encode()).hexdigest()


def to_json(record: GameRecord) -> dict[str, Any]:
    """The save document for `record`."""
    snap = record.state.snapshot()
    outcome = record.state.outcome()
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": record.ruleset.id,
        "ruleset_version": record.ruleset.version,
        "options": record.options,
        "players": [{"name": p.name, "kind": p.kind} for p in record.players],
        "seed": record.seed,
        "created": record.created,
        "updated": record.updated,
        "moves": [[seat + 1, text] for seat, text in record.moves],
        "result": outcome.to_json() if outcome else None,
        "snapshot": {"ply": record.ply, "hash": state_hash(snap), "state": snap},
    }


def dumps(record: GameRecord) -> str:
    """The save file's text."""
    return json.dumps(to_json(record), indent=1, ensure_ascii=False) + "\n"


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves the old file or the new
    one, never a torn one."""
    import tempfile  # only writers pay for it (show, moves, verify read only)

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save(record: GameRecord, path: Path) -> None:
    """Autosave `record` to `path` atomically."""
    try:
        write_atomic(Path(path), dumps(record))
    except OSError as exc:
        raise SaveError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _first_difference(a: Any, b: Any, where: str = "") -> str:
    """A short path to the first place two JSON values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{where}.{key}".lstrip(".")
            found = _first_difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return ""
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where} (length {len(a)} vs {len(b)})".lstrip(".")
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return ""
    return "" if a == b else (where.lstrip(".") or "(root)")


def _need(doc: dict[str, Any], key: str, kind: type | tuple[type, ...], name: str) -> Any:
    if key not in doc:
        raise SaveError(f"{name}: missing field {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"{name}: field {key!r} has the wrong type")
    return value


def from_json(doc: Any, name: str = "save") -> GameRecord:
    """Rebuild and check a record from a parsed save document."""
    from engine.registry import REGISTRY, UnknownGameError

    if not isinstance(doc, dict):
        raise SaveError(f"{name}: not a save file (the JSON is not an object)")
    if doc.get("format") != FORMAT:
        raise SaveError(f"{name}: not a T-Square save (format is {doc.get('format')!r})")
    version = _need(doc, "format_version", int, name)
    if version != FORMAT_VERSION:
        raise SaveError(f"{name}: save format version {version} is not supported (this is {FORMAT_VERSION})")
    game = _need(doc, "game", str, name)
    try:
        ruleset = REGISTRY.get(game)
    except UnknownGameError as exc:
        raise SaveError(f"{name}: {exc}") from None
    rversion = _need(doc, "ruleset_version", int, name)
    if rversion != ruleset.version:
        raise SaveError(
            f"{name}: made with {ruleset.title} rules version {rversion}, this is version {ruleset.version}"
        )
    options = _need(doc, "options", dict, name)
    raw_players = _need(doc, "players", list, name)
    players = []
    for i, p in enumerate(raw_players):
        if not (isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("kind"), str)):
            raise SaveError(f"{name}: player {i + 1} needs a text name and kind")
        kind = p["kind"]
        if kind != "human" and not (kind.startswith("bot:") and kind[4:] in ruleset.bot_levels):
            raise SaveError(f"{name}: player {i + 1} has an unknown kind {kind!r}")
        players.append(Player(p["name"], kind))
    seed = _need(doc, "seed", int, name)
    raw_moves = _need(doc, "moves", list, name)
    try:
        record = GameRecord.new(ruleset, players, seed, options)
    except ValueError as exc:
        raise SaveError(f"{name}: {exc}") from None
    record.created = str(doc.get("created", record.created))
    n = len(players)
    for i, item in enumerate(raw_moves, start=1):
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and not isinstance(item[0], bool)
            and isinstance(item[1], str)
        ):
            raise SaveError(f"{name}: move {i} must be [seat, \"notation\"]")
        seat = item[0] - 1
        if not 0 <= seat < n:
            raise SaveError(f"{name}: move {i} names seat {item[0]}, the game has seats 1–{n}")
        try:
            record.play(seat, item[1])
        except ValueError as exc:
            raise SaveError(f"{name}: move {i} (seat {item[0]} {item[1]!r}) is not legal: {exc}") from None
    record.updated = str(doc.get("updated", record.updated))
    snap_doc = _need(doc, "snapshot", dict, name)
    stored_state = snap_doc.get("state")
    stored_hash = snap_doc.get("hash")
    if snap_doc.get("ply") != record.ply:
        raise SaveError(f"{name}: the snapshot is at ply {snap_doc.get('ply')}, the move list has {record.ply}")
    if stored_hash != state_hash(stored_state if isinstance(stored_state, dict) else {}):
        raise SaveError(f"{name}: the snapshot's hash does not match its contents (file altered?)")
    replayed = record.state.snapshot()
    if replayed != stored_state:
        where = _first_difference(replayed, stored_state)
        raise SaveError(f"{name}: the snapshot does not match the replayed moves (differs at {where})")
    return record


def load(path: Path) -> GameRecord:
    """Read, replay and check the save at `path`; SaveError if anything is off."""
    path = Path(path)
    name = str(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(f"{name}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if path.is_dir():
        raise SaveError(f"{name}: is a folder, not a save file")
    if size > MAX_BYTES:
        raise SaveError(f"{name}: too large for a save ({size} bytes, limit {MAX_BYTES})")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name}: not a save file (not UTF-8 text)") from None
    except OSError as exc:
        raise SaveError(f"{name}: cannot read: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    return from_json(doc, name)
