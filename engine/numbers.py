"""Numbers typed by people (a seed, a seat, a count): ASCII digits 0-9 and
nothing else. `str.isdigit` says yes to '²' and '①', which `int` refuses,
and `int` takes '٣', ' 7 ' and '1_000', which nobody means to type: every
field that takes a number asks `is_digit` of each key and `parse_number`
(or, where a text that is no number means something else, `number_in`) of
the whole text, so it takes exactly what it can read.

A typed number is read within bounds: at most MAX_DIGITS digits (leading
zeros aside) are ever given to `int`, which refuses a text of more than
4300 digits with an error nobody expects (and would spend time on a
million), and `said_number` is how a message repeats one."""
from __future__ import annotations

DIGITS = frozenset("0123456789")

MAX_DIGITS = 20
"""The most digits a typed number is read with, leading zeros aside: the
largest seed (2**64 - 1) has 20; a longer one is out of any range here."""

SAID_DIGITS = 12
"""The most digits a message repeats of a typed number (then '…')."""


def is_digit(char: str | None) -> bool:
    """True for one of the ten ASCII digits (a key's character)."""
    return char is not None and len(char) == 1 and char in DIGITS


def is_number(text: str) -> bool:
    """True for a non-empty text of ASCII digits only."""
    return bool(text) and all(c in DIGITS for c in text)


def digits_message(what: str) -> str:
    """The one message for a number typed with something else than digits."""
    return f"{what} must be a number made of digits 0-9"


def range_message(what: str, low: int, high: int | None) -> str:
    """The one message for a number out of its bounds."""
    if high is None:
        return f"{what} must be a number of at most {MAX_DIGITS} digits"
    return f"{what} must be from {low} to {high}"


def number_in(text: str, low: int = 0, high: int | None = None) -> int | None:
    """The number `text` spells in ASCII digits (spaces around it allowed)
    when it lies from `low` to `high` (None: MAX_DIGITS digits at most);
    None for anything else, however long."""
    text = text.strip()
    if not is_number(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        return None
    n = int(digits)
    return n if low <= n and (high is None or n <= high) else None


def parse_number(text: str, what: str, low: int = 0, high: int | None = None) -> int:
    """The whole number `text` spells in ASCII digits (spaces around it are
    allowed), from `low` to `high`; ValueError with `digits_message(what)`
    or `range_message` otherwise."""
    n = number_in(text, low, high)
    if n is None:
        raise ValueError(digits_message(what) if not is_number(text.strip()) else range_message(what, low, high))
    return n


def said_number(text: str) -> str:
    """A typed number as a message repeats it: without leading zeros, and
    at most SAID_DIGITS digits ('…' and the count of digits after a longer one)."""
    digits = text.strip().lstrip("0") or "0"
    if len(digits) <= SAID_DIGITS:
        return digits
    return f"{digits[:SAID_DIGITS]}… ({len(digits)} digits)"
