"""Architects' move generation: the card groups, the paths a card's text
allows and what each step pays, kept in tables so that a position's move
list is a handful of look-ups (see state.py, `ArchitectsState.legal`).

Every table and cache here is keyed by everything its answer depends on
(board, space, text or cards; funds are never a key: they are checked
against the compiled payments at each call), so no entry can go stale, and
each is bounded (by the boards, the deck, or an LRU size). A position is
asked with two small bit masks of its flags:

- the open mask (`OPEN_BIT`): what decides where a client may go, bit 0 the
  dashed lines, then one bit per area effect;
- the pay mask (`PAY_BIT`): what decides what a step pays, the ±black spaces
  turned, the four line colours, and the endgame's halving (`ENDGAME_BIT`).

Moves come as items, (notation, move) pairs, so that a move list is sorted by
its notation without formatting a move twice. Steps, discards, toggles and
3-card groups are made once and shared; a hand's groups are found from the
pattern of its suits and numbers (SUIT_PATTERNS, RUN_PATTERNS); singles,
pairs and the groups of four or five of a new hand are made per list, by
the fast constructors `new_single`, `new_pair`, `new_group`.
"""
from __future__ import annotations

from functools import lru_cache, reduce
from itertools import chain, combinations, compress, product
from operator import add, itemgetter, or_
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from rulesets.architects import content as K
from rulesets.architects.board import AREA_EFFECT, BOARDS, Board, Link
from rulesets.architects.moves import END, Bid, Discard, Group, Pair, Single, Step, Toggle, format_move

if TYPE_CHECKING:
    from rulesets.architects.state import ArchitectsState

Item = tuple[str, Any]
"""A move with its notation (the sort key of a move list)."""
Transfer = tuple[int, int]
"""What one paid step moves: (client to architect, client to bank); a
negative amount flows the other way (the bank pays what it has)."""

_notation: Callable[[Any], str] = getattr(format_move, "__wrapped__", format_move)
"""format_move without its cache (the tables here keep what they need)."""

# ------------------------------------------------------------------- cards
NUM = tuple(K.card_number(c) for c in range(K.DECK_SIZE))
"""Number of each card id."""
SUIT = tuple(K.card_suit(c) for c in range(K.DECK_SIZE))
"""Suit of each card id."""
AREA_FLAGS = frozenset(K.AREA_EFFECTS)

TEXTS = (K.NINE_RETREAT,) + tuple(K.CARD_TEXTS.values())
"""Every movement text, numbered for the path cache."""
TEXT_INDEX = {t: i for i, t in enumerate(TEXTS)}
SINGLE_TEXT = tuple(TEXT_INDEX[K.NINE_RETREAT if NUM[c] == 9 else K.CARD_TEXTS[NUM[c]]] for c in range(K.DECK_SIZE))
"""The text a card played singly moves by (a 9 retreats), by card id."""
PAIR_TEXT = tuple(TEXT_INDEX[K.CARD_TEXTS[NUM[c]]] if NUM[c] != 9 else -1 for c in range(K.DECK_SIZE))
"""The text a pair of this card's number makes its target obey (-1: 9s make no pair)."""

DISCARD_ITEM: tuple[Item, ...] = tuple((_notation(Discard(c)), Discard(c)) for c in range(K.DECK_SIZE))
"""Each card's discard, by card id."""
END_ITEM: Item = ("end", END)


def _toggles(card: int, endgame: bool) -> tuple[Item, ...]:
    """A 9's toggles (none for other cards; no area in the endgame)."""
    if NUM[card] != 9:
        return ()
    moves = [Toggle(card, e) for e in K.NINE_TOGGLES[SUIT[card]] if not (endgame and e in AREA_FLAGS)]
    return tuple((_notation(m), m) for m in moves)


TOGGLE_ITEMS = tuple(tuple(_toggles(c, end) for c in range(K.DECK_SIZE)) for end in (False, True))
"""[endgame][card]: the toggles a card allows."""

