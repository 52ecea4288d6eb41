"""Slides: along the building's line and across it, stopping at buildings
and at the edge, passing between buildings, never pushing, a crossing
building blocks, the player chooses the distance; the no-sliding variant."""
import pytest
from gs_helpers import RULESET, legal_texts, mv, play, position, reach, slides_of

from engine.errors import IllegalMoveError
from rulesets.grid_square import geometry as g
from rulesets.grid_square.moves import Slide


def slide_ready(*buildings, place="Sh9h", **kw):
    """A position in Seat 1's (index 0) slide step, `place` just placed."""
    s = position(*buildings, **kw)
    play(s, place)
    assert s.phase == "slide"
    return s


def expected(building, **dirs):
    return [f"{building}-{d}{k}" for d in "ensw" for k in range(1, dirs.get(d, 0) + 1)]


def test_free_building_slides_to_every_distance_up_to_the_edge():
    s = slide_ready("Sd4h")  # horizontal, from point d4 (x 3..4, line 4)
    assert slides_of(s, "Sd4h") == expected("Sd4h", e=4, n=5, s=3, w=3)
    s = slide_ready("Sd4v")  # vertical, from point d4 (line d, y 3..4)
    assert slides_of(s, "Sd4v") == expected("Sd4v", e=5, n=4, s=3, w=3)
    s = slide_ready("La1h")  # a large building in the corner
    assert slides_of(s, "La1h") == expected("La1h", e=5, n=8)


def test_distance_is_the_players_choice():
    s = slide_ready("Sd4h")
    play(s, "Sd4h-e2")
    assert s.pieces[0] == (1, 5, 3, "h")
    assert s.h & g.hbit(5, 3) and not s.h & g.hbit(3, 3)
    assert s.seat == 1  # one slide, then the turn ends


def test_along_the_line_stops_at_the_next_building():
    s = slide_ready("Sa4h", "Sf4h")
    assert reach(s, "Sa4h", "e") == 4  # to e4-f4, touching Sf4h
    assert reach(s, "Sf4h", "w") == 4
    with pytest.raises(IllegalMoveError, match="can slide 4 cells east, not 5"):
        s.parse_move("Sa4h-e5", 0)


def test_across_the_line_stops_below_a_building_on_the_way():
    s = slide_ready("Md4h", "Se7h")  # Se7h lies over the right half of Md4h
    assert reach(s, "Md4h", "n") == 2
    assert reach(s, "Se7h", "s") == 2


def test_no_pushing():
    s = slide_ready("Sa4h", "Sc4h")
    assert slides_of(s, "Sa4h") == expected("Sa4h", n=5, s=3, e=1)
    with pytest.raises(IllegalMoveError):
        s.parse_move("Sa4h-e2", 0)  # would have to push Sc4h along
    play(s, "Sa4h-e1")
    assert (1, 2, 3, "h") in s.pieces and (1, 1, 3, "h") in s.pieces  # Sc4h did not move


def test_a_building_crossing_the_line_blocks():
    # Md3v runs d3-d5 and crosses line 4 at d4
    s = slide_ready("Sa4h", "Md3v")
    assert reach(s, "Sa4h", "e") == 2  # stops touching it at d4
    # two buildings meeting at d4 from both sides also form a wall
    s = slide_ready("Sa4h", "Sd3v", "Sd4v")
    assert reach(s, "Sa4h", "e") == 2


def test_a_building_crossing_the_swept_cells_blocks():
    # Mb4h (b4-e4) moving north; Sc5v stands on c5-c6, across its middle
    s = slide_ready("Mb4h", "Sc5v")
    assert reach(s, "Mb4h", "n") == 1
    # vertical Mb2v (b2-b4), moving east: Sb3h meets its middle from the
    # east, so it cannot move east at all; Sc3h only touches it once it is
    # on line c, and stops it there
    s = slide_ready("Mb2v", "Sb3h")
    assert reach(s, "Mb2v", "e") == 0
    assert reach(s, "Mb2v", "w") == 1
    s = slide_ready("Mb2v", "Sc3h")
    assert reach(s, "Mb2v", "e") == 1


def test_buildings_that_only_touch_the_line_do_not_block():
    # Sd4v touches line 4 at d4 from above, Sf3v at f4 from below
    s = slide_ready("Sa4h", "Sd4v", "Sf3v")
    assert reach(s, "Sa4h", "e") == 7


