"""The conformance suite: what every installed game must do.

Parametrized over the registry (so a new game is checked with no edit here),
over each player count (default options) and each value of each option (the
fewest players). Each case plays seeded random games and checks, along the
way: no exception to the end; clones are independent; every legal move's
notation parses back to it and has a description; save -> load gives the same
state; an illegal move raises and changes nothing; views are safe and
`determinize` is consistent with them; the outcome's ranks agree with its
scores and its breakdown adds up.

A game that is not installed can run these same tests in its own module: it
imports them and defines its own `case` fixture (tests/toy_game/ does).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest

from engine.core import GameState, Ruleset, points_in
from engine.errors import IllegalMoveError, MoveError
from engine.hidden import HiddenInformationError
from engine.record import GameRecord, Player
from engine.registry import REGISTRY
from engine.rng import Rng
from engine.saves import dumps, from_json

MAX_PLIES = 4000
"""A random game longer than this counts as one that does not end."""


@dataclass(frozen=True)
class Case:
    """One configuration of one game."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]

    def __str__(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game}-{self.players}p" + (f"-{opts}" if opts else "")


def _option_values(spec) -> list[Any]:
    if spec.choices:
        return list(spec.choices)
    if isinstance(spec.default, bool):
        return [True, False]
    return [spec.default]


def cases_of(rs: Ruleset) -> list[Case]:
    """Each player count (default options), each other value of each option
    (the fewest players) of one game."""
    out = []
    for n in range(rs.min_players, rs.max_players + 1):
        out.append(Case(rs.id, n, ()))
    for spec in rs.options:
        for value in _option_values(spec):
            if value != spec.default:
                out.append(Case(rs.id, rs.min_players, ((spec.name, value),)))
    return out


def cases() -> list[Case]:
    return [c for entry in REGISTRY.entries() for c in cases_of(REGISTRY.get(entry.id))]


CASES = cases()


def _record(case: Case, seed: int) -> GameRecord:
    rs = REGISTRY.get(case.game)
    players = [Player(f"P{i + 1}", "bot:random") for i in range(case.players)]
    return GameRecord.new(rs, players, seed, dict(case.options))


def _random_game(case: Case, seed: int, visit=None) -> GameRecord:
    """Play a seeded random game to its end, calling visit(record) before each ply."""
    rec = _record(case, seed)
    rng = Rng(seed ^ 0x5EED)
    while not rec.state.is_over():
        assert rec.ply < MAX_PLIES, f"{case}: no end after {MAX_PLIES} random plies"
        if visit is not None:
            visit(rec)
        seat = rec.state.to_act()[0]
        legal = rec.state.legal(seat)
        assert legal, f"{case}: seat {seat + 1} is to act with no legal move at ply {rec.ply}"
        rec.play_move(seat, rng.choice(legal))
    return rec


def _sample_plies(total_hint: int = 400, every: int = 7) -> set[int]:
    return set(range(0, total_hint, every))


@pytest.fixture(params=CASES, ids=str)
def case(request) -> Case:
    return request.param


def test_random_games_end_without_an_exception_and_outcomes_add_up(case: Case):
    for seed in (1, 2, 3):
        rec = _random_game(case, seed)
        out = rec.state.outcome()
        assert out is not None and rec.state.to_act() == ()
        n = case.players
        assert len(out.scores) == len(out.ranks) == len(out.breakdown) == n
        for s in range(n):
            assert points_in(out.breakdown[s]) == out.scores[s], f"{case}: breakdown of seat {s + 1}"
        assert min(out.ranks) == 1
        for a in range(n):
            for b in range(n):
                if out.scores[a] > out.scores[b]:
                    assert out.ranks[a] <= out.ranks[b], f"{case}: a higher score ranked lower"
        assert isinstance(out.describe(rec.names), str) and "{P" not in out.describe(rec.names)


