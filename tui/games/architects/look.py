"""Architects' look: the suits' colours and symbols, the legend, the keys'
help, the card faces and the words a move list fits in its width."""
from __future__ import annotations

from typing import Any, Sequence

from rulesets.architects import content as K
from rulesets.architects.moves import Discard, Group, Pair, Single, Toggle
from tui.widgets.card import CardFace
from tui.widgets.legend import LegendEntry

SUIT_KIND = ("cyan", "white", "blue", "yellow")
"""Glass, stone, steel, wood -> palette kinds."""
SUIT_SYMBOL = ("◈", "■", "▲", "♣")
PAGES = ("board", "cards", "players")
"""What Tab cycles through."""
ROOMY = 32
"""From this many rows on, the board page also shows the cards and players."""

KEYS_HELP = """
## Architects keys

| key | does |
|---|---|
| 1 – 6 | pick a card of your hand (again: put it back); the list shows the plays made of exactly the picked cards |
| c | clear the picked cards |
| ↑ / ↓, Enter | highlight a move in the list (`▶`; its spaces are underlined on the maze) and play it; with nothing to play yet, Enter says what to pick |
| ← / → or digits | the auction: change the amount of the highlighted board's bid |
| Tab | board / your cards in full (←/→ browse, Enter picks) / players (each one's architect, board and space), bank and effects |
| b | look at the next player's board (again: back to yours); offered once there is another board to see, not while you bid (the maze shows the board bid on) |
| L | the whole legend (again: one line); ¢ client funds, $ architect funds (the score) |
"""

LEGEND = (
    LegendEntry("¢", "client funds"),
    LegendEntry("$", "architect funds (the score)"),
    LegendEntry("1:", "client of seat 1"),
    LegendEntry("S", "start"),
    LegendEntry("F", "finish"),
    LegendEntry("◇", "blue space"),
    LegendEntry("◈", "glass space"),
    LegendEntry("○", "red-circled"),
    LegendEntry("±", "±black"),
    LegendEntry("─", "line, forward →"),
    LegendEntry("↓", "forward down (↑ up)"),
    LegendEntry("┄", "dashed line (⇣ ⇡)"),
    LegendEntry("o", "line colour b o g r (dim: off)"),
    LegendEntry("y", "area y B G P K: small letter open, CAPITAL closed"),
    LegendEntry("┊", "yellow flip link"),
    LegendEntry("b3", "space: column b, row 3"),
    LegendEntry("_", "underlined: the highlighted move's spaces"),
)


def card_legend(hand: Sequence[int]) -> tuple[LegendEntry, ...]:
    """What the hand's codes mean, first in the legend while there is a
    hand: "3t 3 steel" for its first card, and the suit letters."""
    if not hand:
        return ()
    card = hand[0]
    number, suit = K.card_number(card), K.SUITS[K.card_suit(card)]
    letters = " ".join(f"{K.SUIT_LETTERS[i]} {name}" for i, name in enumerate(K.SUITS))
    return (LegendEntry(K.card_code(card), f"{number} {suit}; {letters}"),)  # one entry: the one-line legend's first


def card_face(card: int, picked: bool) -> CardFace:
    """A construction card as a card face."""
    suit = K.card_suit(card)
    mark = "✓ " if picked else ""
    return CardFace(
        f"{mark}{K.card_number(card)} {K.SUITS[suit]}", K.card_code(card), K.card_text(card),
        kind=SUIT_KIND[suit], symbol=SUIT_SYMBOL[suit], kind_word=K.SUITS[suit], key=str(card),
    )


def fit_list(label: str, items: Sequence[str], width: int) -> str:
    """'On: blue areas, grey area, … 3 more' — as many whole items as fit in
    `width` columns, then how many were left out."""
    text = label + ", ".join(items)
    if len(text) <= width:
        return text
    for n in range(len(items) - 1, 0, -1):
        text = f"{label}{', '.join(items[:n])}, … {len(items) - n} more"
        if len(text) <= width:
            return text
    return f"{label}{len(items)} effects (Tab Tab lists them)"[:max(width, len(label) + 10)]


def move_cards(move: Any) -> tuple[int, ...]:
    """The construction cards a move plays or discards (none for the others)."""
    if isinstance(move, (Single, Toggle, Discard)):
        return (move.card,)
    if isinstance(move, (Pair, Group)):
        return tuple(move.cards)
    return ()
