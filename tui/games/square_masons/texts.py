"""What Square Masons' view says in its panels, as Rich texts: the top
line, each player's row, and the phase's panel beside your zone (the draft,
the auction with the bids, the build). `PanelTexts` is a part of the
GameView (which inherits it): it reads the state it was shown and never
changes a widget."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

from rulesets.square_masons import content as d
from rulesets.square_masons.content import BLOCK_TYPES, CARD_TYPES, MARKET, ORDER, STONE
from rulesets.square_masons.words import coins as _coins
from rulesets.square_masons.words import outbid_cost
from tui.games import base
from tui.games.square_masons.draw import BLOCK_KIND, BLOCK_ROW, CARD_LOOK
from tui.games.square_masons.zone import ZoneView
from tui.widgets.palette import PLAYER_MARKS, player_class
from tui.widgets.player_panel import PlayerInfo, PlayerPanel, Resource


def owned_words(b: Any) -> str:
    """A board's structures in words: 'Bank ×2, Tower'."""
    parts = [t.title + (f" ×{n}" if n > 1 else "") for t, n in zip(d.TOWNS, b.towns) if n]
    parts += [d.STRUCTURES[sid].title for sid in b.sanctuaries]
    return ", ".join(parts)


def pips(n: int, hidden: int = 0) -> str:
    """'●●?' for two cards face up and one face down; '·' for none."""
    return "●" * n + "?" * hidden or "·"


