"""Schema migrations: numbered SQL files (`schema/NNNN_name.sql`) applied in
order at start, all in one transaction, the version kept in
`schema_version`. A database whose schema is newer than this program knows
is refused with one line (an older program must never write a newer
layout). Two front doors starting at once on one PostgreSQL database take
turns (a transaction-scoped advisory lock)."""
from __future__ import annotations

import re
from pathlib import Path

from tui.server.db.backends import Database

SCHEMA_DIR = Path(__file__).parent / "schema"
MIGRATE_LOCK = 0x7453_7175  # 'tSqu': the advisory lock the PostgreSQL doors migrate under


class SchemaTooNew(Exception):
    """The database was written by a newer T-Square."""


def migrations() -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every migration, in order."""
    out = []
    for path in sorted(SCHEMA_DIR.glob("*.sql")):
        m = re.fullmatch(r"(\d{4})_[a-z0-9_]+\.sql", path.name)
        if m:
            out.append((int(m.group(1)), path.name, path.read_text(encoding="utf-8")))
    return out


def latest() -> int:
    """The schema version this program writes."""
    return max((n for n, _, _ in migrations()), default=0)


def statements(sql: str) -> list[str]:
    """The statements of a migration file (comments dropped; no ';' may
    stand inside a string in these files)."""
    text = "\n".join(line.split("--", 1)[0] for line in sql.splitlines())
    return [s.strip() for s in text.split(";") if s.strip()]


def current(db: Database) -> int | None:
    """The database's schema version (None: no schema yet), changing nothing."""
    try:
        rows = db.read("SELECT MAX(version) FROM schema_version")
    except Exception:  # noqa: BLE001 - no such table (each back end says it its own way)
        return None
    return int(rows[0][0]) if rows and rows[0][0] is not None else None


def migrate(db: Database) -> list[str]:
    """Bring the database's schema to `latest()`; the files applied.
    SchemaTooNew if the database is newer than this program."""
    applied: list[str] = []
    with db.transaction() as tx:
        if db.kind == "postgresql":
            tx.q("SELECT pg_advisory_xact_lock(?)", (MIGRATE_LOCK,))
        tx.q("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = tx.one("SELECT MAX(version) FROM schema_version")
        have = int(row[0]) if row and row[0] is not None else 0
        if have > latest():
            raise SchemaTooNew(f"the database's schema is version {have}, newer than this program knows "
                               f"({latest()}): update T-Square to serve it")
        for number, name, sql in migrations():
            if number <= have:
                continue
            for statement in statements(sql):
                tx.q(statement)
            tx.q("INSERT INTO schema_version (version) VALUES (?)", (number,))
            applied.append(name)
    return applied
