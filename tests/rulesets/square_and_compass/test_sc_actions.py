"""The 12 actions as written, the room on each space, passing, rounds."""
from sc_helpers import CON, code, conserved, give, on_top, play, set_market, started, texts

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.moves import PERK, Place


def hands(st, seat=0):
    return sorted(K.card_code(c) for c in st.players[seat].hand)


def test_harvester_two_normal_resources_refilling_between():
    st = started()
    set_market(st, "t s et bp g")
    on_top(st, "c")  # the next card drawn
    play(st, "hv", "r1")
    assert st.res_market[0] == code("c") and st.parts == ["res_n?"]
    assert "r3" not in texts(st) and "r4" not in texts(st)  # no sustainable, no blueprint second
    play(st, "r1")
    assert hands(st) == ["c", "t"] and st.seat == 1
    conserved(st)


def test_harvester_one_sustainable_or_one_blueprint_ends_the_action():
    st = started()
    set_market(st, "t s et bp g")
    play(st, "hv", "r3")
    assert hands(st) == ["et"] and st.seat == 1
    play(st, "hv", "r4")
    assert st.players[1].blueprints == 1 and st.players[1].hand == [] and st.seat == 2


def test_harvester_from_the_deck_then_a_second_and_done():
    st = started()
    set_market(st, "et es ei ec eg")
    on_top(st, "i")
    events = play(st, "hv", "rd")
    assert any(e.private_to == 0 and "iron" in e.text for e in events)
    assert all("iron" not in e.text for e in events if e.private_to is None)
    assert texts(st) == ["done", "rd"]
    play(st, "done")
    assert hands(st) == ["i"] and st.seat == 1


def test_draftsman_takes_a_contract_from_a_stall_or_the_deck():
    st = started()
    cid = st.con_market[2]
    nxt = st.con_deck[-1]
    play(st, "df", "k3")
    assert st.players[0].contracts == [cid] and st.con_market[2] == nxt
    top = st.con_deck[-1]
    play(st, "df", "kd")
    assert st.players[1].contracts == [top]
    conserved(st)


def test_hand_plow_takes_any_one_card():
    st = started()
    set_market(st, "t s et bp g")
    assert set(texts(st)) >= {"hp"}
    play(st, "hp")
    assert texts(st) == ["r1", "r2", "r3", "r4", "r5", "rd"]
    play(st, "r3")
    assert hands(st) == ["et"]


def test_gatherer_takes_only_a_normal_resource():
    st = started()
    set_market(st, "t et bp es g")
    play(st, "ga")
    assert texts(st) == ["r1", "r5", "rd"]
    play(st, "r5")
    assert hands(st) == ["g"]


def test_refinery_processes_two_resources():
    st = started()
    give(st, 0, hand="t et s")
    play(st, "rf", "pt")
    assert st.players[0].materials[code("t")] == 1 and st.parts == ["proc?"]
    assert "xt-s" not in texts(st)  # the conversion is the other way to use the action
    play(st, "pet")
    p = st.players[0]
    assert p.materials[code("et")] == 1 and hands(st) == ["s"] and st.seat == 1
    assert st.res_discard[-2:] == [code("t"), code("et")]
    conserved(st)


def test_refinery_and_saw_mill_turn_two_alike_into_any_material():
    st = started()
    give(st, 0, hand="t t", blueprints=2)
    give(st, 1, hand="es es")
    moves = texts(st, 0)
    assert "rf" in moves and "sm" in moves
    play(st, "rf", "xt-s")  # two timber into a block, ends the action
    assert st.players[0].materials[code("s")] == 1 and st.seat == 1
    play(st, "sm", "xes-g")  # sustainable stays sustainable
    assert st.players[1].materials[code("eg")] == 1 and st.players[1].hand == []
    st.seat = 0
    play(st, "sm", "xbp-c")  # two blueprints into a brick
    assert st.players[0].materials[code("c")] == 1 and st.players[0].blueprints == 0
    conserved(st)


def test_saw_mill_processes_one_resource_only():
    st = started()
    give(st, 0, hand="t s")
    play(st, "sm", "pt")
    assert st.seat == 1 and hands(st) == ["s"]


