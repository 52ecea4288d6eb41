"""Square and Compass' board view, a package mirroring
`rulesets/square_and_compass/`: `view.py` the GameView (its pages: board,
market, you, players, choose), `board.py` the action board widget,
`faces.py` the cards, panels and legend as the widget kit's data."""
from __future__ import annotations

from tui.games.square_and_compass.view import GameView

__all__ = ["GameView"]
