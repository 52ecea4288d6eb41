"""Games are plugins: found through the `tsquare.rulesets` entry points."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.registry import GROUP, Registry, UnknownGameError


def test_the_engine_imports_no_ruleset():
    engine = Path(__file__).resolve().parents[2] / "engine"
    for path in engine.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import rulesets" not in text and "from rulesets" not in text, path


def test_a_separately_installed_package_adds_a_game(tmp_path: Path):
    """A distribution on sys.path that declares an entry point is listed and
    playable from the CLI, without any edit to the project."""
    toy = Path(__file__).resolve().parents[1] / "toy_game"  # the toy game imports the engine only
    pkg = tmp_path / "toy_game_plugin"
    pkg.mkdir()
    for name in ("__init__.py", "RULES.md"):
        (pkg / name).write_text((toy / name).read_text(encoding="utf-8"), encoding="utf-8")
    dist = tmp_path / "toy_game_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-game-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[{GROUP}]\nthree-in-a-row = toy_game_plugin:RULESET\n")
    code = textwrap.dedent(f'''
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        sys.argv = ["tsquare", "games"]
        from tui.cli import main
        main()
    ''')
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "three-in-a-row" in out.stdout and "Three in a Row" in out.stdout
    assert "grid-square" in out.stdout  # the built-in games are still there
    save = tmp_path / "c.json"
    code_new = code.replace('["tsquare", "games"]', f'["tsquare", "new", "three-in-a-row", "-o", {str(save)!r}]')
    out = subprocess.run([sys.executable, "-c", code_new], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert save.exists()


def test_a_broken_plugin_is_reported_not_fatal():
    reg = Registry(targets=[("grid-square", "rulesets.grid_square:RULESET"), ("nope", "no_such_module_x:RULESET")])
    assert [e.id for e in reg.entries()] == ["grid-square"]
    assert "nope" in reg.broken()
    with pytest.raises(UnknownGameError, match="failed to load"):
        reg.get("nope")


def test_an_entry_point_must_name_a_ruleset_of_that_id():
    reg = Registry(targets=[("squire", "rulesets.grid_square:RULESET")])
    with pytest.raises(UnknownGameError, match="is not its Ruleset"):
        reg.get("squire")
