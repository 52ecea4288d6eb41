"""The Squire position and its rules (see RULES.md).

A turn is a run of moves (steps): travel city by city, buy or sell, play
offers, place the new rarity, take a salvaged one, hold an exhibition, run
errands. Other seats decide only when a sculpture exhibition lets them change
an errand. All chance (the tiles, the deck, the first player) is drawn at
setup from the seeded Rng kept in the state.

Why one module over 900 lines: it is one dataclass whose methods are the
game's rules over its fields (travel, trade, offers, exhibitions, errands,
the end and its scoring), each step next to its direct legality check;
splitting them would put a rule and its check in two files. What needs no
field is already elsewhere: notation (moves.py), the maps and cards
(content.py), words (position.py), the picture (text_board.py). Next to go,
if it grows: the snapshot and the scoring.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_name
from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HIDDEN_RNG
from engine.rng import Rng
from engine.words import a_or_an, plural
from rulesets.squire import content as K
from rulesets.squire.moves import (
    BUY,
    CHOOSE,
    DONE,
    DROP,
    ERRAND,
    EXHIBIT,
    GO,
    OFFER,
    SALVAGE,
    SELL,
    SPACE,
    TEXTS,
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
    format_move,
    parse_text,
    space_name,
)

EMPTY = -1
"""An empty gallery space or city."""

TC = K.TILE_COLOUR
TV = K.TILE_VALUE


def _adjacency(game_map: K.GameMap) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Per city: (neighbour, by sea) sorted by the neighbour's code."""
    index = {c.code: i for i, c in enumerate(game_map.cities)}
    adj: list[list[tuple[int, bool]]] = [[] for _ in game_map.cities]
    for routes, sea in ((game_map.roads, False), (game_map.seas, True)):
        for a, b in routes:
            adj[index[a]].append((index[b], sea))
            adj[index[b]].append((index[a], sea))
    return tuple(tuple(sorted(a, key=lambda t: game_map.cities[t[0]].code)) for a in adj)


ADJ = {key: _adjacency(m) for key, m in K.MAPS.items()}
"""Per map key: the routes out of each city."""
HAS_SEA = {key: tuple(any(s for _, s in a) for a in adj) for key, adj in ADJ.items()}
"""Per map key: whether a sea route leaves each city."""
_CITY_ORDER = {key: tuple(sorted(range(15), key=lambda i: m.cities[i].code)) for key, m in K.MAPS.items()}
_ALL_TILES = frozenset(range(K.NUM_TILES))
_ALL_CARDS = tuple(c.id for c in K.CARDS)
_FLOOR_SPACES = tuple(tuple(f * 4 + c for c in range(4)) for f in range(3))
_COLUMN_SPACES = tuple(tuple(f * 4 + c for f in range(3)) for c in range(4))
_ERRAND_COLOURS = {c.id: frozenset(K.COLOURS.index(ch) for ch in c.arg) for c in K.CARDS}
"""Per card: the colours its errand counts (pair, type)."""


CURRENCY_AWARDS = {K.BLUE: ("coins", 2), K.YELLOW: ("tickets", 1)}
"""Exhibitions that pay: ceramics pay coins, maps pay tickets. The exhibitor
gets base + 1 for each of that type they own; every other owner gets base."""

@dataclass
class Player:
    """One seat's table: board, pawn, money, cards and gallery."""

    board: int = -1
    """Player board index (content.BOARDS), -1 before choosing or without abilities."""
    pos: int = -1
    """City of the pawn, -1 before the first turn."""
    coins: int = K.START_COINS
    """Common coins."""
    royal_coins: int = 0
    tickets: int = 0
    """Common tickets."""
    royal_tickets: int = K.START_ROYAL_TICKETS
    hand: list[Any] = field(default_factory=list)
    """Correspondence cards in hand (ids 1..42; HIDDEN for another seat's, in a view)."""
    errands: list[int] = field(default_factory=list)
    """Cards run as errands, under the board (public)."""
    gallery: list[int] = field(default_factory=lambda: [EMPTY] * 12)
    """Tile id per space (floor * 4 + column), -1 if empty."""
    big_hand: bool = False
    """The 2nd floor is complete: hand limit +2."""

    def copy(self) -> "Player":
        """An independent copy."""
        return copy_with_lists(self, ("hand", "errands", "gallery"))

    def count(self, colour: int) -> int:
        """Tiles of `colour` in the gallery."""
        return sum(1 for t in self.gallery if t >= 0 and TC[t] == colour)

    def tiles(self) -> list[int]:
        """The tiles in the gallery."""
        return [t for t in self.gallery if t >= 0]

    def wealth(self) -> int:
        """Coins and tickets, Royal ones included."""
        return self.coins + self.royal_coins + self.tickets + self.royal_tickets


