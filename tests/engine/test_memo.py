"""engine.memo.Memo: answers kept by key, the table cleared whole when full."""
import pytest

from engine.memo import Memo


def test_keep_returns_the_answer_and_keeps_it():
    memo: Memo[int] = Memo(3)
    assert memo.keep("a", 1) == 1
    assert memo.get("a") == 1
    assert memo.get("b") is None


def test_a_full_table_is_cleared_before_the_next_answer():
    memo: Memo[int] = Memo(2)
    memo.keep("a", 1)
    memo.keep("b", 2)
    assert len(memo) == 2
    memo.keep("c", 3)
    assert dict(memo) == {"c": 3}


def test_a_memo_needs_room():
    with pytest.raises(ValueError, match="at least one"):
        Memo(0)
