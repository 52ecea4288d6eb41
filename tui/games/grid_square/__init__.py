"""Grid Square's board view: the board (board.py), its look (look.py), the
side panel's words (panel.py) and the view that lays them out (view.py)."""
from tui.games.grid_square.view import GameView

__all__ = ["GameView"]
