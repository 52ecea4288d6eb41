"""The bots: legal moves from their own view, deterministic, and the heuristic plays to build."""
from masons_helpers import RULESET, auction, building, put_cells, reserve

from engine.record import GameRecord, Player
from rulesets.square_masons.plans import all_plans


def test_every_structure_has_plans():
    sids = {p.sid for p in all_plans()}
    assert sids == {"scrapyard", "donation", "bank", "quarry", "cloister", "chapel", "tower",
                    "altar", "abbey", "temple", "gate", "arch"}


def test_bots_are_deterministic_for_a_seed():
    def game(seed):
        players = [Player("a", "bot:heuristic"), Player("b", "bot:easy"), Player("c", "bot:random")]
        rec = GameRecord.new(RULESET, players, seed, {"rounds": 3})
        while not rec.state.is_over():
            s = rec.state.to_act()[0]
            rec.play_move(s, rec.bot_move(s))
        return rec.moves

    assert game(5) == game(5)
    assert game(5) != game(6)


def test_heuristic_claims_what_it_can():
    st = building()
    put_cells(st, 0, "O", "b1 c1 b2 c2")
    put_cells(st, 0, "J/L", "a1 a2 a3 b3")
    bot = RULESET.make_bot("heuristic", 1)
    assert st.format_move(bot.choose(st.view(0), 0)) == "claim-bank"


def test_heuristic_brings_reserve_blocks_onto_its_plan_and_lays_them():
    st = building(coins=[3, 0, 0])
    reserve(st, 0, "OL")
    bot = RULESET.make_bot("heuristic", 1)
    for _ in range(6):
        if st.actor != 0:
            break
        st.apply(0, bot.choose(st.view(0), 0))
    assert st.boards[0].towns[2] == 1  # it built the Bank (J/L + O)


def test_heuristic_bids_on_the_block_that_completes_a_structure():
    st = auction(3, "IO", coins=[4, 4, 4])
    reserve(st, 0, "L")  # L + O is a Bank; I does nothing for it
    move = RULESET.make_bot("heuristic", 1).choose(st.view(0), 0)
    assert st.format_move(move).startswith("bid2-")
    assert 1 <= move.amount <= 4


def test_heuristic_beats_two_random_bots():
    wins = 0
    for seed in range(6):
        players = [Player("r1", "bot:random"), Player("h", "bot:heuristic"), Player("r2", "bot:random")]
        rec = GameRecord.new(RULESET, players, seed, {})
        while not rec.state.is_over():
            s = rec.state.to_act()[0]
            rec.play_move(s, rec.bot_move(s))
        wins += rec.state.outcome().ranks[1] == 1
    assert wins >= 5