# ------------------------------------------------------------------- masks
AREA_BIT = {e: 2 << i for i, e in enumerate(K.AREA_EFFECTS)}
"""An area effect's bit in an open mask (bit 0: the dashed lines)."""
OPEN_BIT = {"ld": 1, **AREA_BIT}
"""Every flag that opens a way, with its bit."""
PAY_BIT = {"sk": 1, "lb": 2, "lo": 4, "lg": 8, "lr": 16}
"""Every flag that changes what a step pays, with its pay-mask bit."""
ENDGAME_BIT = 32
"""The pay-mask bit of the endgame (forward gains halved)."""
_COLOUR_BIT = {"b": 2, "o": 4, "g": 8, "r": 16}
FLAG_BITS = {e: OPEN_BIT.get(e, 0) | PAY_BIT.get(e, 0) << 8 for e in K.EFFECTS}
"""Each flag's open bit (low byte) and pay bit (shifted by 8)."""


def _masks(flags: frozenset[str]) -> tuple[int, int]:
    """(open mask, pay mask but the endgame's bit) of a set of flags."""
    bits = 0
    for e in flags:
        bits |= FLAG_BITS.get(e, 0)
    return bits & 255, bits >> 8


_MASKS: dict[frozenset[str], tuple[int, int]] = {}
"""_masks by the flags (at most 2^13 sets of flags)."""


def masks(flags: set[str], endgame: bool) -> tuple[int, int]:
    """(open mask, pay mask) of a position's flags."""
    key = frozenset(flags)
    got = _MASKS.get(key)
    if got is None:
        got = _MASKS[key] = _masks(key)
    return (got[0], got[1] | ENDGAME_BIT) if endgame else got


# ------------------------------------------------------------------- paths
def needs(board: Board, src: int, link: Link) -> int:
    """The open-mask bits crossing `link` from `src` needs (can_enter as bits):
    a dashed line needs the dashed lines open; entering a blue, grey or purple
    area from outside it, or any pink square, needs that area open."""
    need = 1 if link.dashed else 0
    area = board.areas[link.to]
    if area not in ("", "y") and (area == "k" or board.areas[src] != area):
        need |= AREA_BIT[AREA_EFFECT[area]]
    return need


def _fits(link: Link, kind: str) -> bool:
    """Whether a line can be taken as a card text's step kind ('advance|ascend')."""
    for k in kind.split("|"):
        if (
            k == "any"
            or (k == "advance" and link.forward)
            or (k == "retreat" and not link.forward)
            or (k == "ascend" and link.vertical == -1)
            or (k == "descend" and link.vertical == 1)
        ):
            return True
    return False


