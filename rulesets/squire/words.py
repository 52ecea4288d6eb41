"""Squire in words: the prompt, what a move does and gives up, why a move is
not legal, and the texts of tiles and cards (the Presentation the screens,
the move list, the plain-text mode and the CLI say)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import seat_name
from engine.hidden import HIDDEN
from engine.words import a_or_an, plural
from rulesets.squire import content as K
from rulesets.squire import movegen
from rulesets.squire.content import EMPTY
from rulesets.squire.content import TILE_COLOUR as TC
from rulesets.squire.content import TILE_VALUE as TV
from rulesets.squire.moves import (
    BUY,
    SELL,
    ChooseBoard,
    Done,
    Drop,
    Errand,
    Exhibit,
    Go,
    Offer,
    Salvage,
    Space,
    Trade,
    space_name,
)

if TYPE_CHECKING:
    from rulesets.squire.state import Player, SquireState


def prompt(state: SquireState, seat: int) -> str:
    """What to do now, in words, named from `legal(seat)`: it offers only
    what a legal move does (no notation: that is for `:` and `a`)."""
    ph = state.phase
    if ph == "over":
        return "The game is over"
    if seat != state.actor:
        return f"Wait for {seat_name(state.actor)}"
    p = state.players[seat]
    public = ph in ("move", "exhibit", "board")
    told = public or not (state.is_view and seat in state.hidden_seats())
    legal = movegen.moves(state, seat) if told else []
    if ph == "board":
        return "Choose a player board"
    if ph == "move":
        if p.pos < 0:
            return "First turn: put your pawn in any city"
        trade = []
        if BUY in legal:
            trade.append(f"buy for {state.price(seat, p.pos, True)}")
        if SELL in legal:
            trade.append(f"sell for {state.price(seat, p.pos, False)}")
        travel = any(type(m) is Go for m in legal)
        left = state.tickets_left(seat)
        tickets = plural(left, "ticket")
        if trade and travel:
            on = f"travel on ({tickets})" if left else "sail on for free"  # only the Stag's crossing is left
            return f"{', '.join(trade).capitalize()}, or {on}"
        if trade:
            return f"{' or '.join(trade).capitalize()} here"
        if not left:
            return "Sail on by your free sea crossing"
        return f"Travel to a neighbouring city ({tickets} left)"
    if ph == "offer":
        if not told:  # another seat's hand: not told
            return "Play a matching offer or no more"
        cards = [m for m in legal if type(m) is Offer]
        return f"Play a matching offer ({plural(len(cards), 'card')}) or no more"
    if ph == "gallery":
        return "Choose a gallery space for your new rarity"
    if ph == "salvage":
        return "3rd floor: take a rarity from the discard pile"
    if ph == "exhibit":
        kinds = [K.TYPE_PLURALS[m.colour] for m in legal if type(m) is Exhibit]
        return "Exhibit " + ", ".join(kinds[:-1]) + " or " + kinds[-1]
    if ph == "errand":
        return "Run an errand from your hand, or none"
    if ph == "swap":
        if state.dropped:
            return "Run another errand from your hand in its place"
        return "You may swap a running errand for a card in hand"
    return "Choose a move"


def forgone_offers(state: SquireState, seat: int) -> str:
    """The matching cards' rewards, by card: 'card 20's 2 tickets'."""
    return " and ".join(f"card {c}'s {reward_text(K.CARD_BY_ID[c])}" for c in state.matching_cards(seat))


def gives_up(state: SquireState, seat: int, move: Any) -> str:
    """What `move` gives up that `seat` could have had now, in words ('' if
    nothing): ending the offers forgoes the matching cards' rewards, ending
    the errand step the exhibition's errand, dropping an errand its VP. A
    screen never makes such a move its default choice. Which cards are
    given up is told only on the seat's own view (the hand is secret)."""
    kind = type(move)
    p = state.players[seat]
    if kind is Done and state.phase == "offer":
        if not (state.is_view and state.view_seat == seat):  # read by others too (the last move, a replay)
            return "the rewards of the matching offers in hand"
        return forgone_offers(state, seat)
    if kind is Done and state.phase == "errand" and p.hand:
        return "this exhibition's errand"
    if kind is Drop:
        return f"errand {move.card} ({state.errand_points(move.card, seat)} VP now)"
    return ""


