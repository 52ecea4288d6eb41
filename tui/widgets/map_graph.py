"""A map drawn as a graph: nodes placed on a grid, joined by box-drawing lines
routed between them, with a cursor moved by keys.

Nodes sit on a lattice (`col`, `row`); the widget spreads the lattice over
the room it is given and picks the largest node drawing that fits:

- "box": a framed node, the name on its frame and its contents inside;
- "line": one row, `♥London ♦5 12` (mark, name, brief contents, pawns);
- "short": one row with the short name, `♥lon ♦5 12`.

The drawing (node places and routed lines) depends only on the nodes'
names, places and marks, the edges, the size and the rooms fixed by
`set_graph` (`tail`: cells after a one-row node's name for its brief, flags
and pawns; `contents`: cells of a boxed node's contents and pawns): never on
what the nodes hold now. It is computed once per size and cached, so roads
keep their shape while pawns move and marks come and go. What does not fit a
node's room is dropped whole: its flags first, then its brief; pawns always
show.

Edges are routed on the character grid around the nodes (a shortest path
that avoids other nodes, prefers straight runs and never runs along another
line; a crossing is drawn as a gap in the later line). Each edge has a line
style that reads without colour: solid `──`, dotted `┄┄`, heavy `━━` or
double `══`.

Attributes down, messages up: give `nodes` and `edges` once (`set_graph`),
then `update_nodes` with new contents; ←↑→↓ (and h j k l) move the cursor to
the nearest node that way and post `MapGraph.NodeHighlighted`; Enter posts
`MapGraph.NodeChosen`.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from typing import AbstractSet, Callable, Iterable, Sequence

from rich.cells import cell_len
from rich.style import Style
from textual.binding import Binding
from textual.message import Message

from tui.widgets.direct_keys import DirectKeys
from tui.widgets.legend import LegendEntry
from tui.widgets.palette import PALETTE_CLASSES, PLAYER_MARKS, kind_class, player_class
from tui.widgets.text_canvas import TextCanvas
from tui.widgets.text_fit import fit

UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8
"""Direction bits of a line cell."""
STEPS = ((UP, 0, -1), (DOWN, 0, 1), (LEFT, -1, 0), (RIGHT, 1, 0))
OPPOSITE = {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}


def _glyphs(h: str, v: str, corners: str, tees: str, cross: str) -> dict[int, str]:
    """Glyph per direction set: straight h/v, corners ┌┐└┘ order, tees ├┤┬┴."""
    tl, tr, bl, br = tuple(corners)
    te, tw, ts, tn = tuple(tees)
    return {
        UP: v, DOWN: v, UP | DOWN: v, LEFT: h, RIGHT: h, LEFT | RIGHT: h,
        DOWN | RIGHT: tl, DOWN | LEFT: tr, UP | RIGHT: bl, UP | LEFT: br,
        UP | DOWN | RIGHT: te, UP | DOWN | LEFT: tw, LEFT | RIGHT | DOWN: ts, LEFT | RIGHT | UP: tn,
        UP | DOWN | LEFT | RIGHT: cross,
    }


LINE_STYLES: dict[str, dict[int, str]] = {
    "solid": _glyphs("─", "│", "╭╮╰╯", "├┤┬┴", "┼"),
    "dotted": _glyphs("┄", "┆", "╭╮╰╯", "├┤┬┴", "┼"),
    "heavy": _glyphs("━", "┃", "┏┓┗┛", "┣┫┳┻", "╋"),
    "double": _glyphs("═", "║", "╔╗╚╝", "╠╣╦╩", "╬"),
}
"""Box-drawing glyphs of each line style (they differ without colour)."""
ATTACH = {LEFT: "┤", RIGHT: "├", UP: "┴", DOWN: "┬"}
"""The frame glyph of a boxed node where a line leaves it, by the line's side."""

