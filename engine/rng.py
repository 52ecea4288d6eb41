"""The one seeded random number generator a game state carries.

SplitMix64: the whole state is one 64-bit integer, so cloning is free, the
state serialises into a snapshot as a number, and the same seed gives the same
stream on every machine and Python version.
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """A small deterministic RNG (SplitMix64) with the helpers games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK
        """The whole generator state: one unsigned 64-bit integer."""

    # The stepping is written out in each method below rather than called:
    # the search bots draw millions of numbers a decision, and a method call
    # costs as much as the arithmetic (`benchmarks/run.py --search`).
    def next64(self) -> int:
        """The next raw 64-bit value."""
        s = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = 0x10000000000000000 - 0x10000000000000000 % n
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            v = z ^ (z >> 31)
            if v < limit:
                self.state = s
                return v % n

    def random(self) -> float:
        """A float in [0, 1)."""
        s = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (`below` written out)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = 0x10000000000000000 - 0x10000000000000000 % n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                v = z ^ (z >> 31)
                if v < limit:
                    break
            j = v % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def fork(self) -> "Rng":
        """A new generator seeded from this one (for bots and sampling)."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        """An independent generator in the same state."""
        return Rng(self.state)
