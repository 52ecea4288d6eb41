"""Rated play and time limits in the server's database (schema
0002_rated.sql): a room's terms, the players' Glicko-2 ratings per game
(`engine.glicko2`), and the move clocks.

- A room's **terms** (`RoomTerms`) are set when it is made: rated or not, a
  time for each move, and what happens when a person runs out of it.
- A rated room's game is **rated exactly once**: in the transaction that
  commits its last move (`on_commit`, called by `DbStore.commit_game`), the
  insert into `rated_games` (primary key: the room) comes first, so a
  second writer (another front door) finds the row and rates nothing.
- A rated game **counts** (`void_reason`) only when every person at it came
  to the room (opened it or moved) and made at least half of their seat's
  moves themselves (the rest: a stand-in bot's, each marked in
  `moves.stand_in`); otherwise it is void: nobody's rating moves and the
  room says why (`room_terms.void`).
- **Clocks** (`run_clocks`, once a second in `tsquare serve`): a person's
  clock runs from the room's last move, or from their first visit if that
  came later (`person_came`): until then it waits (`turn_since` 0), and no
  stand-in plays a seat whose person never came. A person to act whose time is up either
  gets a stand-in bot (`bot:LEVEL`, only once they have left the room: no
  seat claim; the seat is in `stand_ins` and the bot pool plays it) until
  they open the room again (`person_came`, from the room's seat claim), or
  loses the game on time (`loss`: the room is over, that seat last, the
  others share first).
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.glicko2 import Rating, rate_game
from tui.server.records import RoomError

if TYPE_CHECKING:
    from engine.record import GameRecord
    from tui.server.db.backends import Tx
    from tui.server.db.store import DbStore

LOSS = "loss"
"""The policy that scores a person out of time as the loser."""
DAY = 86_400
MAX_MOVE_SECONDS = 60 * DAY
"""The longest time for a move a room may give (60 days)."""


@dataclass(frozen=True)
class RoomTerms:
    """How a room is played: rated or not, and its move clock."""

    rated: bool = False
    """The game's end updates its players' ratings (never with hints on)."""
    move_seconds: int = 0
    """Time for each move, in seconds (0: no limit)."""
    policy: str = LOSS
    """When a person runs out of time: 'bot:LEVEL' (a bot plays the seat until they come back) or 'loss'."""
    turn_since: float = 0.0
    """Unix time the clock of the move now started (0: it waits for a person's first visit)."""
    stand_ins: tuple[int, ...] = ()
    """Seats a bot plays now while their person is away."""
    lost_on_time: int = -1
    """The seat that lost on time (-1: none)."""
    arrived: tuple[int, ...] = ()
    """Seats whose person has come to the room (opened it, or moved)."""
    void: str = ""
    """Why the rated game's end rated nothing ('': it counted, or is not over)."""

    @property
    def timed(self) -> bool:
        return self.move_seconds > 0

    def left(self, now: float | None = None) -> float:
        """Seconds left for the move now to be made (inf without a limit)."""
        if not self.timed:
            return float("inf")
        return self.turn_since + self.move_seconds - (time.time() if now is None else now)

    def clock_words(self, now: float | None = None) -> str:
        """The room's clock in a few words ('' without a limit)."""
        if self.lost_on_time >= 0:
            return f"seat {self.lost_on_time + 1} lost on time"
        if not self.timed:
            return ""
        return f"{duration_words(math.ceil(max(0.0, self.left(now))))} left"

    def limit_words(self) -> str:
        """The limit and policy in words ('' without a limit)."""
        if not self.timed:
            return ""
        then = "loss" if self.policy == LOSS else f"then {self.policy}"
        return f"{duration_words(self.move_seconds)}/move, {then}"


def duration_words(seconds: float) -> str:
    """'3d', '5h', '12m', '40s' (the largest unit that fits, rounded down)."""
    s = int(seconds)
    for unit, size in (("d", DAY), ("h", 3600), ("m", 60)):
        if s >= size:
            return f"{s // size}{unit}"
    return f"{s}s"


def parse_limit(text: str) -> int:
    """A move time limit ('90s', '10m', '2h', '3d'; a bare number is
    minutes) in seconds; ValueError (one line) if it is not one."""
    text = text.strip().lower()
    units = {"s": 1, "m": 60, "h": 3600, "d": DAY}
    unit = units.get(text[-1:], None)
    number = text[:-1] if unit else text
    try:
        value = int(number)
    except ValueError:
        raise ValueError(f"a time limit is a number and a unit, like 90s, 10m, 2h or 3d (not {text!r})") from None
    seconds = value * (unit or 60)
    if not 1 <= seconds <= MAX_MOVE_SECONDS:
        raise ValueError("a time limit is 1 second to 60 days")
    return seconds


def check_terms(terms: RoomTerms, seats: list[str | None], levels: tuple[str, ...], hints: bool) -> None:
    """RoomError unless a room of these seats may have these terms."""
    if terms.rated and hints:
        raise RoomError("a room with hints is never rated")
    if terms.rated:
        players = [s for s in seats if s is not None]
        if len({p.lower() for p in players}) < len(players):
            raise RoomError("a rated room's seats are different players (two bots of one level cannot both be rated)")
    if not 0 <= terms.move_seconds <= MAX_MOVE_SECONDS:
        raise RoomError("a time limit is 1 second to 60 days")
    if terms.policy != LOSS:
        if not terms.policy.startswith("bot:") or terms.policy[4:] not in levels:
            raise RoomError(f"when time runs out: 'loss' or a bot level ({', '.join('bot:' + lv for lv in levels)})")


# ------------------------------------------------------------------ terms in the database
def put_terms(tx: "Tx", n: int, terms: RoomTerms, seats: list[str | None], record: "GameRecord") -> None:
    """A new room's terms (in the transaction that makes it): nobody has
    come yet, so a person's clock waits for their first visit."""
    since = clock_start(seats, list(record.state.to_act()), ())
    tx.q("INSERT INTO room_terms (room, rated, move_seconds, policy, turn_since, stand_ins, lost_on_time, arrived, "
         "void) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
         (n, int(terms.rated), int(terms.move_seconds), terms.policy, since, "[]", -1, "[]", ""))


def clock_start(seats: list[str | None], to_act: list[int], arrived: tuple[int, ...] | set[int]) -> float:
    """When the clock of the move now starts: now, unless every seat to act
    is a person who has never come (or an open seat): 0, it waits."""
    if to_act and all(not _bot(seats[s]) and s not in arrived for s in to_act):
        return 0.0
    return time.time()


def _terms_of(row: tuple[Any, ...]) -> RoomTerms:
    rated, seconds, policy, since, stand_ins, lost, arrived, void = row
    return RoomTerms(bool(rated), int(seconds), str(policy), float(since), tuple(json.loads(stand_ins)), int(lost),
                     tuple(json.loads(arrived)), str(void))


TERMS_COLUMNS = "rated, move_seconds, policy, turn_since, stand_ins, lost_on_time, arrived, void"


def terms_in(tx: "Tx", n: int) -> RoomTerms | None:
    row = tx.one(f"SELECT {TERMS_COLUMNS} FROM room_terms WHERE room = ?", (n,))
    return None if row is None else _terms_of(row)


def terms(store: "DbStore", room_ids: list[str]) -> dict[str, RoomTerms]:
    """The terms of these rooms (rooms without any are untimed and unrated)."""
    from tui.server.db.rooms import room_id_of, room_number

    out: dict[str, RoomTerms] = {}
    nums = [room_number(r) for r in room_ids]
    for i in range(0, len(nums), 500):
        part = nums[i:i + 500]
        rows = store._q(f"SELECT room, {TERMS_COLUMNS} FROM room_terms WHERE room IN ({', '.join('?' * len(part))})",
                        tuple(part))
        out.update({room_id_of(int(r[0])): _terms_of(r[1:]) for r in rows})
    return out


def on_commit(tx: "Tx", n: int, record: "GameRecord", keep: int = 0, taken_back: bool = False) -> None:
    """In a move's transaction (its moves from ply `keep` on are new): a
    person who moved has come, the clock starts again (or waits for a
    person's first visit), and a rated game that has just ended is rated if
    it counts (once: `rated_games` is keyed by room), else marked void.
    SaveError (nothing written) for a move after a loss on time, or a
    move taken back (`taken_back`) in a rated game."""
    from engine.errors import SaveError

    t = terms_in(tx, n)
    if t is None:
        return
    if t.lost_on_time >= 0:
        raise SaveError(f"this game is over: seat {t.lost_on_time + 1} lost on time")
    if t.rated and taken_back:
        raise SaveError("a rated game's moves cannot be taken back")
    row = tx.one("SELECT seats FROM rooms WHERE n = ?", (n,))
    seats: list[str | None] = json.loads(row[0]) if row is not None else [None] * len(record.players)
    arrived = set(t.arrived) | {seat for ply, (seat, _) in enumerate(record.moves) if ply >= keep
                                and ply not in record.stand_ins and not _bot(seats[seat])}
    over = record.state.is_over()
    since = clock_start(seats, [] if over else list(record.state.to_act()), arrived)
    tx.q("UPDATE room_terms SET turn_since = ?, arrived = ? WHERE room = ?", (since, json.dumps(sorted(arrived)), n))
    if t.rated and over:
        outcome = record.state.outcome()
        if outcome is not None:
            settle(tx, n, record.ruleset.id, seats, list(outcome.ranks), arrived)


def void_reason(tx: "Tx", n: int, seats: list[str | None], arrived: tuple[int, ...] | set[int]) -> str:
    """Why a finished rated game does not count ('': it counts): every
    person must have come to the room and made at least half of their
    seat's moves themselves (not a stand-in bot)."""
    made = {int(s): (int(total), int(bots)) for s, total, bots in
            tx.q("SELECT seat, COUNT(*), COUNT(stand_in) FROM moves WHERE room = ? GROUP BY seat", (n,))}
    for seat, who in enumerate(seats):
        if who is None:
            return f"seat {seat + 1} was never taken"
        if _bot(who):
            continue
        if seat not in arrived:
            return f"{who} never came"
        total, bots = made.get(seat, (0, 0))
        if 2 * bots > total:
            return f"a bot made most of {who}'s moves"
    return ""


def settle(tx: "Tx", n: int, game: str, seats: list[str | None], places: list[int],
           arrived: tuple[int, ...] | set[int]) -> None:
    """A rated game has ended: rate it if it counts, else note why it is void."""
    why = void_reason(tx, n, seats, arrived)
    if why:
        tx.q("UPDATE room_terms SET void = ? WHERE room = ?", (why, n))
    else:
        rate(tx, n, game, seats, places)


# ------------------------------------------------------------------ ratings
def player_key(seat: str) -> str:
    """A seat's rating key: a person's name in lower case, or 'bot:LEVEL'."""
    return seat if seat.startswith("bot:") else seat.lower()


def rate(tx: "Tx", n: int, game: str, seats: list[str | None], places: list[int]) -> bool:
    """Rate one finished game (False: it was rated already, by this or
    another front door, or it has fewer than two players)."""
    from engine.record import now_iso
    from tui.server.db.backends import Conflict

    players = {player_key(s): (s, places[i]) for i, s in enumerate(seats) if s is not None}
    if len(players) < 2:
        return False
    if tx.one("SELECT room FROM rated_games WHERE room = ?", (n,)) is not None:
        return False
    keys = sorted(players)
    rows = tx.q(f"SELECT player, rating, rd, volatility, games FROM ratings WHERE game = ? AND player IN "
                f"({', '.join('?' * len(keys))})", (game, *keys))
    before = {str(p): Rating(float(r), float(d), float(v), int(g)) for p, r, d, v, g in rows}
    after = rate_game(before, {k: place for k, (_, place) in players.items()})
    results = []
    for i, s in enumerate(seats):
        if s is None:
            continue
        k = player_key(s)
        results.append([s, places[i], round(before.get(k, Rating()).rating, 1), round(after[k].rating, 1)])
    try:
        tx.q("INSERT INTO rated_games (room, game, finished, results) VALUES (?, ?, ?, ?)",
             (n, game, now_iso(), json.dumps(results)))
    except Conflict:
        return False
    for k, (shown, _) in players.items():
        r = after[k]
        games = before.get(k, Rating()).games + 1
        if k in before:
            tx.q("UPDATE ratings SET shown = ?, rating = ?, rd = ?, volatility = ?, games = ? WHERE game = ? AND player = ?",
                 (shown, r.rating, r.rd, r.volatility, games, game, k))
        else:
            tx.q("INSERT INTO ratings (game, player, shown, rating, rd, volatility, games) VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (game, k, shown, r.rating, r.rd, r.volatility, games))
    return True


@dataclass(frozen=True)
class Standing:
    """One player's rating in one game."""

    game: str
    player: str
    """As its owner spells it ('bot:greedy' for a bot level)."""
    rating: float
    rd: float
    games: int

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "player": self.player, "rating": round(self.rating, 1), "rd": round(self.rd, 1),
                "games": self.games}


def ladder(store: "DbStore", game: str | None = None, limit: int = 1000) -> list[Standing]:
    """The ratings of one game (or all), best first."""
    where, params = ("WHERE game = ?", (game,)) if game else ("", ())
    rows = store._q(f"SELECT game, shown, rating, rd, games FROM ratings {where} "
                    f"ORDER BY game, rating DESC, player LIMIT {int(limit)}", params)
    return [Standing(str(g), str(p), float(r), float(d), int(n)) for g, p, r, d, n in rows]


def ratings_of(store: "DbStore", player: str) -> list[Standing]:
    """A player's ratings, one per game they have a rated game in."""
    rows = store._q("SELECT game, shown, rating, rd, games FROM ratings WHERE player = ? ORDER BY game",
                    (player_key(player),))
    return [Standing(str(g), str(p), float(r), float(d), int(n)) for g, p, r, d, n in rows]


@dataclass(frozen=True)
class RatedGame:
    """A rated game as a profile lists it."""

    room: str
    game: str
    finished: str
    results: list[Any] = field(default_factory=list)
    """Per seat: [player, place, rating before, rating after]."""

    def result_for(self, player: str) -> str:
        """'won', 'lost', 'drew' or '' for `player`, and the rating change."""
        key = player_key(player)
        mine = [r for r in self.results if player_key(str(r[0])) == key]
        if not mine:
            return ""
        _, place, before, after = mine[0]
        best = min(int(r[1]) for r in self.results)
        shared = sum(1 for r in self.results if int(r[1]) == int(place)) > 1
        word = "drew" if place == best and shared else "won" if place == best else "lost"
        return f"{word} {after - before:+.0f}"


def recent_games(store: "DbStore", player: str, limit: int = 10) -> list[RatedGame]:
    """The player's latest rated games, newest first."""
    from tui.server.db.rooms import room_id_of

    rows = store._q("SELECT g.room, g.game, g.finished, g.results FROM rated_games g JOIN room_people p "
                    "ON p.room = g.room WHERE p.person = ? ORDER BY g.room DESC LIMIT ?",
                    (player.lower(), int(limit)))
    return [RatedGame(room_id_of(int(r)), str(g), str(f), json.loads(res)) for r, g, f, res in rows]


# ------------------------------------------------------------------ clocks
def run_clocks(store: "DbStore", now: float | None = None) -> list[str]:
    """Apply the policy of every timed room whose person to act is out of
    time; the rooms changed, each as one line for the log."""
    from tui.server.db.rooms import room_id_of

    now = time.time() if now is None else now
    rows = store._q("SELECT t.room, r.seats, r.to_act, r.game FROM room_terms t JOIN rooms r ON r.n = t.room "
                    "WHERE t.move_seconds > 0 AND t.lost_on_time < 0 AND r.state = 'playing' "
                    "AND t.turn_since > 0 AND t.turn_since + t.move_seconds <= ?", (now,))
    done = []
    for n, seats_text, to_act_text, game in rows:
        seats = json.loads(seats_text)
        with store._tx() as tx:
            t = terms_in(tx, int(n))
            if t is None or not t.turn_since or t.left(now) > 0 or t.lost_on_time >= 0:
                continue  # a move came in meanwhile
            late = [s for s in json.loads(to_act_text)
                    if _person(seats[s]) and s not in t.stand_ins and s in t.arrived]  # never came: no clock
            if t.policy != LOSS:  # a stand-in plays only for a person who has left the room
                here = {int(s) for (s,) in tx.q("SELECT seat FROM claims WHERE room = ?", (int(n),))}
                late = [s for s in late if s not in here]
            if not late:
                continue
            if t.policy == LOSS:
                seat = late[0]
                tx.q("UPDATE room_terms SET lost_on_time = ? WHERE room = ?", (seat, int(n)))
                tx.q("UPDATE rooms SET state = 'over', to_act = '[]', version = version + 1 WHERE n = ?", (int(n),))
                if t.rated:
                    settle(tx, int(n), str(game), seats, [2 if i == seat else 1 for i in range(len(seats))], t.arrived)
                what = f"seat {seat + 1} ({seats[seat]}) lost on time"
            else:
                stand_ins = sorted({*t.stand_ins, *late})
                tx.q("UPDATE room_terms SET stand_ins = ? WHERE room = ?", (json.dumps(stand_ins), int(n)))
                tx.q("UPDATE rooms SET version = version + 1 WHERE n = ?", (int(n),))
                what = f"{t.policy} plays seat {', '.join(str(s + 1) for s in late)} (out of time)"
            store._changed(tx, room_id_of(int(n)))
        store.db.told(room_id_of(int(n)))
        done.append(f"room {room_id_of(int(n))}: {what}")
    return done


def _person(seat: str | None) -> bool:
    return seat is not None and not seat.startswith("bot:")


def _bot(seat: str | None) -> bool:
    return seat is not None and seat.startswith("bot:")


def person_came(tx: "Tx", n: int, seat: int) -> bool:
    """A person opened their seat: on their first visit their clock starts
    if it waited for them; on a return their stand-in bot stops (the room's
    version moves, so a bot thinking meanwhile commits nothing). True if
    the lobbies' view of the room changed."""
    t = terms_in(tx, n)
    if t is None:
        return False
    changed = False
    if seat not in t.arrived:
        tx.q("UPDATE room_terms SET arrived = ? WHERE room = ?", (json.dumps(sorted({*t.arrived, seat})), n))
        row = tx.one("SELECT to_act FROM rooms WHERE n = ?", (n,))
        if not t.turn_since and row is not None and seat in json.loads(row[0]):
            tx.q("UPDATE room_terms SET turn_since = ? WHERE room = ?", (time.time(), n))
            changed = True
    if seat in t.stand_ins:
        tx.q("UPDATE room_terms SET stand_ins = ?, turn_since = ? WHERE room = ?",
             (json.dumps([s for s in t.stand_ins if s != seat]), time.time(), n))
        tx.q("UPDATE rooms SET version = version + 1 WHERE n = ?", (n,))
        changed = True
    return changed


def stand_ins(store: "DbStore", room_id: str) -> dict[int, str]:
    """Seat -> the bot level standing in for its person now."""
    t = terms(store, [room_id]).get(room_id)
    if t is None or t.policy == LOSS:
        return {}
    return {s: t.policy[4:] for s in t.stand_ins}


CLOCK_SECONDS = 1.0
"""How often the server looks at the timed rooms' clocks."""


async def clock_loop(store: "DbStore", seconds: float = CLOCK_SECONDS) -> None:
    """Apply the timed rooms' policies, once every `seconds`, until cancelled
    (one query when no clock has run out; what it does goes to the log)."""
    import asyncio

    from tui.server.records import StorageError

    while True:
        try:
            for line in await asyncio.to_thread(run_clocks, store):
                store._write_log(line)
        except StorageError:
            pass  # the database is down: logged by the store; the next look tries again
        await asyncio.sleep(seconds)

