"""The floor's picture: a screen-sized grid of dots with a cursor, what
the floor apps repaint (benchmarks/run.py's key latency, room_cpu.py's
frame). Imports Rich only."""
from __future__ import annotations

from rich.text import Text


def floor_picture(width: int, height: int, cx: int, cy: int) -> Text:
    """`width`×`height` cells of dots (every ninth a '#', every other row
    dim) with the cursor at (`cx`, `cy`), both taken modulo the size."""
    w, h = max(1, width), max(1, height)
    text = Text()
    for y in range(h):
        row = "".join("#" if (x + y) % 9 == 0 else "·" for x in range(w))
        if y == cy % h:
            x = cx % w
            text.append(row[:x])
            text.append(row[x], "bold black on green")
            text.append(row[x + 1:] + "\n")
        else:
            text.append(row + "\n", "bright_black" if y % 2 else "")
    return text
