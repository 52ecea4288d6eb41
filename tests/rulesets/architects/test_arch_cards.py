"""Every construction card text played singly, pairs on opponents, every
card-group effect, and the card rules of a turn (board I for seat 0)."""
import pytest
from arch_helpers import card, give, play, playing, put, where

from rulesets.architects import content as K
from rulesets.architects.movegen import four_effects, three_effects
from rulesets.architects.moves import END, Group, Pair, Single


@pytest.fixture
def st():
    s = playing()
    s.players[0].funds = 30
    return s


def paths(st, code, seat=0):
    """The paths the card named allows, as 'h5' or 'h5>h4' texts."""
    c = card(code)
    return sorted(">".join(m.path) for m in st.legal(seat) if isinstance(m, Single) and m.card == c)


@pytest.mark.parametrize(
    "number, expect",
    [
        (1, ["g4", "g6", "h5"]),  # ascend or advance
        (2, ["f5", "g4"]),  # retreat or ascend
        (3, ["f5", "g6"]),  # retreat or descend
        (4, ["g4", "g6", "h5"]),  # descend or advance
        (5, ["g4", "g6", "h5"]),
        (6, ["f5", "g4"]),
        (7, ["f5", "g6"]),
        (8, ["g4", "g6", "h5"]),
        (9, ["f5"]),  # retreat
    ],
)
def test_single_card_directions(st, number, expect):
    st.flags |= {"ld", "ag"}  # g5's dashed line up and the grey area to its left open
    give(st, 0, f"{number}g 15s 15t 15w 14s 14t")
    put(st, 0, "g5")
    assert paths(st, f"{number}g") == expect


def test_cards_1_to_4_give_the_client_4_from_the_bank(st):
    give(st, 0, "1g 15s 15t 15w 14s 14t")
    put(st, 0, "g5")
    bank = st.bank
    play(st, 0, "1g>h5")
    assert (st.players[0].client, st.players[0].funds) == (70 - 4 + 4, 34) and st.bank == bank - 4


def test_cards_5_to_8_make_the_architect_pay_4(st):
    give(st, 0, "5g 15s 15t 15w 14s 14t")
    put(st, 0, "g5")
    bank = st.bank
    play(st, 0, "5g>h5")
    assert (st.players[0].client, st.players[0].funds) == (66, 30) and st.bank == bank + 4


def test_the_client_covers_what_the_architect_cannot_pay(st):
    give(st, 0, "5g 15s 15t 15w 14s 14t")
    put(st, 0, "g5")
    st.players[0].funds = 0
    play(st, 0, "5g>h5")  # architect gets 4 from the move, pays 4
    assert (st.players[0].client, st.players[0].funds) == (66, 0)
    st2 = playing()
    give(st2, 0, "7g 15s 15t 15w 14s 14t")
    put(st2, 0, "h5")
    st2.players[0].funds = 6
    play(st2, 0, "7g>g5")  # retreat: refund 5 from 6, then pay 4: 1 from the architect, 3 from the client
    assert (st2.players[0].client, st2.players[0].funds) == (70 + 5 - 3, 0)


def test_a_card_nobody_can_pay_is_not_playable_on_yourself(st):
    give(st, 0, "5g 15s 15t 15w 14s 14t")
    put(st, 0, "a3")
    st.players[0].client = 2
    st.players[0].funds = 0
    assert paths(st, "5g") == []  # b3 or a2 is affordable, the 4 after it is not
    assert "cannot cover the 4" in st.why_illegal(0, Single(card("5g"), ("b3",)))
    assert "the card moves 1 space" in st.why_illegal(0, Single(card("5g"), ("b3", "c3")))
    assert "b3" in [st.format_move(m) for m in st.legal(0)]


def test_nine_retreats_at_no_cost(st):
    give(st, 0, "9w 15s 15t 15w 14s 14t")
    put(st, 0, "h5")
    play(st, 0, "9w>g5")
    assert (st.players[0].client, st.players[0].funds) == (70, 30) and where(st, 0) == "g5"


