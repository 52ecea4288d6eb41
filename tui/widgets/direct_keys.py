"""A focused widget that runs its own key bindings as soon as a key reaches it.

Textual runs bindings only once the key has bubbled from the focused widget
through every container up to the app: one message hop a container (a board
inside a view inside the screen's layout makes five). A board's cursor keys
are its own, so it takes them at once. The order stays Textual's: the
widget's `key_…` methods first, then its own bindings (through `check_action`,
as the app would), then the bindings above it (the app's own lookup, from
the focused widget up), so that each key is handled whole before the next:
a key left to bubble would be overtaken by the keys behind it that the
widget takes at once (`a` then Enter in one burst played the board's move
before the move list opened). A key no binding takes bubbles on as before.
A key that reaches the widget once its screen is no longer on top (routed
before a key ahead of it opened another screen) is dropped. Priority
bindings are the app's business and were looked at before the key arrived.
"""
from __future__ import annotations

from typing import Any

from textual import events


class DirectKeys:
    """Mix in before a focusable widget class: `class Board(DirectKeys, TextCanvas)`.
    Not a Widget itself, so the widget's CSS still comes from its own bases
    (Textual follows the first DOM base for a class's default CSS)."""

    _bindings: Any
    app: Any
    screen: Any

    async def handle_key(self, event: events.Key) -> bool:
        if not self.screen.is_active:
            # routed here before a key ahead of it opened another screen on
            # top (one burst): the person never saw this widget take it
            event.stop()
            return True
        if await super().handle_key(event):  # type: ignore[misc]
            return True
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()  # handled here: it goes no further up
                return True
        # the screen's and the app's bindings now, as the app would look them
        # up when the key arrived: bubbling, it would arrive after the keys
        # behind it that this widget takes at once, and be overtaken
        if await self.app._check_bindings(event.key):
            event.stop()
            return True
        return False
