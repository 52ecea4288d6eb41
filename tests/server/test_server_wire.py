"""The front door's input cleaning, without the network."""
from __future__ import annotations

from tui.server.wire import PASTE_END, PASTE_START, InputCleaner


def test_invalid_utf8_is_dropped_and_a_split_character_waits_for_its_end():
    c = InputCleaner()
    assert c.feed(b"a\xff\xfeb\xc3") == b"ab"  # é begun
    assert c.feed(b"\xa9!") == "é!".encode()


def test_a_paste_cut_by_the_limits_is_closed_and_its_rest_dropped():
    c = InputCleaner()
    assert c.feed(PASTE_START + b"La1h" * 4, cut=True) == PASTE_START + b"La1h" * 4 + PASTE_END
    assert c.skip(b"La1hLa1h\x1b[20") == b""  # the rest of it, even its end split in two reads
    assert c.skip(b"1~q") == b"q"  # after the client's own end, keys again
    assert c.feed(b"q") == b"q"


def test_a_whole_paste_passes_untouched():
    c = InputCleaner()
    data = PASTE_START + b"cw" + PASTE_END
    assert c.feed(data, cut=False) == data
    assert c.feed(b"x", cut=True) == b"x"  # cut outside a paste: nothing to close
    assert c.skip(b"y") == b"y"


def test_a_plain_line_cut_by_the_limits_is_marked_and_its_rest_dropped_to_its_newline():
    from tui.server.wire import CUT, LineCutter

    c = LineCutter()
    assert c.feed(b"list" * 4, cut=True) == b"list" * 4 + CUT
    assert c.skip(b"listlist") == b""
    assert c.skip(b"list\nhelp\n") == b"\nhelp\n"  # the newline ends the cut line; then commands again
    c = LineCutter()
    assert c.feed(PASTE_START + b"ab\ncd", cut=True).endswith(CUT)
    assert c.skip(b"ef\n\x1b[20") == b""  # inside the paste, a newline does not end it
    assert c.skip(b"1~gh\nquit\n") == b"\nquit\n"  # its end, then the end of its line


def test_typed_lines_are_bounded_and_a_long_one_is_one_answer():
    from tui.plain.typed import LineBuffer, Typed
    from tui.server.wire import CUT

    b = LineBuffer(limit=8)
    b.feed(b"help\n" + b"x" * 30)
    assert b.take() == Typed("help")
    assert b.take() == Typed("", True)  # too long already, before its end came
    b.feed(b"x" * 30 + b"\nlist\n")
    assert b.take() == Typed("list") and b.take() is None
    b.feed(PASTE_START + b"look" + PASTE_END + b"\n")  # a short paste: as typed
    assert b.take() == Typed("look")
    b.feed(PASTE_START + b"a\n" + b"y" * 20 + b"\nz\n" + PASTE_END + b" more\nquit\n")  # a paste of lines, one too long
    assert b.take() == Typed("a") and b.take() == Typed("", True) and b.take() == Typed("quit")
    b.feed(b"ab" + CUT + b"\nnext\n")  # the server cut this line
    assert b.take() == Typed("", True) and b.take() == Typed("next")
    b.feed(b"last")
    assert b.take() is None and b.take(ended=True) == Typed("last")
