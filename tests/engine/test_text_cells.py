"""One measure of text width: the engine's checks (`engine.text`) and the
screens' drawing (Rich's `cell_len`) agree on every character, and the
fitting helpers cut by cells, whole graphemes, in linear time."""
from __future__ import annotations

import sys

import pytest
import rich.cells
from rich.cells import cell_len

from engine.text import cells, check_name, cut, shown
from tui.plain.lines import wrap
from tui.widgets.text_fit import fit, wrap_words


def test_every_printable_character_measures_as_the_screens_draw_it():
    differ = [hex(c) for c in range(sys.maxunicode + 1) if chr(c).isprintable() and cells(chr(c)) != cell_len(chr(c))]
    assert differ == []  # 847 did (combining spacing marks, some wide ranges) with a measure of its own


@pytest.mark.parametrize("text", ["Ana", "漢字", "e\u0301e\u0301", "\u0915\u093f", "❤\ufe0f", "👍🏽 ok", "ﾊﾝｶｸ"])
def test_a_text_measures_as_drawn(text):
    assert cells(text) == cell_len(text)


def test_a_name_checked_against_its_drawn_width():
    # U+0903 is a spacing mark Rich draws in no cell: 30 of them after a letter fit a name
    name = "a" + "\u0903" * 30
    assert cell_len(name) == 1 and check_name(name) == name


def test_cut_keeps_graphemes_whole():
    assert cut("❤\ufe0f❤\ufe0f", 3) == ("❤\ufe0f", 2)  # never the heart without its selector
    assert cut("漢字", 3) == ("漢", 2)
    assert cut("漢字", 1) == ("漢", 2)  # at least one piece, so a loop over cuts moves on
    assert cut("abc", 2) == ("ab", 2)


def test_shown_cuts_by_cells():
    assert shown("漢字漢字", 5) == "漢字…" and cell_len(shown("漢字漢字", 5)) == 5
    assert shown("a\x1bb", 10) == "a\\x1bb"


def test_wrap_words_cuts_a_long_word_by_cells():
    assert wrap_words("漢字漢字", 4) == ["漢字", "漢字"]
    assert all(cell_len(line) <= 4 for line in wrap_words("漢字漢字漢 ab 漢字", 4))
    assert wrap_words("abcdefgh", 3) == ["abc", "def", "gh"]
    assert wrap_words("漢字", 1) == ["漢", "字"]  # a wide character alone when nothing narrower fits


def test_the_plain_wrap_agrees():
    assert wrap("漢字漢字", 4) == ["漢字", "漢字"]


@pytest.mark.parametrize("text,width,out", [("漢字漢字", 5, "漢字…"), ("漢字漢字", 8, "漢字漢字"), ("漢字", 1, "…"),
                                            ("abcdef", 4, "abc…"), ("abc", 0, "")])
def test_fit(text, width, out):
    assert fit(text, width) == out and cell_len(fit(text, width)) <= max(0, width)


def test_fit_measures_each_character_a_bounded_number_of_times(monkeypatch):
    """`fit` used to measure every prefix of the text (quadratic); now the
    characters Rich measures are a small multiple of the text's length."""
    measured = [0]

    def counting(real):
        def wrapper(text, *args, **kwargs):
            measured[0] += len(text)
            return real(text, *args, **kwargs)
        return wrapper

    monkeypatch.setattr(rich.cells, "_cell_len", counting(rich.cells._cell_len))
    monkeypatch.setattr(rich.cells, "split_graphemes", counting(rich.cells.split_graphemes))
    rich.cells.cached_cell_len.cache_clear()
    text = "漢字" * 200
    assert cell_len(fit(text, 401)) == 401
    assert 0 < measured[0] <= 4 * len(text)
