"""Grid Square's bots: greedy takes the largest claim and avoids handing the
opponent one; the planner also sees areas closed by a placement plus a slide."""
from __future__ import annotations

from gs_helpers import RULESET, cells, position

from engine.record import GameRecord, Player
from rulesets.grid_square.bots import GreedyBot, PlannerBot
from rulesets.grid_square.moves import Claim, Place, format_move


def test_greedy_claims_the_largest_area_it_can_close():
    # a1 needs its top side; c1-d1 (2 cells) needs its top side too
    s = position("Sa1h", "Sa1v", "Sb1v", "Mc1h", "Sc1v", "Se1v")
    mv = GreedyBot(1).choose(s, 0)
    assert isinstance(mv, Place)
    s.apply(0, mv)
    if s.phase == "slide":
        s.apply(0, GreedyBot(1).choose(s, 0))
    assert s.phase == "claim" and cells("c1", "d1") in s.claimable
    claim = GreedyBot(1).choose(s, 0)
    assert isinstance(claim, Claim) and claim.cell == 2  # the area is named by its lowest cell, c1
    s.apply(0, claim)
    assert s.claimed_cells(0) == 2


def test_greedy_does_not_leave_a_one_move_closure_when_it_can_avoid_it():
    # Corner a1 has bottom and left; a top or a right side alone would leave the
    # other as a free one-building closure for the opponent.
    s = position("Sa1h", "Sa1v", owners=[1, 1])
    s.stock[0] = {1: 0, 2: 0, 3: 1}  # seat 1 has only one large building
    for seed in range(5):
        mv = GreedyBot(seed).choose(s, 0)
        after = s.clone()
        after.apply(0, mv)
        # what the opponent could close next with one placement
        from rulesets.grid_square.bots import best_reply

        assert best_reply(after, after.h, after.v, 1) == 0, format_move(mv)


def test_planner_closes_an_area_with_a_placement_and_a_slide():
    # a1 has bottom (Sa1h) and right (Sb1v) sides; its top and left are open.
    # Place Sa1v and slide Sb2h west, or place Sa2h and slide Sa2v south.
    s = position("Sa1h", "Sb1v", "Sb2h", "Sa2v", "Lf5h", owners=[1, 1, 1, 1, 1])
    s.stock[0] = {1: 2, 2: 0, 3: 0}
    bot = PlannerBot(3)
    s.apply(0, bot.choose(s, 0))
    assert s.phase == "slide"
    s.apply(0, bot.choose(s, 0))
    assert s.phase == "claim" and cells("a1") in s.claimable


def test_bots_only_play_legal_moves_and_are_deterministic():
    for level in ("greedy", "planner"):
        moves = []
        for _ in range(2):
            rec = GameRecord.new(RULESET, [Player("A", f"bot:{level}"), Player("B", "bot:random")], 9)
            while not rec.state.is_over() and rec.ply < 60:
                seat = rec.state.to_act()[0]
                mv = rec.bot_move(seat)
                assert mv in rec.state.legal(seat)
                rec.play_move(seat, mv)
            moves.append(rec.moves)
        assert moves[0] == moves[1]
