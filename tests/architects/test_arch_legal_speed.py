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



def reference_paths(board_index: int, pos: int, text_index: int, flags: set[str]) -> tuple[tuple[int, ...], ...]:
    """Card paths by the definition: a search that asks can_enter at every step."""
    from rulesets.architects.state import BOARDS, TEXTS, _fits

    board, text = BOARDS[board_index], TEXTS[text_index]
    probe = ArchitectsState(num_players=2)
    probe.flags = set(flags)

    def walk(here, seen, todo):
        if not todo:
            yield seen[1:]
            return
        for link in board.links[here]:
            if link.to not in seen and probe.can_enter(board, here, link) and _fits(link, todo[0]):
                yield from walk(link.to, seen + (link.to,), todo[1:])

    found: dict[tuple[int, ...], None] = {}
    for kinds in [text.steps] + ([tuple(reversed(text.steps))] if text.both else []):
        for path in walk(pos, (pos,), kinds):
            found.setdefault(path, None)
    return tuple(found)


def test_card_paths_equal_the_step_by_step_search() -> None:
    from rulesets.architects import content as K
    from rulesets.architects.state import BOARDS, TEXTS, _card_paths

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