def test_clone_notation_description_and_illegal_moves(case: Case):
    stale: list[tuple[int, Any, dict]] = []

    def visit(rec: GameRecord) -> None:
        state = rec.state
        if rec.ply % 5:
            return
        for seat in state.to_act():
            for move in state.legal(seat):
                text = state.format_move(move)
                assert state.parse_move(text, seat) == move, f"{case}: {text!r} does not parse back"
                words = state.describe_move(move, seat)
                assert isinstance(words, str) and words.strip(), f"{case}: no description for {text!r}"
                assert state.why_illegal(seat, move) is None
        seat = state.to_act()[0]
        before = state.snapshot()
        twin = state.clone()
        twin.apply(seat, twin.legal(seat)[0])
        assert state.snapshot() == before, f"{case}: applying on a clone changed the original"
        # a move legal long ago, or for another seat, must be refused without a trace
        for old_seat, old_move, _ in stale[-3:]:
            if state.why_illegal(old_seat, old_move) is None:
                continue
            with pytest.raises(IllegalMoveError):
                state.apply(old_seat, old_move)
            assert state.snapshot() == before, f"{case}: a refused move changed the state"
        for other in range(case.players):
            if other not in state.to_act():
                assert state.why_illegal(other, state.legal(seat)[0]) is not None
                with pytest.raises(IllegalMoveError):
                    state.apply(other, state.legal(seat)[0])
                assert state.snapshot() == before
        stale.append((seat, state.legal(seat)[0], before))

    _random_game(case, 11, visit)


