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

The state holds the data and the engine's contract; each part of the rules
has its module: move generation (movegen.py), what each move does
(turns.py), the words (words.py), the hidden hands, architects and bids
(sampling.py), the evaluation (evaluation.py), notation (moves.py), the
boards (board.py), the cards and architects (content.py), the picture
(text_board.py) and the position in sentences (position.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Sequence

from engine.capabilities import MoveRange
from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys
from engine.errors import IllegalMoveError
from engine.hidden import is_hidden
from engine.rng import Rng
from rulesets.architects import content as K
from rulesets.architects import movegen, sampling, turns, words
from rulesets.architects.board import AREA_EFFECT, BOARDS, LINE_EFFECT, SPACE_INDEX, Board, Link
from rulesets.architects.movegen import (
    NUM,
    PAIR_TEXT,
    SINGLE_TEXT,
    TEXT_INDEX,
    THREES,
    TOGGLE_ITEMS,
    WARM_AFTER,
    _card_paths,
    affordable,
    bids,
    compile_path,
    group_effects,
    masks,
    pay,
    step_items,
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
from rulesets.architects.words import WHO, card_words

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
    def may_end(self, seat: int) -> bool:
        """Rules 17–19: moved (or no move is possible), and played or discarded
        a card (unless the hand is empty)."""
        if not self.moved:
            return not movegen.movement_items(self, seat, movegen.sorted_hand(self, seat), masks(self.flags, self.endgame))
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
            items = movegen.turn_items(self, seat)
            items.sort()
            return list(map(_MOVE, items))
        if phase == "over" or seat not in self.to_act():
            return []
        self.require_visible(seat)
        if phase == "auction":
            return list(bids(tuple(self.open_boards)))
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
        who = WHO[seat]
        kind = type(move)
        if kind is Group:
            return turns.play_group(self, seat, move, who)
        if kind is End:
            return turns.end_turn(self, seat, who)
        p = self.players[seat]
        if kind is Discard:
            p.hand.remove(move.card)
            self.discard.append(move.card)
            self.discarded = True
            return [Event(f"{who} discards the {card_words(move.card)}")] + turns.refill(self, seat)
        if kind is Single:
            turns.play_cards(self, seat, (move.card,))
            self.single_used = self.moved = True
            text = self.single_text(move.card)
            path = tuple(map(SPACE_INDEX[p.board].__getitem__, move.path))
            events = turns.move_client(self, seat, path, text, who, f" with the {card_words(move.card)}")
            return events + turns.refill(self, seat)
        if kind is Step:
            self.moved = True
            return turns.move_client(self, seat, (SPACE_INDEX[p.board][move.to],), None, who, "")
        if kind is Pair:
            return turns.play_pair(self, seat, move, who)
        if kind is Toggle:
            turns.play_cards(self, seat, (move.card,))
            self.single_used = True
            events = [turns.toggle(self, move.effect, who, f"the {card_words(move.card)}")]
            return events + turns.refill(self, seat)
        if kind is Bid:
            return turns.bid(self, seat, move)
        if kind is Jump or kind is Stay:
            return turns.jump(self, seat, move, who)
        raise IllegalMoveError(f"not an Architects move: {move!r}")

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
        return words.prompt(self, seat)

    # ---------------------------------------------------------- the contract
    def clone(self) -> "ArchitectsState":
        c = copy_with_lists(self, ("deck", "discard", "spare_architects", "open_boards", "order", "paired"))
        c.rng = self.rng.copy()
        c.players = [p.copy() for p in self.players]
        c.flags = set(self.flags)
        return c

    def view(self, seat: int | None) -> "ArchitectsState":
        return sampling.view(self, seat)

    def is_sealed(self, seat: int, move: Any) -> bool:
        return sampling.is_sealed(self, seat, move)

    def determinize(self, observer: int | None, rng: Any) -> "ArchitectsState":
        """Unseen cards and architects redealt, others' sealed bids resampled."""
        return sampling.determinize(self, observer, rng)

    def format_move(self, move: Any) -> str:
        return format_move(move)

    def parse_text(self, text: str) -> Any:
        return parse_text(text)

    def canonical_move(self, move: Any, seat: int) -> Any:
        if type(move) is Pair and not move.path and self.why_illegal(seat, move) is not None:
            return None  # `5g+5s@2` with a target able to obey: the start of `5g+5s@2>e3`
        return move

    def explain_illegal(self, seat: int, move: Any) -> str:
        return words.explain(self, seat, move)

    def why_no_play(self, seat: int, cards: Sequence[int]) -> str:
        """Why no legal move plays exactly `cards` (picked from the hand) now."""
        return words.why_no_play(self, seat, tuple(cards))

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        return words.describe(self, move, self.actor if seat is None else seat)

    def move_ranges(self, seat: int) -> list[MoveRange]:
        """The auction: each open board's bids, one range a board (every
        legal move a bid, each board's amounts without a gap)."""
        legal = self.legal(seat)
        if not legal or not all(isinstance(m, Bid) for m in legal):
            return []
        amounts: dict[int, list[int]] = {}
        for m in legal:
            amounts.setdefault(m.board, []).append(m.amount)
        out = []
        for b, got in sorted(amounts.items()):
            low, high = min(got), max(got)
            if len(set(got)) != high - low + 1:
                return []
            board = BOARDS[b]
            out.append(MoveRange(f"board {board.roman}, {board.title}", low, high,
                                 format_move(Bid(b, 0)).replace("=0", "={}"), "bid"))
        return out

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
