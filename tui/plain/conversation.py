"""The plain-text game: one save played as a conversation, line by line.

After each change the person to act hears what happened since they last
acted (the log's events as their seat may read them), then whose turn it
is and the prompt. Their answers are commands (`help` lists them), a move's
number in the `moves` list, or its notation. Bots play their seats; the
session saves after every move, so quitting or the end of input loses
nothing. Everything shown comes from `session.view(seat)`: another seat's
secrets never reach these lines.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from engine.capabilities import MoveRange
from engine.core import Event, GameState, Move, with_names
from engine.errors import MoveError, SaveError
from engine.numbers import is_number, number_in, said_number
from engine.paths import command_name
from engine.session import GameSession, StaleGameError, UndoRefusedError
from engine.words import plural
from tui.plain.lines import Lines, spoken

PAGE = 20
"""Moves or lines of rules shown at once."""

HINT_SECONDS = 1.0
"""How long the search level thinks for `hint`."""

HELP = (
    ("moves, m", "list the legal moves, numbered (moves WORD: only those that mention WORD)"),
    ("more", "the next page of moves"),
    ("a number", "play that move of the list"),
    ("a move", "play it by its notation, as the list spells it"),
    ("look", "describe the whole position in words"),
    ("look PART", "describe one part: {parts}"),
    ("log", "say again what happened since your last move"),
    ("rules", "read the rules, a page at a time"),
    ("hint", "the search level's suggestions (where hints are allowed)"),
    ("undo", "take back your last move (where the game allows it)"),
    ("help", "this list"),
    ("quit", "leave; the game is saved after every move"),
)


class Quit(Exception):
    """The person left (quit or end of input)."""


@dataclass
class _Listing:
    """The move list last offered to a seat (numbers stay valid until the
    position changes)."""

    ply: int
    moves: list[Move]
    ranges: list[MoveRange] = field(default_factory=list)
    """Where every move is a number in a range (`move_ranges`): those."""
    shown: list[int] = field(default_factory=list)
    """Indexes (into `moves`) still to page through after `more`."""


HINT_INTRO = ("The search's pick comes first, then the other moves by win share; "
              "each starts with what to type to play it: its number in the moves list.")
"""Said before the hints."""


def said_move(words: str, notation: str) -> str:
    """A move read words first, its notation after: 'move your client to a2 (a2)'."""
    return f"{words} ({notation})" if words != notation else notation


class Conversation:
    """One plain-text game: `run()` until the game ends or the person leaves."""

    HELP: tuple[tuple[str, str], ...] = HELP
    """The commands and what they do, for `help`."""
    STALE = "Another tsquare changed this game; it is read again."
    """Said when an answer came after the save had moved on (nothing played)."""

    def __init__(self, session: GameSession, lines: Lines, hint_seconds: float = HINT_SECONDS) -> None:
        self.session = session
        self.lines = lines
        self.hint_seconds = hint_seconds
        self.seen: dict[int | None, int] = {}
        """Per person's seat, the ply up to which they have heard the events."""
        self.current: int | None = None
        """The seat the screen last spoke to (a pass line before another)."""
        self.listing: _Listing | None = None
        self.terms: tuple[tuple[re.Pattern[str], str], ...] | None = None
        """The game's short forms in words (`GameState.spoken_terms`), once asked."""

    @classmethod
    def open(cls, path: Path, lines: Lines) -> "Conversation":
        """The conversation for the save at `path` (SaveError if unsound)."""
        return cls(GameSession.open(path), lines)

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play until the end; 0, or 1 if the save could not be written."""
        s = self.session
        self.say(f"{s.ruleset.title}, {plural(len(s.names), 'player')}: {self._roster()}.")
        self.say("Type help for the commands.")
        if s.ply:
            self.say(f"Resumed after {plural(s.ply, 'move')}.")
            for seat in s.humans():
                self.seen[seat] = self._after_own_move(seat)  # what came since, as a reminder
        try:
            while not s.is_over():
                bots = s.bots_to_act()
                if bots:
                    s.play_bot(bots[0])
                    continue
                self.turn(s.to_act()[0])
            self.game_over()
            return 0
        except Quit:
            self.say_saved()
            return 0
        except KeyboardInterrupt:
            self.say("Interrupted.")
            self.say_saved()
            return 130
        except SaveError as exc:
            self.say(f"Stopped: {exc}")
            return 1

    def say_saved(self) -> None:
        """Where the game is kept and how to go on with it."""
        path = self.session.path
        if path is None:  # a game kept nowhere (never so from the CLI)
            self.say("This game was not saved.")
            return
        self.say(f"The game is saved in {path}. To continue it, type:")
        self.say(f"tsquare resume {command_name(path)} --plain")

    def turn(self, seat: int) -> None:
        """Speak to `seat` (after a pass line if it changes hands) and read
        answers until one is played."""
        s = self.session
        if self.current != seat and self._needs_pass():  # the first person too: others may be looking
            self.say(f"Pass to {s.names[seat]}. Press Enter when only {s.names[seat]} can read this.")
            if self.lines.ask() is None:
                raise Quit
        self.current = seat
        self.tell_news(seat)
        self.say_turn(seat)
        while True:
            answer = self.lines.ask()
            if answer is None:
                self.say("End of input.")
                raise Quit
            try:
                if self.answer(seat, answer.strip()):
                    return
            except StaleGameError:
                self.say(self.STALE)
                return
            except MoveError as exc:
                self.say(self._sentence(with_names(str(exc), s.names)) + " Type moves to list the legal moves.")
            self.say_prompt(seat)

    def game_over(self) -> None:
        """The last events (as the last person spoken to may read them) and
        the result, best first, with where the points came from."""
        from engine.core import TIE_BREAK_SUFFIX

        s = self.session
        seat = self.listener()
        self.tell_news(seat)
        out = s.view(seat).outcome()
        assert out is not None
        self.say(f"The game is over. {self._sentence(self.spoken(out.describe(s.names)))}")
        for i in sorted(range(len(s.names)), key=lambda i: (out.ranks[i], i)):
            parts = [f"{k.removesuffix(TIE_BREAK_SUFFIX).strip()} {v}"
                     + (" (breaks ties)" if k.endswith(TIE_BREAK_SUFFIX) else "")
                     for k, v in out.scored(i).items()]
            detail = f": {', '.join(parts)}" if parts else ""
            self.lines.item(f"{_ordinal(out.ranks[i])}:",
                            self.spoken(f"{s.names[i]}, {plural(out.scores[i], 'point')}{detail}."))
        self.say(self.kept_line())

    def listener(self) -> int | None:
        """The seat whose view the end of the game is told from: the last
        person spoken to (None: the public view, for bots only)."""
        humans = self.session.humans()
        return self.current if self.current is not None else (humans[0] if humans else None)

    def kept_line(self) -> str:
        """Where the game is kept, said when it ends, and how to have it reviewed."""
        path = shlex.quote(str(self.session.path))
        return (f"The game is saved in {self.session.path}. To hear each decision judged by the search, "
                f"type: tsquare review {path}")

    # ------------------------------------------------------------ speaking
    def say(self, text: str = "", indent: str = "") -> None:
        self.lines.say(text, indent)

    def spoken(self, text: str) -> str:
        """A ruleset's words as a listener should hear them (the game's own
        short forms in words, then `lines.spoken`)."""
        if self.terms is None:
            self.terms = tuple(self.session.record.state.spoken_terms())
        return spoken(text, self.terms)

    def tell_news(self, seat: int | None) -> None:
        """The events `seat` may read since it last heard them (None: the
        public ones, for a game only bots play)."""
        s = self.session
        start = min(self.seen.get(seat, 0), s.ply)
        for events in s.record.log[start:]:
            for ev in events:
                if ev.visible_to(seat):
                    self.say(self._sentence(self.spoken(ev.render(s.names))))
        self.heard(seat)

    def heard(self, seat: int | None) -> None:
        """`seat` has heard everything up to now; so has everyone at this
        screen when nothing is hidden between them (no pass line), so that
        the next person is not told again what was just said."""
        ply = self.session.ply
        self.seen[seat] = ply
        if not self._needs_pass():
            for other in self.session.humans():
                self.seen[other] = ply

    def say_turn(self, seat: int) -> None:
        s = self.session
        view = s.view(seat)
        n = len(view.legal(seat))
        others = [i for i in s.to_act() if i != seat]
        also = ""
        if others:
            also = f" ({', '.join(s.names[i] for i in others)} also choose{'s' if len(others) == 1 else ''}.)"
        ranges = self._listing(seat).ranges
        if ranges:
            self.say(f"Your turn, {s.names[seat]}. {self._prompt(view, seat)}{also}")
            self.say_ranges(ranges)
            return
        self.say(f"Your turn, {s.names[seat]}. {self._prompt(view, seat)} {plural(n, 'move')}.{also}"
                 " Type a number, a move, or help.")

    def say_prompt(self, seat: int) -> None:
        """The question again, short, after an answer that played nothing."""
        view = self.session.view(seat)
        self.say(f"{self.session.names[seat]}: {self._prompt(view, seat)}")

    def _prompt(self, view: GameState, seat: int) -> str:
        return self._sentence(self.spoken(with_names(view.prompt(seat), self.session.names)))

    def _sentence(self, text: str) -> str:
        return sentence(text, self.session.names)

    def _roster(self) -> str:
        s = self.session
        out = []
        for i, p in enumerate(s.record.players):
            who = f"a bot ({p.bot_level})" if p.is_bot else "a person"
            out.append(f"seat {i + 1}, {p.name}, {who}")
        return "; ".join(out)

    def _needs_pass(self) -> bool:
        s = self.session
        return s.ruleset.hidden_information and len(s.humans()) > 1

    # ------------------------------------------------------------ answers
    def answer(self, seat: int, text: str) -> bool:
        """Act on one answer; True when a move was played."""
        if not text:
            self.say("Nothing typed. Type a number, a move, or help.")
            return False
        word, _, rest = text.partition(" ")
        command = COMMANDS.get(word.lower())
        if command is not None:
            return command(self, seat, rest.strip())
        numbers = text.split()
        if self._listing(seat).ranges and 1 <= len(numbers) <= 2 and all(is_number(n) for n in numbers):
            return self.play_in_range(seat, numbers)
        if is_number(text):  # ASCII digits: '²'.isdigit() is true, int('²') fails
            return self.play_number(seat, text)
        return self.play(seat, text)

    def play_number(self, seat: int, typed: str) -> bool:
        """Play the move numbered `typed` (digits) in the list."""
        listing = self._listing(seat)
        number = number_in(typed, 1, len(listing.moves))
        if number is None:
            self.say(f"There is no move {said_number(typed)}: the moves are numbered 1 to {len(listing.moves)}."
                     " Type moves to list them.")
            return False
        return self.play(seat, listing.moves[number - 1])

    def play_in_range(self, seat: int, numbers: list[str]) -> bool:
        """A range's number, then the number in it (asked for when not typed)."""
        ranges = self._listing(seat).ranges
        k = number_in(numbers[0], 1, len(ranges))
        if k is None:
            self.say(f"There is no {said_number(numbers[0])} in the list: type a number from 1 to {len(ranges)}"
                     f", then your {ranges[0].words}.")
            return False
        r = ranges[k - 1]
        asked = f"Your {r.words} on {self.spoken(r.label)}: a number from {r.low} to {r.high} (Enter: none)."
        if len(numbers) == 1:
            self.say(asked)
            answer = self.lines.ask()
            if answer is None:
                raise Quit
            if not answer.strip():
                self.say("Nothing played.")
                return False
            numbers = [numbers[0], answer.strip()]
        amount = number_in(numbers[1], r.low, r.high)
        if amount is None:
            self.say(f"{said_number(numbers[1]).capitalize()} is not a {r.words} here. {asked}")
            return False
        return self.play(seat, r.move_text(amount))

    def say_ranges(self, ranges: list[MoveRange]) -> None:
        """The ranges, numbered, and how to answer."""
        self.say(f"Type a number from this list and then your {ranges[0].words}, as 1 {ranges[0].low}"
                 " (or the number alone: you are asked for the rest):")
        for k, r in enumerate(ranges, start=1):
            self.lines.item(f"{k}.", f"{self.spoken(r.label)}: a {r.words} from {r.low} to {r.high}")

    def typed_for(self, seat: int, move: Move) -> str:
        """What to type for `move`: its number in the list, or in a range
        its range's number and its own ('1 55')."""
        listing = self._listing(seat)
        notation = self.session.view(seat).format_move(move)
        for k, r in enumerate(listing.ranges, start=1):
            for n in range(r.low, r.high + 1):
                if r.move_text(n) == notation:
                    return f"{k} {n}"
        return f"{listing.moves.index(move) + 1}" if move in listing.moves else ""

    def play(self, seat: int, move: Move | str) -> bool:
        s = self.session
        view = s.view(seat)
        if isinstance(move, str):
            move = view.parse_move(move, seat)  # MoveError: the caller says why
        words = self.spoken(with_names(view.describe_move(move, seat), s.names))
        notation = view.format_move(move)
        sealed = view.is_sealed(seat, move)
        events = s.play(seat, move)
        self.say(f"You played {said_move(words, notation)}.")
        for ev in consequences(events, seat, sealed):
            self.say(self._sentence(self.spoken(ev.render(s.names))))
        self.heard(seat)
        self.listing = None
        return True

    def _listing(self, seat: int) -> _Listing:
        s = self.session
        if self.listing is None or self.listing.ply != s.ply:
            view = s.view(seat)
            self.listing = _Listing(s.ply, view.legal(seat), view.move_ranges(seat))
        return self.listing

    # ------------------------------------------------------------ commands
    def cmd_moves(self, seat: int, word: str) -> bool:
        listing = self._listing(seat)
        if listing.ranges and not word:  # 124 bids: the boards and their ranges instead
            self.say(f"{plural(len(listing.moves), 'move')}, in {plural(len(listing.ranges), 'range')}.")
            self.say_ranges(listing.ranges)
            return False
        view = self.session.view(seat)
        pick = list(range(len(listing.moves)))
        if word:
            low = word.lower()
            pick = [i for i in pick if low in view.format_move(listing.moves[i]).lower()
                    or low in self._describe(view, listing.moves[i], seat).lower()]
            if not pick:
                self.say(f"No legal move mentions {word}. Type moves for all of them.")
                return False
        self.say(f"{plural(len(pick), 'move')}{' mentioning ' + word if word else ''}:")
        listing.shown = pick
        return self.cmd_more(seat, "")

    def cmd_more(self, seat: int, _: str) -> bool:
        listing = self._listing(seat)
        if not listing.shown:
            self.say("No more moves to list. Type moves to list them again.")
            return False
        view = self.session.view(seat)
        page, listing.shown = listing.shown[:PAGE], listing.shown[PAGE:]
        for i in page:
            move = listing.moves[i]
            notation = view.format_move(move)
            words = self.spoken(self._describe(view, move, seat))
            self.lines.item(f"{i + 1}.", said_move(words, notation))
        if listing.shown:
            self.say(f"{plural(len(listing.shown), 'more move')}: type more, or moves WORD to narrow the list.")
        return False

    def _describe(self, view: GameState, move: Move, seat: int) -> str:
        return with_names(view.describe_move(move, seat), self.session.names)

    def cmd_look(self, seat: int, part: str) -> bool:
        view = self.session.view(seat)
        parts = view.position_parts()
        heads = not part and len(parts) > 1
        for name in ([part.lower()] if part else list(parts)):
            try:
                sentences = view.describe_position(name)
            except ValueError:
                self.say(f"There is no part {part}. Parts: {', '.join(parts)}.")
                return False
            if heads:
                self.say(f"{name.capitalize()}:")
            for sentence in sentences:
                self.say(("  " if heads else "") + self.spoken(with_names(sentence, self.session.names)), indent="  ")
        return False

    def cmd_log(self, seat: int, _: str) -> bool:
        s = self.session
        self.seen[seat] = self._after_own_move(seat)
        if self.seen[seat] >= s.ply:
            self.say("Nothing has happened since your last move.")
        self.tell_news(seat)
        return False

    def _after_own_move(self, seat: int) -> int:
        """The ply just after `seat`'s last move (0 if it has not moved)."""
        moves = self.session.record.moves
        return next((i + 1 for i in range(len(moves) - 1, -1, -1) if moves[i][0] == seat), 0)

    def cmd_help(self, seat: int, _: str) -> bool:
        parts = ", ".join(self.session.view(seat).position_parts())
        self.say("Commands:")
        for name, what in self.HELP:
            self.lines.item(f"{name}:", what.format(parts=parts))
        return False

    def cmd_rules(self, seat: int, _: str) -> bool:
        from tui.plain.lines import wrap
        from tui.plain.rules_text import rules_paragraphs

        lines: list[str] = []
        for para in rules_paragraphs(self.session.ruleset.rules_markdown()):
            indent = "  " if para[:2] == "- " or para[:1].isdigit() else ""
            lines.extend(wrap(para, indent=indent))
        for start in range(0, len(lines), PAGE):
            for line in lines[start:start + PAGE]:
                self.say(line)
            if start + PAGE < len(lines):
                self.say(f"Rules, {start + PAGE} of {len(lines)} lines. Press Enter for more, or type q to stop.")
                more = self.lines.ask()
                if more is None:
                    raise Quit
                if more.strip():
                    self.say(f"Rules left at line {start + PAGE} of {len(lines)}; type rules to read them again.")
                    return False
        self.say("End of the rules.")
        return False

    def cmd_hint(self, seat: int, _: str) -> bool:
        s = self.session
        refusal = s.record.hints_refusal()
        if refusal:
            self.say(self._sentence(refusal))
            return False
        from engine.bots.hint import hints

        self.say("Thinking...")
        found = hints(s.ruleset, s.view(seat), seat, self.hint_seconds, seed=s.record.seed + s.ply)
        if found:
            self.say(HINT_INTRO)
        for n, h in enumerate(found):
            typed = self.typed_for(seat, h.move)
            label = f"{typed}." if typed else "-"
            words = self.spoken(with_names(h.description, s.names))
            pick = "The pick: " if n == 0 else ""
            self.lines.item(label, f"{pick}{said_move(words, h.notation)}, win share {100 * h.win_share:.0f}%")
        return False

    def cmd_undo(self, seat: int, _: str) -> bool:
        s = self.session
        try:
            ply = s.undo(seat)
        except UndoRefusedError as exc:
            self.say(self._sentence(str(exc)))
            return False
        self.seen[seat] = ply
        self.listing = None
        self.say(f"Taken back: the game is again at move {ply + 1}.")
        return True  # the loop speaks to whoever is to act now

    def cmd_quit(self, seat: int, _: str) -> bool:
        raise Quit


