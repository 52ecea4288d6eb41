"""A framed card, and a row of cards picked by keys.

`Card` draws one `CardFace` in a rounded frame coloured by its kind: the kind's
symbol and word on the frame, a title, an optional picture, a value and a line
of text. It has a full and a compact size, and face-down, selected and muted
states. `CardRow` lays a hand out by the width it is given (full cards when
they fit, compact ones otherwise, scrolling sideways past that), moves a
selection with the arrow keys and posts `Card.Chosen` on Enter.

Attributes down, messages up: the view gives faces; the row posts
`CardRow.Highlighted` when the selection moves and `Card.Chosen` when a card
is picked (by Enter, space or a click).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from engine.words import plural
from tui.widgets.direct_keys import DirectKeys
from tui.widgets.fitted import refresh_fitted
from tui.widgets.palette import KIND_CLASSES, kind_class
from tui.widgets.text_fit import fit, fit_title, fit_words, wrap_words

FULL_WIDTH = 20
"""Columns of a full card, frame included."""
COMPACT_WIDTH = 12
"""Columns of a compact card, frame included."""
COMPACT_HEIGHT = 4
"""Rows of a compact card: frame, title, value, frame."""
FULL_HEIGHT = 6
"""Rows of a full card at least (a face-down one always): frame, title, text, frame."""
COMPACT_MIN_WIDTH = 10
"""The narrowest a compact card gets by default to keep a hand on one row
(a narrowed card drops its padding, so 10 columns still show 8 of text);
narrower than that, compact cards go on over more rows instead (never
clipped). `CardRow(narrowest=…)` sets another."""
GAP = 1
"""Columns between two cards in a row."""
DETAIL_ROWS = 3
"""Rows the line under a row of cards may wrap to (the last ends in … if cut)."""
BACK_PATTERN = "╱"
"""What the back of a card is filled with."""


@dataclass(frozen=True)
class CardFace:
    """What a card shows: everything is text, so it reads without colour."""

    title: str
    """The card's name: 'Card 7', 'Bank', 'Red painting'."""
    value: str = ""
    """What it is worth or costs, with its unit: '5 VP', '3 coins'."""
    text: str = ""
    """One line of text: its effect or condition (wraps on a full card)."""
    kind: str = "grey"
    """Palette kind colour (tui.widgets.palette.KINDS) of the frame."""
    symbol: str = ""
    """The kind's symbol, on the frame of both sizes: '♦', '▲', '$'."""
    kind_word: str = ""
    """The kind in a word, on the frame of a full card: 'painting', 'town'."""
    art: tuple[str, ...] = ()
    """Optional picture lines (a full card only), e.g. a structure's cells."""
    key: str = ""
    """The caller's id for this card (a move, a card number), passed back."""

    def frame_label(self, compact: bool) -> str:
        """The label on the top frame: symbol and kind word (symbol alone when compact)."""
        if compact:
            return self.symbol or self.kind_word[:1]
        return " ".join(p for p in (self.symbol, self.kind_word) if p)

    def natural_height(self, width: int = FULL_WIDTH) -> int:
        """Rows a full card of `width` columns needs to show this face whole."""
        inner = max(1, width - 4)
        text_rows = len(wrap_words(self.text, inner)) if self.text else 0
        return 2 + 1 + len(self.art) + text_rows


def _escape(text: str) -> str:
    """`text` safe inside content markup."""
    return text.replace("[", "\\[")


