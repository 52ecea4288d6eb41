"""A game record: who plays, the seed, the options and the moves.

The move list is the source of truth; the current state is rebuilt by
replaying it from the seed (the idea of a PGN game, in JSON).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple, Sequence

from engine.core import Bot, Event, GameState, Move, Ruleset, seat_name
from engine.errors import MoveError, SaveError
from engine.events import for_reader

if TYPE_CHECKING:
    from engine.replay import ReplayStep


def now_iso() -> str:
    """The current UTC time, to the second, ISO 8601."""
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())  # no datetime import: faster start


class Player(NamedTuple):
    """One seat's player: a name and whether a person or a bot plays it
    (immutable: a seat taken or renamed gets a new Player)."""

    name: str
    """Shown on screens and in the log."""
    kind: str = "human"
    """'human' or 'bot:LEVEL'."""

    @property
    def is_bot(self) -> bool:
        """True for a bot seat."""
        return self.kind.startswith("bot:")

    @property
    def bot_level(self) -> str | None:
        """The bot's level, or None for a human."""
        return self.kind[4:] if self.is_bot else None


def hints_need_agreement(kinds: Sequence[str]) -> bool:
    """Whether a table of these seat kinds ('human' or 'bot:LEVEL') must
    agree to hints: more than one person plays (against bots they are on)."""
    return sum(k == "human" for k in kinds) > 1


def stand_in_event(seat: int, level: str) -> Event:
    """The public line of the log before a move a stand-in bot made."""
    return Event(f"{{P{seat + 1}}} was away: a stand-in bot ({level}) made this move")


def default_player(seat: int, kind: str) -> Player:
    """A player with the default name for its seat and kind."""
    if kind == "human":
        return Player(f"Player {seat + 1}", kind)
    return Player(f"Bot {seat + 1}", kind)


