"""The Square and Compass position and its rules (see RULES.md).

A turn is a run of moves by one seat: place a tile on an action (or use the
architect's perk, or pass), then the action's steps ("parts": take from a
market, process, play a card, complete a contract ...), then discards down to
the hand limits. The architect choice at the start is sealed and simultaneous.
All chance comes from the seeded Rng kept in the state.

Why one module over 900 lines: it is one dataclass whose methods are the
game's rules over its fields (actions and their parts, markets, contracts,
cards, the end and its scoring); the steps of moves (step_moves.py), words
and snapshots (words.py), sampling, content, notation, the picture and the
evaluation are already modules of their own.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_ref
from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HIDDEN_RNG
from engine.rng import Rng
from engine.words import a_or_an
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import (
    EMPTY,
    style_bonus,
)
from rulesets.square_and_compass.moves import (
    DONE,
    FOREMAN,
    LOOT_BASE,
    PASS,
    TEXT,
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
    parse_text,
)
from rulesets.square_and_compass.step_moves import (
    ARCH_PASSIVES,
    BLUEPRINTS_NEEDED,
    DONE_LAST,
    PART_BASE,
    PART_MOVES,
    PART_POSSIBLE,
    PASS_BIT,
    PERK_BIT,
    PERK_NEEDS,
    PERK_TESTS,
    TURN_PLAN,
    TURN_TESTS,
)

DECK_STALL = {TakeResource: 5, TakeContract: 4, TakeTech: 2}
"""The `stall` number that means the deck's top, per take move."""
TAKE_PARTS = {"harvest", "res", "res_n", "con", "tech"}
ACTION_RANGE = range(len(K.ACTIONS))


@dataclass
class Player:
    """One seat's table: architect, hands, materials, contracts and tiles."""

    options: list[Any] = field(default_factory=list)
    """The two architects dealt (private; HIDDEN in others' views)."""
    choice: Any = EMPTY
    """The sealed pick before all have chosen (HIDDEN in others' views)."""
    architect: int = EMPTY
    """The architect played (public once all have chosen)."""
    hand: list[Any] = field(default_factory=list)
    """Resource cards, codes 0..9 (private)."""
    blueprints: int = 0
    """Blueprint cards lying in front of the player (public)."""
    materials: list[int] = field(default_factory=lambda: [0] * 10)
    """Material tokens per code: kind 0..4 normal, 5..9 sustainable."""
    contracts: list[Any] = field(default_factory=list)
    """Contract ids in hand (private)."""
    built: list[int] = field(default_factory=list)
    """Completed contract ids, in order."""
    thp: list[Any] = field(default_factory=list)
    """Technician/hazard/project card types in hand (private)."""
    gems: int = 0
    vp_contracts: int = 0
    vp_sustain: int = 0
    vp_projects: int = 0
    vp_perks: int = 0
    """VP scored during the game, by source."""
    tiles: int = K.START_TILES
    """Action tiles available (3, then 4, 5, 6 after contracts 1, 3, 5)."""
    used: int = 0
    """Tiles placed this round."""
    passed: bool = False
    perk_used: bool = False
    """The active perk was used this round."""

    def copy(self) -> "Player":
        """An independent copy."""
        return copy_with_lists(self, ("options", "hand", "materials", "contracts", "built", "thp"))

    def passive(self, key: str) -> bool:
        """Whether this player's architect has passive perk `key`."""
        return key in ARCH_PASSIVES[self.architect]

    @property
    def vp(self) -> int:
        """VP on the track (scored during the game)."""
        return self.vp_contracts + self.vp_sustain + self.vp_projects + self.vp_perks

    @property
    def tiles_left(self) -> int:
        """Tiles still to place this round."""
        return self.tiles - self.used


