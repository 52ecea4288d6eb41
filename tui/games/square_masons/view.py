"""Square Masons' view, drawn with the widget kit: the players' panel, your
construction zone as a board of framed pieces with a piece preview, the
phase's panel (the draft hand as cards and the majorities, the auction
spaces with your bid and what losing costs, the build's choices), the
structure cards, the other zones, and a legend of every symbol.

Attributes down, messages up: `show()` gets the viewer's view of the state;
every move is posted as `MoveChosen(notation)`. The view asks the state
(`legal`, `describe_move`, `why_illegal`, `parse_move`, `claimable`,
`open_structures`, `standings`, `max_bid`, `auction_rule`) and
never decides a rule itself. Readable without colour: every piece carries its
letter in its own frame (a stone '■'), the preview '++' (fits) or 'xx'.
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Event
from rulesets.square_masons.content import BLOCK_TYPES, CARD_TYPES
from rulesets.square_masons.moves import RES, Claim, Lay
from rulesets.square_masons.words import coins as _coins
from tui.games.base import MoveChosen
from tui.games.square_masons.draw import (
    BLOCK_KIND,
    BLOCK_ROW,
    CARD_LOOK,
    LARGE,
    SANCTUARY_SYMBOL,
    SMALL,
    TOWN_SYMBOL,
    card_face,
    side_by_side,
    structure_face,
    zone_lines,
)
from tui.games.square_masons.texts import PanelTexts
from tui.games.square_masons.zone import PreviewChanged, RoomNeeded, ZoneView
from tui.widgets.card import Card, CardRow
from tui.widgets.legend import Legend, LegendEntry
from tui.widgets.option_list import ChoiceList
from tui.widgets.palette import PLAYER_MARKS, player_class
from tui.widgets.player_panel import PlayerPanel

ROWS_BESIDE_PLAYERS = 15
"""The view's rows other than the players' table: the round line, the zone
(11) or the compact hand and the draft table, the action (2) and the legend."""

HEADED_UP_TO = 3
"""Up to this many players the players' table has a header of words over
its columns; with more, each cell its symbol ('★ 0  $ 1'): a row less, so
that a game of 4 keeps the log strip at 80×24."""

LARGE_FROM = (84, 30)
"""The view's (width, height) from which the zone is drawn large and the
structure cards stay in sight."""

KEYS_HELP = """
## Square Masons keys

| key | does |
|---|---|
| ← → Enter | draft: the card to pick from your hand (sealed) |
| ↑ ↓ Enter | choose from the list (pairing, tie, offer, build action, ability) |
| ← → | auction: the space your die points at (0 = withdraw) |
| ↑ ↓ | auction: your bid |
| arrows / h j k l | laying a piece: move it |
| r / f | laying a piece: turn it / flip it over |
| v | put the block you won in your reserve; with a full reserve, go to the list of ways to make room |
| Tab | between your zone, the cards and the list of other choices |
| Enter | play the move previewed |
| t | show the structure cards, then the other players' zones, then back |
| L | the legend: every symbol on the screen |

Players: ★ prestige, $ coins, ■ stones, ▤ blocks in the reserve (at most 3),
⌂ towns and † sanctuaries built. Draft cards: $ money, ♛ order, ■ stone,
◆ market, × double; ● a card drafted face up, ? face down. The zone: each
piece in its own frame in its owner's colour with its block letter (I O T S Z
J L; ■ a stone); '++' the piece you are laying (fits), 'xx' (does not fit).
Structure cards give every set of blocks that builds them (J stands for J or
L, S for S or Z); a structure counts only if no other piece touches it.