def test_passing_between_two_buildings():
    # Sb2h moves north between Mb3v and Mc3v, which touch its two ends
    s = slide_ready("Sb2h", "Mb3v", "Mc3v")
    assert reach(s, "Sb2h", "n") == 7
    # and stops between two buildings on its new line if the player wants
    s = slide_ready("Se6h", "Sd4h", "Sf4h")
    assert reach(s, "Se6h", "s") == 5
    play(s, "Se6h-s2")
    assert s.pieces[0] == (1, 4, 3, "h")
    assert s.h & (g.hbit(3, 3) | g.hbit(4, 3) | g.hbit(5, 3)) == g.hbit(3, 3) | g.hbit(4, 3) | g.hbit(5, 3)


def test_any_players_building_may_slide():
    s = slide_ready("Sd4h", owners=[1])
    assert s.seat == 0
    assert slides_of(s, "Sd4h")
    play(s, "Sd4h-n1")
    assert s.owners[0] == 1  # the building keeps its owner


def test_only_one_slide_and_it_is_optional():
    s = slide_ready("Sd4h")
    assert legal_texts(s)[-1] == "pass"
    play(s, "pass")
    assert s.seat == 1 and s.phase == "place" and s.pieces[0] == (1, 3, 3, "h")


def test_slide_of_a_missing_building_is_illegal():
    s = slide_ready("Sd4h")
    with pytest.raises(IllegalMoveError, match="no middle building on d4–f4"):
        s.parse_move("Md4h-e1", 0)


# --------------------------------------------------------- the first turn
def test_the_first_turn_has_no_slide():
    s = RULESET.new_game(2, 0, {"sliding": True})
    play(s, "Sd4h")
    assert s.seat == 1 and s.phase == "place"
    play(s, "Sa1h")
    assert s.phase == "slide"


# --------------------------------------------------------- the variant
def test_no_sliding_variant():
    s = RULESET.new_game(2, 0, RULESET.parse_options(["sliding=no"]))
    assert s.slides_allowed is False
    for text in ("Sd4h", "Sa1h", "Sa1v", "Sa2h"):
        play(s, text)
        assert s.phase == "place"
        assert not any(isinstance(m, Slide) for m in s.legal(s.seat))
    with pytest.raises(IllegalMoveError):
        s.parse_move("Sd4h-e1", 0)
    play(s, "Sb1v")  # closes a1: straight to the claim step
    assert s.phase == "claim" and legal_texts(s) == ["@a1", "pass"]
    assert "Variant: no sliding." in s.render(None, ["A", "B"])


def test_no_sliding_variant_whole_game_never_slides():
    from engine.bots import RandomBot

    s = RULESET.new_game(2, 5, {"sliding": False})
    bot = RandomBot(5)
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal(seat)
        assert not any(isinstance(m, Slide) for m in legal)
        s.apply(seat, bot.choose(s, seat))


# ------------------------------------------- blocked by buildings, not sides
# "A building may be moved until it hits another building or the edge of
# the gameboard" (rulebook). What stops a slide is the buildings it would
# cross: two buildings meeting end to end across its way block exactly as
# one building lying over the same crossing does.
def test_two_abutting_buildings_block_as_one_along_the_line():
    one = slide_ready("Sa4h", "Md3v")
    two = slide_ready("Sa4h", "Sd3v", "Sd4v")
    assert reach(one, "Sa4h", "e") == reach(two, "Sa4h", "e") == 2
    assert slides_of(one, "Sa4h") == slides_of(two, "Sa4h")


def test_two_abutting_buildings_block_as_one_across_the_line():
    # Lb4h (b4-e4) moving north; a wall on line c from c5 to c7
    one = slide_ready("Lb4h", "Mc5v")
    two = slide_ready("Lb4h", "Sc5v", "Sc6v")
    assert reach(one, "Lb4h", "n") == reach(two, "Lb4h", "n") == 1
    # Ma5v (a5-a7) moving east; a wall on line 6 from b6 to d6
    one = slide_ready("Ma5v", "Mb6h")
    two = slide_ready("Ma5v", "Sb6h", "Sc6h")
    assert reach(one, "Ma5v", "e") == reach(two, "Ma5v", "e") == 1


def _cut(text: str) -> list[str]:
    """A building as small buildings on the same sides: 'Mc4h' -> Sc4h, Sd4h."""
    p = mv(text)
    dx, dy = (1, 0) if p.orient == "h" else (0, 1)
    return [f"S{chr(97 + p.x + dx * i)}{p.y + dy * i + 1}{p.orient}" for i in range(p.size)]


