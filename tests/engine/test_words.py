"""Counts with their noun, and the article before a word."""
from engine.words import a_or_an, article, plural


def test_plural():
    assert plural(1, "cell") == "1 cell"
    assert plural(0, "cell") == "0 cells"
    assert plural(2, "legal move") == "2 legal moves"
    assert plural(3, "city") == "3 cities"
    assert plural(2, "coin", "coinz") == "2 coinz"
    assert plural(1, "ticket") == "1 ticket" and plural(2, "ticket") == "2 tickets"
    assert plural(2, "VP") == "2 VP"


def test_a_or_an():
    assert a_or_an("iron card") == "an iron card"
    assert a_or_an("Arsonist") == "an Arsonist"
    assert a_or_an("map") == "a map"
    assert a_or_an("order card") == "an order card"
    assert a_or_an("x2 card") == "an x2 card"
    assert article("hour") == "an" and article("unit") == "a" and article("one-way road") == "a"
    assert article("8") == "an" and article("18") == "an" and article("80") == "an" and article("100") == "a" and article("1") == "a"
    assert article("") == "a"


def test_article_answers_the_same_when_asked_again_and_after_its_memory_is_cleared():
    asked = ["hour", "Honest man", "unit", "Royal coin", "x2 card", "b3", "8", "apple", "map", " euro", ""]
    first = [article(w) for w in asked]
    assert first == ["an", "an", "a", "a", "an", "a", "an", "an", "a", "a", "a"]
    assert [article(w) for w in asked] == first  # from memory now
    article.cache_clear()
    assert [article(w) for w in asked] == first