@pytest.mark.parametrize(
    "code, effects",
    [("9g", ["ab", "ag", "ap", "pk"]), ("9s", ["ap"]), ("9t", ["ld", "lb", "lg", "lo", "lr"]), ("9w", ["sb", "sg", "sk", "sr"])],
)
def test_nine_toggles_by_suit(st, code, effects):
    give(st, 0, f"{code} 15s 15t 15w 14s 14t")
    toggles = sorted(st.format_move(m).split(":")[1] for m in st.legal(0) if st.format_move(m).startswith(code + ":"))
    assert toggles == sorted(effects)
    play(st, 0, f"{code}:{effects[0]}")
    assert effects[0] in st.flags
    assert not any(st.format_move(m).startswith("9") for m in st.legal(0))  # one single per turn


def test_ten_moves_two_spaces_paying_the_second_only(st):
    st.flags |= {"ld", "ag"}
    give(st, 0, "10g 15s 15t 15w 14s 14t")
    put(st, 0, "g5")
    assert "h5>h4" in paths(st, "10g") and "h5>g5" not in paths(st, "10g")
    play(st, 0, "10g>h5>h4")
    assert (st.players[0].client, st.players[0].funds) == (65, 35)


def test_eleven_moves_three_spaces_paying_the_third_only(st):
    give(st, 0, "11g 15s 15t 15w 14s 14t")
    put(st, 0, "g5")
    play(st, 0, "11g>h5>h4>i4")
    assert (st.players[0].client, st.players[0].funds) == (64, 36)


@pytest.mark.parametrize(
    "number, expect",
    [(12, ["d5>e5", "e4>e5"]), (13, ["d5>c5", "d5>d6"]), (14, ["d3>e3", "e4>e3"]), (15, ["d3>c3"])],
)
def test_and_cards_take_both_steps_in_either_order(st, number, expect):
    st.flags.add("ag")
    give(st, 0, f"{number}g 1s 2t 3w 1w 2s")
    put(st, 0, "d4")
    assert paths(st, f"{number}g") == expect


def test_and_cards_pay_both_steps_and_the_architect_pays_4(st):
    give(st, 0, "13g 1s 2t 3w 1w 2s")
    put(st, 0, "d4")
    play(st, 0, "13g>d5>d6")  # refunds 3 (d4) and 7 (d5), then 4 to the bank
    assert (st.players[0].client, st.players[0].funds) == (80, 16)


def test_pair_moves_the_opponent_and_their_architect_pays(st):
    give(st, 0, "5g 5s 1t 2w 3w 4s")
    st.players[1].funds = 10
    pairs = [m for m in st.legal(0) if isinstance(m, Pair)]
    assert {m.target for m in pairs} == {1} and all(m.cards == (card("5g"), card("5s")) for m in pairs)
    # board II, client on S a5: ascend or advance -> b5 (right) or a6 (down the arrow)
    assert sorted(">".join(m.path) for m in pairs) == ["a6", "b5"]
    play(st, 0, "5g+5s@2>b5")
    assert where(st, 1) == "b5" and (st.players[1].client, st.players[1].funds) == (75 - 1, 10 + 1 - 4)
    assert not any(isinstance(m, Pair) for m in st.legal(0))  # one pair per opponent per turn
    assert len(st.players[0].hand) == 6  # refilled


def test_a_pair_on_an_opponent_unable_to_obey_has_no_effect_and_is_discarded(st):
    """Rulebook: "If they are not able ... the cards played on them have no
    effect and are discarded" (rules version 2)."""
    give(st, 0, "2g 2s 1t 3w 5w 7s")
    # seat 2 on a5: retreat or ascend: a5 has no line back or up that it may take
    pairs = [m for m in st.legal(0) if isinstance(m, Pair)]
    assert [st.format_move(m) for m in pairs] == ["2g+2s@2"] and pairs[0].path == ()
    target = st.players[1]
    before = (target.pos, target.client, target.funds, st.bank)
    events = play(st, 0, "2g+2s@2")
    assert (target.pos, target.client, target.funds, st.bank) == before
    assert card("2g") in st.discard and card("2s") in st.discard
    assert 1 in st.paired and any("no effect" in e.text for e in events)
    assert len(st.players[0].hand) == 6  # refilled like any play


