"""A reference move generator for Architects, written straight from the rules
with no table or cache: the fast generator (movegen.py) must agree with it at
every position (test_arch_legal_speed.py)."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from rulesets.architects import content as K
from rulesets.architects.board import BOARDS
from rulesets.architects.movegen import _fits, group_effects
from rulesets.architects.moves import END, STAY, Bid, Discard, Group, Jump, Pair, Single, Step, Toggle, format_move
from rulesets.architects.state import PLAYING, ArchitectsState


def walk_paths(board: Any, pos: int, text: K.CardText, can_enter: Any) -> list[tuple[int, ...]]:
    """Card paths from `pos` by a search that asks can_enter(board, src, link)
    at every step, in search order without repeats."""

    def walk(here, seen, todo):
        if not todo:
            yield seen[1:]
            return
        for link in board.links[here]:
            if link.to not in seen and can_enter(board, here, link) and _fits(link, todo[0]):
                yield from walk(link.to, seen + (link.to,), todo[1:])

    found: dict[tuple[int, ...], None] = {}
    for kinds in [text.steps] + ([tuple(reversed(text.steps))] if text.both else []):
        for path in walk(pos, (pos,), kinds):
            found.setdefault(path, None)
    return list(found)


def ref_paths(st: ArchitectsState, seat: int, text: K.CardText) -> list[tuple[int, ...]]:
    """Card paths for `seat`'s client as the flags stand."""
    p = st.players[seat]
    return walk_paths(BOARDS[p.board], p.pos, text, st.can_enter)


def ref_simulate(st: ArchitectsState, seat: int, path: tuple[int, ...], text: K.CardText | None):
    """simulate() by step_transfers and settle, step by step."""
    p = st.players[seat]
    board = BOARDS[p.board]
    funds = (p.client, p.funds, st.bank)
    here = p.pos
    for i, to in enumerate(path):
        link = board.link(here, to)
        assert link is not None
        if text is None or text.paid == "all" or (text.paid == "last" and i == len(path) - 1):
            funds = st.settle(funds, st.step_transfers(board, here, link))
            if funds is None:
                return None, False
        here = to
    if text is not None:
        if text.client_gain:
            funds = st.settle(funds, [("bank", "c", st.gain(text.client_gain))])
        if text.architect_pays:
            funds = st.architect_pays(funds, text.architect_pays)
    return funds, True


def ref_movements(st: ArchitectsState, seat: int) -> list[Any]:
    p = st.players[seat]
    board = BOARDS[p.board]
    out: list[Any] = [
        Step(board.names[link.to])
        for link in board.links[p.pos]
        if st.can_enter(board, p.pos, link) and ref_simulate(st, seat, (link.to,), None)[0] is not None
    ]
    if not st.single_used:
        for card in sorted(set(p.hand)):
            text = st.single_text(card)
            for path in ref_paths(st, seat, text):
                if ref_simulate(st, seat, path, text)[0] is not None:
                    out.append(Single(card, tuple(board.names[i] for i in path)))
    return out


def ref_legal(st: ArchitectsState, seat: int) -> list[Any]:
    """legal(seat) from the rules alone."""
    if st.phase == "over" or seat not in st.to_act():
        return []
    p = st.players[seat]
    if st.phase == "auction":
        return [Bid(b, v) for b in sorted(st.open_boards) for v in range(BOARDS[b].min_bid, BOARDS[b].max_bid + 1)]
    if st.phase == "jump":
        board = BOARDS[p.board]
        return sorted([Jump(board.names[i]) for i in st.jump_targets(seat)] + [STAY], key=format_move)
    hand = sorted(set(p.hand))
    out: list[Any] = []
    movements = [] if st.moved else ref_movements(st, seat)
    out += movements
    if not st.single_used:
        for card in hand:
            if K.card_number(card) == 9:
                out += [Toggle(card, e) for e in K.NINE_TOGGLES[K.card_suit(card)] if not (st.endgame and e in K.AREA_EFFECTS)]
    targets = [t for t in st.order if st.players[t].status == PLAYING and t != seat and t not in st.paired]
    for a, b in combinations(hand, 2):
        n = K.card_number(a)
        if n == K.card_number(b) and n != 9:
            text = K.CARD_TEXTS[n]
            for t in targets:
                board = BOARDS[st.players[t].board]
                obeys = [Pair((a, b), t, tuple(board.names[i] for i in path))
                         for path in ref_paths(st, t, text) if ref_simulate(st, t, path, text)[1]]
                if not obeys and st.rules_version >= 2:  # cannot obey: a play with no effect
                    obeys = [Pair((a, b), t, ())]
                out += obeys
    for k in (3, 4, 5):
        for cards in combinations(hand, k):
            for e in group_effects(cards):
                cands = [Group("sw", cards, t) for t in range(st.num_players)] if e == "sw" else [Group(e, cards)]
                out += [g for g in cands if st.group_allowed(seat, g)]
    if not st.discarded:
        out += [Discard(c) for c in hand]
    if (st.played or st.discarded or not hand) if st.moved else not movements:
        out.append(END)
    return sorted(out, key=format_move)
