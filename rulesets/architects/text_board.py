"""Architects as plain text: the maze of a commission board, funds, flags
and hands, for `tsquare show`, the generic TUI view and RULES.md."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from engine.events import for_reader
from engine.hidden import is_hidden
from engine.words import plural
from rulesets.architects import content as K
from rulesets.architects.board import AREA_EFFECT, BOARDS, COLUMNS, ROWS, Board

if TYPE_CHECKING:
    from rulesets.architects.state import ArchitectsState

KEY = (
    "Key: value, S start, F finish, b blue / g glass / r red-circled / ± black space;\n"
    "after it y yellow, B blue, G grey, P purple area, K pink (lower case: open), @ client;\n"
    "lines ─ plain, ┄ dashed, b o g r coloured; ↑↓ forward on vertical lines (⇡⇣ dashed),\n"
    "┊ yellow flip link. Moving right advances."
)


def _token(board: Board, i: int) -> str:
    kind, v = board.kinds[i], board.values[i]
    if kind in ("S", "F"):
        return f"{kind}{v}"
    if kind == "k":
        return f"±{v}"
    return f"{kind}{v}"


def area_letter(area: str, flags: Iterable[str] | None) -> str:
    """An area's mark, the one convention of `tsquare show` and the screen:
    lower case while open ('y' always; 'g' once grey is on), upper case
    while closed ('G'); ' ' for no area. `flags` None draws every area but
    the yellow closed."""
    if area == "":
        return " "
    if area == "y":
        return "y"
    return area.lower() if flags is not None and AREA_EFFECT[area] in set(flags) else area.upper()


def flip_columns(board: Board) -> dict[int, tuple[int, int]]:
    """Column -> (top row, bottom row) of the dotted flip link in it."""
    out: dict[int, tuple[int, int]] = {}
    for a, b in board.flips.items():
        (xa, ya), (xb, yb) = board.xy[a], board.xy[b]
        if xa == xb and ya < yb:
            out[xa] = (ya, yb)
    return out


def _mark(board: Board, i: int, flags: set[str] | None) -> str:
    return area_letter(board.areas[i], flags)


def draw_board(board: Board, flags: set[str] | None = None, client: int = -1) -> list[str]:
    """The maze, 51 columns wide and 14 lines high (with the column letters)."""
    at = {xy: i for i, xy in enumerate(board.xy)}
    lines = ["  " + " ".join(f"{c:^4}" for c in COLUMNS)]
    for y in range(ROWS):
        row = f"{y + 1} "
        for x in range(len(COLUMNS)):
            i = at.get((x, y))
            cell = "    " if i is None else f"{_token(board, i):>3}" + ("@" if i == client else _mark(board, i, flags))
            conn = " "
            if i is not None and (x + 1, y) in at:
                ln = board.link(i, at[(x + 1, y)])
                if ln is not None:
                    conn = ln.colour or ("┄" if ln.dashed else "─")
            row += cell + (conn if x < len(COLUMNS) - 1 else "")
        lines.append(row.rstrip())
        if y == ROWS - 1:
            break
        below = "  "
        for x in range(len(COLUMNS)):
            i, j = at.get((x, y)), at.get((x, y + 1))
            mark = "    "
            ln = board.link(i, j) if i is not None and j is not None else None
            if ln is not None:
                arrow = ("⇣" if ln.dashed else "↓") if (ln.vertical == 1) == ln.forward else ("⇡" if ln.dashed else "↑")
                mark = f"{ln.colour or ' '}{arrow}  "
            elif _flip_passes(board, at, x, y):
                mark = " ┊  "
            below += mark + " "
        lines.append(below.rstrip())
    return lines


def _flip_passes(board: Board, at: dict[tuple[int, int], int], x: int, y: int) -> bool:
    """Whether a dotted flip link runs through the gap below row y in column x."""
    top, bottom = flip_columns(board).get(x, (0, 0))
    return top <= y < bottom


def board_header(board: Board) -> str:
    """'Board I · Villa on the Dunes · bids 40–70'."""
    return f"Board {board.roman} · {board.title} · bids {board.min_bid}–{board.max_bid}"


def flags_text(flags: set[str]) -> str:
    """The active effects, or 'none'."""
    return ", ".join(K.EFFECTS[f] for f in sorted(flags)) or "none"


def render_text(st: "ArchitectsState", seat: int | None, names: Sequence[str]) -> str:
    """The focal board's maze (yours, else the acting seat's), then every player."""

    def name(s: int) -> str:
        return names[s] if s < len(names) else f"Seat {s + 1}"

    out: list[str] = []
    if st.phase == "auction":
        out.append("Auction: sealed bids; lowest wins each board, ties to the oldest architect.")
        for b in st.open_boards:
            out.append(board_header(BOARDS[b]))
            out += draw_board(BOARDS[b], st.flags)
    else:
        focal = seat if seat is not None and st.players[seat].board >= 0 else st.actor
        p = st.players[focal]
        board = BOARDS[p.board]
        out.append(f"{board_header(board)} · {name(focal)}'s client at {board.names[p.pos]}")
        out += draw_board(board, st.flags, p.pos if p.status == "playing" else -1)
        stage = "endgame (forward gains halved, no draws)" if st.endgame else f"round {st.round} of at most {st.round_limit}"
        out.append(f"Round {st.round} · {stage} · bank {st.bank}")
        out.append(f"Active: {flags_text(st.flags)}")
    for s, p in enumerate(st.players):
        mark = ">" if s in st.to_act() else " "
        arch = "architect hidden" if is_hidden(p.architect) else f"{K.ARCHITECTS[p.architect].name} ({K.ARCHITECTS[p.architect].born})"
        where = f"board {BOARDS[p.board].roman} at {BOARDS[p.board].names[p.pos]}" if p.board >= 0 else "no board yet"
        out.append(f"{mark}{s + 1}. {name(s)} · {arch} · {where} · {p.status}")
        out.append(f"     client {p.client} · architect {p.funds}")
        shown = st.shows_secrets_of(s, seat) or st.hands_open
        if p.hand and shown and all(not is_hidden(c) for c in p.hand):
            out.append("     hand: " + " ".join(K.card_code(c) for c in sorted(p.hand)))
        elif p.hand:
            out.append(f"     hand: {plural(len(p.hand), 'card')} (hidden)")
        if p.bid is not None:
            out.append("     bid: sealed" if is_hidden(p.bid) or not st.shows_secrets_of(s, seat) else f"     bid: {p.bid[1]} on board {BOARDS[p.bid[0]].roman}")
    out.append(f"Deck {plural(len(st.deck), 'card')} · discards {len(st.discard)}")
    if st.phase == "over":
        out.append(f"Game over: {st.over_reason}.")
    else:
        actors = st.to_act()
        who = ", ".join(name(s) for s in actors)
        out.append(f"{who} to decide: {for_reader(st.prompt(actors[0]), actors[0], seat, names)}.")
    return "\n".join(out)