def test_under_rules_version_1_a_pair_needs_an_opponent_able_to_obey(st):
    st.rules_version = 1
    give(st, 0, "2g 2s 1t 3w 5w 7s")
    assert not any(isinstance(m, Pair) for m in st.legal(0))
    assert "rules version 1" in st.why_illegal(0, Pair((card("2g"), card("2s")), 1, ()))


def test_a_pair_with_no_movement_named_is_refused_when_the_target_can_obey(st):
    give(st, 0, "5g 5s 1t 2w 3w 4s")
    assert "name its movement" in st.why_illegal(0, Pair((card("5g"), card("5s")), 1, ()))


def test_nines_make_no_pair(st):
    give(st, 0, "9g 9s 1t 3w 5w 7s")
    assert not any(isinstance(m, Pair) for m in st.legal(0))
    assert "different texts" in st.why_illegal(0, Pair((card("9g"), card("9s")), 1, ("b5",)))


def test_pair_bankrupts_an_opponent_who_cannot_pay(st):
    give(st, 0, "5g 5s 1t 2w 3w 4s")
    st.players[1].client, st.players[1].funds = 1, 0
    bank = st.bank
    events = play(st, 0, "5g+5s@2>b5")
    assert st.players[1].status == "bankrupt" and st.players[1].hand == []
    assert st.bank == bank + 1 and any("bankrupt" in e.text for e in events)


@pytest.mark.parametrize(
    "cards, effects",
    [
        ("3s 4t 5w", ["lb", "ld", "lo", "lr"]),  # straight with stone, steel, wood; three suits
        ("3g 4g 5s", ["lb", "lg"]),
        ("3w 7t 12g", ["ld"]),  # three suits, not a straight
        ("2s 7s 9s", ["sb"]),
        ("2g 7g 9g", ["sg"]),
        ("2w 7w 9w", ["sr"]),
        ("2t 7t 9t", ["sk"]),
        ("2g 7g 8s", []),
    ],
)
def test_three_card_effects(cards, effects):
    assert three_effects([card(c) for c in cards.split()]) == effects


@pytest.mark.parametrize(
    "cards, effects",
    [
        ("1g 5g 9g 12g", ["yf"]),
        ("1g 5s 9t 12w", ["pk"]),
        ("1s 5s 9w 12w", ["ab"]),
        ("1s 5s 9t 12t", ["ab"]),
        ("1g 5g 9w 12w", ["ag"]),
        ("1g 5g 9t 12t", ["ag"]),
        ("1s 5s 9g 12g", ["ap"]),
        ("1t 5t 9w 12w", ["ap"]),
        ("1g 5g 9g 12w", []),
    ],
)
def test_four_card_effects(cards, effects):
    assert four_effects([card(c) for c in cards.split()]) == effects


def test_a_group_play_toggles_for_all_boards_and_again_turns_it_off(st):
    give(st, 0, "3s 4t 5w 3g 4g 5g")
    play(st, 0, "lb:3s+4t+5w")
    assert "lb" in st.flags
    assert not any(isinstance(m, Group) and len(m.cards) == 3 for m in st.legal(0))  # one 3-card play a turn
    st.three_used = False
    give(st, 0, "3s 4t 5w 3g 4g 5g")
    play(st, 0, "lb:3s+4t+5w")
    assert "lb" not in st.flags


def test_five_card_flush_swaps_clients_with_their_funds(st):
    give(st, 0, "1g 3g 5g 7g 11g 2s")
    put(st, 0, "d2")
    play(st, 0, "sw2:1g+3g+5g+7g+11g")
    a, b = st.players
    assert (a.board, b.board) == (1, 0) and (a.client, b.client) == (75, 70)
    assert where(st, 0) == "a5" and where(st, 1) == "d2" and a.funds == 30


