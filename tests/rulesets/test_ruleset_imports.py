"""No import circles inside a ruleset: the state imports its helpers, and a
helper takes the state only under `TYPE_CHECKING` (imports inside functions
count: they tie the modules together at run time all the same)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rulesets/square_masons", "rulesets/square_and_compass")
"""The rulesets in issue 54's shape (add a game here once it has it)."""


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_time_imports(path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that `path` imports outside `if TYPE_CHECKING:`."""
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                out.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join(up + ([base] if base else []))
                subs = {f"{base}.{a.name}" for a in child.names} & known
                out.update(subs or {base})  # `from pkg import module` takes the module
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in out if m in known and m != here}


def _circle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a path of modules (first = last), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            found = walk(start)
            if found:
                return found
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_at_run_time(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    known = {_module(p) for p in files}
    edges = {_module(p): _run_time_imports(p, known) for p in files}
    circle = _circle(edges)
    assert circle is None, " -> ".join(circle or [])
