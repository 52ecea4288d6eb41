"""A focused widget that runs its own key bindings as soon as a key reaches it.

Textual runs bindings only once the key has bubbled from the focused widget
through every container up to the app: one message hop a container (a board
inside a view inside the screen's layout makes five). A board's cursor keys
are its own, so it takes them at once. The order stays Textual's: the
widget's `key_…` methods first, then its own bindings (through `check_action`,
as the app would), and a key it does not bind (or whose action is off now)
bubbles on as before, to the screen's bindings. Priority bindings are the
app's business and were looked at before the key arrived here.
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

    async def handle_key(self, event: events.Key) -> bool:
        if await super().handle_key(event):  # type: ignore[misc]
            return True
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()  # handled here: it goes no further up
                return True
        return False
