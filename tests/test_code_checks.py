"""The code's own checks, run with the tests so CI and the README's test
command cannot skip them: ruff (pyflakes, import order, bugbear) and mypy
(strict on engine/, every module of rulesets/ and tui/ checked too;
pyproject.toml holds both configurations)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.xdist_group("code-checks")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, f"ruff check:\n{done.stdout}{done.stderr}"


def test_mypy_finds_nothing():
    done = _run("mypy", "--cache-dir", "/dev/null")
    assert done.returncode == 0, f"mypy:\n{done.stdout}{done.stderr}"