Every move can also be typed in notation (`:`); see `tsquare rules square-masons`.
"""


class GameView(PanelTexts, Vertical):
    """Square Masons' board for one seat."""

    KEYS_HELP = KEYS_HELP
    @property
    def MIN_HEIGHT(self) -> int:  # type: ignore[override]  # noqa: N802 (the hook's name)
        """The round line, the players' table (a header, a row a player), the
        zone (or the compact hand and the draft table), the action's two lines
        and the legend: at 80×24 a game of 3 leaves two rows for the log as a
        strip of whole lines under the board; of 4 or 5, a column beside it."""
        players = self._players()
        return ROWS_BESIDE_PLAYERS + (1 if players <= HEADED_UP_TO else 0) + players

    def _players(self) -> int:
        """The players at the table (5 before anything is known)."""
        state = self.state if self.state is not None else getattr(getattr(self.screen, "record", None), "state", None)
        return state.num_players if state is not None else 5
    DEFAULT_CSS = """
    GameView { width: 75%; height: 1fr; }
    GameView > #sm-top { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    GameView > #sm-players { height: auto; }
    GameView > #sm-hand { height: auto; }
    GameView > #sm-mid { height: 1fr; min-height: 6; }
    GameView #sm-right { width: 1fr; padding: 0 0 0 1; }
    GameView #sm-side { height: auto; }
    GameView #sm-players-beside { display: none; margin-bottom: 1; }
    GameView.-tall #sm-players-beside { display: block; }
    GameView.-tall > #sm-players { display: none; }
    GameView #sm-choices { height: 1fr; min-height: 3; border: none; padding: 0; }
    GameView > #sm-pane { height: 1fr; display: none; }
    GameView > #sm-pane:focus { background: $boost; }
    GameView > #sm-pane #sm-zones { height: auto; }
    GameView.-tall > #sm-mid { height: auto; min-height: 17; }
    GameView.-tall #sm-right { height: auto; }
    GameView.-tall #sm-choices { height: auto; max-height: 12; }
    GameView.-tall > #sm-pane { display: block; height: 1fr; }
    GameView > #sm-action { height: auto; max-height: 3; }
    GameView > #sm-legend { height: auto; max-height: 4; }
    """

    BINDINGS = [
        Binding("t", "toggle_side", "Cards/zones"),
        Binding("L", "legend", "Legend", show=False),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.side_mode = "board"
        """'board' (zone and the phase's panel), 'structures' (the cards) or 'zones' (everyone's zone)."""
        self.shown: dict[str, str] = {}
        """The plain text last drawn in each part (for tests and screen readers)."""
        self.pieces: list[list[int]] = []
        """Each seat's construction pieces (cell masks) at the last `show`."""
        self.fresh: dict[int, int] = {}
        """Per seat, the cells of the pieces laid since the show before."""
        self.last_mover: int | None = None
        """The seat whose last move `mark_last` reported."""
        self.large = False
        """Whether there is room for the large zone (and the cards in sight)."""
        self.listed: list[Any] = []
        """The moves of the choice list, in its order."""

    def compose(self) -> ComposeResult:
        yield Static("", id="sm-top")
        yield PlayerPanel(id="sm-players", compact=True, notes_in_compact=True)
        hand = CardRow(id="sm-hand", back="draft")
        hand.compact_only = True  # till there is room (fit_to): the detail line says the card in full
        yield hand
        with Horizontal(id="sm-mid"):
            yield ZoneView(id="sm-zone")
            with Vertical(id="sm-right"):
                yield PlayerPanel(id="sm-players-beside", compact=False)
                yield Static("", id="sm-side")
                yield ChoiceList(id="sm-choices")
        with VerticalScroll(id="sm-pane"):
            yield CardRow(id="sm-structs", wrap=True, detail=False)
            yield Static("", id="sm-zones")
        yield Static("", id="sm-action")
        yield Legend(id="sm-legend", key="L")

    def on_resize(self) -> None:
        self.fit_to()

    def fit_to(self, width: int | None = None, height: int | None = None) -> None:
        """Pick the zone's size and whether the cards stay in sight, from the room the view has."""
        large = self.size.width >= LARGE_FROM[0] and self.size.height >= LARGE_FROM[1]
        if large != self.large:
            self.large = large
            zone = self.query_one(ZoneView)
            zone.look = LARGE if large else SMALL
            zone.set_class(large, "-large")
            self.set_class(large, "-tall")
            self.query_one("#sm-hand", CardRow).keep_compact(not large)  # the detail line says the card in full
            if self.state is not None:
                self._layout()
                zone.refresh()

    # ------------------------------------------------------- attributes down
    def show(self, state: Any, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (already `viewer`'s view); offer moves if `can_act`."""
        if viewer != self.viewer:
            self.side_mode = "board"  # nothing of one person's screen carries to the next
        self.take_position(state, viewer, names, can_act)
        self._track_pieces()
        zone = self.query_one(ZoneView)
        zone.set_state(state, viewer, can_act)
        zone.marked = self._marked(viewer)
        self._put("#sm-top", self.top_text())
        table = self.query_one("#sm-players", PlayerPanel)
        table.header = state.num_players <= HEADED_UP_TO
        table.players = self.player_infos(full=False)
        self.query_one("#sm-players-beside", PlayerPanel).players = self.player_infos(full=True)
        self._show_hand()
        self._put("#sm-side", self.side_text())
        self._show_structures()
        choices = self.query_one("#sm-choices", OptionList)
        choices.clear_options()
        acting = can_act and viewer is not None and viewer in state.to_act()
        listed = self.listed_moves() if acting else []
        self.listed = listed
        choices.display = bool(listed)
        if listed:
            choices.add_options(
                Option(self.describe(state, m, viewer), id=state.format_move(m)) for m in listed
            )
            choices.highlighted = 0
        self._layout()
        if acting:
            if state.phase in ("auction", "lay", "place_won"):
                zone.focus()
            elif state.phase == "draft":
                hand = self.query_one("#sm-hand", CardRow)
                hand.focus()
                self.call_after_refresh(lambda: hand.show(hand.faces, selected=hand.selected))  # mark the selection
            else:
                choices.focus()
        elif self.query_one("#sm-hand", CardRow).has_focus:
            zone.focus()  # no card to pick now: nothing of the hand's keys in the footer
        self.update_action()
        self.update_legend()

    def _layout(self) -> None:
        """Which parts show now: the mode, the phase and the room decide."""
        st = self.state
        mode = self.side_mode
        hand = self.query_one("#sm-hand", CardRow)
        drafting = st.phase in ("draft", "pair") and self.viewer is not None and bool(hand.faces)
        hand.display = drafting and mode == "board"
        self.query_one("#sm-mid").display = mode == "board"
        self.query_one(ZoneView).display = self.viewer is not None and (self.large or not drafting)
        pane = self.query_one("#sm-pane")
        pane.display = mode != "board" or self.large
        self.query_one("#sm-structs").display = mode == "structures" or (mode == "board" and self.large)
        zones = self.query_one("#sm-zones", Static)
        zones.display = mode == "zones" or (mode == "board" and self.viewer is None)
        if zones.display:
            self._put("#sm-zones", self._zones_text())
        if mode == "board" and self.viewer is None:
            self.query_one("#sm-mid").display = st.phase in ("market", "auction", "auction_tie")
            pane.display = True

    def listed_moves(self) -> list[Any]:
        """The moves offered in the list: all of them, except those built by
        keys (draft picks from the hand, bids and lays; with a won block the
        list holds the other ways on: the reserve, or making room in a full one)."""
        st = self.state
        if st.phase in ("auction", "draft"):
            return []
        moves: list[Any] = st.legal(self.viewer)
        if st.phase in ("lay", "place_won"):
            return [m for m in moves if type(m) is not Lay]
        return moves

    def highlighted_move(self) -> Any:
        """The move Enter would play now, or None: the sealed choice or the
        piece laid as previewed (your zone), the card picked (the draft
        hand), or the highlighted item of the list, whichever has the keys."""
        st = self.state
        if st is None or self.viewer is None or not self.can_act or self.viewer not in st.to_act():
            return None
        zone, hand = self.query_one(ZoneView), self.query_one("#sm-hand", CardRow)
        choices = self.query_one("#sm-choices", OptionList)
        if zone.has_focus and zone.bidding():
            return st.parse_move(zone.choice_text(), self.viewer)
        if zone.has_focus and zone.laying():
            _, text, why = zone.preview()
            return st.parse_move(text, self.viewer) if why is None else None
        if hand.has_focus and st.phase == "draft" and hand.faces:
            return self._hand_pick(hand.selected)
        if choices.has_focus and choices.highlighted is not None and choices.highlighted < len(self.listed):
            return self.listed[choices.highlighted]
        return None

    def _hand_pick(self, index: int) -> Any:
        """The draft pick of the hand's card at `index`, or None."""
        st = self.state
        card = CARD_TYPES.index(self.query_one("#sm-hand", CardRow).faces[index].key)
        return next((m for m in st.legal(self.viewer) if getattr(m, "card", None) == card), None)

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """The game screen's report of the last move: underline the piece
        that seat laid last (in your zone or the other zones' panel)."""
        self.last_mover = seat
        if self.state is not None:
            self.query_one(ZoneView).marked = self._marked(self.viewer)
            self.query_one(ZoneView).refresh()
            self._put("#sm-zones", self._zones_text())

    def _track_pieces(self) -> None:
        """Note, per seat, which pieces are new since the last show."""
        now = [[m for _, m in b.construction] for b in self.state.boards]
        if len(now) == len(self.pieces):
            for s, (old, new) in enumerate(zip(self.pieces, now)):
                added = 0
                for m in new:
                    if m not in old:
                        added |= m
                if added:
                    self.fresh[s] = added
                elif s in self.fresh and not any(m & self.fresh[s] == m for m in new):
                    del self.fresh[s]
        self.pieces = now

    def _marked(self, seat: int | None) -> int:
        if seat is None or seat != self.last_mover:
            return 0
        return self.fresh.get(seat, 0)

    def update_action(self) -> None:
        """The line that says what to do and what the previewed move is."""
        st = self.state
        if st is None:
            return
        zone = self.query_one(ZoneView)
        t = Text()
        if st.phase == "over":
            t.append(f"Game over: {Event(st.end_reason).render(self.names)}.", "bold")
            t.append("\nt: the structure cards and every zone", "dim")
        elif self.viewer is None or self.viewer not in st.to_act() or not self.can_act:
            waiting = ", ".join(self._who(s) for s in st.to_act() if s != self.viewer)
            t.append(f"Waiting for {waiting}." if waiting else "Waiting.", "dim")
            if waiting and self.viewer is not None and self.viewer in st.to_act():  # sealed: the others' first
                t.append(" You choose as soon as they have.", "dim")
        elif zone.bidding():
            t.append("▶ " + self.describe(st, st.parse_move(zone.choice_text(), self.viewer), self.viewer), "bold")
            t.append(f"\n←→ space  ↑↓ bid (you have {_coins(st.boards[self.viewer].coins)})  Enter seals it", "dim")
        elif zone.laying():
            _, text, why = zone.preview()
            cost = "free" if st.phase == "place_won" else "paid"
            laid = self.describe(st, st.parse_move(text, self.viewer), self.viewer) if why is None else ""
            t.append(f"▶ {laid}" if laid else f"▶ Lay {st.hand_kind} at {text} ({cost})", "bold")  # as Enter lays it
            t.append("  ++ fits" if why is None else f"  xx {why}", "green" if why is None else "bold red")
            keys = "\narrows move" + ("" if st.hand_kind == "stone" else "  r turn  f flip") + "  Enter lay"
            if st.phase == "place_won":
                full = st.why_illegal(self.viewer, RES) is not None
                keys += "  v make room (reserve full)" if full else "  v reserve"
            t.append(keys, "dim")
        elif st.phase == "draft":  # the prompt is in the status line and the panel: the pick and the keys
            hand = self.query_one("#sm-hand", CardRow)
            pick = self._hand_pick(hand.selected) if hand.faces else None
            if pick is not None:
                t.append("▶ " + self.describe(st, pick, self.viewer) + "\n", "bold")
            t.append("←→ a card  Enter pick it (sealed)", "dim")
        else:
            t.append(st.prompt(self.viewer), "bold")
            if st.phase == "build":
                t.append("\nClaim a shape only if no other piece touches it · t: cards", "dim")
        self._put("#sm-action", t)

    def update_legend(self) -> None:
        """The legend: what every symbol on the screen now means, the most needed first."""
        st = self.state
        e: list[LegendEntry] = []
        if self.query_one(ZoneView).laying():
            e += [LegendEntry("++", "fits", style="bold reverse"), LegendEntry("xx", "does not fit", style="bold reverse")]
        if st.phase in ("draft", "pair", "tie"):
            e += [LegendEntry(CARD_LOOK[n].symbol, CARD_LOOK[n].title, f"kind-{CARD_LOOK[n].kind}") for n in CARD_TYPES]
            e += [LegendEntry("●", "a card drafted"), LegendEntry("?", "face down")]
        if st.phase in ("market", "auction", "auction_tie"):
            e += [LegendEntry("▶", "your die"), LegendEntry("0", "withdraw: +1 coin")]
        if st.phase in ("draft", "auction"):
            e += [LegendEntry("✓", "has chosen (sealed)"), LegendEntry("…", "still choosing")]
        if any(b.won is not None or b.lost for b in st.boards):
            e += [LegendEntry("+Z", "won a Z block"), LegendEntry("✗", "outbid")]
        e += [LegendEntry("".join(BLOCK_TYPES), "blocks, each in its frame"),
              LegendEntry("■", "stone", "kind-grey"),
              LegendEntry("▶", "to play; the card or space you point at"),
              LegendEntry("★", "prestige (13 wins)"), LegendEntry("$", "coins"), LegendEntry("▤", "reserve blocks"),
              LegendEntry("♛", "Order holder (wins ties)"), LegendEntry("◆", "Market holder (offers blocks)"),
              LegendEntry("↻", "clockwise"), LegendEntry("↺", "counter-clockwise"),
              LegendEntry(TOWN_SYMBOL, "town"), LegendEntry(SANCTUARY_SYMBOL, "sanctuary"),
              LegendEntry("J", "J or L (on cards)"), LegendEntry("S", "S or Z (on cards)"),
              LegendEntry("▁", "moved last; its piece underlined")]
        if st.phase not in ("draft", "pair", "tie"):
            e += [LegendEntry(CARD_LOOK[n].symbol, f"{CARD_LOOK[n].title} card", f"kind-{CARD_LOOK[n].kind}") for n in CARD_TYPES
                  if n not in ("stone", "order", "market")]
        e += [LegendEntry(k, BLOCK_ROW[k], f"kind-{BLOCK_KIND[k]}") for k in BLOCK_TYPES]
        e += [LegendEntry(PLAYER_MARKS[s], self._who(s), player_class(s % 5)) for s in range(st.num_players)]
        legend = self.query_one(Legend)
        legend.entries = tuple(e)
        self.shown["#sm-legend"] = " · ".join(f"{x.symbol} {x.words}" for x in e)

    def _put(self, where: str, text: Text) -> None:
        self.shown[where] = text.plain
        self.query_one(where, Static).update(text)

    def _show_hand(self) -> None:
        """The draft hand as cards (or the cards you drafted face down)."""
        st = self.state
        row = self.query_one("#sm-hand", CardRow)
        if self.viewer is None or st.phase not in ("draft", "pair"):
            row.show([])
            return
        b = st.boards[self.viewer]
        cards = list(b.hand) if st.phase == "draft" else list(b.face_down)
        row.show([card_face(c) for c in cards], selected=0)

    def structure_ids(self) -> list[str]:
        """The structures still to claim (each town while one is left, the sanctuaries in play)."""
        ids: list[str] = self.state.open_structures()
        return ids

    def _show_structures(self) -> None:
        st = self.state
        ids = self.structure_ids()
        claim = set()
        if self.viewer is not None and st.phase in ("build", "over"):
            claim = {sid for sid, _ in st.claimable(st.boards[self.viewer])}
        faces = [structure_face(sid, "You can claim it now" if sid in claim else "") for sid in ids]
        self.query_one("#sm-structs", CardRow).show(faces)
        self.shown["#sm-structs"] = "\n".join(f"{f.title} {f.value}: {f.text}" for f in faces)

    def _zones_text(self) -> Text:
        """Every other player's zone (all of them for a spectator), side by side."""
        st = self.state
        if st is None:
            return Text()
        style = self.query_one(ZoneView).get_component_rich_style
        others = [s for s in range(st.num_players) if s != self.viewer]
        blocks = []
        for s in others:
            head = Text(no_wrap=True)
            head.append(("▁ " if s == self.last_mover else "  ") + f"{PLAYER_MARKS[s]} {self._who(s)}"[:19],
                        self._seat_style(s))
            blocks.append([head] + zone_lines(st.boards[s].construction, style, style(player_class(s % 5)),
                                              SMALL, marked=self._marked(s), grid=style("zone--grid")))
        width = max(1, self.size.width)
        per = max(1, (width + 2) // (SMALL.width + 2))
        out = Text()
        for i in range(0, len(blocks), per):
            if i:
                out.append("\n")
            out.append_text(side_by_side(blocks[i:i + per]))
        if not blocks:
            out.append("No other zones.")
        return out

    # ------------------------------------------------------- messages up
    def on_preview_changed(self, event: PreviewChanged) -> None:
        event.stop()
        self.update_action()
        if self.state is not None and self.state.phase == "auction":
            self._put("#sm-side", self.side_text())

    def on_room_needed(self, event: RoomNeeded) -> None:
        event.stop()
        self.notify(f"{event.reason[0].upper()}{event.reason[1:]}.", timeout=6)
        choices = self.query_one("#sm-choices", OptionList)
        if choices.display:
            choices.focus()

    def on_card_chosen(self, event: Card.Chosen) -> None:
        """A card picked: in the hand, the draft pick; among the structures, a
        claim (the state's legal moves say whether there is one)."""
        event.stop()
        st = self.state
        if st is None or self.viewer is None:
            return
        legal = st.legal(self.viewer) if self.can_act and self.viewer in st.to_act() else []
        if event.card in self.query_one("#sm-hand", CardRow).cards:
            found = [m for m in legal if getattr(m, "card", None) == CARD_TYPES.index(event.face.key)]
        else:
            found = [m for m in legal if isinstance(m, Claim) and m.sid == event.face.key]
            if not found:
                self.notify(f"You cannot claim the {event.face.title} now: build its shape, "
                            "with no other piece touching it, in your build turn.", timeout=5)
        if found:
            self.post_message(MoveChosen(st.format_move(found[0])))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(MoveChosen(event.option.id))

    def on_card_row_highlighted(self, event: CardRow.Highlighted) -> None:
        """Another card of the draft hand selected: the line says its pick."""
        if event.row.id == "sm-hand":
            self.update_action()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        zone = self.query_one(ZoneView)
        zone.highlight = 0
        st = self.state
        if st is not None and self.viewer is not None and 0 <= event.option_index < len(self.listed):
            move = self.listed[event.option_index]
            cell = getattr(move, "cell", None)
            b = st.boards[self.viewer]
            if cell is not None:
                i = b.piece_at(cell)
                if i is not None:
                    zone.highlight = b.construction[i][1]
            if isinstance(move, Claim):
                for sid, idx in st.claimable(b):
                    if sid == move.sid:
                        for i in idx:
                            zone.highlight |= b.construction[i][1]
        zone.refresh()

    def action_toggle_side(self) -> None:
        """Cycle the middle: your board, the structure cards, the other zones."""
        if self.state is None:
            return
        order = ["board", "structures", "zones"]
        self.side_mode = order[(order.index(self.side_mode) + 1) % len(order)]
        self._layout()
        if self.side_mode == "structures":
            self.query_one("#sm-structs", CardRow).focus()
        elif self.side_mode == "zones":
            self.query_one("#sm-pane").focus()  # scrolls by keys; t goes on
        else:  # show() gives the keys to what acts now; a focus asked for is only taken after this
            self.show(self.state, self.viewer, self.names, self.can_act)
            self.call_after_refresh(self._keys_to_a_shown_part)

    def _keys_to_a_shown_part(self) -> None:
        """Where the keys sit on a part no longer shown (the other zones'
        pane after t), give them to your zone, never to a hidden one."""
        focused = self.screen.focused
        if focused is None or not focused.display:
            zone = self.query_one(ZoneView)
            if zone.display:
                zone.focus()

    def action_legend(self) -> None:
        """Show every legend entry, or one line again."""
        self.query_one(Legend).toggle()
