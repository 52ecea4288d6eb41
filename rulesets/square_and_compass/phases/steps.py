"""The moves that carry out a step ("part") of an action: take from a
market (refilled at once; the resource market resets on 3 blueprints or 5
of one kind), process, convert, play a T/H/P card, a hazard's target,
complete a contract. Each gets the part it carries out, just taken off."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.core import Event, seat_ref
from engine.events import for_reader
from engine.words import a_or_an
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import EMPTY
from rulesets.square_and_compass.moves import (
    FOREMAN,
    LOOT_BASE,
    Build,
    Convert,
    Done,
    Dup,
    Play,
    Process,
    Solar,
    TakeContract,
    TakeResource,
    TakeTech,
    Target,
)
from rulesets.square_and_compass.words import contract_text

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState, Player


# The moves that carry out a step of an action (`part`, just taken off).
def do_done(st: CompassState, seat: int, part: str, move: Done) -> list[Event]:
    return []


def do_take_resource(st: CompassState, seat: int, part: str, move: TakeResource) -> list[Event]:
    card, events = take_resource(st, seat, move.stall)
    if part == "harvest" and (move.stall == 5 or card < K.SUST):
        st.parts.insert(0, "res_n?")
    return events


def do_take_contract(st: CompassState, seat: int, part: str, move: TakeContract) -> list[Event]:
    return take_card(st, seat, move.stall, st.con_deck, st.con_discard, st.con_market,
                           st.players[seat].contracts, "contract", lambda c: "the contract " + contract_text(c))


def do_take_tech(st: CompassState, seat: int, part: str, move: TakeTech) -> list[Event]:
    return take_card(st, seat, move.stall, st.thp_deck, st.thp_discard, st.thp_market,
                           st.players[seat].thp, "T/H/P card", lambda c: a_or_an(K.CARDS[c].name))


def do_process(st: CompassState, seat: int, part: str, move: Process) -> list[Event]:
    p = st.players[seat]
    p.hand.remove(move.card)
    st.res_discard.append(move.card)
    gain(st, p, move.card)
    if part == "refine2":
        st.parts.insert(0, "proc?")
    return [Event(f"{seat_ref(seat)} processes {K.card_name(move.card)} into {K.material_name(move.card)}")]


def do_convert(st: CompassState, seat: int, part: str, move: Convert) -> list[Event]:
    p = st.players[seat]
    c = move.card
    if c == K.BLUEPRINT:
        p.blueprints -= 2
        m = move.kind
    else:
        p.hand.remove(c)
        p.hand.remove(c)
        m = move.kind + (K.SUST if c >= K.SUST else 0)
    st.res_discard += [c, c]
    gain(st, p, m)
    return [Event(f"{seat_ref(seat)} turns two {K.card_name(c)} cards into {K.material_name(m)}")]


def do_play(st: CompassState, seat: int, part: str, move: Play) -> list[Event]:
    return play(st, seat, move.card)


def do_build(st: CompassState, seat: int, part: str, move: Build) -> list[Event]:
    return build(st, seat, move.contract, move.normal_first, move.foreman)


def do_solar(st: CompassState, seat: int, part: str, move: Solar) -> list[Event]:
    p = st.players[seat]
    p.materials[move.src] -= 1
    st.supply[move.src] += 1
    gain(st, p, move.dst + K.SUST)
    return [Event(f"{seat_ref(seat)} turns {K.material_name(move.src)} into {K.material_name(move.dst + K.SUST)}")]


def do_dup(st: CompassState, seat: int, part: str, move: Dup) -> list[Event]:
    gain(st, st.players[seat], move.kind)
    return [Event(f"{seat_ref(seat)} duplicates {a_or_an(K.material_name(move.kind))}")]


def gain(st: CompassState, p: Player, code: int) -> None:
    st.supply[code] -= 1
    p.materials[code] += 1


def receive(st: CompassState, p: Player, card: int) -> None:
    """A resource card into a hand (a blueprint lies in front instead)."""
    if card == K.BLUEPRINT:
        p.blueprints += 1
    else:
        p.hand.append(card)
        p.hand.sort()


def draw(st: CompassState, deck: list[Any], discard: list[int]) -> int:
    """The deck's top card, reshuffling the discard pile when it is empty."""
    if not deck:
        deck += discard
        discard.clear()
        st.rng.shuffle(deck)
    card: int = deck.pop()
    return card


