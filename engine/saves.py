"""Save files: JSON with a header, the seed, the move list and a snapshot.

Writes are atomic (temp file beside the real file, flush, fsync, rename) and
every change to an existing save goes through a game session
(`engine.session.GameSession`: lock, load fresh, check, change, write). Loads
read regular files only, with a bounded read, replay the moves from the seed
and check the snapshot and its hash. Every problem is a SaveError whose
message is one line naming the file.
"""
from __future__ import annotations

import errno
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from engine.errors import SaveError

try:  # the interpreter's built-in SHA-256: same digest, without loading OpenSSL (~5 ms)
    if sys.version_info >= (3, 12):
        from _sha2 import sha256
    else:
        from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import sha256
from engine.record import GameRecord, Player
from engine.registry import REGISTRY, UnknownGameError
from engine.snapshot_diff import first_difference, shared_fields
from engine.text import UserTextError, check_name, quoted, reason, shown

FORMAT = "tsquare-save"
FORMAT_VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
"""A save larger than this is refused unread."""
MAX_DEPTH = 64
"""JSON nested deeper than this is refused (real saves nest a handful of levels)."""
SEED_LIMIT = 1 << 64
"""Seeds are 0 <= seed < SEED_LIMIT (the generator's 64-bit state)."""
MESSAGE_CELLS = 240
"""An error message about a file is cut to this many cells."""
TIME_SHAPE = "dddd-dd-ddTdd:dd:dd+00:00"
"""`created` and `updated`: ISO 8601 UTC to the second, as `now_iso` writes
(each d stands for a decimal digit)."""


class SaveWriteError(SaveError):
    """A save that could not be written; `errno` says why."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.errno = code

    @property
    def refused(self) -> bool:
        """True when the place cannot be written at all (a read-only folder,
        no permission, not a regular file): bad input rather than a failure."""
        return self.errno in (errno.EACCES, errno.EPERM, errno.EROFS, None)


def state_hash(snapshot: dict[str, Any]) -> str:
    """sha256 of the snapshot's canonical JSON."""
    data = json.dumps(snapshot, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    digest: str = sha256(data.encode()).hexdigest()
    return digest


def to_json(record: GameRecord) -> dict[str, Any]:
    """The save document for `record`."""
    snap = record.state.snapshot()
    outcome = record.state.outcome()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": record.ruleset.id,
        "ruleset_version": record.rules_version,
        "options": record.options,
        "players": [{"name": p.name, "kind": p.kind} for p in record.players],
        "seed": record.seed,
        "created": record.created,
        "updated": record.updated,
        "moves": [[seat + 1, text] for seat, text in record.moves],
        "result": outcome.to_json() if outcome else None,
        "snapshot": {"ply": record.ply, "hash": state_hash(snap), "state": snap},
    }
    if record.hints:  # optional: absent means no agreement (saves from before it read the same)
        doc["hints"] = True
    if record.stand_ins:  # optional: a server room's moves made by a stand-in bot
        doc["stand_ins"] = [[ply + 1, level] for ply, level in sorted(record.stand_ins.items())]
    return doc


def dumps(record: GameRecord) -> str:
    """The save file's text."""
    return json.dumps(to_json(record), indent=1, ensure_ascii=False) + "\n"


def real_path(path: Path) -> Path:
    """The file `path` names, symbolic links followed (it may not exist yet)."""
    return Path(os.path.realpath(path))


def remove_stale_temps(path: Path, keep: str | None = None) -> int:
    """Remove `.NAME.XXXX.tmp` files a killed writer left beside save `path`
    (call it holding the save's lock); returns how many went."""
    import glob

    real = real_path(path)
    gone = 0
    for tmp in glob.glob(os.path.join(glob.escape(str(real.parent)), f".{glob.escape(real.name)}.*.tmp")):
        if tmp == keep:
            continue
        try:
            os.unlink(tmp)
            gone += 1
        except OSError:
            pass
    return gone