def test_save_and_load_give_the_same_state_at_every_ply(case: Case):
    import json

    rec = _random_game(case, 5)
    text_every = max(1, rec.ply // 25)  # save -> load replays from the seed: sample the plies
    sampled = set(range(0, rec.ply, text_every)) | {rec.ply}
    part = GameRecord.new(rec.ruleset, rec.players, rec.seed, rec.options)  # the game played again, by text
    for ply in range(rec.ply + 1):
        if ply in sampled:
            loaded = from_json(json.loads(dumps(part)), str(case))
            assert loaded.state.snapshot() == part.state.snapshot(), f"{case}: ply {ply}"
            assert loaded.moves == part.moves
        if ply < rec.ply:
            part.play(*rec.moves[ply])


def _hidden_positions(case: Case, seed: int, every: int = 6) -> list[GameState]:
    out: list[GameState] = []

    def visit(rec: GameRecord) -> None:
        if rec.ply % every == 0:
            out.append(rec.state.clone())

    _random_game(case, seed, visit)
    return out


def test_views_are_safe_and_determinize_agrees_with_them(case: Case):
    rs: Ruleset = REGISTRY.get(case.game)
    # every seat's view, of fewer positions in the long games of 4 and 5 players
    positions = _hidden_positions(case, 21, every=6 if case.players <= 3 else 6 * case.players)
    varied = False
    hides_something = False
    for k, truth in enumerate(positions):
        assert type(truth).hidden_information == rs.hidden_information, f"{case}: the state and its ruleset disagree"
        for observer in range(case.players):
            view = truth.view(observer)
            assert view.is_view and view.view_seat == observer, f"{case}: view() must mark itself"
            seen = view.snapshot()
            hidden = truth.snapshot() != seen
            hides_something |= hidden
            if not rs.hidden_information:
                assert not hidden, f"{case}: a perfect-information view hides something"
            # a view refuses to answer for the seats it hides
            for other in view.hidden_seats():
                if other in truth.to_act():
                    with pytest.raises(HiddenInformationError):
                        view.legal(other)
            samples = []
            for r in range(3):
                for source in (truth, view):
                    sample = source.determinize(observer, Rng(1000 * k + 10 * observer + r))
                    assert not sample.is_view, f"{case}: a determinized state is complete"
                    assert sample.view(observer).snapshot() == seen, f"{case}: the sample contradicts the view"
                    if observer in truth.to_act():
                        assert sample.legal(observer) == truth.legal(observer)
                    for seat in sample.to_act():
                        legal = sample.legal(seat)
                        assert legal, f"{case}: seat {seat + 1} has no move in a sample"
                        sample.clone().apply(seat, legal[0])
                    samples.append(sample.snapshot())
            if hidden and any(s != truth.snapshot() for s in samples):
                varied = True
    if rs.hidden_information:
        assert hides_something, f"{case}: a hidden-information game whose views hide nothing"
        assert varied, f"{case}: determinize always gives back the truth (it must sample)"


def test_a_view_does_not_change_when_hidden_parts_are_rearranged(case: Case):
    rs: Ruleset = REGISTRY.get(case.game)
    if not rs.hidden_information:
        pytest.skip("nothing is hidden in this game")
    for k, truth in enumerate(_hidden_positions(case, 31, every=9)):
        for observer in range(case.players):
            other = truth.determinize(observer, Rng(77 + k))
            assert other.view(observer).snapshot() == truth.view(observer).snapshot()
            assert other.view(observer).render(observer, [f"P{i}" for i in range(case.players)]) == truth.view(
                observer
            ).render(observer, [f"P{i}" for i in range(case.players)])


def test_every_event_of_a_game_names_players_by_placeholder(case: Case):
    rec = _random_game(case, 41)
    names = [f"Name{i}" for i in range(case.players)]
    for events in rec.log:
        for ev in events:
            text = ev.render(names)
            assert "{P" not in text, f"{case}: {ev.text!r}"
            assert ev.private_to is None or 0 <= ev.private_to < case.players


SECOND_PERSON = re.compile(r"\b(you|your|yours|you're|you'll)\b|\bSeat \d", re.IGNORECASE)


def test_what_a_spectator_reads_names_the_player_never_you(case: Case):
    """Words about a player name that player (or say 'their') to anyone else:
    the public log, a spectator's replay and text board never say 'you'
    or 'Seat N' (rulesets write to the mover; `for_reader` words it for others)."""
    rec = _random_game(case, 43)
    names = rec.names
    for events in rec.log:
        for ev in events:
            if ev.private_to is None:
                assert not SECOND_PERSON.search(ev.render(names)), f"{case}: event {ev.text!r}"
    plies = _sample_plies(rec.ply, 5)
    for step in rec.replay(seat=None):
        assert not SECOND_PERSON.search(step.description), f"{case} ply {step.ply}: {step.description!r}"
        if step.ply in plies and not step.state.is_over():
            board = step.state.view(None).render(None, names)
            found = SECOND_PERSON.search(board)
            assert not found, f"{case} ply {step.ply}: {found.group(0)!r} in the text board:\n{board}"


def test_parse_refuses_garbage_with_a_move_error(case: Case):
    rec = _record(case, 3)
    seat = rec.state.to_act()[0]
    for junk in ("", "   ", "zzzz-not-a-move", "\x1b[2J", "9" * 200):
        with pytest.raises(MoveError):
            rec.state.parse_move(junk, seat)


def _old_versions() -> list[tuple[str, int]]:
    out = []
    for entry in REGISTRY.entries():
        rs = REGISTRY.get(entry.id)
        out += [(rs.id, v) for v in range(rs.oldest_version, rs.version)]
    return out


@pytest.mark.parametrize("game,version", _old_versions(), ids=lambda x: str(x))
def test_random_games_under_every_older_rules_version_still_supported(game: str, version: int):
    """Games started under an older rules version end, save with that
    version and load back to the same state."""
    rs = REGISTRY.get(game)
    for seed in (1, 2):
        rec = GameRecord.new(rs, [Player(f"P{i + 1}", "bot:random") for i in range(rs.min_players)], seed,
                             version=version)
        rng = Rng(seed ^ 0x5EED)
        while not rec.state.is_over():
            assert rec.ply < MAX_PLIES, f"{game} v{version}: no end after {MAX_PLIES} random plies"
            seat = rec.state.to_act()[0]
            rec.play_move(seat, rng.choice(rec.state.legal(seat)))
            assert rec.state.rules_version == version
        doc = json.loads(dumps(rec))
        assert doc["ruleset_version"] == version
        again = from_json(doc)
        assert again.rules_version == version and again.state.snapshot() == rec.state.snapshot()
