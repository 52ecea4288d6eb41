"""Views are safe to compute on, determinize samples what a seat cannot see,
and the direct legality check, the reasons and the descriptions agree with
the list of legal moves."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from squire_helpers import city, give_hand, mid_game, play, put_tile, tile_of

from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HiddenInformationError
from engine.rng import Rng
from rulesets import REGISTRY
from rulesets.squire import content as K
from rulesets.squire import moves as M

RS = REGISTRY.get("squire")
EVERY_MOVE = [M.DONE, M.BUY, M.SELL, M.BOOKS, *M.CHOOSE, *M.GO, *M.OFFER.values(), *M.ERRAND.values(),
              *M.DROP.values(), *M.SPACE, *M.EXHIBIT.values(), *M.SALVAGE.values()]
"""Every Squire move there is."""


def random_position(n: int, seed: int, plies: int, mp: str = "british-isles") -> object:
    st = RS.new_game(n, seed, {"map": mp, "abilities": seed % 2 == 0, "market": "example"})
    rng = Rng(seed)
    for _ in range(plies):
        if st.is_over():
            break
        seat = st.to_act()[0]
        st.apply(seat, rng.choice(st.legal(seat)))
    return st


# ------------------------------------------------------------------ views
def test_view_knows_it_is_one_and_hides_with_the_sentinel():
    st = random_position(3, 4, 30)
    v = st.view(1)
    assert v.is_view and v.view_seat == 1 and not st.is_view
    assert all(c is HIDDEN for c in v.players[0].hand + v.players[2].hand + v.deck)
    assert v.players[1].hand == st.players[1].hand
    assert all(t is HIDDEN for t in v.supply + v.box)
    snap = v.snapshot()
    assert snap["rng"] == "?" and set(snap["supply"]) <= {"?"} and set(snap["players"][0]["hand"]) <= {"?"}
    assert snap["players"][1]["hand"] == st.players[1].hand
    spectator = st.view(None)
    assert spectator.view_seat is None and all(c is HIDDEN for p in spectator.players for c in p.hand)


def test_view_cannot_draw_chance():
    v = random_position(2, 1, 5).view(0)
    with pytest.raises(HiddenInformationError):
        v.rng.below(6)
    with pytest.raises(HiddenInformationError):
        v.rng.shuffle([1, 2, 3])


def test_legal_and_apply_for_a_hidden_seat_raise_on_a_view():
    st = mid_game(3, at="vie")
    v = st.view(1)  # seat 0 is to act; seat 1's view hides seat 0's hand
    with pytest.raises(HiddenInformationError):
        v.legal(0)
    with pytest.raises(HiddenInformationError):
        v.apply(0, M.GO[city(st, "par")])
    assert v.legal(1) == []  # not to act: nothing to hide
    assert st.view(0).legal(0) == st.legal(0)


def test_a_view_cannot_produce_a_real_tile_from_a_hidden_slot():
    st = mid_game(2, at="vie")
    put_tile(st, "par", tile_of(K.RED, 4))
    v = st.view(0)
    v.apply(0, M.GO[city(st, "par")])
    v.apply(0, M.SELL)  # the city is refilled from the hidden supply
    par = city(st, "par")
    assert v.cities[par] is HIDDEN
    with pytest.raises(HiddenInformationError):
        v.price(0, par, True)
    with pytest.raises(HiddenInformationError):
        K.TILE_COLOUR[v.cities[par]]
    assert v.snapshot()["cities"]["par"] == "?"
    # the true state drew a real tile
    st.apply(0, M.GO[par])
    st.apply(0, M.SELL)
    assert 0 <= st.cities[par] < K.NUM_TILES


# ------------------------------------------------------------ determinize
def hidden_parts(st, observer):
    return (tuple(st.supply), tuple(st.box), tuple(st.deck),
            tuple(tuple(p.hand) for s, p in enumerate(st.players) if s != observer))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=hs.integers(2, 4), seed=hs.integers(0, 2**32), plies=hs.integers(0, 120),
       mp=hs.sampled_from(["british-isles", "world"]), on_view=hs.booleans())
def test_determinize_properties(n, seed, plies, mp, on_view):
    st = random_position(n, seed, plies, mp)
    observer = st.to_act()[0] if not st.is_over() else 0
    base = st.view(observer) if on_view else st
    want = st.view(observer).snapshot()
    rng = Rng(seed ^ 0x5EED)
    samples = []
    for _ in range(6):
        sample = base.determinize(observer, rng)
        assert not sample.is_view
        assert sample.view(observer).snapshot() == want
        assert sample.legal(observer) == st.legal(observer)
        for seat in sample.to_act():
            moves = sample.legal(seat)
            assert moves
            for mv in moves:
                sample.clone().apply(seat, mv)
        # every tile and card is somewhere, once
        tiles = [t for t in sample.cities + sample.supply + sample.box + sample.tile_discard if t >= 0]
        tiles += [t for p in sample.players for t in p.gallery if t >= 0]
        tiles += [sample.pending] if sample.pending >= 0 else []
        assert sorted(tiles) == list(range(K.NUM_TILES))
        cards = sample.deck + sample.card_discard + [c for p in sample.players for c in p.hand + p.errands]
        assert sorted(cards) == list(range(1, 43))
        samples.append(hidden_parts(sample, observer))
    if len(st.supply) > 1 or len(st.deck) > 1:
        assert len(set(samples)) > 1  # the truth is not simply given back


def test_determinize_plays_on_to_the_end():
    st = random_position(4, 9, 40, "world")
    sample = st.view(0).determinize(0, Rng(3))
    rng = Rng(4)
    while not sample.is_over():
        seat = sample.to_act()[0]
        sample.apply(seat, rng.choice(sample.legal(seat)))
    assert sample.outcome() is not None


# ------------------------------------------------- legality and descriptions
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=hs.integers(2, 4), seed=hs.integers(0, 2**32), plies=hs.integers(0, 150))
def test_direct_check_reasons_and_descriptions_agree_with_legal(n, seed, plies):
    st = random_position(n, seed, plies, "world" if seed % 3 else "british-isles")
    if st.is_over():
        assert st.why_illegal(0, M.DONE) == "the game is over"
        return
    seat = st.to_act()[0]
    legal = set(st.legal(seat))
    for mv in EVERY_MOVE:
        assert st.is_legal(seat, mv) == (mv in legal), st.format_move(mv)
        reason = st.why_illegal(seat, mv)
        if mv in legal:
            assert reason is None
            text = st.describe_move(mv, seat)
            assert text and text != st.format_move(mv)
        else:
            assert reason and isinstance(reason, str)
            before = st.snapshot()
            with pytest.raises(IllegalMoveError):
                st.apply(seat, mv)
            assert st.snapshot() == before
    for other in range(n):
        if other != seat:
            assert "turn" in st.why_illegal(other, M.DONE)


def test_describe_move_says_what_a_move_costs_and_gives():
    st = mid_game(2, at="con")
    st.players[0].tickets = 1
    sam, tok = city(st, "sam"), city(st, "tok")
    assert st.describe_move(M.GO[sam], 0) == "travel to Samarkand by road (Royal ticket)"
    play(st, "sam")
    assert st.describe_move(M.GO[tok], 0) == "travel to Tokyo by road (common ticket)"
    put_tile(st, "tok", tile_of(K.BLUE, 4))
    play(st, "tok")
    price = st.price(0, tok, True)
    assert st.describe_move(M.BUY, 0) == f"buy the blue ceramic worth 4 in Tokyo for {price} coins"
    play(st, "buy")
    assert st.describe_move(M.SPACE[1], 0) == "put a blue ceramic worth 4 in gallery space 1b (hall: 2 coins)"


def test_describe_exhibition_gives_the_amounts_now():
    st = mid_game(3, at="vie")
    st.token = 0
    st.players[0].gallery[0] = tile_of(K.BLUE, 2)
    st.players[2].gallery[0] = tile_of(K.BLUE, 3)
    give_hand(st, 0, [])
    st.phase = "exhibit"
    assert st.describe_move(M.EXHIBIT[K.BLUE], 0) == (
        "hold an exhibition of ceramics: you get 3 coins; Seat 3 gets 2 coins"
    )
    assert st.describe_move(M.EXHIBIT[K.RED], 0) == "hold an exhibition of paintings: you draw 1 card (to your hand limit)"


def test_evaluate_is_a_probability_that_follows_the_score():
    st = mid_game(2, at="vie")
    assert st.evaluate(0) == pytest.approx(0.5)
    st.players[0].gallery[0] = tile_of(K.RED, 6)
    assert 0.5 < st.evaluate(0) < 1 and 0 < st.evaluate(1) < 0.5


def test_text_board_counts_a_hidden_hand_of_one_card_in_the_singular():
    from rulesets.squire.text_board import render_text

    st = random_position(2, 3, 0)
    give_hand(st, 1, [st.players[1].hand[0]])
    text = render_text(st.view(0), 0, ["Ann", "Bob"])
    assert "hand: 1 card (hidden)" in text
    assert "1 cards" not in text


def test_travelling_to_the_city_you_are_in_says_so():
    """Enter with the map cursor on your own city said 'no road or sea route
    leads from Belfast to Belfast'."""
    st = mid_game(2, at="con")
    here = city(st, "con")
    reason = st.why_illegal(0, M.Go(here))
    name = st.game_map.cities[here].name
    assert reason == f"your pawn is in {name} already: point at another city", reason
