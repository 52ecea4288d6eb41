"""Random legal play for 2–4 players and both hand options: funds and cards
conserved at every ply, save → load identical at every ply."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from engine import saves
from engine.bots.random_bot import RandomBot
from engine.record import GameRecord, Player
from rulesets.architects import RULESET
from rulesets.architects import content as K


def conserved(st):
    assert st.bank + sum(p.client + p.funds for p in st.players) == K.BANK_FUNDS
    assert min([st.bank] + [p.client for p in st.players] + [p.funds for p in st.players]) >= 0
    cards = list(st.deck) + list(st.discard) + [c for p in st.players for c in p.hand]
    assert sorted(cards) == list(range(K.DECK_SIZE))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=hs.integers(2, 4), seed=hs.integers(0, 2**32), bot_seed=hs.integers(0, 2**32), hands=hs.sampled_from(["closed", "open"]))
def test_random_play_conserves_funds_and_cards(n, seed, bot_seed, hands):
    st = RULESET.new_game(n, seed, {"hands": hands, "rounds": 30})
    bot = RandomBot(bot_seed)
    conserved(st)
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, bot.choose(st, seat))
        conserved(st)
    out = st.outcome()
    assert out is not None and sum(1 for r in out.ranks if r == 1) >= 1
    for s, p in enumerate(st.players):
        assert out.scores[s] == (0 if p.status == "bankrupt" else p.funds)


def test_save_load_at_every_ply():
    for seed, n in ((1, 2), (2, 3), (3, 4)):
        rec = GameRecord.new(RULESET, [Player(f"P{i}", "bot:random") for i in range(n)], seed, {"hands": "closed", "rounds": 6})
        while not rec.state.is_over():
            seat = rec.state.to_act()[0]
            rec.play_move(seat, rec.bot_move(seat))
            doc = json.loads(saves.dumps(rec))
            back = saves.from_json(doc)
            assert back.state.snapshot() == rec.state.snapshot() and back.ply == rec.ply
