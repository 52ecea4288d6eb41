"""A search bot for every game: information-set Monte Carlo tree search.

One bot plays every game through the engine contract alone:

- Perfect information: plain MCTS (UCT) on clones of the position.
- Hidden hands, shuffled decks, sealed simultaneous choices: single-observer
  information-set MCTS (Cowling, Powley & Whitehouse 2012). Each iteration
  samples a complete state from the bot's own view with
  `state.determinize(seat, rng)`, then walks one shared tree keyed by moves,
  choosing among the children available in that sample (UCB with
  availability counts). The bot is only ever given its seat's view, so it
  cannot peek: two states that differ in what the seat cannot see give the
  same view, hence the same samples and the same move.
- Several players: every node keeps the reward of the seat that moved into
  it, so each seat maximises its own result (max^n backups).
- Rollouts: random moves, cut off after `rollout_plies` (default 0) and scored by the
  ruleset's `evaluate(seat)` where it offers one, played to the end
  otherwise (win = 1, shared first place = 1/k, else 0).
- Prior: the game's default bot (given by `Ruleset.make_bot`) proposes a
  move at the root; the search explores it harder and plays it unless its
  most visited move has a clearly higher value (`pick`).
- Progressive widening: a node with n visits tries only the first
  1 + √n moves of its ranking, the prior bot's choice first (at the root,
  and one level down its reply to each root move), the rest shuffled; so
  a large branching factor does not spread the budget one visit a move.
- Policy rollouts (a game's `Ruleset.search_style` "rollouts"): no tree;
  the prior's move and two others (`deep`: seven, `LEVEL_CANDIDATES`) are each played out by the game's
  default bot at every seat (to the end of the game, or a few plies and
  then `evaluate_all`, where a whole game costs the bot too much), in the
  same sampled worlds with the same bots' seeds (common random numbers, so two moves are
  compared on the same luck), and the best mean result is played if it
  beats the prior's by `ROLLOUT_MARGIN`. This is the rollout algorithm
  (Tesauro & Galperin 1996; Bertsekas): an improvement on its bot where
  the samples are right. It wins where the tree's leaf value misjudges
  turns of many plies (Squire's journeys, Square Masons' sealed rounds)
  and a whole game costs the default bot milliseconds.
- Root parallelism: with `workers` > 1 (the `deep` level: one per core)
  each worker process searches a tree of its own and the root statistics
  are added up.
- Budget: iterations, seconds, or both (whichever ends first). For a given
  seed, an iteration budget (no time limit) and a worker count the bot is
  deterministic.
"""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, cast

from engine.bots.base import Bot
from engine.bots.levels import SEARCH_LEVELS, SEARCH_STYLES
from engine.capabilities import MoveT
from engine.rng import Rng
from engine.state import GameState, Move


@dataclass
class Node:
    """One node of the search tree: the position after `move` by `seat`."""

    move: Hashable | None
    """The move that led here (None at the root)."""
    seat: int | None
    """The seat that made it (None at the root)."""
    parent: "Node | None" = None
    children: dict[Hashable, "Node"] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    """Sum of the rewards of `seat` over the visits."""
    available: int = 0
    """How often this node's move was available when its parent was chosen
    from (the ISMCTS correction to UCB)."""
    ranked: list[Hashable] | None = None
    """The moves from here in the order they are let in (progressive
    widening): the prior bot's choice first, then a seeded shuffle."""
    rank: dict[Hashable, int] | None = None
    """Each move of `ranked` -> its place there."""


@dataclass(frozen=True)
class Budget:
    """How long a search may run."""

    iterations: int | None = 1000
    """At most this many iterations (None: no limit)."""
    seconds: float | None = None
    """At most this much wall time (None: no limit)."""


@dataclass(frozen=True)
class MoveStat:
    """What the search thinks of one root move."""

    move: Hashable
    visits: int
    value: float
    """The mean reward of the searching seat after this move (≈ win share)."""


LEVELS: dict[str, Budget] = {name: Budget(iterations=None, seconds=sec) for name, sec in SEARCH_LEVELS.items()}
"""The budgets of the named search levels (about 1 s and 5 s a move)."""

LEVEL_WORKERS: dict[str, int] = {"deep": max(1, min(8, os.cpu_count() or 1))}
"""Processes a level searches in (one tree each): `deep` uses the cores."""

