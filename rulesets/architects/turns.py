"""What each Architects move does to the position: bids and their
resolution, cards played and the hand refilled, the client's moves and where
they land, hyper-jumps, pairs, groups, bankruptcy, the turn's end and the
game's (the state's `step` hands each move here once the engine checked it)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.core import Event, seat_ref
from rulesets.architects import content as K
from rulesets.architects.board import BOARDS, SPACE_EFFECT, SPACE_INDEX
from rulesets.architects.content import BANKRUPT, BIDDING, FINISHED, PLAYING
from rulesets.architects.moves import (
    Bid,
    Group,
    Jump,
    Pair,
)
from rulesets.architects.words import DRAWS, cards_words, money_change

if TYPE_CHECKING:
    from rulesets.architects.state import ArchitectsState


def bid(state: ArchitectsState, seat: int, move: Bid) -> list[Event]:
    state.players[seat].bid = (move.board, move.amount)
    events = [Event(f"{seat_ref(seat)} places a sealed bid")]
    if state.to_act():
        return events
    return events + resolve_bids(state)


def resolve_bids(state: ArchitectsState) -> list[Event]:
    """Rule 7: lowest bid wins each board, ties to the oldest architect;
    losers bid again on the boards left."""
    events: list[Event] = []
    if not state.revealed:
        state.revealed = True
        for s, p in enumerate(state.players):
            a = K.ARCHITECTS[p.architect]
            events.append(Event(f"{seat_ref(s)}'s architect is {a.name} (born {a.born})"))
    bidders = [s for s, p in enumerate(state.players) if p.status == BIDDING]
    for s in bidders:
        b, v = state.players[s].bid
        events.append(Event(f"{seat_ref(s)} bid {v} on board {BOARDS[b].roman}"))
    for b in sorted({state.players[s].bid[0] for s in bidders}):
        on = [s for s in bidders if state.players[s].bid[0] == b]
        win = min(on, key=lambda s: (state.players[s].bid[1], K.ARCHITECTS[state.players[s].architect].born))
        p = state.players[win]
        amount = p.bid[1]
        p.board, p.pos, p.client, p.status = b, BOARDS[b].start, amount, PLAYING
        state.bank -= amount
        state.open_boards.remove(b)
        tie = sum(1 for s in on if state.players[s].bid[1] == amount) > 1
        why = " (tie: the oldest architect)" if tie else ""
        events.append(Event(f"{seat_ref(win)} wins board {BOARDS[b].roman} for {amount}{why}"))
    for p in state.players:
        p.bid = None
    if any(p.status == BIDDING for p in state.players):
        events.append(Event("The losing bidders bid again on the boards left"))
        return events
    state.order = sorted(range(state.num_players), key=lambda s: state.players[s].board)
    state.phase = "turn"
    state.round = 1
    state.seat = state.actor = state.order[0]
    events.append(Event(f"Round 1: {seat_ref(state.seat)} plays first"))
    return events


def play_cards(state: ArchitectsState, seat: int, cards: Sequence[int]) -> None:
    p = state.players[seat]
    for c in cards:
        p.hand.remove(c)
        state.discard.append(c)
    state.played = True


def refill(state: ArchitectsState, seat: int) -> list[Event]:
    """Rule 21: back to 6 cards from the deck (the discards reshuffled when
    it runs out); no draws in the endgame."""
    p = state.players[seat]
    if state.endgame or p.status != PLAYING:
        return []
    want = K.HAND_SIZE - len(p.hand)
    if want <= 0:
        return []
    deck = state.deck
    if len(deck) >= want:  # the usual case, in one go
        drawn = deck[: -want - 1 : -1]
        del deck[-want:]
        p.hand += drawn
        return [Event(DRAWS[seat][want], told_privately=seat), Event(f"You draw the {cards_words(drawn)}", private_to=seat)]
    drawn = []
    events: list[Event] = []
    while len(p.hand) < K.HAND_SIZE:
        if not state.deck:
            if not state.discard:
                break
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            events.append(Event("The discards are shuffled into a new deck"))
        c = state.deck.pop()
        p.hand.append(c)
        drawn.append(c)
    if drawn:
        events.append(Event(DRAWS[seat][len(drawn)], told_privately=seat))
        events.append(Event(f"You draw the {cards_words(drawn)}", private_to=seat))
    return events


def move_client(state: ArchitectsState, seat: int, path: tuple[int, ...], text: K.CardText | None, who: str, how: str) -> list[Event]:
    """Move a client (own turn or obeying a pair) and settle the money."""
    p = state.players[seat]
    board = BOARDS[p.board]
    before = (p.client, p.funds)
    funds, ok = state.simulate(seat, path, text)
    where = ", then ".join(board.names[i] for i in path)  # words: 'a2, then b2' ('a2>b2' is notation)
    if funds is None:  # the card's payment cannot be met: bankrupt (Note #1)
        p.pos = path[-1]
        return [Event(f"{who}'s client moves to {where}{how}")] + bankrupt(state, seat, "cannot pay the bank 4")
    p.client, p.funds, state.bank = funds
    p.pos = path[-1]
    events = [Event(f"{who}'s client moves to {where}{how}: {money_change(before, (p.client, p.funds))}")]
    return events + land(state, seat, who)


def land(state: ArchitectsState, seat: int, who: str) -> list[Event]:
    """Finishing, the red-circled chain and the hyper-jump choice."""
    p = state.players[seat]
    board = BOARDS[p.board]
    here = p.pos
    if here == board.finish:
        return finish(state, seat, who)
    kind = board.kinds[here]
    if kind == "r" and "sr" in state.flags and len(board.red_chain) > 1:
        to = board.next_red(here)
        got = from_bank(state, seat, "a", state.gain(board.values[here]))
        p.pos = to
        return [Event(f"{who}'s client rides the red chain from {board.names[here]} to {board.names[to]}; the architect collects {got}")]
    if kind in ("b", "g") and SPACE_EFFECT[kind] in state.flags:
        state.jump_from = here
        if state.jump_targets(seat):
            state.phase = "jump"
            state.actor = seat
            return []
        state.jump_from = -1
    return []


def from_bank(state: ArchitectsState, seat: int, who: str, amount: int) -> int:
    """Rule 38: the bank pays what it has."""
    got = min(amount, state.bank)
    state.bank -= got
    if who == "a":
        state.players[seat].funds += got
    else:
        state.players[seat].client += got
    return got


def jump(state: ArchitectsState, seat: int, move: Any, who: str) -> list[Event]:
    p = state.players[seat]
    board = BOARDS[p.board]
    events: list[Event] = []
    if isinstance(move, Jump):
        to = board.index(move.to)
        got = from_bank(state, seat, "a", state.gain((board.values[state.jump_from] + board.values[to]) // 2))
        p.pos = to
        events.append(Event(f"{who}'s client hyper-jumps to {move.to}; the architect earns {got}"))
    else:
        events.append(Event(f"{who}'s client stays on {board.names[state.jump_from]}"))
    state.jump_from = -1
    state.phase = "turn"
    state.actor = state.seat
    return events


def finish(state: ArchitectsState, seat: int, who: str) -> list[Event]:
    """Rule 33: the commission is complete; the hand goes to the discards."""
    p = state.players[seat]
    p.status = FINISHED
    state.discard += p.hand
    p.hand = []
    events = [Event(f"{who}'s client reaches F: the commission is complete with {p.funds} architect funds")]
    if not state.finish_round:
        state.finish_round = state.round
        events.append(Event("The endgame begins with the next round"))
    if seat == state.seat and state.phase != "over":
        events += next_turn(state)
    return events


def bankrupt(state: ArchitectsState, seat: int, why: str) -> list[Event]:
    """Rule 32: out of the game; cards to the discards, funds to the bank."""
    p = state.players[seat]
    p.status = BANKRUPT
    state.bank += p.client + p.funds
    p.client = p.funds = 0
    state.discard += p.hand
    p.hand = []
    events = [Event(f"{seat_ref(seat)} is bankrupt ({why}) and out of the game")]
    if seat == state.seat:
        events += next_turn(state)
    return events


def toggle(state: ArchitectsState, effect: str, who: str, what: str) -> Event:
    on = effect not in state.flags
    state.flags ^= {effect}
    verb = ("open" if on else "close") if effect in K.AREA_EFFECTS else ("activate" if on else "deactivate")
    return Event(f"{who} plays {what}: {verb} the {K.EFFECTS[effect]}")


def play_pair(state: ArchitectsState, seat: int, move: Pair, who: str) -> list[Event]:
    play_cards(state, seat, move.cards)
    state.paired.append(move.target)
    t = move.target
    text = K.CARD_TEXTS[K.card_number(move.cards[0])]
    events = [Event(f"{who} plays the pair {cards_words(move.cards)} on {seat_ref(t)}")]
    if not move.path:  # rules version 2: the target cannot obey
        events.append(Event(f"{seat_ref(t)} cannot obey: the pair has no effect and is discarded"))
        return events + refill(state, seat)
    events += move_client(state, t, tuple(map(SPACE_INDEX[state.players[t].board].__getitem__, move.path)), text, seat_ref(t), "")
    if state.phase == "turn" or state.phase == "jump":
        events += refill(state, seat)
    return events


def play_group(state: ArchitectsState, seat: int, move: Group, who: str) -> list[Event]:
    play_cards(state, seat, move.cards)
    n = len(move.cards)
    if n == 3:
        state.three_used = True
    elif n == 4:
        state.four_used = True
    else:
        state.five_used = True
    played = cards_words(move.cards)
    if move.effect == "yf":
        got = from_bank(state, seat, "a", state.gain(K.FLIP_GAIN))
        events = [Event(f"{who} plays a 4-card flush ({played}): the architect gains {got}")]
        for s in state.active():
            q = state.players[s]
            flips = BOARDS[q.board].flips
            if q.pos in flips:
                q.pos = flips[q.pos]
                events.append(Event(f"{seat_ref(s)}'s client flips to {BOARDS[q.board].names[q.pos]}"))
    elif move.effect == "run":
        got = from_bank(state, seat, "a", state.gain(K.RUN_GAIN))
        events = [Event(f"{who} plays a 5-card run ({played}): the architect gains {got}")]
    elif move.effect == "sw":
        p, q = state.players[seat], state.players[move.target]
        p.board, q.board = q.board, p.board
        p.pos, q.pos = q.pos, p.pos
        p.client, q.client = q.client, p.client
        events = [Event(f"{who} plays a 5-card flush ({played}): swaps clients with {seat_ref(move.target)}")]
    else:
        events = [toggle(state, move.effect, who, f"the {played}")]
    return events + refill(state, seat)


def end_turn(state: ArchitectsState, seat: int, who: str) -> list[Event]:
    if not state.moved:
        p = state.players[seat]
        board = BOARDS[p.board]
        if any(state.can_enter(board, p.pos, ln) for ln in board.links[p.pos]):
            return bankrupt(state, seat, "no move it can pay for")
        events = [Event(f"{who}'s client has no open line and stays on {board.names[p.pos]}")]
        return events + next_turn(state)
    return [Event(f"{who} ends the turn")] + next_turn(state)


def next_turn(state: ArchitectsState) -> list[Event]:
    """The next seat in turn order; a new round (and the endgame) when it wraps."""
    state.moved = state.single_used = state.three_used = state.four_used = state.five_used = False
    state.discarded = state.played = False
    state.paired = []
    state.jump_from = -1
    events: list[Event] = []
    if not state.active():
        return events + game_over(state, "every commission is complete or bankrupt")
    i = state.order.index(state.seat)
    while True:
        i += 1
        if i >= len(state.order):
            i = 0
            if state.round >= state.round_limit:
                return events + game_over(state, f"the round limit ({state.round_limit}) was reached")
            state.round += 1
            events.append(Event(f"Round {state.round}"))
            if state.finish_round and not state.endgame:
                state.endgame = True
                state.flags -= set(K.AREA_EFFECTS)
                events.append(Event("The endgame: no more draws, all areas closed, forward gains halved"))
        s = state.order[i]
        if state.players[s].status == PLAYING:
            break
    state.seat = state.actor = s
    state.phase = "turn"
    return events


def game_over(state: ArchitectsState, why: str) -> list[Event]:
    state.phase = "over"
    state.over_reason = why
    out = state.outcome()
    assert out is not None
    best = " and ".join(seat_ref(s) for s in out.winners)
    return [Event(f"Game over ({why}): {best} {'win' if len(out.winners) > 1 else 'wins'} with {max(out.scores)}")]