def write_atomic(path: Path, text: str, clean: bool = False) -> None:
    """Write `text` to the file `path` names so that a crash leaves the old
    file or the new one, never a torn one. Symbolic links are followed (the
    link stays, its target gets the new text); an existing file keeps its
    permission bits; anything but a regular file or a new name is refused
    (SaveWriteError). With `clean`, stale temp files of this save go too."""
    import tempfile  # only writers pay for it (show, moves, verify read only)

    real = real_path(path)
    folder = real.parent
    try:
        old = os.stat(real)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise SaveWriteError(f"{path}: not a regular file; nothing is ever written over it")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=folder)
    try:
        if old is not None:
            os.fchmod(fd, stat.S_IMODE(old.st_mode))
            if (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
                try:
                    os.fchown(fd, old.st_uid, old.st_gid)
                except OSError:
                    pass  # not ours to give away: the new file stays the writer's
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, real)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if clean:
        remove_stale_temps(real, keep=tmp)
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save(record: GameRecord, path: Path, clean: bool = False) -> None:
    """Write `record` to `path` atomically (see `write_atomic`). Changing a
    save others may write too goes through a GameSession instead."""
    try:
        write_atomic(Path(path), dumps(record), clean)
    except SaveError:
        raise
    except OSError as exc:
        refused = exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
        where = f" in {real_path(Path(path)).parent}" if refused else ""
        raise SaveWriteError(f"{path}: cannot write{where}: {exc.strerror or exc}", exc.errno) from None


def _has_time_shape(value: str) -> bool:
    """Whether `value` is shaped like TIME_SHAPE (checked without a regular
    expression, whose compiling would cost more than the check)."""
    return len(value) == len(TIME_SHAPE) and all(
        c.isdecimal() if want == "d" else c == want for c, want in zip(value, TIME_SHAPE)
    )


def _need(doc: dict[str, Any], key: str, kind: type | tuple[type, ...], name: str) -> Any:
    if key not in doc:
        raise SaveError(f"{name}: missing field {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"{name}: field {key!r} has the wrong type")
    return value


def _shown_value(value: Any) -> str:
    """A value from a file, for an error line: quoted and cut if text."""
    return quoted(value) if isinstance(value, str) else type(value).__name__


def _read_stand_ins(doc: dict[str, Any], record: GameRecord, name: str) -> None:
    """The optional `stand_ins`: [[ply (1-based), "LEVEL"], ...], each a move
    of a person's seat made by a bot level of the game."""
    raw = doc.get("stand_ins", [])
    if not isinstance(raw, list):
        raise SaveError(f"{name}: field 'stand_ins' must be a list of [ply, \"LEVEL\"]")
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)
                and not isinstance(item[0], bool) and isinstance(item[1], str)):
            raise SaveError(f"{name}: each of 'stand_ins' must be [ply, \"LEVEL\"]")
        ply, level = item[0] - 1, item[1]
        if not 0 <= ply < record.ply:
            raise SaveError(f"{name}: 'stand_ins' names move {shown(str(item[0]), 24)}, the game has {record.ply}")
        if level not in record.ruleset.bot_levels:
            raise SaveError(f"{name}: 'stand_ins' names an unknown bot level {quoted(level)}")
        record.mark_stand_in(ply, level)


def from_json(doc: Any, name: str = "save") -> GameRecord:
    """Rebuild and check a record from a parsed save document (every rule of
    saves/FORMAT.md); SaveError, one short line, if anything is off."""
    try:
        return _from_json(doc, name)
    except SaveError as exc:
        raise SaveError(shown(str(exc), MESSAGE_CELLS)) from None


