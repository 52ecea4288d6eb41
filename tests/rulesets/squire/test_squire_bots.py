"""The bots: legal moves only, from their own view, deterministic."""
import pytest

from engine.record import GameRecord, Player
from rulesets import REGISTRY

RS = REGISTRY.get("squire")


@pytest.mark.parametrize("level", ["easy", "heuristic"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_bot_plays_whole_games_legally(level, n):
    players = [Player(f"B{i}", f"bot:{level if i == 0 else 'random'}") for i in range(n)]
    rec = GameRecord.new(RS, players, 40 + n, {"map": "world", "abilities": True})
    while not rec.state.is_over():
        seat = rec.state.to_act()[0]
        mv = rec.bot_move(seat)  # chosen from state.view(seat)
        assert mv in rec.state.legal(seat)
        rec.play_move(seat, mv)
    assert rec.state.outcome() is not None


def test_bot_is_deterministic_and_blind_to_hidden_parts():
    st = RS.new_game(3, 8, {"map": "british-isles", "abilities": True})
    seat = st.to_act()[0]
    a = RS.make_bot("heuristic", 1).choose(st.view(seat), seat)
    b = RS.make_bot("heuristic", 1).choose(st.view(seat), seat)
    assert a == b
    other = st.clone()
    other.supply.reverse()
    other.deck.reverse()
    assert RS.make_bot("heuristic", 1).choose(other.view(seat), seat) == a


def test_heuristic_beats_random_in_most_games():
    wins = 0
    for g in range(12):
        players = [Player("H", "bot:heuristic"), Player("R", "bot:random")]
        if g % 2:
            players.reverse()
        rec = GameRecord.new(RS, players, 100 + g, {"map": "british-isles", "abilities": True})
        while not rec.state.is_over():
            seat = rec.state.to_act()[0]
            rec.play_move(seat, rec.bot_move(seat))
        h = 0 if g % 2 == 0 else 1
        wins += rec.state.outcome().ranks[h] == 1
    assert wins >= 9


def test_a_turns_plan_keeps_what_it_works_out_without_changing_the_move():
    # _plan keeps the best space, errand gains and offers it has valued (_PlanMemo). A bot that forgets them
    # before every valuation must choose the same moves, in every state of whole games.
    from rulesets.squire.bots import SquireBot, _PlanMemo

    class Forgetful(SquireBot):
        def _trade_value(self, st, seat, city, buy):
            self._memo = _PlanMemo()
            return super()._trade_value(st, seat, city, buy)

    planned = 0
    for seed in range(3):
        players = [Player(f"H{i}", "bot:heuristic") for i in range(3)]
        rec = GameRecord.new(RS, players, 70 + seed, {"map": "world" if seed % 2 else "british-isles", "abilities": True})
        kept, forgetful = SquireBot(seed), Forgetful(seed)
        while not rec.state.is_over():
            seat = rec.state.to_act()[0]
            view = rec.state.view(seat)
            move = kept.choose(view, seat)
            assert forgetful.choose(rec.state.view(seat), seat) == move
            planned += rec.state.phase == "move"
            rec.play_move(seat, move)
    assert planned > 50
