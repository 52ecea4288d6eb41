"""Square and Compass in words: prompts, what a move does, why a move is
not legal, and the JSON snapshot."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import seat_name
from engine.words import a_or_an
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.movegen import build_shortfall
from rulesets.square_and_compass.moves import (
    FOREMAN,
    LOOT_BASE,
    Build,
    ChooseArchitect,
    Convert,
    DiscardContract,
    DiscardTech,
    Done,
    Dup,
    Pass,
    Perk,
    Place,
    Play,
    Process,
    Solar,
    TakeContract,
    TakeResource,
    TakeTech,
    Target,
    format_move,
)

if TYPE_CHECKING:
    from rulesets.square_and_compass.state import CompassState

STEP_PROMPTS = {
    "harvest": "take 2 normal resources, or 1 sustainable or 1 blueprint",
    "res": "take a resource card from a stall or the deck",
    "res_n": "take a normal resource from a stall or the deck",
    "con": "take a building contract from a stall or the deck",
    "tech": "take a technician, hazard or project card from a stall or the deck",
    "proc": "process a resource card into its material",
    "refine1": "process 1 resource, or turn 2 alike into any material",
    "refine2": "process a resource (up to 2), or turn 2 alike into any material",
    "convert": "turn 2 alike cards into any material",
    "play": "play a technician, hazard or project card",
    "build": "complete a building contract",
    "solar": "turn a normal material into a sustainable one",
    "dup": "duplicate one of your normal materials",
    "steal_con": "choose a neighbour to steal a contract from",
    "steal_bp": "choose a neighbour to steal a blueprint from",
    "burn": "choose whose resource or T/H/P cards to burn",
    "steal_mat": "choose a neighbour's material to steal",
}
"""What each step asks for."""


def _contract_text(cid: int) -> str:
    c = K.CONTRACTS[cid]
    cost = " ".join(f"{n} {K.MATERIAL_NAMES[k]}" for k, n in enumerate(c.cost) if n)
    return f"{c.name} ({K.STYLES[c.style]}, {c.vp} VP: {cost}, {c.blueprints} blueprint{'s' if c.blueprints > 1 else ''})"


CONTRACT_TEXTS = tuple(_contract_text(cid) for cid in range(len(K.CONTRACTS)))


def contract_text(cid: int) -> str:
    """'Bauhaus (modern, 4 VP: 2 glass 1 steel 1 brick, 1 blueprint)'."""
    return CONTRACT_TEXTS[cid]


def prompt(st: "CompassState", seat: int) -> str:
    """What `seat` is asked to do now, in a few words."""
    if st.phase == "over":
        return "The game is over"
    if seat not in st.to_act():
        if st.phase == "architect":
            return "Wait: the others are still choosing an architect"
        return f"Wait for {seat_name(st.seat)}"
    if st.phase == "architect":
        return "Choose your architect (sealed until all have chosen)"
    if st.phase == "turn":
        p = st.players[seat]
        return f"Round {st.round}: place a tile ({p.tiles_left} left), use your perk or pass"
    if st.phase == "discard":
        return "Over the hand limit: discard a contract or a T/H/P card"
    part = st.parts[0]
    text = STEP_PROMPTS[part.rstrip("?")].capitalize()
    return text + (", or done" if part.endswith("?") else "")


def describe(st: "CompassState", move: Any, seat: int) -> str:
    """What `move` does, in words, from this position."""
    p = st.players[seat]
    if isinstance(move, ChooseArchitect):
        a = K.ARCHITECTS[move.architect]
        perk = K.PERKS[a.perk]
        passives = "; ".join(K.PASSIVES[x] for x in a.passives)
        return (f"play {a.name} ({K.STYLES[a.style]}): perk {perk[0]} ({perk[1]}); {passives}; "
                f"special building {K.CONTRACTS[a.special].name}")
    if isinstance(move, Place):
        act = K.ACTIONS[move.action]
        return f"place a tile on {act.name}: {act.text} ({st.room(move.action)} room left)"
    if isinstance(move, Perk):
        perk = K.PERKS[K.ARCHITECTS[p.architect].perk]
        return f"use your perk {perk[0]}: {perk[1]} (once a round, no tile)"
    if isinstance(move, Pass):
        return "pass: take no more turns this round"
    if isinstance(move, Done):
        return "skip the rest of this step"
    if isinstance(move, TakeResource):
        if move.stall == 5:
            return "draw the top card of the resource deck"
        return f"take the {K.card_name(st.res_market[move.stall])} from resource stall {move.stall + 1}"
    if isinstance(move, TakeContract):
        if move.stall == 4:
            return "draw the top card of the contract deck"
        return f"take {contract_text(st.con_market[move.stall])}"
    if isinstance(move, TakeTech):
        if move.stall == 2:
            return "draw the top card of the T/H/P deck"
        c = K.CARDS[st.thp_market[move.stall]]
        return f"take the {c.name} ({c.kind}: {c.text})"
    if isinstance(move, Process):
        return f"process {a_or_an(K.card_name(move.card))} card into 1 {K.material_name(move.card)}"
    if isinstance(move, Convert):
        m = move.kind + (K.SUST if K.SUST <= move.card < K.BLUEPRINT else 0)
        return f"turn 2 {K.card_name(move.card)} cards into 1 {K.material_name(m)}"
    if isinstance(move, Play):
        c = K.CARDS[move.card]
        return f"play the {c.name} ({c.kind}): {c.text}"
    if isinstance(move, Build):
        con = K.CONTRACTS[move.contract]
        pay = st.payment(seat, move.contract, move.normal_first, move.foreman)
        bps = st.blueprints_needed(seat, move.contract)
        if pay is None:
            return f"complete {con.name} ({con.vp} VP)"
        sust = sum(pay[K.SUST:])
        bonus = sust + (K.SUSTAIN_ALL_BONUS if sust == sum(pay) else 0)
        paid = ", ".join(f"{n} {K.material_name(code)}" for code, n in enumerate(pay) if n)
        bp = f" and {bps} blueprint{'s' if bps > 1 else ''}" if bps else ""
        return f"complete {con.name} ({K.STYLES[con.style]}): pay {paid}{bp}; score {con.vp} + {bonus} VP"
    if isinstance(move, Solar):
        return f"turn 1 {K.material_name(move.src)} into 1 {K.material_name(move.dst + K.SUST)}"
    if isinstance(move, Dup):
        return f"take another {K.material_name(move.kind)} from the supply"
    if isinstance(move, Target):
        part = st.parts[0].rstrip("?") if st.parts else ""
        who = seat_name(move.seat)
        if part == "steal_con":
            return f"steal a contract at random from {who}"
        if part == "steal_bp":
            return f"steal a blueprint from {who}"
        if part == "burn":
            return f"burn a random {'resource card' if move.what == 0 else 'T/H/P card'} of {who}"
        return f"steal {a_or_an(K.material_name(move.what - LOOT_BASE))} from {who}"
    if isinstance(move, DiscardContract):
        return f"discard the contract {K.CONTRACTS[move.contract].name}"
    if isinstance(move, DiscardTech):
        return f"discard {a_or_an(K.CARDS[move.card].name)}"
    return format_move(move)


def explain(st: "CompassState", seat: int, move: Any) -> str:
    """Why `move` is not legal for `seat` now, in a player's words."""
    p = st.players[seat]
    ph = st.phase
    try:
        text = format_move(move)
    except TypeError:
        return f"{move!r} is not a Square and Compass move"
    if ph == "architect":
        if isinstance(move, ChooseArchitect):
            return f"{K.ARCHITECTS[move.architect].name} was not dealt to you"
        return f"{text} is not possible now: first choose your architect"
    if isinstance(move, (Place, Perk, Pass)) and ph != "turn":
        return f"{text} is not possible now: {prompt(st, seat).lower()}"
    if isinstance(move, Place):
        act = K.ACTIONS[move.action]
        if move.action not in st.open_actions():
            return f"{act.name} is not open yet (it opens after someone's 2nd, 4th or 6th contract)"
        if st.room(move.action) <= 0:
            return f"{act.name} is full this round ({st.num_players} tiles)"
        if p.tiles_left <= 0:
            return "you have no action tile left this round"
        if "build" in act.parts:
            return f"{act.name} could do nothing for you now: {build_shortfall(st, seat)}"
        return f"{act.name} could do nothing for you now"
    if isinstance(move, Perk):
        if p.perk_used:
            return "you have already used your perk this round"
        if p.tiles_left <= 0:
            return "you have no action tile left: your round is over"
        return "your perk could do nothing now"
    if ph == "discard":
        if isinstance(move, DiscardContract):
            if len(p.contracts) <= st.contract_limit(seat):
                return "you are within your contract limit"
            return "that contract is not in your hand"
        if isinstance(move, DiscardTech):
            if len(p.thp) <= st.tech_limit(seat):
                return "you are within your T/H/P card limit"
            return "you have no such card"
        return f"{text} is not possible now: discard down to your hand limits first"
    if ph != "act":
        return f"{text} is not possible now: {prompt(st, seat).lower()}"
    part = st.parts[0].rstrip("?")
    if isinstance(move, Done):
        return "this step is not optional"
    if isinstance(move, TakeResource):
        if part not in ("harvest", "res", "res_n"):
            return f"you cannot take a resource now: {prompt(st, seat).lower()}"
        if move.stall == 5:
            return "the resource deck and its discard pile are empty"
        card = st.res_market[move.stall]
        if card == -1:
            return f"resource stall {move.stall + 1} is empty"
        return f"this step takes a normal resource, not {a_or_an(K.card_name(card))}"
    if isinstance(move, TakeContract):
        if part != "con":
            return f"you cannot take a contract now: {prompt(st, seat).lower()}"
        return "that contract stall is empty" if move.stall < 4 else "the contract deck is empty"
    if isinstance(move, TakeTech):
        if part != "tech":
            return f"you cannot take a T/H/P card now: {prompt(st, seat).lower()}"
        return "that T/H/P stall is empty" if move.stall < 2 else "the T/H/P deck is empty"
    if isinstance(move, (Process, Convert)):
        allowed = ("proc", "refine1", "refine2") if isinstance(move, Process) else ("refine1", "refine2", "convert")
        if part not in allowed:
            return f"you cannot {'process' if isinstance(move, Process) else 'convert'} now: {prompt(st, seat).lower()}"
        card = move.card
        have = p.blueprints if card == K.BLUEPRINT else p.hand.count(card)
        need = 1 if isinstance(move, Process) else 2
        if have < need:
            return f"you need {need} {K.card_name(card)} card{'s' if need > 1 else ''} and have {have}"
        return "the supply has no such material left"
    if isinstance(move, Play):
        if part != "play":
            return f"you cannot play a card now: {prompt(st, seat).lower()}"
        return f"you have no {K.CARDS[move.card].name} in your hand"
    if isinstance(move, Build):
        if part != "build":
            return f"you cannot complete a contract now: {prompt(st, seat).lower()}"
        if move.contract not in p.contracts:
            return "that contract is not in your hand"
        need = st.blueprints_needed(seat, move.contract)
        if p.blueprints < need:
            return f"you need {need} blueprint{'s' if need > 1 else ''} and have {p.blueprints}"
        if move.foreman >= 0 and (st.rules_version < 2 or FOREMAN not in p.thp):
            return ("under rules version 1 the Foreman is played as an action (ufo)" if st.rules_version < 2
                    else "you hold no Foreman")
        if st.payment(seat, move.contract, move.normal_first, move.foreman) is None:
            return f"you lack materials for {K.CONTRACTS[move.contract].name}"
        return "paying normal materials first changes nothing here: use the plain move"
    if isinstance(move, (Solar, Dup)):
        return f"{text} is not possible now: {prompt(st, seat).lower()}"
    if isinstance(move, Target):
        if part not in ("steal_con", "steal_bp", "burn", "steal_mat"):
            return "there is no hazard to aim now"
        if move.seat == seat:
            return "a hazard cannot target you yourself"
        if part != "burn" and move.seat not in st.neighbours(seat):
            return f"{seat_name(move.seat)} is not your left or right neighbour"
        if st.players[move.seat].passive("sturdy"):
            return f"{seat_name(move.seat)}'s architect cannot be targeted by hazards"
        return f"{seat_name(move.seat)} has nothing of that kind"
    return f"{text} is not possible now: {prompt(st, seat).lower()}"
