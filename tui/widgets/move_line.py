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
"""
from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Input

OPENER = ":"
"""The character of the key that opens the line (no notation starts with it)."""


class MoveLine(Input):
    """An Input shown while the CSS class `visible` is set (`open`/`close`).

    Enter is taken here, as it comes in its turn after the text typed
    before it: the line posts `Submitted` and holds every key that reaches
    it until the screen has answered (`release`), so a `:` typed right
    behind Enter opens the next line instead of joining this one."""

    class Refused(Message):
        """The line refused what was typed or pasted (its `max_length`)."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.fresh = False
        """Opened, and no key has reached it since."""
        self.held: list[events.Key] | None = None
        """After Enter, until the screen answered: the keys that came since."""

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
        """A key or a paste refused: the bell, and the screen is told why."""
        self.app.bell()
        self.post_message(self.Refused())

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
        elif event.key == "enter":
            event.prevent_default()
            event.stop()
            self.held = []
            self.post_message(self.Submitted(self, self.value))
        elif fresh and event.character == OPENER and not self.value:
            event.prevent_default()  # the key that opened the line, delivered here as well
            event.stop()
