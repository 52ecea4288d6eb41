"""The terminal front end: the Typer CLI (cli.py) and the Textual app.

Importing this package imports nothing heavy: headless commands never load
Textual (the app is imported only by `play`, `resume`, bare `tsquare`).
It does install the screens' measure of text (Rich's `rich.cells`) into the
engine, loaded at the first text that is not printable ASCII, so a name is
checked with the measure it is drawn with (`engine.text.use_measure`).
"""
from __future__ import annotations

from engine.text import Measure, use_measure


def _rich_measure() -> Measure:
    """Rich's cell measure, looked up at each call (the module, not a copy)."""
    import rich.cells as cells

    def graphemes(text: str) -> list[tuple[str, int]]:
        spans, _ = cells.split_graphemes(text)
        return [(text[start:end], size) for start, end, size in spans]

    return Measure(lambda ch: cells.get_character_cell_size(ch), lambda text: cells.cell_len(text), graphemes)


use_measure(_rich_measure)
