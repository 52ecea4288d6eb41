"""Square and Compass in the TUI, drawn with the widget kit: the action board,
the three markets as cards, your tableau, every player's public state, a
legend, and a line saying what the highlighted choice costs and gives.

Pages (Tab cycles, Esc goes back to the one the step needs): `board` (place
a tile, use your perk or pass), `market` (take a resource, contract or
technician/hazard/project card: the stalls and the deck as cards), `you`
(your hand, materials, gems, contracts with what they still lack),
`players`, and `choose` (the other steps: process, convert, play, build,
aim a hazard, discard, choose an architect — a list of the legal moves in
words). The view only ever posts the notation of one of
`state.legal(viewer)`'s moves; what a move costs and gives comes from
`describe_move`, why a move is refused from `why_illegal`.
"""
from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rulesets.square_and_compass import content as K
from rulesets.square_and_compass.moves import DONE, PERK, ChooseArchitect, Place, TakeContract, TakeResource, TakeTech
from tui.games import base
from tui.games.base import MoveChosen
from tui.games.square_and_compass.board import ActionBoard
from tui.games.square_and_compass.faces import (
    BLUEPRINT_MARK,
    LEGEND,
    architect_face,
    built_by_style,
    contract_face,
    deck_face,
    hand_words,
    lack_words,
    materials_words,
    player_notes,
    player_rows,
    resource_face,
    thp_face,
    who,
)
from tui.widgets.card import Card, CardFace, CardRow
from tui.widgets.legend import Legend
from tui.widgets.option_list import ChoiceList
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.text_fit import fit_parts

PAGES = ("board", "market", "you", "players")
"""What Tab cycles through (`choose` joins while a step needs it)."""
MARKET_STEPS = {"harvest": "res", "res": "res", "res_n": "res", "con": "con", "tech": "thp"}
"""Step -> the market row it takes from."""
TAKE = {"res": TakeResource, "con": TakeContract, "thp": TakeTech}
TALL = 34
"""From this many terminal rows the players' table stays under the board."""
SHORT = 24
"""Below this many terminal rows, taking from a market shows only that market's row."""

KEYS_HELP = """
## Square and Compass keys

| key | does |
|---|---|
| ↑ ↓ (k j) | action board: move between the 12 actions, your perk and pass |
| Enter | place a tile on the action under the cursor / take the card / choose the line |
| ← → (h l) | a market: move between the stalls and the deck |
| ↑ ↓ | a list of choices (process, convert, play, build, hazards, discards) |
| d | done: skip an optional step |
| Tab | the next page: board, market, you, players |
| Esc | back to the page the step needs |
| L | the whole legend |

The line above the legend says what the highlighted choice costs and gives
(or why it cannot be chosen now). Board: `1`…`5` are the players' tiles,
`·` room left, `✗` a late action still closed with the order it opens in.
Cards: `◇` modern, `■` brutalist, `▲` gothic, `Π` classical, `♣` victorian,
`✱` mixed; `⚙` technician, `⚠` hazard, `☀` project; `✿` sustainable,
`▦` blueprint, `☆` rarity. Every move can also be typed (`:`) or picked
from all moves (`a`); see `tsquare rules square-and-compass`.
"""


