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


def test_a_text_to_the_mover_read_by_someone_else_names_the_mover():
    from engine.words import about

    said = about("hold an exhibition of paintings: you draw 1 card (to your hand limit); Bot 2 draws 0 cards", "Bot 1")
    assert said == "hold an exhibition of paintings: Bot 1 draws 1 card (to their hand limit); Bot 2 draws 0 cards"
    assert about("1 VP for each painting and book in your gallery", "Bot 2") == (
        "1 VP for each painting and book in their gallery")
    assert about("bid 3 coins (I block); if outbid you pay 1 coin", "Ann") == "bid 3 coins (I block); if outbid Ann pays 1 coin"
    assert about("put the Z block you won in your reserve", "Ann") == "put the Z block Ann won in their reserve"
    assert about("Claim an area you completed, or pass", "Ann") == "Claim an area Ann completed, or pass"
    assert about("You may swap a running errand", "Ann") == "Ann may swap a running errand"
    assert about("hazards cannot target you; +1 gem for each contract you complete", "Ann") == (
        "hazards cannot target Ann; +1 gem for each contract Ann completes")
    assert about("need only 1 from you", "Ann") == "need only 1 from Ann"
    assert about("you are within your limit; you also get 2 coins", "Ann") == "Ann is within their limit; Ann also gets 2 coins"
    assert about("you carry it and you reach London", "Ann") == "Ann carries it and Ann reaches London"
    assert about("Young yours", "Ann") == "Young theirs"  # whole words only
    assert about("no second person here", "Ann") == "no second person here"


def test_for_reader_keeps_you_for_the_mover_and_names_seats():
    from engine.events import Event, for_reader

    text = "you get 3 coins; Seat 2 gets 2 coins"
    names = ["Ann", "Bot 2"]
    assert for_reader(text, 0, 0, names) == "you get 3 coins; Bot 2 gets 2 coins"  # the mover reads it
    assert for_reader(text, 0, 1, names) == "Ann gets 3 coins; Bot 2 gets 2 coins"  # another seat
    assert for_reader(text, 0, None, names) == "Ann gets 3 coins; Bot 2 gets 2 coins"  # a log, a spectator
    assert for_reader(text, 0, None, ["Ann"]) == "Ann gets 3 coins; Seat 2 gets 2 coins"  # a name missing
    in_event = for_reader(text, 0, None)  # no names yet: placeholders that an event fills in
    assert Event(in_event).render(names) == "Ann gets 3 coins; Bot 2 gets 2 coins"