def take_resource(st: CompassState, seat: int, stall: int) -> tuple[int, list[Event]]:
    who = seat_ref(seat)
    p = st.players[seat]
    if stall == 5:
        card = draw(st, st.res_deck, st.res_discard)
        receive(st, p, card)
        if card == K.BLUEPRINT:
            return card, [Event(f"{who} draws a blueprint from the resource deck")]
        return card, [
            Event(f"{who} draws a resource card from the deck", told_privately=seat),
            Event(f"You draw {K.card_name(card)} from the resource deck", private_to=seat),
        ]
    card = st.res_market[stall]
    receive(st, p, card)
    events = [Event(f"{who} takes {K.card_name(card)} from resource stall {stall + 1}")]
    st.res_market[stall] = draw(st, st.res_deck, st.res_discard) if st.deck_has(st.res_deck, st.res_discard) else EMPTY
    return card, events + check_reset(st)


def check_reset(st: CompassState) -> list[Event]:
    """3 blueprints, or 5 of one resource, in the market: a new market."""
    events = []
    for _ in range(10):
        shown = [c for c in st.res_market if c != EMPTY]
        kinds = [c % K.SUST for c in shown if c != K.BLUEPRINT]
        if shown.count(K.BLUEPRINT) < 3 and not (len(kinds) >= 5 and any(kinds.count(k) >= 5 for k in range(5))):
            break
        st.res_discard += shown
        st.res_market = [EMPTY] * K.MARKET_RESOURCES
        for i in range(K.MARKET_RESOURCES):
            if st.deck_has(st.res_deck, st.res_discard):
                st.res_market[i] = draw(st, st.res_deck, st.res_discard)
        events.append(Event("The resource market resets: its cards are discarded and 5 new ones laid out"))
    return events


def take_card(st: CompassState, seat: int, stall: int, deck: list[Any], discard: list[int], market: list[int],
               hand: list[Any], what: str, name: Callable[[int], str]) -> list[Event]:
    """A contract or T/H/P card from a stall (refilled at once) or from
    the deck's top (the stall number past the last; seen by the taker only)."""
    who = seat_ref(seat)
    if stall == len(market):
        card = draw(st, deck, discard)
        hand.append(card)
        return [Event(f"{who} draws {a_or_an(what)} from the deck", told_privately=seat),
                Event(f"You draw {name(card)} from the deck", private_to=seat)]
    card = market[stall]
    hand.append(card)
    market[stall] = draw(st, deck, discard) if st.deck_has(deck, discard) else EMPTY
    return [Event(f"{who} takes {name(card)} from {what} stall {stall + 1}")]


def play(st: CompassState, seat: int, card: int) -> list[Event]:
    who = seat_ref(seat)
    p = st.players[seat]
    c = K.CARDS[card]
    p.thp.remove(card)
    st.thp_discard.append(card)
    events = [Event(f"{who} plays {a_or_an(c.name)}: {for_reader(c.text, seat, None)}")]
    if c.vp:
        extra = 1 if p.passive("projects+1") else 0
        p.vp_projects += c.vp
        p.vp_perks += extra
        events.append(Event(f"{who} scores {c.vp + extra} VP"))
    st.parts[0:0] = list(c.parts)
    return events


