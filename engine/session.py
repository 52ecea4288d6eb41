"""A game session: one game in play, without a screen.

The session owns the game record and its save file. It is the one place where
a move is checked, applied, saved under the save's lock and then told to
whoever watches: the TUI's game screen, the CLI's `move`/`bot` commands and,
later, a network server are all displays of sessions.

- Moves: `play(seat, text_or_move)` (or `play_many`) checks through the
  state's `why_illegal`, applies, writes the save atomically while holding its
  advisory lock, and only then reports the events: nothing is reported as
  played before it is durably saved. On any failure the session is as before.
- Two writers: before writing, the session checks that the file still holds
  the moves it last read or wrote. If another process moved on, the session
  reloads and raises `StaleGameError` instead of overwriting (a TUI then shows
  the new position). `GameSession.editing(path)` holds the lock for a whole
  command (the CLI's load -> check -> apply -> write), so nothing can change
  the file between its load and its write.
- Who sees what: `subscribe(seat, callback)` delivers, after every change,
  that seat's view and the events visible to it (`Event.visible_to`);
  `seat=None` is a spectator, who gets the public view.
- Bots: `bot_move(seat)` asks the seat's bot from that seat's view only.
  `play_bots` lets bots think holding no lock (a `deep` bot thinks longer
  than a second writer waits for the lock) and commits each choice through
  the stale-file check (`play_choice`); see `engine.bot_choice` for when a
  choice made before another seat's move still stands.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple, Sequence, TypeVar

from engine.bot_choice import RETHINKS, BotChoice, still_stands, think
from engine.core import Bot, Event, GameState, Move, Ruleset, seat_name
from engine.errors import IllegalMoveError, MoveError, SaveError
from engine.record import GameRecord, Player

T = TypeVar("T")


class StaleGameError(SaveError):
    """The save was changed by another process; the session reloaded it."""


class UndoRefusedError(MoveError):
    """Undo is not allowed here; the message says why."""


@dataclass(frozen=True)
class SeatUpdate:
    """What one watcher is told after a change to the game."""

    seat: int | None
    """The watcher's seat (None: a spectator)."""
    view: GameState[Any]
    """The state as that seat may see it."""
    events: tuple[str, ...]
    """The new events that seat may read, names filled in."""
    ply: int
    """Moves made so far."""
    reloaded: bool = False
    """True when the whole game changed (undo, or a reload after another
    process moved): a display should redraw everything, log included."""


Callback = Callable[[SeatUpdate], None]


@dataclass(frozen=True)
class Played:
    """One move a bot made, as a display reports it to everyone."""

    seat: int
    """Who moved."""
    notation: str
    """Its notation, or '(sealed)' when the other seats may not see it."""
    description: str
    """What it did in words ('(sealed choice)' when sealed)."""
    events: tuple[Event, ...]
    """Everything that happened (filter with `Event.visible_to`)."""


@dataclass
class _Watcher:
    seat: int | None
    callback: Callback


@dataclass
class _DiskMark:
    """What the session last knew of its file, to notice others' changes."""

    stat: tuple[int, int, int] | None
    game: "GameOnDisk | None" = None
    """The moves and the seats' players (a seat taken or renamed by another
    process is a change as much as a move)."""


def stat_key(path: Path) -> tuple[int, int, int] | None:
    """What tells a file's versions apart without reading it (None: no file)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


class GameOnDisk(NamedTuple):
    """What another process may change in a save: who plays and the moves."""

    moves: tuple[tuple[int, str], ...]
    """(seat 0-based, notation) per move."""
    players: tuple[tuple[str, str], ...]
    """(name, kind) per seat."""

    @property
    def names(self) -> list[str]:
        """The players' names, seat by seat."""
        return [name for name, _ in self.players]


def _game_of(record: GameRecord) -> GameOnDisk:
    """`GameOnDisk` of a record in memory."""
    return GameOnDisk(tuple(record.moves), tuple((p.name, p.kind) for p in record.players))


