"""Redacted slots in views: a value that fails loudly whenever it is used.

A view (`GameState.view(seat)`) replaces what its seat may not see with
`HIDDEN`. It compares equal only to itself and can be counted and copied, but
using it as a number or an index (`CARDS[HIDDEN]`, `HIDDEN + 1`, sorting)
raises `HiddenInformationError` instead of silently reading a real value.
"""
from __future__ import annotations

from typing import Any, NoReturn

from engine.rng import Rng


class HiddenInformationError(RuntimeError):
    """A computation used information that this view hides."""


class Hidden:
    """The one redacted-slot sentinel (use the `HIDDEN` instance)."""

    __slots__ = ()
    _instance: "Hidden | None" = None

    def __new__(cls) -> "Hidden":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HIDDEN"

    def __reduce__(self) -> str:
        return "HIDDEN"

    def __copy__(self) -> "Hidden":
        return self

    def __deepcopy__(self, memo: Any) -> "Hidden":
        return self

    def __eq__(self, other: object) -> bool:
        return other is self

    def __hash__(self) -> int:
        return 0x6849_6464

    def _fail(self, *args: Any) -> NoReturn:
        raise HiddenInformationError("this view hides that information (a redacted slot was used as a value)")

    __index__ = __int__ = __float__ = __bool__ = _fail
    __lt__ = __le__ = __gt__ = __ge__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _fail
    __floordiv__ = __rfloordiv__ = __truediv__ = __rtruediv__ = __mod__ = __rmod__ = _fail
    __neg__ = __pos__ = __abs__ = _fail
    __getitem__ = __iter__ = __len__ = _fail


HIDDEN = Hidden()
"""What a view shows in place of a card, tile or choice its seat may not see."""


def is_hidden(value: object) -> bool:
    """True for the redacted-slot sentinel."""
    return value is HIDDEN


class HiddenRng(Rng):
    """The chance generator of a view: its state is hidden, so drawing from
    it raises HiddenInformationError (`determinize` puts a real one back)."""

    __slots__ = ()

    def next64(self) -> int:
        raise HiddenInformationError("this view hides the chance generator; use determinize() to sample one")

    # `Rng` writes its stepping out in each draw (for speed), so each draw is closed here.
    def below(self, n: int) -> int:
        return self.next64()

    def random(self) -> float:
        return self.next64()

    def shuffle(self, items: Any) -> None:
        self.next64()

    def copy(self) -> "HiddenRng":
        return self


HIDDEN_RNG = HiddenRng()
"""The generator a view carries in place of the real one."""
