"""The game review (engine/review.py): marks, never peeking, repeatability
with any executor, and the review stored beside the save."""
from __future__ import annotations

import json
import shutil
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

import engine.review as review_mod
from engine.review import (
    judge,
    mark_for,
    review_game,
    review_or_stored,
    review_path,
    store,
)
from engine.rng import Rng
from engine.saves import load

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "saves" / "examples"
IT = 24
"""A small iteration budget: the tests check behaviour, not strength."""


def compass():
    return load(EXAMPLES / "square-and-compass.json")


def first_decisions(k):
    """A stand-in for `decisions` that keeps the first `k` (a short review)."""
    real = review_mod.decisions
    return lambda record, seat=None: real(record, seat)[:k]


def test_marks_and_thresholds():
    assert mark_for(0.0) == (None, "")
    assert mark_for(0.049) == (None, "")
    assert mark_for(0.05) == ("inaccuracy", "?!")
    assert mark_for(0.0999) == ("inaccuracy", "?!")
    assert mark_for(0.10) == ("mistake", "?")
    assert mark_for(0.20) == ("blunder", "??")
    assert mark_for(0.9) == ("blunder", "??")


def _judge(state, mover, text, seed=3):
    ruleset = compass().ruleset
    return judge(ruleset, state, mover, text, 1, IT, None, seed)


def test_never_peeks_at_hidden_cards_and_deck():
    """Another deal of what the mover cannot see (others' hands, the decks):
    the same review. What it can see changed: a different review."""
    record = compass()
    ply = 60
    mover, text = record.moves[ply]
    state = record.state_at(ply)
    other = next(s for s in range(len(record.players)) if s != mover)
    hidden_changed = state.determinize(mover, Rng(11))
    assert hidden_changed.snapshot() != state.snapshot()  # the test changes something
    base = _judge(state, mover, text)
    assert _judge(hidden_changed, mover, text) == base
    # Now change what the mover sees: its own hand, dealt again from another seat's view.
    for k in range(20):
        seen_changed = state.determinize(other, Rng(100 + k))
        mine = {seen_changed.format_move(m) for m in seen_changed.legal(mover)}
        if text in mine and seen_changed.view(mover).snapshot() != state.view(mover).snapshot():
            break
    else:
        pytest.fail("no redeal changed the mover's view")
    assert _judge(seen_changed, mover, text) != base


def test_never_peeks_at_a_sealed_pick_not_yet_revealed():
    """Square and Compass opens with every seat picking an architect at
    once: seat 2's pick is reviewed the same whatever seat 1 sealed first."""
    record = compass()
    first_seat = record.moves[0][0]
    mover, text = record.moves[1]
    assert mover != first_seat
    start = record.state_at(0)
    assert len(start.to_act()) > 1
    picks = [start.format_move(m) for m in start.legal(first_seat)]
    assert len(picks) > 1
    reviews = []
    for pick in picks:
        state = record.state_at(0)
        state.apply(first_seat, state.parse_move(pick, first_seat))
        reviews.append(_judge(state, mover, text))
    assert all(r == reviews[0] for r in reviews)
    # whereas a change the mover sees (another seed: other architects dealt) changes it
    changed = record.ruleset.new_game(len(record.players), record.seed + 1, record.options)
    legal = [changed.format_move(m) for m in changed.legal(mover)]
    assert _judge(changed, mover, legal[0]).played_words != reviews[0].played_words or legal[0] != text


def test_repeatable_with_any_executor(monkeypatch):
    record = compass()
    record.truncate(12)
    monkeypatch.setattr(review_mod, "decisions", first_decisions(3))
    one = review_game(record, seat=0, iterations=IT).to_json(record)
    again = review_game(record, seat=0, iterations=IT).to_json(record)
    with ThreadPoolExecutor(2) as pool:
        threads = review_game(record, seat=0, iterations=IT, executor=pool).to_json(record)
    with ProcessPoolExecutor(2) as pool:
        procs = review_game(record, seat=0, iterations=IT, executor=pool).to_json(record)
    assert json.dumps(one) == json.dumps(again) == json.dumps(threads) == json.dumps(procs)
    assert one["moves"] and all(m["seat"] == 1 for m in one["moves"])
    assert [p["seat"] for p in one["players"]] == [1]
    for field in ("ply", "seat", "played", "best", "played_share", "best_share", "mark", "played_words",
                  "best_words"):
        assert field in one["moves"][0]


def test_requests_refused():
    record = compass()
    with pytest.raises(ValueError, match="seats 1–3"):
        review_game(record, seat=5, iterations=IT)
    record.truncate(12)
    with pytest.raises(ValueError, match="in progress"):
        review_game(record, iterations=IT)