@dataclass
class SquireState(GameState):
    """A Squire position: the map's tiles, the market, the piles and the players."""

    position_words = "rulesets.squire.position"

    hidden_information = True  # hands, decks and sealed choices: each seat sees its view()

    rules_version = 3  # the newest (the ruleset's `version`); RULES.md, "Version history"
    num_players: int
    map_key: str = "british-isles"
    """Which side of the board: 'british-isles' or 'world'."""
    abilities: bool = True
    """Player boards with their unique abilities (chosen at setup)."""
    rng: Rng = field(default_factory=Rng)
    """All chance; used at setup (tiles, cards and the first player are fixed then).
    A view holds HIDDEN_RNG, which refuses to draw."""
    cities: list[Any] = field(default_factory=list)
    """Tile id in each city (HIDDEN for one refilled in a view)."""
    supply: list[Any] = field(default_factory=list)
    """The face-down supply; the next tile drawn is the last (HIDDEN in a view)."""
    box: list[Any] = field(default_factory=list)
    """Tiles returned to the box unseen at setup (2 and 3 players; HIDDEN in a view)."""
    tile_discard: list[int] = field(default_factory=list)
    """Sold tiles, face up."""
    deck: list[Any] = field(default_factory=list)
    """Correspondence deck, face down; the next card drawn is the last (HIDDEN in a view)."""
    card_discard: list[int] = field(default_factory=list)
    """Cards whose offer was played (face up)."""
    market_regions: list[int] = field(default_factory=lambda: list(K.MARKET_REGIONS_START))
    """Region markers, top row first."""
    market_types: list[int] = field(default_factory=lambda: list(K.MARKET_TYPES_START))
    """Rarity markers, top row first."""
    bank_royal_tickets: int = K.BANK_ROYAL_TICKETS
    bank_royal_coins: int = K.BANK_ROYAL_COINS
    bank_coins: int = K.BANK_COINS
    """Rules version 1–2 only: the Bank's common coins (it paid what it had)."""
    bank_tickets: int = K.BANK_TICKETS
    """Rules version 1–2 only: the Bank's common tickets."""
    players: list[Player] = field(default_factory=list)
    first: int = 0
    """The first player."""
    seat: int = 0
    """Whose turn it is."""
    actor: int = 0
    """Who decides now (the turn's owner, or another seat changing an errand)."""
    phase: str = "move"
    """board, move, offer, gallery, salvage, exhibit, errand, swap or over."""
    token: int = 0
    """Who holds the Exhibition token."""
    turns: int = 0
    """Turns completed."""
    start: int = EMPTY
    """Where the pawn stood when this turn began (-1 on a first turn)."""
    steps: int = 0
    """Moves made this turn (a first-turn placement counts as one)."""
    royal_used: int = 0
    """Royal tickets used this turn."""
    sea_used: bool = False
    """The Stag's free sea crossing has been used this turn."""
    trade: tuple[bool, int, int] | None = None
    """This turn's trade: (bought, region, tile colour)."""
    pending: Any = EMPTY
    """The tile waiting for a gallery space (HIDDEN where a view drew it unseen)."""
    exhibited: int = EMPTY
    """The colour exhibited this turn, -1 if none."""
    swap_queue: list[int] = field(default_factory=list)
    """Seats still to decide on their errands after a sculpture exhibition."""
    dropped: bool = False
    """The seat deciding in the swap step has already discarded an errand."""
    ending: bool = False
    """The supply has run out: the game ends after this turn."""
    board_queue: list[int] = field(default_factory=list)
    """Seats still to choose a player board, in order."""

    # ----------------------------------------------------------------- setup
    @classmethod
    def setup(cls, players: int, seed: int, map_key: str, abilities: bool, market: str = "example") -> "SquireState":
        """The stated setup for 2–4 players, all chance from `seed`; the
        market's markers as in the rulebook's example or, with
        `market="random"`, placed at random."""
        if not 2 <= players <= 4:
            raise ValueError("Squire is for 2–4 players")
        if map_key not in K.MAPS:
            raise ValueError(f"unknown map {map_key!r} (maps: {', '.join(K.MAPS)})")
        rng = Rng(seed)
        tiles = list(range(K.NUM_TILES))
        rng.shuffle(tiles)
        back = K.TILES_TO_BOX[players]
        box, tiles = tiles[:back], tiles[back:]
        cities, supply = tiles[: K.CITY_COUNT], tiles[K.CITY_COUNT :]
        deck = [c.id for c in K.CARDS]
        rng.shuffle(deck)
        st = cls(num_players=players, map_key=map_key, abilities=abilities, rng=rng)
        st.cities, st.supply, st.box, st.deck = cities, supply, sorted(box), deck
        st.players = [Player() for _ in range(players)]
        for p in st.players:
            p.hand = [deck.pop() for _ in range(K.START_CARDS)]
        st.bank_royal_tickets -= K.START_ROYAL_TICKETS * players
        st.bank_coins -= K.START_COINS * players  # counted by rules version 1–2 only
        st.first = rng.below(players)
        st.seat = st.actor = st.first
        st.token = (st.first - 1) % players  # to the right of the first player
        if market == "random":
            rng.shuffle(st.market_regions)
            rng.shuffle(st.market_types)
        elif market != "example":
            raise ValueError(f"unknown market set-up {market!r} (example or random)")
        if abilities:
            st.board_queue = [(st.first + i) % players for i in range(players)]
            st.actor = st.board_queue[0]
            st.phase = "board"
        return st

    # ------------------------------------------------------------- queries
    @property
    def game_map(self) -> K.GameMap:
        """The side of the board in play."""
        return K.MAPS[self.map_key]

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.actor,)

    def hand_limit(self, seat: int) -> int:
        """Paintings + 1, +2 with the 2nd floor, +1 for the Owl."""
        p = self.players[seat]
        return p.count(K.RED) + 1 + (K.FLOOR2_HAND_BONUS if p.big_hand else 0) + (
            1 if self.abilities and p.board == K.OWL else 0
        )

    def errand_limit(self, seat: int) -> int:
        """Sculptures + 1."""
        return self.players[seat].count(K.GREEN) + 1

    def market_price(self, region: int, colour: int) -> int:
        """Region marker's row price + rarity marker's row price."""
        return K.MARKET_PRICES[self.market_regions.index(region)] + K.MARKET_PRICES[self.market_types.index(colour)]

    def price(self, seat: int, city: int, buy: bool) -> int:
        """What `seat` pays (buy) or receives (sell) for the tile in `city`,
        abilities included."""
        tile = self.cities[city]
        base = self.market_price(self.game_map.cities[city].region, TC[tile])
        board = self.players[seat].board if self.abilities else -1
        if buy and board == K.BADGER:
            return max(1, base - 1)
        if not buy and board == K.FOX:
            return base + 1
        return base

    def can_buy(self, seat: int) -> bool:
        """An empty gallery space and the coins (Royal ones count) to pay."""
        p = self.players[seat]
        if EMPTY not in p.gallery or p.pos < 0:
            return False
        return p.coins + p.royal_coins >= self.price(seat, p.pos, True)

    def tickets_left(self, seat: int) -> int:
        """Tickets still usable this turn (unused Royal ones + common ones)."""
        p = self.players[seat]
        return p.royal_tickets - self.royal_used + p.tickets

    def free_sea(self, seat: int) -> bool:
        """The Stag may still cross a sea route for free this turn."""
        return self.abilities and self.players[seat].board == K.STAG and not self.sea_used

    def matching_cards(self, seat: int) -> list[int]:
        """Cards in `seat`'s hand whose offer answers this turn's trade."""
        if self.trade is None:
            return []
        bought, region, colour = self.trade
        action = "buy" if bought else "sell"
        letter_r, letter_c = K.COLOURS[region], K.COLOURS[colour]
        out = []
        for cid in self.players[seat].hand:
            card = K.CARD_BY_ID.get(cid)
            if card is None or card.trigger not in ("any", action):
                continue
            if (
                card.cond == "any"
                or (card.cond == "region" and card.colour == letter_r)
                or (card.cond == "type" and card.colour == letter_c)
            ):
                out.append(cid)
        return out

    def _texts(self) -> dict[object, str]:
        return TEXTS[self.map_key]

    def _destinations(self, p: Player) -> list[int]:
        """The neighbouring cities `p` (the turn's owner, pawn on the map) may
        step to now: a ticket (or the Stag's free crossing) pays, and a step
        back into the starting city only if it can be left again."""
        out: list[int] = []
        if self.start < 0:
            return out
        avail = p.royal_tickets - self.royal_used + p.tickets
        free = self.abilities and p.board == K.STAG and not self.sea_used
        start = self.start
        for nb, sea in ADJ[self.map_key][p.pos]:
            if sea and free:
                if nb == start and not (avail > 0):
                    continue
            elif avail > 0:
                if nb == start and not (avail > 1 or (free and HAS_SEA[self.map_key][start])):
                    continue
            else:
                continue
            out.append(nb)
        return out

    def legal(self, seat: int) -> list[Any]:
        if self.phase == "over" or seat != self.actor:
            return []
        if self.is_view:
            self.require_visible(seat)
        return self._moves(seat)

    def _moves(self, seat: int) -> list[Any]:
        """`legal(seat)` without the view's check: the travel, trade, board and
        exhibition steps ask only public information (the prompt uses them
        on any view)."""
        ph = self.phase
        p = self.players[seat]
        if ph == "move":
            if p.pos < 0:
                return [GO[i] for i in _CITY_ORDER[self.map_key]]
            out: list[Any] = [GO[nb] for nb in self._destinations(p)]
            if self.steps and p.pos != self.start:
                if self.can_buy(seat):
                    out.append(BUY)
                out.append(SELL)
                out.sort(key=self._texts().__getitem__)
            return out
        if ph == "offer":
            return [DONE] + [OFFER[c] for c in sorted(self.matching_cards(seat), key=str)]
        if ph == "gallery":
            return [SPACE[i] for i in range(12) if p.gallery[i] < 0]
        if ph == "salvage":
            kinds = sorted({(TC[t], TV[t]) for t in self.tile_discard}, key=lambda cv: (K.COLOURS[cv[0]], cv[1]))
            return [SALVAGE[cv] for cv in kinds]
        if ph == "exhibit":
            return [EXHIBIT[c] for c in (K.BLUE, K.YELLOW, K.RED, K.GREEN)]  # ceramics maps paintings sculptures
        if ph == "errand":
            return [DONE] + [ERRAND[c] for c in sorted(set(p.hand), key=str)]
        if ph == "swap":
            if self.rules_version < 2:  # version 1: give up an errand and/or run one, in any order
                out = [ERRAND[c] for c in set(p.hand)] if len(p.errands) < self.errand_limit(seat) else []
                out += [] if self.dropped else [DROP[c] for c in set(p.errands)]
                out.append(DONE)
            # the award is a swap: give up one running errand, then run another in its place
            elif self.dropped:
                out = [ERRAND[c] for c in set(p.hand)]
            else:
                out = [DONE] + [DROP[c] for c in set(p.errands)]
            out.sort(key=self._texts().__getitem__)
            return out
        if ph == "board":
            taken = {q.board for q in self.players}
            return [CHOOSE[b] for b in (1, 0, 2, 3) if b not in taken]  # badger fox owl stag
        return []

    def prompt(self, seat: int) -> str:
        """What to do now, in words, named from `legal(seat)`: it offers only
        what a legal move does (no notation: that is for `:` and `a`)."""
        ph = self.phase
        if ph == "over":
            return "The game is over"
        if seat != self.actor:
            return f"Wait for {seat_name(self.actor)}"
        p = self.players[seat]
        public = ph in ("move", "exhibit", "board")
        told = public or not (self.is_view and seat in self.hidden_seats())
        legal = self._moves(seat) if told else []
        if ph == "board":
            return "Choose a player board"
        if ph == "move":
            if p.pos < 0:
                return "First turn: put your pawn in any city"
            trade = []
            if BUY in legal:
                trade.append(f"buy for {self.price(seat, p.pos, True)}")
            if SELL in legal:
                trade.append(f"sell for {self.price(seat, p.pos, False)}")
            travel = any(type(m) is Go for m in legal)
            left = self.tickets_left(seat)
            tickets = _n(left, "ticket")
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
            return f"Play a matching offer ({_n(len(cards), 'card')}) or no more"
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
            if self.dropped:
                return "Run another errand from your hand in its place"
            return "You may swap a running errand for a card in hand"
        return "Choose a move"

    def _forgone_offers(self, seat: int) -> str:
        """The matching cards' rewards, by card: 'card 20's 2 tickets'."""
        return " and ".join(f"card {c}'s {_reward(K.CARD_BY_ID[c])}" for c in self.matching_cards(seat))

    def gives_up(self, seat: int, move: Any) -> str:
        """What `move` gives up that `seat` could have had now, in words ('' if
        nothing): ending the offers forgoes the matching cards' rewards, ending
        the errand step the exhibition's errand, dropping an errand its VP. A
        screen never makes such a move its default choice. Which cards are
        given up is told only on the seat's own view (the hand is secret)."""
        kind = type(move)
        p = self.players[seat]
        if kind is Done and self.phase == "offer":
            if not (self.is_view and self.view_seat == seat):  # read by others too (the last move, a replay)
                return "the rewards of the matching offers in hand"
            return self._forgone_offers(seat)
        if kind is Done and self.phase == "errand" and p.hand:
            return "this exhibition's errand"
        if kind is Drop:
            return f"errand {move.card} ({self.errand_points(move.card, seat)} VP now)"
        return ""

    # -------------------------------------------------------------- scoring
    def errand_points(self, card_id: int, seat: int) -> int:
        """What an errand scores for `seat` with the gallery as it stands."""
        card = K.CARD_BY_ID.get(card_id)
        if card is None:
            return 0
        p = self.players[seat]
        gallery = p.gallery
        kind = card.errand
        if kind == "pair" or kind == "type":
            want = _ERRAND_COLOURS[card_id]
            count = sum(1 for t in gallery if t >= 0 and TC[t] in want)
            return count if kind == "pair" else 2 * count
        if kind == "floors":
            return 3 * sum(1 for sp in _FLOOR_SPACES if all(gallery[i] >= 0 for i in sp))
        if kind == "columns":
            return 2 * sum(1 for sp in _COLUMN_SPACES if all(gallery[i] >= 0 for i in sp))
        if kind == "variety":
            return 2 * len({TC[t] for t in gallery if t >= 0})
        if kind == "masters":
            return 2 * sum(1 for t in gallery if t >= 0 and TV[t] >= 5)
        if kind == "humble":
            return sum(1 for t in gallery if t >= 0 and TV[t] <= 3)
        if kind == "wealth":
            return p.wealth() // 4
        return 0

    def errand_gain(self, card_id: int, seat: int, space: int, tile: int) -> int:
        """What putting `tile` in `seat`'s empty gallery `space` adds to the
        errand `card_id` (`errand_points` after less before, worked out
        without placing it; "wealth" does not change with a tile: 0)."""
        card = K.CARD_BY_ID.get(card_id)
        if card is None:
            return 0
        gallery = self.players[seat].gallery
        kind = card.errand
        if kind == "pair" or kind == "type":
            if TC[tile] not in _ERRAND_COLOURS[card_id]:
                return 0
            return 1 if kind == "pair" else 2
        if kind == "floors" or kind == "columns":
            lines = _FLOOR_SPACES if kind == "floors" else _COLUMN_SPACES
            done = sum(1 for sp in lines if space in sp and all(gallery[i] >= 0 for i in sp if i != space))
            return (3 if kind == "floors" else 2) * done
        if kind == "variety":
            colour = TC[tile]
            return 0 if any(t >= 0 and TC[t] == colour for t in gallery) else 2
        if kind == "masters":
            return 2 if TV[tile] >= 5 else 0
        if kind == "humble":
            return 1 if TV[tile] <= 3 else 0
        return 0

    def score_parts(self, seat: int) -> dict[str, int]:
        """The named parts of `seat`'s score."""
        p = self.players[seat]
        return {
            "rarities": sum(TV[t] for t in p.tiles()),
            "errands": sum(self.errand_points(c, seat) for c in p.errands),
            "coins and tickets": p.wealth() // 5,
        }

    def score_now(self, seat: int) -> int:
        """`seat`'s VP if the game ended now (the running score)."""
        return sum(self.score_parts(seat).values())

    def exhibition_awards(self, seat: int, colour: int) -> tuple[str, list[tuple[int, str]]]:
        """What an exhibition of `colour` held by `seat` now would give: the
        exhibitor's award and each other owner's, from the left, in words."""
        p = self.players[seat]
        others = [o for o in self._others(seat) if self.players[o].count(colour)]
        if colour == K.RED:
            left = len(self.deck)
            mine = max(0, min(self.hand_limit(seat) - len(p.hand), left))
            left -= mine
            theirs = []
            for o in others:
                gets = 1 if left and len(self.players[o].hand) < self.hand_limit(o) else 0
                left -= gets
                theirs.append((o, f"draws {_n(gets, 'card')}"))
            return f"you draw {_n(mine, 'card')} (to your hand limit)", theirs
        if colour in CURRENCY_AWARDS:
            what, base = CURRENCY_AWARDS[colour]
            word = what[:-1]
            return f"you get {_n(base + p.count(colour), word)}", [(o, f"gets {_n(base, word)}") for o in others]
        can = p.hand and len(p.errands) < self.errand_limit(seat)
        mine_text = (
            f"you may run an errand ({len(p.errands)} of {self.errand_limit(seat)} running)"
            if can else "you cannot run an errand (no card or at the limit)"
        )
        theirs = [(o, "may swap an errand") for o in others if self.players[o].hand and self.players[o].errands]
        return mine_text, theirs

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        parts = tuple(self.score_parts(s) for s in range(self.num_players))
        scores = tuple(sum(b.values()) for b in parts)
        keys = [(scores[s], self.players[s].wealth(), len(self.players[s].tiles())) for s in range(self.num_players)]
        return Outcome(scores, ranks_from_keys(keys), parts, "the supply of rarities ran out")

    # ------------------------------------------------------------- changes
    def is_over(self) -> bool:
        return self.phase == "over"

    def not_to_act_reason(self, seat: int) -> str:
        return f"it is not {seat_name(seat)}'s turn to decide"

    def is_legal(self, seat: int, move: Any) -> bool:
        """The direct check (no list of every legal move); `seat` is to act."""
        ph = self.phase
        p = self.players[seat]
        kind = type(move)
        if ph == "move":
            if kind is Go:
                if not 0 <= move.city < K.CITY_COUNT:
                    return False
                return p.pos < 0 or move.city in self._destinations(p)
            if kind is Trade:
                return bool(self.steps) and p.pos != self.start and p.pos >= 0 and (not move.buy or self.can_buy(seat))
            return False
        if ph == "gallery":
            return kind is Space and 0 <= move.index < 12 and p.gallery[move.index] < 0
        if ph == "offer":
            return kind is Done or (kind is Offer and move.card in self.matching_cards(seat))
        if ph == "errand":
            return kind is Done or (kind is Errand and move.card in p.hand)
        if ph == "swap":
            if self.rules_version < 2:  # version 1 (see legal)
                return move in self.legal(seat)
            if self.dropped:
                return kind is Errand and move.card in p.hand
            return kind is Done or (kind is Drop and move.card in p.errands)
        if ph == "exhibit":
            return kind is Exhibit and move.colour in K.EXHIBITABLE
        if ph == "salvage":
            return kind is Salvage and any(TC[t] == move.colour and TV[t] == move.value for t in self.tile_discard)
        if ph == "board":
            return kind is ChooseBoard and 0 <= move.board < len(K.BOARDS) and all(
                q.board != move.board for q in self.players
            )
        return False

    def step(self, seat: int, move: Any) -> list[Event]:
        who = f"{{P{seat + 1}}}"
        ph = self.phase
        if ph == "board":
            return self._choose_board(seat, move, who)
        if ph == "move":
            if isinstance(move, Go):
                return self._go(seat, move.city, who)
            return self._trade(seat, move.buy, who)
        if ph == "offer":
            if isinstance(move, Offer):
                return self._offer(seat, move.card, who)
            lost = self._forgone_offers(seat)
            return [
                Event(f"{who} plays no more offers"),
                Event(f"You give up {lost} on this trade (the cards stay in your hand)", private_to=seat),
            ] + self._after_offers()
        if ph == "gallery":
            return self._place(seat, move.index, who)
        if ph == "salvage":
            tile = next(t for t in sorted(self.tile_discard) if TC[t] == move.colour and TV[t] == move.value)
            self.tile_discard.remove(tile)
            self.pending = tile
            self.phase = "gallery"
            return [Event(f"{who} takes {_tile_text(tile)} from the discard pile (3rd floor bonus)")]
        if ph == "exhibit":
            return self._exhibit(seat, move.colour, who)
        if ph == "errand":
            if isinstance(move, Errand):
                events = [self._run_errand(seat, move.card, who)]
            else:
                events = [Event(f"{who} runs no errand, giving up the exhibition's errand")]
            return events + self._next_swap()
        if ph == "swap":
            p = self.players[seat]
            if isinstance(move, Drop):
                p.errands.remove(move.card)
                self.card_discard.append(move.card)
                self.dropped = True  # the hand is not empty (see _next_swap): e<card> follows
                if self.rules_version < 2 and not p.hand:  # version 1: giving up alone was allowed
                    return [Event(f"{who} gives up errand {move.card}")] + self._next_swap()
                return [Event(f"{who} gives up errand {move.card}")]
            if isinstance(move, Errand):
                events = [self._run_errand(seat, move.card, who)]
            else:
                events = [Event(f"{who} keeps their errands as they are")]
            return events + self._next_swap()
        raise IllegalMoveError(f"not a Squire move: {move!r}")

    def explain_illegal(self, seat: int, move: Any) -> str:
        """A plain sentence: why `move` cannot be played by `seat` now."""
        ph = self.phase
        p = self.players[seat]
        txt = self._texts().get(move, repr(move))
        kinds: dict[str, type | tuple[type, ...]] = {
            "board": ChooseBoard, "move": (Go, Trade), "offer": (Offer, Done), "gallery": Space,
            "salvage": Salvage, "exhibit": Exhibit, "errand": (Errand, Done), "swap": (Errand, Drop, Done),
        }
        if not isinstance(move, kinds.get(ph, ())):
            return f"{txt} is not possible now: {self.prompt(seat).lower()}"
        if isinstance(move, Exhibit):
            return "rare books cannot be exhibited (old sheets are too fragile)"
        if isinstance(move, ChooseBoard):
            return f"the {K.BOARDS[move.board].key} board is taken"
        if isinstance(move, Go):
            if p.pos >= 0 and self.start < 0:
                return "on your first turn you only place your pawn, then buy or sell"
            name = self.game_map.cities[move.city].name
            if move.city == p.pos:  # the cursor on your own city: not 'no route from Belfast to Belfast'
                return f"your pawn is in {name} already: point at another city"
            if all(nb != move.city for nb, _ in ADJ[self.map_key][p.pos]):
                return f"no road or sea route leads from {self.game_map.cities[p.pos].name} to {name}"
            if self.tickets_left(seat) <= 0:
                return "you have no ticket left for another move"
            return f"you could not leave {name} again: a turn may not end where it began"
        if isinstance(move, Trade):
            if not self.steps:
                return "you must move before you buy or sell"
            if p.pos == self.start:
                return "you must end your move in another city than the one you started in"
            if EMPTY not in p.gallery:
                return "your gallery is full: you can only sell"
            return (
                f"the rarity here costs {self.price(seat, p.pos, True)} and you have "
                f"{_n(p.coins + p.royal_coins, 'coin')}"
            )
        if isinstance(move, Offer):
            if move.card not in p.hand:
                return f"card {move.card} is not in your hand"
            return f"card {move.card}'s offer does not match this trade"
        if isinstance(move, Space):
            return f"gallery space {space_name(move.index)} is taken"
        if isinstance(move, Salvage):
            return f"there is no {_colour_value(move.colour, move.value)} in the discard pile"
        if isinstance(move, Errand):
            if move.card not in p.hand:
                return f"card {move.card} is not in your hand"
            if ph == "swap":
                return "at another's sculpture exhibition you may only swap: give up a running errand first (x<card>)"
            return f"you already run {len(p.errands)} errands, your limit ({self.errand_limit(seat)})"
        if isinstance(move, Drop):
            if move.card not in p.errands:
                return f"you do not run errand {move.card}"
            return "you have already given up one errand"
        if ph == "swap" and self.dropped:
            return "you gave up an errand: run another in its place (e<card>)"
        return f"{txt} is not possible now"

    def _choose_board(self, seat: int, move: ChooseBoard, who: str) -> list[Event]:
        self.players[seat].board = move.board
        self.board_queue.pop(0)
        b = K.BOARDS[move.board]
        events = [Event(f"{who} takes {b.name}: {b.ability}")]
        if self.board_queue:
            self.actor = self.board_queue[0]
        else:
            self.phase = "move"
            self.actor = self.seat
        return events

    def step_ticket(self, seat: int, city: int) -> str:
        """What a step from `seat`'s city to the neighbouring `city` costs now:
        'free sea crossing', 'Royal ticket' (kept) or 'common ticket' (spent)."""
        p = self.players[seat]
        sea = next((s for nb, s in ADJ[self.map_key][p.pos] if nb == city), False)
        if sea and self.free_sea(seat):
            return "free sea crossing"
        if self.royal_used < p.royal_tickets:
            return "Royal ticket"
        return "common ticket"

    def route(self, seat: int, target: int) -> list[tuple[int, str]]:
        """The steps of a shortest journey from `seat`'s city to `target` that
        `seat` can take now, as (city, ticket it takes); it stops where the
        next step is not legal (no ticket left, or not allowed). [] if none."""
        p = self.players[seat]
        if p.pos < 0 or p.pos == target or self.phase != "move":
            return []
        adj = ADJ[self.map_key]
        back = {p.pos: p.pos}
        frontier = [p.pos]
        while frontier and target not in back:
            nxt = []
            for a in frontier:
                for b, _ in adj[a]:
                    if b not in back:
                        back[b] = a
                        nxt.append(b)
            frontier = nxt
        if target not in back:
            return []
        path = [target]
        while path[-1] != p.pos:
            path.append(back[path[-1]])
        path.reverse()
        probe = self.clone()
        steps: list[tuple[int, str]] = []
        for city in path[1:]:
            if probe.phase != "move" or Go(city) not in probe.legal(seat):
                break
            steps.append((city, probe.step_ticket(seat, city)))
            probe.apply_trusted(seat, Go(city))
        return steps

    def _go(self, seat: int, city: int, who: str) -> list[Event]:
        p = self.players[seat]
        cname = self.game_map.cities[city].name
        if p.pos < 0:
            p.pos = city
            self.steps = 1
            self.start = EMPTY
            return [Event(f"{who} starts in {cname}")]
        sea = next(s for nb, s in ADJ[self.map_key][p.pos] if nb == city)
        paid = self.step_ticket(seat, city)
        if paid == "free sea crossing":
            self.sea_used = True
        elif paid == "Royal ticket":
            self.royal_used += 1
        else:
            p.tickets -= 1
            if self.rules_version < 3:  # version 1–2: a limited Bank, the ticket goes back to it
                self.bank_tickets += 1
        p.pos = city
        self.steps += 1
        return [Event(f"{who} travels to {cname} by {'sea' if sea else 'road'} ({paid})")]

    def _trade(self, seat: int, buy: bool, who: str) -> list[Event]:
        p = self.players[seat]
        city = p.pos
        tile = self.cities[city]
        region = self.game_map.cities[city].region
        colour = TC[tile]
        price = self.price(seat, city, buy)
        cname = self.game_map.cities[city].name
        if buy:
            royal = min(p.royal_coins, price)
            common = price - royal
            p.coins -= common
            if self.rules_version < 3:  # version 1–2: a limited Bank
                self.bank_coins += common
            self.pending = tile
            how = f" ({royal} Royal)" if royal else ""
            events = [Event(f"{who} buys {_tile_text(tile)} in {cname} for {_n(price, 'coin')}{how}")]
            self.market_regions.remove(region)
            self.market_regions.insert(0, region)
            self.market_types.remove(colour)
            self.market_types.insert(0, colour)
        else:
            got = self._give(seat, "coins", price)
            self.tile_discard.append(tile)
            short = f" (the Bank had only {got})" if got < price else ""
            events = [Event(f"{who} sells {_tile_text(tile)} in {cname} for {_n(price, 'coin')}{short}")]
            self.market_regions.remove(region)
            self.market_regions.append(region)
            self.market_types.remove(colour)
            self.market_types.append(colour)
        if self.supply:
            new = self.supply.pop()
            self.cities[city] = new
            events.append(Event(f"{_tile_text(new).capitalize()} comes to {cname}"))
            if not self.supply:
                self.ending = True
                events.append(Event("The supply is empty: the game ends after this turn"))
        else:
            self.cities[city] = EMPTY
        self.trade = (buy, region, colour)
        if self.matching_cards(seat):
            self.phase = "offer"
            return events
        return events + self._after_offers()

    def _offer(self, seat: int, cid: int, who: str) -> list[Event]:
        p = self.players[seat]
        card = K.CARD_BY_ID[cid]
        p.hand.remove(cid)
        self.card_discard.append(cid)
        got = self._give(seat, card.reward, card.amount)
        events = [Event(f"{who} plays the offer of card {cid}: {offer_text(card)} (+{_n(got, card.reward[:-1])})")]
        if not self.matching_cards(seat):
            events += self._after_offers()
        return events

    def _give(self, seat: int, what: str, n: int) -> int:
        """Pay `n` common coins or tickets from the Bank (never short of them)."""
        p = self.players[seat]
        if self.rules_version < 3:  # version 1–2: the Bank paid what it had, never more
            if what == "coins":
                n = min(n, self.bank_coins)
                self.bank_coins -= n
            else:
                n = min(n, self.bank_tickets)
                self.bank_tickets -= n
        if what == "coins":
            p.coins += n
        else:
            p.tickets += n
        return n

    def _after_offers(self) -> list[Event]:
        if self.pending >= 0:
            self.phase = "gallery"
            return []
        return self._to_exhibit()

    def _place(self, seat: int, index: int, who: str) -> list[Event]:
        p = self.players[seat]
        tile = self.pending
        p.gallery[index] = tile
        self.pending = EMPTY
        events = [Event(f"{who} puts {_tile_text(tile)} in gallery space {space_name(index)}")]
        hall = K.HALLS.get(index)
        if hall:
            got = self._give(seat, hall[0], hall[1])
            events.append(Event(f"{who} gets the hall bonus: {_n(got, hall[0][:-1])}"))
        floor, col = divmod(index, 4)
        salvage = False
        if all(p.gallery[i] >= 0 for i in _FLOOR_SPACES[floor]):
            if floor == 1:
                p.big_hand = True
                events.append(Event(f"{who} completes the 2nd floor: hand limit +2"))
            elif floor == 2:
                if self.tile_discard and EMPTY in p.gallery:
                    salvage = True
                    events.append(Event(f"{who} completes the 3rd floor: a rarity from the discard pile"))
                else:
                    events.append(Event(f"{who} completes the 3rd floor, but can take no rarity"))
        if all(p.gallery[i] >= 0 for i in _COLUMN_SPACES[col]):
            if col == 0 and self.bank_royal_tickets:
                self.bank_royal_tickets -= 1
                p.royal_tickets += 1
                events.append(Event(f"{who} completes the left column: a Royal ticket"))
            elif col == 3 and self.bank_royal_coins:
                self.bank_royal_coins -= 1
                p.royal_coins += 1
                events.append(Event(f"{who} completes the right column: a Royal coin"))
        if salvage:
            self.phase = "salvage"
            return events
        return events + self._to_exhibit()

    def _to_exhibit(self) -> list[Event]:
        if self.token == self.seat:
            self.phase = "exhibit"
            self.actor = self.seat
            return []
        return self._end_turn()

    def _others(self, seat: int) -> list[int]:
        """The other seats, from the left (clockwise)."""
        n = self.num_players
        return [(seat + i) % n for i in range(1, n)]

    def _draw(self, seat: int) -> int:
        cid: int = self.deck.pop()
        self.players[seat].hand.append(cid)
        return cid

    def _exhibit(self, seat: int, colour: int, who: str) -> list[Event]:
        self.exhibited = colour
        p = self.players[seat]
        events = [Event(f"{who} holds an exhibition of {K.TYPE_PLURALS[colour]}")]
        if colour == K.RED:
            drawn = []
            while self.deck and len(p.hand) < self.hand_limit(seat):
                drawn.append(self._draw(seat))
            events.append(Event(f"{who} draws {_n(len(drawn), 'card')}"))
            events += [Event(f"You draw card {c}: {card_text(c)}", private_to=seat) for c in drawn]
            for o in self._others(seat):
                if self.players[o].count(K.RED) and self.deck and len(self.players[o].hand) < self.hand_limit(o):
                    c = self._draw(o)
                    events.append(Event(f"{{P{o + 1}}} draws a card"))
                    events.append(Event(f"You draw card {c}: {card_text(c)}", private_to=o))
        elif colour in CURRENCY_AWARDS:
            what, base = CURRENCY_AWARDS[colour]
            got = self._give(seat, what, base + p.count(colour))
            events.append(Event(f"{who} receives {_n(got, what[:-1])}"))
            for o in self._others(seat):
                if self.players[o].count(colour):
                    got = self._give(o, what, base)
                    events.append(Event(f"{{P{o + 1}}} receives {_n(got, what[:-1])}"))
        else:  # sculptures: errands
            self.swap_queue = [o for o in self._others(seat) if self.players[o].count(K.GREEN)]
            if p.hand and len(p.errands) < self.errand_limit(seat):
                self.phase = "errand"
                return events
            return events + self._next_swap()
        return events + self._end_turn()

    def _run_errand(self, seat: int, cid: int, who: str) -> Event:
        p = self.players[seat]
        p.hand.remove(cid)
        p.errands.append(cid)
        return Event(f"{who} runs errand {cid}: {errand_text(K.CARD_BY_ID[cid])}")

    def _next_swap(self) -> list[Event]:
        """The next seat that may change an errand, or the end of the turn."""
        self.dropped = False
        while self.swap_queue:
            o = self.swap_queue.pop(0)
            q = self.players[o]
            if self.rules_version < 2:  # version 1: a card to run (under the limit) or an errand to give up
                able = q.hand and (q.errands or len(q.errands) < self.errand_limit(o))
            else:
                able = q.hand and q.errands
            if able:  # a started errand to give up, a card to run instead
                self.phase = "swap"
                self.actor = o
                return []
        self.actor = self.seat
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        n = self.num_players
        events: list[Event] = []
        if self.exhibited >= 0:
            self.token = (self.seat - 1) % n
            events.append(Event(f"The Exhibition token passes to {{P{self.token + 1}}}"))
        self.turns += 1
        self.start = EMPTY
        self.steps = 0
        self.royal_used = 0
        self.sea_used = False
        self.trade = None
        self.pending = EMPTY
        self.exhibited = EMPTY
        self.swap_queue = []
        self.dropped = False
        if self.ending:
            self.phase = "over"
            self.actor = self.seat
            out = self.outcome()
            assert out is not None
            best = " and ".join(f"{{P{s + 1}}}" for s in out.winners)
            events.append(Event(f"Game over: {best} {'win' if len(out.winners) > 1 else 'wins'} with {max(out.scores)} VP"))
            return events
        self.seat = self.actor = (self.seat + 1) % n
        self.phase = "move"
        self.start = self.players[self.seat].pos
        return events

    # ---------------------------------------------------------- the contract
    def clone(self) -> "SquireState":
        c = copy_with_lists(self, ("cities", "supply", "box", "tile_discard", "deck", "card_discard", "market_regions",
                                   "market_types", "swap_queue", "board_queue"))
        c.rng = self.rng.copy()
        c.players = [p.copy() for p in self.players]
        return c

    def view(self, seat: int | None) -> "SquireState":
        """The supply, the box, the deck, the chance generator and the other
        hands are hidden (HIDDEN); everything else is public."""
        c = self.clone()
        c.is_view = True
        c.view_seat = seat
        c.rng = HIDDEN_RNG
        c.supply = [HIDDEN] * len(self.supply)
        c.box = [HIDDEN] * len(self.box)
        c.deck = [HIDDEN] * len(self.deck)
        for s, p in enumerate(c.players):
            if s != seat:
                p.hand = [HIDDEN] * len(p.hand)
        return c

    def determinize(self, observer: int | None, rng: Any) -> "SquireState":
        """A full state `observer` cannot tell from this one: the tiles no
        one sees are dealt at random to the supply and the box (and to any
        hidden city slot), the unseen cards to the deck and the other hands;
        a new chance generator is drawn from `rng`."""
        c = self.view(observer) if not (self.is_view and self.view_seat == observer) else self.clone()
        c.is_view = False
        c.view_seat = None
        c.rng = rng.fork()
        seen_t = [t for t in c.cities if t is not HIDDEN] + c.tile_discard
        for p in c.players:
            seen_t += p.gallery
        if c.pending is not HIDDEN:
            seen_t.append(c.pending)
        tiles = list(_ALL_TILES.difference(seen_t))
        rng.shuffle(tiles)
        c.supply = tiles[: len(c.supply)]
        c.box = sorted(tiles[len(c.supply) : len(c.supply) + len(c.box)])
        rest = tiles[len(c.supply) + len(c.box) :]
        if rest:  # a city refilled on a view holds a hidden tile
            c.cities = [rest.pop() if t is HIDDEN else t for t in c.cities]
        seen_c = set(c.card_discard)
        for p in c.players:
            seen_c.update(p.errands)
            seen_c.update(x for x in p.hand if x is not HIDDEN)
        cards = [x for x in _ALL_CARDS if x not in seen_c]
        rng.shuffle(cards)
        for p in c.players:
            if HIDDEN in p.hand:
                p.hand = [x for x in p.hand if x is not HIDDEN] + [cards.pop() for x in p.hand if x is HIDDEN]
        c.deck = cards
        return c

    def evaluate(self, seat: int) -> float:
        """The VP scored so far against the best other seat's, squashed into
        (0, 1): 0.5 when level, about 0.73 five VP ahead."""
        if self.phase == "over":
            out = self.outcome()
            assert out is not None
            return 1.0 if out.ranks[seat] == 1 and not out.is_draw else (0.5 if out.ranks[seat] == 1 else 0.0)
        scores = [self.score_now(s) for s in range(self.num_players)]
        lead = scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
        return 1.0 / (1.0 + math.exp(-lead / 5.0))

    def content_tags(self, seat: int) -> dict[str, str]:
        tags = {"map": self.map_key}
        board = self.players[seat].board
        if self.abilities and board >= 0:
            tags["board"] = K.BOARDS[board].key
        return tags

    def format_move(self, move: Any) -> str:
        return format_move(move, self.game_map)

    def describe_move(self, move: Any, seat: int | None = None) -> str:
        """The move in words, with what it costs or gives from here."""
        seat = self.actor if seat is None else seat
        p = self.players[seat]
        kind = type(move)
        cities = self.game_map.cities
        if kind is Go:
            name = cities[move.city].name
            if p.pos < 0:
                return f"start in {name}"
            sea = next((s for nb, s in ADJ[self.map_key][p.pos] if nb == move.city), None)
            if sea is None:
                return f"travel to {name}"
            return f"travel to {name} by {'sea' if sea else 'road'} ({self.step_ticket(seat, move.city)})"
        if kind is Trade:
            if p.pos < 0:
                return "buy" if move.buy else "sell"
            tile = self.cities[p.pos]
            what = _tile_text(tile).replace("a ", "the ", 1) if tile is not HIDDEN and tile >= 0 else "the rarity"
            if tile is HIDDEN or tile < 0:
                return f"{'buy' if move.buy else 'sell'} {what} in {cities[p.pos].name}"
            price = self.price(seat, p.pos, move.buy)
            royal = f", {min(p.royal_coins, price)} of them Royal (kept)" if move.buy and p.royal_coins else ""
            return f"{'buy' if move.buy else 'sell'} {what} in {cities[p.pos].name} for {_n(price, 'coin')}{royal}"
        if kind is Offer:
            card = K.CARD_BY_ID.get(move.card)
            return f"play card {move.card}'s offer" + (f" ({offer_text(card)})" if card else "")
        if kind is Errand:
            card = K.CARD_BY_ID.get(move.card)
            if card is None:
                return f"run card {move.card} as an errand"
            return f"run card {move.card}'s errand: {errand_text(card)} ({self.errand_points(move.card, seat)} VP now)"
        if kind is Drop:
            card = K.CARD_BY_ID.get(move.card)
            if card is None:
                return f"give up errand {move.card}"
            return f"give up errand {move.card}: {errand_text(card)} ({self.errand_points(move.card, seat)} VP now)"
        if kind is Done:
            text = {
                "offer": "play no more offers",
                "errand": "run no errand",
                "swap": "keep your errands as they are",
            }.get(self.phase, "end this step")
            lost = self.gives_up(seat, move)
            return f"{text}: give up {lost}" if lost else text
        if kind is Space:
            return f"put {_tile_text(self.pending)} in gallery space {space_name(move.index)}" + self._space_bonus(p, move.index)
        if kind is Salvage:
            return f"take {_tile_text(_tile_of(move.colour, move.value))} from the discard pile"
        if kind is Exhibit:
            if move.colour not in K.EXHIBITABLE:
                return "hold an exhibition of rare books (never allowed)"
            mine, theirs = self.exhibition_awards(seat, move.colour)
            others = "".join(f"; {seat_name(o)} {text}" for o, text in theirs)
            return f"hold an exhibition of {K.TYPE_PLURALS[move.colour]}: {mine}{others}"
        if kind is ChooseBoard:
            b = K.BOARDS[move.board]
            return f"take {b.name}: {b.ability}"
        return self.format_move(move)

    def _space_bonus(self, p: Player, index: int) -> str:
        """The bonuses filling gallery space `index` would give now, in words."""
        out = []
        hall = K.HALLS.get(index)
        if hall:
            out.append(f"hall: {_n(hall[1], hall[0][:-1])}")
        floor, col = divmod(index, 4)
        if floor and all(p.gallery[i] >= 0 or i == index for i in _FLOOR_SPACES[floor]):
            out.append("2nd floor: hand limit +2" if floor == 1 else "3rd floor: a rarity from the discard pile")
        if all(p.gallery[i] >= 0 or i == index for i in _COLUMN_SPACES[col]):
            if col == 0 and self.bank_royal_tickets:
                out.append("left column: a Royal ticket")
            elif col == 3 and self.bank_royal_coins:
                out.append("right column: a Royal coin")
        return f" ({'; '.join(out)})" if out else ""

    def parse_text(self, text: str) -> Any:
        return parse_text(text, self.game_map)

    def snapshot(self) -> dict[str, Any]:
        m = self.game_map

        def tile(t: Any) -> str:
            return "?" if t is HIDDEN else ("" if t < 0 else f"{K.COLOURS[TC[t]]}{TV[t]}")

        def card(c: Any) -> Any:
            return "?" if c is HIDDEN else c

        return {
            "map": self.map_key,
            "abilities": self.abilities,
            "phase": self.phase,
            "first": self.first + 1,
            "turn_of": self.seat + 1,
            "to_act": [s + 1 for s in self.to_act()],
            "turns": self.turns,
            "token": self.token + 1,
            "ending": self.ending,
            "cities": {c.code: tile(self.cities[i]) for i, c in enumerate(m.cities)},
            "market": {
                "prices": list(K.MARKET_PRICES),
                "regions": [K.COLOUR_NAMES[c] for c in self.market_regions],
                "rarities": [K.COLOUR_NAMES[c] for c in self.market_types],
            },
            "supply": [tile(t) for t in self.supply],
            "box": [tile(t) for t in self.box],
            "tile_discard": [tile(t) for t in self.tile_discard],
            "deck": [card(c) for c in self.deck],
            "card_discard": list(self.card_discard),
            "bank": {
                "royal_tickets": self.bank_royal_tickets,
                "royal_coins": self.bank_royal_coins,
            } | ({"coins": self.bank_coins, "tickets": self.bank_tickets} if self.rules_version < 3 else {}),
            "players": [
                {
                    "seat": s + 1,
                    "board": K.BOARDS[p.board].key if p.board >= 0 else None,
                    "city": m.cities[p.pos].code if p.pos >= 0 else None,
                    "coins": p.coins,
                    "royal_coins": p.royal_coins,
                    "tickets": p.tickets,
                    "royal_tickets": p.royal_tickets,
                    "hand": [card(c) for c in p.hand],
                    "errands": list(p.errands),
                    "gallery": {space_name(i): tile(t) for i, t in enumerate(p.gallery) if t >= 0},
                    "second_floor_bonus": p.big_hand,
                }
                for s, p in enumerate(self.players)
            ],
            "turn": {
                "start": m.cities[self.start].code if self.start >= 0 else None,
                "steps": self.steps,
                "royal_used": self.royal_used,
                "sea_used": self.sea_used,
                "trade": None if self.trade is None else ["buy" if self.trade[0] else "sell", K.COLOUR_NAMES[self.trade[1]], K.COLOUR_NAMES[self.trade[2]]],
                "pending": tile(self.pending),
                "exhibited": K.TYPE_PLURALS[self.exhibited] if self.exhibited >= 0 else None,
                "swap_queue": [s + 1 for s in self.swap_queue],
                "dropped": self.dropped,
                "board_queue": [s + 1 for s in self.board_queue],
            },
            "rng": "?" if self.rng is HIDDEN_RNG else self.rng.state,
        }

    def render(self, seat: int | None, names: Sequence[str]) -> str:
        from rulesets.squire.text_board import render_text

        return render_text(self, seat, names)


# ------------------------------------------------------------------ texts
_n = plural


def _colour_value(colour: int, value: int) -> str:
    return f"{K.COLOUR_NAMES[colour]} {K.TYPE_NAMES[colour]} worth {value}"


def _tile_text(tile: Any) -> str:
    """'a blue ceramic worth 4'."""
    if tile is HIDDEN or tile < 0:
        return "a face-down rarity"
    return a_or_an(_colour_value(TC[tile], TV[tile]))


def tile_code(tile: Any) -> str:
    """'b4' for a blue 4; '??' for a hidden tile, '--' for none."""
    if tile is HIDDEN:
        return "??"
    if tile < 0:
        return "--"
    return f"{K.COLOURS[TC[tile]]}{TV[tile]}"


def _tile_of(colour: int, value: int) -> int:
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


def _reward(card: K.Card) -> str:
    """An offer's reward: '2 tickets', '1 ticket'."""
    return _n(card.amount, card.reward[:-1])


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