class PanelTexts(base.GameView, Widget):
    """The texts of the view's panels, from the state last shown."""

    def _who(self, s: int) -> str:
        return self.names[s] if s < len(self.names) else f"Seat {s + 1}"

    # ------------------------------------------------------- texts
    def top_text(self) -> Text:
        """The round, the direction, who holds the markers, the phase."""
        st = self.state
        t = Text(no_wrap=True)
        way = "↻" if st.way == 1 else "↺"
        t.append(f"Round {st.round}", "bold")
        t.append(f" · {st.phase.replace('_', ' ')} · first {self._who(st.first)} {way}")
        for sym, _word, holder in (("♛", "Order", st.order_holder), ("◆", "Market", st.market_holder)):
            t.append(f" · {sym} ")
            t.append("nobody" if holder is None else self._who(holder),
                     "" if holder is None else self._seat_style(holder))
        return t

    def _seat_style(self, seat: int) -> str:
        """A seat's colour as a Rich style, from the theme."""
        return str(self.query_one("#sm-players", PlayerPanel).get_component_rich_style(player_class(seat % 5)))

    def _doing(self, s: int, full: bool = True) -> str:
        """What a seat is doing now, in a word or two."""
        st = self.state
        b = st.boards[s]
        if st.phase == "draft":
            return ("✓ has picked" if full else "✓") if b.pick is not None else ("picking…" if full else "…")
        if st.phase == "auction":
            return ("✓ has bid" if full else "✓") if b.bid is not None else ("bidding…" if full else "…")
        if b.won is not None:
            return f"won {BLOCK_TYPES[b.won]}" if full else f"+{BLOCK_TYPES[b.won]}"
        if b.lost and st.phase != "direction":
            return f"outbid, paid {_coins(b.lost_paid)}" if full else "✗"
        return ""

    def player_infos(self, full: bool) -> tuple[PlayerInfo, ...]:
        """Each player's row for the panel (`full`: with what each has built)."""
        st = self.state
        acting = st.to_act() if st.phase != "over" else ()
        out = []
        for s, b in enumerate(st.boards):
            built = sum(b.towns) + len(b.sanctuaries)
            note = ", ".join(p for p in (self._doing(s, full), owned_words(b) if full else "") if p)
            held = (Resource("$", b.coins, "coins"), Resource("■", b.stones, "stones"),
                    Resource("▤", b.reserve_blocks, "reserve"))
            out.append(PlayerInfo(
                s, self._who(s), score=b.prestige, score_word="prestige", to_act=s in acting, you=s == self.viewer,
                resources=held + ((Resource("⌂", built, "built"),) if full else ()), note=note))
        return tuple(out)

    def side_text(self) -> Text:
        """The phase's panel beside your zone."""
        st = self.state
        if st.phase in ("direction", "draft", "pair", "tie"):
            return self._draft_text()
        if st.phase in ("market", "auction", "auction_tie"):
            return self._auction_text()
        return self._build_text()

    def _draft_text(self) -> Text:
        st = self.state
        t = Text()
        if st.phase == "draft":
            t.append(f"Pick {st.pick_no} of {d.HAND_SIZE} · ", "bold")
        if self.viewer is not None:
            b = st.boards[self.viewer]
            if b.pick is not None:
                look = CARD_LOOK[CARD_TYPES[b.pick]]
                t.append(f"your sealed pick: {look.symbol} {look.title}\n", "bold")
        t.append("Drafted", "bold")
        t.append(" (most ♛ ■ ◆: marker, stone)\n", "dim")
        for card in range(len(CARD_TYPES)):
            look = CARD_LOOK[CARD_TYPES[card]]
            t.append(f"{look.symbol} {look.title:<7}", "bold")
            counts = [b.drafted[card] for b in st.boards]
            top = max(counts)
            for s, b in enumerate(st.boards):
                mine = b.drafted[card] + (b.face_down.count(card) if s == self.viewer else 0)
                t.append(f" {PLAYER_MARKS[s]} ", self._seat_style(s))
                lead = card in (ORDER, STONE, MARKET) and top > 0 and counts[s] == top
                t.append(f"{pips(mine):<4}", "bold" if lead else "")
            t.append("\n")
        others = [s for s, b in enumerate(st.boards) if b.face_down and s != self.viewer]
        if others:
            t.append("? face down".ljust(9), "bold")
            for s, b in enumerate(st.boards):
                t.append(f" {PLAYER_MARKS[s]} ", self._seat_style(s))
                t.append(f"{pips(0, len(b.face_down)) if s in others else '':<4}")
        t.rstrip()
        return t

    def _auction_text(self) -> Text:
        st = self.state
        t = Text()
        t.append("Auction", "bold")
        t.append(" · bids sealed till all chose\n" if st.phase == "auction" else "\n", "dim")
        zone = self.query_one(ZoneView)
        bidding = zone.bidding()
        for i, bt in enumerate(st.offer):
            kind = BLOCK_TYPES[bt]
            who = st.sold[i] if i < len(st.sold) else None
            sel = bidding and zone.space == i + 1
            t.append("▶" if sel else " ", "bold")
            t.append(f" {i + 1} ", "bold reverse" if sel else "bold")
            t.append(f" {kind} ", "bold")
            t.append(f"{BLOCK_ROW[kind]:<5}", self._kind_style(kind))
            if who is not None:
                t.append("sold to ")
                t.append(self._who(who), self._seat_style(who))
            elif sel:
                t.append(f"bid {zone.amount}", "bold")
                t.append(f" · outbid: pay {outbid_cost(zone.amount)}")
            t.append("\n")
        sel = bidding and zone.space == 0
        t.append("▶" if sel else " ", "bold")
        t.append(" 0 ", "bold reverse" if sel else "bold")
        t.append(f" withdraw: +{_coins(d.WITHDRAW_COINS)}\n")
        if st.phase in ("auction", "market"):  # the bids shown after the market would be last round's
            t.append(st.auction_rule() + "\n", "dim")
        else:
            t.append_text(self._bids_text())
        t.append("Supply: ", "dim")
        t.append(" ".join(f"{ch}×{k}" for ch, k in zip(BLOCK_TYPES, st.supply)), "dim")
        return t

    def _kind_style(self, kind: str) -> str:
        return str(self.query_one("#sm-players", PlayerPanel).get_component_rich_style(f"kind-{BLOCK_KIND[kind]}"))

    def _bids_text(self) -> Text:
        """The revealed bids, one seat a line."""
        t = Text()
        for s, x in enumerate(self.state.revealed):
            if x is None:
                continue
            t.append(f"{PLAYER_MARKS[s]} {self._who(s)}", self._seat_style(s))
            t.append(": withdrew\n" if x[0] == 0 else f": {_coins(x[1])} on space {x[0]}\n")
        return t

    def _build_text(self) -> Text:
        """The build phase's panel: the auction's result."""
        st = self.state
        t = Text()
        b = st.boards[self.viewer] if self.viewer is not None else None
        if b is not None and b.lost:
            t.append(f"You were outbid and paid {_coins(b.lost_paid)}.\n", "bold")
        if st.phase == "over":
            t.append("Final standing (money breaks ties)\n", "bold")
            for s in st.standings():
                ob = st.boards[s]
                t.append(f"{PLAYER_MARKS[s]} {self._who(s)}", self._seat_style(s))
                t.append(f"  ★ {ob.prestige}  $ {ob.coins}  {owned_words(ob) or 'nothing built'}\n")
        bids = self._bids_text()
        if bids.plain and st.phase != "over":
            t.append("Bids this round\n", "dim")
            t.append_text(bids)
        t.rstrip()
        return t
