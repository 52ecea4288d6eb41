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
