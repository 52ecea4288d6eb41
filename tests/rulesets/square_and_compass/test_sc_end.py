"""The end: a 7th contract finishes the round; style bonuses, the four
community bonuses with their ties, and the tie-breaks."""
from sc_helpers import CON, conserved, give, play, started

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import style_bonus


def built(st, seat, names):
    """Put contracts among `seat`'s completed ones (from the decks)."""
    give(st, seat, contracts=tuple(names))
    p = st.players[seat]
    for name in names:
        p.contracts.remove(CON[name])
        p.built.append(CON[name])


MODERN = ["Bauhaus", "Glass House", "Dancing House", "Louvre Pyramid"]
CLASSICAL = ["Parthenon", "Pantheon", "Lorsch Abbey", "Beaumont House"]


def test_the_rulebook_style_example_2_modern_4_classical_1_gothic_is_10():
    ids = [CON[n] for n in MODERN[:2] + CLASSICAL + ["Notre Dame"]]
    assert style_bonus(ids) == 3 + 7 + 0 == 10


def test_mixed_contracts_form_no_set():
    assert style_bonus([CON["Taj Mahal"], CON["Hagia Sophia"], CON["Sagrada Familia"]]) == 0


def finish(st):
    """Everyone passes until the game ends (or the round after next)."""
    for _ in range(20):
        if st.is_over():
            return
        play(st, "pass")


def test_a_7th_contract_ends_the_game_when_the_round_is_finished():
    st = started(3, ("hadid", "kahn", "zwirner"))
    built(st, 0, MODERN + ["Heydar Aliyev Center", "Cathedral of Brasilia"])
    give(st, 0, contracts=("Falling Water",), materials="s s s t t g")
    play(st, "bd", "b4", "hd")
    assert st.ending and not st.is_over() and st.seat == 1
    play(st, "ga", "rd")  # the others still play out the round
    play(st, "ga", "rd")
    assert not st.is_over()
    finish(st)
    out = st.outcome()
    assert out is not None and st.round == 1 and "7th contract" in out.termination
    conserved(st)


def test_the_game_does_not_end_before_a_7th_contract():
    st = started(2, ("hadid", "kahn"))
    built(st, 0, MODERN + ["Heydar Aliyev Center"])
    play(st, "pass", "pass")
    assert not st.is_over() and st.round == 2


def test_stall_stop_after_rounds_without_a_contract():
    st = started(2, ("hadid", "kahn"))
    for _ in range(K.STALL_ROUNDS - 1):
        play(st, "pass", "pass")
    assert not st.is_over()
    play(st, "pass", "pass")
    assert st.is_over() and "no contract" in st.outcome().termination


def over(st):
    st.phase = "over"
    st.end_reason = "test"
    return st.outcome()


def test_craftsman_needs_three_special_buildings():
    st = started(3)
    built(st, 0, ["Cologne Cathedral", "Salk Institute", "Falling Water"])
    built(st, 1, ["The Crystal Palace", "Altes Museum"])
    built(st, 2, ["Villa Rotunda", "Supreme Court Building", "Notre-Dame du Haut"])
    out = over(st)
    assert [b["craftsman"] for b in out.breakdown] == [5, 0, 5]  # shared


def test_photovoltaic_needs_one_of_each_style_not_mixed():
    st = started(3)
    built(st, 0, ["Bauhaus", "Habitat 67", "Notre Dame", "Pantheon", "Palm House"])
    built(st, 1, ["Glass House", "Spomenik Memorials", "Zvolen Castle", "Parthenon", "Taj Mahal"])
    built(st, 2, ["Dancing House", "Geisel Library", "Milan Cathedral", "Colosseum", "Carson Mansion"])
    out = over(st)
    assert [b["photovoltaic"] for b in out.breakdown] == [5, 0, 5]


def test_environmental_most_gems_ties_share():
    st = started(3)
    st.players[0].gems, st.players[1].gems, st.players[2].gems = 4, 4, 2
    st.gem_bank -= 10
    out = over(st)
    assert [b["environmental"] for b in out.breakdown] == [5, 5, 0]
    st.players[1].gems = 3
    out = over(st)
    assert [b["environmental"] for b in out.breakdown] == [5, 0, 0]


def test_environmental_and_fully_stocked_need_at_least_one():
    st = started(3)
    out = over(st)
    assert all(b["environmental"] == 0 and b["fully stocked"] == 0 for b in out.breakdown)


def test_fully_stocked_most_unused_materials_ties_share():
    st = started(3)
    give(st, 0, materials="t s es")
    give(st, 1, materials="g g g")
    give(st, 2, materials="i")
    out = over(st)
    assert [b["fully stocked"] for b in out.breakdown] == [5, 5, 0]


def test_score_is_the_sum_of_its_parts():
    st = started(3)
    built(st, 0, MODERN[:2])
    st.players[0].vp_contracts = 7
    st.players[0].vp_sustain = 2
    out = over(st)
    b = out.breakdown[0]
    assert out.scores[0] == sum(b.values()) == 7 + 2 + 3
    assert set(b) == {"contracts", "sustainability", "projects", "architect", "style bonus",
                      "craftsman", "photovoltaic", "environmental", "fully stocked"}


def test_tie_breaks_style_bonus_then_gems_then_shared():
    st = started(3)
    built(st, 0, MODERN[:2])  # style bonus 3
    st.players[0].vp_contracts = 4
    st.players[1].vp_contracts = 7  # same total 7, no style bonus
    out = over(st)
    assert out.scores[0] == out.scores[1] == 7 and out.ranks[:2] == (1, 2)
    st2 = started(3)
    st2.players[0].vp_contracts = st2.players[1].vp_contracts = 5
    st2.players[1].gems, st2.gem_bank = 1, K.GEMS - 1
    out = over(st2)
    # seat 2 has the one gem: Environmental +5 decides before any tie-break
    assert out.ranks[1] == 1
    st3 = started(3)
    st3.players[0].vp_contracts = 10
    st3.players[1].vp_contracts = 5
    st3.players[1].gems = st3.players[0].gems = 1
    st3.players[2].gems = 0
    st3.players[1].vp_contracts = 10
    st3.gem_bank -= 2
    out = over(st3)
    assert out.ranks == (1, 1, 3)  # equal in VP, style and gems: shared first place
    st4 = started(3)
    st4.players[0].vp_projects = st4.players[1].vp_projects = 6
    st4.players[0].gems, st4.players[1].gems, st4.players[2].gems = 3, 2, 3
    st4.players[1].vp_projects = 11  # 11 vs 6 + 5 environmental
    st4.gem_bank -= 8
    out = over(st4)
    assert out.scores[0] == out.scores[1] == 11 and out.ranks[:2] == (1, 2)  # gems break the tie


def test_the_rounds_option_ends_the_game_after_that_round():
    from rulesets import REGISTRY

    rs = REGISTRY.get("square-and-compass")
    assert rs.parse_options(["rounds=2"]) == {"rounds": 2}
    st = rs.new_game(2, 1, {"rounds": 2})
    for s in range(2):
        st.apply(s, st.legal(s)[0])
    play(st, "pass", "pass")
    assert not st.is_over()
    play(st, "pass", "pass")
    assert st.is_over() and "round limit (2)" in st.outcome().termination
