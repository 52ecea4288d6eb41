"""The footer of the keys that work now, drawn as one line by one widget.

It looks like Textual's Footer (` o Turn  ⏎ Play  ? Help `, the same theme
colours) but costs far less when the keys change: the Footer mounts a new
widget for every key on every change of focus or step, while this bar
recomputes one line and repaints only when that line changed. A click on a
key presses it, as on the Footer.

Only keys that do something now are shown: a binding whose `check_action`
says False or None (disabled) is left out, and so is one its widget or
screen says does not apply in this step (`key_applies(action) -> bool`,
an optional method: the key still works if pressed, e.g. to say why not,
but the bar does not offer it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

DIM = Style(dim=True)
"""A key shown but not working now (`check_action` returned None)."""


@dataclass(frozen=True)
class KeyItem:
    """One key on the bar."""

    key: str
    """The key's name, as `App.simulate_key` takes it."""
    display: str
    """As shown: '⏎', 'o', '^c'."""
    description: str
    """What it does: 'Turn'."""
    enabled: bool = True
    """False: drawn dim, and a click does nothing."""

    def parts(self) -> tuple[str, str]:
        """The key and the words as drawn (a key without words has no padding)."""
        if not self.description:
            return self.display, ""
        return f" {self.display} ", f"{self.description} "


HIDDEN_ITEM = KeyItem("", "", "", False)
"""Marks an action whose key is not shown now."""


def key_applies(node: object, action: str) -> bool:
    """The node's say whether `action`'s key applies in this step (its
    optional `key_applies` method; True without one)."""
    ask = getattr(node, "key_applies", None)
    return True if ask is None else bool(ask(action))


class KeyBar(Widget):
    """The screen's active bindings that have `show=True`, one per action."""

    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyBar > .key-bar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .key-bar--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    """

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.items: tuple[KeyItem, ...] = ()
        """The keys shown now."""
        self._strip: Strip | None = None
        self._pending = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.update_keys()

    def _bindings_changed(self, screen: Screen[Any]) -> None:
        # several changes in one key press cost one look at the bindings
        if not self._pending and self.is_attached and screen is self.screen:
            self._pending = True
            self.call_later(self.update_keys)

    def current_items(self) -> tuple[KeyItem, ...]:
        """The keys to show now: the first binding of each action, in the
        order the screen's binding chain gives them."""
        seen: dict[str, KeyItem] = {}
        for node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                if not enabled or not key_applies(node, binding.action):
                    seen[binding.action] = HIDDEN_ITEM  # its later bindings stay hidden too
                    continue
                seen[binding.action] = KeyItem(binding.key, self.app.get_key_display(binding),
                                               binding.description, enabled)
        return tuple(item for item in seen.values() if item is not HIDDEN_ITEM)

    def update_keys(self) -> None:
        """Look at the bindings again; repaint only if the line changed."""
        self._pending = False
        items = self.current_items()
        if items != self.items:
            self.items = items
            self._strip = None
            self.refresh()

    def _spans(self) -> list[tuple[int, int, KeyItem]]:
        """(start, end, item) of each key on the line."""
        out, x = [], 0
        for item in self.items:
            width = sum(cell_len(part) for part in item.parts())
            out.append((x, x + width, item))
            x += width
        return out

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._strip is None or self._strip.cell_length != width:
            base = self.rich_style
            key = base + self.get_component_rich_style("key-bar--key")
            words = base + self.get_component_rich_style("key-bar--description")
            segments = []
            used = 0
            for item in self.items:
                shown, said = item.parts()
                used += cell_len(shown) + cell_len(said)
                if used > width:  # only whole keys: the ones that do not fit are left out
                    break
                dim = DIM if not item.enabled else None
                segments.append(Segment(shown, key + dim if dim else key))
                if said:
                    segments.append(Segment(said, words + dim if dim else words))
            blank = Style(bgcolor=base.bgcolor)  # as the Footer leaves the rest of its line
            self._strip = Strip(segments).crop_extend(0, width, blank)
        return self._strip if y == 0 else Strip.blank(width, self.rich_style)

    def on_resize(self) -> None:
        self._strip = None

    def on_click(self, event: events.Click) -> None:
        for start, end, item in self._spans():
            if start <= event.x < end:
                if item.enabled:
                    self.app.simulate_key(item.key)
                return
