"""What Grid Square looks like in the app at 80×24 and 120×40: a placement
preview (and a refused one), the slide step, the claim step and the game's end, mid-game with
claimed areas and the last turn marked (pytest-textual-snapshot; see
tests/tui/test_snapshots.py).

Update after an intended change, having looked at the pictures:
pytest tests/tui/grid_square/test_gs_pictures.py --snapshot-update
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from engine.record import GameRecord, Player
from engine.saves import save
from rulesets import REGISTRY
from tui.app import create_app

pytestmark = pytest.mark.xdist_group("gs-pictures")
"""The tests that share the saves run on one worker (see pyproject's addopts):
each position is played once. The saves go to a temporary folder (these
screens never show its path)."""
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def reach(stop: Callable[[object], bool], seed: int = 7) -> GameRecord:
    """A hot-seat game between Ana and Ben, both moved by the greedy bot,
    until `stop(state)` holds (or the game is over)."""
    rs = REGISTRY.get("grid-square")
    record = GameRecord.new(rs, [Player("Ana"), Player("Ben")], seed, {})
    while not record.state.is_over() and not stop(record.state):
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat, "greedy"))
    return record


POSITIONS: dict[str, tuple[Callable[[object], bool], list[str]]] = {
    "place": (lambda st: st.phase == "place" and len(st.claims) >= 2 and st.plies >= 30, ["2", "down"]),
    "refused": (lambda st: st.phase == "place" and len(st.claims) >= 2 and st.plies >= 30, ["3", "down"]),
    "slide": (lambda st: st.phase == "slide" and len(st.claims) >= 1, ["tab", "up", "right"]),
    "claim": (lambda st: st.phase == "claim" and len(st.claims) >= 1, []),
    "over": (lambda st: False, ["enter"]),
}
"""Each screen: where the game stops, and the keys pressed there."""


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("gs-pictures")


def saved(folder: Path, name: str) -> Path:
    """The save of position `name` (made once, with a fixed date: the saves screen shows it)."""
    path = folder / f"{name}.json"
    if not path.exists():
        record = reach(POSITIONS[name][0])
        assert record.state.is_over() == (name == "over")
        record.created = record.updated = "2026-11-25T00:00:00+00:00"
        save(record, path)
    return path


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", POSITIONS)
def test_grid_square_screen(snap_compare, folder, name, size):
    app = create_app(folder, game=saved(folder, name), bot_delay=0)
    assert snap_compare(app, press=POSITIONS[name][1], terminal_size=SIZES[size])