Command = Callable[[Conversation, int, str], bool]

COMMANDS: dict[str, Command] = {
    "moves": Conversation.cmd_moves, "m": Conversation.cmd_moves,
    "more": Conversation.cmd_more,
    "look": Conversation.cmd_look, "l": Conversation.cmd_look,
    "log": Conversation.cmd_log,
    "help": Conversation.cmd_help, "h": Conversation.cmd_help, "?": Conversation.cmd_help,
    "rules": Conversation.cmd_rules,
    "hint": Conversation.cmd_hint,
    "undo": Conversation.cmd_undo,
    "quit": Conversation.cmd_quit, "q": Conversation.cmd_quit, "exit": Conversation.cmd_quit,
}
"""Every command by the words that call it."""


def sentence(text: str, names: Sequence[str] = ()) -> str:
    """`text` as a sentence: a capital (not on a player's own name: 'ana'
    stays 'ana') and a full stop."""
    text = text.strip()
    if not text:
        return text
    if not any(text.startswith(name) for name in names):
        text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def consequences(events: list[Event], seat: int, sealed: bool) -> list[Event]:
    """What the mover hears of their own move's events, after "You played X:
    what it does": not the log's announcement of that very move (its first
    public event when it names the mover: "Ana places Mc4h"), nor, for a
    sealed choice, the private line that restates it ("You picked money");
    what followed from it (a card drawn, a score, a reveal) stays."""
    out = [ev for ev in events if ev.visible_to(seat)]
    mover = f"{{P{seat + 1}}}"
    first = next((i for i, ev in enumerate(out) if ev.private_to is None), None)
    if first is not None and out[first].text.startswith(mover):
        del out[first]
        if sealed and first < len(out) and out[first].private_to == seat and out[first].text.startswith("You "):
            del out[first]
    return out


def _ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
