"""Squire's board view: the map, gallery, market, cards and players
(board.py), its look (look.py), its drawn parts (parts.py) and the view the
game screen mounts (view.py)."""
from tui.games.squire.view import GameView

__all__ = ["GameView"]
