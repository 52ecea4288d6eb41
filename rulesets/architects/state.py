"""The Architects position and its rules (see RULES.md).

Phases: `auction` (sealed bids on the commission boards, several seats at
once), `turn` (the seat to act moves its client, plays cards, discards, then
`end`s), `jump` (a client that landed on an active blue or glass space may
hyper-jump) and `over`. All chance (architects, the deck, reshuffles) comes
from the seeded Rng kept in the state.

Move lists are made by movegen.py from tables and caches keyed by everything
they depend on (board, space, cards, two bit masks of the flags, funds), so
the state keeps no cache of its own and may be changed freely (tests set
hands and spaces by hand); a turn's list is gathered as (notation, move)
items and sorted once. The direct check `is_legal` asks the same tables for
one move. The state's fields and the save format are unchanged.

Why one module over 900 lines: it is one dataclass whose methods are the
game's rules over its fields (the auction, movement and the transfers it
settles, cards, jumps, bankruptcy and the end); move generation (movegen.py),
reasons and descriptions (explain.py), notation (moves.py), boards
(board.py), content, words, the picture and the evaluation are already
modules of their own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from typing import Any, Sequence

from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_name, seat_ref
from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HIDDEN_RNG, is_hidden
from engine.rng import Rng
from engine.words import plural
from rulesets.architects import content as K
from rulesets.architects.board import AREA_EFFECT, BOARDS, LINE_EFFECT, SPACE_EFFECT, Board, Link
from rulesets.architects.explain import card_words, cards_words
from rulesets.architects.movegen import (
    AREA_FLAGS,
    DISCARD_ITEM,
    END_ITEM,
    NUM,
    PAIR_TEXT,
    SINGLE_TEXT,
    TEXT_INDEX,
    THREES,
    TOGGLE_ITEMS,
    WARM_AFTER,
    Item,
    _card_paths,
    affordable,
    compile_path,
    fives,
    fours,
    group_effects,
    masks,
    pair_cards,
    pair_items,
    pay,
    single_items,
    step_items,
    threes,
    warm_tables,
)
from rulesets.architects.moves import (
    STAY,
    Bid,
    Discard,
    End,
    Group,
    Jump,
    Pair,
    Single,
    Stay,
    Step,
    Toggle,
    format_move,
    parse_text,
)

Funds = tuple[int, int, int]
"""(client, architect, bank)."""

PLAYING, FINISHED, BANKRUPT, BIDDING = K.PLAYING, K.FINISHED, K.BANKRUPT, K.BIDDING


@dataclass
class Player:
    """One seat: the architect card, the commission board, the client and the hand."""

    architect: Any = -1
    """Index into content.ARCHITECTS (HIDDEN in others' views before the bids are shown)."""
    board: int = -1
    """The commission board won (index into BOARDS), -1 before."""
    pos: int = -1
    """The client's space on that board."""
    client: int = 0
    """Client funds."""
    funds: int = 0
    """Architect funds (the score)."""
    hand: list[Any] = field(default_factory=list)
    """Construction cards (ids 0..59; HIDDEN in others' views with closed hands)."""
    status: str = BIDDING
    """bidding, playing, finished or bankrupt."""
    bid: Any = None
    """This auction round's sealed bid (board, amount), None before it is made."""

    def copy(self) -> "Player":
        """An independent copy."""
        return copy_with_lists(self, ("hand",))


@dataclass
class ArchitectsState(GameState):
    """An Architects position."""

    position_words = "rulesets.architects.position"

    hidden_information = True  # hands, decks and sealed choices: each seat sees its view()

    rules_version = 2  # the newest (the ruleset's `version`); RULES.md, "Version history"
    num_players: int
    hands_open: bool = False
    """Option: hands are played face up."""
    round_limit: int = K.ROUND_LIMIT
    """The game ends after this many rounds (a stall stop)."""
    rng: Rng = field(default_factory=Rng)
    deck: list[Any] = field(default_factory=list)
    """Construction deck, face down; the next card drawn is the last."""
    discard: list[int] = field(default_factory=list)
    """Cards played or discarded, face up."""
    spare_architects: list[Any] = field(default_factory=list)
    """Architect cards not dealt (face down)."""
    bank: int = K.BANK_FUNDS
    players: list[Player] = field(default_factory=list)
    phase: str = "auction"
    open_boards: list[int] = field(default_factory=list)
    """Boards not yet won (the auction)."""
    revealed: bool = False
    """The architect cards have been shown (with the first bids)."""
    order: list[int] = field(default_factory=list)
    """Seats in turn order (by their boards' numerals)."""
    seat: int = 0
    """Whose turn it is."""
    actor: int = 0
    """Who decides now (the turn's owner, or a client that may hyper-jump)."""
    round: int = 0
    """The round being played (1 from the first turn)."""
    flags: set[str] = field(default_factory=set)
    """Active effects: lines (lb lo lg lr ld), spaces (sb sg sr sk), areas (ab ag ap pk)."""
    finish_round: int = 0
    """The round in which the first client reached F (0: none yet)."""
    endgame: bool = False
    """The round after the first finish has begun: no draws, areas closed, forward gains halved."""
    moved: bool = False
    single_used: bool = False
    three_used: bool = False
    four_used: bool = False
    five_used: bool = False
    discarded: bool = False
    played: bool = False
    """Some card play was made this turn."""
    paired: list[int] = field(default_factory=list)
    """Opponents a pair was played on this turn."""
    jump_from: int = -1
    """The blue or glass space the deciding client landed on (phase jump)."""
    over_reason: str = ""

    # ----------------------------------------------------------------- setup
    @classmethod
    def setup(cls, players: int, seed: int, hands_open: bool = False, round_limit: int = K.ROUND_LIMIT) -> "ArchitectsState":
        """Rules 1–2: architect cards and 6 construction cards dealt."""
        if not 2 <= players <= 4:
            raise ValueError("Architects is for 2–4 players")
        if round_limit < 1:
            raise ValueError("the round limit must be at least 1")
        rng = Rng(seed)
        archs = list(range(len(K.ARCHITECTS)))
        rng.shuffle(archs)
        deck = list(range(K.DECK_SIZE))
        rng.shuffle(deck)
        st = cls(num_players=players, hands_open=hands_open, round_limit=round_limit, rng=rng)
        st.deck = deck
        st.players = [Player(architect=archs.pop()) for _ in range(players)]
        st.spare_architects = archs
        for p in st.players:
            p.hand = [deck.pop() for _ in range(K.HAND_SIZE)]
        st.open_boards = list(range(len(BOARDS)))
        return st

    # -------------------------------------------------------------- queries
    def board_of(self, seat: int) -> Board:
        """The seat's commission board."""
        return BOARDS[self.players[seat].board]

    def active(self) -> list[int]:
        """Seats still playing, in turn order."""
        return [s for s in self.order if self.players[s].status == PLAYING]

    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "auction":
            return tuple(s for s, p in enumerate(self.players) if p.status == BIDDING and p.bid is None)
        return (self.actor,)

    def signed_value(self, board: Board, space: int) -> int:
        """The space's value, negative for a ±black space while they are turned."""
        v = board.values[space]
        return -v if board.kinds[space] == "k" and "sk" in self.flags else v

    def gain(self, amount: int) -> int:
        """A forward gain: halved (rounded down) in the endgame."""
        return amount // 2 if self.endgame else amount

    def can_enter(self, board: Board, src: int, link: Link) -> bool:
        """Whether a client on `src` may cross `link` (dashed lines, closed
        areas: a closed area may be left, or crossed inside, never entered)."""
        if link.dashed and "ld" not in self.flags:
            return False
        area = board.areas[link.to]
        if area in ("", "y"):
            return True
        if AREA_EFFECT[area] in self.flags:
            return True
        return area != "k" and board.areas[src] == area

    def step_transfers(self, board: Board, a: int, link: Link) -> list[tuple[str, str, int]]:
        """What crossing `link` from space `a` pays: (payer, payee, amount),
        parties 'c' client, 'a' architect, 'bank'."""
        out: list[tuple[str, str, int]] = []
        if link.forward:
            v = self.signed_value(board, link.to)
            out.append(("c", "a", self.gain(v)) if v >= 0 else ("a", "c", -v))
        else:
            v = self.signed_value(board, a)
            out.append(("a", "c", v) if v >= 0 else ("c", "a", -v))
        if link.colour and LINE_EFFECT[link.colour] in self.flags:
            total = board.values[a] + board.values[link.to]
            if link.colour == "b":
                out.append(("bank", "c", self.gain(total // 2)))
            elif link.colour == "g":
                out.append(("bank", "c", self.gain(total)))
            elif link.colour == "o":
                out.append(("c", "bank", total // 2))
            else:
                out.append(("c", "bank", total))
        return out

    @staticmethod
    def settle(funds: Funds, transfers: list[tuple[str, str, int]]) -> Funds | None:
        """Funds after the transfers, or None if a client or architect lacks
        the money. The bank pays what it has."""
        have = {"c": funds[0], "a": funds[1], "bank": funds[2]}
        for payer, payee, amount in transfers:
            if payer == "bank":
                amount = min(amount, have["bank"])
            elif have[payer] < amount:
                return None
            have[payer] -= amount
            have[payee] += amount
        return have["c"], have["a"], have["bank"]

    def architect_pays(self, funds: Funds, amount: int) -> Funds | None:
        """Note #1: the architect pays the bank; the client covers a shortfall."""
        c, a, b = funds
        from_a = min(a, amount)
        rest = amount - from_a
        if rest > c:
            return None
        return c - rest, a - from_a, b + amount

    def simulate(self, seat: int, path: Sequence[int], text: K.CardText | None) -> tuple[Funds | None, bool]:
        """Funds after moving `seat`'s client along `path` (space numbers) by
        `text` (None: a plain step) and the card's bank payments; and whether
        the movement alone was affordable (False: the move cannot be made).
        Funds None with True: the card's payment bankrupts the player.
        (The steps' payments are step_transfers, compiled: movegen.link_pay.)"""
        p = self.players[seat]
        _, pay_mask = masks(self.flags, self.endgame)
        transfers = compile_path(p.board, p.pos, tuple(path), "all" if text is None else text.paid, pay_mask)
        funds = pay(p.client, p.funds, self.bank, transfers)
        if funds is None:
            return None, False
        if text is not None:
            if text.client_gain:
                funds = self.settle(funds, [("bank", "c", self.gain(text.client_gain))])
            if text.architect_pays:
                funds = self.architect_pays(funds, text.architect_pays)  # type: ignore[arg-type]
        return funds, True

    def open_mask(self) -> int:
        """What of the flags decides where a client may go: bit 0 the dashed
        lines, then one bit an area effect (movegen.OPEN_BIT)."""
        return masks(self.flags, self.endgame)[0]

    def card_paths(self, seat: int, text: K.CardText, mask: int | None = None) -> tuple[tuple[int, ...], ...]:
        """Every path (spaces entered) `text` allows `seat`'s client, topology
        only (`mask`: this position's open_mask, if already known)."""
        p = self.players[seat]
        return _card_paths(p.board, p.pos, TEXT_INDEX[text], self.open_mask() if mask is None else mask)

    def single_text(self, card: int) -> K.CardText:
        """The movement text of a card played singly."""
        n = K.card_number(card)
        return K.NINE_RETREAT if n == 9 else K.CARD_TEXTS[n]

    def pair_targets(self, seat: int) -> list[int]:
        """Opponents a pair may still be played on this turn."""
        return [t for t in self.active() if t != seat and t not in self.paired]

    def path_indices(self, seat: int, names: tuple[str, ...]) -> tuple[int, ...]:
        """Space numbers of named spaces on `seat`'s board (-1 for a name not on it)."""
        where = SPACE_INDEX[self.players[seat].board]
        return tuple(where.get(n, -1) for n in names)

    def group_allowed(self, seat: int, group: Group) -> bool:
        """Whether a recognised group may be played now (type unused this
        turn, no area in the endgame, a swap partner still in play)."""
        n = len(group.cards)
        if (n == 3 and self.three_used) or (n == 4 and self.four_used) or (n == 5 and self.five_used):
            return False
        if self.endgame and group.effect in K.AREA_EFFECTS:
            return False
        if group.effect == "sw":
            t = group.target
            return 0 <= t < self.num_players and t != seat and self.players[t].status == PLAYING
        return True

    def jump_targets(self, seat: int) -> list[int]:
        """Where a client on an active blue or glass space may hyper-jump."""
        p = self.players[seat]
        board = BOARDS[p.board]
        kind = board.kinds[self.jump_from]
        out = []
        for i in board.of_kind(kind):
            area = board.areas[i]
            if i != self.jump_from and (area in ("", "y") or AREA_EFFECT[area] in self.flags):
                out.append(i)
        return out

    # ------------------------------------------------------------ move lists
    def _hand(self, seat: int) -> tuple[int, ...]:
        """The seat's hand, sorted (card ids are distinct)."""
        return tuple(sorted(self.players[seat].hand))

    def _movement_items(self, seat: int, hand: tuple[int, ...], masks_: tuple[int, int]) -> list[Item]:
        """The turn's movement: plain steps and single movement cards, affordable."""
        p = self.players[seat]
        funds = (p.client, p.funds, self.bank)
        out = step_items(p.board, p.pos, funds, *masks_)
        if not self.single_used:
            out += single_items(p.board, p.pos, funds, hand, *masks_)
        return out

    def _pair_items(self, seat: int, hand: tuple[int, ...], masks_: tuple[int, int]) -> list[Item]:
        """Pairs (same number and text, two suits) on opponents able to obey."""
        out: list[Item] = []
        pairs = pair_cards(hand)
        if not pairs:
            return out
        players = self.players
        for t in self.order:
            q = players[t]
            if t == seat or q.status != PLAYING or t in self.paired:
                continue
            funds = (q.client, q.funds, self.bank)
            for cards in pairs:
                items = pair_items(cards, t, q.board, q.pos, funds, *masks_)
                if not items and self.rules_version >= 2:  # cannot obey: a play with no effect (v1: refused)
                    items = [(format_move(no_effect := Pair(cards, t, ())), no_effect)]
                out += items
        return out

    def _turn_items(self, seat: int) -> list[Item]:
        """Every move of the turn phase, as (notation, move) items."""
        hand = tuple(sorted(self.players[seat].hand))
        endgame = self.endgame
        masks_ = masks(self.flags, endgame)
        if self.moved:
            items = []
            may_end = self.played or self.discarded or not hand
        else:
            items = self._movement_items(seat, hand, masks_)
            may_end = not items
        if not self.single_used:
            items += chain.from_iterable(map(TOGGLE_ITEMS[endgame].__getitem__, hand))
        items += self._pair_items(seat, hand, masks_)
        n = len(hand)
        if n >= 3:
            if not self.three_used:
                items += threes(hand)
            if not self.four_used and n >= 4:
                if endgame:
                    items += [item for item in fours(hand) if item[1].effect not in AREA_FLAGS]
                else:
                    items += fours(hand)
            if not self.five_used and n >= 5:
                for item, target in fives(hand):
                    if target < 0 or (target != seat and target < self.num_players and self.players[target].status == PLAYING):
                        items.append(item)
        if not self.discarded:
            items += map(DISCARD_ITEM.__getitem__, hand)
        if may_end:
            items.append(END_ITEM)
        return items

    def may_end(self, seat: int) -> bool:
        """Rules 17–19: moved (or no move is possible), and played or discarded
        a card (unless the hand is empty)."""
        if not self.moved:
            return not self._movement_items(seat, self._hand(seat), masks(self.flags, self.endgame))
        return self.played or self.discarded or not self.players[seat].hand

    def legal(self, seat: int) -> list[Any]:
        phase = self.phase
        if phase == "turn":
            if seat != self.actor:
                return []
            if self.is_view:
                self.require_visible(seat)
            global _LISTS
            _LISTS += 1
            if _LISTS == WARM_AFTER:
                warm_tables()
            items = self._turn_items(seat)
            items.sort()
            return list(map(_MOVE, items))
        if phase == "over" or seat not in self.to_act():
            return []
        self.require_visible(seat)
        if phase == "auction":
            return list(_bids(tuple(self.open_boards)))
        board = BOARDS[self.players[seat].board]
        return sorted([Jump(board.names[i]) for i in self.jump_targets(seat)] + [STAY], key=format_move)

    def is_legal(self, seat: int, move: Any) -> bool:
        """A direct check of one move (no full move list)."""
        if self.phase == "auction":
            return (
                isinstance(move, Bid)
                and move.board in self.open_boards
                and BOARDS[move.board].min_bid <= move.amount <= BOARDS[move.board].max_bid
            )
        if self.phase == "jump":
            if isinstance(move, Jump):
                board = self.board_of(seat)
                return move.to in board.names and board.index(move.to) in self.jump_targets(seat)
            return isinstance(move, Stay)
        p = self.players[seat]
        hand = p.hand
        kind = type(move)
        if kind is Group:
            cards, effect = move.cards, move.effect
            n = len(cards)
            if not 3 <= n <= 5 or any(c not in hand for c in cards) or list(cards) != sorted(set(cards)):
                return False
            if effect != "sw" and move.target != -1:
                return False
            if n == 3:
                if not any(m.effect == effect for _, m in THREES[tuple(cards)]):
                    return False
            elif effect not in group_effects(cards):
                return False
            return self.group_allowed(seat, move)
        if kind is Discard:
            return not self.discarded and move.card in hand
        if kind is End:
            return self.may_end(seat)
        if kind is Step:
            steps = step_items(p.board, p.pos, (p.client, p.funds, self.bank), *masks(self.flags, self.endgame))
            return not self.moved and any(note == move.to for note, _ in steps)
        if kind is Single:
            if self.moved or self.single_used or move.card not in hand:
                return False
            entries = affordable(p.board, p.pos, SINGLE_TEXT[move.card], *masks(self.flags, self.endgame), (p.client, p.funds, self.bank), True)
            return any(entry[3] == move.path for entry in entries)
        if kind is Toggle:
            return not self.single_used and move.card in hand and any(m == move for _, m in TOGGLE_ITEMS[self.endgame][move.card])
        if kind is Pair:
            a, b = move.cards
            if not (a < b and a in hand and b in hand and NUM[a] == NUM[b] != 9 and move.target in self.pair_targets(seat)):
                return False
            q = self.players[move.target]
            entries = affordable(q.board, q.pos, PAIR_TEXT[a], *masks(self.flags, self.endgame), (q.client, q.funds, self.bank), False)
            if not move.path:  # the target cannot obey: no effect (rules version 2; v1 refused the play)
                return self.rules_version >= 2 and not entries
            return any(entry[3] == move.path for entry in entries)
        return False

    # ------------------------------------------------------------- changes
    def step(self, seat: int, move: Any) -> list[Event]:
        who = _WHO[seat]
        kind = type(move)
        if kind is Group:
            return self._group(seat, move, who)
        if kind is End:
            return self._end(seat, who)
        p = self.players[seat]
        if kind is Discard:
            p.hand.remove(move.card)
            self.discard.append(move.card)
            self.discarded = True
            return [Event(f"{who} discards the {card_words(move.card)}")] + self._refill(seat)
        if kind is Single:
            self._play_cards(seat, (move.card,))
            self.single_used = self.moved = True
            text = self.single_text(move.card)
            path = tuple(map(SPACE_INDEX[p.board].__getitem__, move.path))
            events = self._move(seat, path, text, who, f" with the {card_words(move.card)}")
            return events + self._refill(seat)
        if kind is Step:
            self.moved = True
            return self._move(seat, (SPACE_INDEX[p.board][move.to],), None, who, "")
        if kind is Pair:
            return self._pair(seat, move, who)
        if kind is Toggle:
            self._play_cards(seat, (move.card,))
            self.single_used = True
            events = [self._toggle(move.effect, who, f"the {card_words(move.card)}")]
            return events + self._refill(seat)
        if kind is Bid:
            return self._bid(seat, move)
        if kind is Jump or kind is Stay:
            return self._jump(seat, move, who)
        raise IllegalMoveError(f"not an Architects move: {move!r}")

    def _bid(self, seat: int, move: Bid) -> list[Event]:
        self.players[seat].bid = (move.board, move.amount)
        events = [Event(f"{seat_ref(seat)} places a sealed bid")]
        if self.to_act():
            return events
        return events + self._resolve_bids()

    def _resolve_bids(self) -> list[Event]:
        """Rule 7: lowest bid wins each board, ties to the oldest architect;
        losers bid again on the boards left."""
        events: list[Event] = []
        if not self.revealed:
            self.revealed = True
            for s, p in enumerate(self.players):
                a = K.ARCHITECTS[p.architect]
                events.append(Event(f"{seat_ref(s)}'s architect is {a.name} (born {a.born})"))
        bidders = [s for s, p in enumerate(self.players) if p.status == BIDDING]
        for s in bidders:
            b, v = self.players[s].bid
            events.append(Event(f"{seat_ref(s)} bid {v} on board {BOARDS[b].roman}"))
        for b in sorted({self.players[s].bid[0] for s in bidders}):
            on = [s for s in bidders if self.players[s].bid[0] == b]
            win = min(on, key=lambda s: (self.players[s].bid[1], K.ARCHITECTS[self.players[s].architect].born))
            p = self.players[win]
            amount = p.bid[1]
            p.board, p.pos, p.client, p.status = b, BOARDS[b].start, amount, PLAYING
            self.bank -= amount
            self.open_boards.remove(b)
            tie = sum(1 for s in on if self.players[s].bid[1] == amount) > 1
            why = " (tie: the oldest architect)" if tie else ""
            events.append(Event(f"{seat_ref(win)} wins board {BOARDS[b].roman} for {amount}{why}"))
        for p in self.players:
            p.bid = None
        if any(p.status == BIDDING for p in self.players):
            events.append(Event("The losing bidders bid again on the boards left"))
            return events
        self.order = sorted(range(self.num_players), key=lambda s: self.players[s].board)
        self.phase = "turn"
        self.round = 1
        self.seat = self.actor = self.order[0]
        events.append(Event(f"Round 1: {seat_ref(self.seat)} plays first"))
        return events

    def _play_cards(self, seat: int, cards: Sequence[int]) -> None:
        p = self.players[seat]
        for c in cards:
            p.hand.remove(c)
            self.discard.append(c)
        self.played = True

    def _refill(self, seat: int) -> list[Event]:
        """Rule 21: back to 6 cards from the deck (the discards reshuffled when
        it runs out); no draws in the endgame."""
        p = self.players[seat]
        if self.endgame or p.status != PLAYING:
            return []
        want = K.HAND_SIZE - len(p.hand)
        if want <= 0:
            return []
        deck = self.deck
        if len(deck) >= want:  # the usual case, in one go
            drawn = deck[: -want - 1 : -1]
            del deck[-want:]
            p.hand += drawn
            return [Event(_DRAWS[seat][want]), Event(f"You draw the {cards_words(drawn)}", private_to=seat)]
        drawn = []
        events: list[Event] = []
        while len(p.hand) < K.HAND_SIZE:
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                events.append(Event("The discards are shuffled into a new deck"))
            c = self.deck.pop()
            p.hand.append(c)
            drawn.append(c)
        if drawn:
            events.append(Event(_DRAWS[seat][len(drawn)]))
            events.append(Event(f"You draw the {cards_words(drawn)}", private_to=seat))
        return events

    def _move(self, seat: int, path: tuple[int, ...], text: K.CardText | None, who: str, how: str) -> list[Event]:
        """Move a client (own turn or obeying a pair) and settle the money."""
        p = self.players[seat]
        board = BOARDS[p.board]
        before = (p.client, p.funds)
        funds, ok = self.simulate(seat, path, text)
        where = ", then ".join(board.names[i] for i in path)  # words: 'a2, then b2' ('a2>b2' is notation)
        if funds is None:  # the card's payment cannot be met: bankrupt (Note #1)
            p.pos = path[-1]
            return [Event(f"{who}'s client moves to {where}{how}")] + self._bankrupt(seat, "cannot pay the bank 4")
        p.client, p.funds, self.bank = funds
        p.pos = path[-1]
        events = [Event(f"{who}'s client moves to {where}{how}: {_money(before, (p.client, p.funds))}")]
        return events + self._land(seat, who)

    def _land(self, seat: int, who: str) -> list[Event]:
        """Finishing, the red-circled chain and the hyper-jump choice."""
        p = self.players[seat]
        board = BOARDS[p.board]
        here = p.pos
        if here == board.finish:
            return self._finish(seat, who)
        kind = board.kinds[here]
        if kind == "r" and "sr" in self.flags and len(board.red_chain) > 1:
            to = board.next_red(here)
            got = self._from_bank(seat, "a", self.gain(board.values[here]))
            p.pos = to
            return [Event(f"{who}'s client rides the red chain from {board.names[here]} to {board.names[to]}; the architect collects {got}")]
        if kind in ("b", "g") and SPACE_EFFECT[kind] in self.flags:
            self.jump_from = here
            if self.jump_targets(seat):
                self.phase = "jump"
                self.actor = seat
                return []
            self.jump_from = -1
        return []

    def _from_bank(self, seat: int, who: str, amount: int) -> int:
        """Rule 38: the bank pays what it has."""
        got = min(amount, self.bank)
        self.bank -= got
        if who == "a":
            self.players[seat].funds += got
        else:
            self.players[seat].client += got
        return got

    def _jump(self, seat: int, move: Any, who: str) -> list[Event]:
        p = self.players[seat]
        board = BOARDS[p.board]
        events: list[Event] = []
        if isinstance(move, Jump):
            to = board.index(move.to)
            got = self._from_bank(seat, "a", self.gain((board.values[self.jump_from] + board.values[to]) // 2))
            p.pos = to
            events.append(Event(f"{who}'s client hyper-jumps to {move.to}; the architect earns {got}"))
        else:
            events.append(Event(f"{who}'s client stays on {board.names[self.jump_from]}"))
        self.jump_from = -1
        self.phase = "turn"
        self.actor = self.seat
        return events

    def _finish(self, seat: int, who: str) -> list[Event]:
        """Rule 33: the commission is complete; the hand goes to the discards."""
        p = self.players[seat]
        p.status = FINISHED
        self.discard += p.hand
        p.hand = []
        events = [Event(f"{who}'s client reaches F: the commission is complete with {p.funds} architect funds")]
        if not self.finish_round:
            self.finish_round = self.round
            events.append(Event("The endgame begins with the next round"))
        if seat == self.seat and self.phase != "over":
            events += self._next_turn()
        return events

    def _bankrupt(self, seat: int, why: str) -> list[Event]:
        """Rule 32: out of the game; cards to the discards, funds to the bank."""
        p = self.players[seat]
        p.status = BANKRUPT
        self.bank += p.client + p.funds
        p.client = p.funds = 0
        self.discard += p.hand
        p.hand = []
        events = [Event(f"{seat_ref(seat)} is bankrupt ({why}) and out of the game")]
        if seat == self.seat:
            events += self._next_turn()
        return events

    def _toggle(self, effect: str, who: str, what: str) -> Event:
        on = effect not in self.flags
        self.flags ^= {effect}
        verb = ("open" if on else "close") if effect in K.AREA_EFFECTS else ("activate" if on else "deactivate")
        return Event(f"{who} plays {what}: {verb} the {K.EFFECTS[effect]}")

    def _pair(self, seat: int, move: Pair, who: str) -> list[Event]:
        self._play_cards(seat, move.cards)
        self.paired.append(move.target)
        t = move.target
        text = K.CARD_TEXTS[K.card_number(move.cards[0])]
        events = [Event(f"{who} plays the pair {cards_words(move.cards)} on {seat_ref(t)}")]
        if not move.path:  # rules version 2: the target cannot obey
            events.append(Event(f"{seat_ref(t)} cannot obey: the pair has no effect and is discarded"))
            return events + self._refill(seat)
        events += self._move(t, tuple(map(SPACE_INDEX[self.players[t].board].__getitem__, move.path)), text, seat_ref(t), "")
        if self.phase == "turn" or self.phase == "jump":
            events += self._refill(seat)
        return events

    def _group(self, seat: int, move: Group, who: str) -> list[Event]:
        self._play_cards(seat, move.cards)
        n = len(move.cards)
        if n == 3:
            self.three_used = True
        elif n == 4:
            self.four_used = True
        else:
            self.five_used = True
        played = cards_words(move.cards)
        if move.effect == "yf":
            got = self._from_bank(seat, "a", self.gain(K.FLIP_GAIN))
            events = [Event(f"{who} plays a 4-card flush ({played}): the architect gains {got}")]
            for s in self.active():
                q = self.players[s]
                flips = BOARDS[q.board].flips
                if q.pos in flips:
                    q.pos = flips[q.pos]
                    events.append(Event(f"{seat_ref(s)}'s client flips to {BOARDS[q.board].names[q.pos]}"))
        elif move.effect == "run":
            got = self._from_bank(seat, "a", self.gain(K.RUN_GAIN))
            events = [Event(f"{who} plays a 5-card run ({played}): the architect gains {got}")]
        elif move.effect == "sw":
            p, q = self.players[seat], self.players[move.target]
            p.board, q.board = q.board, p.board
            p.pos, q.pos = q.pos, p.pos
            p.client, q.client = q.client, p.client
            events = [Event(f"{who} plays a 5-card flush ({played}): swaps clients with {seat_ref(move.target)}")]
        else:
            events = [self._toggle(move.effect, who, f"the {played}")]
        return events + self._refill(seat)

    def _end(self, seat: int, who: str) -> list[Event]:
        if not self.moved:
            p = self.players[seat]
            board = BOARDS[p.board]
            if any(self.can_enter(board, p.pos, ln) for ln in board.links[p.pos]):
                return self._bankrupt(seat, "no move it can pay for")
            events = [Event(f"{who}'s client has no open line and stays on {board.names[p.pos]}")]
            return events + self._next_turn()
        return [Event(f"{who} ends the turn")] + self._next_turn()

    def _next_turn(self) -> list[Event]:
        """The next seat in turn order; a new round (and the endgame) when it wraps."""
        self.moved = self.single_used = self.three_used = self.four_used = self.five_used = False
        self.discarded = self.played = False
        self.paired = []
        self.jump_from = -1
        events: list[Event] = []
        if not self.active():
            return events + self._game_over("every commission is complete or bankrupt")
        i = self.order.index(self.seat)
        while True:
            i += 1
            if i >= len(self.order):
                i = 0
                if self.round >= self.round_limit:
                    return events + self._game_over(f"the round limit ({self.round_limit}) was reached")
                self.round += 1
                events.append(Event(f"Round {self.round}"))
                if self.finish_round and not self.endgame:
                    self.endgame = True
                    self.flags -= set(K.AREA_EFFECTS)
                    events.append(Event("The endgame: no more draws, all areas closed, forward gains halved"))
            s = self.order[i]
            if self.players[s].status == PLAYING:
                break
        self.seat = self.actor = s
        self.phase = "turn"
        return events

    def _game_over(self, why: str) -> list[Event]:
        self.phase = "over"
        self.over_reason = why
        out = self.outcome()
        assert out is not None
        best = " and ".join(seat_ref(s) for s in out.winners)
        return [Event(f"Game over ({why}): {best} {'win' if len(out.winners) > 1 else 'wins'} with {max(out.scores)}")]

    # -------------------------------------------------------------- results
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        parts = []
        for p in self.players:
            parts.append({"architect funds": p.funds} if p.status != BANKRUPT else {"bankrupt": 0})
        scores = tuple(sum(b.values()) for b in parts)
        keys = [(p.status != BANKRUPT, scores[s]) for s, p in enumerate(self.players)]
        return Outcome(scores, ranks_from_keys(keys), tuple(parts), self.over_reason)

    def evaluate(self, seat: int) -> float | None:

        return self.evaluate_all()[seat]

    def evaluate_all(self) -> list[float]:
        from rulesets.architects.evaluation import EVALUATE_SCALE, lead_rewards

        return lead_rewards(self, EVALUATE_SCALE)

    def content_tags(self, seat: int) -> dict[str, str]:
        from rulesets.architects.board import NUMERALS

        p = self.players[seat]
        tags = {}
        if not is_hidden(p.architect) and p.architect >= 0:
            tags["architect"] = K.ARCHITECTS[p.architect].name
        if p.board >= 0:
            tags["board"] = NUMERALS[p.board]
        return tags

    def prompt(self, seat: int) -> str:
        if self.phase == "over":
            return "The game is over"
        if seat not in self.to_act():
            if self.phase == "auction":
                return "Wait for the other sealed bids"
            return f"Wait for {seat_name(self.actor)}"
        if self.phase == "auction":
            return "Bid on a board, sealed: the lowest bid wins it"
        if self.phase == "jump":
            return "Hyper-jump to another space, or stay"
        if not self.moved:
            return "Move your client (a step or a card), play or discard"
        if not (self.played or self.discarded) and self.players[seat].hand:
            return "Play cards or discard one, then end your turn"
        return "Play more cards, discard one, or end your turn"

    # ---------------------------------------------------------- the contract
    def clone(self) -> "ArchitectsState":
        c = copy_with_lists(self, ("deck", "discard", "spare_architects", "open_boards", "order", "paired"))
        c.rng = self.rng.copy()
        c.players = [p.copy() for p in self.players]
        c.flags = set(self.flags)
        return c

    def view(self, seat: int | None) -> "ArchitectsState":
        c = self.clone()
        c.is_view = True
        c.view_seat = seat
        c.rng = HIDDEN_RNG
        c.deck = [HIDDEN] * len(self.deck)
        c.spare_architects = [HIDDEN] * len(self.spare_architects)
        for s, p in enumerate(c.players):
            if s == seat:
                continue
            if not self.hands_open:
                p.hand = [HIDDEN] * len(p.hand)
            if p.bid is not None:
                p.bid = HIDDEN
            if not self.revealed:
                p.architect = HIDDEN
        return c

    def is_sealed(self, seat: int, move: Any) -> bool:
        return isinstance(move, Bid)

    def determinize(self, observer: int | None, rng: Any) -> "ArchitectsState":
        """Unseen cards and architects redealt, others' sealed bids resampled."""
        base = self if self.is_view and self.view_seat == observer else self.view(observer)
        c = base.clone()
        c.is_view = False
        c.view_seat = None
        c.rng = Rng(rng.next64())
        seen = set(c.discard)
        for p in c.players:
            seen.update(x for x in p.hand if not is_hidden(x))
        unseen = [x for x in range(K.DECK_SIZE) if x not in seen]
        rng.shuffle(unseen)
        for p in c.players:
            p.hand = [unseen.pop() if is_hidden(x) else x for x in p.hand]
        c.deck = [unseen.pop() for _ in c.deck]
        known = {p.architect for p in c.players if not is_hidden(p.architect)}
        spare = [a for a in range(len(K.ARCHITECTS)) if a not in known]
        rng.shuffle(spare)
        for p in c.players:
            if is_hidden(p.architect):
                p.architect = spare.pop()
        c.spare_architects = [spare.pop() for _ in c.spare_architects]
        for p in c.players:
            if is_hidden(p.bid):
                b = rng.choice(c.open_boards)
                p.bid = (b, BOARDS[b].min_bid + rng.below(BOARDS[b].max_bid - BOARDS[b].min_bid + 1))
        return c

    def format_move(self, move: Any) -> str:
        return format_move(move)

    def parse_text(self, text: str) -> Any:
        return parse_text(text)

    def canonical_move(self, move: Any, seat: int) -> Any:
        if type(move) is Pair and not move.path and self.why_illegal(seat, move) is not None:
            return None  # `5g+5s@2` with a target able to obey: the start of `5g+5s@2>e3`
        return move

    def explain_illegal(self, seat: int, move: Any) -> str:
        from rulesets.architects.explain import explain

        return explain(self, seat, move)

    def why_no_play(self, seat: int, cards: Sequence[int]) -> str:
        """Why no legal move plays exactly `cards` (picked from the hand) now."""
        from rulesets.architects.explain import why_no_play

        return why_no_play(self, seat, tuple(cards))

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        from rulesets.architects.explain import describe

        return describe(self, move, self.actor if seat is None else seat)

    def snapshot(self) -> dict[str, Any]:
        def card(c: Any) -> Any:
            return "?" if is_hidden(c) else K.card_code(c)

        return {
            "phase": self.phase,
            "hands_open": self.hands_open,
            "round_limit": self.round_limit,
            "round": self.round,
            "turn_of": self.seat + 1,
            "to_act": [s + 1 for s in self.to_act()],
            "order": [s + 1 for s in self.order],
            "open_boards": [BOARDS[b].roman for b in self.open_boards],
            "revealed": self.revealed,
            "bank": self.bank,
            "flags": sorted(self.flags),
            "finish_round": self.finish_round,
            "endgame": self.endgame,
            "deck": [card(c) for c in self.deck],
            "discard": [card(c) for c in self.discard],
            "spare_architects": ["?" if is_hidden(a) else K.ARCHITECTS[a].name for a in self.spare_architects],
            "players": [
                {
                    "seat": s + 1,
                    "architect": "?" if is_hidden(p.architect) else K.ARCHITECTS[p.architect].name,
                    "board": BOARDS[p.board].roman if p.board >= 0 else None,
                    "space": BOARDS[p.board].names[p.pos] if p.board >= 0 else None,
                    "client": p.client,
                    "architect_funds": p.funds,
                    "status": p.status,
                    "hand": [card(c) for c in p.hand],
                    "bid": None if p.bid is None else ("?" if is_hidden(p.bid) else [BOARDS[p.bid[0]].roman, p.bid[1]]),
                }
                for s, p in enumerate(self.players)
            ],
            "turn": {
                "moved": self.moved,
                "single": self.single_used,
                "three": self.three_used,
                "four": self.four_used,
                "five": self.five_used,
                "discarded": self.discarded,
                "played": self.played,
                "paired": [s + 1 for s in self.paired],
                "jump_from": self.board_of(self.actor).names[self.jump_from] if self.jump_from >= 0 else None,
            },
            "over": self.over_reason,
            "rng": self.rng.state,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.architects.text_board import render_text

        return render_text(self, seat, names)


_LISTS = 0
"""Turn move lists made in this process (the tables are filled at WARM_AFTER)."""
_MOVE = itemgetter(1)
"""The move of an item."""
SPACE_INDEX = tuple({n: i for i, n in enumerate(b.names)} for b in BOARDS)
"""Each board's space numbers by name."""


@lru_cache(maxsize=64)
def _bids(open_boards: tuple[int, ...]) -> tuple[Bid, ...]:
    """Every bid on the open boards (board by board, amounts rising)."""
    return tuple(Bid(b, v) for b in sorted(open_boards) for v in range(BOARDS[b].min_bid, BOARDS[b].max_bid + 1))


_n = plural


_WHO = tuple(seat_ref(s) for s in range(4))
"""Each seat's placeholder in event texts."""
_DRAWS = tuple(tuple(f"{seat_ref(s)} draws {_n(k, 'card')}" for k in range(K.HAND_SIZE + 1)) for s in range(4))
"""The draw event's text by seat and number of cards."""


def _money(before: tuple[int, int], after: tuple[int, int]) -> str:
    """'client -5, architect +5'."""
    dc, da = after[0] - before[0], after[1] - before[1]
    return f"client {dc:+d}, architect {da:+d}"
