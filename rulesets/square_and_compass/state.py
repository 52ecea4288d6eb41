"""The Square and Compass position and its rules (see RULES.md).

A turn is a run of moves by one seat: place a tile on an action (or use the
architect's perk, or pass), then the action's steps ("parts": take from a
market, process, play a card, complete a contract ...), then discards down to
the hand limits. The architect choice at the start is sealed and simultaneous.
All chance comes from the seeded Rng kept in the state.

Where the rest is: the moves are played in `phases/` (turn.py: the moves
that start or end a turn and what follows; steps.py: the steps of an
action); which moves each step offers in movegen.py; words (describe,
explain, prompt, contract texts) in words.py and position.py; sampling,
content, notation, the picture and the evaluation in modules of their own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys
from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HIDDEN_RNG, is_hidden
from engine.rng import Rng
from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.content import (
    EMPTY,
    style_bonus,
)
from rulesets.square_and_compass.movegen import (
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
from rulesets.square_and_compass.moves import (
    DONE,
    PASS,
    TEXT,
    ChooseArchitect,
    DiscardContract,
    DiscardTech,
    Done,
    Pass,
    Perk,
    Place,
    TakeContract,
    TakeResource,
    TakeTech,
    format_move,
    parse_text,
)
from rulesets.square_and_compass.phases.steps import PART_STEPS, check_reset, receive
from rulesets.square_and_compass.phases.turn import TURN_STEPS, run

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
                receive(st, p, st.res_deck.pop())
        st.res_market = [st.res_deck.pop() for _ in range(K.MARKET_RESOURCES)]
        check_reset(st)
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

    # Each step's moves and quick test live in movegen.py; both read the
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
            # the steps that could do something now, as bits (see movegen.py);
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
        """`seat`'s chance of winning as the heuristic sees it: its lead over
        the best of the others squashed into 0..1 (0.5: even with the leader
        among them; `evaluation.win_share`)."""
        from rulesets.square_and_compass.evaluation import win_share

        if self.phase == "over":
            out = self.outcome()
            assert out is not None
            return 1.0 if out.ranks[seat] == 1 else 0.0
        return win_share(self, seat)

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
        return part_step(self, seat, part, move) + run(self, seat)

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
        """The whole state as JSON-ready data; hidden slots are '?'."""

        def cards(xs: list[Any], name: Any) -> list[Any]:
            return ["?" if is_hidden(x) else name(x) for x in xs]

        def res(c: int) -> str:
            return K.card_code(c) if c >= 0 else ""

        def con(c: int) -> Any:
            return c + 1 if c >= 0 else None

        def thp(c: int) -> str:
            return K.CARDS[c].code if c >= 0 else ""

        def arch(a: Any) -> Any:
            return "?" if is_hidden(a) else (K.ARCHITECTS[a].key if a >= 0 else None)

        return {
            "phase": self.phase,
            "round": self.round,
            "first": self.first + 1,
            "turn_of": self.seat + 1,
            "to_act": [s + 1 for s in self.to_act()],
            "action": K.ACTIONS[self.action].code if self.action >= 0 else None,
            "steps": list(self.parts),
            "ending": self.ending,
            "last_build": self.last_build,
            "end_reason": self.end_reason,
            "round_limit": self.round_limit,
            "late_order": [K.ACTIONS[a].code for a in self.late_order],
            "late_open": self.late_open,
            "board": {K.ACTIONS[a].code: [s + 1 for s in b] for a, b in enumerate(self.board)},
            "resources": {
                "market": [res(c) for c in self.res_market],
                "deck": cards(self.res_deck, res),
                "discard": [res(c) for c in self.res_discard],
            },
            "contracts": {
                "market": [con(c) for c in self.con_market],
                "deck": cards(self.con_deck, con),
                "discard": [con(c) for c in self.con_discard],
            },
            "thp": {
                "market": [thp(c) for c in self.thp_market],
                "deck": cards(self.thp_deck, thp),
                "discard": [thp(c) for c in self.thp_discard],
            },
            "supply": {K.card_code(m): n for m, n in enumerate(self.supply)},
            "gem_bank": self.gem_bank,
            "players": [
                {
                    "seat": s + 1,
                    "options": [arch(a) for a in p.options],
                    "choice": arch(p.choice),
                    "architect": arch(p.architect),
                    "hand": cards(p.hand, res),
                    "blueprints": p.blueprints,
                    "materials": {K.card_code(m): n for m, n in enumerate(p.materials) if n},
                    "contracts": cards(p.contracts, con),
                    "built": [c + 1 for c in p.built],
                    "thp": cards(p.thp, thp),
                    "gems": p.gems,
                    "vp": {"contracts": p.vp_contracts, "sustainability": p.vp_sustain,
                           "projects": p.vp_projects, "architect": p.vp_perks},
                    "tiles": p.tiles,
                    "used": p.used,
                    "passed": p.passed,
                    "perk_used": p.perk_used,
                }
                for s, p in enumerate(self.players)
            ],
            "rng": self.rng.state,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.square_and_compass.text_board import render_text

        return render_text(self, seat, names)
