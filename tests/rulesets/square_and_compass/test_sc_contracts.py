"""Completing contracts: payment, blueprints, sustainability, gems, rewards,
tile unlocks and the late actions' opening; hand limits."""
from sc_helpers import CON, code, conserved, give, play, started, texts

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.moves import Build, DiscardContract, Place


def build(st, name, seat=0, normal_first=False):
    cid = CON[name]
    st.seat, st.phase = seat, "turn"
    play(st, "bd", f"b{cid + 1}{'n' if normal_first else ''}")
    return cid


def test_own_style_needs_no_blueprint_other_styles_do():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Glass House", "Carlisle Cathedral"), materials="g g i s s g")
    assert texts(st, 0).count("bd") == 1
    play(st, "bd")
    assert texts(st) == ["b5"]  # Glass House (#5) only; Carlisle needs a blueprint
    assert "blueprint" in st.why_illegal(0, Build(CON["Carlisle Cathedral"]))
    play(st, "b5")
    assert st.players[0].built == [CON["Glass House"]]
    assert st.players[0].blueprints == 0


def test_blueprints_are_paid_to_the_discard():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Carlisle Cathedral",), materials="s s g", blueprints=1)
    build(st, "Carlisle Cathedral")
    p = st.players[0]
    assert p.blueprints == 0 and st.res_discard[-1] == K.BLUEPRINT and sum(p.materials) == 0
    assert p.vp_contracts == 3 and p.vp_sustain == 0 and p.gems == 0
    conserved(st)


def test_vp_to_blueprints_two_for_big_contracts_and_the_passives():
    st = started(archs=("hadid", "kahn", "wright"))
    assert st.blueprints_needed(0, CON["Cologne Cathedral"]) == 2
    assert st.blueprints_needed(1, CON["Cologne Cathedral"]) == 1  # Kahn: blueprint-1
    assert st.blueprints_needed(1, CON["Salk Institute"]) == 0  # own style
    assert st.blueprints_needed(2, CON["Taj Mahal"]) == 0  # Wright: mixed
    assert st.blueprints_needed(0, CON["Taj Mahal"]) == 1


def test_sustainable_bonus_and_gems():
    st = started(archs=("kahn", "hadid", "zwirner"))
    give(st, 0, contracts=("Spomenik Memorials",), materials="es es i")
    build(st, "Spomenik Memorials")
    p = st.players[0]
    assert (p.vp_contracts, p.vp_sustain, p.gems) == (3, 2, 2)
    assert p.vp_perks == 1  # Kahn's style+1 on his own style
    give(st, 0, contracts=("Unite d'Habitation",), materials="es es et")
    build(st, "Unite d'Habitation")
    assert (p.vp_contracts, p.vp_sustain, p.gems) == (6, 2 + 3 + 3, 5)  # all sustainable: +3
    assert st.gem_bank == K.GEMS - 5
    conserved(st)


def test_gems_plus_one_and_the_gem_bank_limit():
    st = started(archs=("palladio", "kahn", "zwirner"))
    give(st, 0, contracts=("Beaumont House",), materials="ec c t")
    build(st, "Beaumont House")
    assert st.players[0].gems == 2  # 1 sustainable + Palladio's gems+1
    st.players[1].gems += st.gem_bank
    st.gem_bank = 0
    give(st, 0, contracts=("Lorsch Abbey",), materials="ec et s")
    build(st, "Lorsch Abbey")
    assert st.players[0].gems == 2 and st.players[0].vp_sustain == 1 + 2  # no gem left to take
    conserved(st)


def test_paying_normal_first_keeps_sustainable_materials():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Glass House",), materials="eg g g i")
    assert texts(st, 0)
    play(st, "bd")
    assert texts(st) == ["b5", "b5n"]
    play(st, "b5n")
    p = st.players[0]
    assert p.materials[code("eg")] == 1 and p.vp_sustain == 0


def test_reward_technician_and_two_for_the_special_building():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Glass House",), materials="g g i")
    play(st, "bd", "b5")
    assert st.parts == ["tech"] and st.seat == 0
    play(st, "hd")
    assert len(st.players[0].thp) == 1 and st.seat == 1
    give(st, 0, contracts=("Heydar Aliyev Center",), materials="g g i i s")
    assert st.tech_limit(0) == 3
    build(st, "Heydar Aliyev Center")
    assert st.parts == ["tech", "tech"]
    play(st, "h1", "h1")
    assert len(st.players[0].thp) == 3 and st.tech_limit(0) == 4  # the special building raises the limit
    conserved(st)


