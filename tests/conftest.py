"""Fixtures shared by the CLI and save tests, how many workers the suite
runs on, and which tests are slow (the groups the default run leaves out)."""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Callable

import pytest

WORKERS_PER_CORE = 2
"""`-n auto` (pyproject.toml) starts this many test workers a core: the
slowest tests play whole games by keys, and two thirds of their time is
Textual's pilot waiting for the app to go idle (a key press waits at
least 40 ms), so a second worker a core runs while the first one waits
(the suite on 2 cores: 684 s with one worker a core, 570 s with two)."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    return WORKERS_PER_CORE * (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


ROOT = Path(__file__).resolve().parent.parent

SLOW_GROUPS = ("keys", "screens", "postgres", "ssh", "search", "hardening", "soak", "browser")
"""The slow groups, each a marker registered in pyproject.toml: whole games
(and long hot-seat stretches) played by keys, the screen checker, the
PostgreSQL tests, the tests that talk SSH to a server on loopback, long
searches (a deep bot, whole-game reviews, a match of search bots), the
hardening runs (writers killed with -9, processes racing on a file, fuzzed
names and crafted files through every command), the soaks (many whole
random games checked at every ply, whole bots' games through the CLI; each
game keeps its rulebook examples and the conformance suite's random games
in the default run), and the tests that drive
a real Chromium (tests/web: the `chromium` fixture). A test in any of them is
marked `slow` too: the default run (`-m "not slow"` in pyproject's addopts)
leaves them out, `pytest -m slow` runs them all (`.ci/run` does, after the
default run), `pytest -m GROUP` one group, `pytest -m ""` everything."""

SSH_HELPERS = {"open_term", "connect"}
"""tests/server/conftest.py's loopback SSH clients: a module that imports one
talks SSH."""


def _group_of_fixtures(item: pytest.Item) -> set[str]:
    """The groups a test is in by what it uses, wherever its file lies: the
    session's PostgreSQL server (directly, or as the `db_url` fixture's
    "postgres" back end); an SSH server (the `server` fixture, or the SSH
    clients of tests/server/conftest.py imported by its module)."""
    groups = set()
    names = set(getattr(item, "fixturenames", ()))
    callspec = getattr(item, "callspec", None)
    if "postgres" in names or (callspec is not None and callspec.params.get("db_url") == "postgres"):
        groups.add("postgres")
    module = getattr(item, "module", None)
    helpers = {
        name for name in SSH_HELPERS
        if getattr(getattr(module, name, None), "__module__", "").endswith("server.conftest")
    }
    if "server" in names or helpers:
        groups.add("ssh")
    if "chromium" in names:  # tests/web/conftest.py: a real browser
        groups.add("browser")
    return groups


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for group in _group_of_fixtures(item):
            item.add_marker(group)
        if any(item.get_closest_marker(group) for group in SLOW_GROUPS):
            item.add_marker("slow")


@pytest.fixture
def load_script() -> Callable[[str], ModuleType]:
    """Imports a script that is not a package's module (benchmarks/, research/)
    by its path from the project's root, e.g. "research/standings.py"."""
    def load(relative: str) -> ModuleType:
        path = ROOT / relative
        spec = importlib.util.spec_from_file_location(f"script_{path.parent.name}_{path.stem}", path)
        assert spec is not None and spec.loader is not None, f"no script {relative}"
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module

    return load


@pytest.fixture
def gs_record():
    """A Grid Square game in progress: 5 plies (seat 1 placed twice, slid
    once; seat 2 placed and passed the slide)."""
    from engine.record import GameRecord, Player
    from rulesets import REGISTRY

    rs = REGISTRY.get("grid-square")
    rec = GameRecord.new(rs, [Player("Ana"), Player("Ben", "bot:greedy")], 7, rs.default_options())
    for seat, text in [(0, "Sa1h"), (1, "Sd4h"), (1, "pass"), (0, "Mc6v"), (0, "Sa1h-n2")]:
        rec.play(seat, text)
    return rec


@pytest.fixture
def gs_file(tmp_path: Path, gs_record) -> Path:
    """`gs_record` saved as tmp_path/game.json."""
    from engine.saves import save

    path = tmp_path / "game.json"
    save(gs_record, path)
    return path
