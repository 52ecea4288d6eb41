"""The bots: legal moves from their own view, and the auto bot's steps of
the rulebook's Automatic Game Play."""
from arch_helpers import card, give, new, playing, put

from engine.record import GameRecord, Player
from rulesets.architects import RULESET
from rulesets.architects.bots import AutoBot, HeuristicBot, walk_value
from rulesets.architects.moves import END, Bid, Discard, Group, Pair, Single, Step


def test_auto_bids_the_maximum_on_a_free_board():
    st = new(3)
    move = AutoBot(1).choose(st.view(0), 0)
    assert isinstance(move, Bid) and move.amount == [40, 45, 40, 45][move.board] + 30


def test_auto_plays_a_gaining_card_first_in_a_random_direction():
    st = playing()
    give(st, 0, "1g 5s 6t 7w 12g 13s")
    move = AutoBot(3).choose(st.view(0), 0)
    assert isinstance(move, Single) and move.card == card("1g") and move.path in (("b3",), ("a2",))


def test_auto_without_a_gaining_card_takes_the_most_lucrative_forward_step():
    st = playing()
    give(st, 0, "5g 5s 6t 7w 12g 13s")
    put(st, 0, "c2")
    assert AutoBot(3).choose(st.view(0), 0) == Step("d2")  # forward: only d2 (4)
    put(st, 0, "d4")
    st.flags.add("ag")
    assert AutoBot(3).choose(st.view(0), 0) == Step("e4")


def test_auto_plays_a_negative_pair_then_spaces_then_discards_then_ends():
    st = playing()
    give(st, 0, "5g 5s 2t 7t 9t 14w")
    st.moved = True
    move = AutoBot(2).choose(st.view(0), 0)
    assert isinstance(move, Pair) and move.cards == (card("5g"), card("5s"))
    st.paired = [1]
    give(st, 0, "2t 7t 9t 14w 1s 3g")
    move = AutoBot(2).choose(st.view(0), 0)
    assert move == Group("sk", (card("2t"), card("7t"), card("9t")))
    st.three_used = True
    give(st, 0, "1g 5g 9g 13g 3s 11t")  # no area to open, no run or 5-card flush
    assert isinstance(AutoBot(2).choose(st.view(0), 0), Discard)
    st.discarded = True
    assert AutoBot(2).choose(st.view(0), 0) == END


def test_auto_does_not_deactivate_spaces():
    st = playing()
    give(st, 0, "2t 7t 9t 14w 1s 3g")
    st.moved = True
    st.flags.add("sk")
    assert not (isinstance(m := AutoBot(2).choose(st.view(0), 0), Group) and m.effect == "sk")


def test_heuristic_plays_legal_moves_from_its_view_and_is_deterministic():
    for seed in (1, 2):
        rec = GameRecord.new(RULESET, [Player("H", "bot:heuristic"), Player("A", "bot:auto"), Player("R", "bot:random")], seed,
                             {"hands": "closed", "rounds": 5})
        while not rec.state.is_over():
            seat = rec.state.to_act()[0]
            move = rec.bot_move(seat)
            assert move == rec.bot_move(seat)
            assert rec.state.why_illegal(seat, move) is None
            rec.play_move(seat, move)


def test_heuristic_takes_the_run_bonus_and_looks_ahead_with_its_cards():
    st = playing()
    give(st, 0, "1g 2s 3t 4w 5g 9s")
    st.moved = True
    move = HeuristicBot(1).choose(st.view(0), 0)
    assert isinstance(move, Group) and move.effect == "run"
    plain = playing()
    give(plain, 0, "5s 6t 7w 12g 13s 14s")
    rich = playing()
    give(rich, 0, "11g 6t 7w 12g 13s 14s")
    assert walk_value(rich, 0) >= walk_value(plain, 0)
