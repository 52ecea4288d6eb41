"""Bots think holding no lock: a person moves while a bot thinks; the bot's
choice stands after another seat's sealed pick, and is thought again after
a change its seat could see (engine/bot_turn.py, GameSession.play_choice)."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from engine.bot_turn import RETHINKS, bot_turn_in_save, still_stands, think
from engine.record import GameRecord, Player
from engine.registry import REGISTRY
from engine.session import GameSession, StaleGameError

WAIT = 60.0
"""A bound on waiting for the other thread (never reached when all is well)."""


def _masons(path: Path) -> GameSession:
    """Square Masons for 3, at its first sealed pick: seat 1 a person, seats
    2 and 3 bots; everyone must pick."""
    rs = REGISTRY.get("square-masons")
    s = GameSession.create(rs, [Player("Ana"), Player("Bot 2", "bot:random"), Player("Bot 3", "bot:random")], 5,
                           rs.default_options(), path)
    s.play(0, "cw")
    assert s.to_act() == (0, 1, 2)
    return s


def _grid(path: Path) -> GameSession:
    """Grid Square: seat 1 a person (has moved), seat 2 a bot to act."""
    rs = REGISTRY.get("grid-square")
    s = GameSession.create(rs, [Player("Ana"), Player("Ben", "bot:greedy")], 7, rs.default_options(), path)
    s.play(0, "Sa1h")
    assert s.to_act() == (1,)
    return s


class Gate:
    """Holds every bot in `GameRecord.bot_move` until released, counting calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.thinking = threading.Event()
        self.go = threading.Event()
        self.calls = 0
        real = GameRecord.bot_move

        def bot_move(record: GameRecord, seat: int, level: str | None = None):
            self.calls += 1
            self.thinking.set()
            assert self.go.wait(WAIT), "the test never let the bot go"
            return real(record, seat, level)

        monkeypatch.setattr(GameRecord, "bot_move", bot_move)

    def run(self, target) -> tuple[threading.Thread, list]:
        out: list = []

        def body() -> None:
            try:
                out.append(target())
            except BaseException as exc:  # noqa: BLE001 - handed to the test
                out.append(exc)

        t = threading.Thread(target=body)
        t.start()
        assert self.thinking.wait(WAIT)
        return t, out


