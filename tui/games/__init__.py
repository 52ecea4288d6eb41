"""Per-game views for the TUI, found by game id.

A game plugs into the TUI with one module, `tui/games/<package>.py` (or a
package `tui/games/<package>/`), where <package> is the ruleset's package name
(`grid_square`, `squire`, ...). It defines `GameView`, a Textual widget that
follows "attributes down, messages up":

- the game screen calls `view.show(state, viewer, names, can_act)` after every
  move: `state` is already `record.state.view(viewer)` (never more than that
  seat may see), `viewer` the seat whose eyes the screen shows (None for a
  spectator), `can_act` True when that seat must choose now;
- when the player has built a move by keys, the view posts
  `MoveChosen(notation)` (from `tui.games.base`), and the screen plays it;
  an illegal move comes back as a message in the status line.

- optionally `view.fit_to(width, height)` is called with the screen's size
  on every resize, so a view can draw bigger when there is room;
- optionally `view.mark_last(seat, notation)` is called after `show` when
  the last move or the viewer changed (both None before the first move;
  notation None when the viewer may not see it), so a view can mark it;
- a key that cannot act now posts `KeyRefused(reason)`, and the screen shows
  the reason. `tui.games.base.GameView` holds these hooks' defaults.

A game without its own module gets `tui.games.generic.GameView`: the text
board (`state.render`) and a filterable list of the legal moves, so every
ruleset is playable by keys from the first day.
"""
from __future__ import annotations

import importlib

from textual.widget import Widget

from engine.registry import REGISTRY


def view_class(game_id: str) -> type[Widget]:
    """The GameView class for `game_id` (the generic one if none)."""
    entry = next(e for e in REGISTRY.entries() if e.id == game_id)
    package = entry.module.rsplit(".", 1)[-1]
    try:
        module = importlib.import_module(f"tui.games.{package}")
    except ModuleNotFoundError as exc:
        if exc.name != f"tui.games.{package}":
            raise
        module = importlib.import_module("tui.games.generic")
    return module.GameView