def test_stored_beside_the_save_once(tmp_path, monkeypatch):
    save = tmp_path / "g.json"
    shutil.copy(EXAMPLES / "architects.json", save)
    before = save.read_bytes()
    record = load(save)
    monkeypatch.setattr(review_mod, "decisions", first_decisions(2))
    calls = []
    real = review_mod.review_decision
    monkeypatch.setattr(review_mod, "review_decision", lambda *a: calls.append(a) or real(*a))
    first, old = review_or_stored(save, record, iterations=IT)
    assert not old and len(calls) == 2
    assert review_path(save).exists()
    second, old = review_or_stored(save, record, iterations=IT)
    assert old and len(calls) == 2  # not searched again
    assert second.to_json(record) == first.to_json(record)
    assert save.read_bytes() == before  # the save, its snapshot and hash untouched
    load(save)
    from engine.save_folder import scan_folder

    assert [e.path.name for e in scan_folder(tmp_path)] == ["g.json"]  # the sidecar is no save
    # another budget is another review; a changed game does not reuse it
    review_or_stored(save, record, iterations=IT + 1)
    assert len(calls) == 4
    record.truncate(record.ply - 1)
    assert review_mod.stored(save, record, None, IT, None) is None


def test_a_review_stored_by_an_older_reviewer_is_searched_again(tmp_path, monkeypatch):
    """After the reviewer changed (Square and Compass's win shares, say), a
    stored review of the old one would be shown for ever."""
    import json

    save = tmp_path / "g.json"
    shutil.copy(EXAMPLES / "architects.json", save)
    record = load(save)
    monkeypatch.setattr(review_mod, "decisions", first_decisions(2))
    review_or_stored(save, record, iterations=IT)
    doc = json.loads(review_path(save).read_text())
    doc["format_version"] = review_mod.FORMAT_VERSION - 1
    review_path(save).write_text(json.dumps(doc))
    assert review_mod.stored(save, record, None, IT, None) is None
    _, old = review_or_stored(save, record, iterations=IT)
    assert not old and json.loads(review_path(save).read_text())["format_version"] == review_mod.FORMAT_VERSION


def test_a_game_in_progress_is_never_stored(tmp_path, monkeypatch):
    save = tmp_path / "g.json"
    shutil.copy(EXAMPLES / "square-and-compass.json", save)
    record = load(save)
    record.truncate(12)
    monkeypatch.setattr(review_mod, "decisions", first_decisions(1))
    result = review_game(record, seat=0, iterations=IT)
    assert store(save, record, result) is False
    assert not review_path(save).exists()


def test_the_check_catches_a_review_that_peeks(monkeypatch):
    """The control for the two tests above: a review whose search saw the
    whole state (a view and samples that are the truth) does change."""
    record = compass()
    mover, text = record.moves[60]
    state = record.state_at(60)
    hidden_changed = state.determinize(mover, Rng(11))
    monkeypatch.setattr(type(state), "view", lambda self, seat: self.clone())
    monkeypatch.setattr(type(state), "determinize", lambda self, observer, rng: self.clone())
    assert _judge(hidden_changed, mover, text) != _judge(state, mover, text)


def test_a_game_in_progress_between_people_needs_their_agreement_to_hints():
    from engine.record import Player

    record = compass()
    record.truncate(12)
    record.players = [Player(f"P{i + 1}", "human") for i in range(len(record.players))]
    with pytest.raises(ValueError, match="hints"):
        review_game(record, seat=0, iterations=IT)
    record.hints = True
    assert review_mod.check_request(record, 0) is None


def test_a_save_of_older_rules_is_reviewed_under_its_own_rules():
    """The example Square and Compass save was played under rules version 1:
    its move 314 plays a Foreman that the newest rules would not have dealt.
    The review replays the save's own rules, as loading it does."""
    record = compass()
    assert record.rules_version < record.ruleset.version
    ply = 313
    assert ply in review_mod.decisions(record)
    mover, text = record.moves[ply]
    reviewed = review_mod.review_decision(record.ruleset.id, len(record.players), record.seed, dict(record.options),
                                          tuple(record.moves), ply, 4, None, record.rules_version)
    assert (reviewed.ply, reviewed.seat, reviewed.played) == (ply + 1, mover, text)
    with pytest.raises(Exception, match="Foreman"):
        review_mod.review_decision(record.ruleset.id, len(record.players), record.seed, dict(record.options),
                                   tuple(record.moves), ply, 4, None, record.ruleset.version)


def test_a_stand_in_bots_moves_are_not_the_persons_decisions():
    """A server room's stand-in moves (the record's `stand_ins`) are the
    bot's, not its person's: the review neither judges nor counts them."""
    record = compass()
    mine = review_mod.decisions(record, 0)
    record.mark_stand_in(mine[0], "random")
    assert review_mod.decisions(record, 0) == mine[1:]
    assert review_mod.decisions(record) == [p for p in review_mod.decisions(compass()) if p != mine[0]]