def test_a_person_moves_while_the_bot_thinks_and_the_bots_sealed_pick_lands_after(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    _masons(path)
    expected = think(GameSession.open(path).record, 1).notation  # what this save gets from seat 2's bot
    gate = Gate(monkeypatch)
    thread, out = gate.run(lambda: GameSession.open(path).play_bots(1))
    with GameSession.editing(path, timeout=0.5) as person:  # the bot holds no lock while it thinks
        person.play(0, person.state.format_move(person.state.legal(0)[0]))
    gate.go.set()
    thread.join(WAIT)
    (played,) = out[0]
    assert played.seat == 1 and played.notation == "(sealed)"
    moves = GameSession.open(path).record.moves
    assert [s for s, _ in moves] == [0, 0, 1] and moves[2] == (1, expected)
    assert gate.calls == 1  # the pick stood: only another seat's sealed pick came in


def test_a_move_the_bot_could_see_makes_it_think_again(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    _grid(path)
    gate = Gate(monkeypatch)
    thread, out = gate.run(lambda: GameSession.open(path).play_bots(1))
    with GameSession.editing(path, timeout=0.5) as person:  # the person takes the move back, plays another
        person.undo(0)
        person.play(0, "Sd4h")
    gate.go.set()
    thread.join(WAIT)
    assert not isinstance(out[0], BaseException), out[0]
    assert gate.calls == 2
    rec = GameSession.open(path).record
    assert rec.moves[0] == (0, "Sd4h") and rec.moves[1][0] == 1
    bots_move = rec.moves[1][1]
    rec.truncate(1)
    assert think(rec, 1).notation == bots_move  # the one this position gets


def test_a_game_that_keeps_changing_ends_in_a_stale_error_after_a_few_thoughts(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    _grid(path)
    calls = []
    real = GameRecord.bot_move

    def renaming(record, seat, level=None):  # each time the bot thinks, its seat is renamed elsewhere
        calls.append(seat)
        other = GameSession.open(path)
        other.record.players[1] = Player(f"Ben{len(calls)}", "bot:greedy")
        other._commit(lambda: None)
        return real(record, seat, level)

    monkeypatch.setattr(GameRecord, "bot_move", renaming)
    before = [m for m in GameSession.open(path).record.moves]
    with pytest.raises(StaleGameError):
        GameSession.open(path).play_bots(1)
    assert len(calls) == RETHINKS + 1
    assert GameSession.open(path).record.moves == before


def test_a_choice_stands_only_after_sealed_moves_of_other_seats(tmp_path):
    s = _masons(tmp_path / "m.json")
    choice = think(s.record, 1)
    assert still_stands(s.record, choice)
    picked = s.record
    picked.play(0, picked.state.format_move(picked.state.legal(0)[0]))  # seat 1's sealed pick
    assert still_stands(picked, choice)
    renamed = GameSession.open(tmp_path / "m.json").record
    renamed.players[1] = Player("Someone")  # a person took the seat
    assert not still_stands(renamed, choice)
    g = _grid(tmp_path / "g.json")
    before = think(g.record, 1)
    g.record.truncate(0)  # an undo
    g.record.play(0, "Sd4h")
    assert not still_stands(g.record, before)


def test_the_servers_turn_moves_a_bot_seat_never_a_persons(tmp_path):
    path = tmp_path / "g.json"
    rs = REGISTRY.get("grid-square")
    GameSession.create(rs, [Player("Bot 1", "bot:greedy"), Player("Ana")], 3, rs.default_options(), path)
    first = bot_turn_in_save(str(path))
    assert first.seat == 0 and first.ply == GameSession.open(path).ply >= 1
    while GameSession.open(path).to_act() == (0,):  # a turn may have several parts
        bot_turn_in_save(str(path))
    assert bot_turn_in_save(str(path)).seat is None  # Ana's turn: nothing done
    assert GameSession.open(path).to_act() == (1,)


# ------------------------------------------------------------ waiting counts as thinking
def _search_bot(seat: int = 1):
    rs = REGISTRY.get("grid-square")
    rec = GameRecord.new(rs, [Player("Ana"), Player("Ben", "bot:search")], 7, rs.default_options())
    return rec.bot(seat, "search")


def test_a_turn_that_waited_thinks_the_rest_of_its_budget():
    from engine.bot_turn import MIN_THINK_SHARE, hurry

    full = _search_bot().budget.seconds
    bot = _search_bot()
    assert hurry(bot, since=100.0, now=100.0 + full / 3)
    assert bot.budget.seconds == pytest.approx(full * 2 / 3)
    late = _search_bot()
    assert hurry(late, since=100.0, now=100.0 + 10 * full)  # waited longer than the whole budget
    assert late.budget.seconds == pytest.approx(full * MIN_THINK_SHARE)
    untouched = _search_bot()
    assert not hurry(untouched, since=None) and untouched.budget.seconds == full


def test_a_bot_without_a_budget_of_time_is_not_hurried():
    from engine.bot_turn import hurry

    rs = REGISTRY.get("grid-square")
    rec = GameRecord.new(rs, [Player("Ana"), Player("Ben", "bot:greedy")], 7, rs.default_options())
    assert not hurry(rec.bot(1), since=0.0)


def test_the_servers_turn_takes_the_time_since_the_save_changed_from_the_budget(tmp_path, monkeypatch):
    import os
    import time

    from engine.bot_turn import MIN_THINK_SHARE
    from engine.bots.search import SearchBot

    path = tmp_path / "g.json"
    rs = REGISTRY.get("grid-square")
    s = GameSession.create(rs, [Player("Ana"), Player("Ben", "bot:search")], 7, rs.default_options(), path)
    s.play(0, "Sa1h")
    long_ago = time.time() - 60  # the person moved a minute ago: the turn waited all that time
    os.utime(path, (long_ago, long_ago))
    budgets: list[float] = []

    def choose(bot, state, seat):
        budgets.append(bot.budget.seconds)
        return state.legal(seat)[0]

    monkeypatch.setattr(SearchBot, "choose", choose)
    full = _search_bot().budget.seconds
    result = bot_turn_in_save(str(path))
    assert result.seat == 1 and result.waited >= 60
    assert budgets == [pytest.approx(full * MIN_THINK_SHARE)]
