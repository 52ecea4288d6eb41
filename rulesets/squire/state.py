"""The Squire position and its rules (see RULES.md).

A turn is a run of moves (steps): travel city by city, buy or sell, play
offers, place the new rarity, take a salvaged one, hold an exhibition, run
errands. Other seats decide only when a sculpture exhibition lets them change
an errand. All chance (the tiles, the deck, the first player) is drawn at
setup from the seeded Rng kept in the state.

The state holds the data and the engine's contract; each part of the rules
has its module: legal moves (movegen.py), what each step does (turns.py),
scoring (scoring.py), the words (words.py), the hidden hands and decks
(sampling.py), the search's evaluation (evaluation.py), the maps and cards
with their derived tables (content.py), notation (moves.py), the picture
(text_board.py) and the position in sentences (position.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.core import Event, GameState, Outcome, copy_with_lists, ranks_from_keys, seat_name
from engine.errors import IllegalMoveError
from engine.hidden import HIDDEN, HIDDEN_RNG
from engine.rng import Rng
from rulesets.squire import content as K
from rulesets.squire import evaluation, movegen, sampling, scoring, turns, words
from rulesets.squire.content import EMPTY
from rulesets.squire.moves import (
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

TC = K.TILE_COLOUR
TV = K.TILE_VALUE


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

    def legal(self, seat: int) -> list[Any]:
        if self.phase == "over" or seat != self.actor:
            return []
        if self.is_view:
            self.require_visible(seat)
        return movegen.moves(self, seat)

    def prompt(self, seat: int) -> str:
        """What to do now, in words, named from `legal(seat)`: it offers only
        what a legal move does (no notation: that is for `:` and `a`)."""
        return words.prompt(self, seat)

    def gives_up(self, seat: int, move: Any) -> str:
        """What `move` gives up that `seat` could have had now, in words ('' if
        nothing): ending the offers forgoes the matching cards' rewards, ending
        the errand step the exhibition's errand, dropping an errand its VP. A
        screen never makes such a move its default choice. Which cards are
        given up is told only on the seat's own view (the hand is secret)."""
        return words.gives_up(self, seat, move)

    # -------------------------------------------------------------- scoring
    def errand_points(self, card_id: int, seat: int) -> int:
        """What an errand scores for `seat` with the gallery as it stands."""
        return scoring.errand_points(self, card_id, seat)

    def errand_gain(self, card_id: int, seat: int, space: int, tile: int) -> int:
        """What putting `tile` in `seat`'s empty gallery `space` adds to the
        errand `card_id` (`errand_points` after less before, worked out
        without placing it; "wealth" does not change with a tile: 0)."""
        return scoring.errand_gain(self, card_id, seat, space, tile)

    def score_parts(self, seat: int) -> dict[str, int]:
        """The named parts of `seat`'s score."""
        return scoring.score_parts(self, seat)

    def score_now(self, seat: int) -> int:
        """`seat`'s VP if the game ended now (the running score)."""
        return scoring.score_now(self, seat)

    def exhibition_awards(self, seat: int, colour: int) -> tuple[str, list[tuple[int, str]]]:
        """What an exhibition of `colour` held by `seat` now would give: the
        exhibitor's award and each other owner's, from the left, in words."""
        return scoring.exhibition_awards(self, seat, colour)

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
                return p.pos < 0 or move.city in movegen.destinations(self, p)
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
            return turns.choose_board(self, seat, move, who)
        if ph == "move":
            if isinstance(move, Go):
                return turns.go(self, seat, move.city, who)
            return turns.trade(self, seat, move.buy, who)
        if ph == "offer":
            if isinstance(move, Offer):
                return turns.offer(self, seat, move.card, who)
            lost = words.forgone_offers(self, seat)
            return [
                Event(f"{who} plays no more offers"),
                Event(f"You give up {lost} on this trade (the cards stay in your hand)", private_to=seat),
            ] + turns.after_offers(self)
        if ph == "gallery":
            return turns.place(self, seat, move.index, who)
        if ph == "salvage":
            tile = next(t for t in sorted(self.tile_discard) if TC[t] == move.colour and TV[t] == move.value)
            self.tile_discard.remove(tile)
            self.pending = tile
            self.phase = "gallery"
            return [Event(f"{who} takes {words.tile_text(tile)} from the discard pile (3rd floor bonus)")]
        if ph == "exhibit":
            return turns.exhibit(self, seat, move.colour, who)
        if ph == "errand":
            if isinstance(move, Errand):
                events = [turns.run_errand(self, seat, move.card, who)]
            else:
                events = [Event(f"{who} runs no errand, giving up the exhibition's errand")]
            return events + turns.next_swap(self)
        if ph == "swap":
            p = self.players[seat]
            if isinstance(move, Drop):
                p.errands.remove(move.card)
                self.card_discard.append(move.card)
                self.dropped = True  # the hand is not empty (see _next_swap): e<card> follows
                if self.rules_version < 2 and not p.hand:  # version 1: giving up alone was allowed
                    return [Event(f"{who} gives up errand {move.card}")] + turns.next_swap(self)
                return [Event(f"{who} gives up errand {move.card}")]
            if isinstance(move, Errand):
                events = [turns.run_errand(self, seat, move.card, who)]
            else:
                events = [Event(f"{who} keeps their errands as they are")]
            return events + turns.next_swap(self)
        raise IllegalMoveError(f"not a Squire move: {move!r}")

    def explain_illegal(self, seat: int, move: Any) -> str:
        """A plain sentence: why `move` cannot be played by `seat` now."""
        return words.explain_illegal(self, seat, move)

    def step_ticket(self, seat: int, city: int) -> str:
        """What a step from `seat`'s city to the neighbouring `city` costs now:
        'free sea crossing', 'Royal ticket' (kept) or 'common ticket' (spent)."""
        return movegen.step_ticket(self, seat, city)

    def route(self, seat: int, target: int) -> list[tuple[int, str]]:
        """The steps of a shortest journey from `seat`'s city to `target` that
        `seat` can take now, as (city, ticket it takes); it stops where the
        next step is not legal (no ticket left, or not allowed). [] if none."""
        return movegen.route(self, seat, target)

    def others(self, seat: int) -> list[int]:
        """The other seats, from the left (clockwise)."""
        n = self.num_players
        return [(seat + i) % n for i in range(1, n)]

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
        return sampling.view(self, seat)

    def determinize(self, observer: int | None, rng: Any) -> "SquireState":
        """A full state `observer` cannot tell from this one: the tiles no
        one sees are dealt at random to the supply and the box (and to any
        hidden city slot), the unseen cards to the deck and the other hands;
        a new chance generator is drawn from `rng`."""
        return sampling.determinize(self, observer, rng)

    def evaluate(self, seat: int) -> float:
        """The VP scored so far against the best other seat's, squashed into
        (0, 1): 0.5 when level, about 0.73 five VP ahead."""
        return evaluation.evaluate(self, seat)

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
        return words.describe_move(self, move, seat)

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
