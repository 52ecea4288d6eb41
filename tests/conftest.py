"""Fixtures shared by the CLI and save tests, and how many workers the
suite runs on."""
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
