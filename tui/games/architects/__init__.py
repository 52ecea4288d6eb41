"""Architects' board view: the maze of a commission board (maze.py), the
look of suits, cards and legend (look.py) and the view with its card-play
composer (view.py)."""
from tui.games.architects.view import GameView

__all__ = ["GameView"]
