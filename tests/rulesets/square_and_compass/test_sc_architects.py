"""Every architect's active perk (once a round, no tile)."""
import pytest
from sc_helpers import code, conserved, give, play, set_market, started, texts

from rulesets.square_and_compass import content as K


def perk(archs, setup, moves):
    st = started(3, archs)
    setup(st)
    play(st, "perk", *moves)
    assert st.players[0].perk_used and st.players[0].used == 0
    conserved(st)
    return st


def test_hadid_processes():
    st = perk(("hadid", "kahn", "zwirner"), lambda st: give(st, 0, hand="g"), ["pg"])
    assert st.players[0].materials[code("g")] == 1


def test_wright_and_barry_gather_normal_resources():
    def market(st):
        set_market(st, "t et s bp g")
    st = perk(("barry", "kahn", "zwirner"), market, ["r1"])
    assert st.players[0].hand == [code("t")]
    st = perk(("wright", "kahn", "zwirner"), market, ["r1", "r3"])
    assert st.players[0].hand == sorted([code("s"), code("t")])


def test_kahn_takes_a_contract_and_zwirner_a_card():
    st = perk(("kahn", "hadid", "zwirner"), lambda st: None, ["k1"])
    assert len(st.players[0].contracts) == 1
    st = perk(("zwirner", "hadid", "kahn"), lambda st: None, ["h1"])
    assert len(st.players[0].thp) == 1


def test_corbusier_converts_two_alike():
    st = perk(("corbusier", "hadid", "kahn"), lambda st: give(st, 0, hand="c c t"), [])
    assert st.phase == "act"
    assert all(t.startswith("xc-") for t in texts(st))
    play(st, "xc-s")
    assert st.players[0].materials[code("s")] == 1


def test_gilbert_plays_a_card():
    st = perk(("gilbert", "hadid", "kahn"), lambda st: give(st, 0, thp="wt"), ["uwt"])
    assert st.players[0].vp == 2


def test_palladio_takes_any_card():
    st = perk(("palladio", "hadid", "kahn"), lambda st: set_market(st, "t et s bp g"), ["r4"])
    assert st.players[0].blueprints == 1


def test_schinkel_makes_a_material_sustainable():
    st = perk(("schinkel", "hadid", "kahn"), lambda st: give(st, 0, materials="s t"), [])
    assert len(texts(st)) == 10 and "vt-s" in texts(st)  # either material into any sustainable kind
    play(st, "vs-s")
    assert st.players[0].materials[code("es")] == 1


def test_paxton_takes_a_glass():
    st = perk(("paxton", "hadid", "kahn"), lambda st: None, [])
    assert st.players[0].materials[code("g")] == 1


@pytest.mark.parametrize("arch", [a.key for a in K.ARCHITECTS])
def test_a_perk_that_could_do_nothing_is_not_offered(arch):
    st = started(3, (arch,) + tuple(a for a in ("hadid", "kahn", "zwirner") if a != arch)[:2])
    st.res_market = [-1] * 5
    st.con_market = [-1] * 4
    st.thp_market = [-1] * 2
    st.res_deck, st.con_deck, st.thp_deck = [], [], []
    st.supply[4] = 0
    assert "perk" not in texts(st)
