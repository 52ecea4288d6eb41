"""Coins between the bank and the players: what every phase that pays or
charges uses."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesets.square_masons.state import SquareMasonsState


def pay(st: SquareMasonsState, seat: int, amount: int) -> int:
    """The bank pays `seat` up to `amount` (as much as it holds)."""
    got = min(amount, st.bank)
    st.bank -= got
    st.boards[seat].coins += got
    return got


def charge(st: SquareMasonsState, seat: int, amount: int) -> None:
    """`seat` pays `amount` into the bank (a checked move never pays more than it has)."""
    st.boards[seat].coins -= amount
    st.bank += amount

