"""A timed or rated room in a few words, for the lobby's line, `ssh HOST
status` and `tsquare server rooms`: whether it is rated (or void, and why),
and its clock while it goes on (time left, a stand-in bot at a person's
seat, a clock that waits for a person's first visit) or its result once
over (never '0s left')."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tui.server.db.rated import TERMS_COLUMNS, RoomTerms, _terms_of
from tui.server.records import seat_label

if TYPE_CHECKING:
    from tui.server.db.store import DbStore


@dataclass(frozen=True)
class RoomNow:
    """A room's terms with where its game stands."""

    terms: RoomTerms
    seats: list[str | None]
    to_act: list[int]
    over: bool
    ranks: list[int]
    """Each seat's place once over ([] while the game goes on)."""

    def name(self, seat: int) -> str:
        return seat_label(self.seats[seat])

    def clock(self, user: str | None = None) -> str:
        """The clock in words while the game goes on, else its result."""
        t = self.terms
        if self.over or t.lost_on_time >= 0:
            return self.result()
        stood = [s for s in t.stand_ins if s in self.to_act] or list(t.stand_ins)
        if user is not None and any(self.seats[s] == user for s in stood):
            return "a bot is playing your seat"
        if stood:
            return f"a bot is playing {self.name(stood[0])}'s seat"
        if t.timed and not t.turn_since and self.to_act:
            first = self.to_act[0]
            whose = "your" if user is not None and self.seats[first] == user else f"{self.name(first)}'s"
            return f"waits for {whose} first visit"
        return t.clock_words()

    def result(self) -> str:
        t = self.terms
        if t.lost_on_time >= 0:
            return f"{self.name(t.lost_on_time)} lost on time"
        if not self.ranks:
            return "over"
        best = min(self.ranks)
        firsts = [self.name(s) for s, r in enumerate(self.ranks) if r == best]
        if len(firsts) == len(self.ranks) > 1:
            return "a draw"
        return f"{' and '.join(firsts)} won"

    def note(self, user: str | None = None) -> str:
        """'rated' or 'void: why', then a timed room's clock or result."""
        t = self.terms
        rated = f"void: {t.void}" if t.void else "rated" if t.rated else ""
        return " · ".join(w for w in (rated, self.clock(user) if t.timed else "") if w)


def rooms_now(store: "DbStore", room_ids: list[str]) -> dict[str, RoomNow]:
    """The rooms among `room_ids` that have terms, one query per 500."""
    from tui.server.db.rooms import room_id_of, room_number

    out: dict[str, RoomNow] = {}
    nums = [room_number(r) for r in room_ids]
    for i in range(0, len(nums), 500):
        part = nums[i:i + 500]
        cols = ", ".join(f"t.{c.strip()}" for c in TERMS_COLUMNS.split(","))
        rows = store._q(f"SELECT t.room, {cols}, r.seats, r.to_act, r.state, "
                        f"CASE WHEN r.state = 'over' THEN r.header ELSE '' END "
                        f"FROM room_terms t JOIN rooms r ON r.n = t.room WHERE t.room IN ({', '.join('?' * len(part))})",
                        tuple(part))
        for row in rows:
            *head, seats, to_act, state, header = row
            result = (json.loads(header).get("result") or {}) if header else {}
            out[room_id_of(int(head[0]))] = RoomNow(_terms_of(tuple(head[1:])), json.loads(seats), json.loads(to_act),
                                                    state == "over", [int(r) for r in result.get("ranks", [])])
    return out


def clocks(store: object, room_ids: list[str]) -> dict[str, str]:
    """The clock (or result) in words of each timed room among `room_ids`
    (none on a store without a database)."""
    if not hasattr(store, "db") or not room_ids:
        return {}
    found = rooms_now(store, room_ids)  # type: ignore[arg-type]
    return {rid: words for rid, now in found.items() if now.terms.timed and (words := now.clock())}


def room_notes(store: "DbStore", room_ids: list[str], user: str | None = None) -> dict[str, str]:
    """Per room among `room_ids`: rated (or void) and its clock or result,
    as the lobby shows them to `user`."""
    return {rid: words for rid, now in rooms_now(store, room_ids).items() if (words := now.note(user))}