def explain_illegal(state: SquireState, seat: int, move: Any) -> str:
    """A plain sentence: why `move` cannot be played by `seat` now."""
    ph = state.phase
    p = state.players[seat]
    txt = movegen.texts(state).get(move, repr(move))
    kinds: dict[str, type | tuple[type, ...]] = {
        "board": ChooseBoard, "move": (Go, Trade), "offer": (Offer, Done), "gallery": Space,
        "salvage": Salvage, "exhibit": Exhibit, "errand": (Errand, Done), "swap": (Errand, Drop, Done),
    }
    if not isinstance(move, kinds.get(ph, ())):
        return f"{txt} is not possible now: {state.prompt(seat).lower()}"
    if isinstance(move, Exhibit):
        return "rare books cannot be exhibited (old sheets are too fragile)"
    if isinstance(move, ChooseBoard):
        return f"the {K.BOARDS[move.board].key} board is taken"
    if isinstance(move, Go):
        if p.pos >= 0 and state.start < 0:
            return "on your first turn you only place your pawn, then buy or sell"
        name = state.game_map.cities[move.city].name
        if move.city == p.pos:  # the cursor on your own city: not 'no route from Belfast to Belfast'
            return f"your pawn is in {name} already: point at another city"
        if all(nb != move.city for nb, _ in K.ADJ[state.map_key][p.pos]):
            return f"no road or sea route leads from {state.game_map.cities[p.pos].name} to {name}"
        if state.tickets_left(seat) <= 0:
            return "you have no ticket left for another move"
        return f"you could not leave {name} again: a turn may not end where it began"
    if isinstance(move, Trade):
        if not state.steps:
            return "you must move before you buy or sell"
        if p.pos == state.start:
            return "you must end your move in another city than the one you started in"
        if EMPTY not in p.gallery:
            return "your gallery is full: you can only sell"
        return (
            f"the rarity here costs {state.price(seat, p.pos, True)} and you have "
            f"{plural(p.coins + p.royal_coins, 'coin')}"
        )
    if isinstance(move, Offer):
        if move.card not in p.hand:
            return f"card {move.card} is not in your hand"
        return f"card {move.card}'s offer does not match this trade"
    if isinstance(move, Space):
        return f"gallery space {space_name(move.index)} is taken"
    if isinstance(move, Salvage):
        return f"there is no {colour_value(move.colour, move.value)} in the discard pile"
    if isinstance(move, Errand):
        if move.card not in p.hand:
            return f"card {move.card} is not in your hand"
        if ph == "swap":
            return "at another's sculpture exhibition you may only swap: give up a running errand first (x<card>)"
        return f"you already run {len(p.errands)} errands, your limit ({state.errand_limit(seat)})"
    if isinstance(move, Drop):
        if move.card not in p.errands:
            return f"you do not run errand {move.card}"
        return "you have already given up one errand"
    if ph == "swap" and state.dropped:
        return "you gave up an errand: run another in its place (e<card>)"
    return f"{txt} is not possible now"


def describe_move(state: SquireState, move: Any, seat: int | None = None) -> str:
    """The move in words, with what it costs or gives from here."""
    seat = state.actor if seat is None else seat
    p = state.players[seat]
    kind = type(move)
    cities = state.game_map.cities
    if kind is Go:
        name = cities[move.city].name
        if p.pos < 0:
            return f"start in {name}"
        sea = next((s for nb, s in K.ADJ[state.map_key][p.pos] if nb == move.city), None)
        if sea is None:
            return f"travel to {name}"
        return f"travel to {name} by {'sea' if sea else 'road'} ({state.step_ticket(seat, move.city)})"
    if kind is Trade:
        if p.pos < 0:
            return "buy" if move.buy else "sell"
        tile = state.cities[p.pos]
        what = tile_text(tile).replace("a ", "the ", 1) if tile is not HIDDEN and tile >= 0 else "the rarity"
        if tile is HIDDEN or tile < 0:
            return f"{'buy' if move.buy else 'sell'} {what} in {cities[p.pos].name}"
        price = state.price(seat, p.pos, move.buy)
        royal = f", {min(p.royal_coins, price)} of them Royal (kept)" if move.buy and p.royal_coins else ""
        return f"{'buy' if move.buy else 'sell'} {what} in {cities[p.pos].name} for {plural(price, 'coin')}{royal}"
    if kind is Offer:
        card = K.CARD_BY_ID.get(move.card)
        return f"play card {move.card}'s offer" + (f" ({offer_text(card)})" if card else "")
    if kind is Errand:
        card = K.CARD_BY_ID.get(move.card)
        if card is None:
            return f"run card {move.card} as an errand"
        return f"run card {move.card}'s errand: {errand_text(card)} ({state.errand_points(move.card, seat)} VP now)"
    if kind is Drop:
        card = K.CARD_BY_ID.get(move.card)
        if card is None:
            return f"give up errand {move.card}"
        return f"give up errand {move.card}: {errand_text(card)} ({state.errand_points(move.card, seat)} VP now)"
    if kind is Done:
        text = {
            "offer": "play no more offers",
            "errand": "run no errand",
            "swap": "keep your errands as they are",
        }.get(state.phase, "end this step")
        lost = state.gives_up(seat, move)
        return f"{text}: give up {lost}" if lost else text
    if kind is Space:
        return f"put {tile_text(state.pending)} in gallery space {space_name(move.index)}" + space_bonus(state, p, move.index)
    if kind is Salvage:
        return f"take {tile_text(tile_of(move.colour, move.value))} from the discard pile"
    if kind is Exhibit:
        if move.colour not in K.EXHIBITABLE:
            return "hold an exhibition of rare books (never allowed)"
        mine, theirs = state.exhibition_awards(seat, move.colour)
        others = "".join(f"; {seat_name(o)} {text}" for o, text in theirs)
        return f"hold an exhibition of {K.TYPE_PLURALS[move.colour]}: {mine}{others}"
    if kind is ChooseBoard:
        b = K.BOARDS[move.board]
        return f"take {b.name}: {b.ability}"
    return state.format_move(move)


