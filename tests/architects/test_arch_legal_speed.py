"""The fast move generator finds exactly the moves the rules allow."""
from __future__ import annotations

from itertools import combinations

from engine.rng import Rng
from rulesets.architects.state import ArchitectsState, Group, group_effects, hand_groups


def brute_groups(hand: tuple[int, ...]) -> set[tuple[str, tuple[int, ...]]]:
    """Every group by the definition: group_effects on every 3–5-card subset."""
    return {(e, cards) for k in (3, 4, 5) for cards in combinations(hand, k) for e in group_effects(cards)}


def test_hand_groups_equal_the_definition_on_random_hands() -> None:
    rng = Rng(5)
    for _ in range(3000):
        deck = list(range(60))
        rng.shuffle(deck)
        hand = tuple(sorted(deck[: 3 + rng.below(4)]))
        assert set(hand_groups(hand)) == brute_groups(hand)
        for sizes in ((3,), (4, 5), (5,)):
            assert set(hand_groups(hand, sizes)) == {g for g in brute_groups(hand) if len(g[1]) in sizes}


def brute_group_moves(st: ArchitectsState, seat: int) -> set[Group]:
    """Group moves by the direct check of every candidate."""
    hand = tuple(sorted(set(st.players[seat].hand)))
    out = set()
    for e, cards in brute_groups(hand):
        cands = [Group("sw", cards, t) for t in range(st.num_players)] if e == "sw" else [Group(e, cards)]
        out |= {g for g in cands if st.group_allowed(seat, g)}
    return out


def test_legal_groups_equal_the_direct_check_over_random_games() -> None:
    rng = Rng(11)
    checked = 0
    for game in range(12):
        st = ArchitectsState.setup(2 + game % 3, game)
        while not st.is_over() and checked < 4000:
            seat = st.to_act()[0]
            legal = st.legal(seat)
            if st.phase == "turn":
                assert {m for m in legal if isinstance(m, Group)} == brute_group_moves(st, seat)
                assert all(st.is_legal(seat, m) for m in legal)
                checked += 1
            st.apply(seat, rng.choice(legal))
    assert checked > 1000

