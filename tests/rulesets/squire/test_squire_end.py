"""The end when the supply runs out, scoring and tie-breaks."""
from squire_helpers import conserved, fill_gallery, give_hand, mid_game, play, tile_of

from rulesets.squire import content as K


def test_game_ends_after_the_turn_that_empties_the_supply():
    st = mid_game(2, at="vie")
    st.token = 0
    st.box += st.supply[:-1]
    st.supply = st.supply[-1:]
    ev = play(st, "par", "buy")
    assert st.ending and not st.is_over() and st.phase == "gallery"
    assert any("supply is empty" in e.text for e in ev)
    play(st, "1a")
    assert st.phase == "exhibit"  # the active player finishes the turn
    ev = play(st, "ceramics")
    assert st.is_over() and st.to_act() == ()
    assert any("Game over" in e.text for e in ev)
    conserved(st)


def test_scoring_parts():
    st = mid_game(2, at="vie")
    fill_gallery(st, 0, {0: tile_of(K.BLUE, 6), 1: tile_of(K.GREEN, 5)})
    give_hand(st, 0, [])
    st.deck.remove(1)
    st.players[0].errands = [1]
    st.players[0].tickets = 4
    st.phase = "over"
    out = st.outcome()
    assert out.breakdown[0] == {"rarities": 11, "errands": 2, "coins and tickets": (10 + 4 + 1) // 5}
    assert out.scores[0] == 16
    assert out.breakdown[1] == {"rarities": 0, "errands": 0, "coins and tickets": 2}
    assert out.ranks == (1, 2)


def test_tie_breaks():
    st = mid_game(3, at="vie")
    st.phase = "over"
    # 11 coins and tickets each (10 coins + the Royal ticket): 2 VP each;
    # seat 2 with 13 coins has the same VP but more money
    st.players[1].coins = 13
    out = st.outcome()
    assert out.scores == (2, 2, 2)
    assert out.ranks == (2, 1, 2)
    # equal money: the larger collection wins; equal collections share the place
    st.players[1].coins = 10
    st.players[0].gallery[0] = tile_of(K.BLUE, 2)  # scoring only
    st.players[2].gallery[0] = tile_of(K.RED, 2)
    out = st.outcome()
    assert out.scores == (4, 2, 4)
    assert out.ranks == (1, 3, 1)
    st.players[2].gallery[0] = -1
    st.players[2].gallery[1] = tile_of(K.RED, 2)
    st.players[2].gallery[2] = -1
    st.players[1].gallery[0] = tile_of(K.GREEN, 2)
    st.players[1].gallery[1] = -1
    assert st.outcome().ranks == (1, 1, 1)
    st.players[1].gallery[1] = -1
    st.players[0].coins = 9  # 10 money: still 2 VP + 2, but less money than the others
    assert st.outcome().ranks == (3, 1, 1)


def test_end_turn_counts():
    from engine.bots import RandomBot
    from rulesets import REGISTRY

    for n, turns in ((2, 24), (3, 33), (4, 40)):
        st = REGISTRY.get("squire").new_game(n, 11, {"map": "british-isles", "abilities": False})
        bot = RandomBot(3)
        while not st.is_over():
            s = st.to_act()[0]
            st.apply(s, bot.choose(st, s))
        assert st.turns == turns
