"""Why a marked move is marked, in words, from the second look's own
statistics (engine/review_look.py): what the played move gives up in win
share, how sure the search is, and what the search expects the other
players to answer to each move (in the game's own words: the rulesets'
`describe_move`). Player names are `{P1}`-style placeholders, filled in when
shown (`engine.events.Event.render`)."""
from __future__ import annotations

from typing import Any, Hashable

from engine.core import GameState, Move
from engine.review_look import Look


def reply_words(view: GameState[Any], seat: int, move: Move, reply: tuple[int, Hashable] | None,
                seed: int) -> str:
    """'{P2} would …' for the expected reply to `move`, or '' when there is
    none or it cannot be put in words (a sample the reply does not fit)."""
    from engine.events import for_reader
    from engine.rng import Rng

    if reply is None:
        return ""
    who, answer = reply
    try:
        after = view.determinize(seat, Rng(seed))
        after.apply_trusted(seat, move)
        words = for_reader(after.describe_move(answer, who), who, None)  # about them: '{P2} draws 2 cards'
    except Exception:  # noqa: BLE001 - a reply from another sample: said without it
        return ""
    return f"{{P{who + 1}}} would answer: {words}" if words else ""


def reason(view: GameState[Any], seat: int, played: Move, best: Move, look: Look, seed: int,
           unit: str) -> str:
    """One sentence (or two) on why `played` is marked against `best`: the
    win share it gives up and how sure the search is, the final scores where
    the look's playouts reached the end, the expected answers."""
    gave = round(100 * (look.best_share - look.played_share))
    sure = round(100 * look.low)
    said = (f"it keeps {100 * look.played_share:.0f}% win share where the better move keeps "
            f"{100 * look.best_share:.0f}%: it gives up {gave} points of win share (at least {sure}, by "
            f"{look.samples} {unit} of the two moves)")
    if look.scores is not None:
        said += "; " + score_words(seat, *look.scores)
    after_played = reply_words(view, seat, played, look.reply, seed)
    after_best = reply_words(view, seat, best, look.best_reply, seed)
    if after_played and after_played != after_best:
        said += f"; after it {after_played}"
        if after_best:
            said += f", after the better move {after_best}"
    elif after_best:
        said += f"; after the better move {after_best}"
    return said[0].upper() + said[1:] + "."


def score_words(seat: int, after_played: tuple[float, ...], after_best: tuple[float, ...]) -> str:
    """The mover's mean final score after each move, against its best
    rival's: 'played out to the end, it leaves {P2} 9.2 points to {P1}'s
    12.1 on average; the better move 11.2 to 11'."""
    def rival(scores: tuple[float, ...]) -> int | None:
        others = [s for s in range(len(scores)) if s != seat]
        return max(others, key=lambda s: scores[s]) if others else None

    r = rival(after_played)
    if r is None:
        return (f"played out to the end, it leaves {{P{seat + 1}}} {after_played[seat]:g} points on average; "
                f"the better move {after_best[seat]:g}")
    return (f"played out to the end, it leaves {{P{seat + 1}}} {after_played[seat]:g} points to {{P{r + 1}}}'s "
            f"{after_played[r]:g} on average; the better move {after_best[seat]:g} to {after_best[r]:g}")