TURN_COST = 2
"""Extra cost of a bend: lines prefer long straight runs."""
NEAR_NODE_COST = 6
"""Extra cost of a cell touching a node the line does not join."""
CROSS_COST = 12
"""Extra cost of crossing another line."""
TAIL_COST = 40
"""Extra cost of crossing a node's tail room (straight up or down only): a
line goes there only when there is no other way, and what the node holds
then covers that cell."""
CACHE_SIZE = 8
"""Drawings kept (by size) before the oldest is dropped."""
ROW_GAP = 2
"""Least blank cells between two one-row nodes side by side."""


@dataclass(frozen=True)
class Node:
    """One place on the map."""

    key: str
    """The caller's id, posted back in messages."""
    name: str
    """Full name: 'London'."""
    col: int
    """Lattice column (0 = left)."""
    row: int
    """Lattice row (0 = top)."""
    short: str = ""
    """Short name for tight rooms: 'lon' (default: the name)."""
    mark: str = ""
    """One symbol before the name that reads without colour (a region's suit)."""
    kind: str = ""
    """Palette kind colour of the mark and name."""
    contents: str = ""
    """What is there, in words, for a boxed node: '♦ painting 5'."""
    brief: str = ""
    """The contents in a few cells for one-row nodes: '♦5'."""
    flags: str = ""
    """Marks after the brief ('→1', '*'): the first thing dropped when a
    one-row node's room is short."""
    contents_kind: str = ""
    """Palette kind colour of the contents."""
    pawns: tuple[int, ...] = ()
    """Seats (0-based) standing here, drawn as their marks."""


@dataclass(frozen=True)
class Edge:
    """A connection between two nodes."""

    a: str
    b: str
    line: str = "solid"
    """A key of LINE_STYLES: how the connection is drawn."""
    around: bool = False
    """Drawn round the back of the map (a route round the world): a line from
    the eastern node off the right edge and one from the western node off the
    left edge, instead of a line across the map."""


@dataclass(frozen=True)
class Placed:
    """A node's rectangle on the canvas."""

    x: int
    y: int
    w: int
    h: int
    keep: int = 0
    """Cells of the top frame kept for the title (from x + 2): no line joins there."""
    text: int = 0
    """One-row nodes: the cells from x always covered by text (mark, name
    and the brief's room); lines join above or below only there (0: the
    whole width). The rest of the width is the node's room for flags and
    pawns, which a line crosses only where it has no other way."""

    def cells(self) -> Iterable[tuple[int, int]]:
        """Every cell the node covers."""
        for yy in range(self.y, self.y + self.h):
            for xx in range(self.x, self.x + self.w):
                yield xx, yy

    def tail_cells(self) -> Iterable[tuple[int, int]]:
        """The cells of a one-row node's tail room (none for a boxed node)."""
        if self.text:
            for xx in range(self.x + self.text, self.x + self.w):
                yield xx, self.y

    def ports(self, boxed: bool) -> list[tuple[int, int, int]]:
        """Cells just outside the node where a line may join it, with the side (direction out)."""
        mid = self.y + self.h // 2
        out = [(self.x - 1, mid, LEFT), (self.x + self.w, mid, RIGHT)]
        inner = range(self.x + 1, self.x + self.w - 1) if boxed else range(self.x, self.x + (self.text or self.w))
        title = range(self.x + 2, self.x + 2 + self.keep)
        out += [(xx, self.y - 1, UP) for xx in inner if xx not in title]
        out += [(xx, self.y + self.h, DOWN) for xx in inner]
        return out


@dataclass
class Drawing:
    """A laid-out map: node rectangles and the line cells between them."""

    mode: str
    """'box', 'line' or 'short'."""
    placed: dict[str, Placed]
    lines: dict[tuple[int, int], tuple[str, int]]
    """Cell -> (line style, direction bits)."""
    attach: dict[tuple[int, int], str]
    """Frame cells of boxed nodes where a line joins: cell -> glyph."""
    unrouted: tuple[Edge, ...] = ()
    """Edges no path was found for (the room is too small): not drawn."""


