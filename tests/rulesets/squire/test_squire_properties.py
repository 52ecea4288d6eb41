"""Random legal play for 2, 3 and 4 players: no exception, components
conserved, views leak nothing hidden, save → load identical at every ply."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from squire_helpers import conserved

from engine import saves
from engine.bots import RandomBot
from engine.hidden import HIDDEN
from engine.record import GameRecord, Player
from rulesets import REGISTRY

RS = REGISTRY.get("squire")


def check_view(state, seat):
    v = state.view(seat)
    for s, p in enumerate(v.players):
        if s != seat:
            assert all(c is HIDDEN for c in p.hand)
        else:
            assert p.hand == state.players[s].hand
    assert all(t is HIDDEN for t in v.supply) and len(v.supply) == len(state.supply)
    assert all(c is HIDDEN for c in v.deck) and all(t is HIDDEN for t in v.box)
    assert v.is_view and v.view_seat == seat and v.snapshot()["rng"] == "?"
    if not state.is_over() and v.actor == seat:
        assert v.legal(seat) == state.legal(seat)
    # the view does not change when the hidden parts are rearranged
    other = state.clone()
    other.supply.reverse()
    pool = other.deck + [c for s, p in enumerate(other.players) if s != seat for c in p.hand]
    pool.reverse()
    for s, p in enumerate(other.players):
        if s != seat:
            k = len(p.hand)
            p.hand, pool = pool[:k], pool[k:]
    other.deck = pool
    other.rng.next64()
    assert other.view(seat).snapshot() == v.snapshot()
    assert other.view(seat).render(seat, ["a", "b", "c", "d"]) == v.render(seat, ["a", "b", "c", "d"])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=hs.integers(2, 4),
    seed=hs.integers(0, 2**32),
    bot_seed=hs.integers(0, 2**32),
    mp=hs.sampled_from(["british-isles", "world"]),
    abilities=hs.booleans(),
)
def test_random_play_conserves_and_hides(n, seed, bot_seed, mp, abilities):
    st = RS.new_game(n, seed, {"map": mp, "abilities": abilities})
    bot = RandomBot(bot_seed)
    conserved(st)
    plies = 0
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal(seat)
        assert legal
        for other in range(n):
            if other != seat:
                assert st.legal(other) == []
        mv = bot.choose(st, seat)
        events = st.apply(seat, mv)
        for e in events:
            if e.private_to is None:
                assert "You draw" not in e.text
        conserved(st)
        if plies % 7 == 0:
            check_view(st, plies % n)
            check_view(st, seat)
        plies += 1
        assert plies < 2000
    out = st.outcome()
    assert out is not None
    for s in range(n):
        assert out.scores[s] == sum(out.breakdown[s].values())
    assert min(out.ranks) == 1


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=hs.integers(2, 4), seed=hs.integers(0, 2**32))
def test_save_load_identical_at_every_ply(n, seed):
    players = [Player(f"P{i + 1}", "bot:random") for i in range(n)]
    record = GameRecord.new(RS, players, seed, {"map": "world", "abilities": True})
    ply = 0
    while not record.state.is_over():
        seat = record.state.to_act()[0]
        record.play_move(seat, record.bot_move(seat))
        doc = json.loads(json.dumps(saves.to_json(record)))
        again = saves.from_json(doc)
        assert again.state.snapshot() == record.state.snapshot()
        assert again.moves == record.moves
        ply += 1
    assert record.state.is_over() and saves.from_json(saves.to_json(record)).state.outcome() == record.state.outcome()
