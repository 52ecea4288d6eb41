"""The toy game passes the conformance suites, installed by its entry point
alone: `REGISTRY.add` does here what the line of a distribution's metadata
does for an installed game, for this module's tests only (so no menu,
listing or snapshot of the program shows the toy). The suites' own tests run
here, imported, on this module's `case` and `game` fixtures."""
from __future__ import annotations

import pytest

from engine.core import GameState
from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engine.registry import REGISTRY
from tests.rulesets.test_conformance import (  # noqa: F401  (collected here, on the toy's cases)
    cases_of,
    test_a_view_does_not_change_when_hidden_parts_are_rearranged,
    test_clone_notation_description_and_illegal_moves,
    test_every_event_of_a_game_names_players_by_placeholder,
    test_parse_refuses_garbage_with_a_move_error,
    test_random_games_end_without_an_exception_and_outcomes_add_up,
    test_save_and_load_give_the_same_state_at_every_ply,
    test_views_are_safe_and_determinize_agrees_with_them,
)
from tests.rulesets.test_conformance_bots import (  # noqa: F401
    small_search_budget,
    test_evaluations_stay_between_zero_and_one,
    test_every_bot_level_chooses_a_legal_move_from_its_own_view,
)
from tests.toy_game import ENTRY_POINT, RULESET, Take, ToyState

GAME_ID, TARGET = ENTRY_POINT


@pytest.fixture(autouse=True)
def installed():
    """The toy in the registry for one test (saves load it by its id)."""
    REGISTRY.add(GAME_ID, TARGET)
    yield
    REGISTRY.remove(GAME_ID)


@pytest.fixture(params=cases_of(RULESET), ids=str)
def case(request):
    return request.param


@pytest.fixture
def game() -> str:
    return GAME_ID


def test_it_implements_only_the_ten_things():
    """What the toy's classes define is the contract's ten things."""
    own = {name for name in vars(ToyState) if not name.startswith("_") and callable(vars(ToyState)[name])}
    assert own == {"to_act", "legal", "step", "outcome", "clone", "format_move", "parse_text", "snapshot", "render"}
    assert not GameState.__abstractmethods__ - own, "an abstract method the toy does not define"
    assert {name for name in vars(type(RULESET)) if callable(vars(type(RULESET))[name])} == {"new_game"}


def test_the_engine_parses_its_moves():
    st = RULESET.new_game(2, 1, {})
    assert st.parse_move(" B2 ", 0) == Take(4)
    with pytest.raises(InvalidMoveError, match="not Three in a Row notation"):
        st.parse_move("z9", 0)
    with pytest.raises(AmbiguousMoveError):
        st.parse_move("a", 0)  # a1, a2, a3 are free
    with pytest.raises(IllegalMoveError, match="not Seat 2's turn"):
        st.parse_move("a1", 1)
    for cell in (0, 3):  # a1 and a2 taken
        st.apply(st.to_act()[0], Take(cell))
    assert st.parse_move("a", 0) == Take(6)  # the one free cell in column a
    with pytest.raises(IllegalMoveError, match="a1 is not legal now"):
        st.parse_move("a1", 0)


def test_it_is_not_listed_once_its_tests_are_done():
    REGISTRY.remove(GAME_ID)
    assert GAME_ID not in REGISTRY.ids()
