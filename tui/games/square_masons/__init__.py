"""Square Masons' board view, a package mirroring `rulesets/square_masons/`:
`view.py` the GameView (panels, the phase's choices, the structure cards),
`zone.py` the construction zone widget (preview and auction keys),
`draw.py` the pictures (cards, structures, the zone's frames)."""
from __future__ import annotations

from tui.games.square_masons.view import GameView

__all__ = ["GameView"]
