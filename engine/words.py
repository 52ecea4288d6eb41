"""Small helpers for the words shown to people: counts with their noun, and
'a' or 'an' before a word. The one place such English is built for the
whole suite (rulesets' events and descriptions, the screens), so no game
writes 'a iron card' or '1 tickets'. Plain Python: cheap to import."""
from __future__ import annotations

from functools import lru_cache

IRREGULAR = {"city": "cities", "ply": "plies", "rarity": "rarities", "man": "men", "VP": "VP"}
"""Plurals that are not the word plus 's' (the last word of a phrase counts)."""

AN_BEFORE = ("hour", "honest", "honour", "heir", "8", "11", "18")
"""Words that start with a vowel sound but not a vowel letter (and numbers said so)."""
A_BEFORE = ("one", "once", "uni", "use", "usu", "uti", "eu", "ewe", "ure", "Royal")
"""Words that start with a vowel letter but a consonant sound."""


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 cell', '2 cells', '0 cells', '2 legal moves'; `many` gives an
    irregular plural (else IRREGULAR for the phrase's last word, else the
    word plus 's')."""
    if n == 1:
        return f"{n} {word}"
    if many:
        return f"{n} {many}"
    head, _, last = word.rpartition(" ")
    last = IRREGULAR.get(last) or last + "s"
    return f"{n} {head} {last}" if head else f"{n} {last}"


_AN_LOW = tuple(w.lower() for w in AN_BEFORE)
_A_LOW = tuple(w.lower() for w in A_BEFORE)


@lru_cache(maxsize=8192)  # the events of a search's playouts ask for the same few hundred words
def article(word: str) -> str:
    """'a' or 'an' for `word`, by its sound: 'an hour', 'a unit', 'an x2
    card' (a letter said by its name), 'an 8', 'an 18'."""
    low = word.strip().lower()
    if not low:
        return "a"
    first = low.split(" ")[0].rstrip(",.:;")
    if first[0].isdigit():
        return "an" if first in AN_BEFORE or first.startswith("8") else "a"
    if len(first) > 1 and first[1].isdigit():  # a letter said by its name: 'an x2', 'a b3'
        return "an" if first[0] in "aefhilmnorsx" else "a"
    if low.startswith(_AN_LOW):
        return "an"
    if low.startswith(_A_LOW):
        return "a"
    return "an" if low[0] in "aeiou" else "a"


def a_or_an(word: str) -> str:
    """The word with its article: 'an iron card', 'an Arsonist', 'a map'."""
    return f"{article(word)} {word}"
