"""Counts with their noun."""
from engine.words import plural


def test_plural():
    assert plural(1, "cell") == "1 cell"
    assert plural(0, "cell") == "0 cells"
    assert plural(2, "legal move") == "2 legal moves"
    assert plural(3, "city") == "3 cities"
    assert plural(2, "coin", "coinz") == "2 coinz"
