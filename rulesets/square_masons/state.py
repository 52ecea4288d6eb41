"""The Square Masons position and its rules (see RULES.md).

A round is: the first player's direction, the draft (5 sealed simultaneous
picks), x2 pairings, the rewards (money and the Order, Stone and Market
majorities), the Market holder's offer, the sealed auction, then each player's
build turn in turn order, ending with their town abilities.

Why one module over 900 lines: it is one dataclass, and its methods are the
game's rules over its fields (the queries, one step handler per move type by
phase, one direct legality check per move type); each reads and writes the
same fields, and the handlers and checks sit next to the phase they belong
to. What needs no field is already elsewhere: notation (moves.py), shapes
(geometry.py), data (data.py), words (describe.py, position.py), pictures
(text_board.py), sampling (sampling.py), the evaluation (evaluation.py,
plans.py). Next to go, if it grows: the pair and offer options (pure
functions of counts, cached) and the direct checks.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from engine.bits import bits_of as cells_of
from engine.core import TIE_BREAK_SUFFIX, Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_name
from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HiddenInformationError
from engine.rng import Rng
from engine.words import a_or_an, plural
from rulesets.square_masons import choices
from rulesets.square_masons import data as d
from rulesets.square_masons.choices import can_lay, offer_options, pair_options
from rulesets.square_masons.data import (
    BLOCK_TYPES,
    CARD_LETTERS,
    CARD_TYPES,
    MARKET,
    MONEY,
    ORDER,
    STONE,
    X2,
)
from rulesets.square_masons.describe import a_card, card_word
from rulesets.square_masons.geometry import (
    CELLS,
    FULL,
    PLACEMENT_AT,
    PLACEMENTS,
    cell_name,
    components,
    first_cell,
    structure_of,
)
from rulesets.square_masons.moves import (
    DONATE,
    END,
    RES,
    SELL,
    SKIP,
    STONE_KIND,
    WITHDRAW,
    Bid,
    Buy,
    Claim,
    Direction,
    Donate,
    Drop,
    End,
    Lay,
    Offer,
    Pair,
    Pick,
    Relocate,
    Scrap,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    Tie,
    ToReserve,
    format_move,
    parse_text,
)

TIE_BREAK = "money " + TIE_BREAK_SUFFIX
"""The outcome breakdown's part that is not prestige: the coins that break ties."""
PHASES = ("direction", "draft", "pair", "tie", "market", "auction", "auction_tie",
          "place_won", "build", "lay", "ability", "over")
"""Every phase a state can be in."""
DIRECTIONS = (Direction(1), Direction(-1))
BLOCK_INDEX = {t: i for i, t in enumerate(BLOCK_TYPES)}
_STONE_PLACES = [Lay("", c) for c in range(CELLS)]
_LAYS = {t: [(p.mask, Lay(p.code, p.anchor)) for p in ps] for t, ps in PLACEMENTS.items()}
"""Per block type: (cells, the Lay move) of every placement, made once."""
_PICKS = [Pick(c) for c in range(5)]
_BIDS: dict[tuple[int, int], Bid] = {}


def _bid(space: int, amount: int) -> Bid:
    """The Bid move, made once and reused."""
    key = (space, amount)
    found = _BIDS.get(key)
    if found is None:
        found = _BIDS[key] = Bid(space, amount)
    return found


def P(seat: int) -> str:
    """The {P1}.. placeholder for a seat."""
    return f"{{P{seat + 1}}}"


# Events are immutable: the draft's, the commonest, are made once
_CHOSEN = [Event(f"{P(s)} has chosen") for s in range(5)]
"""Per seat: the public event of a sealed draft pick."""
_PICKED = {(s, c): Event(f"You picked {a_card(c)}", private_to=s) for s in range(5) for c in range(5)}
"""Per (seat, card): the picker's private event."""
_SHOWN = {(s, c): f"{P(s)} {'a face-down card' if c is None else card_word(c)}" for s in range(5) for c in (*range(5), None)}
"""Per (seat, card or None when face down): a pick in the reveal's text."""


@dataclass
class MasonBoard:
    """One player's cards, money, pieces and structures."""

    coins: int = d.START_COINS
    """Coins in hand."""
    stones: int = 0
    """Stones in the reserve."""
    reserve: list[int] = field(default_factory=lambda: [0] * 7)
    """Blocks in the reserve, per block type (I O T S Z J L)."""
    construction: list[tuple[str, int]] = field(default_factory=list)
    """Pieces in the construction zone: (block letter or 'stone', cell mask), sorted by first cell."""
    towns: list[int] = field(default_factory=lambda: [0] * 4)
    """Town structure cards owned, per type (Scrapyard, Donation Center, Bank, Quarry)."""
    sanctuaries: list[str] = field(default_factory=list)
    """Sanctuary ids claimed."""
    donations: int = 0
    """Prestige gained by donating."""
    hand: list[Any] = field(default_factory=list)
    """Draft cards still to pick from (card codes; HIDDEN in other seats' views)."""
    drafted: list[int] = field(default_factory=lambda: [0] * 5)
    """Face-up cards drafted this round, per card type."""
    face_down: list[Any] = field(default_factory=list)
    """The Order holder's face-down picks of this draft (card codes)."""
    pick: Any = None
    """The sealed pick of this pick round (HIDDEN in other views), None until chosen."""
    doubled: str = ""
    """Card letters this round's x2 cards double."""
    bid: Any = None
    """The sealed (space, coins) auction choice, space 0 = withdraw; None until chosen."""
    won: int | None = None
    """The block type won at auction, until it is laid or stored."""
    lost: bool = False
    """True when outbid in this round's auction."""
    lost_paid: int = 0
    """Coins paid this round for being outbid (Donation Centers refund only when it is not 0)."""

    def clone(self) -> "MasonBoard":
        """An independent copy."""
        return copy_with_lists(self, ("reserve", "construction", "towns", "sanctuaries", "hand", "drafted", "face_down"))

    @property
    def prestige(self) -> int:
        """Prestige points: towns, sanctuaries and donations."""
        return d.TOWN_PRESTIGE * sum(self.towns) + d.SANCTUARY_PRESTIGE * len(self.sanctuaries) + self.donations

    @property
    def reserve_blocks(self) -> int:
        """Blocks in the reserve."""
        return sum(self.reserve)

    def occupied(self) -> int:
        """The construction zone's covered cells."""
        m = 0
        for _, pm in self.construction:
            m |= pm
        return m

    def piece_at(self, cell: int) -> int | None:
        """Index of the construction piece covering `cell`, or None."""
        bit = 1 << cell
        for i, (_, pm) in enumerate(self.construction):
            if pm & bit:
                return i
        return None

    def take_piece(self, cell: int) -> tuple[str, int]:
        """Take the construction piece covering `cell` out of the zone: its
        (kind, cells). A checked move names a covered cell; any other is a
        ValueError."""
        found = self.piece_at(cell)
        if found is None:
            raise ValueError(f"no piece covers {cell_name(cell)}")
        return self.construction.pop(found)

    def add_piece(self, kind: str, mask: int) -> None:
        """Put a piece in the construction zone (kept sorted by first cell)."""
        self.construction.append((kind, mask))
        self.construction.sort(key=lambda p: p[1] & -p[1])

    def effective(self, card: int) -> int:
        """Drafted count of `card` including x2 doubling (face-down picks count once revealed)."""
        return self.drafted[card] + self.doubled.count(CARD_LETTERS[card])