def test_tiles_unlock_after_the_first_third_and_fifth_contract_usable_at_once():
    st = started(2, ("hadid", "kahn"))
    p = st.players[0]
    counts = []
    for i in range(6):
        name = ["Glass House", "Dancing House", "Bauhaus", "Louvre Pyramid", "Cathedral of Brasilia", "Falling Water"][i]
        c = K.CONTRACTS[CON[name]]
        mats = " ".join(K.KINDS[k] for k, n in enumerate(c.cost) for _ in range(n))
        give(st, 0, contracts=(name,), materials=mats)
        st.board = [[] for _ in K.ACTIONS]
        build(st, name)
        play(st, "hd")
        st.thp_discard += p.thp
        p.thp.clear()
        counts.append(p.tiles)
    assert counts == [4, 4, 5, 5, 6, 6]
    conserved(st)
    # the new tile is usable in the same round
    st2 = started(2, ("hadid", "kahn"))
    st2.players[0].used = 2
    give(st2, 0, contracts=("Glass House",), materials="g g i")
    play(st2, "bd", "b5", "hd")
    assert st2.players[0].tiles_left == 1  # 3 of 3 placed, then a 4th tile
    play(st2, "ga", "rd")
    assert st2.seat == 0 and st2.round == 1


def test_late_actions_open_after_anyones_second_fourth_and_sixth_contract():
    st = started(3, ("hadid", "kahn", "zwirner"))
    order = list(st.late_order)
    seq = [(0, "Glass House"), (1, "Spomenik Memorials"), (0, "Dancing House"), (0, "Bauhaus"),
           (0, "Louvre Pyramid"), (0, "Cathedral of Brasilia"), (0, "Heydar Aliyev Center")]
    opened = []
    for seat, name in seq:
        c = K.CONTRACTS[CON[name]]
        mats = " ".join(K.KINDS[k] for k, n in enumerate(c.cost) for _ in range(n))
        give(st, seat, contracts=(name,), materials=mats, blueprints=st.blueprints_needed(seat, CON[name]))
        st.board = [[] for _ in K.ACTIONS]
        events = build(st, name, seat)
        while st.phase == "act":
            play(st, "hd")
        st.thp_discard += st.players[seat].thp
        st.players[seat].thp.clear()
        opened.append(st.late_open)
    # the 2nd contract of anyone (seat 0's 2nd) opens the first late action at once
    assert opened == [0, 0, 1, 1, 2, 2, 3]
    conserved(st)
    assert st.open_actions() >= set(order)
    del events


def test_hand_limit_discard_at_the_end_of_the_turn():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Glass House", "Bauhaus"))
    play(st, "df", "k1")
    assert st.phase == "discard" and st.seat == 0
    assert all(t.startswith("dk") for t in texts(st)) and len(texts(st)) == 3
    play(st, "dk5")
    assert st.phase == "turn" and st.seat == 1 and CON["Glass House"] in st.con_discard
    assert "not possible now" in st.why_illegal(1, DiscardContract(0))
    conserved(st)


def test_technician_limit_and_a_raised_limit():
    st = started(archs=("gilbert", "hadid", "zwirner"))
    give(st, 0, thp="sv sv sv")
    play(st, "hr", "h1")
    assert st.phase == "turn" and st.seat == 1  # Gilbert may hold 4
    give(st, 1, thp="mi mi mi")
    play(st, "hr", "h1")
    assert st.phase == "discard" and texts(st)[0].startswith("du")
    play(st, texts(st)[0])
    assert len(st.players[1].thp) == 3 and st.seat == 2


def test_closed_late_action_is_refused_with_a_reason():
    st = started()
    assert "not open yet" in st.why_illegal(0, Place(K.SPECIALIST))


def test_a_building_department_that_can_do_nothing_says_what_is_missing():
    """'✗ Building Department could do nothing for you now' did not say why."""
    st = started(archs=("hadid", "kahn", "zwirner"))
    said = st.why_illegal(0, Place(K.ACTIONS.index(next(a for a in K.ACTIONS if a.code == "bd"))))
    assert said.endswith("you hold no building contract (take one at Draftsman or Project Manager)")
    give(st, 0, contracts=("Glass House",), materials="g i s")
    said = st.why_illegal(0, Place(K.ACTIONS.index(next(a for a in K.ACTIONS if a.code == "bd"))))
    assert said.startswith("Building Department could do nothing for you now: Glass House needs 1 more "), said
