"""Helpers of the CLI and save tests (no tests here): run `tsquare` as a real
process, forked from this already-initialised interpreter so that hundreds
of runs stay cheap, or started afresh."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import tui
import tui.cli  # noqa: F401 - loaded once here, so forked children start at once

CODE = Path(tui.__file__).resolve().parent.parent
"""The tree whose code the tests exercise (whatever `tui` was imported from)."""


@dataclass
class Child:
    """A forked `tsquare` process and the read ends of its output pipes."""

    pid: int
    out: int
    err: int

    def finish(self, kill: bool = False) -> tuple[int, str, str]:
        """(exit status or -9, stdout, stderr), after an optional kill -9."""
        import signal

        if kill:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _, status = os.waitpid(self.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        return code, _drain(self.out), _drain(self.err)


def _drain(fd: int) -> str:
    chunks = []
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace")


def fork_tsquare(*args: str) -> Child:
    """Start `tsquare ARGS` as a forked child process (a real, separate
    process: its own file descriptors, locks and exit)."""
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 70
        try:
            os.close(out_r)
            os.close(err_r)
            sys.stdout = open(out_w, "w", encoding="utf-8", buffering=1)
            sys.stderr = open(err_w, "w", encoding="utf-8", buffering=1)
            sys.argv = ["tsquare", *map(str, args)]
            from tui.cli import main

            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:  # noqa: BLE001 - report as a distinct code
            code = 71
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    os.close(out_w)
    os.close(err_w)
    return Child(pid, out_r, err_r)


def run_tsquare(*args: str, env: dict[str, str] | None = None, timeout: float = 60, **kw) -> subprocess.CompletedProcess:
    """Run `tsquare ARGS` in a fresh interpreter (bytes in, text out)."""
    full = dict(os.environ, PYTHONPATH=str(CODE), **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *(a if isinstance(a, bytes) else str(a) for a in args)],
        capture_output=True, env=full, timeout=timeout, **kw,
    )


def temp_files(folder: Path) -> list[str]:
    """Leftover `.NAME.XXXX.tmp` files of the atomic writer."""
    return sorted(p.name for p in Path(folder).iterdir() if p.name.startswith(".") and p.name.endswith(".tmp"))


def run(*args):
    """`tsquare ARGS` in this process (Typer's test runner)."""
    from typer.testing import CliRunner

    return CliRunner().invoke(tui.cli.app, [str(a) for a in args], catch_exceptions=False)


def one_line(result, *fragments: str) -> str:
    """Assert bad input: exit 2 and one `tsquare:` line on stderr holding
    every fragment; returns that line."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tsquare: "), result.stderr
    for f in fragments:
        assert f in lines[0], (f, lines[0])
    return lines[0]
