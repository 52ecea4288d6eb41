"""What Square Masons looks like in the app at 80×24 and 120×40: the draft,
the sealed auction, a build turn with a piece preview, and the game's end
(pytest-textual-snapshot; see tests/tui/test_snapshots.py).

Update after an intended change, having looked at the pictures:
pytest tests/tui/square_masons/test_masons_pictures.py --snapshot-update
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app

pytestmark = pytest.mark.xdist_group("masons-pictures")
"""The tests that share the saves run on one worker (see pyproject's addopts).
The saves go to a temporary folder (these screens never show its path): a
fixed /tmp folder was shared with every other checkout's test run."""
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def reach(stop: Callable[[object], bool], seed: int = 5) -> GameRecord:
    """A 3-player game (Ana a person, two bots) played on by bots, Ana's
    moves chosen by a bot too, until `stop(state)` holds with Ana to act
    (or the game is over)."""
    rs = REGISTRY.get("square-masons")
    roster = [Player("Ana"), Player("Bot 2", "bot:easy"), Player("Bot 3", "bot:heuristic")]
    record = GameRecord.new(rs, roster, seed, rs.default_options())
    while not record.state.is_over():
        st = record.state
        if 0 in st.to_act() and stop(st):
            break
        seat = next((s for s in st.to_act() if s != 0), st.to_act()[0])
        record.play_move(seat, record.bot_move(seat))
    return record


POSITIONS: dict[str, tuple[Callable[[object], bool], list[str]]] = {
    "draft": (lambda st: st.phase == "draft" and st.round == 2 and st.pick_no == 2, ["right"]),
    "auction": (lambda st: st.phase == "auction" and st.round >= 2 and st.boards[0].bid is None, ["up", "up"]),
    "build": (lambda st: st.phase in ("place_won", "lay") and len(st.boards[0].construction) >= 1,
              ["right", "down", "r"]),
    "over": (lambda st: False, ["enter"]),
}
"""Each screen: where the game stops, and the keys pressed there."""


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("masons-pictures")
    paths = {}
    for name, (stop, _) in POSITIONS.items():
        record = reach(stop)
        record.created = record.updated = "2026-11-25T00:00:00+00:00"
        paths[name] = folder / f"{name}.json"
        save(record, paths[name])
    return paths


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("screen", list(POSITIONS))
def test_masons_screen(snap_compare, saves, screen, size):
    app = create_app(saves[screen].parent, game=saves[screen], bot_delay=0)
    assert snap_compare(app, press=POSITIONS[screen][1], terminal_size=SIZES[size])


def test_the_positions_are_the_ones_named(saves):
    from engine.saves import load

    phases = {name: load(path).state.phase for name, path in saves.items()}
    assert phases["draft"] == "draft" and phases["auction"] == "auction"
    assert phases["build"] in ("place_won", "lay") and phases["over"] == "over"
