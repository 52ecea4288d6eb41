"""Architects' position in words, by parts (`describe_position`): the
maze of a commission board as one sentence a space, never as a drawing,
for the plain-text mode (screen readers, braille displays)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core import seat_name
from engine.hidden import is_hidden
from engine.position import Describer, words_list
from engine.words import plural
from rulesets.architects import content as K
from rulesets.architects.board import (
    AREA_EFFECT,
    AREA_NAMES,
    BOARDS,
    COLOUR_NAMES,
    KIND_NAMES,
    Board,
    Link,
)

if TYPE_CHECKING:
    from rulesets.architects.state import ArchitectsState


def _focal(st: "ArchitectsState") -> int | None:
    """The seat whose board `look board` reads: the viewer's, else the acting seat's."""
    seat = st.viewer
    if seat is not None and st.players[seat].board >= 0:
        return seat
    if st.phase != "auction" and st.players[st.actor].board >= 0:
        return st.actor
    return None


def _line(board: Board, ln: Link) -> str:
    how = [w for w in (COLOUR_NAMES[ln.colour], "dashed" if ln.dashed else "") if w]
    way = {-1: " up", 1: " down", 0: ""}[ln.vertical]
    return f"{board.names[ln.to]}{way}" + (f" ({' '.join(how)} line)" if how else "")


def space_words(board: Board, i: int, flags: set[str], client: int = -1) -> str:
    """One space: value, kind, area (open or closed), client, its lines."""
    bits = [f"{board.names[i]}: {board.values[i]}"]
    if board.kinds[i]:
        bits.append(KIND_NAMES[board.kinds[i]].replace("±", "plus-or-minus "))
    area = board.areas[i]
    if area:
        effect = AREA_EFFECT.get(area)
        state = "" if effect is None else (", open" if effect in flags else ", closed")
        bits.append(f"{AREA_NAMES[area]} area{state}")
    if i == client:
        bits.append("the client is here")
    text = ", ".join(bits)
    ahead = [_line(board, ln) for ln in board.links[i] if ln.forward]
    back = [_line(board, ln) for ln in board.links[i] if not ln.forward]
    if ahead:
        text += f"; forward to {words_list(ahead)}"
    if back:
        text += f"; back to {words_list(back)}"
    if i in board.flips:
        text += f"; yellow flip link with {board.names[board.flips[i]]}"
    return text + "."


def _header(board: Board) -> str:
    return f"Board {board.roman}, {board.title}: bids {board.min_bid} to {board.max_bid}."


def board_words(st: "ArchitectsState") -> list[str]:
    """In the auction, each open board in brief; after it, the focal
    board's state and the client's neighbourhood."""
    from rulesets.architects.text_board import flags_text

    if st.phase == "auction":
        out = ["Auction: sealed bids; the lowest bid wins each board, ties go to the oldest architect."]
        for b in st.open_boards:
            board = BOARDS[b]
            special = [plural(len(board.of_kind(k)), KIND_NAMES[k].replace("±", "plus-or-minus "))
                       for k in ("b", "g", "r", "k") if board.of_kind(k)]
            out.append(f"{_header(board)} {plural(len(board.names), 'space')}; start {board.names[board.start]},"
                       f" finish {board.names[board.finish]}; {words_list(special)}.")
        out.append("Look spaces reads every space of these boards.")
        return out
    focal = _focal(st)
    out = [f"Round {st.round}" + (", the endgame: forward gains halved, no draws." if st.endgame
                                  else f" of at most {st.round_limit}.") + f" The bank holds {st.bank}.",
           f"Active effects: {flags_text(st.flags)}."]
    if focal is None:
        return out
    p = st.players[focal]
    board = BOARDS[p.board]
    out.append(f"{seat_name(focal)}'s board: {_header(board)}")
    if p.status == "playing":
        out.append(f"The client is on {space_words(board, p.pos, st.flags)}")
    else:
        out.append(f"{seat_name(focal)} is {p.status}.")
    out.append("Look spaces reads every space of this board.")
    return out


def spaces_words(st: "ArchitectsState") -> list[str]:
    """Every space of the focal board (in the auction: of each open board),
    row by row."""
    focal = _focal(st)
    if st.phase == "auction" or focal is None:
        boards = [(BOARDS[b], -1) for b in st.open_boards]
    else:
        p = st.players[focal]
        boards = [(BOARDS[p.board], p.pos if p.status == "playing" else -1)]
    out = []
    for board, client in boards:
        out.append(_header(board) + " Moving right, and along a line's arrow, advances.")
        out.extend("  " + space_words(board, i, st.flags, client) for i in range(len(board.names)))
    return out


def players_words(st: "ArchitectsState") -> list[str]:
    """Each player: architect, board and client's space, funds, hand size, bid."""
    viewer = st.viewer
    out = []
    for s, p in enumerate(st.players):
        arch = ("architect not yet shown" if is_hidden(p.architect)
                else f"{K.ARCHITECTS[p.architect].name}, born {K.ARCHITECTS[p.architect].born}")
        where = (f"board {BOARDS[p.board].roman}, client on {BOARDS[p.board].names[p.pos]}"
                 if p.board >= 0 else "no board yet")
        text = (f"{seat_name(s)}: {arch}; {where}; {p.status}. Client funds {p.client},"
                f" architect funds {p.funds}; {plural(len(p.hand), 'card')} in hand.")
        if p.bid is not None:
            text += (" Has bid, sealed." if is_hidden(p.bid) or s != viewer
                     else f" Bid {p.bid[1]} on board {BOARDS[p.bid[0]].roman}.")
        out.append(text)
    out.append(f"Deck: {plural(len(st.deck), 'card')}; discards: {plural(len(st.discard), 'card')}.")
    return out


def hand_words(st: "ArchitectsState") -> list[str]:
    """The viewer's cards (and everyone's, where hands are open)."""
    viewer = st.viewer
    out = []
    for s, p in enumerate(st.players):
        if s != viewer and not st.hands_open:
            continue
        if any(is_hidden(c) for c in p.hand):
            continue
        whose = "Your hand" if s == viewer else f"{seat_name(s)}'s hand"
        cards = [f"{K.card_number(c)} of {K.SUITS[K.card_suit(c)]}" for c in sorted(p.hand)]
        out.append(f"{whose}: {words_list(cards, 'no cards')}.")
    return out or ["You hold no cards you may see."]


PARTS: dict[str, Describer["ArchitectsState"]] = {
    "board": board_words, "players": players_words, "hand": hand_words, "spaces": spaces_words,
}
"""Architects' parts, in the order `look` reads them (spaces only on demand)."""

LOOK_ALL = ("board", "players", "hand")
"""The parts a bare `look` reads (the spaces are long: `look spaces`)."""


SPOKEN = (
    (re.compile(r"(?<=\d[gstw]) (?=\d{1,2}[gstw]\b)"), ", "),
    *((re.compile(rf"\b(\d{{1,2}}){letter}\b(?!>)"), rf"\1 {suit}") for letter, suit in zip(K.SUIT_LETTERS, K.SUITS)),
    *((re.compile(rf"\b([Bb]oards?) {roman}\b"), rf"\1 {n}") for n, roman in ((4, "IV"), (3, "III"), (2, "II"), (1, "I"))),
)
"""Short forms as a listener hears them (`spoken_terms`): a card's code in
words ('12w' was read 'twelve double-u': '12 wood'; a list of codes
with commas), a board's number in
figures ('board I' was read 'board eye'; 'Board I' in `look` too: one
name for a board everywhere). A code followed by '>' is a
notation example to type, kept as it stands."""