@dataclass
class CompassState(GameState):
    """A Square and Compass position: markets, decks, board and players."""

    position_words = "rulesets.square_and_compass.position"

    hidden_information = True  # hands, decks and sealed choices: each seat sees its view()

    rules_version = 2  # the newest (the ruleset's `version`); RULES.md, "Version history"
    num_players: int
    rng: Rng = field(default_factory=Rng)
    """All chance: setup shuffles, reshuffles, hazards' random picks."""
    res_deck: list[Any] = field(default_factory=list)
    """Resource deck, face down; the next card drawn is the last."""
    res_discard: list[int] = field(default_factory=list)
    """Resource cards used or discarded, face up."""
    res_market: list[int] = field(default_factory=list)
    """The 5 resource stalls (card code or -1)."""
    con_deck: list[Any] = field(default_factory=list)
    con_discard: list[int] = field(default_factory=list)
    con_market: list[int] = field(default_factory=list)
    """The 4 contract stalls (contract id or -1)."""
    thp_deck: list[Any] = field(default_factory=list)
    thp_discard: list[int] = field(default_factory=list)
    thp_market: list[int] = field(default_factory=list)
    """The 2 T/H/P stalls (card type or -1)."""
    supply: list[int] = field(default_factory=lambda: [K.NORMAL_SUPPLY] * 5 + [K.SUSTAINABLE_SUPPLY] * 5)
    """Material tokens left in the bank, per code."""
    gem_bank: int = K.GEMS
    board: list[list[int]] = field(default_factory=lambda: [[] for _ in K.ACTIONS])
    """Per action space: the seats whose tiles lie there, in order."""
    late_order: list[int] = field(default_factory=list)
    """The late actions in the order they open (drawn at setup, public)."""
    late_open: int = 0
    """How many late actions are open."""
    players: list[Player] = field(default_factory=list)
    first: int = 0
    """Holder of the first player token this round."""
    seat: int = 0
    """Whose turn it is."""
    round: int = 1
    phase: str = "architect"
    """architect, turn, act, discard or over."""
    action: int = EMPTY
    """The action being carried out (-1: the perk or none)."""
    parts: list[str] = field(default_factory=list)
    """Steps of the current action still to do; '?' marks optional ones."""
    ending: bool = False
    """A 7th contract was completed: the game ends with this round."""
    last_build: int = 0
    """The round of the latest completed contract (0: none yet)."""
    end_reason: str = ""
    round_limit: int = 0
    """Option: end after this round (0: no limit, play to a 7th contract)."""

    # ----------------------------------------------------------------- setup
    @classmethod
    def setup(cls, players: int, seed: int, round_limit: int = 0) -> "CompassState":
        """The stated setup for 2–5 players, all chance from `seed`."""
        if not 2 <= players <= 5:
            raise ValueError("Square and Compass is for 2–5 players")
        if round_limit < 0:
            raise ValueError("option rounds must be 0 (no limit) or more")
        rng = Rng(seed)
        st = cls(num_players=players, rng=rng, round_limit=round_limit)
        st.players = [Player() for _ in range(players)]
        archs = list(range(len(K.ARCHITECTS)))
        rng.shuffle(archs)
        for s, p in enumerate(st.players):
            p.options = sorted(archs[2 * s: 2 * s + 2])
        st.res_deck = [code for code, n in sorted(K.RESOURCE_DECK.items()) for _ in range(n)]
        rng.shuffle(st.res_deck)
        for p in st.players:
            for _ in range(K.START_RESOURCES):
                st._receive(p, st.res_deck.pop())
        st.res_market = [st.res_deck.pop() for _ in range(K.MARKET_RESOURCES)]
        st._check_reset()
        st.con_deck = list(range(len(K.CONTRACTS)))
        rng.shuffle(st.con_deck)
        st.con_market = [st.con_deck.pop() for _ in range(K.MARKET_CONTRACTS)]
        st.thp_deck = [i for i, c in enumerate(K.CARDS) for _ in range(c.count)]
        rng.shuffle(st.thp_deck)
        for p in st.players:
            p.thp = [st.thp_deck.pop() for _ in range(K.START_TECHS)]
        st.thp_market = [st.thp_deck.pop() for _ in range(K.MARKET_TECHS)]
        st.late_order = list(K.LATE_ACTIONS)
        rng.shuffle(st.late_order)
        st.first = st.seat = rng.below(players)
        return st

    # --------------------------------------------------------------- queries
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "architect":
            return tuple(s for s, p in enumerate(self.players) if p.choice == EMPTY)
        return (self.seat,)

    def contract_limit(self, seat: int) -> int:
        """2, or 3 with the contracts+1 perk."""
        return K.CONTRACT_LIMIT + self.players[seat].passive("contracts+1")

    def tech_limit(self, seat: int) -> int:
        """3; +1 with the techs+1 perk; +1 once your special building stands."""
        p = self.players[seat]
        special = p.architect >= 0 and K.ARCHITECTS[p.architect].special in p.built
        return K.TECH_LIMIT + p.passive("techs+1") + special

    def open_actions(self) -> set[int]:
        """Action spaces in play now."""
        closed = set(self.late_order[self.late_open:])
        return {a for a in range(len(K.ACTIONS)) if a not in closed}

    def room(self, action: int) -> int:
        """Tiles that still fit on an action space this round."""
        return self.num_players - len(self.board[action])

    def blueprints_needed(self, seat: int, cid: int) -> int:
        """Blueprints `seat` must pay for contract `cid`."""
        return BLUEPRINTS_NEEDED[self.players[seat].architect][cid]

    def payment(self, seat: int, cid: int, normal_first: bool = False, foreman: int = -1) -> list[int] | None:
        """Materials paid per code for contract `cid`, or None if `seat`
        cannot pay it (materials or blueprints short). `foreman`: the kind
        the Foreman duplicates (rules version 2): one normal token of it the
        player holds counts twice, so one fewer of that kind is paid."""
        p = self.players[seat]
        if p.blueprints < self.blueprints_needed(seat, cid):
            return None
        pay = [0] * 10
        cost = K.CONTRACTS[cid].cost
        if foreman >= 0:
            if not (cost[foreman] and p.materials[foreman]):
                return None  # nothing of that kind is asked for, or no normal token of it to copy
            cost = tuple(n - (k == foreman) for k, n in enumerate(cost))
        for k, need in enumerate(cost):
            if not need:
                continue
            normal, sust = p.materials[k], p.materials[k + K.SUST]
            if normal + sust < need:
                return None
            if normal_first:
                pay[k] = min(normal, need)
                pay[k + K.SUST] = need - pay[k]
            else:
                pay[k + K.SUST] = min(sust, need)
                pay[k] = need - pay[k + K.SUST]
        return pay

    def shortfall(self, seat: int, cid: int) -> tuple[list[int], int]:
        """What `seat` still lacks for contract `cid`: materials per kind
        (normal and sustainable count alike) and blueprints."""
        p = self.players[seat]
        kinds = [max(0, need - p.materials[k] - p.materials[k + K.SUST])
                 for k, need in enumerate(K.CONTRACTS[cid].cost)]
        return kinds, max(0, self.blueprints_needed(seat, cid) - p.blueprints)

    def neighbours(self, seat: int) -> list[int]:
        """Left and right neighbours (one seat with 2 players)."""
        n = self.num_players
        return sorted({(seat - 1) % n, (seat + 1) % n})

    def targets(self, seat: int, seats: list[int]) -> list[int]:
        """The seats among `seats` a hazard of `seat` may aim at."""
        return [s for s in seats if s != seat and not self.players[s].passive("sturdy")]

    def deck_has(self, deck: list[Any], discard: list[int]) -> bool:
        """A card can be drawn from this deck (reshuffling the discard)."""
        return bool(deck) or bool(discard)

    def is_open(self, action: int) -> bool:
        """Whether an action space is in play now."""
        return action in ACTION_RANGE and action not in self.late_order[self.late_open:]

    # Each step's moves and quick test live in step_moves.py; both read the
    # live position every time (nothing is cached between moves).
    def part_moves(self, seat: int, part: str) -> list[Any]:
        """The moves that carry out step `part` for `seat` now (no Done), in
        notation order."""
        gen = PART_MOVES.get(PART_BASE.get(part) or part.rstrip("?"))
        if gen is None:
            raise ValueError(f"unknown step {part!r}")
        return gen(self, seat)

    def part_possible(self, seat: int, part: str) -> bool:
        """Whether step `part` could do something for `seat` now (the glass
        step: whether the supply has a glass)."""
        test = PART_POSSIBLE.get(PART_BASE.get(part) or part.rstrip("?"))
        if test is None:
            raise ValueError(f"unknown step {part!r}")
        return test(self, seat)

    def can_run(self, seat: int, parts: Sequence[str]) -> bool:
        """Whether any step of an action could do something now."""
        for part in parts:
            if self.part_possible(seat, part):
                return True
        return False

    def perk_parts(self, seat: int) -> tuple[str, ...]:
        """The steps of `seat`'s active perk."""
        arch = self.players[seat].architect
        return K.PERKS[K.ARCHITECTS[arch].perk][2] if arch >= 0 else ()

    def legal(self, seat: int) -> list[Any]:
        ph = self.phase
        if ph == "architect":
            if seat not in self.to_act():
                return []
            self.require_visible(seat)
            out: list[Any] = [ChooseArchitect(a) for a in self.players[seat].options]
            out.sort(key=TEXT.__getitem__)
            return out
        if ph == "over" or seat != self.seat:
            return []
        self.require_visible(seat)
        p = self.players[seat]
        if ph == "act":
            part = self.parts[0]
            out = self.part_moves(seat, part)
            if part[-1] == "?":
                # a build's moves (b..) come before `done`; every other step's after it
                if (PART_BASE.get(part) or part.rstrip("?")) in DONE_LAST:
                    out.append(DONE)
                else:
                    out.insert(0, DONE)
            return out
        if ph == "turn":
            if p.tiles_left <= 0:
                return [PASS]
            # the steps that could do something now, as bits (see step_moves.py);
            # an action is offered when it is open, has room and one of its
            # steps could do something; the perk likewise
            mask = PASS_BIT
            for bit, test in TURN_TESTS:
                if test(self, seat):
                    mask |= bit
            perk = 0 if p.perk_used else PERK_NEEDS[p.architect]
            for bit, test in PERK_TESTS:  # steps only some perks start with
                if perk & bit and test(self, seat):
                    mask |= bit
            if mask & perk:
                mask |= PERK_BIT
            closed = self.late_order[self.late_open:]
            board, n = self.board, self.num_players
            return [mv for mv, a, need in TURN_PLAN
                    if mask & need and (a < 0 or (a not in closed and len(board[a]) < n))]
        if ph == "discard":
            out = []
            if len(p.contracts) > self.contract_limit(seat):
                out += [DiscardContract(c) for c in sorted(set(p.contracts))]
            if len(p.thp) > self.tech_limit(seat):
                out += [DiscardTech(c) for c in sorted(set(p.thp))]
            out.sort(key=TEXT.__getitem__)
            return out
        return []

    def is_legal(self, seat: int, move: Any) -> bool:
        """A direct check of the one step the move belongs to."""
        p = self.players[seat]
        ph = self.phase
        if ph == "act":
            if isinstance(move, Done):
                return self.parts[0].endswith("?")
            return move in self.part_moves(seat, self.parts[0])
        if ph == "turn":
            if isinstance(move, Pass):
                return True
            if isinstance(move, Place):
                a = move.action
                return (p.tiles_left > 0 and self.is_open(a) and self.room(a) > 0
                        and self.can_run(seat, K.ACTIONS[a].parts))
            if isinstance(move, Perk):
                return p.tiles_left > 0 and not p.perk_used and self.can_run(seat, self.perk_parts(seat))
            return False
        return move in self.legal(seat)

    def is_over(self) -> bool:
        return self.phase == "over"

    def prompt(self, seat: int) -> str:
        from rulesets.square_and_compass.words import prompt

        return prompt(self, seat)

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        from rulesets.square_and_compass.words import describe

        return describe(self, move, self.seat if seat is None else seat)

    def explain_illegal(self, seat: int, move: Any) -> str:
        from rulesets.square_and_compass.words import explain

        return explain(self, seat, move)

    def not_to_act_reason(self, seat: int) -> str:
        if self.phase == "architect":
            return f"Seat {seat + 1} has already chosen an architect; waiting for the others"
        return f"it is not Seat {seat + 1}'s turn"

    def is_sealed(self, seat: int, move: Any) -> bool:
        return isinstance(move, ChooseArchitect)

    def evaluate(self, seat: int) -> float | None:
        """The heuristic bots' value of the position for `seat`, squashed
        into 0..1 (0.5: even with the leader among the others)."""
        from rulesets.square_and_compass.evaluation import value

        if self.phase == "over":
            out = self.outcome()
            assert out is not None
            return 1.0 if out.ranks[seat] == 1 else 0.0
        return 1 / (1 + math.exp(-value(self, seat) / 8))

    def content_tags(self, seat: int) -> dict[str, str]:
        arch: Any = self.players[seat].architect  # HIDDEN in a view
        return {"architect": K.ARCHITECTS[arch].name} if arch is not HIDDEN and arch != EMPTY else {}

    # --------------------------------------------------------------- scoring
    def score_parts(self, seat: int, final: bool = True) -> dict[str, int]:
        """The named parts of `seat`'s score (the end bonuses only if `final`)."""
        p = self.players[seat]
        parts = {
            "contracts": p.vp_contracts,
            "sustainability": p.vp_sustain,
            "projects": p.vp_projects,
            "architect": p.vp_perks,
            "style bonus": style_bonus(p.built),
        }
        if not final:
            return parts
        others = self.players
        most_gems = max(q.gems for q in others)
        stocks = [sum(q.materials) for q in others]
        parts["craftsman"] = K.END_BONUS if sum(1 for c in p.built if c in K.SPECIALS) >= K.CRAFTSMAN_AT else 0
        styles = {K.CONTRACTS[c].style for c in p.built}
        parts["photovoltaic"] = K.END_BONUS if all(s in styles for s in range(5)) else 0
        parts["environmental"] = K.END_BONUS if p.gems and p.gems == most_gems else 0
        parts["fully stocked"] = K.END_BONUS if stocks[seat] and stocks[seat] == max(stocks) else 0
        return parts

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        parts = tuple(self.score_parts(s) for s in range(self.num_players))
        scores = tuple(sum(b.values()) for b in parts)
        keys = [(scores[s], parts[s]["style bonus"], self.players[s].gems) for s in range(self.num_players)]
        return Outcome(scores, ranks_from_keys(keys), parts, self.end_reason)

    # --------------------------------------------------------------- changes
    def step(self, seat: int, move: Any) -> list[Event]:
        turn_step = TURN_STEPS.get(type(move))
        if turn_step is not None:
            return turn_step(self, seat, move)
        part = self.parts.pop(0)
        part_step = PART_STEPS.get(type(move))
        if part_step is None:
            raise IllegalMoveError(f"not a Square and Compass move: {move!r}")
        return part_step(self, seat, part, move) + self._run(seat)

    # The moves that start or end a turn.
    def _step_choose(self, seat: int, move: ChooseArchitect) -> list[Event]:
        return self._choose(seat, move.architect)

    def _step_pass(self, seat: int, move: Pass) -> list[Event]:
        self.players[seat].passed = True
        return [Event(f"{seat_ref(seat)} passes for the rest of round {self.round}")] + self._next_turn()

    def _step_place(self, seat: int, move: Place) -> list[Event]:
        a = move.action
        act = K.ACTIONS[a]
        self.board[a].append(seat)
        self.players[seat].used += 1
        self.action = a
        self.parts = list(act.parts)
        return [Event(f"{seat_ref(seat)} places a tile on {act.name}")] + self._run(seat)

    def _step_perk(self, seat: int, move: Perk) -> list[Event]:
        p = self.players[seat]
        p.perk_used = True
        self.action = EMPTY
        self.parts = list(self.perk_parts(seat))
        name = K.PERKS[K.ARCHITECTS[p.architect].perk][0]
        return [Event(f"{seat_ref(seat)} uses the perk {name}")] + self._run(seat)

    def _step_discard_contract(self, seat: int, move: DiscardContract) -> list[Event]:
        self.players[seat].contracts.remove(move.contract)
        self.con_discard.append(move.contract)
        events = [Event(f"{seat_ref(seat)} discards the contract {K.CONTRACTS[move.contract].name}")]
        return events + self._end_turn(seat)

    def _step_discard_tech(self, seat: int, move: DiscardTech) -> list[Event]:
        self.players[seat].thp.remove(move.card)
        self.thp_discard.append(move.card)
        events = [Event(f"{seat_ref(seat)} discards {a_or_an(K.CARDS[move.card].name)}")]
        return events + self._end_turn(seat)

    # The moves that carry out a step of an action (`part`, just taken off).
    def _do_done(self, seat: int, part: str, move: Done) -> list[Event]:
        return []

    def _do_take_resource(self, seat: int, part: str, move: TakeResource) -> list[Event]:
        card, events = self._take_resource(seat, move.stall)
        if part == "harvest" and (move.stall == 5 or card < K.SUST):
            self.parts.insert(0, "res_n?")
        return events

    def _do_take_contract(self, seat: int, part: str, move: TakeContract) -> list[Event]:
        return self._take_card(seat, move.stall, self.con_deck, self.con_discard, self.con_market,
                               self.players[seat].contracts, "contract", lambda c: "the contract " + contract_text(c))

    def _do_take_tech(self, seat: int, part: str, move: TakeTech) -> list[Event]:
        return self._take_card(seat, move.stall, self.thp_deck, self.thp_discard, self.thp_market,
                               self.players[seat].thp, "T/H/P card", lambda c: a_or_an(K.CARDS[c].name))

    def _do_process(self, seat: int, part: str, move: Process) -> list[Event]:
        p = self.players[seat]
        p.hand.remove(move.card)
        self.res_discard.append(move.card)
        self._gain(p, move.card)
        if part == "refine2":
            self.parts.insert(0, "proc?")
        return [Event(f"{seat_ref(seat)} processes {K.card_name(move.card)} into {K.material_name(move.card)}")]

    def _do_convert(self, seat: int, part: str, move: Convert) -> list[Event]:
        p = self.players[seat]
        c = move.card
        if c == K.BLUEPRINT:
            p.blueprints -= 2
            m = move.kind
        else:
            p.hand.remove(c)
            p.hand.remove(c)
            m = move.kind + (K.SUST if c >= K.SUST else 0)
        self.res_discard += [c, c]
        self._gain(p, m)
        return [Event(f"{seat_ref(seat)} turns two {K.card_name(c)} cards into {K.material_name(m)}")]

    def _do_play(self, seat: int, part: str, move: Play) -> list[Event]:
        return self._play(seat, move.card)

    def _do_build(self, seat: int, part: str, move: Build) -> list[Event]:
        return self._build(seat, move.contract, move.normal_first, move.foreman)

    def _do_solar(self, seat: int, part: str, move: Solar) -> list[Event]:
        p = self.players[seat]
        p.materials[move.src] -= 1
        self.supply[move.src] += 1
        self._gain(p, move.dst + K.SUST)
        return [Event(f"{seat_ref(seat)} turns {K.material_name(move.src)} into {K.material_name(move.dst + K.SUST)}")]

    def _do_dup(self, seat: int, part: str, move: Dup) -> list[Event]:
        self._gain(self.players[seat], move.kind)
        return [Event(f"{seat_ref(seat)} duplicates {a_or_an(K.material_name(move.kind))}")]

    def _gain(self, p: Player, code: int) -> None:
        self.supply[code] -= 1
        p.materials[code] += 1

    def _receive(self, p: Player, card: int) -> None:
        """A resource card into a hand (a blueprint lies in front instead)."""
        if card == K.BLUEPRINT:
            p.blueprints += 1
        else:
            p.hand.append(card)
            p.hand.sort()

    def _draw(self, deck: list[Any], discard: list[int]) -> int:
        """The deck's top card, reshuffling the discard pile when it is empty."""
        if not deck:
            deck += discard
            discard.clear()
            self.rng.shuffle(deck)
        card: int = deck.pop()
        return card

    def _take_resource(self, seat: int, stall: int) -> tuple[int, list[Event]]:
        who = seat_ref(seat)
        p = self.players[seat]
        if stall == 5:
            card = self._draw(self.res_deck, self.res_discard)
            self._receive(p, card)
            if card == K.BLUEPRINT:
                return card, [Event(f"{who} draws a blueprint from the resource deck")]
            return card, [
                Event(f"{who} draws a resource card from the deck"),
                Event(f"You draw {K.card_name(card)}", private_to=seat),
            ]
        card = self.res_market[stall]
        self._receive(p, card)
        events = [Event(f"{who} takes {K.card_name(card)} from resource stall {stall + 1}")]
        self.res_market[stall] = self._draw(self.res_deck, self.res_discard) if self.deck_has(self.res_deck, self.res_discard) else EMPTY
        return card, events + self._check_reset()

    def _check_reset(self) -> list[Event]:
        """3 blueprints, or 5 of one resource, in the market: a new market."""
        events = []
        for _ in range(10):
            shown = [c for c in self.res_market if c != EMPTY]
            kinds = [c % K.SUST for c in shown if c != K.BLUEPRINT]
            if shown.count(K.BLUEPRINT) < 3 and not (len(kinds) >= 5 and any(kinds.count(k) >= 5 for k in range(5))):
                break
            self.res_discard += shown
            self.res_market = [EMPTY] * K.MARKET_RESOURCES
            for i in range(K.MARKET_RESOURCES):
                if self.deck_has(self.res_deck, self.res_discard):
                    self.res_market[i] = self._draw(self.res_deck, self.res_discard)
            events.append(Event("The resource market resets: its cards are discarded and 5 new ones laid out"))
        return events

    def _take_card(self, seat: int, stall: int, deck: list[Any], discard: list[int], market: list[int],
                   hand: list[Any], what: str, name: Callable[[int], str]) -> list[Event]:
        """A contract or T/H/P card from a stall (refilled at once) or from
        the deck's top (the stall number past the last; seen by the taker only)."""
        who = seat_ref(seat)
        if stall == len(market):
            card = self._draw(deck, discard)
            hand.append(card)
            return [Event(f"{who} draws {a_or_an(what)} from the deck"), Event(f"You draw {name(card)}", private_to=seat)]
        card = market[stall]
        hand.append(card)
        market[stall] = self._draw(deck, discard) if self.deck_has(deck, discard) else EMPTY
        return [Event(f"{who} takes {name(card)} from {what} stall {stall + 1}")]

    def _play(self, seat: int, card: int) -> list[Event]:
        who = seat_ref(seat)
        p = self.players[seat]
        c = K.CARDS[card]
        p.thp.remove(card)
        self.thp_discard.append(card)
        events = [Event(f"{who} plays {a_or_an(c.name)}: {c.text}")]
        if c.vp:
            extra = 1 if p.passive("projects+1") else 0
            p.vp_projects += c.vp
            p.vp_perks += extra
            events.append(Event(f"{who} scores {c.vp + extra} VP"))
        self.parts[0:0] = list(c.parts)
        return events

    def _do_hazard(self, seat: int, part: str, move: Target) -> list[Event]:
        who, them = seat_ref(seat), seat_ref(move.seat)
        p, q = self.players[seat], self.players[move.seat]
        if part == "steal_con":
            cid = q.contracts.pop(self.rng.below(len(q.contracts)))
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
            card = pile.pop(self.rng.below(len(pile)))
            if move.what == 0:
                self.res_discard.append(card)
                name = K.card_name(card)
            else:
                self.thp_discard.append(card)
                name = a_or_an(K.CARDS[card].name)
            return [Event(f"{who} burns {them}'s {name}")]
        m = move.what - LOOT_BASE
        q.materials[m] -= 1
        p.materials[m] += 1
        return [Event(f"{who} steals {K.material_name(m)} from {them}")]

    def _build(self, seat: int, cid: int, normal_first: bool, foreman: int = -1) -> list[Event]:
        who = seat_ref(seat)
        p = self.players[seat]
        c = K.CONTRACTS[cid]
        pay = self.payment(seat, cid, normal_first, foreman)
        assert pay is not None
        bps = self.blueprints_needed(seat, cid)
        for code, n in enumerate(pay):
            p.materials[code] -= n
            self.supply[code] += n
        p.blueprints -= bps
        self.res_discard += [K.BLUEPRINT] * bps
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
        gems = min(self.gem_bank, sust + (1 if sust and p.passive("gems+1") else 0))
        self.gem_bank -= gems
        p.gems += gems
        paid = ", ".join(f"{n} {K.material_name(code)}" for code, n in enumerate(pay) if n)
        if bps:
            paid += f" and {bps} blueprint{'s' if bps > 1 else ''}"
        if foreman >= 0:  # rules version 2: the Foreman is used up in the completion
            p.thp.remove(FOREMAN)
            self.thp_discard.append(FOREMAN)
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
        if done in K.LATE_OPEN_AT and self.late_open < K.LATE_OPEN_AT.index(done) + 1:
            opened = self.late_order[self.late_open]
            self.late_open += 1
            events.append(Event(f"{K.ACTIONS[opened].name} opens"))
        if done >= K.END_AT and not self.ending:
            self.ending = True
            events.append(Event(f"{who} has completed a 7th contract: the game ends after this round"))
        self.last_build = self.round
        special = arch is not None and arch.special == cid
        self.parts[0:0] = ["tech", "tech"] if special else ["tech"]
        if special:
            events.append(Event(f"{who} built their special building: 2 T/H/P cards"))
        return events

    def _run(self, seat: int) -> list[Event]:
        """Skip the steps that can do nothing; end the turn when none is left."""
        events: list[Event] = []
        self.phase = "act"
        while self.parts:
            part = self.parts[0]
            if part == "glass":
                self.parts.pop(0)
                if self.supply[4]:
                    self._gain(self.players[seat], 4)
                    events.append(Event(f"{seat_ref(seat)} takes a glass from the supply"))
                continue
            if PART_POSSIBLE[PART_BASE.get(part) or part.rstrip("?")](self, seat):
                return events
            self.parts.pop(0)
        return events + self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[Event]:
        p = self.players[seat]
        self.action = EMPTY
        if ((len(p.contracts) > K.CONTRACT_LIMIT and len(p.contracts) > self.contract_limit(seat))
                or (len(p.thp) > K.TECH_LIMIT and len(p.thp) > self.tech_limit(seat))):  # the limits only grow
            self.phase = "discard"
            return []
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        n = self.num_players
        for k in range(1, n + 1):
            s = (self.seat + k) % n
            q = self.players[s]
            if not q.passed and q.tiles > q.used:
                self.seat = s
                self.phase = "turn"
                return []
        return self._end_round()

    def _end_round(self) -> list[Event]:
        events = [Event(f"Round {self.round} ends")]
        if self.ending:
            self.end_reason = "a 7th contract was completed and the round was finished"
        elif self.round - self.last_build >= K.STALL_ROUNDS:
            self.end_reason = f"no contract was completed for {K.STALL_ROUNDS} rounds"
        elif self.round_limit and self.round >= self.round_limit:
            self.end_reason = f"the round limit ({self.round_limit}) was reached"
        if self.end_reason:
            self.phase = "over"
            out = self.outcome()
            assert out is not None
            best = " and ".join(seat_ref(s) for s in out.winners)
            return events + [Event(f"Game over: {best} {'win' if len(out.winners) > 1 else 'wins'} with {max(out.scores)} VP")]
        self.board = [[] for _ in K.ACTIONS]
        for q in self.players:
            q.used = 0
            q.passed = False
            q.perk_used = False
        self.round += 1
        self.first = self.seat = (self.first + 1) % self.num_players
        self.phase = "turn"
        events.append(Event(f"Round {self.round} begins; {seat_ref(self.first)} has the first player token"))
        return events

    def _choose(self, seat: int, arch: int) -> list[Event]:
        self.players[seat].choice = arch
        events = [
            Event(f"{seat_ref(seat)} has chosen an architect"),
            Event(f"You chose {K.ARCHITECTS[arch].name}", private_to=seat),
        ]
        if any(p.choice == EMPTY for p in self.players):
            return events
        for s, p in enumerate(self.players):
            p.architect = p.choice
            a = K.ARCHITECTS[p.architect]
            events.append(Event(f"{seat_ref(s)} is {a.name} ({K.STYLES[a.style]})"))
            if a.start == "tech":
                card = self._draw(self.thp_deck, self.thp_discard)
                p.thp.append(card)
                events.append(Event(f"{seat_ref(s)} starts with one more T/H/P card"))
                events.append(Event(f"You draw {a_or_an(K.CARDS[card].name)}", private_to=s))
            elif a.start:
                code = K.KINDS.index(a.start)
                self._gain(p, code)
                events.append(Event(f"{seat_ref(s)} starts with {a_or_an(K.material_name(code))}"))
        self.phase = "turn"
        self.seat = self.first
        events.append(Event(f"Round 1 begins; {seat_ref(self.first)} has the first player token"))
        return events

    # ---------------------------------------------------------- the contract
    def clone(self) -> "CompassState":
        c = copy_with_lists(self, ("res_deck", "res_discard", "res_market", "con_deck", "con_discard", "con_market",
                                   "thp_deck", "thp_discard", "thp_market", "supply", "late_order", "parts"))
        c.rng = self.rng.copy()
        c.board = [list(b) for b in self.board]
        c.players = [p.copy() for p in self.players]
        return c

    def view(self, seat: int | None) -> "CompassState":
        c = self.clone()
        c.is_view = True
        c.view_seat = seat
        c.rng = HIDDEN_RNG  # future shuffles and random picks are nobody's business
        c.res_deck = [HIDDEN] * len(self.res_deck)
        c.con_deck = [HIDDEN] * len(self.con_deck)
        c.thp_deck = [HIDDEN] * len(self.thp_deck)
        for s, p in enumerate(c.players):
            if s == seat:
                continue
            p.options = [HIDDEN] * len(p.options)
            if p.choice != EMPTY and p.architect == EMPTY:
                p.choice = HIDDEN  # sealed until all have chosen
            p.hand = [HIDDEN] * len(p.hand)
            p.contracts = [HIDDEN] * len(p.contracts)
            p.thp = [HIDDEN] * len(p.thp)
        return c

    def determinize(self, observer: int | None, rng: Any) -> "CompassState":
        from rulesets.square_and_compass.sampling import determinize

        return determinize(self, observer, rng)

    def format_move(self, move: Any) -> str:
        return format_move(move)

    def parse_text(self, text: str) -> Any:
        return parse_text(text)

    def snapshot(self) -> dict[str, Any]:
        from rulesets.square_and_compass.words import snapshot

        return snapshot(self)

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.square_and_compass.text_board import render_text

        return render_text(self, seat, names)


