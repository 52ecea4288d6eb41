"""The end: 13 prestige at the end of the build phase, most prestige wins, money breaks ties."""
from masons_helpers import building, conserved, play, put_cells, new


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


def test_game_ends_at_end_of_build_phase_and_money_breaks_ties():
    st = building(coins=[5, 5, 9])
    reach(st, 0)
    reach(st, 2)
    play(st, 0, "claim-bank")
    assert st.boards[0].prestige == 13
    play(st, 0, "end")
    assert not st.is_over() and st.actor == 1  # the round goes on
    play(st, 1, "end")
    play(st, 2, "claim-bank")
    events = play(st, 2, "end")
    out = st.outcome()
    assert st.is_over() and out is not None
    assert out.scores[0] == out.scores[2] == 13
    # seat 3 has more money (9 + 2 from the new bank vs 5 + 2 for seat 1)
    assert out.ranks == (2, 3, 1) and out.winners == (2,)
    assert "reached 13" in out.termination
    assert out.breakdown[0] == {"towns": 12, "sanctuaries": 0, "donations": 1}
    assert sum(out.breakdown[0].values()) == out.scores[0]
    assert "Game over" in events[-1].text
    assert st.to_act() == () and st.legal(0) == []
    conserved(st)


def test_equal_prestige_and_money_is_shared():
    st = building(coins=[5, 5, 5])
    reach(st, 0)
    reach(st, 1)
    play(st, 0, "claim-bank")
    play(st, 0, "end")
    play(st, 1, "claim-bank")
    play(st, 1, "end")
    play(st, 2, "end")
    out = st.outcome()
    assert out.ranks == (1, 1, 3) and out.is_draw


def test_most_prestige_wins_over_money():
    st = building(coins=[0, 20, 0])
    reach(st, 0)
    st.boards[1].towns[0] += 3  # 9 prestige of Scrapyards, idle (no stone, nothing unsold)
    st.town_supply[0] -= 3
    play(st, 0, "claim-bank")
    for s in range(3):
        if not st.is_over():
            play(st, st.actor, "end")
    assert st.outcome().winners == (0,)


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
    from rulesets.square_masons import data as d

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
    from rulesets.square_masons import data as d

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
    from rulesets.square_masons import data as d

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
