"""Every technician, hazard and project card."""
from sc_helpers import CON, code, conserved, give, play, set_market, started, texts

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.moves import Target


def test_surveyor_takes_a_contract_then_processes():
    st = started()
    give(st, 0, thp="sv", hand="s")
    cid = st.con_market[1]
    play(st, "ct", "usv", "k2")
    assert texts(st) == ["done", "ps"]
    play(st, "ps")
    p = st.players[0]
    assert p.contracts == [cid] and p.materials[code("s")] == 1 and st.seat == 1
    conserved(st)


def test_scout_takes_two_resources_of_any_kind():
    st = started()
    give(st, 0, thp="sc")
    set_market(st, "et es bp t s")
    play(st, "ct", "usc", "r1")
    assert "r1" in texts(st) and "done" in texts(st)
    play(st, "r3")
    assert st.players[0].hand == [code("et")] and st.players[0].blueprints == 1


def test_miller_processes_up_to_three():
    st = started()
    give(st, 0, thp="mi", hand="t s i c")
    play(st, "ct", "umi", "pt", "ps", "pi")
    p = st.players[0]
    assert p.hand == [code("c")] and p.materials[:3] == [1, 1, 1] and st.seat == 1
    st2 = started()
    give(st2, 0, thp="mi", hand="t s")
    play(st2, "ct", "umi", "pt", "done")
    assert st2.players[0].hand == [code("s")]


def test_energy_consultant_turns_normal_into_any_sustainable():
    st = started()
    give(st, 0, thp="en", materials="t")
    play(st, "ct", "uen")
    assert len(texts(st)) == 5  # wood into any of the five sustainable kinds
    play(st, "vt-s")
    p = st.players[0]
    assert p.materials[code("t")] == 0 and p.materials[code("es")] == 1
    conserved(st)


def test_under_rules_version_1_the_foreman_duplicates_a_normal_material():
    st = started()
    st.rules_version = 1  # version 2 on: at a contract's completion (test_sc_versions.py)
    give(st, 0, thp="fo", materials="i eg")
    play(st, "ct", "ufo")
    assert texts(st) == ["di"]  # only normal materials are duplicated
    play(st, "di")
    assert st.players[0].materials[code("i")] == 2


def test_poacher_steals_a_contract_at_random_from_a_neighbour_of_choice():
    st = started(4, ("hadid", "kahn", "gilbert", "palladio"))
    give(st, 0, thp="po")
    give(st, 1, contracts=("Bauhaus",))
    give(st, 2, contracts=("Parthenon",))
    give(st, 3, contracts=("Pantheon",))
    play(st, "ct", "upo")
    # seat 2 is no neighbour of seat 0 in a 4-player game; seats 2 and 4 are
    assert texts(st) == ["@2", "@4"]
    assert "not your left or right" in st.why_illegal(0, Target(2))
    events = play(st, "@4")
    assert st.players[0].contracts == [CON["Pantheon"]] and st.players[3].contracts == []
    private = [e for e in events if e.private_to is not None]
    assert {e.private_to for e in private} == {0, 3} and all("Pantheon" not in e.text for e in events if e.private_to is None)
    conserved(st)


def test_sturdy_architects_cannot_be_targeted():
    st = started(3, ("hadid", "zwirner", "barry"))
    give(st, 0, thp="co")
    st.players[1].blueprints = 1
    st.players[2].blueprints = 1
    st.res_deck.remove(K.BLUEPRINT)
    st.res_deck.remove(K.BLUEPRINT)
    play(st, "ct", "uco")
    # both neighbours are sturdy (Zwirner, Barry): the Copyist does nothing
    assert st.seat == 1 and st.players[0].blueprints == 0
    assert st.thp_discard[-1] == K.CARD_BY_CODE["co"]


def test_copyist_steals_a_blueprint():
    st = started(2, ("hadid", "kahn"))
    give(st, 0, thp="co")
    give(st, 1, blueprints=2)
    play(st, "ct", "uco", "@2")
    assert (st.players[0].blueprints, st.players[1].blueprints) == (1, 1)


def test_arsonist_burns_any_players_resource_or_thp_card():
    st = started(4, ("hadid", "kahn", "gilbert", "palladio"))
    give(st, 0, thp="ar")
    give(st, 2, hand="t", thp="pv")
    play(st, "ct", "uar")
    assert texts(st) == ["@3h", "@3r"]  # anyone, not only neighbours
    play(st, "@3r")
    assert st.players[2].hand == [] and st.res_discard[-1] == code("t")
    conserved(st)


def test_looter_steals_the_material_of_choice():
    st = started(3, ("hadid", "kahn", "gilbert"))
    give(st, 0, thp="lo")
    give(st, 2, materials="es t")
    play(st, "ct", "ulo")
    assert texts(st) == ["@3es", "@3t"]
    play(st, "@3es")
    assert st.players[0].materials[code("es")] == 1 and st.players[2].materials[code("es")] == 0
    conserved(st)


def test_projects_score_1_2_3_and_the_projects_perk():
    for card, vp in (("pv", 1), ("wt", 2), ("sf", 3)):
        st = started(3, ("kahn", "hadid", "zwirner"))
        give(st, 0, thp=card)
        give(st, 1, thp=card if card != "sf" else "")
        play(st, "ct", "u" + card)
        assert st.players[0].vp == vp and st.players[0].vp_projects == vp
        if card != "sf":
            play(st, "ct", "u" + card)
            assert st.players[1].vp == vp + 1  # Hadid: +1 VP a project
