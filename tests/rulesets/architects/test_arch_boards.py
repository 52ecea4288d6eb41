"""The designed commission boards: every required feature, and F reachable
from S with everything closed but the yellow area."""
from collections import deque

import pytest

from rulesets.architects import content as K
from rulesets.architects.board import BOARDS, parse_board
from rulesets.architects.state import ArchitectsState

IDS = [b.roman for b in BOARDS]


def reachable(board, flags):
    """Spaces a client can reach from S, ignoring funds."""
    st = ArchitectsState(num_players=2)
    st.flags = set(flags)
    seen = {board.start}
    todo = deque([board.start])
    while todo:
        here = todo.popleft()
        for ln in board.links[here]:
            if ln.to not in seen and st.can_enter(board, here, ln):
                seen.add(ln.to)
                todo.append(ln.to)
    return seen


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_finish_is_reachable_with_everything_closed_but_yellow(board):
    assert board.finish in reachable(board, set())


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_closed_areas_are_not_reachable_until_opened(board):
    shut = reachable(board, set())
    every = reachable(board, set(K.EFFECTS))
    for i, area in enumerate(board.areas):
        if area in ("b", "g", "p", "k"):
            assert i not in shut
    assert len(every) > len(shut)


def test_four_boards_numbered_one_to_four():
    assert [b.numeral for b in BOARDS] == [1, 2, 3, 4] and IDS == ["I", "II", "III", "IV"]
    assert len({b.title for b in BOARDS}) == 4


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_every_feature_is_on_every_board(board):
    areas = board.areas
    yellow = [i for i, a in enumerate(areas) if a == "y"]
    assert len(yellow) == 6 and board.areas[board.start] == "y"
    rows = sorted({board.xy[i][1] for i in yellow})
    assert len(rows) == 2 and all(sum(1 for i in yellow if board.xy[i][1] == r) == 3 for r in rows)
    # dotted flip links join the upper and lower halves, one per column
    assert sorted(board.flips) == sorted(yellow)
    for a, b in board.flips.items():
        assert board.xy[a][0] == board.xy[b][0] and board.xy[a][1] != board.xy[b][1]
    # blue areas at the top and the bottom, grey in the centre, purple around F
    blue_rows = {board.xy[i][1] for i, a in enumerate(areas) if a == "b"}
    assert blue_rows == {0, 6}
    grey_cols = {board.xy[i][0] for i, a in enumerate(areas) if a == "g"}
    assert min(grey_cols) >= 3 and max(grey_cols) <= 7
    fx, fy = board.xy[board.finish]
    purple = [i for i, a in enumerate(areas) if a == "p"]
    assert purple and any(abs(board.xy[i][0] - fx) + abs(board.xy[i][1] - fy) == 1 for i in purple)
    assert "k" in areas
    for kind in ("b", "g", "k"):
        assert len(board.of_kind(kind)) >= 2
    reds = [board.values[i] for i in board.red_chain]
    assert reds[0] == 2 and reds[-1] == 12 and len(reds) == len(set(reds)) >= 3
    colours = {ln.colour for ls in board.links for ln in ls}
    assert {"b", "o", "g", "r"} <= colours
    assert any(ln.dashed for ls in board.links for ln in ls)
    assert any(ln.vertical for ls in board.links for ln in ls)
    assert 0 < board.min_bid < board.max_bid
    assert board.kinds.count("S") == 1 and board.kinds.count("F") == 1


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_lines_go_both_ways_and_horizontal_ones_advance_to_the_right(board):
    for a, links in enumerate(board.links):
        for ln in links:
            back = board.link(ln.to, a)
            assert back is not None and back.forward != ln.forward and back.vertical == -ln.vertical
            if ln.vertical == 0:
                assert ln.forward == (board.xy[ln.to][0] > board.xy[a][0])


def test_bad_board_data_is_refused():
    spec = K.BOARD_SPECS[0]
    with pytest.raises(ValueError, match="bad space"):
        parse_board(spec._replace(spaces=spec.spaces + " zz=1"))
    with pytest.raises(ValueError, match="not neighbours"):
        parse_board(spec._replace(lines=spec.lines + " a2>c2"))
    with pytest.raises(ValueError, match="to the right"):
        parse_board(spec._replace(lines=spec.lines + " b2>a2"))


def test_architects_are_real_with_distinct_birth_years():
    years = [a.born for a in K.ARCHITECTS]
    assert len(K.ARCHITECTS) >= 4 and len(set(years)) == len(years)
    assert all(1850 < y < 1950 for y in years)
    assert K.BANK_FUNDS > sum(sorted((b.max_bid for b in BOARDS), reverse=True)[:4])


def test_rules_md_draws_every_board():
    from pathlib import Path

    from rulesets.architects.text_board import draw_board

    text = (Path(__file__).resolve().parents[3] / "rulesets" / "architects" / "RULES.md").read_text(encoding="utf-8")
    for board in BOARDS:
        assert "\n".join(draw_board(board, set())) in text
