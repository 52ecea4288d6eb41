"""Small helpers for boards kept as integer bit masks."""
from __future__ import annotations


def bits_of(mask: int) -> list[int]:
    """The indices of the set bits of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest_bit(mask: int) -> int:
    """The index of the lowest set bit (-1 for 0)."""
    return (mask & -mask).bit_length() - 1
