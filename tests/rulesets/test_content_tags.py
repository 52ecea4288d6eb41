"""Each game names the content a seat played with (for the arena's per-content win rates)."""
from __future__ import annotations

import pytest

from engine.record import GameRecord, Player
from engine.registry import REGISTRY


def _finished(game: str, seed: int = 2):
    rs = REGISTRY.get(game)
    rec = GameRecord.new(rs, [Player(f"P{i}", f"bot:{rs.default_bot_level}") for i in range(2)], seed,
                         rs.default_options())
    while not rec.state.is_over():
        seat = rec.state.to_act()[0]
        rec.play_move(seat, rec.bot_move(seat))
    return rec.state


@pytest.mark.parametrize("game, keys", [
    ("architects", {"architect", "board"}),
    ("square-and-compass", {"architect"}),
    ("squire", {"map", "board"}),
    ("grid-square", {"sliding"}),
])
def test_a_finished_game_tags_each_seat_with_its_content(game, keys):
    state = _finished(game)
    tags = [state.content_tags(s) for s in range(2)]
    assert all(set(t) == keys for t in tags)
    if "board" in keys:
        assert tags[0]["board"] != tags[1]["board"]  # each seat has a board of its own


def test_squire_names_the_map_option():
    rs = REGISTRY.get("squire")
    state = rs.new_game(2, 1, {**rs.default_options(), "map": "world"})
    assert state.content_tags(0)["map"] == "world"


def test_games_without_content_tag_nothing():
    rs = REGISTRY.get("square-masons")
    assert rs.new_game(3, 1, rs.default_options()).content_tags(0) == {}
