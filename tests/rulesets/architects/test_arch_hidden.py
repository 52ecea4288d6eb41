"""Hidden information: closed hands, the deck order, sealed bids and the
architects before the bids; determinize samples them."""
import pytest
from arch_helpers import give, new, play, playing

from engine.hidden import HIDDEN, HiddenInformationError, is_hidden
from engine.rng import Rng
from rulesets.architects import content as K
from rulesets.architects.moves import Bid


def all_cards(st):
    cards = list(st.deck) + list(st.discard) + [c for p in st.players for c in p.hand]
    return sorted(cards)


def test_views_hide_other_hands_the_deck_and_the_generator():
    st = playing(3)
    v = st.view(0)
    assert v.is_view and v.view_seat == 0
    assert v.players[0].hand == st.players[0].hand
    assert all(is_hidden(c) for p in v.players[1:] for c in p.hand)
    assert all(is_hidden(c) for c in v.deck) and len(v.deck) == len(st.deck)
    assert v.rng.state == 0
    snap = v.snapshot()
    assert all(c == "?" for c in snap["players"][1]["hand"]) and all(c == "?" for c in snap["deck"])
    text = v.render(0, ["A", "B", "C"])
    assert "6 cards (hidden)" in text
    with pytest.raises(HiddenInformationError):
        st.view(1).legal(0)


def test_open_hands_option_shows_every_hand_but_not_the_deck():
    st = playing(2, hands="open")
    v = st.view(0)
    assert v.players[1].hand == st.players[1].hand and all(is_hidden(c) for c in v.deck)


def test_the_view_does_not_change_when_hidden_parts_are_rearranged():
    st = playing(3, seed=4)
    other = st.clone()
    pool = other.deck + other.players[1].hand + other.players[2].hand
    pool.reverse()
    other.players[1].hand, other.players[2].hand, other.deck = pool[:6], pool[6:12], pool[12:]
    other.rng.next64()
    assert other.view(0).snapshot() == st.view(0).snapshot()
    assert other.view(0).render(0, "ABC") == st.view(0).render(0, "ABC")


def test_sealed_bids_and_architects_stay_hidden_until_shown():
    st = new(3)
    st.apply(1, Bid(2, 50))
    v = st.view(0)
    assert v.players[1].bid == HIDDEN and is_hidden(v.players[1].architect)
    assert st.view(None).players[1].bid == HIDDEN
    assert st.view(1).players[1].bid == (2, 50)
    assert v.to_act() == (0, 2)


def test_drawn_cards_are_private_events():
    st = playing()
    give(st, 0, "1g 2g 3g 1s 2s 3s")
    events = play(st, 0, "x1g")
    private = [e for e in events if e.private_to is not None]
    assert private and all(e.private_to == 0 and not e.visible_to(1) and not e.visible_to(None) for e in private)
    assert any("draws 1 card" in e.text and e.private_to is None for e in events)


@pytest.mark.parametrize("hands", ["closed", "open"])
def test_determinize_keeps_what_the_observer_saw_and_deals_the_rest(hands):
    st = playing(3, seed=9, hands=hands)
    give(st, 0, "1g 2g 3g 1s 2s 3s")
    play(st, 0, "x1g")
    d = st.view(0).determinize(0, Rng(5))
    assert not d.is_view and d.players[0].hand == st.players[0].hand and d.discard == st.discard
    assert all_cards(d) == list(range(K.DECK_SIZE))
    assert [len(p.hand) for p in d.players] == [len(p.hand) for p in st.players] and len(d.deck) == len(st.deck)
    if hands == "open":
        assert d.players[1].hand == st.players[1].hand
    d2 = st.view(0).determinize(0, Rng(6))
    assert d2.deck != d.deck
    # the sample is playable to the end by anyone
    rng = Rng(1)
    while not d.is_over():
        s = d.to_act()[0]
        d.apply(s, rng.choice(d.legal(s)))


def test_determinize_resamples_others_sealed_bids_and_architects():
    st = new(3, seed=2)
    st.apply(1, Bid(2, 50))
    d = st.determinize(0, Rng(3))
    assert d.players[0].architect == st.players[0].architect
    assert len({p.architect for p in d.players} | set(d.spare_architects)) == len(K.ARCHITECTS)
    b, amount = d.players[1].bid
    assert b in d.open_boards and 40 <= amount <= 75
    d.apply(0, Bid(0, 40))
    d.apply(2, Bid(1, 60))
    assert all(p.board >= 0 for p in d.players) or d.phase == "auction"
