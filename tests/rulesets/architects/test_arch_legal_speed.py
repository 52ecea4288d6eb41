"""The fast move generator (movegen.py, its tables and caches) finds exactly
the moves the rules allow: at every ply of random games it agrees with a
generator written from the rules alone (arch_reference.py) and with the same
position loaded afresh from its save, so that no cache can go stale."""
from __future__ import annotations

import json
from itertools import combinations

import pytest
from arch_reference import ref_legal, walk_paths

from engine import saves
from engine.record import GameRecord, default_player
from engine.rng import Rng
from rulesets.architects import RULESET
from rulesets.architects.movegen import fives, fours, group_effects, masks, threes
from rulesets.architects.state import ArchitectsState


def brute_groups(hand: tuple[int, ...]) -> set[tuple[str, tuple[int, ...]]]:
    """Every group by the definition: group_effects on every 3–5-card subset."""
    return {(e, cards) for k in (3, 4, 5) for cards in combinations(hand, k) for e in group_effects(cards)}


def test_hand_groups_equal_the_definition_on_random_hands() -> None:
    rng = Rng(5)
    for _ in range(3000):
        deck = list(range(60))
        rng.shuffle(deck)
        hand = tuple(sorted(deck[: 3 + rng.below(4)]))
        got = [m for _, m in threes(hand) + fours(hand)] + [m for (_, m), _ in fives(hand)]
        assert {(m.effect, m.cards) for m in got} == brute_groups(hand)
        assert len({m for m in got}) == len(got)  # no group twice


@pytest.mark.soak  # whole random games checked at every ply: a slow group (tests/conftest.py)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("hands", ["closed", "open"])
def test_legal_equals_the_rules_and_a_fresh_load_at_every_ply(players: int, hands: str) -> None:
    """At every ply: the live legal() equals the rules-only generator's, and
    every listed move passes the direct check; at every fifth ply it equals
    legal() of the position loaded afresh from the saved record (a new
    process would start with empty caches; this one shares them, so the
    rules-only generator is the check that no cache went stale)."""
    rng = Rng(100 * players + len(hands))
    checked = 0
    for game in range(2):
        seats = [default_player(s, "human") for s in range(players)]
        record = GameRecord.new(RULESET, seats, seed=7 * game + players, options={"hands": hands})
        state = record.state
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal(seat)
            assert legal == ref_legal(state, seat)
            assert all(state.is_legal(seat, m) for m in legal)
            if record.ply % 5 == 0:
                loaded = saves.from_json(json.loads(saves.dumps(record))).state
                assert loaded.legal(seat) == legal
                assert loaded.snapshot() == state.snapshot()
            record.play_move(seat, rng.choice(legal))
            checked += 1
    assert checked > 300


def test_masks_follow_the_flags() -> None:
    """The open and pay masks are read from the flags as they are now."""
    st = ArchitectsState.setup(2, 1)
    assert masks(st.flags, False) == (0, 0)
    st.flags |= {"ld", "ab", "sk", "lr"}
    open_mask, pay_mask = masks(st.flags, True)
    assert open_mask == 1 | 2 and pay_mask == 1 | 16 | 32
    st.flags.clear()
    assert masks(st.flags, False) == (0, 0)


def reference_paths(board_index: int, pos: int, text_index: int, flags: set[str]) -> tuple[tuple[int, ...], ...]:
    """Card paths by the definition: a search that asks can_enter at every step."""
    from rulesets.architects.movegen import BOARDS, TEXTS

    probe = ArchitectsState(num_players=2)
    probe.flags = set(flags)
    return tuple(walk_paths(BOARDS[board_index], pos, TEXTS[text_index], probe.can_enter))


def test_card_paths_equal_the_step_by_step_search() -> None:
    from rulesets.architects import content as K
    from rulesets.architects.movegen import BOARDS, TEXTS, _card_paths

    rng = Rng(3)
    every = {"ld", *K.AREA_EFFECTS}
    checked = 0
    for b, board in enumerate(BOARDS):
        for pos in range(len(board.names)):
            for t in range(len(TEXTS)):
                for flags in (set(), {"ld"}, set(K.AREA_EFFECTS), every, {e for e in every if rng.below(2)}):
                    probe = ArchitectsState(num_players=2)
                    probe.flags = set(flags)
                    assert _card_paths(b, pos, t, probe.open_mask()) == reference_paths(b, pos, t, flags)
                    checked += 1
    assert checked > 10000


def test_requirement_bounds_decide_as_pay_does() -> None:
    """The bounds `requirement` gives accept exactly the funds `pay` accepts
    (transfers without a bank payment to the client), and the net paid to
    the bank is what the client and architect lose together."""
    from rulesets.architects.movegen import pay, requirement

    rng = Rng(9)
    for _ in range(5000):
        transfers = tuple((rng.below(21) - 10, rng.below(8)) for _ in range(1 + rng.below(3)))
        need = requirement(transfers)
        assert need is not None
        client, architect, bank = rng.below(25), rng.below(25), rng.below(50)
        after = pay(client, architect, bank, transfers)
        assert (after is not None) == (client >= need[0] and architect >= need[1])
        if after is not None:
            assert client + architect - after[0] - after[1] == need[2]
    assert requirement(((3, -2),)) is None


def test_fast_constructors_make_the_same_frozen_moves() -> None:
    import copy
    import dataclasses
    import pickle

    from rulesets.architects.movegen import new_group, new_pair, new_single
    from rulesets.architects.moves import Group, Pair, Single

    for fast, slow in (
        (new_single(3, ("c4",)), Single(3, ("c4",))),
        (new_pair((1, 2), 1, ("d4", "e4")), Pair((1, 2), 1, ("d4", "e4"))),
        (new_group("sw", (1, 5, 9, 13, 17), 2), Group("sw", (1, 5, 9, 13, 17), 2)),
    ):
        assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
        assert pickle.loads(pickle.dumps(fast)) == slow and copy.deepcopy(fast) == slow
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, dataclasses.fields(fast)[0].name, 0)