class Card(Widget):
    """One card. Set `face`, `face_down`, `selected`, `compact`, `muted`."""

    COMPONENT_CLASSES = {"card--title", "card--value", "card--text", "card--art", "card--back"}
    DEFAULT_CSS = f"""
    Card {{
        width: {FULL_WIDTH};
        height: 6;
        padding: 0 1;
        border-title-align: left;
        border-subtitle-align: right;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }}
    Card.-compact {{ width: {COMPACT_WIDTH}; height: {COMPACT_HEIGHT}; }}
    """

    class Chosen(Message):
        """A card was picked (Enter on a CardRow, or a click)."""

        def __init__(self, card: "Card", index: int | None) -> None:
            super().__init__()
            self.card = card
            """The card widget picked."""
            self.index = index
            """Its place in its CardRow (None for a lone card)."""
            self.face = card.face
            """What it showed."""

        @property
        def control(self) -> "Card":
            """The card picked."""
            return self.card

    face: reactive[CardFace] = reactive(CardFace(""), repaint=False)
    """What the card shows (a new face repaints the card; the screen is laid
    out again only if the card's size may change: `refresh_fitted`)."""
    face_down = reactive(False)
    """Show the back only: no title, value, text or kind."""
    selected = reactive(False)
    """The card under the cursor: a heavy frame."""
    compact = reactive(False, repaint=False)
    """The small size: symbol, title and value only."""
    muted = reactive(False)
    """Shown dimmed (e.g. not playable now)."""

    def __init__(
        self,
        face: CardFace,
        *,
        face_down: bool = False,
        selected: bool = False,
        compact: bool = False,
        muted: bool = False,
        back: str = "",
        index: int | None = None,
        **kw: object,
    ) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.back = back
        """A word on the back of a face-down card ('tile', 'deck'): never the face."""
        self.index = index
        """Its place in its CardRow, if any."""
        self.set_reactive(Card.face, face)
        self.set_reactive(Card.face_down, face_down)
        self.set_reactive(Card.selected, selected)
        self.set_reactive(Card.compact, compact)
        self.set_reactive(Card.muted, muted)

    def on_mount(self) -> None:
        self._restyle()

    def watch_face(self) -> None:
        self._restyle()
        refresh_fitted(self)

    def watch_face_down(self) -> None:
        self._restyle()

    def watch_selected(self) -> None:
        self._restyle()

    def watch_compact(self) -> None:
        self._restyle()
        refresh_fitted(self)

    def watch_muted(self) -> None:
        self._restyle()

    def _restyle(self) -> None:
        """Classes and frame label from the state (colours come from the theme)."""
        face = self.face
        kind = None if self.face_down else kind_class(face.kind)
        stale = [c for c in KIND_CLASSES if c != kind and c in self.classes]
        if stale:  # each change of classes restyles the card and all it holds: only what changed
            self.remove_class(*stale)
        if kind is not None:
            self.add_class(kind)
        self.set_class(self.face_down, "-face-down")
        self.set_class(self.selected, "-selected")
        self.set_class(self.compact, "-compact")
        self.set_class(self.muted, "-muted")
        mark = "▶" if self.selected else ""
        label = "" if self.face_down else face.frame_label(self.compact)
        self.border_title = " ".join(p for p in (mark, label) if p) or None
        on_frame = not (self.face_down or self.compact) and face.value
        self.border_subtitle = f"[b]{_escape(face.value)}[/b]" if on_frame else None
        self.styles.height = self.natural_height()

    def natural_height(self) -> int:
        """Rows this card needs at its size (a back never tells the face's size)."""
        if self.compact:
            return COMPACT_HEIGHT
        if self.face_down:
            return FULL_HEIGHT
        return max(FULL_HEIGHT, self.face.natural_height(FULL_WIDTH))

    def render(self) -> Text:
        row = self.parent.parent if self.parent is not None else None
        if isinstance(row, CardRow):  # drawn: the row's real width is known now
            row.check_width()
        width = max(1, self.content_size.width)
        if self.face_down:
            return self._render_back(width, max(1, self.content_size.height))
        face = self.face
        title = self.get_component_rich_style("card--title")
        value = self.get_component_rich_style("card--value")
        body = self.get_component_rich_style("card--text")
        art = self.get_component_rich_style("card--art")
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(fit_title(face.title, width), title)
        if self.compact:
            if face.value:
                shown = fit_words(face.value, width)
                out.append("\n" + " " * (width - cell_len(shown)))  # unstyled, so pictures keep it
                out.append(shown, value)
            return out
        for line in face.art:
            shown = fit(line, width)
            out.append("\n" + " " * ((width - cell_len(shown)) // 2))
            out.append(shown, art)
        for line in wrap_words(face.text, width):
            out.append("\n" + line, body)
        return out

    def _render_back(self, width: int, height: int) -> Text:
        """The back: a pattern, and the back's word in the middle."""
        style = self.get_component_rich_style("card--back")
        rows = [BACK_PATTERN * width for _ in range(height)]
        if self.back:
            word = f" {fit(self.back, max(1, width - 2))} "
            mid = height // 2
            start = max(0, (width - cell_len(word)) // 2)
            rows[mid] = (rows[mid][:start] + word + rows[mid][start + len(word):])[:width]
        return Text("\n".join(rows), style=style, no_wrap=True)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(Card.Chosen(self, self.index))


class CardRow(DirectKeys, Widget, can_focus=True):
    """A hand of cards in a row, sized by the room it has; ←/→ move the
    selection, Enter or space picks (posts `Card.Chosen`)."""

    COMPONENT_CLASSES = {"card-row--detail"}
    DEFAULT_CSS = f"""
    CardRow {{ height: auto; width: 1fr; }}
    CardRow > HorizontalScroll {{ height: auto; scrollbar-size-horizontal: 0; }}
    CardRow > HorizontalScroll > Card {{ margin-right: 1; }}
    CardRow > #detail {{ height: 1; width: 1fr; }}
    CardRow.-wrap > HorizontalScroll {{
        layout: grid; grid-rows: auto; grid-columns: {FULL_WIDTH}; grid-gutter: 1 0; overflow-x: hidden;
    }}
    CardRow.-wrap.-compact > HorizontalScroll {{ grid-columns: {COMPACT_WIDTH}; }}
    CardRow.-wrap > HorizontalScroll > Card {{ margin-right: 0; }}
    """
    BINDINGS = [
        Binding("left,h", "move(-1)", "Previous card", show=False),
        Binding("right,l", "move(1)", "Next card", show=False),
        Binding("up,k", "row(-1)", "Card above", show=False),
        Binding("down,j", "row(1)", "Card below", show=False),
        Binding("home", "jump(0)", "First card", show=False),
        Binding("end", "jump(-1)", "Last card", show=False),
        Binding("enter,space", "choose", "Choose card"),
    ]

    class Highlighted(Message):
        """The selection moved to another card."""

        def __init__(self, row: "CardRow", index: int, face: CardFace) -> None:
            super().__init__()
            self.row = row
            """The row whose selection moved."""
            self.index = index
            """The card now selected."""
            self.face = face
            """What it shows."""

        @property
        def control(self) -> "CardRow":
            """The row."""
            return self.row

    def __init__(
        self,
        faces: Sequence[CardFace] = (),
        *,
        face_down: bool = False,
        back: str = "",
        muted: Sequence[int] = (),
        selected: int = 0,
        detail: bool = True,
        wrap: bool = False,
        narrowest: int = COMPACT_MIN_WIDTH,
        **kw: object,
    ) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.narrowest = narrowest
        """The narrowest compact card before the row goes on over more rows."""
        self.faces: tuple[CardFace, ...] = tuple(faces)
        """The cards, left to right."""
        self.face_down = face_down
        """Show every card's back (another player's hand)."""
        self.back = back
        """The word on the backs."""
        self.muted: frozenset[int] = frozenset(muted)
        """Cards shown dimmed (not playable now)."""
        self.selected = selected
        """The card under the cursor."""
        self.detail = detail
        """Show the selected card's full text on a line under compact cards."""
        self.wrap = wrap
        """When full cards do not fit one row, go on over more rows instead of
        drawing them compact (for cards whose picture matters)."""
        self.compact = False
        """Whether the cards are drawn compact (decided from the width)."""
        self.compact_only = False
        """Draw the cards compact even where full ones fit (a view short of
        rows: the detail line under them still says each card in full)."""
        self._laid_width = 0
        """The width the cards were last laid out for."""

    def compose(self) -> ComposeResult:
        with HorizontalScroll():
            yield from self._make_cards()
        yield _Detail(id="detail")

    def _make_cards(self, start: int = 0) -> list[Card]:
        """Cards for the faces from `start` on."""
        return [
            Card(f, face_down=self.face_down, back=self.back, index=i, compact=self.compact,
                 selected=(i == self.selected and self.has_focus), muted=i in self.muted)
            for i, f in enumerate(self.faces) if i >= start
        ]

    @property
    def cards(self) -> list[Card]:
        """The card widgets, left to right."""
        return list(self.query(Card))

    def show(
        self,
        faces: Sequence[CardFace],
        *,
        face_down: bool | None = None,
        muted: Sequence[int] = (),
        selected: int | None = None,
    ) -> None:
        """New cards to show (keeps the selection where it can)."""
        self.faces = tuple(faces)
        if face_down is not None:
            self.face_down = face_down
        self.muted = frozenset(muted)
        if selected is not None:
            self.selected = selected
        self.selected = max(0, min(self.selected, len(self.faces) - 1))
        cards = self.cards
        if len(cards) == len(self.faces):
            self._update_cards(cards)
        elif not self._taken_down():  # the cards there show the first faces; the rest come or go
            strip = self.query_one(HorizontalScroll)
            kept = min(len(cards), len(self.faces))
            self._update_cards(cards[:kept])
            if len(cards) > kept:
                strip.remove_children(cards[kept:])
            else:
                strip.mount_all(self._make_cards(start=kept))
            self.call_after_refresh(self._layout_cards)
        self._layout_cards()

    def keep_compact(self, on: bool) -> None:
        """Draw the cards compact even where full ones fit (`compact_only`), or as the width decides."""
        if on != self.compact_only:
            self.compact_only = on
            self._layout_cards()

    def _update_cards(self, cards: Sequence[Card]) -> None:
        """Show the first faces on `cards` (each redraws only what changed)."""
        for i, (card, face) in enumerate(zip(cards, self.faces)):
            card.face = face
            card.face_down = self.face_down
            card.muted = i in self.muted

    def _taken_down(self) -> bool:
        """Not mounted yet, or being removed: its parts (the strip and the
        detail line) go first, and a layout queued before may still come."""
        if not self.is_mounted:
            return True
        return not (self.query_children(HorizontalScroll) and self.query_children("#detail"))

    def needed_width(self, compact: bool) -> int:
        """Columns the whole row takes at one size."""
        n = len(self.faces)
        return n * ((COMPACT_WIDTH if compact else FULL_WIDTH) + GAP)

    def on_resize(self) -> None:
        self._layout_cards()

    def on_mount(self) -> None:
        self._layout_cards()

    def watch_has_focus(self, has_focus: bool) -> None:
        """The cursor's card shows while the row has the keys (a watcher, not
        on_focus: that runs before Textual's own handler sets `has_focus`)."""
        super().watch_has_focus(has_focus)
        self._layout_cards()

    def check_width(self) -> None:
        """Lay the cards out again if the row is now another width than it
        was laid out for (a card calls this as it draws: a row filled while
        hidden gets no Resize when it shows, so this is when it learns its
        width)."""
        if self.size.width and self.size.width != self._laid_width:
            self._laid_width = self.size.width
            self.call_later(self._layout_cards)

    def _layout_cards(self) -> None:
        """Full cards if the row fits the width; else compact ones, narrowed
        down to COMPACT_MIN_WIDTH to keep one row, and past that over more
        rows (or full ones over more rows with `wrap`); sync the states."""
        if self._taken_down():
            return
        # hidden (a page not shown), the region is empty: keep to the width
        # last laid out (check_width corrects it when a card draws)
        width = self.size.width or self._laid_width
        self._laid_width = width
        n = len(self.faces)
        too_wide = width > 0 and self.needed_width(False) > width
        self.compact = (too_wide or self.compact_only) and not self.wrap
        card_width = COMPACT_WIDTH
        if self.compact and n:
            card_width = min(COMPACT_WIDTH, (width + GAP) // n - GAP)
        compact_rows = self.compact and card_width < self.narrowest
        if compact_rows:
            card_width = COMPACT_WIDTH
        grid = too_wide and (self.wrap or compact_rows)
        self.set_class(grid, "-wrap")
        self.set_class(self.compact, "-compact")
        if grid:
            strip = self.query_one(HorizontalScroll)
            size = COMPACT_WIDTH if self.compact else FULL_WIDTH
            strip.styles.grid_size_columns = max(1, (width + GAP) // (size + GAP))
            # Textual's "horizontal" gutter runs between rows, its "vertical" one between columns
            strip.styles.grid_gutter_horizontal = 0 if self.compact else GAP
            strip.styles.grid_gutter_vertical = GAP if self.compact else 0
        cards = self.cards
        for i, card in enumerate(cards):
            card.compact = self.compact
            shown_width = card_width if self.compact else None
            if shown_width is not None or card.styles.inline.has_rule("width"):  # None lays the screen out even if unset
                card.styles.width = shown_width
            card.styles.padding = (0, 0) if self.compact and card_width < COMPACT_WIDTH else None
            card.selected = i == self.selected and self.has_focus
        height = max((c.natural_height() for c in cards), default=COMPACT_HEIGHT)
        for card in cards:  # one height for the whole hand
            card.styles.height = height
        self.query_one("#detail", _Detail).display = self.detail and bool(self.faces)
        self._update_detail()
        if cards and 0 <= self.selected < len(cards):
            self.query_one(HorizontalScroll).scroll_to_widget(cards[self.selected], animate=False)

    def detail_line(self, index: int) -> str:
        """The card at `index` in words: what the detail line under the row says."""
        if self.face_down:
            return f"{plural(len(self.faces), 'card')}, face down"
        f = self.faces[index]
        parts = [f"{f.symbol} {f.title}".strip(), f.kind_word, f.value, f.text]
        return f"{index + 1}/{len(self.faces)} ▶ " + " · ".join(p for p in parts if p)

    def _update_detail(self) -> None:
        """The selected card in words, wrapped over as many rows as the
        wordiest card of the row needs (at most DETAIL_ROWS), so the row
        below does not jump as the selection moves."""
        detail = self.query_one("#detail", _Detail)
        if not self.faces:
            detail.text = Text("")
            return
        width = max(1, self.size.width or self._laid_width or FULL_WIDTH)
        rows = max(len(wrap_words(self.detail_line(i), width)) for i in range(len(self.faces)))
        rows = max(1, min(DETAIL_ROWS, rows))
        lines = wrap_words(self.detail_line(self.selected), width)
        if len(lines) > rows:
            lines = lines[: rows - 1] + [fit_words(" ".join(lines[rows - 1:]), width)]
        detail.styles.height = rows
        style = self.get_component_rich_style("card-row--detail")
        detail.text = Text("\n".join(lines), style=style, no_wrap=True, overflow="ellipsis")

    def action_move(self, step: int) -> None:
        """Select the next (+1) or previous (-1) card."""
        self._select(self.selected + step)

    def action_row(self, step: int) -> None:
        """Wrapped over rows: select the card above (-1) or below (+1)."""
        if self.has_class("-wrap"):
            per_row = self.query_one(HorizontalScroll).styles.grid_size_columns or 1
            target = self.selected + step * per_row
            if 0 <= target < len(self.faces):
                self._select(target)

    def action_jump(self, index: int) -> None:
        """Select the first (0) or last (-1) card."""
        self._select(index % len(self.faces) if self.faces else 0)

    def _select(self, index: int) -> None:
        if not self.faces:
            return
        index = max(0, min(index, len(self.faces) - 1))
        if index == self.selected:
            return
        self.selected = index
        self._layout_cards()
        self.post_message(CardRow.Highlighted(self, index, self.faces[index]))

    def action_choose(self) -> None:
        """Pick the selected card."""
        cards = self.cards
        if 0 <= self.selected < len(cards):
            self.post_message(Card.Chosen(cards[self.selected], self.selected))

    def on_card_chosen(self, message: Card.Chosen) -> None:
        """A click on a card: select it, and let the message go on up."""
        if message.index is not None and message.index != self.selected:
            self.selected = message.index
            self._layout_cards()


class _Detail(Widget):
    """The line under a card row: the selected card in full words."""

    text: reactive[Text] = reactive(Text(""))

    def render(self) -> Text:
        return self.text


__all__ = ["Card", "CardFace", "CardRow", "FULL_WIDTH", "COMPACT_WIDTH", "COMPACT_MIN_WIDTH"]
