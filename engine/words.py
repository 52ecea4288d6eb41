"""Small helpers for the words shown to people: counts with their noun, and
'a' or 'an' before a word. The one place such English is built for the
whole suite (rulesets' events and descriptions, the screens), so no game
writes 'a iron card' or '1 tickets'. Plain Python: cheap to import."""
from __future__ import annotations

import re
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


# --- Second person to third: a text written to the player who acts, read by someone else ---

_TOKENS = re.compile(r"([A-Za-z']+)")
_OBJECT_AFTER = frozenset(
    "from to for with by give gives than against of at on onto let lets beside behind before after toward towards"
    " target targets cost costs tell tells show shows".split())
"""Words after which 'you' is an object ('steal from you' → 'steal from Bot 2'): no verb follows it."""
_ADVERBS = frozenset("also only still then now already just never always first".split())
_KEEP = frozenset(
    "may might can cannot can't could must will would shall should won't wouldn't did didn't had got won"
    " were was drew took made built paid sold bought gave held chose left kept laid ran came went saw said"
    " and or".split()) | _ADVERBS
"""Words a third-person subject takes unchanged: modals and past tenses ('the block you won')."""
_IRREGULAR_3RD = {"are": "is", "have": "has", "do": "does", "go": "goes", "don't": "doesn't", "aren't": "isn't",
                  "haven't": "hasn't", "were": "was"}
_PRONOUNS = {"your": "their", "yours": "theirs", "yourself": "themselves", "yourselves": "themselves"}
_CONTRACTED = {"you're": "is", "you've": "has", "you'll": "will", "you'd": "would"}


def third_person(verb: str) -> str:
    """'draw' → 'draws', 'pay' → 'pays', 'carry' → 'carries', 'reach' →
    'reaches'; modals and past tenses unchanged ('may', 'won', 'completed')."""
    low = verb.lower()
    if low in _IRREGULAR_3RD:
        return _IRREGULAR_3RD[low]
    if low in _KEEP or low.endswith("ed") or not low.isalpha():
        return verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


@lru_cache(maxsize=4096)  # events quote card texts inside the search's playouts: the same few hundred
def about(text: str, name: str) -> str:
    """`text`, written to the player who acts ('you draw 2 cards (to your
    hand limit)'), as someone else reads it about that player, `name`:
    'Bot 1 draws 2 cards (to their hand limit)'. 'you' becomes the name
    and its verb takes an s ('if outbid Bot 1 pays 1 coin', but 'the block
    Bot 1 won', 'Bot 1 may'); 'you' after a preposition or a verb is an
    object ('steal from Bot 1'); 'your' and 'yours' become 'their' and
    'theirs'. English for the texts the rulesets write, not for any text."""
    if "you" not in text.lower():
        return text
    parts = _TOKENS.split(text)  # words at odd indexes, what lies between them at even ones
    words = range(1, len(parts), 2)
    out = list(parts)
    verb_at: int | None = None
    for i in words:
        word = parts[i]
        low = word.lower()
        if verb_at == i:
            if low in _ADVERBS and i + 2 < len(parts) and parts[i + 1].strip() == "":
                verb_at = i + 2
                continue
            out[i] = third_person(word)
            verb_at = None
            continue
        if low in _PRONOUNS:
            swapped = _PRONOUNS[low]
            out[i] = swapped.capitalize() if word[0].isupper() else swapped
        elif low in _CONTRACTED:
            out[i] = f"{name} {_CONTRACTED[low]}"
        elif low == "you":
            out[i] = name
            before = parts[i - 2].lower() if i >= 2 and parts[i - 1].strip() == "" else ""
            if before not in _OBJECT_AFTER and i + 2 < len(parts) and parts[i + 1].strip() == "":
                verb_at = i + 2  # the subject: its verb follows after a space
    return "".join(out)