def _from_json(doc: Any, name: str) -> GameRecord:
    if not isinstance(doc, dict):
        raise SaveError(f"{name}: not a save file (the JSON is not an object)")
    if doc.get("format") != FORMAT:
        raise SaveError(f"{name}: not a T-Square save (format is {_shown_value(doc.get('format'))})")
    version = _need(doc, "format_version", int, name)
    if version != FORMAT_VERSION:
        raise SaveError(f"{name}: save format version {version} is not supported (this is {FORMAT_VERSION})")
    game = _need(doc, "game", str, name)
    try:
        ruleset = REGISTRY.get(game)
    except UnknownGameError as exc:
        raise SaveError(f"{name}: {shown(str(exc), 80)}") from None
    rversion = _need(doc, "ruleset_version", int, name)
    if rversion > ruleset.version:
        raise SaveError(
            f"{name}: made with {ruleset.title} rules version {rversion}, newer than this program"
            f" ({ruleset.versions_text()}): update T-Square to open it"
        )
    if rversion < ruleset.oldest_version:
        raise SaveError(
            f"{name}: made with {ruleset.title} rules version {rversion}, which this program no longer"
            f" plays ({ruleset.versions_text()})"
        )
    options = _need(doc, "options", dict, name)
    raw_players = _need(doc, "players", list, name)
    players = []
    for i, p in enumerate(raw_players):
        if not (isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("kind"), str)):
            raise SaveError(f"{name}: player {i + 1} needs a text name and kind")
        try:
            check_name(p["name"])
        except UserTextError as exc:
            raise SaveError(f"{name}: player {i + 1}: {exc}") from None
        kind = p["kind"]
        if kind != "human" and not (kind.startswith("bot:") and kind[4:] in ruleset.bot_levels):
            raise SaveError(f"{name}: player {i + 1} has an unknown kind {quoted(kind)}")
        players.append(Player(p["name"], kind))
    seed = _need(doc, "seed", int, name)
    if not 0 <= seed < SEED_LIMIT:
        raise SaveError(f"{name}: the seed must be from 0 to 2**64 - 1")
    stamps = {key: _need(doc, key, str, name) for key in ("created", "updated")}
    for key, value in stamps.items():
        if not _has_time_shape(value):
            raise SaveError(f"{name}: field {key!r} is not a time like 2026-01-31T12:00:00+00:00")
    raw_moves = _need(doc, "moves", list, name)
    try:
        record = GameRecord.new(ruleset, players, seed, options, version=rversion)
    except ValueError as exc:
        raise SaveError(f"{name}: {shown(str(exc), 120)}") from None
    record.created = stamps["created"]
    hints = doc.get("hints", False)
    if not isinstance(hints, bool):
        raise SaveError(f"{name}: field 'hints' must be true or false")
    record.hints = hints
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
            raise SaveError(f"{name}: move {i} names seat {shown(str(item[0]), 24)}, the game has seats 1–{n}")
        try:
            record.play(seat, item[1])
        except ValueError as exc:
            why = reason(str(exc), item[1])
            raise SaveError(f"{name}: move {i} (seat {item[0]} {quoted(item[1])}) is not legal: {why}") from None
        if record.moves[-1][1] != item[1]:
            raise SaveError(
                f"{name}: move {i} {quoted(item[1])} is not in the canonical notation "
                f"(write {quoted(record.moves[-1][1])})"
            )
    _read_stand_ins(doc, record, name)
    record.updated = stamps["updated"]
    outcome = record.state.outcome()
    if "result" not in doc:
        raise SaveError(f"{name}: missing field 'result'")
    if doc["result"] != (json.loads(json.dumps(outcome.to_json())) if outcome else None):
        raise SaveError(f"{name}: the result does not match the replayed game")
    snap_doc = _need(doc, "snapshot", dict, name)
    stored_state = snap_doc.get("state")
    stored_hash = snap_doc.get("hash")
    if snap_doc.get("ply") != record.ply or isinstance(snap_doc.get("ply"), bool):
        shown_ply = shown(str(snap_doc.get("ply")), 24)
        raise SaveError(f"{name}: the snapshot is at ply {shown_ply}, the move list has {record.ply}")
    if not isinstance(stored_state, dict) or stored_hash != state_hash(stored_state):
        raise SaveError(f"{name}: the snapshot's hash does not match its contents (file altered?)")
    replayed = record.state.snapshot()
    if rversion < ruleset.version:  # written by an older program: compare the fields both know
        replayed, stored_state = shared_fields(replayed, stored_state), shared_fields(stored_state, replayed)
    if replayed != stored_state:
        where = first_difference(replayed, stored_state)
        raise SaveError(f"{name}: the snapshot does not match the replayed moves (differs at {shown(where, 60)})")
    return record


