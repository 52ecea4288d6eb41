"""The review's marks that hold up: the second look's confidence bounds, a
mark by the lower bound, the chart's series and whose marks are shown."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import Player
from engine.review import MoveReview, Review, first_pass_budget, game_key, judge, summarize, turning_point
from engine.review_chart import chart_lines, first_mark, series, shown_seats
from engine.review_look import as_far_as_it_goes, bounds, paired_error, settled, unsure_large
from engine.saves import load

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


def test_identical_outcomes_are_not_taken_for_certainty():
    few = paired_error([1.0] * 6)
    many = paired_error([1.0] * 60)
    assert few > many > 0
    assert paired_error([1.0, -1.0] * 10) > paired_error([1.0] * 20)


def test_a_look_stops_only_when_the_bounds_agree_on_the_mark():
    assert settled(0.0, 0.04)  # clearly nothing
    assert settled(0.22, 0.6)  # clearly a blunder
    assert not settled(0.03, 0.12)  # nothing, or a mistake: look again
    low, high = bounds(0.3, 0.1)
    assert low < 0.3 < high and bounds(0.01, 0.1)[0] == 0.0


def test_a_look_stops_when_more_rounds_could_not_raise_the_mark():
    assert as_far_as_it_goes(0.03, 0.0)  # estimated under the smallest mark: never marked, stop
    assert as_far_as_it_goes(0.14, 0.11)  # surely a mistake, and a mistake is all it is estimated
    assert not as_far_as_it_goes(0.14, 0.03)  # may be a mistake: look again
    assert not as_far_as_it_goes(0.3, 0.12)  # may be a blunder


def test_a_large_loss_not_yet_marked_gets_more_rounds():
    assert unsure_large(0.2, 0.01) and unsure_large(0.15, 0.0)
    assert not unsure_large(0.2, 0.06)  # marked already
    assert not unsure_large(0.1, 0.0)  # not large


def test_a_rollouts_review_compares_as_many_worlds_a_move_for_more_moves():
    assert first_pass_budget(12, 3, 9) == 12
    assert first_pass_budget(12, 5, 9) == 20 and first_pass_budget(12, 5, 4) == 16
    assert first_pass_budget(12, 5, 2) == 12  # never fewer worlds than with 3
    assert first_pass_budget(None, 5, 9) is None


@pytest.mark.search
def test_squires_first_pass_compares_five_moves(monkeypatch):
    from engine.bots.search import SearchBot

    record = load(EXAMPLES / "squire.json")
    ply = 3  # 15 legal moves: where to start
    state = record.state_at(ply)
    mover, text = record.moves[ply]
    assert len(state.legal(mover)) > 5
    compared = []
    real = SearchBot._rollouts

    def spy(self, *args):
        compared.append(list(self.candidates))
        return real(self, *args)

    monkeypatch.setattr(SearchBot, "_rollouts", spy)
    judge(record.ruleset, state, mover, text, ply + 1, 12, None, 5, look=False)
    assert len(compared[0]) == record.ruleset.review_candidates == 5


def test_the_mark_is_of_the_lower_bound_not_the_estimate():
    loud = MoveReview(3, 0, "x", "x words", "y", "y words", 0.2, 0.6, 0.02)
    sure = MoveReview(3, 0, "x", "x words", "y", "y words", 0.2, 0.6, 0.25, "why")
    assert loud.loss == 0.4 and loud.mark is None
    assert sure.mark == "blunder" and sure.symbol == "??"
    assert MoveReview.from_json(sure.to_json()) == sure


def fake(record, marks):
    """A review of `record` whose (ply, low) pairs are marked."""
    moves = []
    for ply, low in marks:
        seat, text = record.moves[ply - 1]
        moves.append(MoveReview(ply, seat, text, "w", "B", "b", 0.5 - low, 0.5 + low, low, "why" if low else ""))
    seats = list(range(len(record.players)))
    return Review(game_key(record), None, 10, None, tuple(moves), summarize(record, moves, seats))


def test_people_see_their_own_marks_first_and_bots_marks_on_request():
    record = load(EXAMPLES / "grid-square.json")
    record.players = [Player("Ann", "human"), Player("Bot 2", "bot:planner")]
    bot_ply = next(i + 1 for i, (s, _) in enumerate(record.moves) if s == 1)
    ann_ply = next(i + 1 for i, (s, _) in enumerate(record.moves) if s == 0 and i + 1 > bot_ply)
    review = fake(record, [(bot_ply, 0.3), (ann_ply, 0.12)])
    assert shown_seats(record) == [0] and shown_seats(record, all_seats=True) == [0, 1]
    assert first_mark(review, record) == ann_ply  # not the bot's earlier one
    assert first_mark(review, record, viewer=1) == bot_ply
    assert turning_point(review, [0]).ply == ann_ply and turning_point(review).ply == bot_ply


def test_the_chart_draws_each_seat_the_marks_and_the_turning_point():
    record = load(EXAMPLES / "grid-square.json")
    review = fake(record, [(3, 0.3), (8, 0.0), (9, 0.06)])
    lines = chart_lines(review, record.ply, list(record.names), 40, 7)
    text = "\n".join(lines)
    assert "100%" in text and "0%" in text and "●" in text and "○" in text
    assert "??" in text and "?!" in text and "▲ ply 3" in text
    assert all(len(line) <= 48 for line in lines[:7])
    assert [s.seat for s in series(review)] == sorted({m.seat for m in review.moves})
    doc = review.to_json(record)
    assert doc["turning_point"] == 3 and doc["series"][0]["points"]