def test_five_card_run_gives_the_architect_10(st):
    give(st, 0, "1g 2s 3t 4w 5g 9s")
    play(st, 0, "run:1g+2s+3t+4w+5g")
    assert st.players[0].funds == 40


def test_a_turn_must_move_and_play_or_discard(st):
    give(st, 0, "1g 2s 3t 4w 5g 9s")
    assert END not in st.legal(0)
    play(st, 0, "b3")
    assert END not in st.legal(0)  # nothing played or discarded yet
    deck = len(st.deck)
    play(st, 0, "x9s")
    assert len(st.players[0].hand) == 6 and len(st.deck) == deck - 1
    assert not any(st.format_move(m).startswith("x") for m in st.legal(0))  # one discard a turn
    play(st, 0, "end")
    assert st.seat == 1 and not st.moved


def test_hands_refill_from_reshuffled_discards_when_the_deck_runs_out(st):
    give(st, 0, "1g 2s 3t 4w 5g 9s")
    st.discard = list(st.deck)
    st.deck = []
    play(st, 0, "x9s")
    assert len(st.players[0].hand) == 6 and st.discard == [] and len(st.deck) == 60 - 12


def test_card_texts_are_the_rulebook_texts():
    assert K.card_text(card("1g")) == "1. Ascend OR advance, client gains 4 funds from bank"
    assert K.card_text(card("9t")).startswith("9 STEEL: Retreat at no cost or gain OR open or close any line")
    assert len({K.card_text(c) for c in range(60)}) == 14 + 4


def test_hand_groups_agree_with_the_effects_of_every_subset():
    from itertools import combinations

    from engine.rng import Rng
    from rulesets.architects.movegen import fives, fours, group_effects, threes

    rng = Rng(3)
    for _ in range(200):
        deck = list(range(60))
        rng.shuffle(deck)
        hand = tuple(sorted(deck[:6]))
        want = sorted((e, c) for k in (3, 4, 5) for c in combinations(hand, k) for e in group_effects(c))
        moves = [m for _, m in threes(hand) + fours(hand)] + [m for (_, m), _ in fives(hand)]
        assert sorted({(m.effect, m.cards) for m in moves}) == want


def test_a_path_that_does_not_fit_the_card_is_refused_with_the_cards_text(st):
    give(st, 0, "2g 15s 15t 15w 14s 14t")
    put(st, 0, "g5")
    assert "does not fit the card (Retreat OR ascend" in st.why_illegal(0, Single(card("2g"), ("h5",)))


def test_log_and_descriptions_speak_cards_in_words_not_codes(st):
    """'plays the 3 of stone, 4 of steel and 5 of wood', never '3s+4t+5w':
    card codes are notation (':' and 'a'); the log speaks words."""
    give(st, 0, "3s 4t 5w 3g 4g 5g")
    move = st.parse_move("lb:3s+4t+5w", 0)
    assert "3 of stone, 4 of steel and 5 of wood" in st.describe_move(move, 0)
    events = play(st, 0, "lb:3s+4t+5w")
    texts = " | ".join(e.text for e in events)
    assert "plays the 3 of stone, 4 of steel and 5 of wood" in texts
    assert "3s" not in texts and "+" not in texts
    drawn = [e.text for e in events if e.private_to == 0]
    assert drawn and drawn[0].startswith("You draw the ") and " of " in drawn[0]
    assert not set(drawn[0].replace(",", " ").split()) & set(K.CARD_CODES)


def test_a_path_is_told_in_words_not_notation(st):
    """'moves to a2, then b2', not 'a2>b2' (notation), in the log and the move's description."""
    give(st, 0, "10w 2s 3t 4w 5g 9s")
    move = next(m for m in st.legal(0) if isinstance(m, Single) and len(m.path) == 2)
    a, b = move.path
    assert f"to {a}, then {b}" in st.describe_move(move, 0)
    events = st.apply(0, move)
    assert f"client moves to {a}, then {b} with the 10 of wood" in events[0].text and ">" not in events[0].text
