"""Setup: architects dealt and chosen in secret, hands, markets, late order."""
import pytest
from sc_helpers import conserved, started

from engine.hidden import HIDDEN, HiddenInformationError
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.moves import ChooseArchitect
from rulesets.square_and_compass.state import CompassState


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_and_lays_out_the_markets(n):
    st = CompassState.setup(n, 7)
    conserved(st)
    dealt = [a for p in st.players for a in p.options]
    assert len(dealt) == 2 * n and len(set(dealt)) == 2 * n
    for p in st.players:
        assert len(p.hand) + p.blueprints == 2 and len(p.thp) == 1 and p.tiles == 3
    assert len(st.res_market) == 5 and len(st.con_market) == 4 and len(st.thp_market) == 2
    assert sorted(st.late_order) == sorted(K.LATE_ACTIONS) and st.late_open == 0
    assert st.phase == "architect" and st.to_act() == tuple(range(n))
    assert 0 <= st.first < n


def test_setup_is_deterministic_and_seed_dependent():
    a, b, c = CompassState.setup(3, 5), CompassState.setup(3, 5), CompassState.setup(3, 6)
    assert a.snapshot() == b.snapshot() and a.snapshot() != c.snapshot()


def test_late_actions_are_closed_and_their_order_public():
    st = started()
    for a in K.LATE_ACTIONS:
        assert a not in st.open_actions()
    board = st.render(None, ["a", "b", "c"])
    assert "sp Specialist  x[" in board and "fm Freemasonry x[" in board  # the mark never touches the name
    v = st.view(1)
    assert v.late_order == st.late_order


def test_architect_choice_is_sealed_until_all_have_chosen():
    st = CompassState.setup(3, 3)
    first = st.players[0].options[0]
    st.apply(0, ChooseArchitect(first))
    assert st.is_sealed(0, ChooseArchitect(first))
    assert st.to_act() == (1, 2)
    v = st.view(1)
    assert v.players[0].choice == HIDDEN and v.players[0].options == [HIDDEN, HIDDEN]
    assert v.players[1].options == st.players[1].options
    assert "has chosen" in v.render(1, ["a", "b", "c"]) and K.ARCHITECTS[first].name not in v.render(1, ["a", "b", "c"])
    assert "already chosen" in st.why_illegal(0, ChooseArchitect(first))
    with pytest.raises(HiddenInformationError):
        v.legal(2)
    other = st.players[1].options[0]
    assert "not dealt" in st.why_illegal(1, ChooseArchitect(st.players[2].options[0]))
    st.apply(1, ChooseArchitect(other))
    events = st.apply(2, ChooseArchitect(st.players[2].options[1]))
    assert st.phase == "turn" and st.seat == st.first
    assert [p.architect for p in st.players] == [first, other, st.players[2].options[1]]
    assert any(K.ARCHITECTS[first].name in e.text and e.private_to is None for e in events)
    assert st.view(1).players[0].choice == first  # revealed


def test_start_bonuses():
    st = started(3, ("kahn", "wright", "paxton"), clear=False)
    kahn, wright, paxton = st.players
    assert len(kahn.thp) == 2  # one more technician
    assert wright.materials[0] == 1 and paxton.materials[4] == 1  # a wood, a glass
    assert sum(kahn.materials) == 0 and len(wright.thp) == 1
    conserved(st)


def test_architect_passives_raise_hand_limits():
    st = started(3, ("corbusier", "hadid", "paxton"))
    assert st.contract_limit(0) == 3 and st.tech_limit(0) == 3
    assert st.contract_limit(1) == 2 and st.tech_limit(1) == 3
    assert st.tech_limit(2) == 4
