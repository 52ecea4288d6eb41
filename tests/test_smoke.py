from rulesets import REGISTRY


def test_grid_square_is_registered():
    rs = REGISTRY.get("grid-square")
    state = rs.new_game(2, 0, rs.default_options())
    assert state.to_act() == (0,)
    assert len(state.legal(0)) > 100