class GameView(base.GameView, Vertical):
    """The Square and Compass board view the game screen mounts."""

    KEYS_HELP = KEYS_HELP
    MIN_HEIGHT = 21
    """The market page (resources, contracts, technicians/hazards/projects,
    each with its detail line): at 80×24 no row is left for a log strip."""
    DEFAULT_CSS = """
    GameView { width: 2fr; min-width: 58; height: 1fr; }
    GameView #sc-head { height: 1; max-height: 2; text-style: bold; }
    GameView .sc-page { height: 1fr; }
    GameView .sc-label { height: auto; max-height: 2; color: $text-muted; }
    GameView CardRow { height: auto; }
    GameView #sc-tableau { height: auto; }
    GameView #sc-players { height: 1fr; }
    GameView #sc-players PlayerPanel { height: auto; }
    GameView #sc-notes { height: auto; color: $text-muted; }
    GameView #sc-choices { height: auto; max-height: 1fr; min-height: 3; }
    GameView #sc-detail { height: auto; min-height: 2; max-height: 6; color: $text; }
    """
    BINDINGS = [
        Binding("tab", "page", "Page", show=False),
        Binding("escape", "back", "Back", show=False),
        Binding("d", "done", "Done"),
        Binding("L", "legend", "Legend", show=False),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.legal: list[Any] = []
        self.page = "board"
        self.tall = False
        """Room for the players' table under the board."""
        self.choice_moves: list[Any] = []
        """The moves of the choose list, in its order."""
        self.shown_viewer: Any = object()
        """The seat the kept widget state belongs to."""

    def compose(self) -> ComposeResult:
        yield Static("", id="sc-head")
        yield ActionBoard(id="sc-board", classes="sc-page")
        with Vertical(id="sc-market", classes="sc-page"):
            yield Static("Resources", classes="sc-label", id="sc-res-label")
            yield CardRow(id="sc-res", detail=False, narrowest=8)
            yield Static("Contracts", classes="sc-label", id="sc-con-label")
            yield CardRow(id="sc-con")
            yield Static("Technicians, hazards, projects", classes="sc-label", id="sc-thp-label")
            yield CardRow(id="sc-thp", detail=False)
        with Vertical(id="sc-you", classes="sc-page"):
            yield Static("", id="sc-tableau")
            yield Static("Contracts in hand", classes="sc-label", id="sc-hand-label")
            yield CardRow(id="sc-hand")
            yield Static("Technicians ⚙ hazards ⚠ projects ☀ in hand", classes="sc-label")
            yield CardRow(id="sc-techs", detail=False)
        with Vertical(id="sc-choose", classes="sc-page"):
            yield Static("", id="sc-choose-head")
            yield CardRow(id="sc-archs", detail=False)
            yield ChoiceList(id="sc-choices")
            yield Static("Contracts in hand", classes="sc-label", id="sc-choose-hand-label")
            yield CardRow(id="sc-choose-hand")
        with Vertical(id="sc-players"):
            yield PlayerPanel(compact=True)
            yield Static("", id="sc-notes")
        yield Static("", id="sc-detail")
        yield Legend(LEGEND, id="sc-legend")

    # ------------------------------------------------------- attributes down
    def show(self, state: Any, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (already `viewer`'s view); keys act if `can_act`."""
        self.take_position(state, viewer, names, can_act)
        self.legal = state.legal(viewer) if can_act and viewer is not None else []
        new_seat = viewer != self.shown_viewer
        self.shown_viewer = viewer
        board = self.query_one(ActionBoard)
        board.set_state(state, viewer, self.legal)
        if new_seat or state.phase == "turn" and can_act:
            board.reset()
        if new_seat or can_act or self.page == "choose":
            self.page = self.step_page()
        self._draw_head()
        self._draw_markets()
        self._draw_you()
        self._draw_choose()
        self.query_one(PlayerPanel).players = tuple(player_rows(state, names, viewer))
        self.query_one("#sc-notes", Static).update("\n".join(player_notes(state, names)))
        self._show_page(focus=can_act)
        self._describe(self._highlighted())

    def fit_to(self, width: int, height: int) -> None:
        """Keep the players' table under the board when the terminal is tall."""
        self.tall = height >= TALL
        if self.state is not None:
            self._draw_markets()
            self._draw_choose()
            self._show_page(focus=False)

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """Mark the action space of the last tile placed (`seat` played `notation`)."""
        board = self.query_one(ActionBoard)
        st = self.state
        if st is None or seat is None or notation is None:
            return
        for a in range(len(K.ACTIONS)):
            if st.format_move(Place(a)) == notation:
                board.last_action, board.last_seat = a, seat
                board.refresh()

    # ------------------------------------------------------------ pages
    def step_page(self) -> str:
        """The page the viewer's current step needs."""
        st = self.state
        if not self.can_act or st is None:
            return "board" if self.page == "choose" else self.page
        if st.phase == "act":
            row = MARKET_STEPS.get(st.parts[0].rstrip("?"))
            return "market" if row else "choose"
        if st.phase in ("architect", "discard"):
            return "choose"
        return "board"

    def market_row(self) -> str | None:
        """The market row the current step takes from, if any."""
        st = self.state
        if not self.legal or st is None or st.phase != "act":
            return None
        return MARKET_STEPS.get(st.parts[0].rstrip("?"))

    def _show_page(self, focus: bool) -> None:
        for page in ("board", "market", "you", "choose"):
            self.query_one(f"#sc-{page}").display = page == self.page
        players = self.query_one("#sc-players")
        players.display = self.page == "players" or (self.tall and self.page == "board")
        board = self.query_one(ActionBoard)
        board.styles.height = "auto" if players.display else "1fr"
        if not focus:
            return
        if self.page == "board":
            self.query_one(ActionBoard).focus()
        elif self.page == "market":
            self.query_one(f"#sc-{self.market_row() or 'res'}", CardRow).focus()
        elif self.page == "choose":
            if self.state.phase == "architect":
                self.query_one("#sc-archs", CardRow).focus()
            else:
                self.query_one("#sc-choices", OptionList).focus()
        elif self.page == "you":
            self.query_one("#sc-hand", CardRow).focus()

    def action_page(self) -> None:
        pages = list(PAGES) + (["choose"] if self.step_page() == "choose" else [])
        self.page = pages[(pages.index(self.page) + 1) % len(pages)] if self.page in pages else "board"
        self._show_page(focus=True)
        self._describe(self._highlighted())

    def action_back(self) -> None:
        self.page = self.step_page() if self.can_act else "board"
        self._show_page(focus=True)
        self._describe(self._highlighted())

    def action_done(self) -> None:
        if DONE in self.legal:
            self.post_message(MoveChosen(self.state.format_move(DONE)))
        else:
            self._refuse(DONE)

    def action_legend(self) -> None:
        self.query_one(Legend).toggle()

    # ------------------------------------------------------------ drawing
    def _draw_head(self) -> None:
        st = self.state
        head = f"Round {st.round} · first player: {st.first + 1} {who(self.names, st.first)}"
        if self.viewer is not None:
            head += f" · you: ★{st.players[self.viewer].vp} VP"
        box = self.query_one("#sc-head", Static)
        if st.phase == "over":  # said whole, on two rows if need be
            box.styles.height = "auto"
            box.update(f"Game over: {st.end_reason}")
            return
        width = box.size.width or self.size.width or self.app.size.width
        box.update(fit_parts(head + " · Tab: pages", width))  # parts left out whole, never 'Tab:' alone

    def _draw_markets(self) -> None:
        st = self.state
        rows = {
            "res": ([resource_face(c, str(i)) for i, c in enumerate(st.res_market)]
                    + [deck_face("resource", len(st.res_deck), "deck")]),
            "con": ([contract_face(c, str(i)) for i, c in enumerate(st.con_market)]
                    + [deck_face("contract", len(st.con_deck), "deck")]),
            "thp": ([thp_face(c, str(i)) for i, c in enumerate(st.thp_market)]
                    + [deck_face("T/H/P", len(st.thp_deck), "deck")]),
        }
        active = self.market_row()
        self.query_one("#sc-con", CardRow).wrap = self.tall  # contracts in full when there is room
        for name, faces in rows.items():
            muted = []
            row = self.query_one(f"#sc-{name}", CardRow)
            pick = None
            if active is not None:
                muted = [i for i in range(len(faces)) if name != active or TAKE[name](i) not in self.legal]
                takeable = [i for i in range(len(faces)) if i not in muted]
                if name == active and takeable and row.selected in muted:  # never start on a card Enter cannot take
                    pick = takeable[0]
            row.show(faces, muted=muted, selected=pick)
        labels = {"res": f"Resources · deck {len(st.res_deck)}", "con": f"Contracts · deck {len(st.con_deck)}",
                  "thp": f"T/H/P: ⚙ technicians ⚠ hazards ☀ projects · deck {len(st.thp_deck)}"}
        short = self.app.size.height < SHORT
        for name, label in labels.items():
            mark = "▶ take one (←/→ Enter" + (", d skip" if DONE in self.legal else "") + "): " if name == active else ""
            self.query_one(f"#sc-{name}-label", Static).update(mark + label)
            shown = not (short and active is not None and name != active)  # the row taken from stays on screen
            for part in (f"#sc-{name}", f"#sc-{name}-label"):
                widget = self.query_one(part)
                if widget.display != shown:
                    widget.display = shown

    def _draw_you(self) -> None:
        st = self.state
        tableau = self.query_one("#sc-tableau", Static)
        hand = self.query_one("#sc-hand", CardRow)
        techs = self.query_one("#sc-techs", CardRow)
        if self.viewer is None:
            tableau.update("A spectator sees no hand: see the players page (Tab).")
            hand.show([])
            techs.show([])
            return
        s = self.viewer
        p = st.players[s]
        arch = ""
        if p.architect >= 0:
            a = K.ARCHITECTS[p.architect]
            arch = f"{a.name} ({K.STYLES[a.style]}) · "
        lines = [
            f"{arch}★{p.vp} VP · ◆{p.gems} gems · {BLUEPRINT_MARK}{p.blueprints} blueprints · ▮{p.tiles_left} of {p.tiles} tiles left",
            f"Cards ▤ {hand_words(p.hand)}",
            f"Materials ▣ {materials_words(p.materials)}",
            f"Built ⌂ {built_by_style(p.built)} · contracts {len(p.contracts)} of {st.contract_limit(s)}",
        ]
        tableau.update("\n".join(lines))
        hand.show([contract_face(c, str(c), lack_words(st, s, c)) for c in p.contracts])
        self.query_one("#sc-hand-label", Static).update(
            "Contracts in hand" + ("" if p.contracts else ": none (take one at Draftsman or Project Manager)"))
        techs.show([thp_face(c, str(c)) for c in p.thp])

    def _draw_choose(self) -> None:
        st = self.state
        head = self.query_one("#sc-choose-head", Static)
        archs = self.query_one("#sc-archs", CardRow)
        choices = self.query_one("#sc-choices", ChoiceList)
        prompt = st.prompt(self.viewer) if self.viewer is not None else st.prompt(st.to_act()[0]) if st.to_act() else ""
        lines = [prompt]
        if self.viewer is not None and st.phase not in ("architect",):
            p = st.players[self.viewer]
            lines.append(f"▤ {hand_words(p.hand)} · ▣ {materials_words(p.materials)} · {BLUEPRINT_MARK}{p.blueprints} blueprints")
        head.update("\n".join(lines))
        archs.display = st.phase == "architect"
        if st.phase == "architect" and self.viewer is not None:
            faces = [architect_face(a.architect, str(a.architect)) for a in self.legal if isinstance(a, ChooseArchitect)]
            archs.show(faces)
        hand = self.query_one("#sc-choose-hand", CardRow)
        viewer = self.viewer
        mine = []  # the viewer's contracts, each with what it lacks
        if viewer is not None and st.phase != "architect":
            mine = [contract_face(c, str(c), lack_words(st, viewer, c)) for c in st.players[viewer].contracts]
        hand.show(mine)
        hand.display = self.query_one("#sc-choose-hand-label").display = self.tall and bool(mine)
        moves = [] if st.phase == "architect" else list(self.legal)
        self.choice_moves = moves
        choices.clear_options()
        choices.add_options([Option(self._words(m)) for m in moves])
        choices.display = st.phase != "architect"
        if moves:
            choices.highlighted = 0

    def _words(self, move: Any) -> str:
        text = self.describe(self.state, move, self.viewer)
        return text[:1].upper() + text[1:]

    # ------------------------------------------------------------ the detail line
    def _highlighted(self) -> Any:
        """The move the cursor is on in the shown page (None if none)."""
        if self.page == "board":
            return self.query_one(ActionBoard).current
        if self.page == "market":
            row = self.market_row()
            if row:
                return TAKE[row](self.query_one(f"#sc-{row}", CardRow).selected)
        if self.page == "choose":
            if self.state.phase == "architect":
                options = [m for m in self.legal if isinstance(m, ChooseArchitect)]
                sel = self.query_one("#sc-archs", CardRow).selected
                return options[sel] if 0 <= sel < len(options) else None
            hi = self.query_one("#sc-choices", OptionList).highlighted
            if hi is not None and 0 <= hi < len(self.choice_moves):
                return self.choice_moves[hi]
        return None

    def highlighted_move(self) -> Any:
        """The move Enter would play now (the one under the shown page's
        cursor, if legal), or None."""
        if self.state is None or self.viewer is None or not self.can_act:
            return None
        move = self._highlighted()
        return move if move is not None and move in self.legal else None

    def _focused_card(self) -> str:
        """The card under the cursor of a focused card row, in words (its whole
        name and text: a compact card cuts them), or ''."""
        row = self.app.focused if self.is_mounted else None
        if not (isinstance(row, CardRow) and row.size.width):  # none, or one on a page not shown
            # the row the page gives the keys to (the focus may not have moved there yet)
            pages = {"market": f"#sc-{self.market_row() or 'res'}", "you": "#sc-hand"}
            row = self.query_one(pages[self.page], CardRow) if self.page in pages else None
        if row is not None and row.faces and row.id != "sc-archs":
            return row.detail_line(row.selected)
        return ""

    def _describe(self, move: Any) -> None:
        detail = self.query_one("#sc-detail", Static)
        st = self.state
        if move is None and self._focused_card():
            detail.update(self._focused_card())
            return
        if move is None or self.viewer is None or not self.can_act:
            if st.is_over():
                detail.update("The game is over.")
            elif not self.can_act:
                waiting = ", ".join(who(self.names, s) for s in st.to_act())
                detail.update(f"Waiting for {waiting}.")
            else:
                detail.update(st.prompt(self.viewer))
            return
        if move in self.legal:
            detail.update(f"Enter: {self.describe(st, move, self.viewer)}")
        else:
            detail.update(f"✗ {st.why_illegal(self.viewer, move)}{self._perk_words(move)}")

    def _perk_words(self, move: Any) -> str:
        """' · perk The Modulor: …' (the whole perk, which the board's row may
        cut) when `move` is the perk, else ''."""
        st = self.state
        if move != PERK or self.viewer is None or st.players[self.viewer].architect < 0:
            return ""
        name, text = K.PERKS[K.ARCHITECTS[st.players[self.viewer].architect].perk][:2]
        return f" · perk {name}: {text}"

    def _refuse(self, move: Any) -> None:
        self.app.bell()
        st = self.state
        if st is None:
            return
        if self.can_act and self.viewer is not None:
            reason = st.why_illegal(self.viewer, move) or ""
        else:
            reason = "the game is over" if st.is_over() else "not your turn to choose"
        self.query_one("#sc-detail", Static).update(f"✗ {reason}")

    # ------------------------------------------------------------ messages up
    def on_action_board_highlighted(self, m: ActionBoard.Highlighted) -> None:
        m.stop()
        self._describe(m.move)

    def on_action_board_refused(self, m: ActionBoard.Refused) -> None:
        m.stop()
        self._refuse(m.move)

    def on_descendant_focus(self, _event: Any) -> None:
        """Another row or the board took the keys: say what is under its cursor."""
        if self.state is not None:
            self._describe(self._highlighted())

    def on_card_row_highlighted(self, m: CardRow.Highlighted) -> None:
        m.stop()
        self._describe(self._highlighted())

    def on_card_chosen(self, m: Card.Chosen) -> None:
        m.stop()
        st = self.state
        row = m.card.parent.parent if m.card.parent is not None else None
        row_id = getattr(row, "id", "") or ""
        move: Any = None
        if row_id == "sc-archs":
            options = [x for x in self.legal if isinstance(x, ChooseArchitect)]
            move = options[m.index] if m.index is not None and m.index < len(options) else None
        elif row_id.removeprefix("sc-") in TAKE and m.index is not None:
            move = TAKE[row_id.removeprefix("sc-")](m.index)
        if move is None:
            return
        if move in self.legal:
            self.post_message(MoveChosen(st.format_move(move)))
        else:
            self._refuse(move)

    def on_option_list_option_highlighted(self, m: OptionList.OptionHighlighted) -> None:
        m.stop()
        self._describe(self._highlighted())

    def on_option_list_option_selected(self, m: OptionList.OptionSelected) -> None:
        m.stop()
        if 0 <= m.option_index < len(self.choice_moves):
            self.post_message(MoveChosen(self.state.format_move(self.choice_moves[m.option_index])))


__all__ = ["GameView", "CardFace"]