def game_on_disk(path: Path) -> GameOnDisk | None:
    """The moves and players of the save at `path`, or None if it cannot be
    read as a save (a full load then says why). Reads only a regular file,
    bounded, never blocking; replays nothing."""
    from engine.saves import parse, read_bounded

    try:
        doc = parse(read_bounded(path, str(path)), str(path))
        return GameOnDisk(tuple((int(s) - 1, str(t)) for s, t in doc["moves"]),
                          tuple((str(p["name"]), str(p["kind"])) for p in doc["players"]))
    except (SaveError, ValueError, KeyError, TypeError):
        return None


class GameSession:
    """One game in play: record, locked saving, bots and per-seat watchers."""

    def __init__(self, record: GameRecord, path: Path | None = None) -> None:
        self.record = record
        """The game: header, moves and the current state."""
        self.path = Path(path) if path is not None else None
        """The save file (None: a game kept in memory only, e.g. the arena)."""
        self._watchers: list[_Watcher] = []
        self._lock_held = False
        self._disk = _DiskMark(stat_key(self.path), _game_of(record)) if self.path else _DiskMark(None)

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: Path) -> "GameSession":
        """The session of the save at `path` (SaveError if it is unsound)."""
        from engine.saves import load

        path = Path(path)
        key = stat_key(path)  # before reading: a write after it shows as a change
        session = cls(load(path), path)
        session._disk.stat = key
        return session

    @classmethod
    def create(
        cls,
        ruleset: Ruleset,
        players: Sequence[Player],
        seed: int,
        options: dict[str, Any] | None = None,
        path: Path | None = None,
    ) -> "GameSession":
        """A new game, saved at once to `path` if one is given."""
        session = cls(GameRecord.new(ruleset, players, seed, options), path)
        if path is not None:
            session._commit(lambda: None, check_disk=False)
        return session

    @classmethod
    @contextmanager
    def editing(cls, path: Path, timeout: float = 3.0) -> Iterator["GameSession"]:
        """The session of `path`, loaded and changed while holding its lock
        (a command's whole load -> check -> apply -> write)."""
        from engine.lock import save_lock
        from engine.saves import check_regular

        path = Path(path)
        check_regular(path, str(path))  # no lock file beside what is not a save
        with save_lock(path, timeout):
            session = cls.open(path)
            session._lock_held = True
            try:
                yield session
            finally:
                session._lock_held = False

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> GameState[Any]:
        """The current (complete) state. Displays should use `view`."""
        return self.record.state

    @property
    def ruleset(self) -> Ruleset:
        return self.record.ruleset

    @property
    def names(self) -> list[str]:
        return self.record.names

    @property
    def ply(self) -> int:
        return self.record.ply

    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        return self.record.state.to_act()

    def is_over(self) -> bool:
        return self.record.state.is_over()

    def view(self, seat: int | None) -> GameState[Any]:
        """What `seat` may see now (None: the public view)."""
        return self.record.state.view(seat)

    def seat_to_act(self, seat: int | None = None) -> int:
        """`seat` if it may move now, else the one seat to act when `seat`
        is None; MoveError naming the problem otherwise (game over, several
        seats choosing at once, a seat with nothing to do)."""
        state = self.record.state
        if state.is_over():
            raise IllegalMoveError("the game is over")
        acting = state.to_act()
        if seat is None:
            if len(acting) > 1:
                seats = ", ".join(str(s + 1) for s in acting)
                raise MoveError(f"several seats choose now ({seats}): name one with --as")
            return acting[0]
        if seat not in acting:
            raise IllegalMoveError(state.not_to_act_reason(seat))
        return seat

    def bots_to_act(self) -> list[int]:
        """The seats to act now that bots play."""
        return [s for s in self.to_act() if self.record.players[s].is_bot]

    def stand_in_level(self, seat: int) -> str | None:
        """The bot level playing a person's seat while they are away (a
        server's timed room, `tui.server.db.standin`); None here."""
        return None

    def humans(self) -> list[int]:
        """The seats people play."""
        return [i for i, p in enumerate(self.record.players) if not p.is_bot]

    # ------------------------------------------------------------ watching
    def subscribe(self, seat: int | None, callback: Callback) -> Callable[[], None]:
        """Call `callback` with `seat`'s view and visible events after every
        change; returns a function that stops the calls."""
        watcher = _Watcher(seat, callback)
        self._watchers.append(watcher)

        def unsubscribe() -> None:
            if watcher in self._watchers:
                self._watchers.remove(watcher)

        return unsubscribe

    def update_for(self, seat: int | None, events: Sequence[Event] = (), reloaded: bool = False) -> SeatUpdate:
        """The update `seat` would be sent for `events` (its view, its events)."""
        names = self.names
        return SeatUpdate(
            seat,
            self.view(seat),
            tuple(e.render(names) for e in events if e.visible_to(seat)),
            self.ply,
            reloaded,
        )

    def _notify(self, events: Sequence[Event], reloaded: bool = False) -> None:
        for w in list(self._watchers):
            w.callback(self.update_for(w.seat, events, reloaded))

    # ------------------------------------------------------------ changing
    def _legal_move(self, seat: int, move: Move | str) -> Any:
        """`move` (notation or a move) as a legal move for `seat`, whose turn
        the caller has checked (`seat_to_act`): parsed, or checked, once."""
        state = self.record.state
        if isinstance(move, str):
            return state.parse_move(move, seat, turn_checked=True)
        reason = state.move_error(seat, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def play(self, seat: int, move: Move | str) -> list[Event]:
        """Check, apply and save one move for `seat` (notation or a move);
        MoveError or SaveError (nothing changed) if it cannot be."""
        return self.play_many([(seat, move)])[0]

    def play_many(self, moves: Sequence[tuple[int | None, Move | str]]) -> list[list[Event]]:
        """Play several moves in order and save once: all of them or, on any
        error, none (the error names the move). A seat of None means the one
        seat to act at that point."""

        def change() -> list[list[Event]]:
            out = []
            for i, (who, move) in enumerate(moves, start=1):
                try:
                    seat = self.seat_to_act(who)  # the turn, checked once
                    out.append(self.record.play_trusted(seat, self._legal_move(seat, move)))
                except MoveError as exc:
                    if len(moves) > 1:
                        from engine.text import reason

                        about = move if isinstance(move, str) else ""
                        raise type(exc)(f"move {i} {_short(move, self.record.state)}: {reason(str(exc), about)}") from None
                    raise
            return out

        per_move = self._commit(change)
        self._notify([e for evs in per_move for e in evs])
        return per_move

    def bot(self, seat: int, level: str | None = None) -> Bot:
        """The bot that plays `seat` (its own level, or `level`)."""
        return self.record.bot(seat, level)

    def bot_move(self, seat: int, level: str | None = None) -> Any:
        """What `seat`'s bot plays now, chosen from that seat's view only."""
        return self.record.bot_move(seat, level)

    def play_bot(self, seat: int, level: str | None = None) -> tuple[Move, list[Event]]:
        """Let `seat`'s bot choose and play (saved); returns its move and events."""
        move = self.bot_move(seat, level)
        return move, self.play(seat, move)

    def play_bots(self, seat: int | None = None, level: str | None = None, until_over: bool = False,
                  rethinks: int | None = None) -> list[Played]:
        """Bots choose and play, each from its own seat's view and holding no
        lock while it thinks (`engine.bot_choice`): one move for `seat` (or the
        seat to act: a bot may answer for any seat), or every move until the
        game ends. Each move is saved (and its watchers told) as it is made,
        so people may move in between; if another process moved while a bot
        thought, the bot thinks again on the new position (at most
        `rethinks` times) unless its choice still stands. Returns what each
        did, for a display."""
        if level is not None and level not in self.ruleset.bot_levels:
            from engine.text import quoted

            raise ValueError(f"unknown bot level {quoted(level)} (levels: {', '.join(self.ruleset.bot_levels)})")
        out = [self._bot_turn(seat, level, RETHINKS if rethinks is None else rethinks)]
        while until_over and not self.is_over():
            out.append(self._bot_turn(None, level, RETHINKS if rethinks is None else rethinks))
        return out

    def _bot_turn(self, seat: int | None, level: str | None, rethinks: int) -> Played:
        """One bot move for `seat` (None: the first seat to act), thought
        outside the lock and committed through `play_choice`."""
        for attempt in range(rethinks + 1):
            if self.changed_on_disk():
                self.reload()
            who = self.to_act()[0] if seat is None and not self.is_over() else seat
            choice = think(self.record, self.seat_to_act(who), level)
            try:
                return self.play_choice(choice)
            except StaleGameError:
                if attempt == rethinks:
                    raise
        raise AssertionError("unreachable")

    def play_choice(self, choice: BotChoice) -> Played:
        """Commit a bot's choice made holding no lock (`engine.bot_choice.think`)
        through the stale-file check, and tell the watchers. If the game moved
        on meanwhile the session reloads and still commits the choice if it
        stands (`engine.bot_choice.still_stands`: only other seats' sealed
        choices came in); otherwise StaleGameError: the bot must think again."""

        def change(check: bool) -> Played:
            if (check or tuple(self.record.moves) != choice.moves) and not still_stands(self.record, choice):
                raise StaleGameError(f"{self.path}: the game moved on while the bot thought; nothing played")
            self.record.state.check_turn(choice.seat)
            return self._play_bot_move(choice.seat, self._legal_move(choice.seat, choice.notation))

        try:
            played = self._commit(lambda: change(False))
        except StaleGameError:
            if self.path is None:
                raise
            played = self._commit(lambda: change(True))  # reloaded: the choice may stand
        self._notify(played.events)
        return played

    def _play_bot_move(self, who: int, move: Move) -> Played:
        """Play a bot's legal move (parsed from its choice) on the record (no
        save) and say what it did."""
        state = self.record.state
        sealed = state.is_sealed(who, move)
        notation = "(sealed)" if sealed else state.format_move(move)
        words = "(sealed choice)" if sealed else state.describe_move(move, who)
        events = self.record.play_trusted(who, move)
        return Played(who, notation, words, tuple(events))

    def undo_point(self, seat: int | None) -> int:
        """The ply `undo(seat)` would go back to; UndoRefusedError if none.

        A person takes back their own last move and the bot replies after it,
        never another person's move (seat None: the last move of anyone, for
        a game with one person or none)."""
        rec = self.record
        if not rec.ruleset.undo_allowed:
            raise UndoRefusedError("no undo in this game: it would reveal hidden cards or choices")
        point = rec.undo_point(seat)
        if point is None:
            raise UndoRefusedError("nothing to undo" if seat is None else f"{rec.names[seat]} has made no move yet")
        for later_seat, _ in rec.moves[point + 1:]:
            if later_seat != seat and not rec.players[later_seat].is_bot:
                raise UndoRefusedError(
                    f"{rec.names[later_seat]} has moved since; only they can take their move back"
                )
        return point

    def undo(self, seat: int | None) -> int:
        """Take back `seat`'s last move (and the bot replies after it), save,
        and return the ply now reached."""
        point = self.undo_point(seat)
        self._commit(lambda: self.record.truncate(point))
        self._notify((), reloaded=True)
        return point

    def upgrade(self) -> int:
        """Move the game to the newest rules (`engine.upgrade.upgraded`:
        UpgradeRefused, nothing written, if a move so far would play
        differently) and save; returns the version it was played under."""
        from engine.upgrade import upgraded

        old = self.record
        new = upgraded(old)
        self.record = new
        try:
            self._commit(lambda: None)
        except StaleGameError:
            raise  # the session holds the game now on disk
        except BaseException:
            self.record = old
            raise
        self._notify((), reloaded=True)
        return old.rules_version

    # ------------------------------------------------------------ saving
    def _commit(self, change: Callable[[], T], check_disk: bool = True) -> T:
        """Run `change` on the record and save, under the save's lock; on any
        error the record is restored and nothing is written."""
        if self.path is None:
            mark = self._mark()
            try:
                return change()
            except BaseException:
                self._restore(mark)
                raise
        if self._lock_held:
            return self._change_and_write(change, check_disk)
        from engine.lock import save_lock

        with save_lock(self.path):
            return self._change_and_write(change, check_disk)

    def _change_and_write(self, change: Callable[[], T], check_disk: bool) -> T:
        from engine.saves import save

        assert self.path is not None
        if check_disk:
            self._check_disk()
        mark = self._mark()
        try:
            result = change()
            save(self.record, self.path, clean=True)
        except BaseException:
            self._restore(mark)
            raise
        self._disk = _DiskMark(stat_key(self.path), _game_of(self.record))
        return result

    def _check_disk(self) -> None:
        """Raise StaleGameError (after reloading) if the file moved on."""
        assert self.path is not None
        key = stat_key(self.path)
        if key is not None and key == self._disk.stat:
            return
        on_disk = game_on_disk(self.path)
        if on_disk is None or on_disk == self._disk.game:
            self._disk.stat = key  # touched, not changed (or unreadable: the write replaces it)
            return
        self.reload()
        raise StaleGameError(f"{self.path}: the game was changed by another tsquare; reloaded it, nothing played")

    def reload(self) -> None:
        """Read the save again (after another process changed it) and tell
        every watcher to redraw."""
        from engine.saves import load

        assert self.path is not None
        key = stat_key(self.path)  # before reading: a write after it shows as a change
        self.record = load(self.path)
        self._disk = _DiskMark(key, _game_of(self.record))
        self._notify((), reloaded=True)

    def changed_on_disk(self) -> bool:
        """True when the save file no longer holds this session's moves."""
        if self.path is None:
            return False
        key = stat_key(self.path)
        if key == self._disk.stat:
            return False
        on_disk = game_on_disk(self.path)
        return on_disk is not None and on_disk != self._disk.game

    def stored_mark(self) -> object:
        """What changes whenever the stored game changes (the save's stat;
        None: no save). A session kept elsewhere (a server's database) says
        its own."""
        return stat_key(self.path) if self.path is not None else None

    def stored_game(self) -> GameOnDisk | None:
        """The moves and players as stored now, unreplayed (None: no save,
        or one that cannot be read)."""
        return game_on_disk(self.path) if self.path is not None else None

    def _mark(self) -> tuple[GameState[Any], int, str]:
        return self.record.state.clone(), self.record.ply, self.record.updated

    def _restore(self, mark: tuple[GameState[Any], int, str]) -> None:
        state, ply, updated = mark
        rec = self.record
        rec.state = state
        del rec.moves[ply:]
        del rec.log[ply:]
        rec.updated = updated


def _short(move: Move | str, state: GameState[Any]) -> str:
    from engine.text import quoted

    if isinstance(move, str):
        return quoted(move)
    try:
        return quoted(state.format_move(move))
    except Exception:
        return quoted(repr(move))


def check_seat(n: int, seat: int, what: str = "seat") -> int:
    """`seat` (1-based, as people type it) as 0-based; ValueError if out of range."""
    if not 1 <= seat <= n:
        raise ValueError(f"{what} {seat}: the game has seats 1–{n}")
    return seat - 1


__all__ = ["GameOnDisk", "GameSession", "Played", "SeatUpdate", "StaleGameError", "UndoRefusedError", "check_seat", "game_on_disk", "seat_name"]
