"""The move line (`:` on a game screen): an Input that is text only while
it is open.

Textual gives a focused Input every printable key before the screen's own
bindings look at it (`Screen._binding_chain` drops the keys an Input
"consumes"), the `:` that opens the line among them. So a line that kept
the focus after it closed (a focus asked for while it was open and given
late, or the moment between closing it and Textual noticing it is hidden)
took the next `:` as text, and the move typed after it: `:x14t`. Here a
closed line cannot take the focus, consumes no key and types nothing, the
key that opened the line is never its first character, and keys typed
right behind Enter wait for the move to be played.

A move is at most MOVE_MAX characters. Text over it rings the bell once and
the screen is told (`Refused`, it says why); a bracketed paste too long is
refused whole (Textual hands it over as one event; the server brackets a
long paste its client did not). After a refusal, the rest of that burst
(keys and pastes each made within BURST_SECONDS of the one before: a paste
typed key by key, or the server's pieces of a long one) is dropped without
a sound, its Enter too; a key no paste holds (Esc, Backspace, an arrow) is
the person's own and ends it.
"""
from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Input

OPENER = ":"
"""The character of the key that opens the line (no notation starts with it)."""

MOVE_MAX = 80
"""The longest text the line takes (a paste too long is dropped whole)."""

BURST_SECONDS = 0.5
"""Keys and pastes made this close one after another (by the terminal's
driver, as it read them) are one burst."""


class MoveLine(Input):
    """An Input shown while the CSS class `visible` is set (`open`/`close`).

    Enter is taken here, as it comes in its turn after the text typed
    before it: the line posts `Submitted` and holds every key that reaches
    it until the screen has answered (`release`), so a `:` typed right
    behind Enter opens the next line instead of joining this one."""

    class Refused(Message):
        """The line refused what was typed or pasted (its `max_length`)."""

    def __init__(self, **kw: object) -> None:
        super().__init__(max_length=MOVE_MAX, **kw)  # type: ignore[arg-type]
        self.fresh = False
        """Opened, and no key has reached it since."""
        self.held: list[events.Key] | None = None
        """After Enter, until the screen answered: the keys that came since."""
        self.last_key = float("-inf")
        """When the last key that reached the line was made."""
        self.dropping = False
        """The burst now arriving overflowed: its rest is dropped."""

    @property
    def is_open(self) -> bool:
        return self.has_class("visible")

    def open(self) -> None:
        """Show the line, empty."""
        self.add_class("visible")
        self.value = ""
        self.fresh = True

    def reopen(self) -> None:
        """Show the line again with its text (a move refused, to correct)."""
        self.add_class("visible")

    def close(self) -> None:
        """Hide the line (the screen moves the focus away at once)."""
        self.remove_class("visible")
        self.fresh = False

    def release(self) -> None:
        """The screen has answered Enter: the keys held since go to the app
        again, in their order, as if typed now (to the next line, the
        board, or this line if it stayed open)."""
        held, self.held = self.held or [], None
        for key in held:
            self.app.post_message(events.Key(key.key, key.character))

    def restricted(self) -> None:
        """A key or a paste refused: the bell once a burst, and the screen
        is told why."""
        if self.dropping:
            return
        self.dropping = True
        self.app.bell()
        self.post_message(self.Refused())

    def _burst(self, event: events.Key | events.Paste) -> bool:
        """Note when `event` was made; True when it is the rest of a burst
        that overflowed (dropped, Enter too). A key no paste holds (Esc,
        an arrow, Backspace) is the person's own: it ends the burst."""
        if isinstance(event, events.Key) and not (event.is_printable or event.key in ("enter", "tab")):
            self.dropping = False
            return False
        if event.time - self.last_key > BURST_SECONDS:
            self.dropping = False
        self.last_key = event.time
        return self.dropping

    def _on_paste(self, event: events.Paste) -> None:
        """A bracketed paste, one event: Input's own handler inserts it next,
        or refuses it whole; dropped here when it is more of a burst that
        overflowed (the server brackets each read of a long paste)."""
        if self._burst(event):
            event.prevent_default()
            event.stop()

    def allow_focus(self) -> bool:
        return self.is_open and super().allow_focus()

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # closed, it hides none of the screen's keys, the `:` first of all
        return self.is_open and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        fresh, self.fresh = self.fresh, False
        if self.held is not None:  # Enter was pressed: kept for after the screen's answer
            self.held.append(event)
            event.prevent_default()
            event.stop()
        elif not self.is_open:
            event.prevent_default()  # not text: it goes on to the screen's keys
        elif self._burst(event):
            event.prevent_default()  # the rest of a paste too long
            event.stop()
        elif event.key == "enter":
            event.prevent_default()
            event.stop()
            self.held = []
            self.post_message(self.Submitted(self, self.value))
        elif fresh and event.character == OPENER and not self.value:
            event.prevent_default()  # the key that opened the line, delivered here as well
            event.stop()
