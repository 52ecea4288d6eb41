"""The shape of the modules, checked on their source: no module
`__getattr__` shims (an import names the module that defines the thing), no
import loop between the saves and the saves folder, and the CLI builds its
commands through Typer's public API only."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "rulesets", "tui")


def _modules():
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def _imported(path: Path) -> set[str]:
    """Every module `path` imports, at any depth of its code."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return out


def test_no_module_getattr_shims():
    shims = [str(p.relative_to(ROOT)) for p in _modules()
             if any(isinstance(n, ast.FunctionDef) and n.name == "__getattr__" for n in ast.parse(p.read_text(encoding="utf-8")).body)]
    assert shims == []


def test_the_saves_do_not_import_the_saves_folder():
    assert not any(m.startswith("engine.save_folder") for m in _imported(ROOT / "engine" / "saves.py"))
    assert "engine.saves" in _imported(ROOT / "engine" / "save_folder.py")


def test_the_cli_uses_typers_public_api_only():
    """typer and typer.core.TyperGroup (documented for `cls=`), and
    typer.main.get_command (documented for turning an app into Click)."""
    modules = sorted((ROOT / "tui").glob("cli*.py"))
    assert len(modules) >= 2, modules
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {f"{n.module}.{a.name}" for n in ast.walk(tree)
                 if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("typer") for a in n.names}
        assert names <= {"typer.core.TyperGroup"}, path
        private = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("_")
                   and not n.attr.endswith("__") and isinstance(n.value, ast.Attribute)
                   and getattr(n.value.value, "id", "") == "typer"]
        assert private == [], path


def test_game_agnostic_modules_take_the_registry_from_the_engine():
    """Screens, views and the CLI name no game package: the registry is
    `engine.registry.REGISTRY` (the rulesets package only re-exports it)."""
    users = [str(p.relative_to(ROOT)) for p in _modules()
             if "rulesets.REGISTRY" in _imported(p)]
    assert users == []


def test_the_local_app_does_not_import_the_server():
    """The server's screens live with the server (tui/server/screens/); the
    local app's screens, views and widgets import nothing of it, so there is
    no loop between the lobby and the server."""
    local = [p for p in _modules() if p.relative_to(ROOT).parts[:2] in {("tui", "screens"), ("tui", "games"), ("tui", "widgets")}
             or p.relative_to(ROOT).as_posix() == "tui/app.py"]
    assert local, "no local modules found (a test that cannot fail)"
    users = [str(p.relative_to(ROOT)) for p in local if any(m.startswith("tui.server") for m in _imported(p))]
    assert users == []


def test_rules_run_without_a_screen():
    """engine/ and rulesets/ import no screen library (Textual, Rich, Typer),
    at any depth of their code: the rules run headless."""
    screens = ("textual", "rich", "typer")
    rules = [p for p in _modules() if p.relative_to(ROOT).parts[0] in ("engine", "rulesets")]
    assert rules, "no rules modules found (a test that cannot fail)"
    users = [str(p.relative_to(ROOT)) for p in rules
             if any(m.split(".")[0] in screens for m in _imported(p))]
    assert users == []


def test_the_engines_own_measure_of_text():
    """Without the front end's measure the engine measures with the standard
    library: wide characters 2 cells, combining marks 0, kept with their base."""
    from engine.text import PLAIN_MEASURE

    assert PLAIN_MEASURE.cell_len("漢字a") == 5
    assert PLAIN_MEASURE.char_cells("\u0301") == 0
    assert PLAIN_MEASURE.graphemes("e\u0301x") == [("e\u0301", 1), ("x", 1)]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph(paths: list[Path], type_checking: bool) -> dict[str, set[str]]:
    """Which of these modules each imports (at any depth of its code;
    imports under `if TYPE_CHECKING:` only when `type_checking`)."""
    names = {_module_name(p): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()

        def visit(node: ast.AST) -> None:
            for child in ast.iter_child_nodes(node):
                if (isinstance(child, ast.If) and not type_checking
                        and getattr(child.test, "id", getattr(child.test, "attr", "")) == "TYPE_CHECKING"):
                    for other in child.orelse:
                        visit(other)
                    continue
                if isinstance(child, ast.Import):
                    found.update(a.name for a in child.names)
                elif isinstance(child, ast.ImportFrom):
                    base = child.module or ""
                    if child.level:
                        up = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                        base = ".".join(up + ([base] if base else []))
                    subs = {f"{base}.{a.name}" for a in child.names} & set(names)
                    found.update(subs or {base})  # `from pkg import module` ties to the module, not the package
                visit(child)

        visit(ast.parse(path.read_text(encoding="utf-8")))
        graph[name] = {m for m in found if m in names and m != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that import each other, directly
    or in a ring (each module's reach, compared both ways)."""
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(graph[m])
        reach[start] = seen
    groups = {frozenset([m] + [o for o in reach[m] if m in reach[o]]) for m in graph}
    return sorted(sorted(g) for g in groups if len(g) > 1)


def test_the_engine_has_no_import_circle_even_for_the_type_checker():
    """Layers point one way inside the engine too: no module imports another
    that imports it back, directly or in a ring, counting the imports made
    only for the type checker (helpers take the state through a Protocol or
    a type parameter instead)."""
    engine = sorted((ROOT / "engine").rglob("*.py"))
    assert len(engine) > 10, "no engine modules found (a test that cannot fail)"
    assert _circles(_import_graph(engine, type_checking=True)) == []


def test_the_app_and_its_screens_have_no_import_circle():
    """The app and its screens import one way: what two screens share lives
    in a module both import (tui/screens/played.py), the app's heap helper in
    tui/heap.py."""
    local = [ROOT / "tui" / "app.py", ROOT / "tui" / "heap.py", *sorted((ROOT / "tui" / "screens").rglob("*.py"))]
    assert _circles(_import_graph([p for p in local if p.exists()], type_checking=False)) == []


def test_plain_mode_and_the_relays_have_no_import_circle():
    """The plain lobby and rooms read lines through tui/plain/pushed.py (not
    the remote process's entry module that starts them), and the two relays
    share their byte plumbing through tui/server/relay_io.py (neither imports
    the other's privates)."""
    mods = [*sorted((ROOT / "tui" / "plain").rglob("*.py")), ROOT / "tui" / "server" / "ssh.py",
            ROOT / "tui" / "server" / "relay_io.py"]
    assert len(mods) > 8, "no plain modules found (a test that cannot fail)"
    assert _circles(_import_graph([p for p in mods if p.exists()], type_checking=False)) == []


def test_no_ruleset_has_an_import_circle_at_run_time():
    """Inside each game the state imports its helpers, and a helper takes the
    state only under `TYPE_CHECKING` (imports inside functions count: they
    tie the modules together at run time all the same)."""
    from rulesets import REGISTRY

    for entry in REGISTRY.entries():
        package = ROOT / "rulesets" / entry.id.replace("-", "_")
        files = sorted(package.rglob("*.py"))
        assert len(files) > 5, f"{entry.id}: no modules found (a test that cannot fail)"
        assert _circles(_import_graph(files, type_checking=False)) == [], entry.id


def test_the_database_store_and_its_parts_have_no_import_circle():
    """The store uses its sessions, the rated rooms' rules, the room words
    and the takeover; they name rooms through tui/server/db/rooms.py and
    never import the store back (the bot pool, not the store, picks the
    bot job that opens a store in a worker)."""
    mods = sorted((ROOT / "tui" / "server" / "db").rglob("*.py"))
    assert len(mods) > 8, "no store modules found (a test that cannot fail)"
    assert _circles(_import_graph(mods, type_checking=False)) == []
