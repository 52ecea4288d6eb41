"""The end: the first to 13 prestige wins at once; the designed stops rank by
prestige, then money."""
from masons_helpers import building, conserved, new, play, put_cells

from rulesets.square_masons.state import TIE_BREAK


def bank_layout(st, seat):
    put_cells(st, seat, "O", "b1 c1 b2 c2")
    put_cells(st, seat, "J/L", "a1 a2 a3 b3")


def reach(st, seat, towns=3):
    """`seat` owns `towns` Quarries (9 prestige) and shows a Bank layout."""
    st.boards[seat].towns[3] += towns
    st.town_supply[3] -= towns
    st.boards[seat].donations += 1
    st.prestige_tokens -= 1
    bank_layout(st, seat)


def test_the_first_to_reach_13_wins_at_once():
    # "The first player to acquire 13 Prestige Points ... wins the game": the
    # game ends the moment it happens, even with another player about to claim.
    st = building(coins=[5, 5, 9])
    reach(st, 0)
    reach(st, 2)
    events = play(st, 0, "claim-bank")
    out = st.outcome()
    assert st.is_over() and out is not None
    assert st.boards[0].prestige == 13 and st.boards[2].prestige == 10
    assert out.winners == (0,) and out.ranks == (1, 3, 2)
    assert "{P1} reached 13" in out.termination
    assert out.breakdown[0] == {"towns": 12, "sanctuaries": 0, "donations": 1, TIE_BREAK: 5}
    assert sum(v for k, v in out.breakdown[0].items() if k != TIE_BREAK) == out.scores[0]
    assert "Game over" in events[-1].text
    assert st.to_act() == () and st.legal(0) == [] and st.legal(2) == []
    conserved(st)


def at_the_round_limit(coins, quarries):
    """The outcome of a last round (option rounds=1) in which each seat owns
    `quarries[s]` Quarries and holds `coins[s]` coins before its turn."""
    st = new(3, seed=2, rounds=1)
    st.__dict__.update({k: v for k, v in building(coins=coins).__dict__.items() if k != "round_limit"})
    for s, q in enumerate(quarries):
        st.boards[s].towns[3] += q
        st.town_supply[3] -= q
    end_round(st)
    return st.outcome()


def test_at_a_designed_stop_money_breaks_a_prestige_tie():
    out = at_the_round_limit([5, 9, 5], [2, 2, 0])
    assert out.scores == (6, 6, 0) and out.ranks == (2, 1, 3)


def test_equal_prestige_and_money_is_shared():
    out = at_the_round_limit([5, 5, 5], [2, 2, 0])
    assert out.ranks == (1, 1, 3) and out.is_draw


def test_most_prestige_wins_over_money():
    assert at_the_round_limit([0, 20, 0], [3, 2, 0]).winners == (0,)


def test_round_limit_option_ends_the_game():
    from engine.bots import RandomBot

    st = new(3, seed=2, rounds=2)
    bots = [RandomBot(s) for s in range(3)]
    while not st.is_over():
        s = st.to_act()[0]
        st.apply(s, bots[s].choose(st.view(s), s))
    assert st.round == 2 and "round limit" in st.outcome().termination


# ---------------------------------------------------------------- audit additions


def end_round(st):
    """Every builder still to act ends their turn."""
    while st.phase == "build":
        play(st, st.actor, "end")


def test_by_default_there_is_no_round_limit():
    # The rulebook's game ends at 13 prestige: a game still scoring goes on past round 30.
    from masons_helpers import RULESET

    from rulesets.square_masons import content as d

    assert RULESET.default_options() == {"rounds": 0}
    assert RULESET.new_game(3, 1, {}).round_limit == 0
    st = building(coins=[5, 5, 5])
    st.round = 30
    bank_layout(st, 0)
    play(st, 0, "claim-bank")
    end_round(st)
    assert not st.is_over() and st.round == 31 and st.phase == "direction"
    st.round = 500
    st.phase, st.actor, st.build_index = "build", st.first, 0
    st.build_order = st.turn_order()
    end_round(st)
    assert not st.is_over() and st.round == 501
    assert d.STALL_ROUNDS == 10


def test_a_stalled_game_stops_after_ten_rounds_without_prestige():
    from rulesets.square_masons import content as d

    st = building(coins=[5, 5, 2])
    st.boards[2].donations = 1  # seat 3 leads on prestige, seat 1 on money
    st.prestige_tokens -= 1
    st.prestige_seen = 1
    st.quiet_rounds = d.STALL_ROUNDS - 2
    end_round(st)
    assert not st.is_over() and st.quiet_rounds == d.STALL_ROUNDS - 1
    st.phase, st.actor, st.build_index = "build", st.first, 0
    st.build_order = st.turn_order()
    events = []
    while st.phase == "build":
        events += play(st, st.actor, "end")
    assert st.is_over()
    out = st.outcome()
    assert "no prestige" in out.termination and "10 rounds" in out.termination
    assert out.winners == (2,)  # the most prestige, as at 13
    assert "Game over" in events[-1].text
    conserved(st)


def test_any_prestige_gained_restarts_the_count():
    from rulesets.square_masons import content as d

    st = building(coins=[5, 5, 5])
    st.quiet_rounds = d.STALL_ROUNDS - 1
    bank_layout(st, 1)
    play(st, 0, "end")
    play(st, 1, "claim-bank")
    end_round(st)
    assert not st.is_over() and st.quiet_rounds == 0 and st.prestige_seen == 3


def test_a_round_limit_can_still_be_set():
    st = new(3, seed=2, rounds=3)
    st.__dict__.update({k: v for k, v in building(coins=[1, 1, 1]).__dict__.items()
                        if k not in ("round_limit",)})
    st.round = 3
    end_round(st)
    assert st.is_over() and "round limit (3)" in st.outcome().termination