def _segment_reach(buildings: list[str], mover: str, direction: str) -> int:
    """An independent reading of the rule on segments: walls are the
    buildings merged where they meet end to end on one line; the mover
    stops before overlapping a wall, before crossing a wall that runs
    through its way, and at the edge; walls that only touch its way do not
    stop it."""
    p = mv(mover)
    others = [mv(t) for t in buildings if t != mover]
    # unit sides of the other buildings, by line
    hs = {(o.x + i, o.y) for o in others if o.orient == "h" for i in range(o.size)}
    vs = {(o.x, o.y + i) for o in others if o.orient == "v" for i in range(o.size)}
    along, across = (hs, vs) if p.orient == "h" else ({(y, x) for x, y in vs}, {(y, x) for x, y in hs})
    a, b = (p.x, p.y) if p.orient == "h" else (p.y, p.x)  # along the mover, across it
    da, db = {"e": (1, 0), "w": (-1, 0), "n": (0, 1), "s": (0, -1)}[direction]
    if p.orient == "v":
        da, db = db, da

    def crosses(line_a: int, pos_b: float) -> bool:
        """A wall on line a=line_a covers both sides of the point b=pos_b."""
        return (line_a, pos_b - 1) in across and (line_a, pos_b) in across

    dist = 0
    while True:
        n = dist + 1
        if da:
            lo, hi = a + (n if da > 0 else -n), a + p.size + (n if da > 0 else -n)
            if lo < 0 or hi > 8:
                return dist
            if any((x, b) in along for x in range(lo, hi)):
                return dist
            passed = a + p.size + dist if da > 0 else a - dist  # the point it moves through
            if 0 < b < 8 and crosses(passed, b):
                return dist
        else:
            line = b + db * n
            if not 0 <= line <= 8:
                return dist
            if any((a + i, line) in along for i in range(p.size)):
                return dist
            row = min(line, line - db)  # the cells swept in this step
            if any((a + i, row) in across for i in range(1, p.size)):
                return dist
        dist += 1


def test_blocking_matches_merged_walls_on_random_boards():
    # the state's reach equals the segment reading's, and stays the same
    # when every other building is cut into small ones on the same sides
    import random

    rng = random.Random(2024)
    for _ in range(300):
        texts: list[str] = []
        h = v = 0
        for _ in range(rng.randrange(4, 14)):
            size, o = rng.randrange(1, 4), rng.choice("hv")
            x, y = rng.randrange(0, 9), rng.randrange(0, 9)
            if not g.fits(size, x, y, o):
                continue
            m = g.building_mask(size, x, y, o)
            if m & (h if o == "h" else v):
                continue
            if o == "h":
                h |= m
            else:
                v |= m
            texts.append(f"{'SML'[size - 1]}{chr(97 + x)}{y + 1}{o}")
        if len(texts) < 2:
            continue
        mover = texts[0]
        cut = [mover] + [t for other in texts[1:] for t in _cut(other)]
        for d in "nesw":
            expected_reach = _segment_reach(texts, mover, d)
            for layout in (texts, cut):
                st = _free_position(layout)
                assert reach(st, mover, d) == expected_reach, (texts, mover, d, layout is cut)
                slides = [m for m in st.slides() if (*m[:4], m.direction) == (*mv(mover), d)]
                assert len(slides) == expected_reach


def _free_position(texts: list[str]):
    """A position in Seat 1's slide step with `texts` on the board (stock
    limits ignored: small buildings may be many)."""
    s = position()
    for t in texts:
        p = mv(t)
        m = g.building_mask(*p)
        if p.orient == "h":
            s.h |= m
        else:
            s.v |= m
        s.pieces.append(tuple(p))
        s.owners.append(0)
    s.phase = "slide"
    return s


def test_log_says_places_and_slides_in_words_not_notation():
    """The log (events) speaks words: 'placed a small building on h9–i9', not
    'placed Sh9h'; a slide names the building, cells and direction."""
    s = position("Sd4h")
    placed = play(s, "Sh9h")
    assert [e.text for e in placed] == ["{P1} placed a small building on h9–i9"]
    slid = play(s, "Sd4h-e2")
    assert slid[0].text == "{P1} slid the small building on d4–e4 2 cells east, to f4–g4"
    assert not any(t in slid[0].text for t in ("Sd4h", "Sf4h"))
