"""Numbers typed by people (a seed, a seat, a count): ASCII digits 0-9 and
nothing else. `str.isdigit` says yes to '²' and '①', which `int` refuses,
and `int` takes '٣', ' 7 ' and '1_000', which nobody means to type: every
field that takes a number asks `is_digit` of each key and `parse_number` of
the whole text, so it takes exactly what it can read."""
from __future__ import annotations

DIGITS = frozenset("0123456789")


def is_digit(char: str | None) -> bool:
    """True for one of the ten ASCII digits (a key's character)."""
    return char is not None and len(char) == 1 and char in DIGITS


def is_number(text: str) -> bool:
    """True for a non-empty text of ASCII digits only."""
    return bool(text) and all(c in DIGITS for c in text)


def digits_message(what: str) -> str:
    """The one message for a number typed with something else than digits."""
    return f"{what} must be a number made of digits 0-9"


def parse_number(text: str, what: str) -> int:
    """The whole number `text` spells in ASCII digits (spaces around it are
    allowed); ValueError with `digits_message(what)` otherwise."""
    text = text.strip()
    if not is_number(text):
        raise ValueError(digits_message(what))
    return int(text)
