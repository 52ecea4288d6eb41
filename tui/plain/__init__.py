"""Plain-text play: a game as a conversation on standard input and output,
line by line, for screen readers, braille displays, scripts and pipes.

No Textual, no Rich, no escape sequences: `lines.py` writes sentences
wrapped at words to 80 columns, `conversation.py` runs the game (the words
come from the rulesets: events, `prompt`, `describe_move`,
`describe_position`), `rules_text.py` turns RULES.md into plain lines.
"""
from __future__ import annotations

from pathlib import Path
from typing import TextIO


def run_plain(path: Path, stdin: TextIO | None = None, stdout: TextIO | None = None,
              echo: bool | None = None) -> int:
    """Play the save at `path` line by line until it ends, the player
    quits or input ends (the game is saved after every move); the exit
    code (0, or 1 when the save cannot be read or written)."""
    import sys

    from tui.plain.conversation import Conversation
    from tui.plain.lines import Lines

    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    if echo is None:
        echo = not _is_tty(inp)
    try:
        return Conversation.open(path, Lines(inp, out, echo=echo)).run()
    except BrokenPipeError:  # the reader went away: the game is saved already
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())  # no second error at exit
        except (OSError, ValueError, AttributeError):
            pass
        return 1


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