@dataclass
class GameRecord:
    """A game in progress or finished: header, moves, and the current state."""

    ruleset: Ruleset
    players: list[Player]
    seed: int
    options: dict[str, Any]
    state: GameState[Any]
    """The state after every move in `moves`."""
    moves: list[tuple[int, str]] = field(default_factory=list)
    """(seat, canonical notation) for every ply, seats 0-based."""
    log: list[list[Event]] = field(default_factory=list)
    """The events of each ply, parallel to `moves`."""
    created: str = field(default_factory=now_iso)
    updated: str = field(default_factory=now_iso)
    hints: bool = False
    """True when the people at the table all agreed to hints (a setup
    choice); a game with one person allows them anyway (`hints_allowed`)."""
    rules_version: int = 0
    """The rules version the game is played under (0: the ruleset's newest;
    an old save keeps its own, see `Ruleset.start`)."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """Ply (0-based) -> the bot level that made that move for its seat's
    person while they were away (a server room's stand-in); its log says so."""

    def __post_init__(self) -> None:
        if not self.rules_version:
            self.rules_version = self.state.rules_version

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        players: Sequence[Player],
        seed: int,
        options: dict[str, Any] | None = None,
        hints: bool = False,
        version: int | None = None,
    ) -> "GameRecord":
        """A fresh game; options are completed with their defaults; `hints`:
        the people agreed to hints (see `hints_allowed`); `version`: the
        rules version (None: the newest; ValueError if not played here)."""
        n = len(players)
        if not ruleset.min_players <= n <= ruleset.max_players:
            raise ValueError(
                f"{ruleset.title} is for {ruleset.min_players}–{ruleset.max_players} players, not {n}"
            )
        opts = ruleset.check_options(dict(options or {}))
        state = ruleset.start(n, seed, opts, version)
        return cls(ruleset, list(players), seed, opts, state, hints=hints, rules_version=state.rules_version)

    def hints_allowed(self) -> bool:
        """Whether a person may ask for a hint: always with one person at
        the table (against bots; open seats of a room count as people),
        between people only if all agreed."""
        return self.hints or not hints_need_agreement([p.kind for p in self.players])

    def hints_refusal(self) -> str | None:
        """Why no hint may be given in this game, or None."""
        if self.hints_allowed():
            return None
        return "hints are off between people unless all agree at setup"

    @property
    def names(self) -> list[str]:
        """Player names by seat."""
        return [p.name for p in self.players]

    @property
    def ply(self) -> int:
        """How many moves have been made."""
        return len(self.moves)

    def play(self, seat: int, text: str) -> list[Event]:
        """Parse `text` for `seat` and play it; MoveError if it cannot be
        (whose turn it is first, then the text: each checked once)."""
        state = self.state
        state.check_turn(seat)
        return self.play_trusted(seat, state.parse_move(text, seat, turn_checked=True))

    def play_move(self, seat: int, move: Move) -> list[Event]:
        """Play a move (checked once by the state: IllegalMoveError if not legal)."""
        notation = self.state.format_move(move)
        events = self.state.apply(seat, move)
        return self._append(seat, notation, events)

    def play_trusted(self, seat: int, move: Move) -> list[Event]:
        """Play a move known to be legal (one `parse_move` returned), unchecked."""
        notation = self.state.format_move(move)
        return self._append(seat, notation, self.state.apply_trusted(seat, move))

    def _append(self, seat: int, notation: str, events: list[Event]) -> list[Event]:
        self.moves.append((seat, notation))
        self.log.append(events)
        self.updated = now_iso()
        return events

    def mark_stand_in(self, ply: int, level: str) -> None:
        """Note that the move at `ply` (0-based) was made by a stand-in bot of
        `level` for its seat's person: the ply's log says so first."""
        if ply in self.stand_ins:
            return
        self.stand_ins[ply] = level
        self.log[ply] = [stand_in_event(self.moves[ply][0], level), *self.log[ply]]

    def bot(self, seat: int, level: str | None = None) -> Bot:
        """The bot for `seat`, seeded by the game seed, seat and ply so that
        the same game always gets the same bot move."""
        lvl = level or self.players[seat].bot_level or self.ruleset.default_bot_level
        if lvl not in self.ruleset.bot_levels:
            levels = ", ".join(self.ruleset.bot_levels)
            raise ValueError(f"unknown bot level {lvl!r} for {self.ruleset.id} (levels: {levels})")
        mixed = (self.seed * 1_000_003 + seat * 10_007 + self.ply) & ((1 << 64) - 1)
        return self.ruleset.make_bot(lvl, mixed)

    def bot_move(self, seat: int, level: str | None = None) -> Any:
        """What the bot for `seat` plays now, from that seat's view only."""
        return self.bot(seat, level).choose(self.state.view(seat), seat)

    def state_at(self, ply: int) -> GameState[Any]:
        """The state after the first `ply` moves (replayed from the seed)."""
        state = self.ruleset.start(len(self.players), self.seed, self.options, self.rules_version)
        for i, (seat, text) in enumerate(self.moves[:ply]):
            try:
                state.apply_trusted(seat, state.parse_move(text, seat))  # parsing checks legality
            except MoveError as exc:
                raise SaveError(f"move {i + 1} ({seat_name(seat)} {text!r}): {exc}") from None
        return state

    def truncate(self, ply: int) -> None:
        """Go back to the position after `ply` moves (undo)."""
        if not 0 <= ply <= self.ply:
            raise ValueError(f"ply {ply} is outside 0..{self.ply}")
        self.moves = self.moves[:ply]
        self.log = self.log[:ply]
        self.stand_ins = {p: level for p, level in self.stand_ins.items() if p < ply}
        self.state = self.state_at(ply)
        self.updated = now_iso()

    def undo_point(self, seat: int | None = None) -> int | None:
        """The ply to go back to: just before `seat`'s last move (so a bot's
        replies go too), or before the last move of anyone if `seat` is None;
        None if there is nothing to take back."""
        for i in range(len(self.moves) - 1, -1, -1):
            if seat is None or self.moves[i][0] == seat:
                return i
        return None

    def event_lines(self, seat: int | None = None) -> list[tuple[int, str]]:
        """(ply, text) of every event `seat` may read (None: public only)."""
        out = []
        for ply, events in enumerate(self.log, start=1):
            for ev in events:
                if ev.visible_to(seat):
                    out.append((ply, ev.render(self.names)))
        return out

    def replay(self, start: int = 0, end: int | None = None, seat: int | None = None) -> Iterator["ReplayStep"]:
        """The plies `start+1`..`end` as `seat` may see them (None: the
        public view), each with the state before it and after it. The one
        replay loop, for the CLI's `replay` and the TUI's replay viewer."""
        from engine.replay import ReplayStep  # not loaded by commands that only read a save

        end = self.ply if end is None else end
        if not 0 <= start <= end <= self.ply:
            raise ValueError(f"plies {start}–{end} are outside 0–{self.ply}")
        state = self.state_at(start)
        for ply in range(start, end):
            mover, text = self.moves[ply]
            move = state.parse_move(text, mover)
            sealed = state.is_sealed(mover, move) and seat != mover
            description = "(sealed choice)" if sealed else for_reader(state.describe_move(move, mover), mover, seat,
                                                                       self.names)
            events = state.apply_trusted(mover, move)
            stand_in = self.stand_ins.get(ply)
            if stand_in is not None:
                events = [stand_in_event(mover, stand_in), *events]
            yield ReplayStep(
                ply + 1,
                mover,
                "(sealed)" if sealed else text,
                description,
                sealed,
                tuple(ev.render(self.names) for ev in events if ev.visible_to(seat)),
                state,
                stand_in,
            )