class _DuplicateKey(Exception):
    """A key twice in one JSON object."""


class _BadNumber(Exception):
    """NaN, an infinity or an integer too long for any field."""


MAX_INT_DIGITS = 40
"""An integer literal longer than this is refused (the largest field, a
64-bit seed or generator state, has 20 digits)."""


def _pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in items:
        if key in obj:
            raise _DuplicateKey(key)
        obj[key] = value
    return obj


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _BadNumber("an integer too long for any field")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _BadNumber("a number too large")
    return value


def _parse_constant(text: str) -> Any:
    raise _BadNumber(f"{text}, which JSON does not allow")


def _too_deep(doc: Any) -> bool:
    """True if `doc` nests arrays and objects deeper than MAX_DEPTH (walked
    a level at a time, looking only at arrays and objects)."""
    level = [doc] if isinstance(doc, (dict, list)) else []
    for _ in range(MAX_DEPTH):  # `level` holds the arrays and objects one level deeper each time
        if not level:
            return False
        level = [
            child
            for value in level
            for child in (value.values() if isinstance(value, dict) else value)
            if isinstance(child, (dict, list))
        ]
    return bool(level)


def parse(data: bytes, name: str = "save") -> Any:
    """The JSON document in `data`, read strictly: UTF-8, no duplicate keys,
    no NaN or infinities, no integer over MAX_INT_DIGITS digits, at most
    MAX_DEPTH levels; SaveError (one line) otherwise."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name}: not a save file (not UTF-8 text)") from None
    try:
        doc = json.loads(text, object_pairs_hook=_pairs, parse_int=_parse_int,
                         parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except _DuplicateKey as exc:
        raise SaveError(f"{name}: not a save file (the key {quoted(str(exc))} appears twice in one object)") from None
    except _BadNumber as exc:
        raise SaveError(f"{name}: not a save file (it holds {exc})") from None
    except (RecursionError, MemoryError):
        raise SaveError(f"{name}: not a save file (nested too deeply)") from None
    except ValueError as exc:  # any other refusal of the decoder
        raise SaveError(f"{name}: not valid JSON ({shown(str(exc), 60)})") from None
    if _too_deep(doc):
        raise SaveError(f"{name}: not a save file (nested more than {MAX_DEPTH} levels deep)")
    return doc


def dangling_link(path: Path) -> bool:
    """True when `path` is a symbolic link (or a chain of them) whose target
    does not exist: a new save is never written through it (that would
    create the target, and its folders, wherever the link points)."""
    return os.path.islink(path) and not os.path.exists(path)


def is_save_file(path: Path) -> bool:
    """Whether the regular file `path` names says it is a T-Square save (a
    JSON object with `"format": "tsquare-save"`; it need not load). Only such
    a file may be replaced by a new game (`tsquare new --force`)."""
    try:
        doc = parse(read_bounded(path, str(path)), str(path))
    except SaveError:
        return False
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def check_regular(path: Path, name: str) -> None:
    """SaveError unless `path` names an existing regular file of at most
    MAX_BYTES (looked at, never opened)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise SaveError(f"{name}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{name}: is a folder, not a save file")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{name}: not a regular file (a pipe, device or socket is never read)")
    if st.st_size > MAX_BYTES:
        raise SaveError(f"{name}: too large for a save ({st.st_size} bytes, limit {MAX_BYTES})")


def read_bounded(path: Path, name: str) -> bytes:
    """The bytes of regular file `path`, at most MAX_BYTES of them; a FIFO,
    device, socket or folder is refused without reading (never blocks)."""
    check_regular(path, name)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SaveError(f"{name}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{name}: cannot read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the stat
            raise SaveError(f"{name}: not a regular file (a pipe, device or socket is never read)")
        chunks = []
        left = MAX_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise SaveError(f"{name}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_BYTES:
        raise SaveError(f"{name}: too large for a save (over {MAX_BYTES} bytes)")
    return data


def load(path: Path) -> GameRecord:
    """Read, replay and check the save at `path`; SaveError if anything is off."""
    name = shown(str(path), 120)
    return from_json(parse(read_bounded(Path(path), name), name), name)
