"""Square and Compass rules versions: the Foreman (version 2), the tie
breaks and the late actions, each against the rulebook."""
from __future__ import annotations

from sc_helpers import CARD, CON, conserved, give, play, started, texts

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.moves import Play
from rulesets.square_and_compass.phases.steps import build


def test_the_foreman_duplicates_a_normal_material_toward_the_contract_being_completed():
    """Rulebook: "When completing a building contract, duplicate any (1)
    normal processed resource toward the building contract's requirements.
    Then discard this card." (rules version 2)"""
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, contracts=("Glass House",), materials="i g", thp="fo")  # Glass House asks 1 steel, 2 glass
    assert st.rules_version == 2
    assert "bd" in texts(st, 0)  # affordable only with the Foreman
    play(st, "bd")
    assert "b5+dg" in texts(st) and "b5" not in texts(st)
    events = play(st, "b5+dg")
    p = st.players[0]
    assert p.built == [CON["Glass House"]] and sum(p.materials) == 0
    assert CARD["fo"] not in p.thp and st.thp_discard[-1] == CARD["fo"]
    assert any("Foreman duplicates" in e.text for e in events)
    conserved(st)


def test_the_foreman_is_no_action_of_its_own_from_version_2():
    st = started(archs=("hadid", "kahn", "zwirner"))
    give(st, 0, thp="fo sv", materials="t")
    st.parts, st.phase, st.seat = ["play"], "act", 0
    assert Play(CARD["fo"]) not in st.legal(0) and Play(CARD["sv"]) in st.legal(0)


def test_under_version_1_the_foreman_is_played_as_an_action_for_an_extra_token():
    st = started(archs=("hadid", "kahn", "zwirner"))
    st.rules_version = 1
    give(st, 0, contracts=("Glass House",), materials="i g", thp="fo")
    assert "bd" not in texts(st, 0)  # no Foreman at completion in version 1
    st.parts, st.phase, st.seat = ["play"], "act", 0
    assert Play(CARD["fo"]) in st.legal(0)
    play(st, "ufo", "dg")
    assert st.players[0].materials[4] == 2


def _over(st, vp, styles, gems):
    """Force the end with seat s holding vp[s] track VP, built contracts of
    the styles `styles[s]` (their style bonus) and gems[s] gems."""
    st.phase = "over"
    for s, p in enumerate(st.players):
        p.built = [next(c for c in range(len(K.CONTRACTS)) if K.CONTRACTS[c].style == style
                        and all(c not in q.built for q in st.players))
                   for style in styles[s]]
        p.vp_contracts, p.gems = vp[s], gems[s]
        p.materials = [0] * 10
    return st.outcome()


def test_a_tie_on_points_goes_to_the_higher_style_bonus_before_the_gems():
    """Rulebook: "If there is a tie, the architect who has the highest style
    bonus wins. If there is still a tie, the architect who has the most
    sustainable gems wins." Seat 1 has the style bonus, seat 2 the gems, the
    same total either way."""
    st = started(players=2, archs=("hadid", "kahn"))
    bonus = K.STYLE_BONUS[2]
    out = _over(st, vp=(10, 10 + bonus), styles=((0, 0), ()), gems=(1, 3))
    # seat 2's most gems earn the environmental bonus: make the totals equal again
    env = out.breakdown[1]["environmental"]
    st.players[0].vp_contracts += env
    out = st.outcome()
    assert out.scores[0] == out.scores[1]
    assert out.breakdown[0]["style bonus"] > out.breakdown[1]["style bonus"]
    assert out.ranks == (1, 2)


def test_equal_points_and_style_bonus_go_to_the_most_gems():
    st = started(players=2, archs=("hadid", "kahn"))
    out = _over(st, vp=(10, 10), styles=((0,), (1,)), gems=(2, 2))
    assert out.scores[0] == out.scores[1] and out.ranks == (1, 1)  # a draw the rules do not break
    st.players[1].gems = 3
    st.players[0].vp_contracts += K.END_BONUS  # seat 2 alone has the most gems now (environmental)
    out = st.outcome()
    assert out.scores[0] == out.scores[1] and out.ranks == (2, 1)


def test_each_late_action_opens_when_the_first_architect_completes_a_2nd_4th_6th_contract():
    """Rulebook: revealed "immediately after the first person completes their
    second building contract, fourth building contract, and sixth": the count
    of the first to get there, not anyone's later 2nd."""
    st = started(archs=("hadid", "kahn", "zwirner"))
    late = list(st.late_order)
    a, b = st.players[0], st.players[1]

    def complete(seat: int) -> None:
        cid = next(c for c in range(len(K.CONTRACTS)) if all(c not in q.built for q in st.players)
                   and all(c not in q.contracts for q in st.players) and c in st.con_deck)
        st.con_deck.remove(cid)
        st.players[seat].contracts.append(cid)
        st.blueprints_needed = lambda s, c: 0  # type: ignore[method-assign]  (blueprints are not the point)
        for k, need in enumerate(K.CONTRACTS[cid].cost):
            st.supply[k] -= need
            st.players[seat].materials[k] += need
        build(st, seat, cid, False)
        st.parts.clear()

    complete(0)
    assert st.late_open == 0
    complete(0)
    assert st.late_open == 1 and late[0] in st.open_actions() and late[1] not in st.open_actions()
    complete(1)
    complete(1)  # seat 2's 2nd contract opens nothing more
    assert st.late_open == 1
    complete(0)
    complete(0)  # seat 1's 4th: the second late action
    assert st.late_open == 2 and late[1] in st.open_actions()
    complete(1)
    complete(1)  # seat 2's 4th: nothing more
    assert st.late_open == 2 and len(a.built) == 4 and len(b.built) == 4
    complete(0)
    complete(0)  # seat 1's 6th: the third
    assert st.late_open == 3 and late[2] in st.open_actions()
