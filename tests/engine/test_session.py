"""The game session: locked, durable moves; per-seat updates; undo rules."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engine.errors import IllegalMoveError, MoveError, SaveError
from engine.lock import SaveLockedError, lock_path
from engine.record import Player
from engine.registry import REGISTRY
from engine.session import GameSession, StaleGameError, UndoRefusedError


def _gs(path: Path | None, bot2: bool = False) -> GameSession:
    rs = REGISTRY.get("grid-square")
    players = [Player("Ana"), Player("Ben", "bot:greedy" if bot2 else "human")]
    return GameSession.create(rs, players, 7, rs.default_options(), path)


def test_a_move_is_saved_before_it_is_reported(tmp_path: Path):
    path = tmp_path / "g.json"
    s = _gs(path)
    seen = []
    s.subscribe(0, lambda u: seen.append((u.ply, json.loads(path.read_text(encoding="utf-8"))["moves"])))
    s.play(0, "Sa1h")
    assert seen == [(1, [[1, "Sa1h"]])]  # the watcher ran after the save held the move
    assert GameSession.open(path).record.moves == [(0, "Sa1h")]


def test_play_many_is_all_or_nothing_and_leaves_the_file_untouched(tmp_path: Path):
    path = tmp_path / "g.json"
    s = _gs(path)
    before = path.read_bytes()
    told = []
    s.subscribe(None, told.append)
    with pytest.raises(MoveError, match="move 3"):
        s.play_many([(0, "Sa1h"), (1, "Sd4h"), (1, "Zz9")])
    assert path.read_bytes() == before
    assert s.ply == 0 and s.record.moves == [] and told == []
    assert s.state.snapshot() == GameSession.open(path).state.snapshot()


def test_a_failed_save_changes_nothing(tmp_path: Path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "g.json"
    s = _gs(path)
    snap = s.state.snapshot()
    os.chmod(folder, 0o500)
    try:
        if os.access(folder, os.W_OK):  # root ignores the mode bits
            pytest.skip("this user can write to a read-only folder")
        with pytest.raises(SaveError):
            s.play(0, "Sa1h")
    finally:
        os.chmod(folder, 0o700)
    assert s.ply == 0 and s.state.snapshot() == snap


def test_watchers_get_their_own_view_and_only_their_events(tmp_path: Path):
    rs = REGISTRY.get("squire")
    players = [Player("Ana"), Player("Ben"), Player("Cy")]
    s = GameSession.create(rs, players, 12, rs.default_options(), tmp_path / "s.json")
    got: dict[object, list] = {0: [], 1: [], None: []}
    for seat in got:
        s.subscribe(seat, got[seat].append)
    plies = 0
    while not s.is_over() and plies < 150:
        seat = s.to_act()[0]
        s.play(seat, s.bot_move(seat, "random"))
        plies += 1
    full_log = s.record.log
    for seat, updates in got.items():
        assert len(updates) == plies
        for u in updates:
            assert u.seat == seat and u.view.is_view and u.view.view_seat == seat
        shown = [line for u in updates for line in u.events]
        expected = [e.render(s.names) for evs in full_log for e in evs if e.visible_to(seat)]
        assert shown == expected
    private = [e for evs in full_log for e in evs if e.private_to is not None]
    assert private, "a Squire game draws cards: some events are private"
    assert len(got[None][0].events) <= len(got[0][0].events) + len(got[1][0].events) + 5


def test_a_second_process_that_moved_on_is_noticed_not_overwritten(tmp_path: Path):
    path = tmp_path / "g.json"
    a = _gs(path)
    b = GameSession.open(path)
    a.play(0, "Sa1h")
    reloads = []
    b.subscribe(0, lambda u: reloads.append(u.reloaded))
    with pytest.raises(StaleGameError, match="changed by another"):
        b.play(0, "Sb2h")
    assert reloads == [True]
    assert b.record.moves == [(0, "Sa1h")]  # b reloaded the move a made
    assert GameSession.open(path).record.moves == [(0, "Sa1h")]  # nothing lost, nothing added
    b.play(1, "Sd4h")
    assert GameSession.open(path).record.moves == [(0, "Sa1h"), (1, "Sd4h")]


def test_a_seat_taken_by_another_process_is_noticed_not_written_back(tmp_path: Path):
    """Another process changes only who sits in a seat (a server room's
    seat taken or renamed): the next move reloads instead of writing the
    old name back."""
    from engine.saves import save

    path = tmp_path / "g.json"
    a = _gs(path)
    other = GameSession.open(path)
    other.record.players[1] = Player("Cleo")
    save(other.record, path, clean=True)
    with pytest.raises(StaleGameError, match="changed by another"):
        a.play(0, "Sa1h")
    assert a.record.players[1].name == "Cleo" and a.record.moves == []
    a.play(0, "Sa1h")
    again = GameSession.open(path).record
    assert again.players[1].name == "Cleo" and again.moves == [(0, "Sa1h")]


def test_editing_holds_the_lock_for_the_whole_command(tmp_path: Path):
    path = tmp_path / "g.json"
    _gs(path)
    holder = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
        from engine.session import GameSession
        with GameSession.editing({str(path)!r}) as s:
            print("locked", flush=True)
            sys.stdin.readline()  # held until the test has been refused
            s.play(0, "Sa1h")
    """)
    proc = subprocess.Popen([sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        assert lock_path(path).exists()
        with pytest.raises(SaveLockedError, match="another tsquare"):
            with GameSession.editing(path, timeout=0.2):
                pass
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
        with GameSession.editing(path, timeout=10) as s:  # waits, then sees the holder's move
            assert s.record.moves == [(0, "Sa1h")]
            s.play(1, "Sd4h")
    finally:
        proc.wait(timeout=20)
    assert GameSession.open(path).record.moves == [(0, "Sa1h"), (1, "Sd4h")]


def test_undo_takes_back_your_move_and_the_bot_replies_never_another_persons(tmp_path: Path):
    s = _gs(tmp_path / "g.json")  # two people
    s.play(0, "Sa1h")
    s.play(1, "Sd4h")
    with pytest.raises(UndoRefusedError, match="Ben has moved since"):
        s.undo(0)
    assert s.undo(1) == 1
    assert s.record.moves == [(0, "Sa1h")]
    vs_bot = _gs(tmp_path / "b.json", bot2=True)
    vs_bot.play(0, "Sa1h")
    while vs_bot.bots_to_act():
        vs_bot.play_bot(vs_bot.bots_to_act()[0])
    assert vs_bot.ply > 1
    assert vs_bot.undo(0) == 0 and vs_bot.ply == 0
    assert GameSession.open(tmp_path / "b.json").ply == 0


def test_undo_is_refused_where_the_game_forbids_it(tmp_path: Path):
    rs = REGISTRY.get("squire")
    s = GameSession.create(rs, [Player("A"), Player("B")], 3, rs.default_options(), tmp_path / "s.json")
    seat = s.to_act()[0]
    s.play(seat, s.bot_move(seat, "random"))
    with pytest.raises(UndoRefusedError, match="no undo in this game"):
        s.undo(seat)


def test_an_illegal_move_from_a_bot_object_is_refused_by_the_state(tmp_path: Path):
    s = _gs(tmp_path / "g.json")
    move = s.state.parse_move("Sa1h", 0)
    s.play(0, move)
    with pytest.raises(IllegalMoveError):
        s.play(0, move)  # not seat 1's turn any more
    assert s.ply == 1


def test_a_session_without_a_file_plays_in_memory():
    s = _gs(None, bot2=True)
    s.play(0, "Sa1h")
    t0 = time.monotonic()
    while not s.is_over() and time.monotonic() - t0 < 60:
        seat = s.to_act()[0]
        s.play(seat, s.bot_move(seat, "random"))
    assert s.is_over() and s.path is None
