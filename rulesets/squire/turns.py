"""What each step of a Squire turn does to the position: travel, trade,
offers, the gallery, exhibitions, errands and the turn's end (the state's
`step` hands each move here once the engine has checked it)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.events import for_reader
from engine.words import plural
from rulesets.squire import content as K
from rulesets.squire.content import EMPTY
from rulesets.squire.content import TILE_COLOUR as TC
from rulesets.squire.moves import (
    ChooseBoard,
    space_name,
)
from rulesets.squire.words import card_text, errand_text, offer_text, tile_text

if TYPE_CHECKING:
    from rulesets.squire.state import SquireState


def choose_board(state: SquireState, seat: int, move: ChooseBoard, who: str) -> list[Event]:
    state.players[seat].board = move.board
    state.board_queue.pop(0)
    b = K.BOARDS[move.board]
    events = [Event(f"{who} takes {b.name}: {b.ability}")]
    if state.board_queue:
        state.actor = state.board_queue[0]
    else:
        state.phase = "move"
        state.actor = state.seat
    return events


def go(state: SquireState, seat: int, city: int, who: str) -> list[Event]:
    p = state.players[seat]
    cname = state.game_map.cities[city].name
    if p.pos < 0:
        p.pos = city
        state.steps = 1
        state.start = EMPTY
        return [Event(f"{who} starts in {cname}")]
    sea = next(s for nb, s in K.ADJ[state.map_key][p.pos] if nb == city)
    paid = state.step_ticket(seat, city)
    if paid == "free sea crossing":
        state.sea_used = True
    elif paid == "Royal ticket":
        state.royal_used += 1
    else:
        p.tickets -= 1
        if state.rules_version < 3:  # version 1–2: a limited Bank, the ticket goes back to it
            state.bank_tickets += 1
    p.pos = city
    state.steps += 1
    return [Event(f"{who} travels to {cname} by {'sea' if sea else 'road'} ({paid})")]


def trade(state: SquireState, seat: int, buy: bool, who: str) -> list[Event]:
    p = state.players[seat]
    city = p.pos
    tile = state.cities[city]
    region = state.game_map.cities[city].region
    colour = TC[tile]
    price = state.price(seat, city, buy)
    cname = state.game_map.cities[city].name
    if buy:
        royal = min(p.royal_coins, price)
        common = price - royal
        p.coins -= common
        if state.rules_version < 3:  # version 1–2: a limited Bank
            state.bank_coins += common
        state.pending = tile
        how = f" ({royal} Royal)" if royal else ""
        events = [Event(f"{who} buys {tile_text(tile)} in {cname} for {plural(price, 'coin')}{how}")]
        state.market_regions.remove(region)
        state.market_regions.insert(0, region)
        state.market_types.remove(colour)
        state.market_types.insert(0, colour)
    else:
        got = give(state, seat, "coins", price)
        state.tile_discard.append(tile)
        short = f" (the Bank had only {got})" if got < price else ""
        events = [Event(f"{who} sells {tile_text(tile)} in {cname} for {plural(price, 'coin')}{short}")]
        state.market_regions.remove(region)
        state.market_regions.append(region)
        state.market_types.remove(colour)
        state.market_types.append(colour)
    if state.supply:
        new = state.supply.pop()
        state.cities[city] = new
        events.append(Event(f"{tile_text(new).capitalize()} comes to {cname}"))
        if not state.supply:
            state.ending = True
            events.append(Event("The supply is empty: the game ends after this turn"))
    else:
        state.cities[city] = EMPTY
    state.trade = (buy, region, colour)
    if state.matching_cards(seat):
        state.phase = "offer"
        return events
    return events + after_offers(state)


def offer(state: SquireState, seat: int, cid: int, who: str) -> list[Event]:
    p = state.players[seat]
    card = K.CARD_BY_ID[cid]
    p.hand.remove(cid)
    state.card_discard.append(cid)
    got = give(state, seat, card.reward, card.amount)
    events = [Event(f"{who} plays the offer of card {cid}: {offer_text(card)} (+{plural(got, card.reward[:-1])})")]
    if not state.matching_cards(seat):
        events += after_offers(state)
    return events


def give(state: SquireState, seat: int, what: str, n: int) -> int:
    """Pay `n` common coins or tickets from the Bank (never short of them)."""
    p = state.players[seat]
    if state.rules_version < 3:  # version 1–2: the Bank paid what it had, never more
        if what == "coins":
            n = min(n, state.bank_coins)
            state.bank_coins -= n
        else:
            n = min(n, state.bank_tickets)
            state.bank_tickets -= n
    if what == "coins":
        p.coins += n
    else:
        p.tickets += n
    return n


def after_offers(state: SquireState) -> list[Event]:
    if state.pending >= 0:
        state.phase = "gallery"
        return []
    return to_exhibit(state)


def place(state: SquireState, seat: int, index: int, who: str) -> list[Event]:
    p = state.players[seat]
    tile = state.pending
    p.gallery[index] = tile
    state.pending = EMPTY
    events = [Event(f"{who} puts {tile_text(tile)} in gallery space {space_name(index)}")]
    hall = K.HALLS.get(index)
    if hall:
        got = give(state, seat, hall[0], hall[1])
        events.append(Event(f"{who} gets the hall bonus: {plural(got, hall[0][:-1])}"))
    floor, col = divmod(index, 4)
    salvage = False
    if all(p.gallery[i] >= 0 for i in K.FLOOR_SPACES[floor]):
        if floor == 1:
            p.big_hand = True
            events.append(Event(f"{who} completes the 2nd floor: hand limit +2"))
        elif floor == 2:
            if state.tile_discard and EMPTY in p.gallery:
                salvage = True
                events.append(Event(f"{who} completes the 3rd floor: a rarity from the discard pile"))
            else:
                events.append(Event(f"{who} completes the 3rd floor, but can take no rarity"))
    if all(p.gallery[i] >= 0 for i in K.COLUMN_SPACES[col]):
        if col == 0 and state.bank_royal_tickets:
            state.bank_royal_tickets -= 1
            p.royal_tickets += 1
            events.append(Event(f"{who} completes the left column: a Royal ticket"))
        elif col == 3 and state.bank_royal_coins:
            state.bank_royal_coins -= 1
            p.royal_coins += 1
            events.append(Event(f"{who} completes the right column: a Royal coin"))
    if salvage:
        state.phase = "salvage"
        return events
    return events + to_exhibit(state)


def to_exhibit(state: SquireState) -> list[Event]:
    if state.token == state.seat:
        state.phase = "exhibit"
        state.actor = state.seat
        return []
    return end_turn(state)


def draw(state: SquireState, seat: int) -> int:
    cid: int = state.deck.pop()
    state.players[seat].hand.append(cid)
    return cid


def exhibit(state: SquireState, seat: int, colour: int, who: str) -> list[Event]:
    state.exhibited = colour
    p = state.players[seat]
    events = [Event(f"{who} holds an exhibition of {K.TYPE_PLURALS[colour]}")]
    if colour == K.RED:
        drawn = []
        while state.deck and len(p.hand) < state.hand_limit(seat):
            drawn.append(draw(state, seat))
        events.append(Event(f"{who} draws {plural(len(drawn), 'card')}", told_privately=seat if drawn else None))
        events += [Event(f"You draw card {c}: {card_text(c)}", private_to=seat) for c in drawn]
        for o in state.others(seat):
            if state.players[o].count(K.RED) and state.deck and len(state.players[o].hand) < state.hand_limit(o):
                c = draw(state, o)
                events.append(Event(f"{{P{o + 1}}} draws a card", told_privately=o))
                events.append(Event(f"You draw card {c}: {card_text(c)}", private_to=o))
    elif colour in K.CURRENCY_AWARDS:
        what, base = K.CURRENCY_AWARDS[colour]
        got = give(state, seat, what, base + p.count(colour))
        events.append(Event(f"{who} receives {plural(got, what[:-1])}"))
        for o in state.others(seat):
            if state.players[o].count(colour):
                got = give(state, o, what, base)
                events.append(Event(f"{{P{o + 1}}} receives {plural(got, what[:-1])}"))
    else:  # sculptures: errands
        state.swap_queue = [o for o in state.others(seat) if state.players[o].count(K.GREEN)]
        if p.hand and len(p.errands) < state.errand_limit(seat):
            state.phase = "errand"
            return events
        return events + next_swap(state)
    return events + end_turn(state)


def run_errand(state: SquireState, seat: int, cid: int, who: str) -> Event:
    p = state.players[seat]
    p.hand.remove(cid)
    p.errands.append(cid)
    return Event(f"{who} runs errand {cid}: {for_reader(errand_text(K.CARD_BY_ID[cid]), seat, None)}")


def next_swap(state: SquireState) -> list[Event]:
    """The next seat that may change an errand, or the end of the turn."""
    state.dropped = False
    while state.swap_queue:
        o = state.swap_queue.pop(0)
        q = state.players[o]
        if state.rules_version < 2:  # version 1: a card to run (under the limit) or an errand to give up
            able = q.hand and (q.errands or len(q.errands) < state.errand_limit(o))
        else:
            able = q.hand and q.errands
        if able:  # a started errand to give up, a card to run instead
            state.phase = "swap"
            state.actor = o
            return []
    state.actor = state.seat
    return end_turn(state)


def end_turn(state: SquireState) -> list[Event]:
    n = state.num_players
    events: list[Event] = []
    if state.exhibited >= 0:
        state.token = (state.seat - 1) % n
        events.append(Event(f"The Exhibition token passes to {{P{state.token + 1}}}"))
    state.turns += 1
    state.start = EMPTY
    state.steps = 0
    state.royal_used = 0
    state.sea_used = False
    state.trade = None
    state.pending = EMPTY
    state.exhibited = EMPTY
    state.swap_queue = []
    state.dropped = False
    if state.ending:
        state.phase = "over"
        state.actor = state.seat
        out = state.outcome()
        assert out is not None
        best = " and ".join(f"{{P{s + 1}}}" for s in out.winners)
        events.append(Event(f"Game over: {best} {'win' if len(out.winners) > 1 else 'wins'} with {max(out.scores)} VP"))
        return events
    state.seat = state.actor = (state.seat + 1) % n
    state.phase = "move"
    state.start = state.players[state.seat].pos
    return events