def _contract_text(cid: int) -> str:
    c = K.CONTRACTS[cid]
    cost = " ".join(f"{n} {K.MATERIAL_NAMES[k]}" for k, n in enumerate(c.cost) if n)
    return f"{c.name} ({K.STYLES[c.style]}, {c.vp} VP: {cost}, {c.blueprints} blueprint{'s' if c.blueprints > 1 else ''})"


CONTRACT_TEXTS = tuple(_contract_text(cid) for cid in range(len(K.CONTRACTS)))


def contract_text(cid: int) -> str:
    """'Bauhaus (modern, 4 VP: 2 glass 1 steel 1 brick, 1 blueprint)'."""
    return CONTRACT_TEXTS[cid]


TURN_STEPS: dict[type, Callable[..., list[Event]]] = {
    ChooseArchitect: CompassState._step_choose,
    Pass: CompassState._step_pass,
    Place: CompassState._step_place,
    Perk: CompassState._step_perk,
    DiscardContract: CompassState._step_discard_contract,
    DiscardTech: CompassState._step_discard_tech,
}
"""How each move that starts or ends a turn is played."""
PART_STEPS: dict[type, Callable[..., list[Event]]] = {
    Done: CompassState._do_done,
    TakeResource: CompassState._do_take_resource,
    TakeContract: CompassState._do_take_contract,
    TakeTech: CompassState._do_take_tech,
    Process: CompassState._do_process,
    Convert: CompassState._do_convert,
    Play: CompassState._do_play,
    Build: CompassState._do_build,
    Solar: CompassState._do_solar,
    Dup: CompassState._do_dup,
    Target: CompassState._do_hazard,
}
"""How each move that carries out a step is played."""