@lru_cache(maxsize=None)
def _candidate_paths(board_index: int, pos: int, text_index: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every path a card's text could take from `pos` with everything open,
    in search order without repeats, each with the open-mask bits it needs."""
    board = BOARDS[board_index]
    text = TEXTS[text_index]

    def walk(here: int, seen: tuple[int, ...], need: int, todo: tuple[str, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        if not todo:
            yield seen[1:], need
            return
        for link in board.links[here]:
            if link.to in seen or not _fits(link, todo[0]):
                continue
            yield from walk(link.to, seen + (link.to,), need | needs(board, here, link), todo[1:])

    orders = [text.steps] + ([tuple(reversed(text.steps))] if text.both else [])
    found: dict[tuple[int, ...], int] = {}
    for kinds in orders:
        for path, need in walk(pos, (pos,), 0, kinds):
            found.setdefault(path, need)
    return tuple(found.items())


@lru_cache(maxsize=1 << 16)
def _card_paths(board_index: int, pos: int, text_index: int, open_mask: int) -> tuple[tuple[int, ...], ...]:
    """Paths a card's text allows from `pos` with these lines and areas open
    (the candidates whose needs are all open)."""
    return tuple(path for path, need in _candidate_paths(board_index, pos, text_index) if not need & ~open_mask)


# ------------------------------------------------------------------- moves
# The moves a list is made of, made without their dataclasses' __init__
# (which sets each field through object.__setattr__): the slots are set
# directly, the same frozen objects a third faster.
_new = object.__new__
_SINGLE_CARD, _SINGLE_PATH = vars(Single)["card"].__set__, vars(Single)["path"].__set__
_PAIR_CARDS, _PAIR_TARGET, _PAIR_PATH = vars(Pair)["cards"].__set__, vars(Pair)["target"].__set__, vars(Pair)["path"].__set__
_GROUP_EFFECT, _GROUP_CARDS, _GROUP_TARGET = (
    vars(Group)["effect"].__set__, vars(Group)["cards"].__set__, vars(Group)["target"].__set__)


def new_single(card: int, path: tuple[str, ...]) -> Single:
    """Single(card, path)."""
    move = _new(Single)
    _SINGLE_CARD(move, card)
    _SINGLE_PATH(move, path)
    return move


def new_pair(cards: tuple[int, int], target: int, path: tuple[str, ...]) -> Pair:
    """Pair(cards, target, path)."""
    move = _new(Pair)
    _PAIR_CARDS(move, cards)
    _PAIR_TARGET(move, target)
    _PAIR_PATH(move, path)
    return move


def new_group(effect: str, cards: tuple[int, ...], target: int = -1) -> Group:
    """Group(effect, cards, target)."""
    move = _new(Group)
    _GROUP_EFFECT(move, effect)
    _GROUP_CARDS(move, cards)
    _GROUP_TARGET(move, target)
    return move


# ---------------------------------------------------------------- payments
_LINK = tuple({(a, ln.to): ln for a, out in enumerate(b.links) for ln in out} for b in BOARDS)


def link_pay(board_index: int, a: int, to: int, pay_mask: int) -> Transfer:
    """What crossing the line a→to pays under this pay mask (as
    ArchitectsState.step_transfers: the space's value forward, the value of
    the space left backward, then an active coloured line's bank payment)."""
    board = BOARDS[board_index]
    link = _LINK[board_index][a, to]
    turned = pay_mask & PAY_BIT["sk"]
    half = pay_mask & ENDGAME_BIT
    if link.forward:
        v = board.values[to]
        v = -v if turned and board.kinds[to] == "k" else v
        to_architect = (v // 2 if half else v) if v >= 0 else v
    else:
        v = board.values[a]
        to_architect = v if turned and board.kinds[a] == "k" else -v
    to_bank = 0
    if link.colour and pay_mask & _COLOUR_BIT[link.colour]:
        total = board.values[a] + board.values[to]
        if link.colour == "b":
            to_bank = -((total // 2) // 2 if half else total // 2)
        elif link.colour == "g":
            to_bank = -(total // 2 if half else total)
        elif link.colour == "o":
            to_bank = total // 2
        else:
            to_bank = total
    return to_architect, to_bank


def compile_path(board_index: int, pos: int, path: Sequence[int], paid: str, pay_mask: int) -> tuple[Transfer, ...]:
    """The transfers of the paid steps of `path` from `pos` ('all', 'last' or 'none')."""
    out = []
    here = pos
    last = len(path) - 1
    lines = _LINK[board_index]
    for i, to in enumerate(path):
        if (here, to) not in lines:
            raise KeyError(f"no line from space {here} to space {to}")
        if paid == "all" or (paid == "last" and i == last):
            out.append(link_pay(board_index, here, to, pay_mask))
        here = to
    return tuple(out)


def pay(client: int, architect: int, bank: int, transfers: tuple[Transfer, ...]) -> tuple[int, int, int] | None:
    """Funds after the transfers, or None if the client or architect lacks
    the money for one (as ArchitectsState.settle)."""
    for to_architect, to_bank in transfers:
        if to_architect >= 0:
            if client < to_architect:
                return None
        elif architect < -to_architect:
            return None
        client -= to_architect
        architect += to_architect
        if to_bank > 0:
            if client < to_bank:
                return None
            client -= to_bank
            bank += to_bank
        elif to_bank < 0:
            got = -to_bank if -to_bank <= bank else bank
            bank -= got
            client += got
    return client, architect, bank


STEPS = tuple(tuple(Step(n) for n in b.names) for b in BOARDS)
"""Each board's steps, by the space stepped to."""


@lru_cache(maxsize=None)
def step_entries(board_index: int, pos: int, pay_mask: int) -> tuple[tuple[int, str, Step, int, int], ...]:
    """The plain steps out of `pos`: (needed open bits, notation, move, the
    two transfers). Bounded: boards × spaces × 64 pay masks."""
    board = BOARDS[board_index]
    out = []
    for link in board.links[pos]:
        move = STEPS[board_index][link.to]
        to_architect, to_bank = link_pay(board_index, pos, link.to, pay_mask)
        out.append((needs(board, pos, link), move.to, move, to_architect, to_bank))
    return tuple(out)


def step_items(board_index: int, pos: int, funds: tuple[int, int, int], open_mask: int, pay_mask: int) -> list[Item]:
    """The plain steps a client can take and pay for."""
    client, architect, _ = funds
    out = []
    for need, note, move, to_architect, to_bank in step_entries(board_index, pos, pay_mask):
        if need & ~open_mask:
            continue
        if to_architect >= 0:
            if client < to_architect:
                continue
        elif architect < -to_architect:
            continue
        if to_bank > 0 and client - to_architect < to_bank:
            continue
        out.append((note, move))
    return out


def pay_bits(board_index: int, pos: int, path: Sequence[int]) -> int:
    """The pay-mask bits that can change what moving along `path` pays: the
    endgame, the ±black spaces if one is passed, the colours of its lines."""
    board = BOARDS[board_index]
    lines = _LINK[board_index]
    bits = ENDGAME_BIT
    here = pos
    for to in path:
        if board.kinds[here] == "k" or board.kinds[to] == "k":
            bits |= PAY_BIT["sk"]
        colour = lines[here, to].colour
        if colour:
            bits |= _COLOUR_BIT[colour]
        here = to
    return bits


Path = tuple[int, int, str, tuple[str, ...], tuple[int, ...], dict[int, tuple[tuple[Transfer, ...], "Requirement | None"]]]
"""One path a card's text allows from a space: the open bits it needs, the
pay bits that matter to it, its notation suffix ('>c4>d4'), its space names,
its space numbers, and its transfers (with their requirement) by (pay mask
& those bits), made on first use."""


@lru_cache(maxsize=None)
def text_paths(board_index: int, pos: int, text_index: int) -> tuple[Path, ...]:
    """Every path a text could take from `pos` (boards × spaces × texts at most)."""
    names = BOARDS[board_index].names
    out: list[Path] = []
    for path, need in _candidate_paths(board_index, pos, text_index):
        where = tuple(names[i] for i in path)
        out.append((need, pay_bits(board_index, pos, path), "".join(">" + n for n in where), where, path, {}))
    return tuple(out)


Requirement = tuple[int, int, int]
"""(least client funds, least architect funds, what the two pay the bank in
all) for some transfers to be paid."""


def requirement(transfers: tuple[Transfer, ...]) -> Requirement | None:
    """What `pay` asks of the funds for these transfers to be paid, as
    bounds; None when the bank pays the client on the way (what it pays then
    depends on what it has: `pay` itself decides)."""
    need_client = need_architect = spent = gained = 0
    for to_architect, to_bank in transfers:
        if to_bank < 0:
            return None
        if to_architect >= 0:
            need_client = max(need_client, spent + to_architect)
        else:
            need_architect = max(need_architect, -to_architect - gained)
        spent += to_architect
        gained += to_architect
        if to_bank > 0:
            need_client = max(need_client, spent + to_bank)
            spent += to_bank
    return need_client, need_architect, spent - gained


def path_pays(board_index: int, pos: int, text_index: int, entry: Path, pay_mask: int) -> tuple[tuple[Transfer, ...], Requirement | None]:
    """The transfers of a path's paid steps under this pay mask, with their requirement."""
    key = pay_mask & entry[1]
    got = entry[5].get(key)
    if got is None:
        transfers = compile_path(board_index, pos, entry[4], TEXTS[text_index].paid, key)
        got = entry[5][key] = transfers, requirement(transfers)
    return got


def affordable(board_index: int, pos: int, text_index: int, open_mask: int, pay_mask: int, funds: tuple[int, int, int], whole: bool) -> list[Path]:
    """The open paths of a text from `pos` a client with these funds can
    pay for: its steps, and with `whole` the card's own bank payments too (a
    card played singly must be paid in full; a pair's target may go bankrupt
    on them)."""
    client, architect, bank = funds
    text = TEXTS[text_index]
    costs = text.architect_pays if whole else 0
    gain = text.client_gain // 2 if pay_mask & ENDGAME_BIT else text.client_gain
    out = []
    for entry in text_paths(board_index, pos, text_index):
        if entry[0] & ~open_mask:
            continue
        got = entry[5].get(pay_mask & entry[1])
        if got is None:
            got = path_pays(board_index, pos, text_index, entry, pay_mask)
        need = got[1]
        if need is not None and not (costs and gain):  # bounds decide
            if client < need[0] or architect < need[1] or (costs and client + architect < costs + need[2]):
                continue
        else:
            after = pay(client, architect, bank, got[0])
            if after is None:
                continue
            # the architect pays the bank, the client covering a shortfall
            if costs and after[1] + after[0] + (min(gain, after[2]) if gain else 0) < costs:
                continue
        out.append(entry)
    return out


def single_items(board_index: int, pos: int, funds: tuple[int, int, int], cards: Sequence[int], open_mask: int, pay_mask: int) -> list[Item]:
    """The movements of the cards played singly that can be paid for."""
    out = []
    last = -1
    entries: list[Path] = []
    for card in cards:  # sorted: the cards of one number (one text) come together
        ti = SINGLE_TEXT[card]
        if ti != last:
            entries = affordable(board_index, pos, ti, open_mask, pay_mask, funds, True)
            last = ti
        if entries:
            code = K.CARD_CODES[card]
            out += [(code + entry[2], new_single(card, entry[3])) for entry in entries]
    return out


def pair_items(cards: tuple[int, int], target: int, board_index: int, pos: int, funds: tuple[int, int, int], open_mask: int, pay_mask: int) -> list[Item]:
    """The movements of a pair on `target` whose steps the target can pay
    (the card's own payment may bankrupt it)."""
    entries = affordable(board_index, pos, PAIR_TEXT[cards[0]], open_mask, pay_mask, funds, False)
    if not entries:
        return []
    prefix = f"{K.CARD_CODES[cards[0]]}+{K.CARD_CODES[cards[1]]}@{target + 1}"
    return [(prefix + entry[2], new_pair(cards, target, entry[3])) for entry in entries]


@lru_cache(maxsize=64)
def pair_cards(hand: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The pairs in a sorted hand: two cards of one number (not 9)."""
    out: list[tuple[int, int]] = []
    n = len(hand)
    if len(set(map(NUM.__getitem__, hand))) == n:  # no number twice
        return ()
    for i in range(n - 1):
        a = hand[i]
        num = NUM[a]
        if num == 9:
            continue
        for j in range(i + 1, n):
            if NUM[hand[j]] != num:
                break
            out.append((a, hand[j]))
    return tuple(out)


# ------------------------------------------------------------------ groups
def is_run(cards: Sequence[int]) -> bool:
    """Consecutively numbered (any suits)."""
    nums = sorted(NUM[c] for c in cards)
    return all(b == a + 1 for a, b in zip(nums, nums[1:]))


def three_effects(cards: Sequence[int]) -> list[str]:
    """Effects of three cards: straights toggle a line colour per suit in them,
    three suits the dashed lines, a flush its special spaces."""
    suits = {SUIT[c] for c in cards}
    out = []
    if is_run(cards):
        out += [K.LINE_OF_SUIT[s] for s in suits]
    if len(suits) == 3:
        out.append("ld")
    if len(suits) == 1:
        out.append(K.SPACE_OF_SUIT[next(iter(suits))])
    return sorted(set(out))


def four_effects(cards: Sequence[int]) -> list[str]:
    """Effects of four cards: flush (yellow flip), badugi (pink squares), two
    Two-of-a-Kinds (an area)."""
    suits = [SUIT[c] for c in cards]
    kinds = set(suits)
    if len(kinds) == 1:
        return ["yf"]
    if len(kinds) == 4:
        return ["pk"]
    if len(kinds) == 2 and suits.count(suits[0]) == 2:
        return [K.AREA_OF_PAIRS[frozenset(kinds)]]
    return []


def group_effects(cards: Sequence[int]) -> list[str]:
    """Every effect these 3–5 cards can make ('sw' for a 5-card flush)."""
    if len(cards) == 3:
        return three_effects(cards)
    if len(cards) == 4:
        return four_effects(cards)
    out = []
    if len({SUIT[c] for c in cards}) == 1:
        out.append("sw")
    if is_run(cards):
        out.append("run")
    return out


Getter = Callable[[Sequence[int]], tuple[int, ...]]
"""Picks some cards of a hand by their places in it."""


@lru_cache(maxsize=None)
def _getter(places: tuple[int, ...]) -> Getter:
    """The getter of these places (shared: at most C(6, 3) + C(6, 4) + … of them)."""
    return itemgetter(*places)


def group_item(effect: str, cards: tuple[int, ...], target: int = -1) -> Item:
    """A group play with its notation."""
    code = f"sw{target + 1}" if effect == "sw" else effect
    return f"{code}:{'+'.join(map(K.CARD_CODES.__getitem__, cards))}", new_group(effect, cards, target)


class _Threes(dict):  # type: ignore[type-arg]
    """The group plays three sorted cards make, by the cards, made on first
    use (at most one entry per 3-card set of the deck that makes one)."""

    def __missing__(self, cards: tuple[int, ...]) -> tuple[Item, ...]:
        a, b, c = cards
        run = NUM[b] == NUM[a] + 1 and NUM[c] == NUM[b] + 1
        entry = self[cards] = tuple(group_item(e, cards) for e in _THREE_EFFECTS[run][SUIT[a], SUIT[b], SUIT[c]])
        return entry


THREES = _Threes()

_THREE_EFFECTS = tuple(
    {suits: tuple(three_effects([K.card_id(n, s) for n, s in zip(numbers, suits)])) for suits in product(range(4), repeat=3)}
    for numbers in ((1, 3, 5), (1, 2, 3))
)
"""[whether they run][the suits of three cards in order]: their effects (as
three_effects of the numbers 1, 3, 5 or the run 1, 2, 3 in those suits)."""
_FOUR_EFFECT = {suits: "".join(four_effects([K.card_id(1, s) for s in suits])) for suits in product(range(4), repeat=4)}
"""The effect of four cards by their suits ('' none: one at most)."""
_THREE_BY_SUITS = {suits: len(set(suits)) in (1, 3) for suits in product(range(4), repeat=3)}
"""Whether three cards make a group by their suits alone (three suits, a flush)."""


SuitPattern = tuple[tuple[bool, ...], tuple[tuple[bool, ...], tuple[str, ...], tuple[str, ...]], tuple[Getter, ...]]
"""What a hand's suits make: which of its 3-card combinations make a group
by suits (three suits or a flush; their effects come from THREES), which
4-card combinations make one (with their effects and notation prefixes),
and the places of its 5-card flushes."""


def _suit_groups(suits: tuple[int, ...]) -> SuitPattern:
    """The groups a hand with these suits (in card order) makes by suits alone."""
    n = len(suits)
    threes = tuple(map(_THREE_BY_SUITS.__getitem__, combinations(suits, 3)))
    found = tuple(map(_FOUR_EFFECT.__getitem__, combinations(suits, 4)))
    effects = tuple(e for e in found if e)
    fives = tuple(_getter(idx) for idx, five in zip(combinations(range(n), 5), combinations(suits, 5)) if len(set(five)) == 1)
    return threes, (tuple(map(bool, found)), effects, tuple(e + ":" for e in effects)), fives


def _run_groups(nums: tuple[int, ...]) -> tuple[tuple[bool, ...], tuple[Getter, ...]]:
    """What a sorted hand's numbers make: which of its 3-card combinations
    are runs (() if none is), and the places of its 5-card runs."""
    runs: list[tuple[int, ...]] = []

    def extend(run: tuple[int, ...]) -> None:
        if len(run) in (3, 5):
            runs.append(run)
            if len(run) == 5:
                return
        want = nums[run[-1]] + 1
        for i in range(run[-1] + 1, len(nums)):
            if nums[i] == want:
                extend(run + (i,))
            elif nums[i] > want:
                break

    if len(set(nums)) >= 3:
        for i in range(len(nums)):
            extend((i,))
    threes = set(r for r in runs if len(r) == 3)
    picks = tuple(idx in threes for idx in combinations(range(len(nums)), 3)) if threes else ()
    return picks, tuple(_getter(r) for r in runs if len(r) == 5)


class _Patterns(dict):  # type: ignore[type-arg]
    """A function's answers by its one argument, made on first use."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        entry = self[key] = self.make(key)
        return entry


SUIT_PATTERNS = _Patterns(_suit_groups)
"""_suit_groups by a hand's suits (at most 4^6 + 4^5 + … hands' worth)."""
RUN_PATTERNS = _Patterns(_run_groups)
"""_run_groups by a sorted hand's numbers (at most C(20, 6) + … hands' worth)."""


_NUM_BIT = tuple(1 << NUM[c] for c in range(K.DECK_SIZE))
_NO_RUNS: tuple[tuple[bool, ...], tuple[Getter, ...]] = ((), ())


@lru_cache(maxsize=64)
def _patterns(hand: tuple[int, ...]) -> tuple[Any, Any]:
    """A sorted hand's suit and run patterns (no run without three
    consecutive numbers: most hands skip the run table)."""
    nums = reduce(or_, map(_NUM_BIT.__getitem__, hand), 0)
    runs = RUN_PATTERNS[tuple(map(NUM.__getitem__, hand))] if nums & nums >> 1 & nums >> 2 else _NO_RUNS
    return SUIT_PATTERNS[tuple(map(SUIT.__getitem__, hand))], runs


@lru_cache(maxsize=64)
def threes(hand: tuple[int, ...]) -> tuple[Item, ...]:
    """The 3-card plays of a sorted hand."""
    suits, runs = _patterns(hand)
    picks = tuple(map(or_, suits[0], runs[0])) if runs[0] else suits[0]
    return tuple(chain.from_iterable(map(THREES.__getitem__, compress(combinations(hand, 3), picks))))


@lru_cache(maxsize=64)
def fours(hand: tuple[int, ...]) -> tuple[Item, ...]:
    """The 4-card plays of a sorted hand."""
    picks, effects, prefixes = _patterns(hand)[0][1]
    codes = compress(combinations(map(K.CARD_CODES.__getitem__, hand), 4), picks)
    notes = map(add, prefixes, map("+".join, codes))
    return tuple(zip(notes, map(new_group, effects, compress(combinations(hand, 4), picks))))


@lru_cache(maxsize=64)
def fives(hand: tuple[int, ...]) -> tuple[tuple[Item, int], ...]:
    """The 5-card plays of a sorted hand, each with its swap target (-1: a run)."""
    suits, runs = _patterns(hand)
    if not suits[2] and not runs[1]:
        return ()
    out = [(group_item("sw", get(hand), t), t) for get in suits[2] for t in range(4)]
    out += [(group_item("run", get(hand)), -1) for get in runs[1]]
    return tuple(out)


WARM_AFTER = 256
"""Move lists a process asks for before the tables are filled at once (a
process that plays many positions, a bot or a benchmark, pays some 0.1 s
once instead of slow first thousands of lists; a one-shot command never)."""


def warm_tables() -> None:
    """Fill the tables a hand's and a position's move lists read: every
    6-card suit pattern, every 3-card set, every path of every text."""
    for suits in product(range(4), repeat=K.HAND_SIZE):
        SUIT_PATTERNS[suits]
    for cards in combinations(range(K.DECK_SIZE), 3):
        THREES[cards]
    for b, board in enumerate(BOARDS):
        for pos in range(len(board.names)):
            for ti in range(len(TEXTS)):
                text_paths(b, pos, ti)


@lru_cache(maxsize=64)
def bids(open_boards: tuple[int, ...]) -> tuple[Bid, ...]:
    """Every bid on the open boards (board by board, amounts rising)."""
    return tuple(Bid(b, v) for b in sorted(open_boards) for v in range(BOARDS[b].min_bid, BOARDS[b].max_bid + 1))


# ------------------------------------------------ a position's move lists
def sorted_hand(state: ArchitectsState, seat: int) -> tuple[int, ...]:
    """The seat's hand, sorted (card ids are distinct)."""
    return tuple(sorted(state.players[seat].hand))


def movement_items(state: ArchitectsState, seat: int, hand: tuple[int, ...], masks_: tuple[int, int]) -> list[Item]:
    """The turn's movement: plain steps and single movement cards, affordable."""
    p = state.players[seat]
    funds = (p.client, p.funds, state.bank)
    out = step_items(p.board, p.pos, funds, *masks_)
    if not state.single_used:
        out += single_items(p.board, p.pos, funds, hand, *masks_)
    return out


def opponent_pair_items(state: ArchitectsState, seat: int, hand: tuple[int, ...], masks_: tuple[int, int]) -> list[Item]:
    """Pairs (same number and text, two suits) on opponents able to obey."""
    out: list[Item] = []
    pairs = pair_cards(hand)
    if not pairs:
        return out
    players = state.players
    for t in state.order:
        q = players[t]
        if t == seat or q.status != K.PLAYING or t in state.paired:
            continue
        funds = (q.client, q.funds, state.bank)
        for cards in pairs:
            items = pair_items(cards, t, q.board, q.pos, funds, *masks_)
            if not items and state.rules_version >= 2:  # cannot obey: a play with no effect (v1: refused)
                items = [(format_move(no_effect := Pair(cards, t, ())), no_effect)]
            out += items
    return out


def turn_items(state: ArchitectsState, seat: int) -> list[Item]:
    """Every move of the turn phase, as (notation, move) items."""
    hand = tuple(sorted(state.players[seat].hand))
    endgame = state.endgame
    masks_ = masks(state.flags, endgame)
    if state.moved:
        items = []
        may_end = state.played or state.discarded or not hand
    else:
        items = movement_items(state, seat, hand, masks_)
        may_end = not items
    if not state.single_used:
        items += chain.from_iterable(map(TOGGLE_ITEMS[endgame].__getitem__, hand))
    items += opponent_pair_items(state, seat, hand, masks_)
    n = len(hand)
    if n >= 3:
        if not state.three_used:
            items += threes(hand)
        if not state.four_used and n >= 4:
            if endgame:
                items += [item for item in fours(hand) if item[1].effect not in AREA_FLAGS]
            else:
                items += fours(hand)
        if not state.five_used and n >= 5:
            for item, target in fives(hand):
                if target < 0 or (target != seat and target < state.num_players and state.players[target].status == K.PLAYING):
                    items.append(item)
    if not state.discarded:
        items += map(DISCARD_ITEM.__getitem__, hand)
    if may_end:
        items.append(END_ITEM)
    return items
