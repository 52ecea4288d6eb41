"""A throwaway PostgreSQL server in a folder, for the tests and benchmarks
(and an operator's trial): `initdb` + `pg_ctl`, listening on a Unix socket
only (no TCP port), trust authentication for its one role, torn down with
`stop()`. Debian's binaries live in /usr/lib/postgresql/VERSION/bin, often
not on PATH; they are looked for there too. PostgreSQL refuses to run as
root: as root, the server runs as the `postgres` user (or `nobody`), which
gets the folder and a way through its parents."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROLE = "tsquare"


def pg_bin(name: str) -> str | None:
    """The PostgreSQL program `name` (PATH first, then Debian's folders)."""
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(os.path.join(folder, name), os.X_OK):
            return os.path.join(folder, name)
    return None


def available() -> bool:
    return pg_bin("initdb") is not None and pg_bin("pg_ctl") is not None


def _runner() -> list[str]:
    """The command prefix that runs a program as a user PostgreSQL accepts."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        runuser = shutil.which("runuser")
        if runuser is None:
            raise RuntimeError("running as root without runuser (util-linux) to run PostgreSQL as another user")
        return [runuser, "-u", user, "--"]
    raise RuntimeError("running as root and no 'postgres' or 'nobody' user to run PostgreSQL as")


def _hand_over(folder: Path) -> None:
    """As root: give `folder` to the server's user and let it through the
    folders above (search only, no listing)."""
    user = "postgres"
    try:
        pw = pwd.getpwnam(user)
    except KeyError:
        pw = pwd.getpwnam("nobody")
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, pw.pw_uid, pw.pw_gid)
    for parent in folder.parents:
        st = parent.stat()
        if st.st_uid == 0 and not st.st_mode & 0o001:
            os.chmod(parent, (st.st_mode & 0o7777) | 0o011)


@dataclass
class LocalPostgres:
    """A running server; `url(name)` is a database's URL."""

    folder: Path
    socket_dir: Path

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{ROLE}@/{database}?host={self.socket_dir}"

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        subprocess.run([*_runner(), pg_bin("pg_ctl") or "pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate",
                        "-w", "stop"], capture_output=True, timeout=60)


def start(folder: Path, fsync: bool = False) -> LocalPostgres:
    """A new server in `folder` (made empty); RuntimeError saying why not.
    `fsync` False (tests): faster, and a crash of the machine loses it."""
    initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
    if not initdb or not pg_ctl:
        raise RuntimeError("PostgreSQL's initdb and pg_ctl are not installed (Debian: apt-get install postgresql)")
    folder.mkdir(parents=True, exist_ok=True)
    data, sockets = folder / "data", folder / "s"
    sockets.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        _hand_over(folder)
    run = _runner()
    done = subprocess.run([*run, initdb, "-D", str(data), "-U", ROLE, "--auth=trust", "-E", "UTF8", "--no-sync",
                           "--no-instructions"], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
    opts = f"-k {sockets} -c listen_addresses='' -c fsync={'on' if fsync else 'off'} -c max_connections=60"
    done = subprocess.run([*run, pg_ctl, "-D", str(data), "-o", opts, "-l", str(folder / "log"), "-w", "-t", "60",
                           "start"], capture_output=True, text=True, timeout=90)
    if done.returncode != 0:
        log = (folder / "log").read_text(errors="replace")[-400:] if (folder / "log").exists() else ""
        raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()} {log}")
    return LocalPostgres(folder, sockets)