class _NodeMessage(Message):
    """A message about one node of a map."""

    def __init__(self, graph: "MapGraph", key: str) -> None:
        super().__init__()
        self.graph = graph
        """The map that posted it."""
        self.key = key
        """The node's key."""

    @property
    def control(self) -> "MapGraph":
        """The map."""
        return self.graph


class MapGraph(DirectKeys, TextCanvas, can_focus=True):
    """Nodes and routed edges; a cursor over the nodes."""

    COMPONENT_CLASSES = set(PALETTE_CLASSES) | {
        "map-graph--solid", "map-graph--dotted", "map-graph--heavy", "map-graph--double",
        "map-graph--node", "map-graph--cursor", "map-graph--marked", "map-graph--pawn",
    }
    DEFAULT_CSS = """
    MapGraph { width: 1fr; height: 1fr; min-height: 6; }
    """
    BINDINGS = [
        Binding("up,k", "step(0,-1)", "Up", show=False),
        Binding("down,j", "step(0,1)", "Down", show=False),
        Binding("left,h", "step(-1,0)", "Left", show=False),
        Binding("right,l", "step(1,0)", "Right", show=False),
        Binding("enter", "choose", "Choose"),
    ]

    class NodeHighlighted(_NodeMessage):
        """The cursor moved to another node (`key`)."""

    class NodeChosen(_NodeMessage):
        """Enter on a node (`key`)."""

    def __init__(self, nodes: Sequence[Node] = (), edges: Sequence[Edge] = (), tail: int | None = None,
                 contents: int | None = None, brief: int = 0, **kw: object) -> None:
        super().__init__(**kw)
        self.nodes: dict[str, Node] = {}
        """The nodes by key."""
        self.edges: tuple[Edge, ...] = ()
        self.cursor: str | None = None
        """The node under the cursor."""
        self.marked: frozenset[str] = frozenset()
        """Nodes drawn underlined (e.g. where a move can go)."""
        self._cache: dict[tuple[int, int], Drawing] = {}
        self.tail_room = 0
        """Cells kept after a one-row node's name for its brief, flags and pawns."""
        self.contents_room = 0
        """Cells kept for a boxed node's contents and pawns."""
        self.brief_room = 0
        """Of the tail room, the cells a brief always fills (lines may join above or below them)."""
        self.set_graph(nodes, edges, tail, contents, brief)

    # -------------------------------------------------------------- attributes
    def set_graph(self, nodes: Sequence[Node], edges: Sequence[Edge], tail: int | None = None,
                  contents: int | None = None, brief: int = 0) -> None:
        """A new map (nodes and edges); the cursor goes to the first node.
        `tail` and `contents` fix the room kept in each node for what it may
        hold during the game (default: what these nodes hold now), so the
        drawing never changes with it; `brief` is the part of the tail every
        node's brief fills (a line may join above or below it)."""
        self.nodes = {n.key: n for n in nodes}
        for e in edges:
            if e.a not in self.nodes or e.b not in self.nodes:
                raise ValueError(f"edge {e.a}-{e.b} joins a node the map does not have")
            if e.line not in LINE_STYLES:
                raise ValueError(f"unknown line style {e.line!r}; use one of {', '.join(LINE_STYLES)}")
        self.edges = tuple(edges)
        self._cache.clear()
        self.brief_room = brief
        self.tail_room = tail if tail is not None else max(
            (cell_len(self._tail_text(n)) for n in self.nodes.values()), default=0)
        self.contents_room = contents if contents is not None else max(
            (cell_len(n.contents) + (len(n.pawns) + 1 if n.pawns else 0) for n in self.nodes.values()), default=0)
        if self.cursor not in self.nodes:
            self.cursor = next(iter(self.nodes), None)
        self.redraw()

    def update_nodes(self, nodes: Iterable[Node]) -> None:
        """New contents, pawns or marks for some nodes (same keys and places)."""
        for n in nodes:
            if n.key not in self.nodes:
                raise ValueError(f"no node {n.key!r} on this map")
            self.nodes[n.key] = replace(n, col=self.nodes[n.key].col, row=self.nodes[n.key].row)
        self.redraw()

    def set_cursor(self, key: str | None, marked: Iterable[str] = ()) -> None:
        """Put the cursor on `key` and underline `marked`."""
        if key is not None and key not in self.nodes:
            raise ValueError(f"no node {key!r} on this map")
        self.cursor = key
        self.marked = frozenset(marked)
        self.redraw()

    # -------------------------------------------------------------- keys
    def action_step(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest node in direction (dx, dy)."""
        key = self.nearest(dx, dy)
        if key is not None and key != self.cursor:
            self.cursor = key
            self.redraw()
            self.post_message(MapGraph.NodeHighlighted(self, key))

    def nearest(self, dx: int, dy: int) -> str | None:
        """The closest node from the cursor that lies that way (None if none)."""
        if self.cursor is None:
            return None
        here = self.nodes[self.cursor]
        best, best_d = None, None
        for n in self.nodes.values():
            ax, ay = n.col - here.col, n.row - here.row
            along = ax * dx + ay * dy
            if along <= 0:
                continue
            d = along + 2 * abs(ax * dy + ay * dx)
            if best_d is None or d < best_d:
                best, best_d = n.key, d
        return best

    def action_choose(self) -> None:
        """Choose the node under the cursor."""
        if self.cursor is not None:
            self.post_message(MapGraph.NodeChosen(self, self.cursor))

    # -------------------------------------------------------------- labels
    def _tail_text(self, n: Node, room: int | None = None) -> str:
        """Brief, flags and pawns; with `room`, what fits in that many cells
        (pawns always, then the brief, then the flags)."""
        pawns = "".join(PLAYER_MARKS[s] for s in n.pawns)
        full = " ".join(p for p in (n.brief + n.flags, pawns) if p)
        if room is None or cell_len(full) <= room:
            return full
        left = max(0, room - (cell_len(pawns) + 1 if pawns else 0))
        brief = n.brief if cell_len(n.brief) <= left else ""  # never half a brief: '▣' without its value misleads
        if cell_len(brief + n.flags) <= left:
            brief += n.flags
        return " ".join(p for p in (brief, pawns) if p)

    def _name_text(self, n: Node, mode: str) -> str:
        """Mark and name of a one-row node (the short name in 'short' mode)."""
        return n.mark + ((n.short or n.name) if mode == "short" else n.name)

    def _label_width(self, n: Node, mode: str) -> int:
        return cell_len(self._name_text(n, mode)) + (1 + self.tail_room if self.tail_room else 0)

    @staticmethod
    def _box_title(n: Node) -> str:
        """The name on a boxed node's frame."""
        return f" {n.mark} {n.name} " if n.mark else f" {n.name} "

    def _box_width(self) -> int:
        widest = 0
        for n in self.nodes.values():
            top = 2 + cell_len(self._box_title(n)) + 2  # ╭─ title ─╮: a cell each side for lines to join
            widest = max(widest, top)
        return max(widest, 2 + self.contents_room + 2, 8)

    # -------------------------------------------------------------- layout
    def drawing(self, width: int, height: int) -> Drawing:
        """The drawing for a canvas of `width` × `height`: fixed for this
        graph and size (what the nodes hold does not move a line), cached."""
        found = self._cache.get((width, height))
        if found is not None:
            return found
        cols = 1 + max((n.col for n in self.nodes.values()), default=0)
        rows = 1 + max((n.row for n in self.nodes.values()), default=0)

        def centre(n: Node) -> tuple[int, int]:
            return (2 * n.col + 1) * width // (2 * cols), (2 * n.row + 1) * height // (2 * rows)

        room = self._row_room(width, centre)
        mode = "short"
        if width // cols >= self._box_width() + 2 and height // rows >= 5:
            mode = "box"
        elif height // rows >= 3 and all(self._label_width(n, "line") <= room[n.key] for n in self.nodes.values()):
            mode = "line"
        rects: dict[str, Placed] = {}
        for n in self.nodes.values():
            cx, cy = centre(n)
            if mode == "box":
                w, h, text = self._box_width(), 3, 0
            else:
                text = cell_len(self._name_text(n, mode)) + (1 + self.brief_room if self.brief_room else 0)
                w, h = max(text, min(self._label_width(n, mode), room[n.key])), 1
            x = max(0, min(width - w, cx - w // 2))
            y = max(0, min(height - h, cy - h // 2))
            keep = cell_len(self._box_title(n)) if mode == "box" else 0
            rects[n.key] = Placed(x, y, w, h, keep, text)
        if len(self._cache) >= CACHE_SIZE:
            del self._cache[next(iter(self._cache))]  # the oldest drawing
        found = self._cache[(width, height)] = _route_all(width, height, mode, rects, self.edges)
        return found

    def _row_room(self, width: int, centre: Callable[[Node], tuple[int, int]]) -> dict[str, int]:
        """Per node: the widest one-row label that keeps ROW_GAP blank cells
        to the nodes beside it in its row (each takes half the space between
        their centres) and stays on the canvas."""
        out = {}
        for n in self.nodes.values():
            cx = centre(n)[0]
            room = width
            for m in self.nodes.values():
                if m is not n and m.row == n.row:
                    room = min(room, abs(centre(m)[0] - cx) - ROW_GAP)
            out[n.key] = max(1, room)
        return out

    # -------------------------------------------------------------- drawing
    def draw_runs(self) -> list[list[tuple[str, Style | None]]] | None:
        width, height = self.size.width, self.size.height
        if width <= 0 or height <= 0 or not self.nodes:
            return []
        d = self.drawing(width, height)
        canvas = _Canvas(width, height)
        line_style = {name: self._style(f"map-graph--{name}") for name in LINE_STYLES}
        for (x, y), (kind, bits) in d.lines.items():
            canvas.put(x, y, LINE_STYLES[kind].get(bits, "·"), line_style[kind])
        for key, rect in d.placed.items():
            self._draw_node(canvas, self.nodes[key], rect, d)
        return canvas.runs()

    def _style(self, name: str) -> Style:
        """A component class's own style (the canvas adds the widget's)."""
        return self.get_component_rich_style(name, partial=True)

    def _kind(self, kind: str) -> Style:
        """The style of a palette kind ('' for none)."""
        return self._style(kind_class(kind)) if kind else Style()

    def _draw_node(self, canvas: "_Canvas", n: Node, r: Placed, d: Drawing) -> None:
        base = self._style("map-graph--node")
        name_st = base + self._kind(n.kind)
        if n.key == self.cursor:
            name_st += self._style("map-graph--cursor")
        elif n.key in self.marked:
            name_st += self._style("map-graph--marked")
        contents_st = base + self._kind(n.contents_kind)
        put = canvas.put
        if d.mode == "box":
            frame = base + self._kind(n.kind)
            put(r.x, r.y, "╭" + "─" * (r.w - 2) + "╮", frame)
            put(r.x + 2, r.y, fit(self._box_title(n), r.w - 3), name_st)
            put(r.x, r.y + 1, "│" + " " * (r.w - 2) + "│", frame)
            put(r.x + 2, r.y + 1, fit(n.contents, r.w - 4 - (len(n.pawns) + 1 if n.pawns else 0)), contents_st)
            self._draw_pawns(canvas, n, r.x + r.w - 2 - len(n.pawns), r.y + 1)
            put(r.x, r.y + 2, "╰" + "─" * (r.w - 2) + "╯", frame)
            for (ax, ay), glyph in d.attach.items():
                if r.x <= ax < r.x + r.w and r.y <= ay < r.y + r.h:
                    put(ax, ay, glyph, frame)
            return
        name = self._name_text(n, d.mode)
        x = put(r.x, r.y, name, name_st)
        tail = self._tail_text(n, r.w - cell_len(name) - 1)
        pawns = "".join(PLAYER_MARKS[s] for s in n.pawns)
        brief = tail[: len(tail) - len(pawns)].rstrip() if pawns else tail
        if brief:
            x = put(x, r.y, " ", base)
            x = put(x, r.y, brief, contents_st)
        if n.pawns:
            x = put(x, r.y, " ", base)
            x = self._draw_pawns(canvas, n, x, r.y)
        joined = d.lines.get((r.x + r.w, r.y))
        if joined is not None and joined[1] & LEFT:  # a line joins on the right: it reaches the text
            glyph = LINE_STYLES[joined[0]][LEFT | RIGHT]
            for xx in range(x, r.x + r.w):
                if (xx, r.y) not in d.lines:  # a line crossing the tail room keeps its cell
                    put(xx, r.y, glyph, self._style(f"map-graph--{joined[0]}"))

    def _draw_pawns(self, canvas: "_Canvas", n: Node, x: int, y: int) -> int:
        pawn = self._style("map-graph--pawn")
        for s in n.pawns:
            x = canvas.put(x, y, PLAYER_MARKS[s], self._style(player_class(s)) + pawn)
        return x

    # -------------------------------------------------------------- legend
    def legend_entries(
        self, words: dict[str, str], marked: str = "", pawns: Sequence[str] = ()
    ) -> list[LegendEntry]:
        """Legend entries for what this map draws: its line styles (`words` names
        each: {'solid': 'road', 'dotted': 'sea route'}), the underline of marked
        nodes (`marked`: what it means, e.g. 'you can go there') and each seat's
        pawn (`pawns`: the players' names, by seat)."""
        used = [s for s in LINE_STYLES if any(e.line == s for e in self.edges)]
        out = [LegendEntry(LINE_STYLES[s][LEFT] * 2, words.get(s, s)) for s in used]
        if marked:
            out.append(LegendEntry("abc", marked, style="underline"))
        out += [LegendEntry(PLAYER_MARKS[s], f"{name}'s pawn", player_class(s), "bold reverse")
                for s, name in enumerate(pawns)]
        return out


class _Canvas:
    """Characters and styles cell by cell, turned into styled runs at the end."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style | None) -> int:
        """Write `text` from (x, y) (cells outside are dropped); the column after it."""
        for ch in text:
            if 0 <= x < self.width and 0 <= y < self.height:
                self.chars[y][x] = ch
                self.styles[y][x] = style
            x += 1
        return x

    def runs(self) -> list[list[tuple[str, Style | None]]]:
        """Rows of (text, style) runs."""
        out = []
        for line, st in zip(self.chars, self.styles):
            runs: list[tuple[str, Style | None]] = []
            start = 0
            for c in range(1, len(line) + 1):
                if c == len(line) or st[c] != st[start]:
                    runs.append(("".join(line[start:c]), st[start]))
                    start = c
            out.append(runs)
        return out


# ------------------------------------------------------------------ routing
def _route_all(width: int, height: int, mode: str, rects: dict[str, Placed], edges: Sequence[Edge]) -> Drawing:
    """Route every edge, shortest first, each around the nodes and earlier lines."""
    boxed = mode == "box"
    owner: dict[tuple[int, int], str] = {}
    tails: set[tuple[int, int]] = set()
    for key, r in rects.items():
        tail = set(r.tail_cells())
        tails |= tail
        for cell in r.cells():
            if cell not in tail:
                owner[cell] = key
    near: dict[tuple[int, int], set[str]] = {}
    for key, r in rects.items():
        for yy in range(r.y - 1, r.y + r.h + 1):
            for xx in range(r.x - 1, r.x + r.w + 1):
                near.setdefault((xx, yy), set()).add(key)
    lines: dict[tuple[int, int], tuple[str, int]] = {}
    attach: dict[tuple[int, int], str] = {}
    used_ports: set[tuple[int, int]] = set()

    def centre(k: str) -> tuple[int, int]:
        r = rects[k]
        return r.x + r.w // 2, r.y + r.h // 2

    def order(e: Edge) -> tuple[int, int]:
        """Straight neighbours first (they take the facing sides), then by length."""
        (ax, ay), (bx, by) = centre(e.a), centre(e.b)
        return (0 if rects[e.a].y == rects[e.b].y or ax == bx else 1), abs(ax - bx) + abs(ay - by)

    def border(key: str, right: bool) -> Placed | None:
        """A free cell on the right (or left) edge, as near the node's row as
        can be; failing that, on the top or bottom edge, as near that side."""
        x = width - 1 if right else 0
        mid = centre(key)[1]
        side = [(x, y) for y in sorted(range(height), key=lambda yy: abs(yy - mid))]
        xs = range(width - 1, -1, -1) if right else range(width)
        ends = [(xx, y) for xx in xs for y in (0, height - 1)]
        own = {(px, py) for px, py, _ in rects[key].ports(boxed)}
        for cell in side + ends:
            if cell not in owner and cell not in tails and cell not in lines and cell not in used_ports and cell not in own:
                return Placed(cell[0], cell[1], 1, 1)
        return None

    unrouted: list[Edge] = []
    for e in sorted(edges, key=lambda e: (-1, 0) if e.around else order(e)):  # the edges' cells go first
        if e.around:  # two lines off the map's edges, one from each end
            east, west = (e.a, e.b) if centre(e.a)[0] >= centre(e.b)[0] else (e.b, e.a)
            ends: list[tuple[Placed, tuple[list[tuple[int, int]], int, int]]] = []
            for key, right in ((east, True), (west, False)):
                target = border(key, right)
                path = None if target is None else _route(
                    width, height, rects[key], target, key, "", boxed, owner, near, lines, used_ports, tails)
                if target is not None and path is not None:
                    ends.append((target, path))
            if len(ends) < 2:
                unrouted.append(e)
                continue
            for (target, path), right in zip(ends, (True, False)):
                _lay(e, path, lines, attach, used_ports, boxed, far_end=False)
                x, y = target.x, target.y
                out = (RIGHT if right else LEFT) if x in (0, width - 1) else (UP if y == 0 else DOWN)
                lines[(x, y)] = (e.line, path[2] | out)
                used_ports.add((target.x, target.y))
            continue
        path = _route(width, height, rects[e.a], rects[e.b], e.a, e.b, boxed, owner, near, lines, used_ports, tails)
        if path is None:
            unrouted.append(e)
            continue
        _lay(e, path, lines, attach, used_ports, boxed)
    return Drawing(mode, dict(rects), lines, attach, tuple(unrouted))


def _lay(
    e: Edge,
    path: tuple[list[tuple[int, int]], int, int],
    lines: dict[tuple[int, int], tuple[str, int]],
    attach: dict[tuple[int, int], str],
    used_ports: set[tuple[int, int]],
    boxed: bool,
    far_end: bool = True,
) -> None:
    """Put a routed path's cells into `lines` (and its frame joins into
    `attach`; the far end's only if `far_end`, i.e. it ends at a node)."""
    cells, first_side, last_side = path
    used_ports.add(cells[0])
    used_ports.add(cells[-1])
    bits_at: dict[tuple[int, int], int] = {}
    for i, cell in enumerate(cells):
        bits = 0
        if i == 0:
            bits |= OPPOSITE[first_side]
        if i == len(cells) - 1:
            bits |= OPPOSITE[last_side]
        for j in (i - 1, i + 1):
            if 0 <= j < len(cells):
                (x0, y0), (x1, y1) = cell, cells[j]
                bits |= {(0, -1): UP, (0, 1): DOWN, (-1, 0): LEFT, (1, 0): RIGHT}[(x1 - x0, y1 - y0)]
        bits_at[cell] = bits
    for cell, bits in bits_at.items():
        if cell in lines:  # a crossing: the earlier line stays whole, this one has a gap
            continue
        lines[cell] = (e.line, bits)
    if boxed:
        for cell, side in ((cells[0], first_side), (cells[-1], last_side))[: 2 if far_end else 1]:
            dx, dy = {UP: (0, 1), DOWN: (0, -1), LEFT: (1, 0), RIGHT: (-1, 0)}[side]
            attach[(cell[0] + dx, cell[1] + dy)] = ATTACH[side]


def _route(
    width: int,
    height: int,
    ra: Placed,
    rb: Placed,
    ka: str,
    kb: str,
    boxed: bool,
    owner: dict[tuple[int, int], str],
    near: dict[tuple[int, int], set[str]],
    lines: dict[tuple[int, int], tuple[str, int]],
    used_ports: set[tuple[int, int]],
    tails: AbstractSet[tuple[int, int]] = frozenset(),
) -> tuple[list[tuple[int, int]], int, int] | None:
    """A* from a port of `ra` to a port of `rb`; (cells, side left at a, side of b).
    A node's tail room (`tails`) is crossed only straight up or down, at a cost."""

    def free(x: int, y: int) -> bool:
        return (0 <= x < width and 0 <= y < height and (x, y) not in owner and (x, y) not in used_ports
                and (x, y) not in tails)

    goals = {(x, y): side for x, y, side in rb.ports(boxed) if free(x, y)}
    if not goals:
        return None
    gx, gy = rb.x + rb.w // 2, rb.y + rb.h // 2

    def guess(x: int, y: int) -> int:
        return abs(x - gx) + abs(y - gy)

    def extra(x: int, y: int) -> int:
        others = near.get((x, y), set()) - {ka, kb}
        return NEAR_NODE_COST if others else 0

    heap: list[tuple[int, int, int, int, int]] = []
    best: dict[tuple[int, int, int], int] = {}
    back: dict[tuple[int, int, int], tuple[int, int, int] | None] = {}
    start_side: dict[tuple[int, int, int], int] = {}
    for x, y, side in ra.ports(boxed):
        if free(x, y) and (x, y) not in lines:
            state = (x, y, side)
            cost = extra(x, y)
            best[state] = cost
            back[state] = None
            start_side[state] = side
            heapq.heappush(heap, (cost + guess(x, y), cost, x, y, side))
    while heap:
        _, cost, x, y, heading = heapq.heappop(heap)
        state = (x, y, heading)
        if best.get(state, 1 << 30) < cost:
            continue
        if (x, y) in goals and (x, y) not in lines:
            cells = []
            s: tuple[int, int, int] | None = state
            while s is not None:
                cells.append((s[0], s[1]))
                first = s
                s = back[s]
            cells.reverse()
            return cells, start_side[first], goals[(x, y)]
        for bit, dx, dy in STEPS:
            if bit == OPPOSITE[heading]:
                continue
            nx, ny = x + dx, y + dy
            tail = 0
            if (nx, ny) in tails and 0 <= ny < height:  # straight across a node's tail room, never along it
                if bit not in (UP, DOWN) or bit != heading or (nx, ny) in lines:
                    continue
                tail = TAIL_COST
            elif not free(nx, ny):
                continue
            if (x, y) in tails and bit != heading:
                continue
            step = 1 + (TURN_COST if bit != heading else 0) + extra(nx, ny) + tail
            here = lines.get((nx, ny))
            if here is not None:  # only a straight crossing, never along or into a bend
                _, bits = here
                across = (UP | DOWN) if bit in (LEFT, RIGHT) else (LEFT | RIGHT)
                if bits != across or (nx, ny) in goals:
                    continue
                step += CROSS_COST
            if lines.get((x, y)) is not None and bit != heading:
                continue  # no bend on a crossing cell
            nstate = (nx, ny, bit)
            ncost = cost + step
            if ncost < best.get(nstate, 1 << 30):
                best[nstate] = ncost
                back[nstate] = state
                start_side[nstate] = start_side[state]
                heapq.heappush(heap, (ncost + guess(nx, ny), ncost, nx, ny, bit))
    return None
