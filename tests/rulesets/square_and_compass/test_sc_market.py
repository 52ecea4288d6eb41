"""The resource market: refills, the reset (3 blueprints or 5 of one
resource), decks reshuffling their discard piles."""
from sc_helpers import code, conserved, play, set_market, started

from rulesets.square_and_compass import content as K


def test_three_blueprints_reset_the_market():
    st = started()
    set_market(st, "t bp bp s g")
    for c in ("i", "c", "t", "s", "g", "bp"):  # drawn last first: bp refills stall 1
        st.res_deck.remove(code(c))
        st.res_deck.append(code(c))
    events = play(st, "ga", "r1")
    assert any("resets" in e.text for e in events)
    assert st.res_market == [code(c) for c in ("g", "s", "t", "c", "i")]
    assert st.res_discard[-5:] == [code("bp"), code("bp"), code("bp"), code("s"), code("g")]
    conserved(st)


def test_five_of_one_resource_normal_or_sustainable_reset_the_market():
    st = started()
    set_market(st, "s es s g s")
    for c in ("t", "i", "c", "g", "t", "s"):
        st.res_deck.remove(code(c))
        st.res_deck.append(code(c))
    events = play(st, "ga", "r4")
    assert any("resets" in e.text for e in events)
    assert sorted(st.res_market) == sorted(code(c) for c in ("t", "g", "c", "i", "t"))


def test_four_alike_or_two_blueprints_stay():
    st = started()
    set_market(st, "s es s g bp")
    for c in ("t", "bp"):
        st.res_deck.remove(code(c))
        st.res_deck.append(code(c))
    events = play(st, "ga", "r4")  # the refill is a blueprint: 2 blueprints, 3 stone
    assert not any("resets" in e.text for e in events)
    assert st.res_market == [code(c) for c in ("s", "es", "s", "bp", "bp")]


def test_an_empty_deck_reshuffles_its_discard_pile():
    st = started()
    st.res_discard += st.res_deck
    st.res_deck = []
    before = st.rng.state
    play(st, "ga", "r1")
    assert st.res_deck and st.res_discard == [] and st.rng.state != before
    conserved(st)


def test_contract_and_thp_stalls_refill_from_their_decks():
    st = started()
    top = st.thp_deck[-1]
    play(st, "hr", "h2")
    assert st.thp_market[1] == top
    st.con_discard += st.con_deck
    st.con_deck = []
    play(st, "df", "k1")
    assert st.con_market[0] >= 0 and st.con_discard == []
    conserved(st)


def test_stalls_stay_empty_when_nothing_is_left():
    st = started()
    st.players[1].hand += [c for c in st.res_deck if c != K.BLUEPRINT]
    st.players[1].blueprints += st.res_deck.count(K.BLUEPRINT)
    st.res_deck = []
    play(st, "ga", "r1")
    assert st.res_market[0] == -1
    conserved(st)