def test_freemasonry_processes_then_takes():
    st = started()
    st.late_open = 3
    give(st, 0, hand="i")
    set_market(st, "t s et bp g")
    play(st, "fm")
    assert texts(st) == ["pi"]
    play(st, "pi", "r3")
    assert st.players[0].materials[code("i")] == 1 and hands(st) == ["et"] and st.seat == 1
    # with nothing to process, only the take remains
    play(st, "fm")
    assert texts(st)[0] == "r1"


def test_contractor_plays_and_human_resources_hires():
    st = started()
    give(st, 0, thp="pv")
    h1 = st.thp_market[0]
    play(st, "ct", "upv")
    assert st.players[0].vp_projects == 1
    play(st, "hr", "h1")
    assert st.players[1].thp == [h1]
    conserved(st)


def test_specialist_takes_and_plays_the_card_just_taken():
    st = started()
    st.late_open = 3
    st.thp_deck.append(st.thp_market[0])
    st.thp_deck.remove(K.CARD_BY_CODE["wt"])
    st.thp_market[0] = K.CARD_BY_CODE["wt"]
    play(st, "sp", "h1")
    assert texts(st) == ["done", "uwt"]
    play(st, "uwt")
    assert st.players[0].vp_projects == 2 and st.seat == 1


def test_specialist_may_only_play():
    st = started()
    st.late_open = 3
    give(st, 0, thp="sf")
    play(st, "sp", "done", "usf")
    assert st.players[0].vp_projects == 3


def test_project_manager_takes_and_completes_that_contract():
    st = started(archs=("hadid", "kahn", "zwirner"))
    st.late_open = 3
    cid = CON["Glass House"]
    if cid not in st.con_market:
        st.con_deck.remove(cid)
        st.con_deck.append(st.con_market[0])
        st.con_market[0] = cid
    give(st, 0, materials="g g i")
    stall = st.con_market.index(cid)
    play(st, "pm", f"k{stall + 1}")
    assert f"b{cid + 1}" in texts(st)
    play(st, f"b{cid + 1}")
    assert st.players[0].built == [cid]


def test_building_department_needs_a_contract_you_can_pay():
    st = started()
    assert "bd" not in texts(st)
    give(st, 0, contracts=("Glass House",), materials="g g")
    assert "bd" not in texts(st)
    give(st, 0, materials="i")
    assert "bd" in texts(st)  # Hadid is modern: no blueprint needed


def test_room_on_a_space_is_the_number_of_players_and_repeats_are_allowed():
    st = started(2, ("hadid", "kahn"))
    play(st, "ga", "rd", "ga", "rd")
    assert st.room(K.GATHERER) == 0
    assert "ga" not in texts(st)
    assert "full this round" in st.why_illegal(0, Place(K.GATHERER))
    st2 = started(3)
    play(st2, "ga", "rd")
    st2.seat = 0
    play(st2, "ga", "rd")  # the same player again
    assert st2.board[K.GATHERER] == [0, 0] and st2.room(K.GATHERER) == 1


def test_pass_and_the_round_end_return_tiles_and_pass_the_first_player_token():
    st = started(2, ("hadid", "kahn"))
    play(st, "pass")
    assert st.players[0].passed and st.seat == 1
    play(st, "ga", "rd", "ga", "rd")
    assert st.seat == 1  # seat 1 passed: seat 2 plays on alone
    play(st, "ga" if "ga" in texts(st) else "hp", "rd")
    assert st.round == 2 and st.first == 1 and st.seat == 1
    assert all(p.used == 0 and not p.passed for p in st.players) and st.board[K.GATHERER] == []


def test_a_player_with_no_tiles_left_is_skipped():
    st = started(2, ("hadid", "kahn"))
    play(st, "ga", "rd", "ga", "rd", "hp", "rd", "hp", "rd", "df", "kd")
    assert st.players[0].tiles_left == 0 and st.seat == 1
    play(st, "df", "kd")
    assert st.round == 2


def test_the_supply_is_a_real_limit():
    st = started()
    give(st, 0, hand="t")
    st.players[1].materials[0] += st.supply[0]
    st.supply[0] = 0
    assert "sm" not in texts(st) and "rf" not in texts(st)
    conserved(st)


def test_perk_once_a_round_without_a_tile():
    st = started(archs=("paxton", "kahn", "zwirner"))
    play(st, "perk")
    p = st.players[0]
    assert p.materials[code("g")] == 1 and p.used == 0 and p.perk_used
    st.seat = 0
    st.phase = "turn"
    assert "perk" not in texts(st)
    assert "already used" in st.why_illegal(0, PERK)
