"""The narrow contract: what a game must define is enforced when its class
is made, and what the engine owns is the same for every game."""
from __future__ import annotations

import pytest

from engine.core import GameState, Ruleset
from engine.registry import REGISTRY
from tests.toy_game import RULESET as TOY
from tests.toy_game import ToyState


def test_step_is_abstract():
    """A game without `step` fails when it is made, not at its first move."""
    others = ("to_act", "legal", "outcome", "clone", "format_move", "parse_text", "snapshot", "render")
    no_step = type("NoStep", (GameState,), {name: vars(ToyState)[name] for name in others})
    with pytest.raises(TypeError, match="step"):
        no_step()


def test_a_game_with_hidden_information_must_define_its_view():
    with pytest.raises(TypeError, match="no view"):
        type("Secretive", (ToyState,), {"hidden_information": True})


@pytest.mark.parametrize("game", REGISTRY.ids())
def test_the_engine_owns_parse_move_apply_and_their_checks(game):
    state_class = type(REGISTRY.get(game).new_game(REGISTRY.get(game).min_players, 1, REGISTRY.get(game).default_options()))
    for name in ("parse_move", "apply", "apply_trusted", "parse_by_notation"):
        assert getattr(state_class, name) is getattr(GameState, name), f"{game} overrides {name}"
    assert state_class.hidden_information == REGISTRY.get(game).hidden_information


def test_a_game_that_declares_no_bot_level_still_gets_the_search_levels():
    assert TOY.bot_levels == ("random", "search", "deep") and TOY.default_bot_level == "random"

    class Declared(Ruleset):
        bot_levels = ("easy", "hard")

        def new_game(self, players, seed, options):
            raise NotImplementedError

    assert Declared.bot_levels == ("easy", "hard", "search", "deep") and Declared.default_bot_level == "hard"


def test_no_ruleset_state_imports_its_own_bots():
    """The state's evaluation lives in its own module (evaluation.py), which
    the bots import too: a state that imported its bots made an import loop
    that new games would copy."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "rulesets"
    for path in root.glob("*/state*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.endswith(".bots"), f"{path.relative_to(root)} imports {node.module}"
