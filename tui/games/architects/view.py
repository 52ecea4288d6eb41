"""Architects in the TUI: your commission board as a maze, the funds of every
client and architect and the bank, your hand as cards, the active effects,
and a card-play composer.

Keys: 1–6 pick cards from your hand (again to put one back, c clears); the
list below then holds exactly the legal moves made of the picked cards (a
single, a 9's toggle, a pair on an opponent, a 3–5-card group, a discard),
each with what it does, and Enter plays the highlighted one. With nothing
picked the list holds the plain moves: steps with what each gains or costs,
hyper-jumps, ending the turn. The auction: ↑/↓ a board, ←/→ (or digits) the
amount, Enter bids. Tab: board / cards / players; b: the next player's board;
L: the whole legend. Every rule question goes to the state (`legal`,
`describe_move`, `prompt`); the view matches picked cards against the legal
moves' cards and never works out a combination itself.
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import with_names
from engine.hidden import is_hidden
from engine.text import cells
from rulesets.architects import content as K
from rulesets.architects.board import BOARDS
from rulesets.architects.moves import Bid, Pair
from tui.games import base
from tui.games.architects.look import KEYS_HELP, LEGEND, PAGES, ROOMY, card_face, card_legend, fit_list, move_cards
from tui.games.architects.maze import GAP, HEIGHT, WIDE_GAP, MazeCanvas
from tui.games.base import KeyRefused, MoveChosen
from tui.widgets.card import Card, CardRow
from tui.widgets.legend import Legend
from tui.widgets.option_list import ChoiceList
from tui.widgets.player_panel import PlayerInfo, PlayerPanel, Resource
from tui.widgets.text_fit import fit_words, wrap_words


class MoveList(ChoiceList):
    """The composer's list of moves: Enter plays the highlighted one (`▶`,
    and on the key bar); with nothing to play it says why (`refusal`, from
    the state) instead of doing nothing."""

    BINDINGS = [Binding("enter", "select", "Play")]

    refusal = ""
    """Why nothing can be played with the picked cards ('' when something can)."""

    def action_select(self) -> None:
        if self.highlighted is None and self.refusal:
            self.post_message(KeyRefused(self.refusal))
            return
        super().action_select()


def shortened(text: str, width: int) -> str:
    """`text` in `width` cells by leaving out its asides in brackets, first
    to last, while it is too long (what tells two plays apart, the path and
    the notation, is at the end: a plain cut would lose it)."""
    while cells(text) > width and " (" in text:
        start = text.index(" (")
        depth, end = 0, -1
        for i in range(start + 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                end = i
                break
        if end < 0:
            break
        text = text[:start] + text[end + 1:]
    return text


def list_entry(text: str, width: int) -> str:
    """A move's 'words · notation' in `width` cells: its asides left out
    (`shortened`), then its words cut between words (' …') before the
    notation, which stays whole: never a word cut in the middle."""
    text = shortened(text, width)
    if cells(text) <= width:
        return text
    words, sep, notation = text.rpartition(" · ")
    room = width - cells(sep + notation)
    if sep and room >= 8:
        return fit_words(words, room) + sep + notation
    return fit_words(text, width)


BID_TAILS = (" · the lowest bid wins; your client starts with it", " · the lowest bid wins", "")
"""What the head adds to the highlighted bid, the first that fits two rows
(the winning bid is the client's funds, from the bank: RULES.md)."""
HEAD_MOST = 3
"""Rows the head may take to say a long highlighted move whole."""
WIDE = 80
"""From this width on the log is a column beside the view (60 columns wide)."""
STRIP = 2
"""Rows of the log strip under a narrower view."""
FULL_ROWS = 3
"""Rows of a player in the players panel's full form (name, resources, note)."""


class GameView(base.GameView, Vertical):
    """Header, the maze (or cards, or players), the composer, the moves, the legend."""

    KEYS_HELP = KEYS_HELP
    FULL = 21
    """The header, the maze, the hand line, three moves and the legend."""

    @property
    def MIN_HEIGHT(self) -> int:  # type: ignore[override]  # noqa: N802 (the hook's name)
        """FULL where the log's column fits beside the view (80 columns: at
        80×24 nothing is left for a log strip); narrower, the log is a strip
        of STRIP rows and the maze gives way."""
        return self.FULL if self.app.size.width >= WIDE else self.app.size.height - 3 - STRIP
    DEFAULT_CSS = """
    GameView { width: 60; height: 1fr; }
    GameView #ar-head { height: 2; }
    GameView #ar-page { height: auto; }
    GameView #ar-board { height: auto; }
    GameView #ar-board-side { width: 1fr; height: auto; }
    GameView #ar-cards { height: auto; }
    GameView #ar-compose { height: 1; }
    GameView #ar-moves { height: 1fr; min-height: 3; border: none; padding: 0; }
    GameView Legend { height: auto; }
    """
    BINDINGS = [
        *[Binding(str(k), f"pick({k - 1})", show=False) for k in range(1, 7)],
        Binding("c", "clear", "Clear", show=False),
        Binding("tab", "page", "Board/cards"),
        Binding("b", "boards", "Boards"),
        Binding("L", "legend", "Legend", show=False),
        Binding("left,h", "amount(-1)", show=False),
        Binding("right,l", "amount(1)", show=False),
        *[Binding(str(k), f"digit({k})", show=False) for k in (7, 8, 9, 0)],
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.legal: list[Any] = []
        self.picked: list[int] = []
        """Picked cards (card ids), in the order picked."""
        self.page = "board"
        self.shown_seat: int | None = None
        """Whose board the maze shows (None: the viewer's)."""
        self.amounts: dict[int, int] = {}
        """The auction: the amount prepared for each board."""
        self.typed = ""
        self.last = ""
        self.options: list[Any] = []
        self.roomy = False
        self.legend_open = False
        self.rows = self.FULL
        """The rows the view has on the screen (fit_to)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="ar-head")
        with Vertical(id="ar-page"):
            with Horizontal(id="ar-board"):
                yield MazeCanvas(id="ar-maze")
            yield CardRow(id="ar-cards")
            yield PlayerPanel(id="ar-players")
            yield Static("", id="ar-flags")
        yield Static("", id="ar-compose")
        yield MoveList(id="ar-moves")
        yield Legend(LEGEND, key="L")

    def on_mount(self) -> None:
        self.fit_to(*self.app.size)

    def fit_to(self, width: int, height: int) -> None:
        """The cards and players also on the board page when there is room;
        on a small screen the maze shows the rows round your client (or the
        highlighted move), so the moves keep their room."""
        self.roomy = height >= ROOMY
        self.rows = height - 3 - (0 if width >= WIDE else STRIP)
        self.styles.width = max(60, width - 40) if width >= 100 else 60
        if self.is_mounted:
            self.query_one("#ar-maze", MazeCanvas).set_gap(WIDE_GAP if width >= 100 else GAP)
        self._layout_pages()

    # ---------------------------------------------------------------- show
    def show(self, state: Any, viewer: int | None, names: Sequence[str], can_act: bool) -> None:
        """Draw `state` (the viewer's view); list the moves if `can_act`."""
        if viewer != self.viewer:  # per-seat state starts afresh for a new viewer
            self.picked, self.page, self.shown_seat, self.amounts, self.typed = [], "board", None, {}, ""
        self.take_position(state, viewer, names, can_act)
        self.legal = list(state.legal(viewer)) if can_act and viewer is not None else []
        hand = self.hand()
        self.picked = [c for c in self.picked if c in hand]
        self.query_one("#ar-moves", OptionList).highlighted = None  # a new position: the first move
        self.redraw()
        if can_act:
            self.query_one("#ar-moves", OptionList).focus()

    def mark_last(self, seat: int | None, notation: str | None) -> None:
        """A move was just played: name it in the header (seat None: no move
        yet; notation None: a move this viewer may not see)."""
        self.last = "" if seat is None else f"last move: {self.player_name(seat)}"
        if self.state is not None:
            self._draw_head()

    def hand(self) -> list[int]:
        """The viewer's hand (never another seat's)."""
        st = self.state
        if st is None or self.viewer is None or not 0 <= self.viewer < len(st.players):
            return []
        return [c for c in st.players[self.viewer].hand if not is_hidden(c)]

    def player_name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    def redraw(self) -> None:
        self.query_one(Legend).entries = card_legend(self.hand()) + LEGEND
        self._draw_head()
        self._draw_options()
        self._draw_maze()
        self._draw_cards()
        self._draw_players()
        self._draw_compose()
        self._layout_pages()

    def _layout_pages(self) -> None:
        if not self.is_mounted:
            return
        board = self.page == "board"
        covered = self.legend_open and not self.roomy  # the whole legend under the maze, over the hand and the moves
        legend = self.query_one(Legend)
        width = self.styles.width.value if self.styles.width is not None else 60
        # the maze shows the rows round your client (or the highlighted move) that leave the rest their room
        below = legend.expanded_rows(int(width)) if covered else self.FULL - HEIGHT
        self.query_one("#ar-maze", MazeCanvas).set_window(self.rows - below)
        self.query_one("#ar-head").display = not covered
        self.query_one("#ar-compose").display = not covered
        self.query_one("#ar-moves").display = not covered
        if legend.can_focus != covered:  # the keys stay in the view while the legend covers the moves
            legend.can_focus = covered
            if covered:
                legend.focus()
            elif self.can_act:
                self.query_one("#ar-moves", OptionList).focus()
        self.query_one("#ar-board").display = board
        self.query_one("#ar-cards").display = self.page == "cards" or (board and self.roomy)
        self.query_one("#ar-players").display = self.page == "players" or (board and self.roomy)
        self.query_one("#ar-flags").display = self.page == "players"
        players = self.query_one("#ar-players", PlayerPanel)
        if self.page == "players":  # the page to itself: each player in full (architect, board, where) if it fits
            alone = self.rows - (self.FULL - HEIGHT) - 2  # the bank and effects take two rows
            players.compact = len(players.players) * FULL_ROWS > alone
        else:
            players.compact = True if self.roomy and self.rows < 45 else None

    def bidding(self) -> bool:
        """True while the viewer, still without a board, bids in the auction:
        the head and the maze show the board of the highlighted bid."""
        st, seat = self.state, self.viewer
        return bool(st is not None and self.can_act and st.phase == "auction" and seat is not None
                    and st.players[seat].board < 0)

    def board_seat(self) -> int | None:
        """The seat whose board the maze shows: the one `b` chose, else a
        highlighted pair's target (the pair moves their client: its path is
        underlined on their board), else the viewer's."""
        st = self.state
        if self.bidding():
            return None  # the board bid on
        seats = [s for s, p in enumerate(st.players) if p.board >= 0]
        if self.shown_seat in seats:
            return self.shown_seat
        move = self.highlighted() if self.can_act else None
        if isinstance(move, Pair) and move.target in seats:
            return int(move.target)
        if self.viewer in seats:
            return self.viewer
        return seats[0] if seats else None

    def _draw_head(self) -> None:
        """Two rows in words, each fitted whole to the view's width: the board
        and round, then the effects on (as many as fit, then how many more:
        the players page lists them all) and who moved last."""
        st = self.state
        width = self.size.width or 60
        seat = self.board_seat()
        if self.is_mounted:
            self._head_rows(2)
        if seat is None:
            move = self.highlighted()
            if isinstance(move, Bid) and self.bidding():  # the bid Enter seals, in the state's words
                said = "▶ " + self.describe(st, move, self.viewer)
                for tail in BID_TAILS:  # the longest that fits two rows: what a bid is for
                    lines = wrap_words(said + tail, width)
                    if len(lines) <= 2:
                        break
                self.query_one("#ar-head", Static).update(Text("\n".join(lines[:2]), "bold"))
                return
            b = BOARDS[move.board if isinstance(move, Bid) else (st.open_boards[0] if st.open_boards else 0)]
            first = [f"Auction · board {b.roman} {b.title}"]
            second = [f"bids {b.min_bid}–{b.max_bid}", "sealed, the lowest wins"]
        elif self.cut_highlight():  # the move Enter plays, whole (its list entry is cut)
            lines = wrap_words(self.cut_highlight(), width)
            if len(lines) > HEAD_MOST:
                lines = lines[: HEAD_MOST - 1] + [fit_words(" ".join(lines[HEAD_MOST - 1:]), width)]
            self._head_rows(len(lines))
            self.query_one("#ar-head", Static).update(Text("\n".join(lines), "bold"))
            return
        else:
            b = st.board_of(seat)
            whose = "your board" if seat == self.viewer else f"{self.player_name(seat)}'s (b: next)"
            first = [f"Board {b.roman} {b.title}", whose, f"round {st.round}"]
            on = [K.EFFECTS[f] for f in sorted(st.flags)]
            second = ["ENDGAME: gains halved"] if st.endgame else []
            room = width - sum(len(p) + 3 for p in second)
            second.append(fit_list("On: ", on, room) if on else "On: no effects (only yellow open)")
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(first[0], "bold")
        t.append("".join(f" · {p}" for p in first[1:]))
        t.append("\n" + " · ".join(second))
        if self.last and len(" · ".join([*second, self.last])) <= width:  # the log has it too
            t.append(" · " + self.last, "dim")
        self.query_one("#ar-head", Static).update(t)

    def _head_rows(self, rows: int) -> None:
        """The head `rows` high: a third row takes the hand line's place
        (a long move said whole; the list's row shows the picked cards)."""
        rows = max(2, rows)
        head = self.query_one("#ar-head", Static)
        if head.styles.height is None or head.styles.height.value != rows:
            head.styles.height = rows
        self.query_one("#ar-compose").display = rows < 3 and not (self.legend_open and not self.roomy)

    def _draw_maze(self) -> None:
        st = self.state
        seat = self.board_seat()
        maze = self.query_one("#ar-maze", MazeCanvas)
        if seat is None:
            move = self.highlighted()
            b = move.board if isinstance(move, Bid) else (st.open_boards[0] if st.open_boards else 0)
            maze.show(BOARDS[b], st.flags, {})
            return
        board_index = st.players[seat].board
        clients = {p.pos: s for s, p in enumerate(st.players) if p.board == board_index and p.status == "playing"}
        marked: tuple[int, ...] = ()
        move = self.highlighted()
        b = BOARDS[board_index]
        path = getattr(move, "path", None) or ((getattr(move, "to", None),) if hasattr(move, "to") else ())
        owner = move.target if isinstance(move, Pair) else self.viewer
        if path and owner == seat:
            marked = tuple(b.names.index(n) for n in path if n in b.names)
        mine = st.players[seat].pos if st.players[seat].status == "playing" else None
        maze.show(b, st.flags, clients, marked, focus=marked[-1] if marked else mine)

    def _draw_cards(self) -> None:
        hand = self.hand()
        faces = [card_face(c, c in self.picked) for c in hand]
        self.query_one("#ar-cards", CardRow).show(faces)

    def _draw_players(self) -> None:
        st = self.state
        rows = []
        acting = st.to_act()
        for s, p in enumerate(st.players):
            arch = "?" if is_hidden(p.architect) else K.ARCHITECTS[p.architect].name
            where = f"board {BOARDS[p.board].roman} at {BOARDS[p.board].names[p.pos]}" if p.board >= 0 else (
                "has bid" if p.bid is not None else "bidding")
            rows.append(PlayerInfo(
                s, self.player_name(s), score=p.funds, score_word="architect funds", score_symbol="$",
                to_act=s in acting, you=s == self.viewer,
                resources=(Resource("¢", p.client, "client funds", one="client fund"),
                           Resource("▤", len(p.hand), "cards")),
                note=f"{arch} · {where} · {p.status}",
            ))
        self.query_one("#ar-players", PlayerPanel).players = tuple(rows)
        flags = [f"{K.EFFECTS[f]} on" for f in sorted(st.flags)]
        self.query_one("#ar-flags", Static).update(
            f"Bank: {st.bank} · deck {len(st.deck)} · discards {len(st.discard)}\n" + ("; ".join(flags) or "no effects on"))

    def _draw_compose(self) -> None:
        st = self.state
        t = Text(no_wrap=True, overflow="ellipsis")
        for i, c in enumerate(self.hand()):
            picked = c in self.picked
            t.append(f"{i + 1})", "bold")
            t.append(f"{'✓' if picked else ''}{K.card_code(c)}", "reverse" if picked else "")
            t.append(" ")
        seat = self.viewer
        if seat is not None and st.players[seat].board < 0 and st.phase == "auction":
            t = Text(f"Bank {st.bank} · ←/→ amount, ↑/↓ board, Enter bids", no_wrap=True)
        else:
            t.append(f" ¢{st.players[seat].client} ${st.players[seat].funds} bank {st.bank}" if seat is not None else "")
        self.query_one("#ar-compose", Static).update(t)

    # -------------------------------------------------------------- options
    def _draw_options(self) -> None:
        st = self.state
        ol = self.query_one("#ar-moves", MoveList)
        keep = ol.highlighted
        ol.clear_options()
        self.options = []
        ol.refusal = ""
        if not self.can_act:
            waiting = with_names(st.prompt(self.viewer), self.names) if self.viewer is not None else "Watching"
            ol.add_option(Option(Text(waiting, "dim"), disabled=True))  # 'Wait for Bot 2', never 'Seat 2'
            return
        if st.phase == "auction":
            for b in sorted(st.open_boards):
                bd = BOARDS[b]
                amount = self.amounts.setdefault(b, bd.min_bid)
                self.options.append(Bid(b, amount))
                ol.add_option(Option(f"{bd.roman:<3} {bd.title}: bid {amount}  ({bd.min_bid}–{bd.max_bid})"))
        else:
            want = sorted(self.picked)
            self.options = [m for m in self.legal if sorted(move_cards(m)) == want]
            if not self.options and want:  # the state says why, shown now and again on Enter
                why = st.why_no_play(self.viewer, want)
                ol.refusal = f"No play: {why}"
                ol.add_option(Option(Text(f"No play: {why} (c clears)", "bold"), disabled=True))
            width = self.list_width()
            for m in self.options:
                ol.add_option(Option(list_entry(self.entry(st, m), width)))
            if not want and self.hand():
                ol.add_option(Option(Text("1–6 pick cards to play or discard them (c clears)", "dim"), disabled=True))
                if not self.options:  # Enter says what to do instead of nothing
                    ol.refusal = "Pick cards first (1–6) to play or discard them"
        if self.options:
            ol.highlighted = keep if keep is not None and keep < len(self.options) else 0

    def entry(self, st: Any, move: Any) -> str:
        """A move as the list says it: its words first, its notation after."""
        return f"{self.describe(st, move, self.viewer)} · {st.format_move(move)}"

    def list_width(self) -> int:
        """Cells a list entry has (one row each: the highlighted one is said
        whole in the head when it is cut)."""
        return max(20, (self.size.width or 60) - 2 - cells(ChoiceList.MARK))

    def cut_highlight(self) -> str:
        """The highlighted move in full ('▶ words · notation') when its
        list entry is cut, else ''."""
        st, move = self.state, self.highlighted()
        if move is None or isinstance(move, Bid) or not self.can_act:
            return ""
        said = self.entry(st, move)
        return "▶ " + said if len(said) > self.list_width() else ""

    def highlighted(self) -> Any:
        ol = self.query_one("#ar-moves", OptionList)
        i = ol.highlighted
        return self.options[i] if i is not None and i < len(self.options) else None

    def highlighted_move(self) -> Any:
        """The move Enter would play now (the highlighted one of the list), or None."""
        return self.highlighted() if self.can_act else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.state is not None:
            self._draw_maze()
            self._draw_head()  # the bid, or a move whose entry is cut, in words

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        move = self.highlighted()
        if move is None or not self.can_act:
            return
        self.picked, self.typed = [], ""
        self.post_message(MoveChosen(self.state.format_move(move)))

    def on_card_chosen(self, event: Card.Chosen) -> None:
        event.stop()
        self._toggle(int(event.face.key))

    # ----------------------------------------------------------------- keys
    def _toggle(self, card: int) -> None:
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
        self.query_one("#ar-moves", OptionList).highlighted = None
        self._draw_options()
        self._draw_cards()
        self._draw_compose()
        self._draw_maze()

    def action_pick(self, index: int) -> None:
        """Pick (or put back) the card at `index` of the hand; a digit in the auction."""
        if self.state is not None and self.state.phase == "auction":
            self.action_digit((index + 1) % 10)
            return
        hand = self.hand()
        if self.can_act and index < len(hand):
            self._toggle(hand[index])

    def action_clear(self) -> None:
        if self.picked:
            self.picked = []
            self._toggle_redraw()

    def _toggle_redraw(self) -> None:
        self._draw_options()
        self._draw_cards()
        self._draw_compose()
        self._draw_maze()

    def action_page(self) -> None:
        """Board, then your cards (←/→ browse them, Enter picks), then the players."""
        self.page = PAGES[(PAGES.index(self.page) + 1) % len(PAGES)]
        self._layout_pages()
        self.refresh_bindings()  # whether b applies depends on the page
        if self.page == "cards" and self.hand():
            self.query_one("#ar-cards", CardRow).focus()
        elif self.can_act:
            self.query_one("#ar-moves", OptionList).focus()

    def key_applies(self, action: str) -> bool:
        """The key bar offers `b` only when it shows something else: another
        won board, or the board page from another page (not while you bid)."""
        if action != "boards" or self.state is None:
            return True
        if self.bidding():
            return False  # the maze shows the board bid on
        seats = [s for s, p in enumerate(self.state.players) if p.board >= 0]
        return len(seats) > 1 or (bool(seats) and self.page != "board")

    def action_boards(self) -> None:
        st = self.state
        if st is None:
            return
        seats = [s for s, p in enumerate(st.players) if p.board >= 0]
        if not seats:
            return
        cur = self.board_seat()
        self.shown_seat = seats[(seats.index(cur) + 1) % len(seats)] if cur in seats else seats[0]
        self.page = "board"
        self._layout_pages()
        self.refresh_bindings()
        self._draw_head()
        self._draw_maze()

    def action_legend(self) -> None:
        """The whole legend (in the room of the hand and the moves at 80×24:
        the maze stays), or one line again."""
        legend = self.query_one(Legend)
        legend.toggle()
        self.legend_open = not self.legend_open
        self._layout_pages()

    def _bid_board(self) -> int | None:
        move = self.highlighted()
        return move.board if isinstance(move, Bid) else None

    def action_amount(self, delta: int) -> None:
        b = self._bid_board()
        if b is None:
            return
        bd = BOARDS[b]
        self.amounts[b] = max(bd.min_bid, min(bd.max_bid, self.amounts.get(b, bd.min_bid) + delta))
        self.typed = ""
        self._draw_options()
        self._draw_head()  # the bid in words

    def action_digit(self, digit: int) -> None:
        b = self._bid_board()
        if b is None:
            return
        bd = BOARDS[b]
        self.typed = (self.typed + str(digit))[-3:]
        value = int(self.typed)
        if value > bd.max_bid:
            self.typed, value = str(digit), digit
        self.amounts[b] = max(bd.min_bid, min(bd.max_bid, value))
        self._draw_options()
        self._draw_head()  # the bid in words

