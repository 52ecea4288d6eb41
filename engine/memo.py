"""A bounded table of answers, for the bots' hot paths.

A search's playouts ask a heuristic the same questions again and again
(the best plan of a board, the best free space of a gallery), from states
that are not hashable themselves. The caller builds a key of everything
the answer reads and keeps the answer in a `Memo` by it. The answer must
be a function of the key alone: then an answer kept by one bot is the one
any other bot would work out from the same key (a bot of another seat or
room included), so sharing a table across bots reveals nothing. When the
table is full it is cleared whole, which bounds its memory without the
bookkeeping of a least-recently-used order (`functools.lru_cache` keys on
a function's own arguments, and these functions take a state).
"""
from __future__ import annotations

from typing import Hashable, TypeVar

V = TypeVar("V")


class Memo(dict[Hashable, V]):
    """Answers by key, at most `bound` of them (`keep` clears the table
    when it is full)."""

    __slots__ = ("bound",)

    def __init__(self, bound: int) -> None:
        super().__init__()
        if bound < 1:
            raise ValueError("a memo needs room for at least one answer")
        self.bound = bound
        """The most answers kept at once."""

    def keep(self, key: Hashable, value: V) -> V:
        """Keep `value` as the answer for `key` and return it."""
        if len(self) >= self.bound:
            self.clear()
        self[key] = value
        return value
