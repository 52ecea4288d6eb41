"""Architects' moves in words: what a move does (`describe`) and why an
illegal one cannot be made (`explain`), for the CLI and the TUI."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.core import seat_name, seat_ref
from engine.words import plural
from rulesets.architects import content as K
from rulesets.architects.board import BOARDS, NUMERALS
from rulesets.architects.moves import Bid, Discard, End, Group, Jump, Pair, Single, Stay, Step, Toggle

if TYPE_CHECKING:
    from rulesets.architects.state import ArchitectsState

GROUP_NAMES = {3: "three cards", 4: "four cards", 5: "five cards"}


@lru_cache(maxsize=None)  # a few dozen cards; every play's log line asks (playouts too)
def card_words(card: int) -> str:
    """A card in words, for logs and descriptions: '7 of wood' (its code,
    '7w', is notation and stays in ':' and 'a')."""
    return f"{K.card_number(card)} of {K.SUITS[K.card_suit(card)]}"


def cards_words(cards: "tuple[int, ...] | list[int]") -> str:
    """'7 of wood', '7 of wood and 8 of stone', '3 of glass, 4 of steel and 5 of wood'."""
    words = [card_words(c) for c in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _money(st: "ArchitectsState", seat: int, names: tuple[str, ...], text: K.CardText | None) -> str:
    """What a movement would change: 'client -5, architect +5'."""
    p = st.players[seat]
    board = BOARDS[p.board]
    try:
        path = tuple(board.index(n) for n in names)
        funds, ok = st.simulate(seat, path, text)
    except (ValueError, AssertionError):
        return "not along the lines"
    if not ok:
        return "cannot be paid"
    if funds is None:
        return "bankrupts the player"
    return f"client {funds[0] - p.client:+d}, architect {funds[1] - p.funds:+d}"


def effect_text(st: "ArchitectsState", effect: str) -> str:
    """'activate the blue lines' / 'close the grey area'."""
    on = effect not in st.flags
    if effect in K.AREA_EFFECTS:
        verb = "open" if on else "close"
    else:
        verb = "activate" if on else "deactivate"
    return f"{verb} the {K.EFFECTS[effect]} on all boards"


def describe(st: "ArchitectsState", move: Any, seat: int) -> str:
    """The move in a player's words, from this position."""
    if isinstance(move, Bid):
        b = BOARDS[move.board]
        return f"bid {move.amount} on board {b.roman}, {b.title} (bids {b.min_bid}–{b.max_bid}), sealed"
    if isinstance(move, Step):
        return f"move your client to {move.to} ({_money(st, seat, (move.to,), None)})"
    if isinstance(move, Single):
        text = st.single_text(move.card)
        where = ", then ".join(move.path)
        return f"play the {card_words(move.card)} ({text.text}): to {where} ({_money(st, seat, move.path, text)})"
    if isinstance(move, Toggle):
        return f"play the {card_words(move.card)} to {effect_text(st, move.effect)}"
    if isinstance(move, Pair):
        text = K.CARD_TEXTS[K.card_number(move.cards[0])]
        if not move.path:
            return (f"play the pair {cards_words(move.cards)} on Seat {move.target + 1} ({text.text}),"
                    " who cannot obey: no effect, the cards are discarded")
        where = ", then ".join(move.path)
        return (
            f"play the pair {cards_words(move.cards)} on Seat {move.target + 1} ({text.text}): "
            f"their client to {where} ({_money(st, move.target, move.path, text)})"
        )
    if isinstance(move, Group):
        cards = cards_words(move.cards)
        if move.effect == "yf":
            return f"play a 4-card flush ({cards}): architect +{st.gain(K.FLIP_GAIN)}, flip every client in a yellow area"
        if move.effect == "run":
            return f"play a 5-card run ({cards}): architect +{st.gain(K.RUN_GAIN)}"
        if move.effect == "sw":
            q = st.players[move.target]
            return f"play a 5-card flush ({cards}): swap clients with Seat {move.target + 1} (their client has {q.client})"
        return f"play {GROUP_NAMES[len(move.cards)]} ({cards}) to {effect_text(st, move.effect)}"
    if isinstance(move, Discard):
        return f"discard the {card_words(move.card)} ({K.card_text(move.card)})"
    if isinstance(move, Jump):
        p = st.players[seat]
        board = BOARDS[p.board]
        try:
            to = board.index(move.to)
        except ValueError:
            return f"hyper-jump to {move.to}"
        got = st.gain((board.values[st.jump_from] + board.values[to]) // 2) if st.jump_from >= 0 else 0
        return f"hyper-jump to {move.to}: architect +{got}"
    if isinstance(move, Stay):
        return "stay where the client landed"
    if isinstance(move, End):
        return "end your turn"
    return str(move)


def _path_reason(st: "ArchitectsState", seat: int, names: tuple[str, ...], text: K.CardText | None) -> str:
    """Why a client cannot take this path."""
    p = st.players[seat]
    board = BOARDS[p.board]
    here = p.pos
    for name in names:
        if name not in board.names:
            return f"board {board.roman} has no space {name}"
        to = board.index(name)
        link = board.link(here, to)
        if link is None:
            return f"no line joins {board.names[here]} and {name}"
        if link.dashed and "ld" not in st.flags:
            return f"the dashed line from {board.names[here]} to {name} is closed"
        if not st.can_enter(board, here, link):
            area = board.areas[to]
            what = "pink square" if area == "k" else {"b": "blue", "g": "grey", "p": "purple"}[area] + " area"
            return f"{name} is in the closed {what}"
        here = to
    if text is not None and len(names) != len(text.steps):
        return f"the card moves {len(text.steps)} space{'s' if len(text.steps) > 1 else ''}"
    path = tuple(board.index(n) for n in names)
    if text is not None and path not in st.card_paths(seat, text):
        return f"that path does not fit the card ({text.text}; paths may not revisit a space)"
    funds, moved = st.simulate(seat, path, text)
    if moved and funds is None:
        return "the client cannot cover the 4 the architect must pay"
    return "the client cannot pay for it (client or architect funds too low)"


def explain(st: "ArchitectsState", seat: int, move: Any) -> str:
    """Why `move` is not legal for `seat` (who is to act) now."""
    from rulesets.architects.moves import format_move

    p = st.players[seat]
    try:
        txt = format_move(move)
    except TypeError:
        return f"{move!r} is not an Architects move"
    if st.phase == "auction":
        if not isinstance(move, Bid):
            return f"{txt}: the auction comes first ({st.prompt(seat).lower()})"
        if move.board >= len(BOARDS) or move.board not in st.open_boards:
            return f"board {NUMERALS[move.board] if move.board < 4 else move.board} has already been won"
        b = BOARDS[move.board]
        return f"a bid on board {b.roman} must be from {b.min_bid} to {b.max_bid}"
    if st.phase == "jump":
        if not isinstance(move, (Jump, Stay)):
            return f"{txt}: first hyper-jump (j>space) or stay"
        if isinstance(move, Stay):
            return "staying is not open here"
        return f"{move.to} is not another open space of the same colour"
    if isinstance(move, (Bid, Jump, Stay)):
        return f"{txt} is not possible now: {st.prompt(seat).lower()}"
    hand = set(p.hand)
    cards: tuple[int, ...] = ()
    if isinstance(move, (Single, Toggle, Discard)):
        cards = (move.card,)
    elif isinstance(move, (Pair, Group)):
        cards = move.cards
    for c in cards:
        if c not in hand:
            return f"the {card_words(c)} is not in your hand"
    if isinstance(move, Discard):
        return "you have already discarded a card this turn"
    if isinstance(move, (Step, Single)) and st.moved:
        return "your client has already moved this turn"
    if isinstance(move, (Single, Toggle)) and st.single_used:
        return "you have already played a single card this turn"
    if isinstance(move, Step):
        return _path_reason(st, seat, (move.to,), None)
    if isinstance(move, Single):
        return _path_reason(st, seat, move.path, st.single_text(move.card))
    if isinstance(move, Toggle):
        if K.card_number(move.card) != 9:
            return "only a 9 opens or closes things on its own"
        if st.endgame and move.effect in K.AREA_EFFECTS:
            return "in the endgame every area stays closed"
        return f"the {card_words(move.card)} cannot toggle the {K.EFFECTS.get(move.effect, move.effect)}"
    if isinstance(move, Pair):
        first, second = move.cards
        if K.card_number(first) != K.card_number(second) or first == second:
            return "a pair is two cards of the same number (and text) in different suits"
        if K.card_number(first) == 9:
            return "the 9s have different texts in each suit, so they make no pair"
        if not 0 <= move.target < st.num_players or move.target == seat:
            return "a pair is played on another player"
        if st.players[move.target].status != "playing":
            return f"Seat {move.target + 1} is out of play"
        if move.target in st.paired:
            return f"you have already played a pair on Seat {move.target + 1} this turn"
        text = K.CARD_TEXTS[K.card_number(first)]
        if not move.path:
            if st.rules_version < 2:
                return "under rules version 1 a pair needs a movement its target can make (name it: @2>e3)"
            return f"Seat {move.target + 1}'s client can obey: name its movement (e.g. @{move.target + 1}>e3)"
        return f"Seat {move.target + 1}'s client cannot do that: " + _path_reason(st, move.target, move.path, text)
    if isinstance(move, Group):
        n = len(move.cards)
        used = {3: st.three_used, 4: st.four_used, 5: st.five_used}[n]
        if used:
            return f"you have already played {GROUP_NAMES[n]} together this turn"
        if st.endgame and move.effect in K.AREA_EFFECTS:
            return "in the endgame every area stays closed"
        if move.effect == "sw":
            if not 0 <= move.target < st.num_players or move.target == seat or st.players[move.target].status != "playing":
                return "a 5-card flush swaps clients with another player still in play"
        return f"{cards_words(move.cards)} do not make that play (see the card group effects in the rules)"
    if isinstance(move, End):
        if not st.moved:
            return "your client must move first"
        return "play a card or discard one before you end the turn"
    return f"{txt} is not legal now ({st.prompt(seat)})"


def why_no_play(st: "ArchitectsState", seat: int, cards: "tuple[int, ...] | list[int]") -> str:
    """Why no legal move plays exactly `cards` now (the cards a player
    picked), in a few words (a status line's room): each way the cards
    could be played and what stops it, for the TUI's composer."""
    cards = tuple(cards)
    hand = set(st.players[seat].hand)
    missing = [c for c in cards if c not in hand]
    if missing:
        return f"the {card_words(missing[0])} is not in your hand"
    if not cards:
        return "pick cards first (1–6)"
    if len(cards) > 5:
        return "at most five cards are played together"
    if len(cards) == 1:
        card = cards[0]
        if st.moved and st.discarded:
            return "your client has moved and you have discarded this turn"
        if st.single_used and st.discarded:
            return "you have played a single card and discarded this turn"
        here = BOARDS[st.players[seat].board].names[st.players[seat].pos]
        return f"no open path from {here} fits the {card_words(card)} ({st.single_text(card).text})"
    if len(cards) == 2:
        a, b = cards
        if K.card_number(a) != K.card_number(b):
            return "a pair needs two cards of the same number"
        if K.card_number(a) == 9:
            return "9s make no pair (each suit's 9 says something else)"
        why = [explain(st, seat, Pair((a, b), s, ())) for s in range(st.num_players) if s != seat]
        return "; ".join(dict.fromkeys(why)) or "a pair is played on another player"
    n = len(cards)
    if {3: st.three_used, 4: st.four_used, 5: st.five_used}[n]:
        return f"you have already played {GROUP_NAMES[n]} together this turn"
    return f"these {GROUP_NAMES[n]} make no group play (the rules list them)"


WHO = tuple(seat_ref(s) for s in range(4))
"""Each seat's placeholder in event texts."""
DRAWS = tuple(tuple(f"{seat_ref(s)} draws {plural(k, 'card')}" for k in range(K.HAND_SIZE + 1)) for s in range(4))
"""The draw event's text by seat and number of cards."""


def money_change(before: tuple[int, int], after: tuple[int, int]) -> str:
    """'client -5, architect +5'."""
    dc, da = after[0] - before[0], after[1] - before[1]
    return f"client {dc:+d}, architect {da:+d}"


def prompt(state: ArchitectsState, seat: int) -> str:
    if state.phase == "over":
        return "The game is over"
    if seat not in state.to_act():
        if state.phase == "auction":
            return "Wait for the other sealed bids"
        status = state.players[seat].status if 0 <= seat < len(state.players) else ""
        if status == K.BANKRUPT:  # the hand and the client are gone: say why, not only whom to wait for
            return f"You are bankrupt and out of the game; {seat_name(state.actor)} plays on"
        if status == K.FINISHED:
            return f"Your commission is complete; {seat_name(state.actor)} plays on"
        return f"Wait for {seat_name(state.actor)}"
    if state.phase == "auction":
        return "Bid on a board, sealed: the lowest bid wins it"
    if state.phase == "jump":
        return "Hyper-jump to another space, or stay"
    if not state.moved:
        return "Move your client (a step or a card), play or discard"
    if not (state.played or state.discarded) and state.players[seat].hand:
        return "Play cards or discard one, then end your turn"
    return "Play more cards, discard one, or end your turn"
