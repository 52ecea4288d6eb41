"""Small helpers for the words shown to people: counts with their noun."""
from __future__ import annotations

IRREGULAR = {"city": "cities", "ply": "plies", "rarity": "rarities", "man": "men"}
"""Plurals that are not the word plus 's'."""


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 cell', '2 cells', '0 cells'; `many` gives an irregular plural
    (else IRREGULAR, else the word plus 's')."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many or IRREGULAR.get(word) or word + 's'}"