@dataclass
class SquareMasonsState(GameState):
    """A Square Masons position (see the module docstring for the flow)."""

    position_words = "rulesets.square_masons.position"

    hidden_information = True  # hands, decks and sealed choices: each seat sees its view()

    rules_version = 3  # the newest (the ruleset's `version`); RULES.md, "Version history"
    num_players: int = 3
    round_limit: int = d.ROUND_LIMIT
    """The game ends after this round even if nobody has 13 prestige (0: no limit)."""
    quiet_rounds: int = 0
    """Rounds in a row, up to the last one ended, in which nobody gained prestige."""
    prestige_seen: int = 0
    """All players' prestige together at the end of the last round."""
    rng: Rng | None = field(default_factory=Rng)
    """All chance: the draft shuffles (and the sanctuaries at setup); None in a view."""
    boards: list[MasonBoard] = field(default_factory=list)
    supply: list[int] = field(default_factory=lambda: [d.BLOCKS_PER_TYPE] * 7)
    """Blocks in the supply, per type."""
    stone_supply: int = d.STONES
    bank: int = d.BANK_COINS
    """Coins in the bank (the box's coins not held by players)."""
    prestige_tokens: int = d.PRESTIGE_TOKENS
    town_supply: list[int] = field(default_factory=lambda: [0] * 4)
    """Town cards left, per type."""
    sanctuaries: list[str] = field(default_factory=list)
    """Sanctuaries drawn for this game (claimed ones stay listed; see owners)."""
    round: int = 1
    first: int = 0
    """The first player of this round."""
    way: int = 1
    """Direction of the round: +1 clockwise (to the next higher seat), -1 counter-clockwise."""
    phase: str = "direction"
    actor: int = 0
    """The seat to act in single-seat phases."""
    pick_no: int = 0
    """Which of the 5 picks the draft is at (1-based)."""
    discard: list[Any] = field(default_factory=list)
    """This round's face-down discards (card codes)."""
    order_holder: int | None = None
    prior_order: int | None = None
    """Who held the Order when this draft began: decides the draft's ties."""
    market_holder: int | None = None
    pair_queue: list[int] = field(default_factory=list)
    """Seats still to pair their x2 cards, in turn order (the first is acting)."""
    reward_stage: int = 0
    """0 Order, 1 Stone, 2 Market: the majority being settled."""
    tie_kind: str = ""
    """What the pending tie is for: 'order', 'stone', 'market' or 'space2'."""
    tie_seats: tuple[int, ...] = ()
    offer: list[int] = field(default_factory=list)
    """Block types on the auction spaces (space k = offer[k-1])."""
    sold: list[int | None] = field(default_factory=list)
    """Per auction space: the seat that bought it, or None."""
    revealed: list[tuple[int, int] | None] = field(default_factory=list)
    """The last auction's revealed (space, bid) per seat, for display."""
    space_no: int = 0
    """The auction space being settled (1-based)."""
    build_order: list[int] = field(default_factory=list)
    build_index: int = 0
    hand_kind: str = ""
    """The piece being laid (block letter or 'stone'), in the 'lay' and 'place_won' phases."""
    abilities: list[str] = field(default_factory=list)
    """The acting builder's town abilities still to run, in order."""
    end_reason: str = ""

    # ----------------------------------------------------------------- queries
    def turn_order(self) -> list[int]:
        """This round's seats in turn order, from the first player."""
        n = self.num_players
        return [(self.first + i * self.way) % n for i in range(n)]

    def to_act(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == "over":
            return ()
        if ph == "draft":
            return tuple([s for s, b in enumerate(self.boards) if b.pick is None])
        if ph == "auction":
            return tuple([s for s, b in enumerate(self.boards) if b.bid is None])
        return (self.actor,)

    def acts(self, seat: int) -> bool:
        """Whether `seat` is to act now (`seat in to_act()`, without
        building the tuple: asked at every ply of a playout)."""
        if type(seat) is not int or not 0 <= seat < len(self.boards):
            return seat in self.to_act()
        ph = self.phase
        if ph == "draft":
            return self.boards[seat].pick is None
        if ph == "auction":
            return self.boards[seat].bid is None
        return ph != "over" and seat == self.actor

    def is_over(self) -> bool:
        return self.phase == "over"  # without building the outcome

    def why_illegal(self, seat: int, move: Any) -> str | None:
        # the common case first (a full state, the seat to act, a legal
        # move); anything else takes the engine's full path and its reasons
        if not self.is_view and type(seat) is int and 0 <= seat < len(self.boards) and self.phase != "over":
            b = self.boards[seat]
            check = _CHECKS.get(type(move))
            if check is not None and self.acts(seat) and check(self, b, move):
                return None
        return super().why_illegal(seat, move)

    def prompt(self, seat: int) -> str:
        ph = self.phase
        if ph == "over":
            return "The game is over"
        if seat not in self.to_act():
            if ph in ("draft", "auction"):
                return "Wait: the others are still choosing"
            return f"Wait for Seat {self.actor + 1}"
        return {
            "direction": "Choose the direction of play for this round: clockwise or counter-clockwise",
            "draft": f"Draft pick {self.pick_no} of {d.HAND_SIZE}: choose a card (sealed)",
            "pair": "Choose which cards your x2 cards double",
            "tie": f"Break the tie for the {self.tie_kind} reward",
            "market": f"Choose {self._offer_size()} blocks to put up for auction",
            "auction": "Choose a block and a bid (sealed), or withdraw",
            "auction_tie": f"Break the tie for auction space {self.space_no}",
            "place_won": f"Lay your won {self.hand_kind} block, or put it in your reserve",
            "build": "Build: paid and free actions, claim a structure, or end",
            "lay": f"Lay the {self.hand_kind} in your construction zone",
            "ability": self._ability_prompt(),
        }.get(ph, "Choose a move")

    def _ability_prompt(self) -> str:
        if self.abilities and self.abilities[0] == "scrap":
            return "Scrapyard: sell a stone, buy an unsold block, or skip"
        return "Donation Center: donate 3 coins for 1 prestige, or skip"

    def legal(self, seat: int) -> list[Any]:
        ph = self.phase
        if ph == "over" or not self.acts(seat):
            return []
        if self.is_view:
            self.require_visible(seat)
        b = self.boards[seat]
        if ph == "draft":
            return [_PICKS[c] for c in sorted(set(b.hand))]
        if ph == "auction":
            out: list[Any] = [_bid(sp + 1, amt) for sp in range(len(self.offer)) for amt in range(b.coins + 1)]
            out.append(WITHDRAW)
            return out
        if ph == "lay" or ph == "place_won":
            occ = b.occupied()
            if self.hand_kind == STONE_KIND:
                out = [_STONE_PLACES[c] for c in range(CELLS) if not occ >> c & 1]
            else:
                out = [mv for mask, mv in _LAYS[self.hand_kind] if not mask & occ]
            if ph == "place_won":
                if b.reserve_blocks < d.RESERVE_BLOCKS:
                    out.append(RES)
                else:  # make room: "discard one of your blocks from either zone"
                    out += [Drop(t) for i, t in enumerate(BLOCK_TYPES) if b.reserve[i]]
                    if b.coins >= d.ACTION_COST and self.rules_version >= 2:  # version 1: the reserve only
                        out += [Scrap(first_cell(pm)) for _, pm in b.construction]
            return out
        if ph == "build":
            return self._build_moves(b)
        if ph == "ability":
            return self._ability_moves(b)
        if ph == "direction":
            return list(DIRECTIONS)
        if ph == "pair":
            return [Pair(x) for x in pair_options(b)]
        if ph in ("tie", "auction_tie"):
            return [Tie(s) for s in self.tie_seats]
        if ph == "market":
            return [Offer(x) for x in offer_options(self.supply, self._offer_size())]
        return []

    def _build_moves(self, b: MasonBoard) -> list[Any]:
        out: list[Any] = [END]
        out += [Claim(sid) for sid in dict.fromkeys(sid for sid, _ in self.claimable(b))]
        occ = b.occupied()
        kinds = [t for i, t in enumerate(BLOCK_TYPES) if b.reserve[i]]
        if b.coins >= d.ACTION_COST:
            room = b.reserve_blocks < d.RESERVE_BLOCKS
            for kind, pm in b.construction:
                cell = first_cell(pm)
                out.append(Relocate(cell))
                if room or kind == STONE_KIND:
                    out.append(Store(cell))
                out.append(Scrap(cell))
                rest = occ & ~pm
                out += [Swap(cell, t) for t in kinds if can_lay(t, rest)]
            out += [Take(t) for t in kinds if can_lay(t, occ)]
            if b.stones and occ != FULL:
                out.append(Take(STONE_KIND))
        out += [Drop(t) for t in kinds]
        if b.stones:
            out.append(Drop(STONE_KIND))
        return out

    def _ability_moves(self, b: MasonBoard) -> list[Any]:
        if self.abilities[0] == "scrap":
            out: list[Any] = []
            if b.stones:
                out.append(SELL)
            if b.coins >= d.SCRAP_PRICE and b.reserve_blocks < d.RESERVE_BLOCKS:
                out += [Buy(BLOCK_TYPES[t]) for t in sorted(set(self.unsold()))]
            return out + [SKIP]
        return [DONATE, SKIP]

    def claimable(self, b: MasonBoard) -> list[tuple[str, list[int]]]:
        """(structure id, piece indices) for each structure `b` may claim now."""
        if len(b.construction) < 2:
            return []
        out = []
        for mask, idx in components(b.construction):
            sid = structure_of(mask)
            if sid is None:
                continue
            s = d.STRUCTURES[sid]
            blocks = sum(1 for i in idx if b.construction[i][0] != STONE_KIND)
            if blocks < s.min_blocks:
                continue
            if s.kind == "town":
                if not self.town_supply[d.TOWN_INDEX[sid]]:
                    continue
            elif sid not in self.sanctuaries or self.sanctuary_owner(sid) is not None:
                continue
            out.append((sid, idx))
        out.sort()
        return out

    def open_structures(self) -> list[str]:
        """The structures still to claim, in the cards' order: each town
        while one is left in the supply, then the sanctuaries in play that
        nobody owns yet."""
        out = [t.id for i, t in enumerate(d.TOWNS) if self.town_supply[i]]
        return out + [sid for sid in self.sanctuaries if self.sanctuary_owner(sid) is None]

    def max_bid(self, seat: int) -> int:
        """The highest bid `seat` may seal now: every coin it has."""
        return self.boards[seat].coins

    def standings(self) -> list[int]:
        """Seats from first to last by the outcome's ranks (prestige, then
        money); before the end, by the same keys."""
        ranks = ranks_from_keys(self._rank_keys())
        return sorted(range(len(self.boards)), key=lambda s: (ranks[s], s))

    @staticmethod
    def auction_rule() -> str:
        """How a space of the auction is settled, in a sentence."""
        from rulesets.square_masons.describe import AUCTION_RULE

        return AUCTION_RULE

    def sanctuary_owner(self, sid: str) -> int | None:
        """The seat that claimed sanctuary `sid`, or None."""
        for s, b in enumerate(self.boards):
            if sid in b.sanctuaries:
                return s
        return None

    def unsold(self) -> list[int]:
        """Block types on auction spaces nobody bought (until the round ends)."""
        return [t for t, who in zip(self.offer, self.sold) if who is None]

    def _offer_size(self) -> int:
        return min(self.num_players - 1, sum(self.supply))

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = tuple(b.prestige for b in self.boards)
        breakdown = tuple(
            {
                "towns": d.TOWN_PRESTIGE * sum(b.towns),
                "sanctuaries": d.SANCTUARY_PRESTIGE * len(b.sanctuaries),
                "donations": b.donations,
            } | ({TIE_BREAK: b.coins} if self.rules_version >= 3 else {})  # version 1–2: not in the breakdown
            for b in self.boards
        )
        ranks = ranks_from_keys(self._rank_keys())
        return Outcome(scores, ranks, breakdown, self.end_reason)

    def _rank_keys(self) -> list[tuple[int, int]]:
        """Each seat's ranking key: prestige, then money."""
        return [(b.prestige, b.coins) for b in self.boards]

    # ---------------------------------------------------------------- changes
    def step(self, seat: int, move: Any) -> list[Event]:
        return _HANDLERS[type(move)](self, seat, move)

    def not_to_act_reason(self, seat: int) -> str:
        if self.phase in ("draft", "auction") and 0 <= seat < self.num_players:
            return f"{seat_name(seat)} has already chosen; waiting for the others"
        return f"it is not {seat_name(seat)}'s turn"

    # -- the draft
    def _direction(self, seat: int, move: Direction) -> list[Event]:
        self.way = move.step
        ev = [Event(f"{P(seat)} plays {'clockwise' if move.step == 1 else 'counter-clockwise'} this round")]
        return ev + self._deal()

    def _deal(self) -> list[Event]:
        n = self.num_players
        if self.rng is None:
            raise HiddenInformationError("a view cannot deal the draft cards (their order is hidden); "
                                         "use determinize() to sample a full state")
        deck = [c for c in range(5) for _ in range(n + 1)]
        self.rng.shuffle(deck)
        self.discard = deck[:n]
        pos = n
        for b in self.boards:
            b.hand = sorted(deck[pos:pos + d.HAND_SIZE])
            pos += d.HAND_SIZE
            b.drafted = [0] * 5
            b.face_down = []
            b.doubled = ""
            b.pick = None
            b.bid = None
            b.won = None
            b.lost, b.lost_paid = False, 0
        self.discard += deck[pos:]
        self.phase = "draft"
        self.pick_no = 1
        return [Event(f"Round {self.round}: {plural(n, 'card')} discarded face down, {d.HAND_SIZE} dealt to each player")]

    def _pick(self, seat: int, move: Pick) -> list[Event]:
        self.boards[seat].pick = move.card
        events = [_CHOSEN[seat], _PICKED[seat, move.card]]
        for b in self.boards:
            if b.pick is None:
                return events
        shown = []
        holder = self.order_holder
        for s, b in enumerate(self.boards):
            card = b.pick
            assert card is not None
            b.hand.remove(card)
            if s == holder:
                b.face_down.append(card)
                shown.append(_SHOWN[s, None])
            else:
                b.drafted[card] += 1
                shown.append(_SHOWN[s, card])
            b.pick = None
        events.append(Event(f"Pick {self.pick_no} revealed: " + ", ".join(shown)))
        n = self.num_players
        hands = [b.hand for b in self.boards]
        for s in range(n):
            self.boards[(s + self.way) % n].hand = hands[s]
        self.pick_no += 1
        if self.pick_no <= d.HAND_SIZE:
            return events
        return events + self._end_draft()

    def _end_draft(self) -> list[Event]:
        events = []
        if self.order_holder is not None:
            b = self.boards[self.order_holder]
            for c in b.face_down:
                b.drafted[c] += 1
            if b.face_down:
                names = ", ".join(card_word(c) for c in sorted(b.face_down))
                events.append(Event(f"{P(self.order_holder)} reveals the face-down picks: {names}"))
            b.face_down = []
        self.pair_queue = [
            s for s in self.turn_order()
            if self.boards[s].drafted[X2] and sum(self.boards[s].drafted[:4])
        ]
        return events + self._next_pairing()

    def _next_pairing(self) -> list[Event]:
        events: list[Event] = []
        while self.pair_queue:
            s = self.pair_queue[0]
            opts = pair_options(self.boards[s])
            if len(opts) > 1:
                self.phase = "pair"
                self.actor = s
                return events
            self.pair_queue.pop(0)
            events += self._set_pairing(s, opts[0])
        return events + self._rewards()

    def _set_pairing(self, seat: int, letters: str) -> list[Event]:
        self.boards[seat].doubled = letters
        names = " and ".join(card_word(CARD_LETTERS.index(ch)) for ch in letters)
        return [Event(f"{P(seat)} pairs Double with {names}")]

    def _pair(self, seat: int, move: Pair) -> list[Event]:
        self.pair_queue.pop(0)
        return self._set_pairing(seat, move.letters) + self._next_pairing()

    # -- the rewards
    def _rewards(self) -> list[Event]:
        events = []
        self.prior_order = self.order_holder
        for s, b in enumerate(self.boards):
            coins = b.effective(MONEY)
            if coins:
                got = self._pay(s, coins)
                events.append(Event(f"{P(s)} earns {got} coin{'s' if got != 1 else ''} from money cards"))
        self.reward_stage = 0
        return events + self._next_reward()

    def _next_reward(self) -> list[Event]:
        events: list[Event] = []
        kinds = (("order", ORDER), ("stone", STONE), ("market", MARKET))
        while self.reward_stage < 3:
            name, card = kinds[self.reward_stage]
            counts = [b.effective(card) for b in self.boards]
            top = max(counts)
            if top == 0:
                events.append(Event(f"Nobody drafted {name} cards: the {name} reward stays as it was"))
                self.reward_stage += 1
                continue
            cands = tuple(s for s in self.turn_order() if counts[s] == top)
            if len(cands) > 1:
                # version 1–2: the Order holder at the time of the tie (the order reward may have moved it)
                decider = self.prior_order if self.rules_version >= 3 else self.order_holder
                if decider is not None:
                    self.phase = "tie"
                    self.tie_kind = name
                    self.tie_seats = tuple(sorted(cands))
                    self.actor = decider
                    return events + [Event(f"Tie for the {name} reward: {P(decider)} decides")]
                if name == "order":  # no holder yet: least money, then turn order from the first player
                    least = min(self.boards[s].coins for s in cands)
                    cands = tuple(s for s in cands if self.boards[s].coins == least)
            events += self._award(name, cands[0])
            self.reward_stage += 1
        return events + self._start_market()

    def _award(self, name: str, seat: int) -> list[Event]:
        if name == "order":
            self.order_holder = seat
            return [Event(f"{P(seat)} takes the Square Mason's Order")]
        if name == "market":
            self.market_holder = seat
            return [Event(f"{P(seat)} takes the Market Selection")]
        if self.stone_supply:
            self.stone_supply -= 1
            self.boards[seat].stones += 1
            return [Event(f"{P(seat)} wins the stone majority and gains a stone")]
        return [Event(f"{P(seat)} wins the stone majority, but no stone is left")]

    def _tie(self, seat: int, move: Tie) -> list[Event]:
        events = [Event(f"{P(seat)} gives the tie to {P(move.seat)}")]
        if self.phase == "tie":
            events += self._award(self.tie_kind, move.seat)
            self.reward_stage += 1
            return events + self._next_reward()
        events += self._sell_space(self.space_no, move.seat)
        self.space_no += 1
        return events + self._settle_auction()

    # -- the auction
    def _start_market(self) -> list[Event]:
        k = self._offer_size()
        chooser = self.market_holder if self.market_holder is not None else self.first
        opts = offer_options(self.supply, k)
        if len(opts) == 1:
            return self._set_offer(chooser, opts[0])
        self.phase = "market"
        self.actor = chooser
        return []

    def _set_offer(self, seat: int, blocks: str) -> list[Event]:
        self.offer = [BLOCK_INDEX[ch] for ch in blocks]
        self.sold = [None] * len(self.offer)
        for t in self.offer:
            self.supply[t] -= 1
        self.phase = "auction"
        if not blocks:
            return [Event("The supply is empty: no block is on offer")]
        spaces = ", ".join(f"{i + 1}:{ch}" for i, ch in enumerate(blocks))
        return [Event(f"{P(seat)} puts up for auction {spaces}")]

    def _offer(self, seat: int, move: Offer) -> list[Event]:
        return self._set_offer(seat, move.blocks)

    def _bid(self, seat: int, move: Bid) -> list[Event]:
        self.boards[seat].bid = (move.space, move.amount)
        from rulesets.square_masons.describe import sealed_bid_words

        events = [Event(f"{P(seat)} has chosen"), Event(f"You {sealed_bid_words(self, move)}", private_to=seat)]
        if any(b.bid is None for b in self.boards):
            return events
        self.revealed = [b.bid for b in self.boards]
        shown = []
        for s, b in enumerate(self.boards):
            sp, amt = b.bid
            shown.append(f"{P(s)} withdraws" if sp == 0 else
                         f"{P(s)} bids {plural(amt, 'coin')} on space {sp} (the {BLOCK_TYPES[self.offer[sp - 1]]} block)")
        events.append(Event("Auction revealed: " + "; ".join(shown)))
        self.space_no = 1
        return events + self._settle_auction()

    def _settle_auction(self) -> list[Event]:
        events: list[Event] = []
        while self.space_no <= len(self.offer):
            sp = self.space_no
            bids = [(s, b.bid[1]) for s, b in enumerate(self.boards) if b.bid and b.bid[0] == sp]
            if bids:
                top = max(a for _, a in bids)
                cands = [s for s in self.turn_order() if (s, top) in bids]
                if len(cands) > 1 and self.order_holder is not None:
                    self.phase = "auction_tie"
                    self.actor = self.order_holder
                    self.tie_kind = f"space {sp}"
                    self.tie_seats = tuple(sorted(cands))
                    return events + [Event(f"Tie on space {sp}: {P(self.order_holder)} decides")]
                events += self._sell_space(sp, cands[0])
            self.space_no += 1
        for s, b in enumerate(self.boards):
            if b.bid and b.bid[0] == 0:
                got = self._pay(s, d.WITHDRAW_COINS)
                events.append(Event(f"{P(s)} withdrew and gains {plural(got, 'coin')}"))
        for b in self.boards:
            b.bid = None
        self.build_order = self.turn_order()
        self.build_index = 0
        return events + self._start_build_turn()

    def _sell_space(self, sp: int, winner: int) -> list[Event]:
        t = self.offer[sp - 1]
        events = []
        for s, b in enumerate(self.boards):
            if not (b.bid and b.bid[0] == sp):
                continue
            amt = b.bid[1]
            if s == winner:
                self._charge(s, amt)
                b.won = t
                self.sold[sp - 1] = s
                events.append(Event(f"{P(s)} wins the {BLOCK_TYPES[t]} block for {plural(amt, 'coin')}"))
            else:
                half = (amt + 1) // 2
                self._charge(s, half)
                b.lost, b.lost_paid = True, half
                events.append(Event(f"{P(s)} is outbid on space {sp} and pays {plural(half, 'coin')}"))
        return events

    # -- the build phase
    def _start_build_turn(self) -> list[Event]:
        if self.build_index >= len(self.build_order):
            return self._end_round()
        s = self.build_order[self.build_index]
        self.actor = s
        b = self.boards[s]
        if b.won is not None:
            self.phase = "place_won"
            self.hand_kind = BLOCK_TYPES[b.won]
        else:
            self.phase = "build"
            self.hand_kind = ""
        return []

    def _lay(self, seat: int, move: Lay) -> list[Event]:
        b = self.boards[seat]
        kind = self.hand_kind
        mask = (1 << move.anchor) if kind == STONE_KIND else PLACEMENT_AT[kind][(move.code, move.anchor)].mask
        b.add_piece(kind, mask)
        if self.phase == "place_won":
            b.won = None
        self.phase = "build"
        self.hand_kind = ""
        from rulesets.square_masons.describe import ORIENT_WORDS

        turned = "" if kind == STONE_KIND else f", {ORIENT_WORDS[move.code]}"
        return [Event(f"{P(seat)} lays {_kind_name(kind)} on {cell_name(move.anchor)}{turned}")]

    def _to_reserve(self, seat: int, move: ToReserve) -> list[Event]:
        b = self.boards[seat]
        assert b.won is not None
        b.reserve[b.won] += 1
        b.won = None
        self.phase = "build"
        kind, self.hand_kind = self.hand_kind, ""
        return [Event(f"{P(seat)} puts {_kind_name(kind)} in the reserve")]

    def _relocate(self, seat: int, move: Relocate) -> list[Event]:
        b = self.boards[seat]
        kind, _ = b.take_piece(move.cell)
        self._charge(seat, d.ACTION_COST)
        self.phase = "lay"
        self.hand_kind = kind
        return [Event(f"{P(seat)} pays 1 coin to relocate {_kind_name(kind)} from {cell_name(move.cell)}")]

    def _store(self, seat: int, move: Store) -> list[Event]:
        b = self.boards[seat]
        kind, _ = b.take_piece(move.cell)
        self._charge(seat, d.ACTION_COST)
        self._to_reserve_kind(b, kind)
        return [Event(f"{P(seat)} pays 1 coin to move {_kind_name(kind)} from {cell_name(move.cell)} to the reserve")]

    def _scrap(self, seat: int, move: Scrap) -> list[Event]:
        b = self.boards[seat]
        kind, _ = b.take_piece(move.cell)
        self._charge(seat, d.ACTION_COST)
        self._to_supply(kind)
        return [Event(f"{P(seat)} pays 1 coin to discard {_kind_name(kind)} from {cell_name(move.cell)}")]

    def _take(self, seat: int, move: Take) -> list[Event]:
        b = self.boards[seat]
        if move.kind == STONE_KIND:
            b.stones -= 1
        else:
            b.reserve[BLOCK_INDEX[move.kind]] -= 1
        self._charge(seat, d.ACTION_COST)
        self.phase = "lay"
        self.hand_kind = move.kind
        return [Event(f"{P(seat)} pays 1 coin to bring {_kind_name(move.kind)} from the reserve")]

    def _swap(self, seat: int, move: Swap) -> list[Event]:
        b = self.boards[seat]
        kind, _ = b.take_piece(move.cell)
        b.reserve[BLOCK_INDEX[move.kind]] -= 1
        self._to_reserve_kind(b, kind)
        self._charge(seat, d.ACTION_COST)
        self.phase = "lay"
        self.hand_kind = move.kind
        return [Event(f"{P(seat)} pays 1 coin to swap {_kind_name(kind)} from {cell_name(move.cell)} "
                      f"with {_kind_name(move.kind)} from the reserve")]

    def _drop(self, seat: int, move: Drop) -> list[Event]:
        b = self.boards[seat]
        if move.kind == STONE_KIND:
            b.stones -= 1
        else:
            b.reserve[BLOCK_INDEX[move.kind]] -= 1
        self._to_supply(move.kind)
        return [Event(f"{P(seat)} discards {_kind_name(move.kind)} from the reserve")]

    def _claim(self, seat: int, move: Claim) -> list[Event]:
        b = self.boards[seat]
        idx = dict(self.claimable(b))[move.sid]
        for i in sorted(idx, reverse=True):
            kind, _ = b.construction.pop(i)
            self._to_supply(kind)
        s = d.STRUCTURES[move.sid]
        if s.kind == "town":
            t = d.TOWN_INDEX[move.sid]
            self.town_supply[t] -= 1
            b.towns[t] += 1
            pts = d.TOWN_PRESTIGE
        else:
            b.sanctuaries.append(move.sid)
            pts = d.SANCTUARY_PRESTIGE
        return [Event(f"{P(seat)} claims the {s.title} (+{pts} prestige, {b.prestige} in all)")] + self._check_win(seat)

    def _check_win(self, seat: int) -> list[Event]:
        """The game ends the moment a player reaches 13 prestige (see RULES.md)."""
        if self.boards[seat].prestige < d.WIN_PRESTIGE or self.rules_version < 3:  # version 1–2: at the round's end
            return []
        return self._finish(f"{P(seat)} reached {d.WIN_PRESTIGE} prestige")

    def _end(self, seat: int, move: End) -> list[Event]:
        b = self.boards[seat]
        q: list[str] = ["scrap"] * b.towns[0]
        for _ in range(b.towns[1]):
            q += ["refund", "donate"]
        q += ["bank"] * b.towns[2] + ["quarry"] * b.towns[3]
        self.abilities = q
        return self._run_abilities()

    def _run_abilities(self) -> list[Event]:
        events: list[Event] = []
        s = self.actor
        b = self.boards[s]
        while self.abilities:
            a = self.abilities[0]
            if a == "scrap":
                if len(self._ability_moves(b)) > 1:
                    self.phase = "ability"
                    return events
            elif a == "donate":
                if b.coins >= d.DONATION_PRICE and self.prestige_tokens:
                    self.phase = "ability"
                    return events
            elif a == "refund":
                # nothing to refund after an outbid bid of 0 (version 1–2: refunded all the same)
                if b.lost_paid if self.rules_version >= 3 else b.lost:
                    got = self._pay(s, d.DONATION_REFUND)
                    events.append(Event(f"{P(s)}'s Donation Center refunds {plural(got, 'coin')} after the lost auction"))
            elif a == "bank":
                got = self._pay(s, d.BANK_INCOME)
                events.append(Event(f"{P(s)}'s Bank pays {plural(got, 'coin')}"))
            elif a == "quarry":
                if self.stone_supply:
                    self.stone_supply -= 1
                    b.stones += 1
                    events.append(Event(f"{P(s)}'s Quarry gives a stone"))
            self.abilities.pop(0)
        self.build_index += 1
        return events + self._start_build_turn()

    def _sell(self, seat: int, move: Sell) -> list[Event]:
        b = self.boards[seat]
        b.stones -= 1
        self.stone_supply += 1
        got = self._pay(seat, d.SCRAP_PRICE)
        self.abilities.pop(0)
        return [Event(f"{P(seat)}'s Scrapyard buys a stone for {got}")] + self._run_abilities()

    def _buy(self, seat: int, move: Buy) -> list[Event]:
        b = self.boards[seat]
        t = BLOCK_INDEX[move.kind]
        sp = next(i for i, (bt, who) in enumerate(zip(self.offer, self.sold)) if bt == t and who is None)
        self.sold[sp] = seat
        self._charge(seat, d.SCRAP_PRICE)
        b.reserve[t] += 1
        self.abilities.pop(0)
        return [Event(f"{P(seat)}'s Scrapyard buys the unsold {move.kind} for {d.SCRAP_PRICE}")] + self._run_abilities()

    def _donate(self, seat: int, move: Donate) -> list[Event]:
        b = self.boards[seat]
        self._charge(seat, d.DONATION_PRICE)
        self.prestige_tokens -= 1
        b.donations += 1
        self.abilities.pop(0)
        events = [Event(f"{P(seat)} donates {plural(d.DONATION_PRICE, 'coin')} for 1 prestige ({b.prestige} in all)")]
        won = self._check_win(seat)
        return events + (won or self._run_abilities())

    def _skip(self, seat: int, move: Skip) -> list[Event]:
        self.abilities.pop(0)
        return self._run_abilities()

    def _end_round(self) -> list[Event]:
        events = []
        back = self.unsold()
        for t in back:
            self.supply[t] += 1
        if back:
            events.append(Event("Unsold blocks go back to the supply: " + " ".join(BLOCK_TYPES[t] for t in back)))
        self.offer, self.sold = [], []
        total = sum(b.prestige for b in self.boards)
        self.quiet_rounds = 0 if total > self.prestige_seen else self.quiet_rounds + 1
        self.prestige_seen = total
        why = ""
        best = max(b.prestige for b in self.boards)
        if self.rules_version < 3 and best >= d.WIN_PRESTIGE:  # version 1–2: 13 prestige ended the round
            why = f"a player reached {d.WIN_PRESTIGE} prestige"
        elif (self.round_limit or self.rules_version < 2) and self.round >= self.round_limit:  # version 1: 0 meant no round at all
            why = f"the round limit ({self.round_limit}) was reached"
        elif self.quiet_rounds >= d.STALL_ROUNDS and self.rules_version >= 2:  # version 1: no stall stop
            why = f"no prestige was gained for {d.STALL_ROUNDS} rounds"
        if why:
            return events + self._finish(why)
        self.round += 1
        self.first = (self.first + 1) % self.num_players
        self.phase = "direction"
        self.actor = self.first
        return events + [Event(f"Round {self.round}: {P(self.first)} is the first player")]

    def _finish(self, why: str) -> list[Event]:
        """End the game now; the outcome ranks by prestige, then money."""
        self.phase = "over"
        self.abilities = []
        self.end_reason = f"Round {self.round}: {why}"
        out = self.outcome()
        assert out is not None
        best = max(b.prestige for b in self.boards)
        names = " and ".join(P(w) for w in out.winners)
        return [Event(f"Game over: {why}; {names} win{'s' if len(out.winners) == 1 else ''}"
                      f" with {best} prestige")]

    # -- components
    def _pay(self, seat: int, amount: int) -> int:
        """The bank pays `seat` up to `amount` (as much as it holds)."""
        got = min(amount, self.bank)
        self.bank -= got
        self.boards[seat].coins += got
        return got

    def _charge(self, seat: int, amount: int) -> None:
        self.boards[seat].coins -= amount
        self.bank += amount

    def _to_supply(self, kind: str) -> None:
        if kind == STONE_KIND:
            self.stone_supply += 1
        else:
            self.supply[BLOCK_INDEX[kind]] += 1

    @staticmethod
    def _to_reserve_kind(b: MasonBoard, kind: str) -> None:
        if kind == STONE_KIND:
            b.stones += 1
        else:
            b.reserve[BLOCK_INDEX[kind]] += 1

    # ------------------------------------------------------------ the contract
    def clone(self) -> "SquareMasonsState":
        c = copy_with_lists(self, ("supply", "town_supply", "sanctuaries", "discard", "pair_queue", "offer", "sold",
                                   "revealed", "build_order", "abilities"))
        c.rng = self.rng.copy() if self.rng is not None else None
        c.boards = [b.clone() for b in self.boards]
        return c

    def view(self, seat: int | None) -> "SquareMasonsState":
        c = self.clone()
        c.is_view, c.view_seat = True, seat
        c.rng = None  # a view cannot deal: the deck's future order is nobody's business
        c.discard = [HIDDEN] * len(self.discard)
        for s, b in enumerate(c.boards):
            if s == seat:
                continue
            b.hand = [HIDDEN] * len(b.hand)
            if b.pick is not None:
                b.pick = HIDDEN
            b.face_down = [HIDDEN] * len(b.face_down)
            if b.bid is not None:
                b.bid = HIDDEN
        return c

    def determinize(self, observer: int | None, rng: Rng) -> "SquareMasonsState":
        from rulesets.square_masons.sampling import determinize

        return determinize(self, observer, rng)

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        from rulesets.square_masons.describe import describe_move

        return describe_move(self, move, self._mover(seat))

    def is_sealed(self, seat: int, move: Any) -> bool:
        return type(move) in (Pick, Bid)

    def evaluate(self, seat: int) -> float | None:
        from rulesets.square_masons.evaluation import position_value

        return position_value(self, seat)

    def evaluate_all(self) -> list[float]:
        from rulesets.square_masons.evaluation import position_values

        return position_values(self)

    def _mover(self, seat: int | None) -> int:
        """`seat`, or by default the seat to act (the view's own seat first)."""
        if seat is not None:
            return seat
        acting = self.to_act()
        if self.is_view and self.view_seat in acting:
            return self.view_seat
        return acting[0] if acting else self.actor

    def format_move(self, move: Any) -> str:
        return format_move(move)

    def parse_text(self, text: str) -> Any:
        return parse_text(text)

    def canonical_move(self, move: Any, seat: int) -> Any:
        if type(move) in (Relocate, Store, Scrap, Swap) and self.phase in ("build", "place_won"):
            i = self.boards[seat].piece_at(move.cell)  # a piece is named by any cell it covers
            if i is None:
                raise IllegalMoveError(f"there is no piece on {cell_name(move.cell)} in your construction zone")
            move = replace(move, cell=first_cell(self.boards[seat].construction[i][1]))
        if type(move) is Lay and move.code and self.hand_kind in PLACEMENT_AT:
            p = PLACEMENT_AT[self.hand_kind].get((move.code, move.anchor))
            if p is not None:
                move = Lay(p.code, p.anchor)
        return move

    def is_legal(self, seat: int, move: Any) -> bool:
        if self.is_view:
            self.require_visible(seat)
        check = _CHECKS.get(type(move))
        if check is None:
            return move in self.legal(seat)
        return check(self, self.boards[seat], move)

    # -- direct checks, one per move type (each agrees with `legal`)
    def _ok_direction(self, b: MasonBoard, move: Direction) -> bool:
        return self.phase == "direction" and move in DIRECTIONS

    def _ok_pair(self, b: MasonBoard, move: Pair) -> bool:
        return self.phase == "pair" and move.letters in choices.pair_choices(tuple(b.drafted))

    def _ok_offer(self, b: MasonBoard, move: Offer) -> bool:
        return self.phase == "market" and move.blocks in choices.offer_choices(tuple(self.supply), self._offer_size())

    def _ok_pick(self, b: MasonBoard, move: Pick) -> bool:
        return self.phase == "draft" and move.card in b.hand

    def _ok_bid(self, b: MasonBoard, move: Bid) -> bool:
        if self.phase != "auction":
            return False
        if move.space == 0:
            return move.amount == 0
        return 1 <= move.space <= len(self.offer) and 0 <= move.amount <= b.coins

    def _ok_lay(self, b: MasonBoard, move: Lay) -> bool:
        if self.phase not in ("lay", "place_won"):
            return False
        occ = b.occupied()
        if self.hand_kind == STONE_KIND:
            return move.code == "" and 0 <= move.anchor < CELLS and not occ >> move.anchor & 1
        p = PLACEMENT_AT[self.hand_kind].get((move.code, move.anchor))
        return p is not None and p.code == move.code and p.anchor == move.anchor and not p.mask & occ

    def _ok_reserve(self, b: MasonBoard, move: ToReserve) -> bool:
        return self.phase == "place_won" and b.reserve_blocks < d.RESERVE_BLOCKS

    def _ok_drop(self, b: MasonBoard, move: Drop) -> bool:
        if move.kind == STONE_KIND:
            return self.phase == "build" and b.stones > 0
        if move.kind not in BLOCK_INDEX or not b.reserve[BLOCK_INDEX[move.kind]]:
            return False
        return self.phase == "build" or (self.phase == "place_won" and b.reserve_blocks >= d.RESERVE_BLOCKS)

    def _piece(self, b: MasonBoard, cell: int) -> tuple[str, int] | None:
        """The construction piece whose first cell is `cell`, if any."""
        i = b.piece_at(cell) if isinstance(cell, int) and 0 <= cell < CELLS else None
        if i is None or first_cell(b.construction[i][1]) != cell:
            return None
        return b.construction[i]

    def _ok_piece_action(self, b: MasonBoard, move: Any) -> bool:
        if b.coins < d.ACTION_COST:
            return False
        if type(move) is Scrap and self.phase == "place_won":
            if self.rules_version < 2:  # version 1: room was made in the reserve only
                return False
            return b.reserve_blocks >= d.RESERVE_BLOCKS and self._piece(b, move.cell) is not None
        if self.phase != "build":
            return False
        piece = self._piece(b, move.cell)
        if piece is None:
            return False
        kind, pm = piece
        t = type(move)
        if t is Store:
            return kind == STONE_KIND or b.reserve_blocks < d.RESERVE_BLOCKS
        if t is Swap:
            i = BLOCK_INDEX.get(move.kind)
            return i is not None and b.reserve[i] > 0 and can_lay(move.kind, b.occupied() & ~pm)
        return True  # Relocate, Scrap

    def _ok_take(self, b: MasonBoard, move: Take) -> bool:
        if self.phase != "build" or b.coins < d.ACTION_COST:
            return False
        occ = b.occupied()
        if move.kind == STONE_KIND:
            return b.stones > 0 and occ != FULL
        i = BLOCK_INDEX.get(move.kind)
        return i is not None and b.reserve[i] > 0 and can_lay(move.kind, occ)

    def _ok_claim(self, b: MasonBoard, move: Claim) -> bool:
        return self.phase == "build" and any(sid == move.sid for sid, _ in self.claimable(b))

    def _ok_end(self, b: MasonBoard, move: End) -> bool:
        return self.phase == "build"

    def _ok_ability(self, b: MasonBoard, move: Any) -> bool:
        return self.phase == "ability" and move in self._ability_moves(b)

    def explain_illegal(self, seat: int, move: Any) -> str:
        """Why a well-formed move is not legal, in a player's words."""
        b = self.boards[seat]
        try:
            text = format_move(move)
        except TypeError:
            return f"{move!r} is not a Square Masons move"
        t = type(move)
        if t is Bid and self.phase == "auction":
            if move.space > len(self.offer):
                return f"there is no auction space {move.space} (spaces 1–{len(self.offer)})"
            return f"you have {b.coins} coin{'s' if b.coins != 1 else ''}, you cannot bid {move.amount}"
        if t is Lay and self.phase in ("lay", "place_won"):
            if self.hand_kind == STONE_KIND and move.code:
                return "a stone has no orientation: give just the cell, e.g. b3"
            return f"{text} does not fit: it would stick out of the zone or cover another piece"
        if t is ToReserve and self.phase == "place_won":
            return (f"your reserve is full ({d.RESERVE_BLOCKS} blocks): lay the block, or first make room "
                    "by discarding a reserve block (free) or a construction piece (1 coin)")
        if t is Pick and self.phase == "draft":
            return f"you have no {CARD_TYPES[move.card]} card in your hand"
        if t is Claim and self.phase == "build":
            return (f"your construction zone does not show {a_or_an(d.STRUCTURES[move.sid].title)} you may claim "
                    "(the layout exactly, with no other piece touching it)")
        if t in (Relocate, Store, Scrap, Take, Swap) and self.phase == "build" and b.coins < d.ACTION_COST:
            return "that action costs 1 coin and you have none"
        if t is Store and self.phase == "build" and b.reserve_blocks >= d.RESERVE_BLOCKS:
            return f"your reserve is full ({d.RESERVE_BLOCKS} blocks)"
        return f"{text} is not legal now ({self.prompt(seat)})"

    def snapshot(self) -> dict[str, Any]:
        def card(c: int) -> str:
            return "?" if c == HIDDEN else CARD_TYPES[c]

        def choice(x: Any) -> Any:
            if x is None:
                return None
            if x == HIDDEN:
                return "?"
            return x if isinstance(x, int) else list(x)

        boards = []
        for b in self.boards:
            boards.append({
                "coins": b.coins,
                "stones": b.stones,
                "reserve": "".join(t * n for t, n in zip(BLOCK_TYPES, b.reserve)),
                "construction": [
                    {"kind": k, "cells": [cell_name(c) for c in cells_of(m)]} for k, m in b.construction
                ],
                "towns": {s.id: n for s, n in zip(d.TOWNS, b.towns) if n},
                "sanctuaries": list(b.sanctuaries),
                "donations": b.donations,
                "prestige": b.prestige,
                "hand": [card(c) for c in b.hand],
                "drafted": {CARD_TYPES[i]: n for i, n in enumerate(b.drafted) if n},
                "face_down": [card(c) for c in b.face_down],
                "pick": None if b.pick is None else card(b.pick),
                "doubled": b.doubled,
                "bid": choice(b.bid),
                "won": None if b.won is None else BLOCK_TYPES[b.won],
                "lost": b.lost,
                "lost_paid": b.lost_paid,
            })
        return {
            "round": self.round,
            "round_limit": self.round_limit,
            "quiet_rounds": self.quiet_rounds,
            "prestige_seen": self.prestige_seen,
            "phase": self.phase,
            "first": self.first + 1,
            "direction": "cw" if self.way == 1 else "ccw",
            "to_act": [s + 1 for s in self.to_act()],
            "pick": self.pick_no,
            "order_holder": None if self.order_holder is None else self.order_holder + 1,
            "prior_order": None if self.prior_order is None else self.prior_order + 1,
            "market_holder": None if self.market_holder is None else self.market_holder + 1,
            "supply": "".join(t * n for t, n in zip(BLOCK_TYPES, self.supply)),
            "stone_supply": self.stone_supply,
            "bank": self.bank,
            "prestige_tokens": self.prestige_tokens,
            "town_supply": {s.id: n for s, n in zip(d.TOWNS, self.town_supply)},
            "sanctuaries": {sid: (None if (o := self.sanctuary_owner(sid)) is None else o + 1)
                            for sid in self.sanctuaries},
            "discard": [card(c) for c in self.discard],
            "offer": "".join(BLOCK_TYPES[t] for t in self.offer),
            "sold": [None if w is None else w + 1 for w in self.sold],
            "revealed": [choice(x) for x in self.revealed],
            "tie": {"for": self.tie_kind, "seats": [s + 1 for s in self.tie_seats]} if self.phase in ("tie", "auction_tie") else None,
            "pair_queue": [s + 1 for s in self.pair_queue],
            "build_order": [s + 1 for s in self.build_order],
            "hand_piece": self.hand_kind,
            "abilities": list(self.abilities),
            "boards": boards,
            "rng": None if self.rng is None else self.rng.state,
            "end": self.end_reason,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.square_masons.text_board import render_text

        return render_text(self, seat, names)


def _kind_name(kind: str) -> str:
    """'the L block' or 'a stone', as the moves' descriptions say it."""
    return "a stone" if kind == STONE_KIND else f"the {kind} block"


_HANDLERS: dict[type, Callable[[SquareMasonsState, int, Any], list[Event]]] = {
    Direction: SquareMasonsState._direction,
    Pick: SquareMasonsState._pick,
    Pair: SquareMasonsState._pair,
    Tie: SquareMasonsState._tie,
    Offer: SquareMasonsState._offer,
    Bid: SquareMasonsState._bid,
    Lay: SquareMasonsState._lay,
    ToReserve: SquareMasonsState._to_reserve,
    Relocate: SquareMasonsState._relocate,
    Store: SquareMasonsState._store,
    Scrap: SquareMasonsState._scrap,
    Take: SquareMasonsState._take,
    Swap: SquareMasonsState._swap,
    Drop: SquareMasonsState._drop,
    Claim: SquareMasonsState._claim,
    End: SquareMasonsState._end,
    Sell: SquareMasonsState._sell,
    Buy: SquareMasonsState._buy,
    Donate: SquareMasonsState._donate,
    Skip: SquareMasonsState._skip,
}


_CHECKS: dict[type, Callable[[SquareMasonsState, MasonBoard, Any], bool]] = {
    Direction: SquareMasonsState._ok_direction,
    Pick: SquareMasonsState._ok_pick,
    Pair: SquareMasonsState._ok_pair,
    Offer: SquareMasonsState._ok_offer,
    Bid: SquareMasonsState._ok_bid,
    Lay: SquareMasonsState._ok_lay,
    ToReserve: SquareMasonsState._ok_reserve,
    Relocate: SquareMasonsState._ok_piece_action,
    Store: SquareMasonsState._ok_piece_action,
    Scrap: SquareMasonsState._ok_piece_action,
    Swap: SquareMasonsState._ok_piece_action,
    Take: SquareMasonsState._ok_take,
    Drop: SquareMasonsState._ok_drop,
    Claim: SquareMasonsState._ok_claim,
    End: SquareMasonsState._ok_end,
    Sell: SquareMasonsState._ok_ability,
    Buy: SquareMasonsState._ok_ability,
    Donate: SquareMasonsState._ok_ability,
    Skip: SquareMasonsState._ok_ability,
}
"""Per move type, the direct legality check (the others ask `legal`)."""


def new_state(players: int, seed: int, round_limit: int = d.ROUND_LIMIT) -> SquareMasonsState:
    """The starting position: coins, town cards and the drawn sanctuaries."""
    if not 3 <= players <= 5:
        raise ValueError("Square Masons is for 3–5 players")
    rng = Rng(seed)
    drawn = [s.id for s in d.SANCTUARIES]
    rng.shuffle(drawn)
    st = SquareMasonsState(
        num_players=players,
        round_limit=round_limit,
        rng=rng,
        boards=[MasonBoard() for _ in range(players)],
        town_supply=[players] * 4,
        sanctuaries=sorted(drawn[:players], key=[s.id for s in d.SANCTUARIES].index),
    )
    st.bank -= players * d.START_COINS
    st.phase = "direction"
    st.actor = 0
    return st