def space_bonus(state: SquireState, p: Player, index: int) -> str:
    """The bonuses filling gallery space `index` would give now, in words."""
    out = []
    hall = K.HALLS.get(index)
    if hall:
        out.append(f"hall: {plural(hall[1], hall[0][:-1])}")
    floor, col = divmod(index, 4)
    if floor and all(p.gallery[i] >= 0 or i == index for i in K.FLOOR_SPACES[floor]):
        out.append("2nd floor: hand limit +2" if floor == 1 else "3rd floor: a rarity from the discard pile")
    if all(p.gallery[i] >= 0 or i == index for i in K.COLUMN_SPACES[col]):
        if col == 0 and state.bank_royal_tickets:
            out.append("left column: a Royal ticket")
        elif col == 3 and state.bank_royal_coins:
            out.append("right column: a Royal coin")
    return f" ({'; '.join(out)})" if out else ""


# ------------------------------------------------------------------ texts
def colour_value(colour: int, value: int) -> str:
    return f"{K.COLOUR_NAMES[colour]} {K.TYPE_NAMES[colour]} worth {value}"


def tile_text(tile: Any) -> str:
    """'a blue ceramic worth 4'."""
    if tile is HIDDEN or tile < 0:
        return "a face-down rarity"
    return a_or_an(colour_value(TC[tile], TV[tile]))


def tile_code(tile: Any) -> str:
    """'b4' for a blue 4; '??' for a hidden tile, '--' for none."""
    if tile is HIDDEN:
        return "??"
    if tile < 0:
        return "--"
    return f"{K.COLOURS[TC[tile]]}{TV[tile]}"


def tile_of(colour: int, value: int) -> int:
    """The first tile id of that colour and value (the same in words)."""
    return next(t for t in range(K.NUM_TILES) if TC[t] == colour and TV[t] == value)


def offer_text(card: K.Card) -> str:
    """'buy or sell in the red region: 3 coins'."""
    action = {"any": "buy or sell", "buy": "buy", "sell": "sell"}[card.trigger]
    if card.cond == "region":
        what = f"{action} in the {K.COLOUR_NAMES[K.COLOURS.index(card.colour)]} region"
    elif card.cond == "type":
        c = K.COLOURS.index(card.colour)
        what = f"{action} {a_or_an(K.TYPE_NAMES[c])} ({K.COLOUR_NAMES[c]})"
    else:
        what = f"{action} any rarity"
    return f"{what}: {card.amount} {card.reward if card.amount != 1 else card.reward[:-1]}"


def reward_text(card: K.Card) -> str:
    """An offer's reward: '2 tickets', '1 ticket'."""
    return plural(card.amount, card.reward[:-1])


def errand_text(card: K.Card) -> str:
    """The errand's scoring in words."""
    names = [K.TYPE_NAMES[K.COLOURS.index(ch)] for ch in card.arg]
    return K.ERRANDS[card.errand].format(*names)


def card_text(cid: int) -> str:
    """Offer and errand of card `cid`."""
    card = K.CARD_BY_ID.get(cid)
    if card is None:
        return "a hidden card"
    return f"offer: {offer_text(card)} / errand: {errand_text(card)}"
