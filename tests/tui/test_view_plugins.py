"""Board views are plugins too: found through the `tsquare.views` entry
points, checked against the GameView contract, the generic view otherwise."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import tui.games
from engine.registry import REGISTRY
from tests.toy_game import ENTRY_POINT
from tui.games import GROUP, view_class
from tui.games.generic import GameView as GenericView

VIEW_MODULE = textwrap.dedent('''
    from textual.widgets import Static

    from tui.games import base


    class GameView(base.GameView, Static):
        """A plugin's board view: the text board."""

        def show(self, state, viewer, names, can_act):
            self.update(state.render(viewer, names))


    class NoShow(Static):
        """Not a GameView: nothing to call."""
''')


@pytest.fixture
def plugin_views(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A distribution on sys.path that declares views for two game ids."""
    (tmp_path / "toy_views.py").write_text(VIEW_MODULE, encoding="utf-8")
    dist = tmp_path / "toy_views-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-views\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[{GROUP}]\nthree-in-a-row = toy_views:GameView\nbroken = toy_views:NoShow\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(tui.games, "_TARGETS", None)  # read the entry points again


def test_an_installed_view_is_found_by_its_entry_point(plugin_views):
    cls = view_class("three-in-a-row")
    assert cls.__module__ == "toy_views" and cls.__name__ == "GameView"


def test_a_declared_view_that_breaks_the_contract_is_refused(plugin_views):
    with pytest.raises(TypeError, match="not a GameView widget.*show"):
        view_class("broken")


def test_a_game_that_declares_no_view_gets_the_generic_one(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(tui.games, "_TARGETS", {})
    REGISTRY.add(*ENTRY_POINT)
    try:
        assert view_class(ENTRY_POINT[0]) is GenericView
    finally:
        REGISTRY.remove(ENTRY_POINT[0])


def test_the_built_in_games_declare_their_views_in_pyproject():
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split(f'[project.entry-points."{GROUP}"]', 1)[1].split("\n[", 1)[0]
    for game_id in REGISTRY.ids():
        if not type(REGISTRY.get(game_id)).__module__.startswith("rulesets."):
            continue  # a game of another distribution declares its view there
        assert f"{game_id} = " in section, f"{game_id} declares no view"
