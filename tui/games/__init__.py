"""Per-game views for the TUI, found by game id.

A game plugs its board view into the TUI through the entry-point group
`tsquare.views` of its distribution's metadata, next to its ruleset's:

    [project.entry-points."tsquare.views"]
    grid-square = "tui.games.grid_square:GameView"

The entry point's name is the game id, its value the view class: a Textual
widget that keeps the typed contract `tui.games.protocol.GameView`
("attributes down, messages up"):

- the game screen calls `view.show(state, viewer, names, can_act)` after every
  move: `state` is already `record.state.view(viewer)` (never more than that
  seat may see), `viewer` the seat whose eyes the screen shows (None for a
  spectator), `can_act` True when that seat must choose now;
- when the player has built a move by keys, the view posts
  `MoveChosen(notation)` (from `tui.games.base`), and the screen plays it;
  an illegal move comes back as a message in the status line;
- `view.fit_to(width, height)` is called with the screen's size on every
  resize, so a view can draw bigger when there is room;
- `view.mark_last(seat, notation)` is called after `show` when the last move
  or the viewer changed (both None before the first move; notation None
  when the viewer may not see it), so a view can mark it;
- a key that cannot act now posts `KeyRefused(reason)`, and the screen shows
  the reason. `tui.games.base.GameView` holds the hooks' defaults: a view
  inherits it and defines `show`.

A game that declares no view gets `tui.games.generic.GameView`: the text
board (`state.render`) and a filterable list of the legal moves, so every
ruleset is playable by keys from the first day. (A built-in game whose
entry point is missing from an install made before the group existed, an
editable install not reinstalled, is still found by its module,
`tui.games.<package>`.)
"""
from __future__ import annotations

import importlib

from textual.widget import Widget

from engine.registry import REGISTRY, entry_point_targets
from tui.games.protocol import MEMBERS

GROUP = "tsquare.views"
"""The entry-point group board views register in."""

_TARGETS: dict[str, str] | None = None


def _declared(game_id: str) -> str | None:
    """The 'module:Class' declared for `game_id` in the views group, if any."""
    global _TARGETS
    if _TARGETS is None:
        _TARGETS = entry_point_targets(GROUP)
    return _TARGETS.get(game_id)


def view_class(game_id: str) -> type[Widget]:
    """The GameView class for `game_id` (the generic one if it declares none);
    TypeError when a declared class lacks a member of the contract."""
    target = _declared(game_id)
    if target is not None:
        module_name, _, attr = target.partition(":")
        cls = getattr(importlib.import_module(module_name), attr or "GameView")
    else:
        cls = _by_module(type(REGISTRY.get(game_id)).__module__.rsplit(".", 1)[-1])
    missing = [name for name in MEMBERS if not hasattr(cls, name)]
    if missing or not (isinstance(cls, type) and issubclass(cls, Widget)):
        raise TypeError(f"the view of {game_id} ({cls!r}) is not a GameView widget (missing: {', '.join(missing)})")
    return cls


def _by_module(package: str) -> type[Widget]:
    """`tui.games.<package>.GameView` (a built-in game on a stale install), else the generic view."""
    try:
        module = importlib.import_module(f"tui.games.{package}")
    except ModuleNotFoundError as exc:
        if exc.name != f"tui.games.{package}":
            raise
        module = None
    if module is None:
        module = importlib.import_module("tui.games.generic")
    cls: type[Widget] = module.GameView
    return cls
