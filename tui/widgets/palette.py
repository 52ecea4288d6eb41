"""The colour names of the theme, as data, for code that must pick one.

The colours themselves live in `tui/theme.tcss`; code only chooses a *name*:
a player's class (`player-1` … `player-5`, the same seat colour in every game
and screen) or a kind's class (`kind-red` … `kind-grey`, for regions, suits,
card types, block shapes). A widget that draws through the Line API lists
these names in its COMPONENT_CLASSES (see `PALETTE_CLASSES`) and asks
`get_component_rich_style(name)`; any other widget adds the class to itself.
Colour never carries meaning alone: every widget of the kit also shows a
symbol or a word.
"""
from __future__ import annotations

from pathlib import Path

THEME_PATH = Path(__file__).resolve().parent.parent / "theme.tcss"
"""The theme file; an app lists it first in CSS_PATH."""

MAX_PLAYERS = 5
"""Seats the theme has a colour for."""

PLAYER_MARKS = ("1", "2", "3", "4", "5")
"""Each seat's mark where a pawn or owner is drawn: it reads without colour."""

KINDS = ("red", "yellow", "green", "purple", "blue", "cyan", "white", "grey")
"""Kind colours, in the order a game should hand them out (all distinct in 16 colours)."""


def player_class(seat: int) -> str:
    """The theme class of seat `seat` (0-based): 'player-1' for seat 0."""
    if not 0 <= seat < MAX_PLAYERS:
        raise ValueError(f"the theme has colours for seats 0..{MAX_PLAYERS - 1}, not {seat}")
    return f"player-{seat + 1}"


def kind_class(kind: str) -> str:
    """The theme class of a kind colour: 'kind-red' for 'red'."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind colour {kind!r}; the theme has {', '.join(KINDS)}")
    return f"kind-{kind}"


PLAYER_CLASSES = tuple(player_class(s) for s in range(MAX_PLAYERS))
"""'player-1' … 'player-5'."""
KIND_CLASSES = tuple(kind_class(k) for k in KINDS)
"""'kind-red' … 'kind-grey'."""
PALETTE_CLASSES = frozenset(PLAYER_CLASSES + KIND_CLASSES)
"""Every palette class, for a Line API widget's COMPONENT_CLASSES."""
