"""The rows a server's room form adds to the setup form: rated or not, the
time for each move, and what happens when a person runs out of it (see
`tui.server.db.rated`). The form's own rows (players, seats, options, seed,
hints) are the local setup form's."""
from __future__ import annotations

from typing import Any

from tui.server.db.rated import DAY, LOSS, RoomTerms, duration_words

LIMITS = (0, 60, 5 * 60, 15 * 60, 3600, DAY, 3 * DAY, 7 * DAY)
"""The move time limits the form offers (0: none): real-time minutes, turn-based days."""
TERMS_ROWS = ("terms:rated", "terms:limit", "terms:policy")
TERMS_HELP = {
    "terms:rated": "Rated: the game's end updates the players' ratings (never with hints on). ←→ changes it.",
    "terms:limit": "Time for each move: when a person runs out, the next row says what happens. ←→ changes it.",
    "terms:policy": "When a person's time runs out: they lose the game, or a bot plays their seat until they "
                    "come back. ←→ changes it.",
}


class TermsRows:
    """Mixed into the room form (a `SetupForm`): three rows before its start row."""

    choices: Any
    ruleset: Any

    def terms_state(self) -> dict[str, Any]:
        state: dict[str, Any] | None = getattr(self, "_terms", None)
        if state is None:
            state = self._terms = {"rated": False, "limit": 0, "policy": LOSS}
        return state

    def policies(self) -> list[str]:
        return [LOSS] + [f"bot:{lvl}" for lvl in self.ruleset.bot_levels]

    def row_keys(self) -> list[str]:
        rows: list[str] = super().row_keys()  # type: ignore[misc]
        return rows[:-1] + [r for r in TERMS_ROWS if r != "terms:policy" or self.terms_state()["limit"]] + rows[-1:]

    def _row(self, key: str) -> tuple[str, str]:
        t = self.terms_state()
        if key == "terms:rated":
            return "Rated", "yes" if t["rated"] else "no"
        if key == "terms:limit":
            return "Time per move", duration_words(t["limit"]) if t["limit"] else "no limit"
        if key == "terms:policy":
            return "When time runs out", "they lose" if t["policy"] == LOSS else f"bot {t['policy'][4:]} plays for them"
        row: tuple[str, str] = super()._row(key)  # type: ignore[misc]
        return row

    def action_change(self, step: int) -> None:
        key = self.row_keys()[self.choices.row]
        t = self.terms_state()
        if key == "terms:rated":
            t["rated"] = not t["rated"]
        elif key == "terms:limit":
            t["limit"] = LIMITS[(LIMITS.index(t["limit"]) + step) % len(LIMITS)]
        elif key == "terms:policy":
            p = self.policies()
            t["policy"] = p[(p.index(t["policy"]) + step) % len(p)]
        else:
            return super().action_change(step)  # type: ignore[misc,no-any-return]
        self.problem = ""
        self._changed()  # type: ignore[attr-defined]

    def help_line(self) -> str:
        key = self.row_keys()[self.choices.row]
        if key in TERMS_HELP and not getattr(self, "problem", ""):
            return TERMS_HELP[key]
        return super().help_line()  # type: ignore[misc,no-any-return]

    def terms(self) -> RoomTerms:
        """The room's terms as chosen."""
        t = self.terms_state()
        return RoomTerms(rated=t["rated"], move_seconds=t["limit"], policy=t["policy"])
