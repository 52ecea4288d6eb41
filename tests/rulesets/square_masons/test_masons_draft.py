"""The draft: sealed simultaneous picks, reveal, passing, the Order holder's face-down picks."""
import pytest
from masons_helpers import conserved, new, play

from engine.errors import IllegalMoveError
from rulesets.square_masons.content import HIDDEN


def drafted_state(n=3, seed=5, direction="cw"):
    st = new(n, seed)
    play(st, 0, direction)
    return st


def test_all_seats_pick_at_once_and_picks_are_sealed():
    st = drafted_state()
    assert st.to_act() == (0, 1, 2)
    card = st.boards[0].hand[0]
    events = play(st, 0, st.format_move(st.legal(0)[0]))
    public = [e.text for e in events if e.private_to is None]
    private = [e for e in events if e.private_to is not None]
    assert public == ["{P1} has chosen"]
    assert private and private[0].private_to == 0
    assert st.to_act() == (1, 2)
    # seat 1 may not pick twice
    with pytest.raises(IllegalMoveError):
        st.parse_move("money", 0)
    # nobody else sees it: not in their view, not in their snapshot or board
    for other in (1, 2):
        v = st.view(other)
        assert v.boards[0].pick == HIDDEN
        assert v.boards[0].hand == [HIDDEN] * 5
        assert v.snapshot()["boards"][0]["pick"] == "?"
    assert st.view(0).boards[0].pick == card
    assert st.view(None).boards[0].pick == HIDDEN
    # nothing is revealed yet
    assert sum(st.boards[0].drafted) == 0


def test_reveal_together_then_hands_pass_in_the_direction():
    for direction, step in (("cw", 1), ("ccw", -1)):
        st = drafted_state(direction=direction)
        before = [list(b.hand) for b in st.boards]
        picks = [b.hand[0] for b in st.boards]
        for s in range(3):
            events = play(st, s, ["money", "order", "stone", "market", "x2"][picks[s]])
        assert any(e.text.startswith("Pick 1 revealed") for e in events)
        for s in range(3):
            assert st.boards[s].drafted[picks[s]] == 1
            rest = list(before[s])
            rest.remove(picks[s])
            assert st.boards[(s + step) % 3].hand == rest
        assert st.pick_no == 2 and st.to_act() == (0, 1, 2)
        conserved(st)


def test_five_picks_each_then_the_draft_ends():
    st = drafted_state(n=4)
    for _ in range(5):
        for s in range(4):
            st.apply(s, st.legal(s)[0])
    assert all(sum(b.drafted) == 5 for b in st.boards)
    assert all(not b.hand for b in st.boards)
    assert st.phase not in ("draft", "direction")
    conserved(st)


def test_order_holder_drafts_face_down_until_the_draft_ends():
    st = drafted_state()
    st.order_holder = 1
    for pick in range(5):
        for s in range(3):
            st.apply(s, st.legal(s)[0])
        if pick < 4:
            holder = st.boards[1]
            assert sum(holder.drafted) == 0 and len(holder.face_down) == pick + 1
            assert st.view(0).boards[1].face_down == [HIDDEN] * (pick + 1)
            assert st.view(1).boards[1].face_down == holder.face_down
            assert "?" in st.view(2).snapshot()["boards"][1]["face_down"]
    assert sum(st.boards[1].drafted) == 5 and st.boards[1].face_down == []


def test_pick_only_from_your_hand():
    st = drafted_state()
    hand = st.boards[0].hand
    absent = [c for c in range(5) if c not in hand]
    assert sorted(m.card for m in st.legal(0)) == sorted(set(hand))
    if absent:
        with pytest.raises(IllegalMoveError, match="no"):
            st.parse_move(["money", "order", "stone", "market", "x2"][absent[0]], 0)


def test_log_names_draft_cards_as_printed_never_by_notation():
    """The x2 card is the Double card on screen: the log says 'You picked a
    Double card' and the reveal 'Double', never the notation word 'x2'."""
    from rulesets.square_masons.content import X2

    for seed in range(40):
        st = drafted_state(seed=seed)
        if X2 in st.boards[0].hand:
            break
    else:
        pytest.fail("no seed deals seat 1 a Double card")
    events = play(st, 0, "x2")
    assert [e.text for e in events if e.private_to == 0] == ["You picked a Double card"]
    for s in (1, 2):
        events = play(st, s, st.format_move(st.legal(s)[0]))
    reveal = next(e.text for e in events if e.text.startswith("Pick 1 revealed"))
    assert "{P1} Double" in reveal and "x2" not in reveal
