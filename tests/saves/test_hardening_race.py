"""Two writers never lose a move (issue 8, break 1): every change to a save
is load -> check -> apply -> write under the save's lock, and a TUI holding a
game reloads instead of overwriting a change made by someone else."""
from __future__ import annotations

import pytest

from engine.record import GameRecord, Player
from engine.saves import load, save
from rulesets import REGISTRY
from tests.cli.tsquare_process import fork_tsquare

TRIALS = 50


def _draft(path, seed: int) -> dict[int, str]:
    """A 3-player Square Masons game at its first sealed draft pick, saved at
    `path`; the pick each seat will make."""
    rs = REGISTRY.get("square-masons")
    rec = GameRecord.new(rs, [Player("Ana"), Player("Ben"), Player("Cy")], seed, rs.default_options())
    rec.play(0, "cw")
    assert list(rec.state.to_act()) == [0, 1, 2]
    save(rec, path)
    return {s: rec.state.format_move(rec.state.legal(s)[-1]) for s in range(3)}


@pytest.mark.hardening  # processes racing on one file: a slow group
def test_every_seat_of_a_sealed_pick_moving_at_once_loses_nothing(tmp_path):
    lost = failed = 0
    for trial in range(TRIALS):
        path = tmp_path / f"race{trial}.json"
        picks = _draft(path, trial)
        children = [(s, fork_tsquare("move", path, picks[s], "--as", s + 1)) for s in picks]
        results = {s: child.finish() for s, child in children}
        moves = load(path).moves[1:]
        for s, (code, out, err) in results.items():
            if code == 0:
                lost += (s, picks[s]) not in moves
                assert out, "a move that was saved is reported"
            else:
                failed += 1
                assert code == 2 and err.count("\n") == 1, err
        assert len(moves) == sum(code == 0 for code, _, _ in results.values())
    print(f"race: {TRIALS} trials x 3 seats, {lost} moves lost, {failed} refused")
    assert lost == 0
    assert failed == 0  # the lock waits long enough for three quick writers


def test_a_session_refuses_to_write_over_a_position_that_moved_on(tmp_path, gs_record):
    from engine.session import GameSession, StaleGameError

    path = tmp_path / "g.json"
    save(gs_record, path)
    held = GameSession.open(path)
    with GameSession.editing(path) as other:  # someone else moves
        other.play(1, "Sh1h")
    with pytest.raises(StaleGameError, match="changed by another tsquare"):
        held.play(1, "Sa1h")
    assert held.record.moves[-1] == (1, "Sh1h")  # the fresh game, reloaded
    assert load(path).ply == 6


def test_a_change_that_fails_writes_nothing(tmp_path, gs_record):
    from engine.errors import MoveError
    from engine.session import GameSession

    path = tmp_path / "g.json"
    save(gs_record, path)
    before = path.read_bytes()
    with pytest.raises(MoveError, match="move 2"):
        with GameSession.editing(path) as session:
            session.play_many([(1, "Sh1h"), (None, "Zz9")])  # the first is legal, the second not
    assert path.read_bytes() == before


async def test_the_tui_reloads_instead_of_overwriting_a_cli_move(tmp_path):
    from engine.session import GameSession
    from tui.app import create_app
    from tui.screens.game import GameScreen

    rs = REGISTRY.get("grid-square")
    rec = GameRecord.new(rs, [Player("Ana"), Player("Ben")], 7, rs.default_options())
    path = tmp_path / "g.json"
    save(rec, path)
    app = create_app(tmp_path, game=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        with GameSession.editing(path) as cli:  # the CLI moves meanwhile
            cli.play(0, "Sa1h")
        assert game.play(0, "Sb2h") is False  # the screen's move is not written over it
        await pilot.pause()
        on_disk = load(path).moves
        assert on_disk == [(0, "Sa1h")]
        assert game.record.moves == on_disk  # reloaded
        assert game.play(1, "Sd4h") is True  # and goes on from there
        assert load(path).moves == [(0, "Sa1h"), (1, "Sd4h")]
