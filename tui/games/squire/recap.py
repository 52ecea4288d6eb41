"""The other players' last turn in one line for the Squire screen: where
they went, what they traded and placed, which exhibition and errand, from
their moves (parsed with the state's own `parse_text`) and the position now
(the tile a gallery space holds). Words only: no rule is decided here."""
from __future__ import annotations

from typing import Any, Sequence

from rulesets.squire import content as K
from rulesets.squire.moves import (
    ChooseBoard,
    Drop,
    Errand,
    Exhibit,
    Go,
    Offer,
    Salvage,
    Space,
    Trade,
    space_name,
)
from rulesets.squire.state import SquireState
from tui.games.squire.look import TILE_MARKS, tile_brief


def move_brief(st: SquireState, seat: int, move: Any) -> str:
    """A move of `seat`'s in a few words ('' for one not worth a word: done)."""
    cities = st.game_map.cities
    if isinstance(move, Go):
        return f"→ {cities[move.city].name}"
    if isinstance(move, Trade):
        return "bought" if move.buy else "sold"
    if isinstance(move, Space):
        return f"{tile_brief(st.players[seat].gallery[move.index])} in {space_name(move.index)}"
    if isinstance(move, Offer):
        return f"offer {move.card}"
    if isinstance(move, Exhibit):
        return f"exhibits {K.TYPE_PLURALS[move.colour]}"
    if isinstance(move, Errand):
        return f"errand {move.card}"
    if isinstance(move, Drop):
        return f"dropped errand {move.card}"
    if isinstance(move, Salvage):
        return f"salvaged {TILE_MARKS[move.colour]}{move.value}"
    if isinstance(move, ChooseBoard):
        return f"took {K.BOARDS[move.board].name.split(',')[0]}"
    return ""


def turn_recap(st: SquireState, moves: Sequence[tuple[int, str | None]], names: Sequence[str]) -> str:
    """'Bot 2: → Manchester → Glasgow · bought · ▤5 in 1b · exhibits
    sculptures · errand 3' for the moves the others made since your last
    ('' for none); each player's run under their name."""
    runs: list[tuple[int, list[str]]] = []
    for seat, notation in moves:
        word = "a hidden move" if notation is None else move_brief(st, seat, st.parse_text(notation))
        if not runs or runs[-1][0] != seat:
            runs.append((seat, []))
        if word:
            words = runs[-1][1]
            if word.startswith("→") and words and words[-1].startswith("→"):
                words[-1] += " " + word  # a journey reads as one: → Manchester → Glasgow
            else:
                words.append(word)
    return "; ".join(f"{names[s] if s < len(names) else f'Player {s + 1}'}: {' · '.join(w) or 'no move'}"
                     for s, w in runs)