DEEP_FACTOR = 8
"""Under a fixed budget (`fix_iterations`), how many times the `search`
level's iterations the `deep` level gets, over FIXED_DEEP_WORKERS trees:
what it reaches in its time on two cores (6.7 to 11 times, about 4 times
a tree: docs/search-strength.md, "The levels' own budgets")."""
FIXED_DEEP_WORKERS = 2
"""Trees `deep` searches under a fixed budget, whatever the machine's
cores, so a fixed-budget match plays the same games on any machine."""
_workers_before: int | None = None


def tree_share(budget: Budget, level_trees: int, game_trees: int | None) -> tuple[Budget, int]:
    """The budget and tree count of a level that searches `level_trees`
    trees where the game allows at most `game_trees` (None: no limit;
    `Ruleset.search_trees`). Fewer trees keep each tree's share of a fixed
    iteration budget, as they would keep its time."""
    trees = level_trees if game_trees is None else max(1, min(game_trees, level_trees))
    if trees < level_trees and budget.iterations is not None:
        budget = Budget(iterations=max(1, budget.iterations * trees // level_trees), seconds=budget.seconds)
    return budget, trees


def fix_iterations(iterations: int | None) -> None:
    """Give the named levels a fixed iteration budget instead of their time:
    `search` gets `iterations`, `deep` DEEP_FACTOR times as many in
    FIXED_DEEP_WORKERS trees (None: back to their seconds and `deep`'s own
    processes). For reproducible matches (the arena's `--iterations`): the
    result no longer depends on the machine's speed, load or cores."""
    global _workers_before
    for name, sec in SEARCH_LEVELS.items():
        if iterations is None:
            LEVELS[name] = Budget(iterations=None, seconds=sec)
        else:
            LEVELS[name] = Budget(iterations=iterations * (DEEP_FACTOR if name == "deep" else 1), seconds=None)
    if iterations is not None and _workers_before is None:
        _workers_before = LEVEL_WORKERS["deep"]
        LEVEL_WORKERS["deep"] = FIXED_DEEP_WORKERS
    elif iterations is None and _workers_before is not None:
        LEVEL_WORKERS["deep"] = _workers_before
        _workers_before = None


ROLLOUT_PLIES = 0
"""Default random plies before an evaluated rollout is cut off: none, the
new leaf is scored by the ruleset's own judgement (measured against the
games' heuristics: 0 and 2 plies alike, 40 clearly weaker)."""


class SearchBot(Bot):
    """Information-set MCTS through the engine contract; see the module doc."""

    def __init__(
        self,
        seed: int = 0,
        level: str = "search",
        budget: Budget | None = None,
        exploration: float = 0.7,
        rollout_plies: int | None = None,
        prior: Bot | None = None,
        widening: float | None = 1.0,
        workers: int | None = None,
        style: str = "tree",
        policy: Callable[[int], Bot] | None = None,
        playout_plies: int | None = None,
        leaf_value: Callable[[GameState[Any], int], list[float]] | None = None,
        prior_margin: float | None = None,
        prior_boost: float | None = None,
        trees: int | None = None,
    ) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.budget, self.workers = tree_share(
            budget or LEVELS.get(level, Budget()),
            max(1, workers if workers is not None else LEVEL_WORKERS.get(level, 1)),
            trees,
        )
        """The budget, and how many trees are searched at once in as many
        processes (root parallelism): the level's (`LEVEL_WORKERS`), at most
        the game's `trees` (`Ruleset.search_trees`), each tree its share."""
        self.exploration = exploration
        """The UCB constant (rewards are in [0, 1])."""
        self.rollout_plies = ROLLOUT_PLIES if rollout_plies is None else rollout_plies
        """Random plies before a rollout is cut off and evaluated (if the
        ruleset evaluates; otherwise rollouts run to the end)."""
        self.prior = prior
        """A fast bot (the game's default level) whose choice the search
        explores harder at the root and keeps unless the search finds a move
        clearly better (by `PRIOR_MARGIN` of win share)."""
        self.widening = widening
        """Progressive widening: a node with n visits tries its first
        1 + widening·√n moves (None: every move at once)."""
        if style not in SEARCH_STYLES:
            raise ValueError(f"unknown search style {style!r} (one of {', '.join(SEARCH_STYLES)})")
        if style == "rollouts" and policy is None:
            raise ValueError("the rollouts style needs a policy: a bot for a seed")
        self.style = style
        """'tree' (ISMCTS) or 'rollouts' (policy rollouts at the root)."""
        self.policy = policy
        """Makes the bot that plays a seat in a policy rollout, from a seed."""
        self.playout_plies = playout_plies
        """Plies a policy rollout plays before `evaluate_all` scores it
        (None: to the end of the game)."""
        self.leaf_value = leaf_value
        """In the tree: the game's own judgement of a new leaf (a full
        sample) whose last move was by the given seat, every seat's reward
        in [0, 1]: e.g. the rest of that seat's turn played by a cheap
        greedy, then `evaluate_all` (`Ruleset.search_leaf`). None: random
        plies then `evaluate_all` (`_rollout`)."""
        self.margin = (PRIOR_MARGIN if prior_margin is None else prior_margin) if style == "tree" else ROLLOUT_MARGIN
        """How much better a move must look to overrule the prior's."""
        self.boost = PRIOR_BOOST if prior_boost is None else prior_boost
        """How much harder the root explores the prior's move (UCB constant
        times this)."""
        self.candidate_count = LEVEL_CANDIDATES.get(level, ROLLOUT_CANDIDATES)
        """How many root moves the 'rollouts' style compares (the prior's first)."""
        self.prior_move: Hashable | None = None
        self.candidates: list[Move] = []
        """The root moves the last 'rollouts' search compared."""
        self.last_iterations = 0
        """Iterations of the last search (for benchmarks and hints)."""
        self.include: Hashable | None = None
        """A root move the current search must try (`analyse`'s `include`)."""
        self.even_root = False
        """At the root, try the least visited move instead of the UCB pick
        (the review's second look: every compared move gets as many visits)."""
        self.last_root: Node | None = None
        """The root of the last one-process tree search (the review reads
        the expected reply to a move there)."""
        self.round_results: list[list[float]] = []
        """The last one-process 'rollouts' search: per round (sampled world),
        each candidate's result for the seat, in `candidates` order (the
        review's paired confidence bound)."""
        self.first_replies: list[tuple[int, Hashable, Hashable]] = []
        """The last one-process 'rollouts' search: (seat, candidate, first
        move another seat made after it) per playout."""
        self.final_scores: list[tuple[Hashable, tuple[int, ...]]] = []
        """The last one-process 'rollouts' search: (candidate, every seat's
        final score) per playout that reached the end of the game."""

    # ------------------------------------------------------------ public
    def choose(self, state: GameState[MoveT], seat: int) -> MoveT:
        legal = state.legal(seat)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        stats = self.analyse(state, seat)
        return cast(MoveT, pick(stats, self.prior_move, self.margin))  # one of `legal`

    def analyse(self, state: GameState[Any], seat: int, include: Move | None = None,
                only: list[Move] | None = None) -> list[MoveStat]:
        """Search from `state` (the seat's view) and return every root move
        with its visits and value, most visited first. `include`: a move
        the search must try at the root, right after the prior's (the game
        review judges the move played this way, on the same samples as the
        others). With several
        `workers`, each searches its own tree (its own seed, its share of
        the iterations, the same deadline) in a process of its own, and the
        root statistics are added up (root parallelism). `only`: the root
        moves to compare (the review's second look), no prior bot asked."""
        budget = self.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        legal = state.legal(seat)
        self.prior_move = None
        if only is not None:
            legal = [m for m in legal if m in only]
        elif self.prior is not None and len(legal) > 1:
            self.prior_move = self.prior.choose(state, seat)
        self.include = include
        if self.style == "rollouts":  # one set for every worker, so their sums add up
            self.candidates = list(legal) if only is not None else self._candidates(legal, self.rng)
        workers = self.workers if len(legal) > 1 else 1
        limit = budget.iterations
        shares = [None if limit is None else limit // workers + (k < limit % workers) for k in range(workers)]
        rngs = [self.rng.fork() for _ in range(workers)] if workers > 1 else [self.rng]
        own = self.rng
        if workers == 1:
            totals, n = self._search(state, seat, legal, shares[0], deadline, rngs[0])
        else:
            totals, n = self._search_parallel(state, seat, legal, shares, deadline, rngs)
        self.rng = own
        self.last_iterations = n
        stats = [MoveStat(legal[i], v, r / v if v else 0.0) for i, (v, r) in totals.items()]
        seen = {s.move for s in stats}
        stats += [MoveStat(m, 0, 0.0) for m in legal if m not in seen]
        stats.sort(key=lambda s: (-s.visits, -s.value))
        return stats

    def _search(self, state: GameState[Any], seat: int, legal: list[Move], limit: int | None,
                deadline: float | None, rng: Rng) -> tuple[dict[int, tuple[int, float]], int]:
        """One tree: root move index -> (visits, reward sum), and the iterations run."""
        if self.style == "rollouts":
            return self._rollouts(state, seat, legal, limit, deadline, rng)
        self.rng = rng
        root = Node(None, None)
        n = 0
        while True:
            if limit is not None and n >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            sample = state.determinize(seat, self.rng.fork())
            self._iterate(root, sample, seat, first_moves=legal)
            n += 1
        self.last_root = root
        index = {m: i for i, m in enumerate(legal)}
        return {index[m]: (c.visits, c.reward) for m, c in root.children.items()}, n

    def _search_parallel(self, state: GameState[Any], seat: int, legal: list[Move], shares: list[int | None],
                         deadline: float | None, rngs: list[Rng]) -> tuple[dict[int, tuple[int, float]], int]:
        """`_search` in `len(shares)` trees at once: this process runs the
        first, forked processes the others (they inherit the position, so
        nothing is pickled but the statistics they send back); the sums are
        taken in worker order, so the result is the same for a seed, an
        iteration budget and a worker count."""
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        started = []
        for k in range(1, len(shares)):
            receive, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_tree_worker, args=(self, state, seat, legal, shares[k], deadline, rngs[k], send),
                               daemon=True)
            proc.start()
            send.close()
            started.append((proc, receive))
        parts = [self._search(state, seat, legal, shares[0], deadline, rngs[0])]
        try:
            for proc, receive in started:
                try:
                    parts.append(receive.recv())
                except EOFError:  # a worker died: the search goes on without its tree
                    pass
                proc.join()
        finally:
            for proc, _ in started:
                if proc.is_alive():
                    proc.terminate()
        totals: dict[int, tuple[int, float]] = {}
        for part, _n in parts:
            for i, (v, r) in part.items():
                v0, r0 = totals.get(i, (0, 0.0))
                totals[i] = (v0 + v, r0 + r)
        return totals, sum(n for _, n in parts)

    # ------------------------------------------------------------ policy rollouts
    def _rollouts(self, state: GameState[Any], seat: int, legal: list[Move], limit: int | None,
                  deadline: float | None, rng: Rng) -> tuple[dict[int, tuple[int, float]], int]:
        """The 'rollouts' style: root move index -> (playouts, reward sum),
        and the playouts run. Rounds of one sampled world each: every
        candidate is played out in it, all with the same bots' seeds. The
        first round is begun whatever the clock says; after it, a round is
        begun only if one more as long as the last ends before the deadline;
        a round cut short by the deadline is dropped, so every candidate has as many playouts,
        all paired. The clock is read before every ply of a playout, the
        first round's too: a turn left a quarter of its budget (`hurry`)
        stops on time even where one round costs more than that (Grid
        Square's planner: about 0.15 s a round, 0.35 s before its
        look-ahead was sped up); with no round done the prior's move is
        played (`pick`)."""
        self.rng = rng
        index = {m: i for i, m in enumerate(legal)}
        candidates = self.candidates
        rounds = None if limit is None else max(1, limit // len(candidates))
        totals = {index[m]: 0.0 for m in candidates}
        self.round_results, self.first_replies, self.final_scores = [], [], []
        done = 0
        last = 0.0  # the last round's seconds: a round that cannot end in time is not begun
        while rounds is None or done < rounds:
            began = time.perf_counter()
            if deadline is not None and began + last >= deadline:
                break
            world = rng.below(1 << 30)
            results = []
            for move in candidates:
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                sample = state.determinize(seat, Rng(world))
                sample.apply_trusted(seat, move)
                scores = self._play_out(sample, world, deadline, (seat, move))
                if scores is None:
                    break
                results.append(scores[seat])
            if len(results) < len(candidates):
                break
            for move, r in zip(candidates, results):
                totals[index[move]] += r
            self.round_results.append(results)
            done += 1
            last = time.perf_counter() - began
        return {i: (done, r) for i, r in totals.items()}, done * len(candidates)

    def _candidates(self, legal: list[Move], rng: Rng) -> list[Move]:
        """The root moves the rollouts compare: the prior's move first, then
        up to `candidate_count` - 1 others in a seeded shuffle."""
        rest = [m for m in legal if m != self.prior_move]
        rng.shuffle(rest)
        first = [self.prior_move] if self.prior_move in legal else []
        if self.include is not None and self.include in rest:
            rest.remove(self.include)
            first.append(self.include)
        return (first + rest)[:self.candidate_count]

    def _play_out(self, state: GameState[Any], world: int, deadline: float | None = None,
                  after: tuple[int, Hashable] | None = None) -> list[float] | None:
        """Every seat played by the policy bot (a bot per seat, seeded by
        the world and the seat) to the end of the game, or for
        `playout_plies` plies and then scored by `evaluate_all`. None when
        the deadline passes before it ends (read before every ply).
        `after`: (seat, move) just played; the first move another seat makes
        is kept in `first_replies`."""
        assert self.policy is not None
        bots: dict[int, Bot] = {}
        left = self.playout_plies
        first = after
        while not state.is_over():
            if deadline is not None and time.perf_counter() >= deadline:
                return None
            if left is not None:
                if left <= 0:
                    scores = state.evaluate_all()
                    if scores is not None:
                        return scores
                    left = None  # no evaluation: play to the end
                else:
                    left -= 1
            seat = state.to_act()[0]
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = self.policy(world * 7 + seat)
            move = bot.choose(state, seat)
            if after is not None and seat != after[0]:
                self.first_replies.append((seat, after[1], move))
                after = None
            state.apply_trusted(seat, move)
        if first is not None:
            out = state.outcome()
            if out is not None:
                self.final_scores.append((first[1], out.scores))
        return result_rewards(state)

    # ------------------------------------------------------------ one iteration
    def _iterate(self, root: Node, state: GameState[Any], me: int, first_moves: list[Move]) -> None:
        node = root
        path = [root]
        depth = 0
        # selection and expansion
        while not state.is_over():
            acting = state.to_act()
            seat = me if node is root and me in acting else acting[0]
            moves = first_moves if node is root else state.legal(seat)
            if not moves:
                break
            moves = self._widened(node, state, seat, moves, depth)
            # one pass (a move's hash is not free: Architects' carry paths)
            untried = None
            kids = []
            children = node.children
            for m in moves:
                child = children.get(m)
                if child is not None:
                    child.available += 1
                    kids.append(child)
                elif untried is None:
                    untried = m
            if untried is not None:
                child = Node(untried, seat, node, available=1)
                children[untried] = child
                state.apply_trusted(seat, untried)
                path.append(child)
                break
            if node is root and self.even_root:
                node = min(kids, key=lambda k: k.visits)
            else:
                node = self._select(kids, children.get(self.prior_move) if node is root and self.prior_move is not None
                                    else None)
            state.apply_trusted(seat, node.move)
            path.append(node)
            depth += 1
        mover = path[-1].seat
        if self.leaf_value is not None and mover is not None and not state.is_over():
            rewards = self.leaf_value(state, mover)
        else:
            rewards = self._rollout(state)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += rewards[n.seat]

    def _widened(self, node: Node, state: GameState[Any], seat: int, moves: list[Move], depth: int) -> list[Move]:
        """The moves the search may try from `node` now (progressive
        widening): the first 1 + ⌊√visits⌋ of its ranking that are legal
        here. The ranking puts the prior bot's choice first (at the root
        and, to `PRIOR_DEPTH`, below it: the opponent's likely reply), the
        rest in a seeded shuffle."""
        if self.widening is None or len(moves) <= 1:
            return moves
        if node.ranked is None:
            first = self.prior_move if node.move is None else None
            if first is None and self.prior is not None and 0 < depth <= PRIOR_DEPTH:
                first = self.prior.choose(state, seat)
            node.ranked = self._ranking(moves, first, self.include if node.move is None else None, self.rng)
            node.rank = {m: i for i, m in enumerate(node.ranked)}
        ranked = node.ranked
        allowed = 1 + int(self.widening * math.sqrt(node.visits))
        if allowed >= len(moves) and len(ranked) >= len(moves):
            return moves
        if node.parent is None:  # the root: the same moves every iteration, all of them ranked
            return ranked[:allowed]
        rank = node.rank
        assert rank is not None
        places = [i for i in map(rank.get, moves) if i is not None]
        places.sort()
        out = [ranked[i] for i in places[:allowed]]
        if len(out) < allowed:  # moves this sample has that the ranking has not met yet
            new = [m for m in moves if m not in rank]
            for m in new:
                rank[m] = len(ranked)
                ranked.append(m)
            out += new[:allowed - len(out)]
        return out

    @staticmethod
    def _ranking(moves: list[Move], first: Hashable | None, include: Hashable | None, rng: Rng) -> list[Hashable]:
        """The order in which progressive widening lets moves in: `first`
        (the prior bot's choice), then `include`, then the rest shuffled."""
        rest = list(moves)
        rng.shuffle(rest)
        if first in rest:
            rest.remove(first)
            rest.insert(0, first)
        if include is not None and include in rest:
            rest.remove(include)
            rest.insert(1 if first in rest else 0, include)
        return rest

    def _select(self, kids: list[Node], favoured: Node | None = None) -> Node:
        """The child of highest UCB score among `kids` (the moves available
        now, in their order: the first of equal scores wins); `favoured` (the
        prior bot's move at the root) explores `boost` times harder."""
        best = kids[0]
        best_score = -math.inf
        c = self.exploration
        sqrt, log = math.sqrt, math.log
        for child in kids:
            visits = child.visits
            k = c * self.boost if child is favoured else c
            score = child.reward / visits + k * sqrt(log(max(1, child.available)) / visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _rollout(self, state: GameState[Any]) -> list[float]:
        rng = self.rng
        plies = 0
        cut = self.rollout_plies
        while not state.is_over():
            if plies >= cut:
                scores = state.evaluate_all()
                if scores is not None:
                    return scores
                cut = 1 << 30  # no evaluation: play to the end
            seat = state.to_act()[0]
            moves = state.legal(seat)
            state.apply_trusted(seat, moves[rng.below(len(moves))])
            plies += 1
        return result_rewards(state)


ROLLOUT_CANDIDATES = 3
"""How many root moves the 'rollouts' style compares (the prior's first)."""
LEVEL_CANDIDATES: dict[str, int] = {"deep": 8}
"""A level's own candidate count in the 'rollouts' style, where it differs:
`deep` spends its larger budget on more root moves rather than only more
playouts of the same three (in Grid Square, with no chance, the three
moves' values hardly change after a few rounds: docs/search-strength.md)."""
ROLLOUT_MARGIN = 0.1
"""How much better (in mean result) a move's playouts must do to overrule
the prior's in the 'rollouts' style (a few playouts each are noisy)."""
PRIOR_BOOST = 2.0
"""How much harder the root explores the prior bot's choice."""
PRIOR_DEPTH = 1
"""Below the root, the prior bot ranks the moves first at this depth (1:
the reply to each root move), where a good reply matters most."""
PRIOR_MARGIN = 0.05
"""How much better (in win share) a move must look to overrule the prior."""


def _tree_worker(bot: "SearchBot", state: GameState[Any], seat: int, legal: list[Move], limit: int | None,
                 deadline: float | None, rng: Rng, send: Any) -> None:
    """In a forked process: one tree of a root-parallel search, its root
    statistics sent back through `send`."""
    send.send(bot._search(state, seat, legal, limit, deadline, rng))
    send.close()


def pick(stats: list[MoveStat], prior_move: Hashable | None = None, margin: float | None = None) -> Hashable:
    """The move to play: the most visited (of equally visited, the best
    valued); but the prior bot's choice is kept unless that move beats its
    value by more than `margin` (None: PRIOR_MARGIN)."""
    if margin is None:
        margin = PRIOR_MARGIN
    best = max(stats, key=lambda s: (s.visits, s.value))
    if prior_move is not None and not best.visits:  # nothing searched (no time): the prior's move
        return prior_move
    if prior_move is None or best.move == prior_move:
        return best.move
    mine = next((s for s in stats if s.move == prior_move), None)
    if mine is None or not mine.visits:
        return best.move
    return best.move if best.value > mine.value + margin else prior_move


def result_rewards(state: GameState[Any]) -> list[float]:
    """1 for the winner, 1/k each for k seats sharing first place, else 0."""
    out = state.outcome()
    assert out is not None
    winners = out.winners
    share = 1.0 / len(winners) if winners else 0.0
    return [share if s in winners else 0.0 for s in range(len(out.ranks))]