def do_hazard(st: CompassState, seat: int, part: str, move: Target) -> list[Event]:
    who, them = seat_ref(seat), seat_ref(move.seat)
    p, q = st.players[seat], st.players[move.seat]
    if part == "steal_con":
        cid = q.contracts.pop(st.rng.below(len(q.contracts)))
        p.contracts.append(cid)
        return [
            Event(f"{who} steals a contract from {them}"),
            Event(f"You steal {contract_text(cid)}", private_to=seat),
            Event(f"{who} steals your contract {K.CONTRACTS[cid].name}", private_to=move.seat),
        ]
    if part == "steal_bp":
        q.blueprints -= 1
        p.blueprints += 1
        return [Event(f"{who} steals a blueprint from {them}")]
    if part == "burn":
        pile = q.hand if move.what == 0 else q.thp
        card = pile.pop(st.rng.below(len(pile)))
        if move.what == 0:
            st.res_discard.append(card)
            name = K.card_name(card)
        else:
            st.thp_discard.append(card)
            name = a_or_an(K.CARDS[card].name)
        return [Event(f"{who} burns {them}'s {name}")]
    m = move.what - LOOT_BASE
    q.materials[m] -= 1
    p.materials[m] += 1
    return [Event(f"{who} steals {K.material_name(m)} from {them}")]


def build(st: CompassState, seat: int, cid: int, normal_first: bool, foreman: int = -1) -> list[Event]:
    who = seat_ref(seat)
    p = st.players[seat]
    c = K.CONTRACTS[cid]
    pay = st.payment(seat, cid, normal_first, foreman)
    assert pay is not None
    bps = st.blueprints_needed(seat, cid)
    for code, n in enumerate(pay):
        p.materials[code] -= n
        st.supply[code] += n
    p.blueprints -= bps
    st.res_discard += [K.BLUEPRINT] * bps
    p.contracts.remove(cid)
    p.built.append(cid)
    sust = sum(pay[K.SUST:])
    total = sum(pay)
    bonus = sust + (K.SUSTAIN_ALL_BONUS if sust == total else 0)
    arch = K.ARCHITECTS[p.architect] if p.architect >= 0 else None
    own = arch is not None and arch.style == c.style
    perk = 1 if own and p.passive("style+1") else 0
    p.vp_contracts += c.vp
    p.vp_sustain += bonus
    p.vp_perks += perk
    gems = min(st.gem_bank, sust + (1 if sust and p.passive("gems+1") else 0))
    st.gem_bank -= gems
    p.gems += gems
    paid = ", ".join(f"{n} {K.material_name(code)}" for code, n in enumerate(pay) if n)
    if bps:
        paid += f" and {bps} blueprint{'s' if bps > 1 else ''}"
    if foreman >= 0:  # rules version 2: the Foreman is used up in the completion
        p.thp.remove(FOREMAN)
        st.thp_discard.append(FOREMAN)
        paid += f" (the Foreman duplicates a {K.material_name(foreman)})"
    events = [Event(
        f"{who} completes {c.name} ({K.STYLES[c.style]}), paying {paid}: "
        f"{c.vp} VP + {bonus} sustainability{f' + {perk} architect' if perk else ''}"
        f"{f', {gems} gem' + ('s' if gems > 1 else '') if gems else ''}"
    )]
    done = len(p.built)
    if done in K.TILE_UNLOCK_AT:
        p.tiles += 1
        events.append(Event(f"{who} gains an action tile ({p.tiles} now), usable this round"))
    if done in K.LATE_OPEN_AT and st.late_open < K.LATE_OPEN_AT.index(done) + 1:
        opened = st.late_order[st.late_open]
        st.late_open += 1
        events.append(Event(f"{K.ACTIONS[opened].name} opens"))
    if done >= K.END_AT and not st.ending:
        st.ending = True
        events.append(Event(f"{who} has completed a 7th contract: the game ends after this round"))
    st.last_build = st.round
    special = arch is not None and arch.special == cid
    st.parts[0:0] = ["tech", "tech"] if special else ["tech"]
    if special:
        events.append(Event(f"{who} built their special building: 2 T/H/P cards"))
    return events


PART_STEPS: dict[type, Callable[..., list[Event]]] = {
    Done: do_done,
    TakeResource: do_take_resource,
    TakeContract: do_take_contract,
    TakeTech: do_take_tech,
    Process: do_process,
    Convert: do_convert,
    Play: do_play,
    Build: do_build,
    Solar: do_solar,
    Dup: do_dup,
    Target: do_hazard,
}
"""How each move that carries out a step is played."""
