"""A toy game for engine tests: two seats call heads or tails in turn, four
calls; more heads wins. The plugin test installs this very file as a
package of its own (so it imports only the engine)."""
from pathlib import Path

from engine.core import Event, GameState, Outcome, Ruleset, ranks_from_keys
from engine.errors import InvalidMoveError


class State(GameState):
    """Whose call it is and the heads called so far."""

    num_players = 2

    def __init__(self):
        self.turn = 0
        self.heads = [0, 0]

    def to_act(self):
        return () if self.turn >= 4 else (self.turn % 2,)

    def legal(self, seat):
        return ["heads", "tails"] if seat in self.to_act() else []

    def step(self, seat, move):
        self.heads[seat] += move == "heads"
        self.turn += 1
        return [Event("{P%d} says %s" % (seat + 1, move))]

    def outcome(self):
        if self.turn < 4:
            return None
        return Outcome(tuple(self.heads), ranks_from_keys([(h,) for h in self.heads]),
                       tuple({"heads": h} for h in self.heads), "four calls made")

    def clone(self):
        c = State()
        c.turn = self.turn
        c.heads = list(self.heads)
        return c

    def view(self, seat):
        return self.clone()

    def format_move(self, move):
        return move

    def parse_text(self, text):
        t = "".join(text.split()).lower()
        if t in ("heads", "tails"):
            return t
        if t and ("heads".startswith(t) or "tails".startswith(t)):
            return None
        raise InvalidMoveError(f"{text!r} is not heads or tails")

    def snapshot(self):
        return {"turn": self.turn, "heads": list(self.heads)}

    def render(self, seat, names):
        return f"heads {self.heads}"


class CoinFlip(Ruleset):
    """The toy game as a plugin."""

    id = "coin-flip"
    title = "Coin Flip"
    min_players = 2
    max_players = 2
    summary = "Call heads or tails."
    package_dir = Path(__file__).parent

    def new_game(self, players, seed, options):
        return State()


RULESET = CoinFlip()
